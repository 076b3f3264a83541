//! The shop's settings that shoppers read: the delivery charge, the shop info (docs/decisions/0033), and the
//! most units of one product an order may hold.

mod dto;
mod handlers;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::get_delivery_charge)
        .service(handlers::put_delivery_charge)
        .service(handlers::get_order_limits)
        .service(handlers::get_shop_info)
        .service(handlers::put_shop_info);
}
