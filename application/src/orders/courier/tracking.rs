//! The admin enters an approved order's courier and tracking number (again to correct it). The database's
//! unique index, not a look-up beforehand, decides whether another order holds the number, so two admins
//! saving one number at once cannot both succeed.

use domain::courier::{Consignment, TrackingNumber};
use domain::ids::OrderId;
use domain::order_status::OrderStatus;

use crate::common::error::{Conflict, RepositoryError};
use crate::orders::courier::service::Courier;
use crate::orders::model::Order;

/// The answer of a saved tracking number.
pub const TRACKING_SAVED: &str = "Tracking number saved.";

/// Why a tracking number was not saved. Nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum SetTrackingError {
    #[error("Order not found.")]
    NotFound,
    #[error("Order #{0} is not approved.")]
    NotApproved(OrderId),
    #[error("Tracking number {number} is already used by order #{owner}.")]
    Taken { number: TrackingNumber, owner: OrderId },
    #[error("the tracking number could not be saved")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for SetTrackingError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

impl Courier {
    /// Books order `id` under `consignment`, replacing any it had.
    ///
    /// # Errors
    /// [`SetTrackingError`]: an unknown order, one that is not approved, a number another order holds, or a
    /// store failure.
    pub async fn set_tracking(&self, id: OrderId, consignment: Consignment) -> Result<Order, SetTrackingError> {
        // A second try only when the order that held the number let go of it between the refusal and the
        // look-up of who holds it.
        for _ in 0..2 {
            let now = self.clock.now();
            let booked = consignment.clone();
            let saved = self
                .unit_of_work
                .run(move |tx| {
                    let Some(order) = tx.consignments().lock(&[id])?.pop() else {
                        return Err(SetTrackingError::NotFound);
                    };
                    if order.status != OrderStatus::Approved {
                        return Err(SetTrackingError::NotApproved(id));
                    }
                    tx.consignments().set_consignment(id, &booked, now)?;
                    Ok(())
                })
                .await;
            match saved {
                Ok(()) => return self.repository.orders(vec![id]).await?.pop().ok_or(SetTrackingError::NotFound),
                Err(SetTrackingError::Unexpected(RepositoryError::Conflict(Conflict::TrackingNumberTaken))) => {
                    let number = consignment.tracking_number.clone();
                    if let Some(owner) = self.repository.tracking_owner(number.clone()).await? {
                        return Err(SetTrackingError::Taken { number, owner });
                    }
                }
                Err(refusal) => return Err(refusal),
            }
        }
        Err(RepositoryError::Conflict(Conflict::TrackingNumberTaken).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::consignments::LockedOrder;
    use crate::orders::courier::ports::MockCourierRepository;
    use crate::orders::courier::testing::{consignment, courier, id};
    use crate::orders::testing::{run_once, stored, Handle};

    fn locked(n: i64, status: OrderStatus) -> LockedOrder {
        LockedOrder { id: id(n), status, has_consignment: false }
    }

    #[tokio::test]
    async fn an_approved_order_is_booked_under_the_consignment_and_answered() {
        let mut handle = Handle::default();
        handle.consignments.expect_lock().times(1).returning(|_| Ok(vec![locked(12, OrderStatus::Approved)]));
        handle
            .consignments
            .expect_set_consignment()
            .withf(|order, c, _| {
                *order == id(12) && c.courier.as_str() == "Leopards" && c.tracking_number.as_str() == "LE123456789"
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        let mut repository = MockCourierRepository::new();
        repository.expect_orders().times(1).returning(|_| Ok(vec![stored(12, OrderStatus::Approved)]));

        let order = courier(repository, run_once(handle))
            .set_tracking(id(12), consignment("Leopards", "LE123456789"))
            .await
            .unwrap();

        assert_eq!(order.id, id(12));
    }

    #[tokio::test]
    async fn an_order_that_is_not_approved_or_unknown_takes_none() {
        for (found, message) in
            [(vec![locked(12, OrderStatus::Dispatched)], "Order #12 is not approved."), (vec![], "Order not found.")]
        {
            let mut handle = Handle::default();
            handle.consignments.expect_lock().times(1).return_once(move |_| Ok(found));
            handle.consignments.expect_set_consignment().never();

            let err = courier(MockCourierRepository::new(), run_once(handle))
                .set_tracking(id(12), consignment("TCS", "TCS-0001"))
                .await
                .unwrap_err();

            assert_eq!(err.to_string(), message);
        }
    }

    #[tokio::test]
    async fn a_number_the_unique_index_refuses_is_answered_with_the_order_holding_it() {
        let mut handle = Handle::default();
        handle.consignments.expect_lock().returning(|_| Ok(vec![locked(12, OrderStatus::Approved)]));
        handle
            .consignments
            .expect_set_consignment()
            .times(1)
            .returning(|_, _, _| Err(RepositoryError::Conflict(Conflict::TrackingNumberTaken)));
        let mut repository = MockCourierRepository::new();
        repository
            .expect_tracking_owner()
            .withf(|number| number.as_str() == "le123456789")
            .times(1)
            .returning(|_| Ok(Some(id(10))));
        repository.expect_orders().never();

        let err = courier(repository, run_once(handle))
            .set_tracking(id(12), consignment("Leopards", "le123456789"))
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Tracking number le123456789 is already used by order #10.");
    }
}
