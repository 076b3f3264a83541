//! The wire types of the shop's settings: the limits on orders the cart applies, and the delivery charge.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::infra::forms::Money;

/// The limits on orders that the cart applies before the shopper checks out.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLimitsResponse {
    /// The most units of one product one order may hold (the owner's setting; 10 unless changed).
    pub units_per_product: i32,
}

/// A new delivery charge.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryChargeBody {
    /// Rupees, 0 or more; a numeric string is accepted.
    #[serde(default)]
    #[schema(inline)]
    pub delivery_charge: Money,
}

/// The delivery charge.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryChargeResponse {
    /// Whole rupees charged for delivery unless every item has free delivery.
    pub delivery_charge: i32,
}
