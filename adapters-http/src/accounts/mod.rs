//! Customer accounts (docs/contract.md §3): sign-up, login (with a password or Google), logout, the current
//! customer, the profile name and password reset, ending in an httpOnly, SameSite=Lax session cookie (Secure
//! over https).

mod dto;
mod google;
mod handlers;
mod session;

use utoipa_actix_web::service_config::ServiceConfig;

pub use session::CustomerSession;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::sign_up)
        .service(handlers::log_in)
        .service(handlers::log_out)
        .service(handlers::me)
        .service(handlers::current_session)
        .service(handlers::request_reset)
        .service(handlers::confirm_reset)
        .service(handlers::save_user)
        .service(handlers::set_language)
        .service(google::google_status)
        .service(google::google)
        .service(google::google_callback);
}
