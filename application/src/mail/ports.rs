//! Sending e-mail, and the outbox in the database that queues it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::contact::Email;

use super::body::MailBody;
use crate::common::error::RepositoryError;

/// An e-mail to send: plain text and HTML bodies of the same message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: Email,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The address of the recipient's unsubscribe link, for bulk e-mail: sent as `List-Unsubscribe` with
    /// RFC 8058's one-click `List-Unsubscribe-Post`. `None` for the e-mails of orders and accounts.
    pub unsubscribe: Option<String>,
}

/// Drawing an e-mail's HTML body from what it says: the mail adapter's templates, with their one escaping.
/// The use cases draw a message before queuing it, so the outbox holds it as it will be sent.
pub trait MailLayout: Send + Sync + std::fmt::Debug + 'static {
    /// The HTML of `body`.
    fn html(&self, body: &MailBody) -> String;
}

/// The mail could not be handed over.
#[derive(Debug, thiserror::Error)]
#[error("the mail could not be sent")]
pub struct MailError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

/// Sending e-mail (SMTP, or an outbox directory in development).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    /// Hands the message to the mail server (or writes it to the outbox).
    ///
    /// # Errors
    /// [`MailError`] when the server refuses or cannot be reached.
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError>;
}

/// Queuing mail inside a unit of work (see [`crate::common::unit_of_work`]), so the mail is queued if and
/// only if the other writes of the transaction commit. The adapter wakes the delivery worker after the
/// commit, as [`MailOutbox::enqueue`] does.
#[cfg_attr(test, mockall::automock)]
pub trait OutboxTx {
    /// Queues mails for delivery; answers how many.
    ///
    /// # Errors
    /// [`RepositoryError::Refused`] when the store refuses a mail, [`RepositoryError::Unavailable`] when it
    /// fails; either way the unit of work should answer the error, so nothing of it is kept.
    fn enqueue(&mut self, mails: &[OutgoingMail]) -> Result<u64, RepositoryError>;
}

/// A mail claimed from the outbox for one delivery attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: i64,
    pub mail: OutgoingMail,
    /// Attempts made before this one.
    pub attempts: u32,
}

/// How many outbox mails are waiting, sent and given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutboxCounts {
    pub queued: u64,
    pub sent: u64,
    pub failed: u64,
}

/// The e-mail outbox in the database, drained by a background worker.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MailOutbox: Send + Sync + 'static {
    /// Queues mails for delivery; answers how many.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn enqueue(&self, mails: Vec<OutgoingMail>) -> Result<u64, RepositoryError>;

    /// Claims up to `limit` mails due at `now`, leasing them until `lease_until` so no other worker takes them.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn claim_due(
        &self,
        limit: u32,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<QueuedMail>, RepositoryError>;

    /// Marks a mail delivered.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Records a failed attempt: tried again at `retry_at`, or given up when `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn mark_failed_attempt(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), RepositoryError>;

    /// The counts by status.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn counts(&self) -> Result<OutboxCounts, RepositoryError>;
}
