//! The public catalogue: product lists, search (with its correction and the owner's synonym groups), one
//! product, categories.

mod dto;
mod handlers;
mod parse;
mod synonyms;

use utoipa_actix_web::service_config::ServiceConfig;

pub use dto::CategoryPageResponse;
pub use handlers::{category_page_json, product_json};

/// Registers the catalogue routes; `search` before `{id}`, which would otherwise take it.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::list_products)
        .service(handlers::list_featured)
        .service(handlers::search_products)
        .service(synonyms::search_correction)
        .service(synonyms::get_synonyms)
        .service(synonyms::replace_synonyms)
        .service(handlers::get_product)
        .service(handlers::list_categories)
        .service(handlers::category_with_products)
        .service(handlers::increment_category_views);
}
