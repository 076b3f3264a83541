//! The WhatsApp webhook (docs/whatsapp.md): Meta's subscription handshake, and the deliveries of the
//! shopper's messages and of the sent messages' statuses, each checked by its signature before it is read.

mod envelope;
mod handlers;

use std::sync::Arc;

use application::whatsapp::delivery::WhatsAppDelivery;
use application::whatsapp::ports::WebhookAuth;
use utoipa_actix_web::service_config::ServiceConfig;

/// What the webhook needs when WhatsApp is on: its checks and the status callbacks' use case. `None` (off):
/// the webhook answers 404.
#[derive(Clone, Default)]
pub struct WhatsAppWebhook {
    pub(crate) on: Option<(Arc<dyn WebhookAuth>, WhatsAppDelivery)>,
}

impl WhatsAppWebhook {
    /// WhatsApp off.
    #[must_use]
    pub fn off() -> Self {
        Self { on: None }
    }

    /// WhatsApp on, with the webhook's checks and the status callbacks' use case.
    #[must_use]
    pub fn on(auth: Arc<dyn WebhookAuth>, delivery: WhatsAppDelivery) -> Self {
        Self { on: Some((auth, delivery)) }
    }
}

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::whatsapp_webhook_verify).service(handlers::whatsapp_webhook_receive);
}
