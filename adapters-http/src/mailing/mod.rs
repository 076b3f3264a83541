//! The shop owner's e-mails to customers: the customer list, sending (queued in the outbox) and the
//! outbox's counts.

mod dto;
mod handlers;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::list_users).service(handlers::send_bulk_email).service(handlers::email_status);
}
