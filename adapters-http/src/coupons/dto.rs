//! The wire types of coupons: a coupon as the admin sees it and sends it, its usage limits, and a coupon
//! tried on the cart.

use domain::coupon::Coupon;
use domain::ids::CouponId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dto::{whole_rupees, wire_int};
use crate::infra::forms::{CartMoney, Flag, Money, PakistanDate, Text, WholeNumber};

/// A coupon as the admin sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponResponse {
    #[serde(rename = "_id")]
    pub id: String,
    pub code: String,
    /// The percentage off, when it is a percent coupon.
    pub discount_percent: Option<i32>,
    /// Whole rupees off, when it is an amount coupon.
    pub amount: Option<i32>,
    /// First valid day, `YYYY-MM-DD`, Pakistan time.
    pub start_date: String,
    /// Last valid day, inclusive.
    pub end_date: String,
    /// The smallest subtotal plus delivery it needs, in whole rupees.
    pub min_price: i32,
    pub is_active: bool,
    /// Orders holding the coupon that were not rejected.
    pub uses: i32,
    /// The most uses in all; null for no limit.
    pub max_uses: Option<i32>,
    /// The most uses by one customer; null for no limit.
    pub max_uses_per_customer: Option<i32>,
}

impl CouponResponse {
    pub fn new(id: CouponId, coupon: &Coupon, uses: u32) -> Self {
        let discount = coupon.discount();
        Self {
            id: id.to_string(),
            code: coupon.code().as_str().to_owned(),
            discount_percent: discount.percent_value().map(i32::from),
            amount: discount.amount_value().map(whole_rupees),
            start_date: coupon.start_date().to_string(),
            end_date: coupon.end_date().to_string(),
            min_price: whole_rupees(coupon.min_price()),
            is_active: coupon.is_active(),
            uses: wire_int(uses),
            max_uses: coupon.limits().total().map(wire_int),
            max_uses_per_customer: coupon.limits().per_customer().map(wire_int),
        }
    }
}

/// One coupon.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponEnvelope {
    pub coupon: CouponResponse,
}

/// A coupon from the admin's form; numbers may be numeric strings and empty strings count as absent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponBody {
    #[serde(default)]
    #[schema(inline)]
    pub code: Text,
    /// 1 to 100; leave empty for an amount coupon.
    #[serde(default)]
    #[schema(inline)]
    pub discount_percent: WholeNumber,
    /// Whole rupees; leave empty for a percent coupon.
    #[serde(default)]
    #[schema(inline)]
    pub amount: Money,
    #[serde(default)]
    #[schema(inline)]
    pub start_date: PakistanDate,
    #[serde(default)]
    #[schema(inline)]
    pub end_date: PakistanDate,
    /// Whole rupees, default 0.
    #[serde(default)]
    #[schema(inline)]
    pub min_price: Money,
    /// Default true.
    #[serde(default)]
    #[schema(inline)]
    pub is_active: Flag,
    /// The most orders that may use the coupon in all, 1 to 1,000,000; leave empty for no limit.
    #[serde(default)]
    #[schema(inline)]
    pub max_uses: WholeNumber,
    /// The most orders one customer may use it on, 1 to 1,000,000; leave empty for no limit.
    #[serde(default)]
    #[schema(inline)]
    pub max_uses_per_customer: WholeNumber,
}

/// A coupon's usage limits from the admin's form; numbers may be numeric strings and an empty or absent
/// limit means none.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponLimitsBody {
    /// The most orders that may use the coupon in all, 1 to 1,000,000, not below its uses so far; leave empty
    /// for no limit.
    #[serde(default)]
    #[schema(inline)]
    pub max_uses: WholeNumber,
    /// The most orders one customer may use it on, 1 to 1,000,000; leave empty for no limit.
    #[serde(default)]
    #[schema(inline)]
    pub max_uses_per_customer: WholeNumber,
}

/// A coupon's new first and last day, `YYYY-MM-DD` in Pakistan, both required; the end on or after the start.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponDatesBody {
    #[serde(default)]
    #[schema(inline)]
    pub start_date: PakistanDate,
    #[serde(default)]
    #[schema(inline)]
    pub end_date: PakistanDate,
}

/// A coupon to try on the cart.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyCouponBody {
    /// The code as typed; trimmed and compared without regard to case.
    #[serde(default)]
    #[schema(inline)]
    pub code: Text,
    /// Subtotal plus delivery charge (after any waiver), in rupees with at most two decimals.
    #[serde(default)]
    #[schema(inline)]
    pub cart_total: CartMoney,
}

/// The applied coupon.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppliedCouponSummary {
    /// The code as stored (upper-case).
    pub code: String,
    /// The smallest subtotal plus delivery the coupon needs, in whole rupees.
    pub min_price: i32,
}

/// A coupon that applies.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApplyCouponResponse {
    pub coupon: AppliedCouponSummary,
    /// Whole rupees taken off the total.
    pub discount: i32,
    /// 'Coupon "{code}" applied!'
    pub message: String,
}
