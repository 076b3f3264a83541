//! The wire types of checkout and orders: the order the checkout sends, the orders the customer and the
//! admin see, the server's own figures when the cart no longer matches, and a status change.

use application::orders::model::{ConfirmedVia, Order};
use application::orders::place_order::PricedQuote;
use application::orders::whatsapp::ThreadMessage;
use domain::shop_info::WhatsAppNumber;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::dto::risk::RiskResponse;
use crate::dto::{timestamp, whole_rupees, wire_int, OrderStatus};
use crate::infra::forms::{CartMoney, ProductRef, Text};

/// The shopper's contact and delivery details. Empty optional fields count as absent; `country` and
/// `paymentMethod` may be sent but are always Pakistan and COD.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetailsBody {
    /// Ignored: always Pakistan.
    #[allow(dead_code, reason = "accepted as the original client sends it, and ignored")]
    #[serde(default)]
    #[schema(inline)]
    pub country: Text,
    /// One of the seven provinces of docs/spec.md §3 (optional).
    #[serde(default)]
    #[schema(inline)]
    pub province: Text,
    /// The city (optional; needs a province): one of the province's places, found by its name or another
    /// spelling in any case ('dg khan' is stored as 'Dera Ghazi Khan'), or a place the shop's table lacks,
    /// kept as typed (2 to 60 characters of one line with a letter) and flagged for the owner
    /// (`userDetails.cityListed` false).
    #[serde(default)]
    #[schema(inline)]
    pub city: Text,
    /// Full name (required).
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
    /// A Pakistani mobile number in any usual writing, e.g. `0300 1234567` or `+92 300 1234567` (required).
    #[serde(default)]
    #[schema(inline)]
    pub phone1: Text,
    /// Optional: a mobile or a landline such as `042 35761234`.
    #[serde(default)]
    #[schema(inline)]
    pub phone2: Text,
    /// E-mail address (required).
    #[serde(default)]
    #[schema(inline)]
    pub email: Text,
    /// The complete delivery address (required; line breaks allowed).
    #[serde(default)]
    #[schema(inline)]
    pub address: Text,
    /// Ignored: always COD.
    #[allow(dead_code, reason = "accepted as the original client sends it, and ignored")]
    #[serde(default)]
    #[schema(inline)]
    pub payment_method: Text,
}

/// One line of the cart as the checkout sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineBody {
    /// The product's id, as text or as a number.
    #[serde(default)]
    #[schema(inline)]
    pub product_id: ProductRef,
    /// Ignored: the name is the product's own.
    #[allow(dead_code, reason = "accepted as the original client sends it, and ignored")]
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
    /// How many units: a JSON integer from 1 to 1,000,000.
    #[schema(value_type = i32, minimum = 1, maximum = 1_000_000)]
    pub quantity: i64,
    /// The unit price the cart charged, in whole rupees (the cart's pricing rule).
    #[serde(default)]
    #[schema(inline)]
    pub price: CartMoney,
}

/// An order as the checkout sends it (docs/spec.md §3 'Order payload'); figures in whole rupees. The server
/// recomputes every figure and answers 409 with its own when one differs.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceOrderBody {
    /// Ignored: the order belongs to the signed-in customer.
    #[allow(dead_code, reason = "accepted as the original client sends it, and ignored")]
    #[serde(default)]
    #[schema(inline)]
    pub user_id: Text,
    /// Contact and delivery details.
    #[serde(default)]
    pub user_details: Option<UserDetailsBody>,
    /// The cart's lines (1 to 100, each product once); `items` is accepted as another name.
    #[serde(default, alias = "items")]
    pub cart: Option<Vec<OrderLineBody>>,
    /// Sum of unit price × quantity, rounded to whole rupees.
    #[serde(default)]
    #[schema(inline)]
    pub subtotal: CartMoney,
    /// The delivery charge after the free-delivery waiver.
    #[serde(default)]
    #[schema(inline)]
    pub delivery_charge: CartMoney,
    /// The applied coupon's code; null, absent or empty for none.
    #[serde(default)]
    #[schema(inline)]
    pub coupon: Text,
    /// Whole rupees the coupon takes off; 0 or absent without a coupon.
    #[serde(default)]
    #[schema(inline)]
    pub coupon_discount: CartMoney,
    /// subtotal + delivery − coupon discount, at least 0.
    #[serde(default)]
    #[schema(inline)]
    pub total: CartMoney,
}

/// One item of an order, as it was sold.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemResponse {
    pub product_id: String,
    /// The product's name when the order was placed.
    pub name: String,
    pub quantity: i32,
    /// The unit price charged, in whole rupees.
    pub price: i32,
    /// Unit price × quantity, in whole rupees.
    pub line_total: i32,
}

