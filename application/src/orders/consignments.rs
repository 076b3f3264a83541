//! Couriers and tracking numbers inside the orders' units of work ([`OrdersTx::consignments`]): the rows the
//! courier hand-off locks and checks, and the consignment it stores.
//!
//! [`OrdersTx::consignments`]: crate::orders::ports::OrdersTx::consignments

use chrono::{DateTime, Utc};
use domain::courier::Consignment;
use domain::ids::OrderId;
use domain::order_status::OrderStatus;

use crate::common::error::RepositoryError;

/// An order as the hand-off checks it, read under its row lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockedOrder {
    pub id: OrderId,
    pub status: OrderStatus,
    /// Whether it has a courier and tracking number.
    pub has_consignment: bool,
}

/// Consignment writes, inside a unit of work.
#[cfg_attr(test, mockall::automock)]
pub trait ConsignmentTx {
    /// The orders with these ids that exist, each locked until the transaction ends, locked and answered in
    /// id order (so two hand-offs never wait on each other's locks).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn lock(&mut self, ids: &[OrderId]) -> Result<Vec<LockedOrder>, RepositoryError>;

    /// The orders holding any of these tracking numbers, compared in upper case: (the number in upper case,
    /// the order).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn tracking_owners(&mut self, keys: &[String]) -> Result<Vec<(String, OrderId)>, RepositoryError>;

    /// Books the order under `consignment`, replacing any it had.
    ///
    /// # Errors
    /// [`Conflict::TrackingNumberTaken`](crate::common::error::Conflict::TrackingNumberTaken) when another
    /// order holds the number; [`RepositoryError::NotFound`] for an unknown order.
    fn set_consignment(
        &mut self,
        id: OrderId,
        consignment: &Consignment,
        at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;
}
