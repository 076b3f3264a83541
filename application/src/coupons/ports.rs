//! Stored coupons.

use async_trait::async_trait;
use domain::ids::{CouponId, CustomerId};

use crate::common::error::RepositoryError;
use crate::common::page::Page;

/// A stored coupon with its id and how often it has been used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCoupon {
    pub id: CouponId,
    pub coupon: domain::coupon::Coupon,
    /// Orders holding it that were not rejected.
    pub uses: u32,
}

/// Stored coupons.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CouponRepository: Send + Sync + 'static {
    /// Stores a new coupon.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] (`CouponCodeTaken`) when a coupon with the same code exists.
    async fn create(&self, coupon: domain::coupon::Coupon) -> Result<CouponId, RepositoryError>;

    /// The coupon with this code, compared without regard to case, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_by_code(&self, code: &domain::coupon::CouponCode) -> Result<Option<StoredCoupon>, RepositoryError>;

    /// How many orders of `customer` hold the coupon and were not rejected.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn uses_by_customer(&self, coupon: CouponId, customer: CustomerId) -> Result<u32, RepositoryError>;

    /// A page of coupons, newest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list(&self, page: Page) -> Result<Vec<StoredCoupon>, RepositoryError>;

    /// Pauses an active coupon or activates a paused one; answers it, or `None` for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn toggle(&self, id: CouponId) -> Result<Option<StoredCoupon>, RepositoryError>;

    /// Sets a coupon's first and last day (checked: the end on or after the start); answers it, or `None`
    /// for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn set_dates(
        &self,
        id: CouponId,
        start: chrono::NaiveDate,
        end: chrono::NaiveDate,
    ) -> Result<Option<StoredCoupon>, RepositoryError>;

    /// Sets a coupon's usage limits; answers it, or `None` for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] (`CouponLimitBelowUses`) when the total limit is below the coupon's
    /// uses so far; [`RepositoryError::Unavailable`] when the store fails.
    async fn set_limits(
        &self,
        id: CouponId,
        limits: domain::coupon::UsageLimits,
    ) -> Result<Option<StoredCoupon>, RepositoryError>;

    /// Deletes a coupon; answers whether there was one.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete(&self, id: CouponId) -> Result<bool, RepositoryError>;
}
