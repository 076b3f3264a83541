//! What the analytics read: exact aggregates of the orders placed between two instants.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::analytics::OrderCounts;
use domain::ids::ProductId;

use crate::common::error::RepositoryError;

/// The orders placed in `[start, end)`, counted by their status now. Every figure is an exact aggregate;
/// cash is summed in paisa.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait OrderFigures: Send + Sync + 'static {
    /// All of them together.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn totals(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<OrderCounts, RepositoryError>;

    /// Per week (Monday to Sunday, Pakistan time), keyed by the Monday; weeks without orders are left out.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn by_week(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(NaiveDate, OrderCounts)>, RepositoryError>;

    /// Per city as stored (`None`: no city).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn by_city(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(Option<String>, OrderCounts)>, RepositoryError>;

    /// Per product sold, with its name in the latest of these orders; an order counts once per product it
    /// holds, and cash is the line totals (unit price × quantity, as sold) of the delivered orders.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn by_product(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(ProductId, String, OrderCounts)>, RepositoryError>;

    /// Per coupon code as applied (`None`: no coupon).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn by_coupon(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(Option<String>, OrderCounts)>, RepositoryError>;
}
