//! Wire pieces several features share, with the field names docs/spec.md §3 uses: times, whole rupees and
//! numbers as the answers write them, paging, ids in paths, an order's status, and the shapes in
//! `catalog` (products, categories, media) and `risk` (an order's risk score).

pub mod catalog;
pub mod risk;

use application::common::page::{Page, PageError};
use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A moment as the answers write it: ISO 8601 in UTC, to the second (`2026-11-30T14:05:00Z`).
#[must_use]
pub fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Whole rupees on the wire (docs/contract.md §2). Prices are bounded far below `i32::MAX` where they enter.
#[must_use]
pub fn whole_rupees(amount: domain::money::Rupees) -> i32 {
    i32::try_from(amount.round_to_whole()).unwrap_or(i32::MAX)
}

/// A count, a width or a setting as the wire's 32-bit integer; none comes near its bound, past which it
/// would read as the largest.
pub fn wire_int(n: impl TryInto<i32>) -> i32 {
    n.try_into().unwrap_or(i32::MAX)
}

/// A plain confirmation.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Pending,
    Approved,
    Dispatched,
    Delivered,
    Rejected,
    Returned,
}

impl From<domain::order_status::OrderStatus> for OrderStatus {
    fn from(status: domain::order_status::OrderStatus) -> Self {
        use domain::order_status::OrderStatus as Status;
        match status {
            Status::Pending => Self::Pending,
            Status::Approved => Self::Approved,
            Status::Dispatched => Self::Dispatched,
            Status::Delivered => Self::Delivered,
            Status::Rejected => Self::Rejected,
            Status::Returned => Self::Returned,
        }
    }
}

/// Optional paging of list calls: at most `limit` items (1 to 100, default 100) after skipping `offset`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// How many items at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many items to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

impl PageQuery {
    pub fn page(&self) -> Result<Page, PageError> {
        page_of(self.limit, self.offset)
    }
}

/// The page a list call's `limit` and `offset` ask for (a missing limit is the use case's default).
pub fn page_of(limit: Option<i32>, offset: Option<i32>) -> Result<Page, PageError> {
    Page::new(limit.map(i64::from), offset.map(i64::from))
}

/// A path's `id` parameter, documented as the id parsers read it (`domain::ids`): a positive whole number in
/// decimal digits, at most 18 of them; anything else is a 400 naming `id`.
macro_rules! id_path {
    ($name:ident, $description:literal) => {
        #[derive(Debug, IntoParams)]
        #[into_params(parameter_in = Path)]
        #[allow(dead_code)]
        pub struct $name {
            #[doc = $description]
            #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
            id: String,
        }
    };
}

id_path!(ProductIdPath, "The product's id.");
id_path!(CategoryIdPath, "The category's id.");
id_path!(CouponIdPath, "The coupon's id.");
id_path!(OrderIdPath, "The order's id.");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_status_is_written_as_the_domain_names_it() {
        for status in domain::order_status::OrderStatus::ALL {
            assert_eq!(serde_json::to_value(OrderStatus::from(status)).unwrap(), status.as_str());
        }
    }
}
