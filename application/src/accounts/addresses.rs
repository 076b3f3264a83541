//! Saved delivery addresses (docs/decisions/0036-details-remembered.md): the delivery details a customer has
//! given, kept for the account so the next checkout is filled in and My Account can pick, edit or delete
//! them. A placed order saves its own details (the store does it in the order's transaction); a customer sees
//! and changes only their own.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::contact::{PersonName, Phone};
use domain::ids::{AddressId, CustomerId};
use domain::locations::Province;
use domain::text::PlainText;

use crate::common::error::RepositoryError;

/// The most addresses one account keeps. A placed order past it drops the least recently used one; saving
/// one more by hand is refused.
pub const MAX_SAVED_ADDRESSES: usize = 10;

/// The delivery details of a saved address: an order's without the e-mail (mail goes to the account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressDetails {
    pub province: Option<Province>,
    /// Only with a province.
    pub city: Option<String>,
    pub name: PersonName,
    /// A mobile number.
    pub phone1: Phone,
    /// A mobile or a landline.
    pub phone2: Option<Phone>,
    pub address: PlainText,
}

/// A saved address of an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedAddress {
    /// Its id, unique across accounts.
    pub id: AddressId,
    pub details: AddressDetails,
    /// When an order last went there or the customer last saved it.
    pub used_at: DateTime<Utc>,
}

/// What became of a change to a saved address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddressWrite {
    /// Stored (a new address, or the same details as one already saved, moved to the top).
    Saved(Box<SavedAddress>),
    /// The account has [`MAX_SAVED_ADDRESSES`] others already.
    Full,
    /// Another saved address of the account holds the same details.
    Duplicate,
    /// The account has no address with this id.
    NotFound,
}

/// The store of saved addresses.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait AddressBook: Send + Sync + 'static {
    /// The customer's addresses, most recently used first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails; [`RepositoryError::Corrupt`] for a stored row
    /// that breaks the domain's rules.
    async fn addresses(&self, customer: CustomerId) -> Result<Vec<SavedAddress>, RepositoryError>;

    /// Saves `details` for the customer: the same details as a saved address move that one to the top;
    /// new ones are refused with [`AddressWrite::Full`] when the account keeps `max` already.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn save(
        &self,
        customer: CustomerId,
        details: AddressDetails,
        max: usize,
    ) -> Result<AddressWrite, RepositoryError>;

    /// Replaces the details of the customer's address `id` (and moves it to the top).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn update(
        &self,
        customer: CustomerId,
        id: AddressId,
        details: AddressDetails,
    ) -> Result<AddressWrite, RepositoryError>;

    /// Deletes the customer's address `id`; `false` when the account has none with this id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete(&self, customer: CustomerId, id: AddressId) -> Result<bool, RepositoryError>;
}

/// Why a saved-address call failed.
#[derive(Debug, thiserror::Error)]
pub enum SavedAddressError {
    /// No address of the signed-in account has this id (another account's included).
    #[error("Address not found.")]
    NotFound,
    /// The account keeps [`MAX_SAVED_ADDRESSES`] already.
    #[error("You can save at most {} addresses. Delete one first.", MAX_SAVED_ADDRESSES)]
    Full,
    /// Another saved address holds the same details.
    #[error("You have saved these details already.")]
    Duplicate,
    #[error("the saved addresses could not be read or written")]
    Unexpected(#[source] RepositoryError),
}

/// The saved-address use cases.
#[derive(Clone)]
pub struct Addresses {
    book: Arc<dyn AddressBook>,
}

fn written(write: AddressWrite) -> Result<SavedAddress, SavedAddressError> {
    match write {
        AddressWrite::Saved(address) => Ok(*address),
        AddressWrite::Full => Err(SavedAddressError::Full),
        AddressWrite::Duplicate => Err(SavedAddressError::Duplicate),
        AddressWrite::NotFound => Err(SavedAddressError::NotFound),
    }
}

impl Addresses {
    #[must_use]
    pub fn new(book: Arc<dyn AddressBook>) -> Self {
        Self { book }
    }

    /// The customer's saved addresses, most recently used first: the first is what the checkout fills in.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn list(&self, customer: CustomerId) -> Result<Vec<SavedAddress>, SavedAddressError> {
        self.book.addresses(customer).await.map_err(SavedAddressError::Unexpected)
    }

    /// Saves an address for the customer (the same details again move that one to the top).
    ///
    /// # Errors
    /// `Full` when the account keeps [`MAX_SAVED_ADDRESSES`] others; `Unexpected` when the store fails.
    pub async fn save(&self, customer: CustomerId, details: AddressDetails) -> Result<SavedAddress, SavedAddressError> {
        written(self.book.save(customer, details, MAX_SAVED_ADDRESSES).await.map_err(SavedAddressError::Unexpected)?)
    }

    /// Replaces one of the customer's addresses.
    ///
    /// # Errors
    /// `NotFound` for an id the account does not have, `Duplicate` when another saved address holds the same
    /// details; `Unexpected` when the store fails.
    pub async fn update(
        &self,
        customer: CustomerId,
        id: AddressId,
        details: AddressDetails,
    ) -> Result<SavedAddress, SavedAddressError> {
        written(self.book.update(customer, id, details).await.map_err(SavedAddressError::Unexpected)?)
    }

    /// Deletes one of the customer's addresses.
    ///
    /// # Errors
    /// `NotFound` for an id the account does not have; `Unexpected` when the store fails.
    pub async fn delete(&self, customer: CustomerId, id: AddressId) -> Result<(), SavedAddressError> {
        if self.book.delete(customer, id).await.map_err(SavedAddressError::Unexpected)? {
            Ok(())
        } else {
            Err(SavedAddressError::NotFound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details() -> AddressDetails {
        AddressDetails {
            province: Some(Province::Punjab),
            city: Some("Lahore".into()),
            name: PersonName::parse("Ayesha Khan").unwrap(),
            phone1: Phone::parse_mobile("0300 1234567").unwrap(),
            phone2: None,
            address: PlainText::parse("House 12", domain::text::Lines::Many, "Address").unwrap(),
        }
    }

    #[tokio::test]
    async fn saving_asks_the_store_with_the_cap_and_a_full_book_is_refused_in_words() {
        let mut book = MockAddressBook::new();
        book.expect_save().withf(|_, _, max| *max == 10).times(1).returning(|_, _, _| Ok(AddressWrite::Full));

        let err = Addresses::new(Arc::new(book)).save(CustomerId::new(7).unwrap(), details()).await.unwrap_err();

        assert_eq!(err.to_string(), "You can save at most 10 addresses. Delete one first.");
    }

    #[tokio::test]
    async fn deleting_an_address_the_account_does_not_have_is_not_found() {
        let mut book = MockAddressBook::new();
        book.expect_delete().times(1).returning(|_, _| Ok(false));

        let err = Addresses::new(Arc::new(book))
            .delete(CustomerId::new(7).unwrap(), AddressId::new(3).unwrap())
            .await
            .unwrap_err();

        assert!(matches!(err, SavedAddressError::NotFound));
        assert_eq!(err.to_string(), "Address not found.");
    }
}
