//! Delivered-versus-returned figures (docs/cod.md 'Analytics') for the admin's analytics page, and the
//! owner's dashboard (docs/cod.md 'Dashboard').

mod dto;
mod handlers;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::order_analytics).service(handlers::admin_dashboard);
}
