//! The handlers of checkout and orders: placing an order, a customer's orders (at both of their
//! addresses), the admin's list and status changes.

use actix_web::dev::{AppService, HttpServiceFactory};
use actix_web::http::StatusCode;
use actix_web::{get, guard, post, put, web, HttpResponse, Resource};
use application::orders::change_status::{ChangeStatusError, STATUS_UPDATED};
use application::orders::correct_address::{CorrectAddressError, ADDRESS_CORRECTED};
use application::orders::list_orders::{ListOrdersError, OrderPage};
use application::orders::model::OrderRequest;
use application::orders::place_order::{PlaceOrderError, PricedQuote, ORDER_PLACED};
use application::orders::service::Orders;
use domain::contact::Email;
use domain::ids::{CustomerId, IdError, OrderId};
use domain::order_status::OrderStatus;
use utoipa::openapi::path::Paths;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa_actix_web::OpenApiFactory;

use super::dto::{
    AddressCorrectedResponse, AdminOrderResponse, AdminOrdersResponse, DeliveryAddressBody, OrderConflictBody,
    OrderResponse, OrdersResponse, PlaceOrderBody, PlaceOrderResponse, StatusChangeBody, StatusChangedResponse,
    UidPath,
};
use super::parse::{orders_page, AdminOrderList, AdminOrdersQuery, CustomerOrdersQuery, IdempotencyKeyHeader};
use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::dto::{wire_int, OrderIdPath};
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Field;
use crate::infra::json::Json;
use crate::infra::language::RequestLanguage;
use crate::infra::query::TypedQuery;

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

