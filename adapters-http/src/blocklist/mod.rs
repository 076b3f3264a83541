//! The blocklist (docs/cod.md 'Blocklist'): phones and e-mails refused cash on delivery, and the checkouts it
//! refused.

mod dto;
mod handlers;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::list_blocklist).service(handlers::add_to_blocklist).service(handlers::remove_from_blocklist);
}
