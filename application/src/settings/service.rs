//! The shop's settings that shoppers see: the delivery charge.

use std::sync::Arc;

use domain::cart::DeliveryCharge;
use domain::money::Rupees;

use crate::common::error::RepositoryError;

use crate::settings::ports::SettingsRepository;

/// Why a settings call failed.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("the settings could not be read or written")]
    Unexpected(#[source] RepositoryError),
}

/// The settings use cases.
#[derive(Clone)]
pub struct Settings {
    repository: Arc<dyn SettingsRepository>,
}

impl Settings {
    #[must_use]
    pub fn new(repository: Arc<dyn SettingsRepository>) -> Self {
        Self { repository }
    }

    /// The delivery charge for carts that are not waived.
    ///
    /// # Errors
    /// [`SettingsError::Unexpected`] when the store fails.
    pub async fn delivery_charge(&self) -> Result<Rupees, SettingsError> {
        self.repository.delivery_charge().await.map_err(SettingsError::Unexpected)
    }

    /// Replaces the delivery charge (admin).
    ///
    /// # Errors
    /// [`SettingsError::Unexpected`] when the store fails.
    pub async fn set_delivery_charge(&self, charge: DeliveryCharge) -> Result<(), SettingsError> {
        self.repository.set_delivery_charge(charge.get()).await.map_err(SettingsError::Unexpected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::ports::MockSettingsRepository;

    #[tokio::test]
    async fn the_stored_delivery_charge_is_answered() {
        let mut repository = MockSettingsRepository::new();
        repository.expect_delivery_charge().times(1).returning(|| Ok(Rupees::from_whole(250)));

        let charge = Settings::new(Arc::new(repository)).delivery_charge().await.unwrap();

        assert_eq!(charge, Rupees::from_whole(250));
    }

    #[tokio::test]
    async fn a_new_delivery_charge_is_stored() {
        let mut repository = MockSettingsRepository::new();
        repository
            .expect_set_delivery_charge()
            .withf(|charge| *charge == Rupees::from_whole(300))
            .times(1)
            .returning(|_| Ok(()));

        let charge = DeliveryCharge::new(Rupees::from_whole(300)).unwrap();
        Settings::new(Arc::new(repository)).set_delivery_charge(charge).await.unwrap();
    }
}
