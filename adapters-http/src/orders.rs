//! Checkout and orders (CONTRACT.md §4, docs/orders.md): placing an order, a customer's orders, the admin's
//! list and status changes.

use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::error::{ApiError, ErrorBody};
use crate::forms::{CartMoney, ProductRef, Text};
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
    /// One per product once the order is delivered; empty before.
    pub review_tokens: Vec<ReviewTokenResponse>,
    /// Every status the order took, oldest first.
    pub history: Vec<OrderEventResponse>,
    /// ISO 8601 in UTC.
    pub created_at: String,
    /// ISO 8601 in UTC.
    pub updated_at: String,
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
    pub order: OrderResponse,
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

/// Filtering and paging of the admin's list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminOrdersQuery {
    /// Only orders with this status.
    pub status: Option<String>,
    /// A case-insensitive part of the id, name, phone1 (as typed or normalised), phone2, e-mail, city or
    /// status.
    #[param(max_length = 200)]
    pub q: Option<String>,
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

/// An order's id in the path.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct OrderIdPath {
    /// The order's id.
    #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
    id: String,
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

fn not_yet() -> ApiError {
    ApiError::Unavailable("Orders are not available yet.".into())
}

/// Places an order for the signed-in customer: cash on delivery, priced by the server.
#[utoipa::path(
    tag = "orders",
    operation_id = "placeOrder",
    params(IdempotencyKeyHeader),
    request_body = PlaceOrderBody,
    responses(
        (status = 201, description = "Placed (or, for a repeated Idempotency-Key with the same body, the order placed first)", body = PlaceOrderResponse),
        (status = 400, description = "Bad input: a missing or malformed field of userDetails, a quantity that is not a whole number from 1 to 1,000,000, a product listed twice, an empty cart, a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "A product of the cart is unknown or deleted; `quote` holds the figures without it", body = OrderConflictBody),
        (status = 409, description = "A price, the delivery charge, the coupon or the stock changed since the cart was built (`quote` holds the server's figures), or the Idempotency-Key was used for a different order", body = OrderConflictBody),
    )
)]
#[post("/api/orders")]
pub async fn place_order(
    _req: HttpRequest,
    _customer: CustomerSession,
    _body: Json<PlaceOrderBody>,
) -> Result<HttpResponse, ApiError> {
    Err(not_yet())
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
    _customer: CustomerSession,
    _uid: web::Path<String>,
    _query: web::Query<CustomerOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    Err(not_yet())
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
    _customer: CustomerSession,
    _uid: web::Path<String>,
    _query: web::Query<CustomerOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    Err(not_yet())
}

/// Every order, newest first, filtered by status and searched.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminOrders",
    params(AdminOrdersQuery),
    responses(
        (status = 200, description = "A page of orders", body = OrdersResponse),
        (status = 400, description = "An unknown status or a paging parameter out of range", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/orders")]
pub async fn admin_orders(
    _admin: AdminSession,
    _query: web::Query<AdminOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    Err(not_yet())
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
    _id: web::Path<String>,
    _body: Json<StatusChangeBody>,
) -> Result<HttpResponse, ApiError> {
    Err(not_yet())
}
