//! What the blocklist needs from outside: its entries and the refused checkouts.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::contact::{Email, Phone};
use domain::ids::BlockEntryId;

use crate::blocklist::model::{BlockEntry, BlockReason, BlockTarget, BlockedAttempt, NewAttempt};
use crate::common::error::RepositoryError;

/// Stored blocklist entries and refused checkouts.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BlocklistRepository: Send + Sync + 'static {
    /// Every entry, newest first, each with its count of refused checkouts, and the `attempts` newest
    /// refused checkouts.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list(&self, attempts: u32) -> Result<(Vec<BlockEntry>, Vec<BlockedAttempt>), RepositoryError>;

    /// Stores an entry.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] (`AlreadyBlocked`) when an entry of its kind has its value or its
    /// canonical form already (two entries added at once for one mailbox: one of them).
    async fn add(
        &self,
        target: &BlockTarget,
        reason: &BlockReason,
        at: DateTime<Utc>,
    ) -> Result<BlockEntry, RepositoryError>;

    /// Deletes an entry (its refused checkouts stay, no longer pointing to it); answers whether it existed.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete(&self, id: BlockEntryId) -> Result<bool, RepositoryError>;

    /// The first entry, oldest first, blocking one of these phones (by normal form) or e-mails (by mailbox,
    /// [`Email::canonical`], compared with the entries' canonical forms), or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn matching(&self, phones: &[Phone], emails: &[Email]) -> Result<Option<BlockEntry>, RepositoryError>;

    /// Records a refused checkout, in a write of its own: adds one to the row of its entry, account and
    /// clock hour, or starts that row, in one statement (so refusals at once all count).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn record_attempt(&self, attempt: &NewAttempt) -> Result<(), RepositoryError>;
}
