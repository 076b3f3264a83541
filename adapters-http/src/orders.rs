//! Checkout and orders (CONTRACT.md §4, docs/orders.md): placing an order, a customer's orders, the admin's
//! list and status changes.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use application::common::page::Page;
use application::orders::change_status::{ChangeStatusError, STATUS_UPDATED};
use application::orders::list_orders::{ListOrdersError, OrderPage};
use application::orders::model::{
    delivery_address, ContactDetails, Destination, IdempotencyKey, IdempotencyKeyError, Order, OrderFilter,
    OrderRequest, OrderSort, RequestedLine,
};
use application::orders::place_order::{PlaceOrderError, PricedQuote, ORDER_PLACED};
use application::orders::service::Orders;
use domain::checkout::{ClientFigures, ClientLine};
use domain::contact::{Email, PersonName, Phone};
use domain::coupon::CouponCode;
use domain::ids::{CustomerId, IdError, OrderId};
use domain::locations::{Location, LocationError, Province};
use domain::money::Rupees;
use domain::order_status::OrderStatus;
use domain::stock::Quantity;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::dto::{timestamp, whole_rupees, OrderIdPath, RiskResponse};
use crate::error::{ApiError, ErrorBody};
use crate::forms::{CartMoney, Field, JsonRupees, ProductRef, Text};
use crate::json::Json;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(place_order)
        .service(customer_orders)
        .service(customer_orders_api)
        .service(admin_orders)
        .service(change_order_status);
}

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
    /// One of the seven provinces of SPEC.md §3 (optional).
    #[serde(default)]
    #[schema(inline)]
    pub province: Text,
    /// One of the province's cities (optional; needs a province).
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

/// An order as the checkout sends it (SPEC.md §3 'Order payload'); figures in whole rupees. The server
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
    pub name: String,
    /// The primary phone in its normal form, e.g. `+923001234567`.
    pub phone1: String,
    /// The secondary phone in its normal form, when given.
    pub phone2: Option<String>,
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
    pub status: String,
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
    pub status: String,
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
    /// When the shopper confirmed the order by the e-mailed link, ISO 8601 in UTC; null until then.
    pub confirmed_at: Option<String>,
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
}

impl From<Order> for AdminOrderResponse {
    fn from(order: Order) -> Self {
        let risk = RiskResponse::from(&order.risk);
        let account_email = order.account_email.clone();
        Self { order: order.into(), account_email, risk }
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

/// Paging of a customer's orders.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerOrdersQuery {
    /// How many orders at most, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many orders to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// Filtering, order and paging of the admin's list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
#[into_params(rename_all = "camelCase")]
pub struct AdminOrdersQuery {
    /// Only orders with this status; empty for all.
    #[param(pattern = "^(pending|approved|dispatched|delivered|rejected|returned)?$")]
    pub status: Option<String>,
    /// A case-insensitive part of the id, name, phone1 (as typed or normalised), phone2, e-mail, city or
    /// status; a Pakistani phone number in any writing also matches either phone. Only the first 200
    /// characters count.
    pub q: Option<String>,
    /// `newest` (default) or `risk`: highest risk score first, then newest.
    #[param(pattern = "^(newest|risk)?$")]
    pub sort: Option<String>,
    /// Only orders scoring at least this, 0 to 100 (leading zeros allowed); empty for all.
    #[param(pattern = "^(0*([0-9]|[1-9][0-9]|100))?$")]
    pub min_risk: Option<String>,
    /// `true`: only orders the shopper confirmed; `false`: only unconfirmed ones.
    #[param(pattern = "^(true|false)?$")]
    pub confirmed: Option<String>,
    /// How many orders at most, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many orders to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
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

/// The `Idempotency-Key` header.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
pub struct IdempotencyKeyHeader {
    /// 1 to 200 visible ASCII characters; a retry with the same key and body answers the first order.
    #[param(rename = "Idempotency-Key", min_length = 1, max_length = 200, pattern = "^[!-~]+$")]
    idempotency_key: Option<String>,
}

/// Collects field errors so one answer names every field at fault.
#[derive(Default)]
struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    fn add(&mut self, field: impl Into<String>, message: impl ToString) {
        self.0.entry(field.into()).or_default().push(message.to_string());
    }

    /// `Ok(value)` when nothing was added; a 400 naming every field otherwise, its message the first one's.
    fn finish<T>(self, value: impl FnOnce() -> T) -> Result<T, ApiError> {
        match self.0.values().next().and_then(|messages| messages.first()).cloned() {
            None => Ok(value()),
            Some(message) => Err(ApiError::BadRequest { message, errors: Some(self.0) }),
        }
    }
}

/// The text of a field (`""` when absent or blank), or `None` with an error noted when it is not text.
fn text_of<'a>(field: &'a Text, name: &str, errors: &mut FieldErrors) -> Option<&'a str> {
    if matches!(field, Field::Invalid) {
        errors.add(name, format!("{name} must be text."));
        return None;
    }
    Some(field.text().unwrap_or_default())
}

