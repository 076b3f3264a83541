//! The shop's stored settings.

use async_trait::async_trait;
use domain::money::Rupees;

use crate::common::error::RepositoryError;

/// The shop's settings.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SettingsRepository: Send + Sync + 'static {
    /// The delivery charge for carts that are not waived.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delivery_charge(&self) -> Result<Rupees, RepositoryError>;

    /// Replaces the delivery charge.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn set_delivery_charge(&self, charge: Rupees) -> Result<(), RepositoryError>;
}
