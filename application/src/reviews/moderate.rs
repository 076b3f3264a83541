//! The admin's moderation: approving, rejecting or re-opening a review, replying to it, deleting it. Each
//! status change and deletion recounts the product's approved ratings in the same transaction, and is
//! announced as a catalogue change, since products carry their ratings.

use domain::ids::ReviewId;
use domain::review::{ReviewStatus, MAX_ADMIN_REPLY_CHARS};

use crate::common::error::RepositoryError;
use crate::reviews::model::Review;
use crate::reviews::service::Reviews;

/// The answer's message after a review was deleted.
pub const REVIEW_DELETED: &str = "Review deleted.";

/// Why a moderation was refused.
#[derive(Debug, thiserror::Error)]
pub enum ModerateReviewError {
    #[error("Review not found.")]
    NotFound,
    #[error("The reply may be at most {} characters.", MAX_ADMIN_REPLY_CHARS)]
    ReplyTooLong,
    #[error("the review could not be changed")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for ModerateReviewError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

impl Reviews {
    async fn read(&self, id: ReviewId) -> Result<Review, ModerateReviewError> {
        self.repository.find(id).await?.ok_or(ModerateReviewError::NotFound)
    }

    /// Sets a review's status; the product's rating follows at once.
    ///
    /// # Errors
    /// [`ModerateReviewError::NotFound`] or `Unexpected`.
    pub async fn moderate(&self, id: ReviewId, status: ReviewStatus) -> Result<Review, ModerateReviewError> {
        if !self.unit_of_work.run(move |tx| tx.reviews().set_status(id, status)).await? {
            return Err(ModerateReviewError::NotFound);
        }
        self.changes.changed();
        self.read(id).await
    }

    /// Sets the admin's reply, trimmed; an empty one clears it.
    ///
    /// # Errors
    /// [`ModerateReviewError::ReplyTooLong`], `NotFound` or `Unexpected`.
    pub async fn reply(&self, id: ReviewId, reply: &str) -> Result<Review, ModerateReviewError> {
        let reply = reply.trim();
        if reply.chars().count() > MAX_ADMIN_REPLY_CHARS {
            return Err(ModerateReviewError::ReplyTooLong);
        }
        let reply = Some(reply.to_owned()).filter(|r| !r.is_empty());
        if !self.unit_of_work.run(move |tx| tx.reviews().set_reply(id, reply)).await? {
            return Err(ModerateReviewError::NotFound);
        }
        self.read(id).await
    }

    /// Deletes a review and its pictures; the product's rating follows at once.
    ///
    /// # Errors
    /// [`ModerateReviewError::NotFound`] or `Unexpected`.
    pub async fn delete(&self, id: ReviewId) -> Result<(), ModerateReviewError> {
        let urls = self.unit_of_work.run(move |tx| tx.reviews().delete(id)).await?;
        let urls = urls.ok_or(ModerateReviewError::NotFound)?;
        self.changes.changed();
        self.media.remove(urls).await;
        Ok(())
    }
}
