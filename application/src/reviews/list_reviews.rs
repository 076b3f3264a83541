//! Listing reviews: a product's approved ones for everybody, all of them for the admin.

use domain::ids::ProductId;

use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::reviews::model::{Review, ReviewFilter};
use crate::reviews::service::Reviews;

/// Why reviews were not listed.
#[derive(Debug, thiserror::Error)]
pub enum ListReviewsError {
    #[error("the reviews could not be read")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for ListReviewsError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

impl Reviews {
    /// A page of a product's approved reviews, newest first; empty for a product without any, or unknown.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn approved(&self, product: ProductId, page: Page) -> Result<Vec<Review>, ListReviewsError> {
        Ok(self.repository.approved(product, page).await?)
    }

    /// A page of the reviews passing `filter`, pending first, then newest first (the admin's list).
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn all(&self, filter: ReviewFilter, page: Page) -> Result<Vec<Review>, ListReviewsError> {
        Ok(self.repository.list(filter, page).await?)
    }
}
