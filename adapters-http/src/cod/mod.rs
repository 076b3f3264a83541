//! The COD checks (docs/cod.md): an order's contact history, the risk rules' settings, the shopper's
//! confirmation link and rejecting unconfirmed orders in one action.

mod dto;
mod handlers;
mod parse;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::related_orders)
        .service(handlers::confirm_order)
        .service(handlers::confirm_my_order)
        .service(handlers::reject_unconfirmed)
        .service(handlers::get_cod_settings)
        .service(handlers::put_cod_settings);
}
