//! Delivered-versus-returned figures (docs/cod.md 'Analytics') for the admin's analytics page.

mod dto;
mod handlers;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::order_analytics);
}