/// The order's contact and delivery details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetailsResponse {
    /// Always `Pakistan`.
    pub country: String,
    pub province: Option<String>,
    pub city: Option<String>,
    /// Whether the city is one of its province's places in the shop's table; false for a city typed that
    /// the table lacks, which the owner checks before booking; null without a city.
    pub city_listed: Option<bool>,
    pub name: String,
    /// The primary phone in its normal form, e.g. `+923001234567`.
    pub phone1: String,
    /// The secondary phone in its normal form, when given.
    pub phone2: Option<String>,
    /// The primary phone as the shopper typed it (trimmed), e.g. `0300-1234567` or `۰۳۰۰-۱۲۳۴۵۶۷`: for
    /// showing and searching beside the normal form.
    pub phone1_typed: String,
    /// The secondary phone as the shopper typed it, when given.
    pub phone2_typed: Option<String>,
    pub email: String,
    pub address: String,
    /// Always `COD`.
    pub payment_method: String,
}

/// A review token of a delivered order: one per product.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewTokenResponse {
    pub product_id: String,
    /// Opens PUBLIC_URL/review?token=...; works once.
    pub token: String,
}

/// One step of an order's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderEventResponse {
    /// The status the order took.
    pub status: OrderStatus,
    /// When, ISO 8601 in UTC.
    pub at: String,
    /// The admin's reason (for a rejection), or null.
    pub comment: Option<String>,
}

/// An order, as the customer and the admin see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// The customer's id.
    pub user_id: String,
    /// `pending`, `approved`, `dispatched`, `delivered`, `rejected` or `returned`.
    pub status: OrderStatus,
    pub cart: Vec<OrderItemResponse>,
    /// Whole rupees.
    pub subtotal: i32,
    /// Whole rupees; 0 is shown as 'Free'.
    pub delivery_charge: i32,
    /// The coupon's code, or null.
    pub coupon: Option<String>,
    /// Whole rupees the coupon took off.
    pub coupon_discount: i32,
    /// Whole rupees charged on delivery.
    pub total: i32,
    pub user_details: UserDetailsResponse,
    /// The latest rejection reason, or null.
    pub admin_comment: Option<String>,
    /// The courier the parcel went with, e.g. `Leopards`; null until the admin gives one (always together
    /// with `trackingNumber`).
    pub courier: Option<String>,
    /// The courier's consignment number, e.g. `LE123456789`; null until the admin gives one.
    pub tracking_number: Option<String>,
    /// The review links' tokens, one per product: only in the answer of the change to `delivered` that made
    /// them (the shop keeps nothing but their SHA-256 digests; the customer gets the links by e-mail), and
    /// empty in every other answer.
    pub review_tokens: Vec<ReviewTokenResponse>,
    /// Every status the order took, oldest first.
    pub history: Vec<OrderEventResponse>,
    /// When the shopper confirmed the order (by the e-mailed link, or on WhatsApp), ISO 8601 in UTC; null
    /// until then.
    pub confirmed_at: Option<String>,
    /// How the shopper confirmed it: `link` (the e-mailed link, or My Orders) or `whatsapp`; null until then.
    #[schema(value_type = Option<String>, example = "whatsapp")]
    pub confirmed_via: Option<&'static str>,
    /// The number the WhatsApp confirmation message went to, as people write it (`0300 1234567`); null when
    /// WhatsApp was off for the order.
    pub whatsapp_to: Option<String>,
    /// ISO 8601 in UTC.
    pub created_at: String,
    /// ISO 8601 in UTC.
    pub updated_at: String,
}

/// An order as the admin sees it: the customer's view, the account's e-mail and its risk score.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderResponse {
    #[serde(flatten)]
    pub order: OrderResponse,
    /// The e-mail of the customer's account: every e-mail about the order goes there. `userDetails.email` is
    /// the address typed in the checkout form; when it differs it is kept for the owner and never mailed.
    pub account_email: String,
    /// The risk score with its reasons: recomputed while the order is pending, kept once it has left.
    pub risk: RiskResponse,
    /// The order's WhatsApp thread; null when WhatsApp is off.
    pub whatsapp: Option<WhatsAppThreadResponse>,
}

/// An order's WhatsApp messages, and what they come to for the list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhatsAppThreadResponse {
    /// Whether the shopper confirmed the order on WhatsApp.
    #[serde(rename = "confirmedOnWhatsApp")]
    pub confirmed_on_whatsapp: bool,
    /// `replied` once the shopper wrote back; else the state of the latest message sent (`queued`, `sent`,
    /// `delivered`, `read`, `failed`); `none` without any message.
    #[schema(example = "delivered")]
    pub state: &'static str,
    /// Oldest first.
    pub messages: Vec<WhatsAppMessageResponse>,
}

