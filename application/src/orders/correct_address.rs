//! The owner corrects an order's province, city and address before it leaves the shop (a city the shopper
//! typed that the table lacks, a misspelt street): while the order is pending or approved, in one
//! transaction with a history entry that says what changed, old → new.

use chrono::{DateTime, Utc};
use domain::ids::OrderId;
use domain::order_status::OrderStatus;

use crate::common::error::RepositoryError;
use crate::orders::cod_ports::RiskScope;
use crate::orders::model::{CorrectedAddress, Order, StoredDetails};
use crate::orders::service::Orders;

/// The answer of a correction.
pub const ADDRESS_CORRECTED: &str = "Delivery address updated.";

/// Why a correction was refused. Nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum CorrectAddressError {
    #[error("Order not found.")]
    NotFound,
    /// The order has been dispatched (or delivered, rejected, returned): the parcel's address is the
    /// courier's now, or there is no parcel.
    #[error("Order #{id} is {status}: its delivery address can no longer be changed.")]
    Departed { id: OrderId, status: OrderStatus },
    #[error("the order's address could not be corrected")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for CorrectAddressError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// Whether an order in `status` may have its address corrected: before it leaves the shop.
#[must_use]
pub const fn correctable(status: OrderStatus) -> bool {
    matches!(status, OrderStatus::Pending | OrderStatus::Approved)
}

/// `Sialkot, Punjab` or `Punjab` or `no city`.
fn place_text(province: Option<&str>, city: Option<&str>) -> String {
    match (city, province) {
        (Some(city), Some(province)) => format!("{city}, {province}"),
        (Some(city), None) => city.to_owned(),
        (None, Some(province)) => province.to_owned(),
        (None, None) => "no city".to_owned(),
    }
}

/// The history entry of a correction: what changed, old → new; `None` when nothing did.
#[must_use]
pub fn correction_note(before: &StoredDetails, after: &CorrectedAddress) -> Option<String> {
    let mut changes = Vec::new();
    let old_place = place_text(before.province.map(|p| p.label()), before.city.as_deref());
    let new_place = place_text(Some(after.city.province().label()), Some(after.city.name()));
    if old_place != new_place {
        changes.push(format!("city {old_place} → {new_place}"));
    }
    if before.address.as_str() != after.address.as_str() {
        changes.push(format!(
            "address '{}' → '{}'",
            before.address.as_str().replace('\n', ", "),
            after.address.as_str().replace('\n', ", ")
        ));
    }
    (!changes.is_empty()).then(|| format!("Delivery address corrected by the owner: {}.", changes.join("; ")))
}

impl Orders {
    /// Replaces order `id`'s province, city and address with `corrected` and records what changed in its
    /// history (an entry with its current status, by the admin); a correction that changes nothing writes
    /// nothing. The order's risk score is computed again while it is pending.
    ///
    /// # Errors
    /// [`CorrectAddressError`]: an unknown order, one that has left the shop, or a store failure.
    pub async fn correct_address(
        &self,
        id: OrderId,
        corrected: CorrectedAddress,
    ) -> Result<Order, CorrectAddressError> {
        let now: DateTime<Utc> = self.clock.now();
        self.unit_of_work
            .run(move |tx| {
                let order = tx.orders().find(id)?.ok_or(CorrectAddressError::NotFound)?;
                if !correctable(order.status) {
                    return Err(CorrectAddressError::Departed { id, status: order.status });
                }
                let Some(note) = correction_note(&order.details, &corrected) else { return Ok(()) };
                if !tx.orders().correct_address(id, order.status, &corrected, now, &note)? {
                    // Its status changed while this waited for the row: answer from where it is now.
                    let status = tx.orders().find(id)?.map_or(order.status, |o| o.status);
                    return Err(CorrectAddressError::Departed { id, status });
                }
                Ok(())
            })
            .await?;
        self.rescore_after(RiskScope::Order(id)).await;
        self.repository.find(id).await?.ok_or(CorrectAddressError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use domain::contact::{Email, PersonName, Phone};
    use domain::locations::{DeliveryCity, Province};
    use domain::text::{Lines, PlainText};

    use super::*;

    fn stored(city: &str, address: &str) -> StoredDetails {
        StoredDetails {
            province: Some(Province::Punjab),
            city: Some(city.to_owned()),
            name: PersonName::parse("Ayesha Khan").unwrap(),
            phone1: Phone::parse("0300 1234567").unwrap(),
            phone2: None,
            email: Email::parse("ayesha@example.pk").unwrap(),
            address: PlainText::parse(address, Lines::Many, "Address").unwrap(),
        }
    }

    fn corrected(province: Province, city: &str, address: &str) -> CorrectedAddress {
        CorrectedAddress {
            city: DeliveryCity::parse(province, city).unwrap(),
            address: PlainText::parse(address, Lines::Many, "Address").unwrap(),
        }
    }

    #[test]
    fn the_note_says_what_changed_old_to_new() {
        let before = stored("Sialkt", "House 1\nStreet 2");

        let note = correction_note(&before, &corrected(Province::Punjab, "sialkot", "House 1\nStreet 3"));

        assert_eq!(
            note.as_deref(),
            Some(
                "Delivery address corrected by the owner: city Sialkt, Punjab → Sialkot, Punjab; \
                 address 'House 1, Street 2' → 'House 1, Street 3'."
            )
        );
    }

    #[test]
    fn the_note_names_only_the_city_when_the_address_is_the_same_and_nothing_when_nothing_changed() {
        let before = stored("Lahore", "House 1");

        let city_only = correction_note(&before, &corrected(Province::KhyberPakhtunkhwa, "Mingora", "House 1"));
        let nothing = correction_note(&before, &corrected(Province::Punjab, "lahore", "House 1"));

        assert_eq!(
            city_only.as_deref(),
            Some("Delivery address corrected by the owner: city Lahore, Punjab → Mingora, Khyber Pakhtunkhwa.")
        );
        assert_eq!(nothing, None);
    }

    #[test]
    fn only_pending_and_approved_orders_may_be_corrected() {
        let allowed: Vec<OrderStatus> = OrderStatus::ALL.into_iter().filter(|s| correctable(*s)).collect();

        assert_eq!(allowed, [OrderStatus::Pending, OrderStatus::Approved]);
        assert_eq!(
            CorrectAddressError::Departed { id: OrderId::new(12).unwrap(), status: OrderStatus::Dispatched }
                .to_string(),
            "Order #12 is dispatched: its delivery address can no longer be changed."
        );
    }
}
