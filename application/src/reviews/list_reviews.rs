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

#[cfg(test)]
mod tests {
    use mockall::predicate::eq;

    use super::*;
    use crate::catalog::ports::MockCatalogChanges;
    use crate::media::ports::MockMediaStore;
    use crate::reviews::ports::MockReviewRepository;
    use crate::reviews::testing::{product, reviews, stored, MockUnitOfWork};
    use domain::review::ReviewStatus;

    #[tokio::test]
    async fn the_approved_list_and_the_admins_filter_reach_the_store() {
        let mut repository = MockReviewRepository::new();
        repository.expect_approved().with(eq(product()), eq(Page::FIRST)).times(1).returning(|_, _| Ok(vec![]));
        repository
            .expect_list()
            .with(eq(ReviewFilter { status: Some(ReviewStatus::Pending) }), eq(Page::FIRST))
            .times(1)
            .returning(|_, _| Ok(vec![stored(1)]));
        let reviews = reviews(repository, MockUnitOfWork::new(), MockMediaStore::new(), MockCatalogChanges::new());

        assert_eq!(reviews.approved(product(), Page::FIRST).await.unwrap(), vec![]);
        let all = reviews.all(ReviewFilter { status: Some(ReviewStatus::Pending) }, Page::FIRST).await.unwrap();
        assert_eq!(all.len(), 1);
    }
}