impl UserDetailsBody {
    fn details(&self, errors: &mut FieldErrors) -> Option<ContactDetails> {
        let field = |name: &str| format!("userDetails.{name}");
        let name = text_of(&self.name, &field("name"), errors)
            .and_then(|text| PersonName::parse(text).map_err(|e| errors.add(field("name"), e)).ok());
        let phone1 = text_of(&self.phone1, &field("phone1"), errors)
            .and_then(|text| Phone::parse_mobile(text).map_err(|e| errors.add(field("phone1"), e)).ok());
        let phone2 = text_of(&self.phone2, &field("phone2"), errors).and_then(|text| match text {
            "" => Some(None),
            typed => Phone::parse(typed).map(Some).map_err(|e| errors.add(field("phone2"), e)).ok(),
        });
        let email = text_of(&self.email, &field("email"), errors)
            .and_then(|text| Email::parse(text).map_err(|e| errors.add(field("email"), e)).ok());
        let address = text_of(&self.address, &field("address"), errors)
            .and_then(|text| delivery_address(text).map_err(|e| errors.add(field("address"), e)).ok());
        let province = text_of(&self.province, &field("province"), errors);
        let city = text_of(&self.city, &field("city"), errors);
        let destination = match (province?, city?) {
            ("", "") => Some(Destination::Unstated),
            ("", _) => {
                errors.add(field("city"), LocationError::CityWithoutProvince);
                None
            }
            (province, "") => province
                .parse::<Province>()
                .map(Destination::Province)
                .map_err(|e| errors.add(field("province"), e))
                .ok(),
            (province, city) => match province.parse::<Province>() {
                Err(e) => {
                    errors.add(field("province"), e);
                    None
                }
                Ok(province) => {
                    Location::new(province, city).map(Destination::City).map_err(|e| errors.add(field("city"), e)).ok()
                }
            },
        };
        Some(ContactDetails {
            destination: destination?,
            name: name?,
            phone1: phone1?,
            phone2: phone2?,
            email: email?,
            address: address?,
        })
    }
}

/// A figure the checkout must send, in rupees.
fn figure(value: &CartMoney, name: &str, errors: &mut FieldErrors) -> Rupees {
    match value {
        Field::Given(JsonRupees(amount)) => *amount,
        Field::Absent | Field::Empty => {
            errors.add(name, format!("{name} is required."));
            Rupees::ZERO
        }
        Field::Invalid => {
            errors.add(name, format!("{name} must be a number of rupees, 0 or more."));
            Rupees::ZERO
        }
    }
}

