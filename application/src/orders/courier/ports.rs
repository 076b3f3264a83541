//! What the courier hand-off needs from outside: orders read together, the order holding a tracking number,
//! and the consignment writes of its units of work (which run on the orders' transaction handle).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::courier::{Consignment, TrackingNumber};
use domain::ids::OrderId;
use domain::order_status::OrderStatus;

use crate::common::error::RepositoryError;
use crate::orders::model::Order;

/// Orders as the hand-off reads them, outside any unit of work.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CourierRepository: Send + Sync + 'static {
    /// The orders with these ids that exist, in any order.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails, [`RepositoryError::Corrupt`] for a row that
    /// does not read back.
    async fn orders(&self, ids: Vec<OrderId>) -> Result<Vec<Order>, RepositoryError>;

    /// The order holding this tracking number in any case, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn tracking_owner(&self, number: TrackingNumber) -> Result<Option<OrderId>, RepositoryError>;
}

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
