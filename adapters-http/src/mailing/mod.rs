//! The shop owner's e-mails to customers: the customer list, sending (queued in the outbox) and the
//! outbox's counts; and the page of the e-mails' unsubscribe links.

mod dto;
mod handlers;
pub mod unsubscribe;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::list_users)
        .service(handlers::send_bulk_email)
        .service(handlers::preview_bulk_email)
        .service(handlers::email_status);
}