/// One WhatsApp message of an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhatsAppMessageResponse {
    /// `out` (the shop sent it) or `in` (the shopper did).
    #[schema(example = "out")]
    pub direction: &'static str,
    /// `confirmation`, `update`, `reply` (a button) or `note` (a text).
    #[schema(example = "confirmation")]
    pub kind: &'static str,
    pub text: String,
    /// `queued`, `sent`, `delivered`, `read`, `failed`, or `received` for the shopper's.
    #[schema(example = "read")]
    pub state: &'static str,
    /// Meta's error of a failed message.
    pub error: Option<String>,
    /// ISO 8601 in UTC.
    pub at: String,
}

impl WhatsAppThreadResponse {
    /// The thread of `order`.
    #[must_use]
    pub fn of(order: &Order, messages: Vec<ThreadMessage>) -> Self {
        let replied = messages.iter().any(|m| !m.kind.outgoing());
        let last_out = messages.iter().rev().find(|m| m.kind.outgoing()).map(|m| m.state.as_str());
        Self {
            confirmed_on_whatsapp: order.confirmed_via == Some(ConfirmedVia::WhatsApp),
            state: if replied { "replied" } else { last_out.unwrap_or("none") },
            messages: messages
                .into_iter()
                .map(|m| WhatsAppMessageResponse {
                    direction: if m.kind.outgoing() { "out" } else { "in" },
                    kind: m.kind.as_str(),
                    text: m.text,
                    state: m.state.as_str(),
                    error: m.error,
                    at: timestamp(m.at),
                })
                .collect(),
        }
    }
}

impl AdminOrderResponse {
    /// `order` for the admin, with its WhatsApp thread when WhatsApp is on.
    #[must_use]
    pub fn with_thread(order: Order, thread: Option<Vec<ThreadMessage>>) -> Self {
        let risk = RiskResponse::from(&order.risk);
        let account_email = order.account_email.as_str().to_owned();
        let whatsapp = thread.map(|messages| WhatsAppThreadResponse::of(&order, messages));
        Self { order: order.into(), account_email, risk, whatsapp }
    }
}

/// A page of orders as the admin sees them.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOrdersResponse {
    /// Always true.
    pub success: bool,
    pub orders: Vec<AdminOrderResponse>,
    /// How many orders match in all.
    pub total: i32,
}

/// A placed order.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceOrderResponse {
    /// Always true.
    pub success: bool,
    /// 'Order placed successfully.'
    pub message: String,
    pub order: OrderResponse,
    /// The hours within which the shopper must confirm the order by its e-mailed link before the owner may
    /// reject it as unconfirmed (the owner's 'Reject unconfirmed orders' setting; 24 unless changed).
    #[serde(rename = "confirmWithinHours")]
    pub confirm_within_hours: i32,
}

/// One line of the server's own figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteLineResponse {
    pub product_id: String,
    /// The product's current name.
    pub name: String,
    /// The quantity the order can have (the stock left when it is short).
    pub quantity: i32,
    /// The current unit price in whole rupees.
    pub price: i32,
}

/// The figures the server would charge now; placing exactly these places the order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteResponse {
    pub cart: Vec<QuoteLineResponse>,
    pub subtotal: i32,
    pub delivery_charge: i32,
    /// The coupon's code, or null when there is none or it no longer applies.
    pub coupon: Option<String>,
    pub coupon_discount: i32,
    pub total: i32,
    /// What changed, in words, e.g. 'Price of Phone Case changed from Rs 900 to Rs 850.'
    pub changes: Vec<String>,
}

/// An order refused because the cart no longer matches the shop: the reason and the server's own figures.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderConflictBody {
    /// e.g. 'Prices or delivery changed since your cart was built. Please check the new total.',
    /// 'Only 2 left of Phone Case.' or 'Product 12 is no longer available.'
    pub message: String,
    /// The figures the server would charge now, when it can give them.
    pub quote: Option<QuoteResponse>,
}

/// A page of orders, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrdersResponse {
    /// Always true.
    pub success: bool,
    pub orders: Vec<OrderResponse>,
    /// How many orders match in all.
    pub total: i32,
    /// The hours, counted from an order's placing, within which the shopper should confirm it (by the e-mailed
    /// link or on WhatsApp) before the owner may reject it as unconfirmed; as `confirmWithinHours` of a placed
    /// order.
    #[serde(rename = "confirmWithinHours")]
    pub confirm_within_hours: i32,
}

