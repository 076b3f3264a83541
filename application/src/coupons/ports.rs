//! Stored coupons.

use async_trait::async_trait;
use domain::ids::CouponId;

use crate::common::error::RepositoryError;
use crate::common::page::Page;

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
    async fn find_by_code(
        &self,
        code: &domain::coupon::CouponCode,
    ) -> Result<Option<domain::coupon::Coupon>, RepositoryError>;

    /// A page of coupons, newest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list(&self, page: Page) -> Result<Vec<(CouponId, domain::coupon::Coupon)>, RepositoryError>;

    /// Pauses an active coupon or activates a paused one; answers it, or `None` for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn toggle(&self, id: CouponId) -> Result<Option<domain::coupon::Coupon>, RepositoryError>;

    /// Deletes a coupon; answers whether there was one.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete(&self, id: CouponId) -> Result<bool, RepositoryError>;
}
