//! What WhatsApp needs from outside: the Graph API that sends a template message, the webhook's checks, and
//! the store of messages (queued with an order's other writes, sent by the worker, updated by callbacks).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::ids::OrderId;
use domain::shop_info::WhatsAppNumber;
use domain::whatsapp::{MessageKind, MessageState, Templates};

use crate::common::error::RepositoryError;
use crate::common::token::LinkDigest;

/// A template message as the shop sends it: to a number in international form without '+'
/// (`923001234567`), a template approved by Meta, its body's parameters and its quick-reply buttons'
/// payloads, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateMessage {
    pub to: String,
    pub template: String,
    pub language: String,
    pub body: Vec<String>,
    pub buttons: Vec<String>,
}

/// Why a message was not accepted: Meta's error as it said it (or the transport's), and whether trying
/// again later may help (a 5xx, a 429, a timeout) or not (a refused number, a wrong template).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct SendFailure {
    pub error: String,
    pub retry: bool,
}

/// The WhatsApp Business Cloud API.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait WhatsAppSender: Send + Sync + 'static {
    /// Sends `message`; answers Meta's message id (`wamid....`).
    ///
    /// # Errors
    /// [`SendFailure`] with Meta's error, or the transport's.
    async fn send(&self, message: &TemplateMessage) -> Result<String, SendFailure>;
}

/// The webhook's two checks: the subscription handshake's verify token, and the signature Meta puts on
/// every delivery (`X-Hub-Signature-256`, an HMAC-SHA256 of the raw body with the app secret).
pub trait WebhookAuth: Send + Sync + 'static {
    /// Whether `token` is the configured verify token (compared in constant time).
    fn verify_token(&self, token: &str) -> bool;

    /// Whether `signature` (the header's value, `sha256=<hex>`) signs `body` (compared in constant time).
    fn signed(&self, body: &[u8], signature: Option<&str>) -> bool;
}

/// A message claimed from the store for one sending attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMessage {
    pub id: i64,
    pub message: TemplateMessage,
    /// Attempts made before this one.
    pub attempts: u32,
}

/// The stored WhatsApp messages, drained by the worker and updated by the webhook's status callbacks.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait WhatsAppOutbox: Send + Sync + 'static {
    /// Claims up to `limit` queued messages due at `now`, leasing them until `lease_until`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn claim_due(
        &self,
        limit: u32,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<QueuedMessage>, RepositoryError>;

    /// Marks a message accepted by Meta under `meta_id` (state `sent` unless a callback came first).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn mark_sent(&self, id: i64, meta_id: &str, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Records a failed attempt with Meta's error: tried again at `retry_at`, or `failed` for good when `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn mark_failed_attempt(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), RepositoryError>;

    /// The state of the message Meta knows as `meta_id`, or `None` for a message the shop did not send.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn state_of(&self, meta_id: &str) -> Result<Option<MessageState>, RepositoryError>;

    /// Moves the message from `from` to `to` (keeping `error` for a failure) only if it is still `from`;
    /// answers whether it moved.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn move_state(
        &self,
        meta_id: &str,
        from: MessageState,
        to: MessageState,
        error: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;
}

/// Queuing WhatsApp messages inside a unit of work, so a message is queued if and only if the order or the
/// status change it tells of commits.
#[cfg_attr(test, mockall::automock)]
pub trait WhatsAppTx {
    /// The templates the owner set.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn templates(&mut self) -> Result<Templates, RepositoryError>;

    /// Keeps `templates` as the owner's.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn save_templates(&mut self, templates: &Templates) -> Result<(), RepositoryError>;

    /// Keeps on order `order` the number its WhatsApp messages go to and the digest of its buttons' secret.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn attach(&mut self, order: OrderId, to: &WhatsAppNumber, digest: &LinkDigest) -> Result<(), RepositoryError>;

    /// Queues `message` of order `order`; `text` is what it says, for the owner's thread.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails; the unit of work should answer it.
    fn queue(
        &mut self,
        order: OrderId,
        kind: MessageKind,
        message: &TemplateMessage,
        text: &str,
    ) -> Result<(), RepositoryError>;
}
