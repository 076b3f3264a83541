//! The webhook's state: its checks and the status callbacks' use case, when WhatsApp is on.

use std::sync::Arc;

use application::whatsapp::delivery::WhatsAppDelivery;
use application::whatsapp::ports::WebhookAuth;

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
