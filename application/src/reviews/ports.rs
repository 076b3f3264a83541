//! What reviews need from storage: reads outside any transaction, and the writes of submitting, moderating
//! and deleting in one transaction with the product's rating counts.

use async_trait::async_trait;
use domain::ids::{CustomerId, OrderId, ProductId, ReviewId};
use domain::review::ReviewStatus;

#[cfg(doc)]
use crate::common::error::Conflict;
use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::common::token::LinkDigest;
use crate::reviews::model::{NewReview, Purchase, Review, ReviewFilter, ReviewedPair, TokenInfo};

/// Stored reviews and tokens, read outside any unit of work.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReviewRepository: Send + Sync + 'static {
    /// The review token stored under `digest`, or `None` when there is none such.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn token(&self, digest: &LinkDigest) -> Result<Option<TokenInfo>, RepositoryError>;

    /// What `customer` bought of `product` in `order`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn purchase(
        &self,
        customer: CustomerId,
        order: OrderId,
        product: ProductId,
    ) -> Result<Purchase, RepositoryError>;

    /// Whether the pair has a review.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn is_reviewed(&self, order: OrderId, product: ProductId) -> Result<bool, RepositoryError>;

    /// The items of the customer's orders that have a review, newest review first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn reviewed_pairs(&self, customer: CustomerId) -> Result<Vec<ReviewedPair>, RepositoryError>;

    /// A page of a product's approved reviews, newest first; empty for an unknown product.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn approved(&self, product: ProductId, page: Page) -> Result<Vec<Review>, RepositoryError>;

    /// A page of the reviews passing `filter`, pending first, then newest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list(&self, filter: ReviewFilter, page: Page) -> Result<Vec<Review>, RepositoryError>;

    /// One review, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find(&self, id: ReviewId) -> Result<Option<Review>, RepositoryError>;
}

/// Review writes, inside a unit of work.
#[cfg_attr(test, mockall::automock)]
pub trait ReviewTx {
    /// Marks the token stored under `digest` used, atomically (`used_at IS NULL` in the same statement): of two transactions using
    /// one token, exactly one gets it. Answers what it is for, or `None` when it is unknown or used already.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn use_token(&mut self, digest: &LinkDigest) -> Result<Option<TokenInfo>, RepositoryError>;

    /// Marks the token of an order's item used, if it has one and it is unused.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn use_pair_token(&mut self, order: OrderId, product: ProductId) -> Result<(), RepositoryError>;

    /// What `customer` bought of `product` in `order`, with the order locked against status changes until the
    /// transaction ends.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn purchase(
        &mut self,
        customer: CustomerId,
        order: OrderId,
        product: ProductId,
    ) -> Result<Purchase, RepositoryError>;

    /// Stores a pending review with its pictures.
    ///
    /// # Errors
    /// [`Conflict::AlreadyReviewed`] when the pair has a review; [`RepositoryError::NotFound`] when the
    /// product has been deleted.
    fn insert(&mut self, review: &NewReview) -> Result<ReviewId, RepositoryError>;

    /// Sets a review's status and recounts its product's approved ratings, with the product locked so two
    /// moderations never count past each other. Answers `false` for an unknown review.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn set_status(&mut self, id: ReviewId, status: ReviewStatus) -> Result<bool, RepositoryError>;

    /// Sets or clears (`None`) the admin's reply. Answers `false` for an unknown review.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn set_reply(&mut self, id: ReviewId, reply: Option<String>) -> Result<bool, RepositoryError>;

    /// Deletes a review and recounts its product's approved ratings; answers its pictures' addresses, or
    /// `None` for an unknown review.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn delete(&mut self, id: ReviewId) -> Result<Option<Vec<String>>, RepositoryError>;
}

/// The transaction handle of the reviews' units of work.
pub trait ReviewsTx {
    /// Reviews, tokens and the products' rating counts, in this transaction.
    fn reviews(&mut self) -> &mut dyn ReviewTx;
}
