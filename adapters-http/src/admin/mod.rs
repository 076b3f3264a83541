//! The admin session (docs/contract.md §7): login, logout, check, and the [`AdminSession`] extractor that every
//! admin call takes, which also refuses cross-site state changes.

mod dto;
mod handlers;
mod session;

use utoipa_actix_web::service_config::ServiceConfig;

pub use session::AdminSession;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::login).service(handlers::logout).service(handlers::check);
}
