//! What the courier hand-off reads outside its units of work: orders read together and the order holding a
//! tracking number. Its writes go through the orders' transaction handle (`orders::consignments`).

use async_trait::async_trait;
use domain::courier::TrackingNumber;
use domain::ids::OrderId;

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
