//! The public catalogue: product lists, search (with its correction; the owner's synonym groups are in `catalog_admin`), one
//! product, categories.

mod correction;
mod dto;
mod handlers;
mod parse;

use utoipa_actix_web::service_config::ServiceConfig;

pub use dto::CategoryPageResponse;
pub use handlers::{category_page_json, product_json};

/// Registers the catalogue routes; `search` before `{id}`, which would otherwise take it.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::list_products)
        .service(handlers::list_featured)
        .service(handlers::search_products)
        .service(correction::search_correction)
        .service(handlers::get_product)
        .service(handlers::list_categories)
        .service(handlers::category_with_products)
        .service(handlers::increment_category_views);
}
