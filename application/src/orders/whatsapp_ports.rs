//! What the orders' WhatsApp replies and threads need from outside: the store of an order's messages, and
//! the shapes of a shopper's message.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::ids::OrderId;
use domain::whatsapp::{MessageKind, MessageState};

use crate::common::error::RepositoryError;

/// One message of an order's WhatsApp thread, for the owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadMessage {
    pub kind: MessageKind,
    pub text: String,
    pub state: MessageState,
    /// Meta's error of a failed message.
    pub error: Option<String>,
    pub at: DateTime<Utc>,
}

/// A message the shopper sent, as the webhook read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingMessage {
    /// Meta's id: a redelivery comes with the same.
    pub meta_id: String,
    /// The shopper's number, international form without '+'.
    pub from: String,
    pub content: IncomingContent,
}

/// What the shopper sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IncomingContent {
    /// A quick-reply button's payload (a template's button, or an interactive message's `button_reply.id`).
    Button(String),
    Text(String),
    /// Anything else (a picture, a location): kept as a note naming its type.
    Other(String),
}

/// What a message from the shopper did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyOutcome {
    Confirmed(OrderId),
    Cancelled(OrderId),
    /// The order was no longer pending (or its window had passed, or it was confirmed already): the shopper
    /// was told so and nothing changed.
    NotChanged(OrderId),
    /// Kept as a note, on the order when the phone has one.
    Noted(Option<OrderId>),
    /// A redelivery of a message already handled.
    Duplicate,
}

/// A message from the shopper to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingRecord {
    pub meta_id: String,
    pub from: String,
    pub order: Option<OrderId>,
    pub kind: MessageKind,
    pub text: String,
    pub at: DateTime<Utc>,
}

/// The orders' WhatsApp store outside a unit of work.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait WhatsAppOrders: Send + Sync + 'static {
    /// The newest order whose primary phone is `phone` (normal form, `+923001234567`), pending ones only
    /// when `pending_only`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn latest_order_of(&self, phone: &str, pending_only: bool) -> Result<Option<OrderId>, RepositoryError>;

    /// Keeps a message from the shopper; answers `false`, keeping nothing, when one with its Meta id is kept
    /// already.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn record_incoming(&self, incoming: &IncomingRecord) -> Result<bool, RepositoryError>;

    /// Confirms order `id` on WhatsApp at `at` if it is still pending and unconfirmed; answers whether it did.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn confirm(&self, id: OrderId, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// The order's thread, oldest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn thread(&self, id: OrderId) -> Result<Vec<ThreadMessage>, RepositoryError>;

    /// The threads of the orders `ids` (an order without messages has none), each oldest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn threads(&self, ids: &[OrderId]) -> Result<HashMap<OrderId, Vec<ThreadMessage>>, RepositoryError>;
}
