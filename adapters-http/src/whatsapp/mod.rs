//! The WhatsApp webhook (docs/whatsapp.md): Meta's subscription handshake, and the deliveries of the
//! shopper's messages and of the sent messages' statuses, each checked by its signature before it is read.

mod envelope;
mod handlers;
mod webhook;

pub use webhook::WhatsAppWebhook;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::whatsapp_webhook_verify).service(handlers::whatsapp_webhook_receive);
}