impl From<CorrectAddressError> for ApiError {
    fn from(err: CorrectAddressError) -> Self {
        match err {
            CorrectAddressError::NotFound => Self::NotFound(err.to_string()),
            CorrectAddressError::Departed { .. } => Self::Conflict(err.to_string()),
            CorrectAddressError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

fn orders_answer(page: OrderPage, confirm_within_hours: u32) -> HttpResponse {
    HttpResponse::Ok().json(OrdersResponse {
        success: true,
        total: wire_int(page.total),
        orders: page.orders.into_iter().map(OrderResponse::from).collect(),
        confirm_within_hours: wire_int(confirm_within_hours),
    })
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
    customer: CustomerSession,
    orders: web::Data<Orders>,
    body: Json<PlaceOrderBody>,
    key: IdempotencyKeyHeader,
    language: RequestLanguage,
) -> Result<HttpResponse, ApiError> {
    let key = key.parsed()?;
    let account_email = Email::parse(&customer.0.email).map_err(|e| ApiError::Internal(Box::new(e)))?;
    // The order's e-mails and WhatsApp messages speak the language of the page it was placed from.
    let request = OrderRequest { language: language.0, ..body.request(customer.0.id, account_email, key)? };
    match orders.place(request).await {
        Ok(order) => {
            // What the confirmation page promises: the hours the e-mailed link works (decisions/0037).
            let hours = orders.cod_settings().await?.reject_unconfirmed_after_hours();
            Ok(HttpResponse::Created().json(PlaceOrderResponse {
                success: true,
                message: ORDER_PLACED.to_string(),
                order: order.into(),
                confirm_within_hours: wire_int(hours),
            }))
        }
        Err(err) => refused(err),
    }
}

/// Where a customer's orders are listed; the second address is the same list, under `/api`.
const CUSTOMER_ORDERS: &str = "/orders/user/{uid}";
const CUSTOMER_ORDERS_API: &str = "/api/orders/user/{uid}";

/// The signed-in customer's orders, newest first.
#[utoipa::path(
    get,
    path = "/orders/user/{uid}",
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
pub async fn customer_orders(
    customer: CustomerSession,
    orders: web::Data<Orders>,
    uid: web::Path<String>,
    query: web::Query<CustomerOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    let owner: CustomerId = uid.parse().map_err(|e: IdError| ApiError::invalid_field("uid", e.to_string()))?;
    let page = orders.customer_orders(customer.0.id, owner, orders_page(query.limit, query.offset)?).await?;
    let hours = orders.cod_settings().await?.reject_unconfirmed_after_hours();
    Ok(orders_answer(page, hours))
}

/// The customer's orders at both of their addresses: one handler, and in the document one operation per
/// address (`customerOrders` and `customerOrdersApi`).
pub struct CustomerOrders;

impl HttpServiceFactory for CustomerOrders {
    fn register(self, config: &mut AppService) {
        for (path, name) in [(CUSTOMER_ORDERS, "customer_orders"), (CUSTOMER_ORDERS_API, "customer_orders_api")] {
            Resource::new(path).name(name).guard(guard::Get()).to(customer_orders).register(config);
        }
    }
}

impl OpenApiFactory for CustomerOrders {
    fn paths(&self) -> Paths {
        let mut paths = OpenApiFactory::paths(&__path_customer_orders);
        let mut api = paths.paths[CUSTOMER_ORDERS].clone();
        if let Some(operation) = api.get.as_mut() {
            operation.operation_id = Some("customerOrdersApi".into());
            operation.summary =
                Some("The signed-in customer's orders, newest first (the same as `GET /orders/user/{uid}`).".into());
        }
        paths.paths.insert(CUSTOMER_ORDERS_API.into(), api);
        paths
    }

    fn schemas(&self, schemas: &mut Vec<(String, RefOr<Schema>)>) {
        OpenApiFactory::schemas(&__path_customer_orders, schemas);
    }
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
    query: TypedQuery<AdminOrderList>,
) -> Result<HttpResponse, ApiError> {
    let list = query.parsed()?;
    let page = orders.all_orders(list.filter, list.page).await?;
    let ids: Vec<OrderId> = page.orders.iter().map(|o| o.id).collect();
    let mut threads = orders.whatsapp_threads(&ids).await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    Ok(HttpResponse::Ok().json(AdminOrdersResponse {
        success: true,
        total: wire_int(page.total),
        orders: page
            .orders
            .into_iter()
            .map(|order| {
                let thread = threads.as_mut().map(|t| t.remove(&order.id).unwrap_or_default());
                AdminOrderResponse::with_thread(order, thread)
            })
            .collect(),
    }))
}

/// Moves an order to its next status (docs/spec.md §4); a rejection needs a reason.
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
    let thread = orders.whatsapp_thread(id).await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    Ok(HttpResponse::Ok().json(StatusChangedResponse {
        success: true,
        message: STATUS_UPDATED.into(),
        order: AdminOrderResponse::with_thread(order, thread),
    }))
}

/// Corrects an order's province, city and address before it leaves the shop (pending or approved); the
/// order's history records what changed, old → new. A city the table lacks is kept as typed and stays
/// flagged (`userDetails.cityListed` false).
#[utoipa::path(
    tag = "admin",
    operation_id = "correctDeliveryAddress",
    params(OrderIdPath),
    request_body = DeliveryAddressBody,
    responses(
        (status = 200, description = "Corrected (or already so: nothing is recorded)", body = AddressCorrectedResponse),
        (status = 400, description = "A missing or unknown province, a missing city or one that cannot be a place's name ('City must be 2 to 60 characters.'), a blank or too long address; every field at fault under `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "No order has this id", body = ErrorBody),
        (status = 409, description = "The order has left the shop ('Order #12 is dispatched: its delivery address can no longer be changed.')", body = ErrorBody),
    )
)]
#[put("/api/orders/{id}/delivery-address")]
pub async fn correct_delivery_address(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    id: web::Path<String>,
    body: Json<DeliveryAddressBody>,
) -> Result<HttpResponse, ApiError> {
    let id: OrderId = id.parse()?;
    let corrected = body.corrected()?;
    let order = orders.correct_address(id, corrected).await?;
    let thread = orders.whatsapp_thread(id).await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    Ok(HttpResponse::Ok().json(AddressCorrectedResponse {
        success: true,
        message: ADDRESS_CORRECTED.into(),
        order: AdminOrderResponse::with_thread(order, thread),
    }))
}
