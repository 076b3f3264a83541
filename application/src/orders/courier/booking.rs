//! The booking sheet: one row per chosen order, in the order chosen, for a courier's bulk booking; every
//! order must exist, be approved and have a city, or no sheet is made.

use chrono::NaiveDate;
use domain::calendar::pakistan_date;
use domain::courier::{BookingRow, Consignee, Parcel};
use domain::ids::OrderId;
use domain::order_status::OrderStatus;

use crate::common::error::RepositoryError;
use crate::orders::courier::selection::SelectionError;
use crate::orders::courier::service::Courier;

/// Why no booking sheet was made.
#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    #[error(transparent)]
    Selection(#[from] SelectionError),
    #[error("Order #{0} does not exist.")]
    NotFound(OrderId),
    #[error("Order #{0} is not approved.")]
    NotApproved(OrderId),
    #[error("Order #{0} has no city.")]
    NoCity(OrderId),
    #[error("the booking sheet could not be made")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for BookingError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// A booking sheet: its rows and the Pakistani date it was made on (for its file name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub date: NaiveDate,
    pub rows: Vec<BookingRow>,
}

impl Courier {
    /// The booking rows of `ids` (chosen with [`select`](crate::orders::courier::selection::select)), in
    /// that order.
    ///
    /// # Errors
    /// [`BookingError`]: the first chosen order that is unknown, not approved or without a city; a store
    /// failure.
    pub async fn booking(&self, ids: Vec<OrderId>) -> Result<Booking, BookingError> {
        let found = self.repository.orders(ids.clone()).await?;
        let mut rows = Vec::with_capacity(ids.len());
        for id in ids {
            let order = found.iter().find(|o| o.id == id).ok_or(BookingError::NotFound(id))?;
            if order.status != OrderStatus::Approved {
                return Err(BookingError::NotApproved(id));
            }
            let city = order.details.city.as_deref().ok_or(BookingError::NoCity(id))?;
            let items: Vec<Parcel<'_>> =
                order.items.iter().map(|i| Parcel { quantity: i.quantity.get(), name: &i.name }).collect();
            rows.push(BookingRow::new(&Consignee {
                order: id,
                name: order.details.name.as_str(),
                phone: &order.details.phone1,
                address: order.details.address.as_str(),
                city,
                total: order.total,
                items: &items,
            }));
        }
        Ok(Booking { date: pakistan_date(self.clock.now()), rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::courier::ports::MockCourierRepository;
    use crate::orders::courier::testing::{courier, id};
    use crate::orders::testing::{stored, MockUnitOfWork};

    fn repository(orders: Vec<crate::orders::model::Order>) -> MockCourierRepository {
        let mut repository = MockCourierRepository::new();
        repository.expect_orders().times(1).return_once(move |_| Ok(orders));
        repository
    }

    #[tokio::test]
    async fn rows_follow_the_order_chosen_and_carry_the_pakistani_date() {
        let found = vec![stored(15, OrderStatus::Approved), stored(12, OrderStatus::Approved)];

        let booking = courier(repository(found), MockUnitOfWork::new()).booking(vec![id(12), id(15)]).await.unwrap();

        assert_eq!(booking.date, NaiveDate::from_ymd_opt(2026, 11, 24).unwrap());
        assert_eq!(booking.rows.iter().map(|r| r.cells()[8].as_str()).collect::<Vec<_>>(), ["12", "15"]);
        assert_eq!(
            booking.rows[0].cells(),
            &[
                "Ayesha Khan",
                "03001234567",
                "House 12",
                "LAHORE",
                "2160",
                "1 x Cable; 2 x Phone Case",
                "3",
                "1.5",
                "12"
            ]
            .map(String::from)
        );
    }

    #[tokio::test]
    async fn the_first_order_at_fault_is_named() {
        let mut no_city = stored(16, OrderStatus::Approved);
        no_city.details.city = None;
        let found = || vec![stored(12, OrderStatus::Approved), stored(15, OrderStatus::Pending), no_city.clone()];
        let cases = [
            (vec![id(12), id(999), id(15)], "Order #999 does not exist."),
            (vec![id(12), id(15), id(999)], "Order #15 is not approved."),
            (vec![id(16), id(15)], "Order #16 has no city."),
        ];

        for (ids, message) in cases {
            let err = courier(repository(found()), MockUnitOfWork::new()).booking(ids).await.unwrap_err();

            assert_eq!(err.to_string(), message);
        }
    }
}
