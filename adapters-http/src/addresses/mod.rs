//! A customer's saved delivery addresses (docs/decisions/0036-details-remembered.md): listed for the checkout
//! and My Account, saved, edited and deleted under the customer's session; a customer reaches only their own.

mod handlers;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::list_addresses)
        .service(handlers::save_address)
        .service(handlers::update_address)
        .service(handlers::delete_address);
}
