//! Coupons (docs/contract.md §5): the admin's coupons with their usage limits, and applying a coupon to the cart.

mod dto;
mod handlers;
mod parse;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::apply_coupon)
        .service(handlers::list_coupons)
        .service(handlers::add_coupon)
        .service(handlers::toggle_coupon)
        .service(handlers::set_coupon_limits)
        .service(handlers::set_coupon_dates)
        .service(handlers::delete_coupon);
}
