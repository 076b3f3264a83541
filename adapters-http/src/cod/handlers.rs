//! The handlers of the COD checks: an order's contact history, the confirmation link, rejecting unconfirmed
//! orders, and the COD settings.

use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use application::orders::confirm::{confirmed_message, ConfirmError, RejectUnconfirmedError};
use application::orders::related::RelatedError;
use application::orders::service::Orders;
use domain::ids::OrderId;

use super::dto::{
    CodSettingsBody, CodSettingsResponse, ConfirmBody, ConfirmedResponse, RejectUnconfirmedBody,
    RejectedUnconfirmedResponse, RelatedResponse,
};
use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::dto::OrderIdPath;
use crate::infra::edges::personal;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::json::Json;
use crate::infra::session::check_origin;

impl From<ConfirmError> for ApiError {
    fn from(err: ConfirmError) -> Self {
        match err {
            ConfirmError::Invalid => Self::NotFound(err.to_string()),
            ConfirmError::AlreadyConfirmed | ConfirmError::Expired => Self::Gone(err.to_string()),
            ConfirmError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<RelatedError> for ApiError {
    fn from(err: RelatedError) -> Self {
        match err {
            RelatedError::NotFound => Self::NotFound(err.to_string()),
            RelatedError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<RejectUnconfirmedError> for ApiError {
    fn from(err: RejectUnconfirmedError) -> Self {
        Self::Internal(Box::new(err))
    }
}

/// What the other orders of this order's primary phone and e-mail did.
#[utoipa::path(
    tag = "admin",
    operation_id = "relatedOrders",
    params(OrderIdPath),
    responses(
        (status = 200, description = "Counts over every other order of the phone and of the e-mail (of any account, confirmed or not), and the 20 newest of each, labelled", body = RelatedResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No order has this id: 'Order not found.'", body = ErrorBody),
    )
)]
#[get("/api/orders/{id}/related")]
pub async fn related_orders(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let history = orders.related(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(RelatedResponse {
        success: true,
        phone: history.phone,
        email: history.email,
        by_phone: history.by_phone.into(),
        by_email: history.by_email.into(),
    }))
}

/// Confirms an order by the token of its e-mailed link; no session needed. Two clicks at once confirm once.
#[utoipa::path(
    tag = "orders",
    operation_id = "confirmOrder",
    params(OrderIdPath),
    request_body = ConfirmBody,
    responses(
        (status = 200, description = "Confirmed", body = ConfirmedResponse),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "An unknown order, a malformed token or another order's token: 'This confirmation link is not valid.'", body = ErrorBody),
        (status = 410, description = "Used before ('This order is already confirmed.'), or the order is no longer pending or past its approval window ('This confirmation link has expired.')", body = ErrorBody),
    )
)]
#[post("/api/orders/{id}/confirm")]
pub async fn confirm_order(
    req: HttpRequest,
    orders: web::Data<Orders>,
    id: web::Path<String>,
    body: Json<ConfirmBody>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    let id: OrderId = id.parse().map_err(|_| ApiError::from(ConfirmError::Invalid))?;
    let token = body.token.text().unwrap_or_default();
    let confirmed = orders.confirm(id, token).await?;
    Ok(HttpResponse::Ok().json(ConfirmedResponse {
        success: true,
        message: confirmed_message(confirmed),
        order_id: confirmed.to_string(),
    }))
}

/// Confirms the signed-in customer's own order ('Confirm my order' in My Orders): the e-mailed link goes to the
/// account's address, so the session proves what the link's click would.
#[utoipa::path(
    tag = "orders",
    operation_id = "confirmMyOrder",
    params(OrderIdPath),
    responses(
        (status = 200, description = "Confirmed", body = ConfirmedResponse),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "A malformed id, an unknown order, another customer's order, or one placed before confirmation links: 'This confirmation link is not valid.'", body = ErrorBody),
        (status = 410, description = "Confirmed before ('This order is already confirmed.'), or the order is no longer pending or past its confirmation window ('This confirmation link has expired.')", body = ErrorBody),
    )
)]
#[post("/api/orders/{id}/confirm-mine")]
pub async fn confirm_my_order(
    req: HttpRequest,
    customer: CustomerSession,
    orders: web::Data<Orders>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    check_origin(&req)?;
    let id: OrderId = id.parse().map_err(|_| ApiError::from(ConfirmError::Invalid))?;
    let confirmed = orders.confirm_own(id, customer.0.id).await?;
    Ok(HttpResponse::Ok().json(ConfirmedResponse {
        success: true,
        message: confirmed_message(confirmed),
        order_id: confirmed.to_string(),
    }))
}

/// Rejects every pending, unconfirmed order placed more than the setting's hours ago, each with the usual
/// restock, coupon release, history entry and e-mail.
#[utoipa::path(
    tag = "admin",
    operation_id = "rejectUnconfirmedOrders",
    request_body = RejectUnconfirmedBody,
    responses(
        (status = 200, description = "The orders rejected (none is an answer too)", body = RejectedUnconfirmedResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
    )
)]
#[post("/api/orders/reject-unconfirmed")]
pub async fn reject_unconfirmed(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    _body: Json<RejectUnconfirmedBody>,
) -> Result<HttpResponse, ApiError> {
    let done = orders.reject_unconfirmed().await?;
    Ok(HttpResponse::Ok().json(RejectedUnconfirmedResponse {
        success: true,
        message: done.message(),
        rejected: done.rejected.iter().map(ToString::to_string).collect(),
    }))
}

/// The rules of the risk score, as set, the confirmation hours and the limits on orders.
#[utoipa::path(
    tag = "admin",
    operation_id = "getCodSettings",
    responses(
        (status = 200, description = "The settings in force", body = CodSettingsResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/cod/settings")]
pub async fn get_cod_settings(_admin: AdminSession, orders: web::Data<Orders>) -> Result<HttpResponse, ApiError> {
    let settings = orders.cod_settings().await?;
    let templates = orders.whatsapp_templates().await?;
    Ok(HttpResponse::Ok().json(CodSettingsResponse::new(&settings, &templates, orders.whatsapp_on())))
}

/// Saves the rules, hours and limits on orders, and scores every pending order again with them.
#[utoipa::path(
    tag = "admin",
    operation_id = "putCodSettings",
    request_body = CodSettingsBody,
    responses(
        (status = 200, description = "The settings now in force", body = CodSettingsResponse),
        (status = 400, description = "A rule missing, unknown or listed twice, points outside 0-100, a figure outside its bounds, hours outside 1-720, a limit unknown, listed twice or outside its bounds, a WhatsApp template name or language code Meta would not take; `errors` keyed `rules[i].points`, `rules[i].params.atLeast`, `rules`, `confirmWindowHours`, `limits.unitsPerProduct`, `whatsappConfirmationTemplate`, ...; nothing saved", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
    )
)]
#[put("/api/cod/settings")]
pub async fn put_cod_settings(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    body: Json<CodSettingsBody>,
) -> Result<HttpResponse, ApiError> {
    let templates = body.templates_change()?;
    let (settings, templates) = orders.save_cod_settings(body.change()?, templates).await?;
    Ok(HttpResponse::Ok().json(CodSettingsResponse::new(&settings, &templates, orders.whatsapp_on())))
}
