//! WhatsApp through Meta's Business Cloud API (docs/decisions/0038-whatsapp.md): [`GraphClient`] sends template messages
//! (`POST {base}/{version}/{phone-number-id}/messages` with the access token as a bearer token), and
//! [`WebhookKeys`] checks what comes back to the webhook: the handshake's verify token and the
//! `X-Hub-Signature-256` HMAC of every delivery. With the `test-support` feature, `test_support` holds a fake
//! Graph API that checks requests as Meta does and plays the shopper's replies.

mod graph;
mod signature;
#[cfg(feature = "test-support")]
pub mod test_support;

pub use graph::{template_body, GraphClient, GraphConfig, DEFAULT_API_URL, DEFAULT_API_VERSION};
pub use signature::{sign, WebhookKeys};
