//! Whether the shop's storage answers.

use async_trait::async_trait;

use crate::common::error::RepositoryError;

/// Whether the shop's storage answers.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait HealthProbe: Send + Sync + 'static {
    /// Succeeds when the database answers a trivial query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when it does not.
    async fn ping(&self) -> Result<(), RepositoryError>;
}