impl PlaceOrderBody {
    fn request(
        &self,
        customer: CustomerId,
        account_email: Email,
        key: Option<IdempotencyKey>,
    ) -> Result<OrderRequest, ApiError> {
        let mut errors = FieldErrors::default();
        let details = self.user_details.as_ref().unwrap_or(&UserDetailsBody::default()).details(&mut errors);
        let mut lines = Vec::new();
        let mut prices = Vec::new();
        for (i, line) in self.cart.iter().flatten().enumerate() {
            let field = |name: &str| format!("cart[{i}].{name}");
            let product = line.product_id.cloned_given();
            if product.is_none() {
                errors.add(field("productId"), format!("{} must be a product's id.", field("productId")));
            }
            let quantity = Quantity::try_from(line.quantity).map_err(|e| errors.add(field("quantity"), e)).ok();
            let price = figure(&line.price, &field("price"), &mut errors);
            if let (Some(product_id), Some(quantity)) = (product, quantity) {
                lines.push(RequestedLine { product_id, quantity });
                prices.push(ClientLine { product_id, unit_price: price });
            }
        }
        let subtotal = figure(&self.subtotal, "subtotal", &mut errors);
        let delivery_charge = figure(&self.delivery_charge, "deliveryCharge", &mut errors);
        let total = figure(&self.total, "total", &mut errors);
        let coupon_discount = match &self.coupon_discount {
            Field::Absent | Field::Empty => Rupees::ZERO,
            given => figure(given, "couponDiscount", &mut errors),
        };
        let coupon = match text_of(&self.coupon, "coupon", &mut errors) {
            None | Some("") => None,
            Some(code) => CouponCode::parse(code).map_err(|e| errors.add("coupon", e)).ok(),
        };
        let request = errors.finish(|| {
            details.map(|details| OrderRequest {
                customer,
                details,
                lines,
                figures: ClientFigures { lines: prices, subtotal, delivery_charge, coupon, coupon_discount, total },
                idempotency_key: key,
                account_email,
            })
        })?;
        request.ok_or_else(|| ApiError::Internal("the user details were refused without naming a field".into()))
    }
}

fn count(n: impl TryInto<i32>) -> i32 {
    n.try_into().unwrap_or(i32::MAX)
}

