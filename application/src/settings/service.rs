//! The shop's settings that shoppers see: the delivery charge, how long delivery takes and the WhatsApp number.

use std::sync::Arc;

use domain::cart::DeliveryCharge;
use domain::money::Rupees;
use domain::shop_info::{DeliveryTime, WhatsAppNumber};

use crate::common::error::RepositoryError;

use crate::settings::ports::SettingsRepository;

/// Why a settings call failed.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("the settings could not be read or written")]
    Unexpected(#[source] RepositoryError),
}

/// What a cash-on-delivery shopper needs to know before ordering (docs/decisions/0033).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopInfo {
    /// The delivery charge for carts that are not waived.
    pub delivery_charge: Rupees,
    /// How long delivery takes.
    pub delivery_time: DeliveryTime,
    /// The shop's WhatsApp number, when the owner set one.
    pub whatsapp: Option<WhatsAppNumber>,
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

    /// The delivery charge, how long delivery takes and the WhatsApp number.
    ///
    /// # Errors
    /// [`SettingsError::Unexpected`] when the store fails.
    pub async fn shop_info(&self) -> Result<ShopInfo, SettingsError> {
        let delivery_charge = self.repository.delivery_charge().await.map_err(SettingsError::Unexpected)?;
        let (delivery_time, whatsapp) = self.repository.contact().await.map_err(SettingsError::Unexpected)?;
        Ok(ShopInfo { delivery_charge, delivery_time, whatsapp })
    }

    /// Replaces how long delivery takes and the WhatsApp number (admin).
    ///
    /// # Errors
    /// [`SettingsError::Unexpected`] when the store fails.
    pub async fn set_contact(
        &self,
        delivery_time: DeliveryTime,
        whatsapp: Option<WhatsAppNumber>,
    ) -> Result<(), SettingsError> {
        self.repository.set_contact(delivery_time, whatsapp).await.map_err(SettingsError::Unexpected)
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

    #[tokio::test]
    async fn the_shop_info_joins_the_charge_and_the_contact() {
        let mut repository = MockSettingsRepository::new();
        repository.expect_delivery_charge().times(1).returning(|| Ok(Rupees::from_whole(250)));
        repository.expect_contact().times(1).returning(|| {
            Ok((DeliveryTime::parse("2–4 working days").unwrap(), Some(WhatsAppNumber::parse("03001234567").unwrap())))
        });

        let info = Settings::new(Arc::new(repository)).shop_info().await.unwrap();

        assert_eq!(info.delivery_charge, Rupees::from_whole(250));
        assert_eq!(info.delivery_time.as_str(), "2–4 working days");
        assert_eq!(info.whatsapp.unwrap().as_str(), "923001234567");
    }
}
