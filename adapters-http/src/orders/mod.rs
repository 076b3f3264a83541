//! Checkout and orders (docs/contract.md §4, docs/orders.md): placing an order, a customer's orders, the admin's
//! list and status changes.

mod dto;
mod handlers;
mod parse;

use utoipa_actix_web::service_config::ServiceConfig;

pub use dto::OrderResponse;
pub(crate) use parse::DeliveryTexts;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::place_order)
        .service(handlers::CustomerOrders)
        .service(handlers::admin_orders)
        .service(handlers::change_order_status)
        .service(handlers::correct_delivery_address);
}
