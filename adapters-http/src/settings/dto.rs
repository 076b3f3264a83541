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

/// What a cash-on-delivery shopper needs to know before ordering (docs/decisions/0033).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopInfoResponse {
    /// Whole rupees charged for delivery unless every item has free delivery (0: delivery is free).
    pub delivery_charge: i32,
    /// How long delivery takes, as the owner words it, e.g. '2–4 working days'.
    pub delivery_time: String,
    /// The shop's WhatsApp number, `92` and ten digits (`923001234567`), or null when the owner set none.
    pub whatsapp: Option<String>,
    /// The chat link of that number, `https://wa.me/923001234567`, or null.
    pub whatsapp_link: Option<String>,
    /// That number as people here write it, `0300 1234567`, or null.
    pub whatsapp_local: Option<String>,
}

/// New delivery time and WhatsApp number.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopInfoBody {
    /// How long delivery takes: one line of 1 to 40 characters.
    #[serde(default)]
    pub delivery_time: Option<String>,
    /// A Pakistani mobile number written any usual way (`0300 1234567`, `+92 300 1234567`), stored as
    /// `923001234567`; blank or absent: the shop shows no WhatsApp number.
    #[serde(default)]
    pub whatsapp: Option<String>,
}
