//! The shop's stored settings.

use async_trait::async_trait;
use domain::money::Rupees;
use domain::shop_info::{DeliveryTime, WhatsAppNumber};

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

    /// How long delivery takes and the shop's WhatsApp number, if set.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails; [`RepositoryError::Corrupt`] when a stored value
    /// breaks the domain's rules.
    async fn contact(&self) -> Result<(DeliveryTime, Option<WhatsAppNumber>), RepositoryError>;

    /// Replaces how long delivery takes and the WhatsApp number (`None`: the shop shows none).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn set_contact(
        &self,
        delivery_time: DeliveryTime,
        whatsapp: Option<WhatsAppNumber>,
    ) -> Result<(), RepositoryError>;
}