/// A status change.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusChangeBody {
    /// The new status: `approved`, `dispatched`, `delivered`, `rejected` or `returned`.
    #[serde(default)]
    #[schema(inline)]
    pub status: Text,
    /// The reason; required for `rejected`.
    #[serde(default)]
    #[schema(inline)]
    pub comment: Text,
}

/// The order after a status change.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatusChangedResponse {
    /// Always true.
    pub success: bool,
    /// 'Order status updated.'
    pub message: String,
    pub order: AdminOrderResponse,
}

/// An order's corrected delivery address (all three fields required).
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeliveryAddressBody {
    /// One of the seven provinces of docs/spec.md §3.
    #[serde(default)]
    #[schema(inline)]
    pub province: Text,
    /// One of the province's places (by its name or another spelling), or a place the table lacks, kept as
    /// typed: 2 to 60 characters of one line with a letter.
    #[serde(default)]
    #[schema(inline)]
    pub city: Text,
    /// The complete delivery address (line breaks allowed, at most 500 characters).
    #[serde(default)]
    #[schema(inline)]
    pub address: Text,
}

/// The order after its delivery address was corrected.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressCorrectedResponse {
    /// Always true.
    pub success: bool,
    /// 'Delivery address updated.'
    pub message: String,
    pub order: AdminOrderResponse,
}

/// A customer's id in the path.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct UidPath {
    /// The signed-in customer's uid.
    #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
    uid: String,
}

impl From<Order> for OrderResponse {
    fn from(order: Order) -> Self {
        let d = order.details;
        Self {
            id: order.id.to_string(),
            user_id: order.customer.to_string(),
            status: order.status.into(),
            cart: order
                .items
                .iter()
                .map(|item| OrderItemResponse {
                    product_id: item.product_id.to_string(),
                    name: item.name.clone(),
                    quantity: wire_int(item.quantity.get()),
                    price: whole_rupees(item.unit_price),
                    line_total: whole_rupees(item.total()),
                })
                .collect(),
            subtotal: whole_rupees(order.subtotal),
            delivery_charge: whole_rupees(order.delivery_charge),
            coupon: order.coupon_code,
            coupon_discount: whole_rupees(order.coupon_discount),
            total: whole_rupees(order.total),
            user_details: UserDetailsResponse {
                country: "Pakistan".into(),
                province: d.province.map(|p| p.name().to_owned()),
                city_listed: d.city_listed(),
                city: d.city,
                name: d.name.as_str().to_owned(),
                phone1: d.phone1.normal().to_owned(),
                phone2: d.phone2.as_ref().map(|p| p.normal().to_owned()),
                phone1_typed: d.phone1.as_typed().to_owned(),
                phone2_typed: d.phone2.map(|p| p.as_typed().to_owned()),
                email: d.email.as_str().to_owned(),
                address: d.address.into_string(),
                payment_method: "COD".into(),
            },
            admin_comment: order.admin_comment,
            courier: order.consignment.as_ref().map(|c| c.courier.as_str().to_owned()),
            tracking_number: order.consignment.as_ref().map(|c| c.tracking_number.as_str().to_owned()),
            review_tokens: order
                .review_tokens
                .into_iter()
                .map(|t| ReviewTokenResponse { product_id: t.product_id.to_string(), token: t.token })
                .collect(),
            history: order
                .history
                .into_iter()
                .map(|e| OrderEventResponse { status: e.status.into(), at: timestamp(e.at), comment: e.comment })
                .collect(),
            confirmed_at: order.confirmed_at.map(timestamp),
            confirmed_via: order.confirmed_via.map(ConfirmedVia::as_str),
            whatsapp_to: order.whatsapp_to.as_ref().map(WhatsAppNumber::local),
            created_at: timestamp(order.created_at),
            updated_at: timestamp(order.updated_at),
        }
    }
}

impl From<PricedQuote> for QuoteResponse {
    fn from(priced: PricedQuote) -> Self {
        let quote = priced.quote;
        let totals = quote.totals();
        Self {
            cart: quote
                .lines()
                .iter()
                .map(|l| QuoteLineResponse {
                    product_id: l.product_id.to_string(),
                    name: l.name.clone(),
                    quantity: wire_int(l.line.quantity().get()),
                    price: whole_rupees(l.line.tag().unit_price()),
                })
                .collect(),
            subtotal: whole_rupees(totals.subtotal()),
            delivery_charge: whole_rupees(totals.delivery_charge()),
            coupon: quote.coupon().map(|c| c.as_str().to_owned()),
            coupon_discount: whole_rupees(totals.coupon_discount()),
            total: whole_rupees(totals.grand_total()),
            changes: priced.changes,
        }
    }
}
