//! The admin's moderation: approving, rejecting or re-opening a review, replying to it, deleting it. Each
//! status change and deletion recounts the product's approved ratings in the same transaction, and is
//! announced as a catalogue change, since products carry their ratings.

use domain::ids::ReviewId;
use domain::review::{ReviewStatus, MAX_ADMIN_REPLY_CHARS};
use domain::text::{Lines, PlainText, TextError};

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
    /// A reply holding a control character (other than line breaks and tabs): PostgreSQL refuses NUL, and
    /// the others break the page and the e-mail it is shown in.
    #[error(transparent)]
    ReplyText(TextError),
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
    /// [`ModerateReviewError::ReplyTooLong`], `ReplyText`, `NotFound` or `Unexpected`.
    pub async fn reply(&self, id: ReviewId, reply: &str) -> Result<Review, ModerateReviewError> {
        let reply = PlainText::parse(reply, Lines::Many, "The reply").map_err(ModerateReviewError::ReplyText)?;
        if reply.chars() > MAX_ADMIN_REPLY_CHARS {
            return Err(ModerateReviewError::ReplyTooLong);
        }
        let reply = Some(reply.into_string()).filter(|r| !r.is_empty());
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

#[cfg(test)]
mod tests {
    use mockall::predicate::eq;

    use super::*;
    use crate::catalog::ports::MockCatalogChanges;
    use crate::media::ports::MockMediaStore;
    use crate::reviews::ports::{MockReviewRepository, MockReviewTx};
    use crate::reviews::testing::{reviews, run_once, stored};

    fn id() -> ReviewId {
        ReviewId::new(11).unwrap()
    }

    fn found() -> MockReviewRepository {
        let mut repository = MockReviewRepository::new();
        repository.expect_find().returning(|id| Ok(Some(stored(id.get()))));
        repository
    }

    fn announced(times: usize) -> MockCatalogChanges {
        let mut changes = MockCatalogChanges::new();
        changes.expect_changed().times(times).returning(|| ());
        changes
    }

    #[tokio::test]
    async fn a_status_change_is_stored_with_the_recount_and_drops_the_catalogue_cache() {
        let mut tx = MockReviewTx::new();
        tx.expect_set_status().with(eq(id()), eq(ReviewStatus::Approved)).times(1).returning(|_, _| Ok(true));

        let review = reviews(found(), run_once(tx), MockMediaStore::new(), announced(1))
            .moderate(id(), ReviewStatus::Approved)
            .await
            .unwrap();

        assert_eq!(review.id, id());
    }

    #[tokio::test]
    async fn an_unknown_review_is_not_found_and_nothing_is_announced() {
        let mut tx = MockReviewTx::new();
        tx.expect_set_status().returning(|_, _| Ok(false));

        let err = reviews(MockReviewRepository::new(), run_once(tx), MockMediaStore::new(), announced(0))
            .moderate(id(), ReviewStatus::Rejected)
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Review not found.");
    }

    #[tokio::test]
    async fn a_reply_is_trimmed_an_empty_one_clears_it_and_an_overlong_one_is_refused() {
        let mut tx = MockReviewTx::new();
        tx.expect_set_reply().with(eq(id()), eq(Some("Thanks!".to_owned()))).times(1).returning(|_, _| Ok(true));
        let reviews_a = reviews(found(), run_once(tx), MockMediaStore::new(), announced(0));
        reviews_a.reply(id(), "  Thanks!  ").await.unwrap();

        let mut tx = MockReviewTx::new();
        tx.expect_set_reply().with(eq(id()), eq(None)).times(1).returning(|_, _| Ok(true));
        reviews(found(), run_once(tx), MockMediaStore::new(), announced(0)).reply(id(), "  ").await.unwrap();

        let err = reviews_a.reply(id(), &"x".repeat(2001)).await.unwrap_err();
        assert_eq!(err.to_string(), "The reply may be at most 2000 characters.");
    }

    #[tokio::test]
    async fn deleting_removes_the_pictures_after_the_change_is_stored() {
        let mut tx = MockReviewTx::new();
        tx.expect_delete().with(eq(id())).times(1).returning(|_| Ok(Some(vec!["/media/a.webp".into()])));
        let mut media = MockMediaStore::new();
        media.expect_remove().with(eq(vec!["/media/a.webp".to_owned()])).times(1).returning(|_| ());

        reviews(MockReviewRepository::new(), run_once(tx), media, announced(1)).delete(id()).await.unwrap();
    }

    #[tokio::test]
    async fn deleting_an_unknown_review_removes_nothing() {
        let mut tx = MockReviewTx::new();
        tx.expect_delete().returning(|_| Ok(None));
        let mut media = MockMediaStore::new();
        media.expect_remove().never();

        let err =
            reviews(MockReviewRepository::new(), run_once(tx), media, announced(0)).delete(id()).await.unwrap_err();

        assert!(matches!(err, ModerateReviewError::NotFound));
    }
}
