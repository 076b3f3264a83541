//! The admin's catalogue (docs/spec.md §7 admin calls): categories, products with their media, and the
//! search's synonym groups.

mod categories;
mod dto;
mod product_form;
mod products;
mod synonyms;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(categories::category_views)
        .service(categories::add_category)
        .service(categories::change_category)
        .service(categories::delete_category)
        .service(products::products_by_category)
        .service(products::admin_products)
        .service(products::upload_product)
        .service(products::change_product)
        .service(products::delete_product)
        .service(products::toggle_featured)
        .service(synonyms::get_synonyms)
        .service(synonyms::replace_synonyms);
}
