//! What the analytics read: exact aggregates of the orders placed between two instants.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::analytics::OrderCounts;
use domain::ids::ProductId;
use domain::money::Rupees;

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

/// What waits for the owner now (docs/cod.md 'Dashboard').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Waiting {
    /// Pending orders their shoppers have confirmed: the owner's to approve or reject.
    pub new_orders: u64,
    /// Pending orders their shoppers have not confirmed yet.
    pub awaiting_confirmation: u64,
    /// Approved orders not dispatched yet.
    pub to_dispatch: u64,
    /// Reviews waiting for moderation.
    pub reviews: u64,
    /// Checkouts the blocklist refused since the instant asked for.
    pub refused_checkouts: u64,
}

/// What happened to orders between two instants: placed then, delivered then, returned then, and the totals
/// of those delivered then (cash on delivery), exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Activity {
    pub placed: u64,
    pub delivered: u64,
    pub returned: u64,
    pub cash_collected: Rupees,
}

/// What the owner's dashboard reads.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait DashboardFigures: Send + Sync + 'static {
    /// The work waiting now; refused checkouts counted from `refused_since`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn waiting(&self, refused_since: DateTime<Utc>) -> Result<Waiting, RepositoryError>;

    /// The orders placed in `[start, end)`, and those delivered or returned then (by when their status
    /// changed), with the delivered ones' totals.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn activity(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<Activity, RepositoryError>;
}