impl From<Order> for OrderResponse {
    fn from(order: Order) -> Self {
        let d = order.details;
        Self {
            id: order.id.to_string(),
            user_id: order.customer.to_string(),
            status: order.status.as_str().to_owned(),
            cart: order
                .items
                .iter()
                .map(|item| OrderItemResponse {
                    product_id: item.product_id.to_string(),
                    name: item.name.clone(),
                    quantity: count(item.quantity.get()),
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
                province: d.province,
                city: d.city,
                name: d.name,
                phone1: d.phone1_normal,
                phone2: d.phone2_normal,
                email: d.email,
                address: d.address,
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
                .map(|e| OrderEventResponse {
                    status: e.status.as_str().to_owned(),
                    at: timestamp(e.at),
                    comment: e.comment,
                })
                .collect(),
            confirmed_at: order.confirmed_at.map(timestamp),
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
                    quantity: count(l.line.quantity().get()),
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

/// The answer to an order that was not placed: the contract's error body, with the server's quote where
/// the shopper can act on it.
fn refused(err: PlaceOrderError) -> Result<HttpResponse, ApiError> {
    let with_quote = |status: StatusCode, message: String, quote: Box<PricedQuote>| {
        Ok(HttpResponse::build(status).json(OrderConflictBody { message, quote: Some((*quote).into()) }))
    };
    let message = err.to_string();
    match err {
        PlaceOrderError::EmptyCart | PlaceOrderError::TooManyLines | PlaceOrderError::DuplicateProduct(_) => {
            Err(ApiError::invalid_field("cart", message))
        }
        PlaceOrderError::FiguresChanged { quote } | PlaceOrderError::OutOfStock { quote, .. } => {
            with_quote(StatusCode::CONFLICT, message, quote)
        }
        PlaceOrderError::UnknownProduct { quote, .. } => with_quote(StatusCode::NOT_FOUND, message, quote),
        PlaceOrderError::KeyReused => Ok(HttpResponse::Conflict().json(OrderConflictBody { message, quote: None })),
        PlaceOrderError::Blocked => Err(ApiError::Forbidden(message)),
        PlaceOrderError::TooManyUnits { line, .. } => {
            Err(ApiError::invalid_field(&format!("cart[{line}].quantity"), message))
        }
        PlaceOrderError::TooManyOrders(reached) => Err(ApiError::too_many(message, reached.retry_after())),
        PlaceOrderError::Unexpected(source) => Err(ApiError::Internal(Box::new(source))),
    }
}

impl From<ListOrdersError> for ApiError {
    fn from(err: ListOrdersError) -> Self {
        match err {
            ListOrdersError::NotYours => Self::Forbidden(err.to_string()),
            ListOrdersError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<ChangeStatusError> for ApiError {
    fn from(err: ChangeStatusError) -> Self {
        match err {
            ChangeStatusError::ReasonRequired(_) | ChangeStatusError::CommentText(_) => {
                Self::invalid_field("comment", err.to_string())
            }
            ChangeStatusError::NotFound => Self::NotFound(err.to_string()),
            ChangeStatusError::NotAllowed(_) => Self::Conflict(err.to_string()),
            ChangeStatusError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// The default page size of the order lists.
const ORDERS_PER_PAGE: i32 = 20;

fn orders_page(limit: Option<i32>, offset: Option<i32>) -> Result<Page, ApiError> {
    Ok(crate::dto::page_of(Some(limit.unwrap_or(ORDERS_PER_PAGE)), offset)?)
}

fn orders_answer(page: OrderPage) -> HttpResponse {
    HttpResponse::Ok().json(OrdersResponse {
        success: true,
        total: count(page.total),
        orders: page.orders.into_iter().map(OrderResponse::from).collect(),
    })
}

async fn list_customer_orders(
    customer: CustomerSession,
    orders: web::Data<Orders>,
    uid: web::Path<String>,
    query: web::Query<CustomerOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    let owner: CustomerId = uid.parse().map_err(|e: IdError| ApiError::invalid_field("uid", e.to_string()))?;
    let page = orders.customer_orders(customer.0.id, owner, orders_page(query.limit, query.offset)?).await?;
    Ok(orders_answer(page))
}

/// Places an order for the signed-in customer: cash on delivery, priced by the server.
#[utoipa::path(
    tag = "orders",
    operation_id = "placeOrder",
    params(IdempotencyKeyHeader),
    request_body = PlaceOrderBody,
    responses(
        (status = 201, description = "Placed (or, for a repeated Idempotency-Key with the same body, the order placed first)", body = PlaceOrderResponse),
        (status = 400, description = "Bad input: a missing or malformed field of userDetails, a quantity that is not a whole number from 1 to 1,000,000, a product listed twice, an empty cart, a malformed Idempotency-Key; or more of one product than the owner allows in one order ('You can order at most 10 of one item. Please contact us for larger orders.', under `cart[i].quantity`; nothing is taken or stored)", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin, or a phone or e-mail of the order (or the account's e-mail) is on the blocklist: 'Sorry, we can't take this order for cash on delivery. Please contact us if you need help.' (the attempt is recorded; nothing else is stored)", body = ErrorBody),
        (status = 404, description = "A product of the cart is unknown or deleted; `quote` holds the figures without it", body = OrderConflictBody),
        (status = 409, description = "A price, the delivery charge, the coupon or the stock changed since the cart was built (`quote` holds the server's figures), or the Idempotency-Key was used for a different order", body = OrderConflictBody),
        (status = 429, description = "The account (or the order's primary phone) has as many orders waiting for approval as the owner allows, or the account placed as many orders in the last 24 hours; the message says which and what to do; `Retry-After` gives the seconds to wait. Nothing is taken or stored", body = ErrorBody),
    )
)]
#[post("/api/orders")]
pub async fn place_order(
    req: HttpRequest,
    customer: CustomerSession,
    orders: web::Data<Orders>,
    body: Json<PlaceOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let key = match req.headers().get("idempotency-key") {
        None => None,
        Some(value) => Some(
            value
                .to_str()
                .ok()
                .and_then(|v| IdempotencyKey::parse(v).ok())
                .ok_or_else(|| ApiError::invalid_field("Idempotency-Key", IdempotencyKeyError.to_string()))?,
        ),
    };
    let account_email = Email::parse(&customer.0.email).map_err(|e| ApiError::Internal(Box::new(e)))?;
    let request = body.request(customer.0.id, account_email, key)?;
    match orders.place(request).await {
        Ok(order) => Ok(HttpResponse::Created().json(PlaceOrderResponse {
            success: true,
            message: ORDER_PLACED.into(),
            order: order.into(),
        })),
        Err(err) => refused(err),
    }
}

/// The signed-in customer's orders, newest first.
#[utoipa::path(
    tag = "orders",
    operation_id = "customerOrders",
    params(UidPath, CustomerOrdersQuery),
    responses(
        (status = 200, description = "A page of the customer's orders", body = OrdersResponse),
        (status = 400, description = "A malformed uid or paging parameter", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "The uid is another customer's", body = ErrorBody),
    )
)]
#[get("/orders/user/{uid}")]
pub async fn customer_orders(
    customer: CustomerSession,
    orders: web::Data<Orders>,
    uid: web::Path<String>,
    query: web::Query<CustomerOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    list_customer_orders(customer, orders, uid, query).await
}

/// The signed-in customer's orders, newest first (the same as `GET /orders/user/{uid}`).
#[utoipa::path(
    tag = "orders",
    operation_id = "customerOrdersApi",
    params(UidPath, CustomerOrdersQuery),
    responses(
        (status = 200, description = "A page of the customer's orders", body = OrdersResponse),
        (status = 400, description = "A malformed uid or paging parameter", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "The uid is another customer's", body = ErrorBody),
    )
)]
#[get("/api/orders/user/{uid}")]
pub async fn customer_orders_api(
    customer: CustomerSession,
    orders: web::Data<Orders>,
    uid: web::Path<String>,
    query: web::Query<CustomerOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    list_customer_orders(customer, orders, uid, query).await
}

/// Every order, newest first or by risk, filtered by status, risk score and confirmation, and searched.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminOrders",
    params(AdminOrdersQuery),
    responses(
        (status = 200, description = "A page of orders with their risk scores", body = AdminOrdersResponse),
        (status = 400, description = "An unknown status or sort, a minRisk that is not a whole number from 0 to 100, a confirmed other than true or false, or a paging parameter out of range", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/orders")]
pub async fn admin_orders(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    query: web::Query<AdminOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let status = match query.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(text.parse::<OrderStatus>().map_err(|e| ApiError::invalid_field("status", e.to_string()))?),
    };
    let sort = match query.sort.as_deref().unwrap_or_default() {
        "" | "newest" => OrderSort::Newest,
        "risk" => OrderSort::Risk,
        _ => return Err(ApiError::invalid_field("sort", "sort must be newest or risk.")),
    };
    let min_risk = match query.min_risk.as_deref().unwrap_or_default() {
        "" => None,
        text => Some(
            text.parse::<u8>()
                .ok()
                .filter(|n| *n <= domain::risk::MAX_SCORE)
                .ok_or_else(|| ApiError::invalid_field("minRisk", "minRisk must be a whole number from 0 to 100."))?,
        ),
    };
    let confirmed = match query.confirmed.as_deref().unwrap_or_default() {
        "" => None,
        "true" => Some(true),
        "false" => Some(false),
        _ => return Err(ApiError::invalid_field("confirmed", "confirmed must be true or false.")),
    };
    let filter = OrderFilter { sort, min_risk, confirmed, status, search: query.q, phone: None };
    let page = orders.all_orders(filter, orders_page(query.limit, query.offset)?).await?;
    Ok(HttpResponse::Ok().json(AdminOrdersResponse {
        success: true,
        total: count(page.total),
        orders: page.orders.into_iter().map(AdminOrderResponse::from).collect(),
    }))
}

/// Moves an order to its next status (SPEC.md §4); a rejection needs a reason.
#[utoipa::path(
    tag = "admin",
    operation_id = "changeOrderStatus",
    params(OrderIdPath),
    request_body = StatusChangeBody,
    responses(
        (status = 200, description = "Changed", body = StatusChangedResponse),
        (status = 400, description = "An unknown status, or a rejection without a reason ('Rejection reason is required.')", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "No order has this id", body = ErrorBody),
        (status = 409, description = "The order's current status does not allow this change (or it was just changed by another request)", body = ErrorBody),
    )
)]
#[put("/api/orders/{id}/status")]
pub async fn change_order_status(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    id: web::Path<String>,
    body: Json<StatusChangeBody>,
) -> Result<HttpResponse, ApiError> {
    let id: OrderId = id.parse()?;
    let status: OrderStatus = body.status.required("status")?;
    let comment = match &body.comment {
        Field::Invalid => return Err(ApiError::invalid_field("comment", "comment must be text.")),
        other => other.text().map(str::to_owned),
    };
    let order = orders.change_status(id, status, comment).await?;
    Ok(HttpResponse::Ok().json(StatusChangedResponse {
        success: true,
        message: STATUS_UPDATED.into(),
        order: order.into(),
    }))
}
