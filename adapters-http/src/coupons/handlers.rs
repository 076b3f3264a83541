//! The handlers of coupons: the admin's list, adding, pausing, limits and deleting, and a coupon tried on the
//! cart.

use actix_web::{delete, get, patch, post, web, HttpRequest, HttpResponse};
use application::coupons::service::{ApplyCouponError, CouponAdminError, Coupons};
use domain::coupon::{CouponError, NewCouponError};
use domain::ids::CouponId;

use super::dto::{
    AppliedCouponSummary, ApplyCouponBody, ApplyCouponResponse, CouponBody, CouponDatesBody, CouponEnvelope,
    CouponLimitsBody, CouponResponse,
};
use super::parse::usage_limit;
use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::dto::{whole_rupees, CouponIdPath, MessageResponse, PageQuery};
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::JsonRupees;
use crate::infra::json::Json;
use crate::infra::session::client_address;

impl From<CouponAdminError> for ApiError {
    fn from(err: CouponAdminError) -> Self {
        match err {
            CouponAdminError::Invalid(_) => Self::bad_request(err.to_string()),
            CouponAdminError::DuplicateCode => Self::Conflict(err.to_string()),
            CouponAdminError::NotFound => Self::NotFound(err.to_string()),
            CouponAdminError::LimitBelowUses => Self::Conflict(err.to_string()),
            CouponAdminError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<ApplyCouponError> for ApiError {
    fn from(err: ApplyCouponError) -> Self {
        match err {
            ApplyCouponError::MissingCode => Self::invalid_field("code", err.to_string()),
            ApplyCouponError::UnknownCode => Self::NotFound(err.to_string()),
            ApplyCouponError::Rejected(CouponError::InvalidOrExpired) => Self::NotFound(err.to_string()),
            ApplyCouponError::Rejected(CouponError::InvalidCartTotal) => {
                Self::invalid_field("cartTotal", err.to_string())
            }
            ApplyCouponError::Rejected(CouponError::MinimumNotReached { .. } | CouponError::CartTotalTooLow) => {
                Self::bad_request(err.to_string())
            }
            ApplyCouponError::UsedUp(_) => Self::bad_request(err.to_string()),
            ApplyCouponError::TooManyAttempts { retry_after } => Self::too_many(err.to_string(), retry_after),
            ApplyCouponError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// Every coupon, newest first.
#[utoipa::path(
    tag = "admin",
    operation_id = "listCoupons",
    params(PageQuery),
    responses(
        (status = 200, description = "Coupons", body = [CouponResponse]),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/coupons")]
pub async fn list_coupons(
    _admin: AdminSession,
    coupons: web::Data<Coupons>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let list = coupons.list(query.page()?).await?;
    Ok(HttpResponse::Ok().json(list.iter().map(|c| CouponResponse::new(c.id, &c.coupon, c.uses)).collect::<Vec<_>>()))
}

/// Adds a coupon: a code and exactly one of a percentage or an amount.
#[utoipa::path(
    tag = "admin",
    operation_id = "addCoupon",
    request_body = CouponBody,
    responses(
        (status = 201, description = "Added", body = CouponEnvelope),
        (status = 400, description = "No code, no or two discounts, bad dates", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 409, description = "The code is taken", body = ErrorBody),
    )
)]
#[post("/api/coupons")]
pub async fn add_coupon(
    _admin: AdminSession,
    coupons: web::Data<Coupons>,
    body: Json<CouponBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, coupon) = coupons.add(body.into_inner().form()?).await?;
    Ok(HttpResponse::Created().json(CouponEnvelope { coupon: CouponResponse::new(id, &coupon, 0) }))
}

/// Pauses an active coupon or activates a paused one.
#[utoipa::path(
    tag = "admin",
    operation_id = "toggleCoupon",
    params(CouponIdPath),
    responses(
        (status = 200, description = "The coupon now", body = CouponEnvelope),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No coupon has this id", body = ErrorBody),
    )
)]
#[patch("/api/coupons/toggle/{id}")]
pub async fn toggle_coupon(
    _admin: AdminSession,
    coupons: web::Data<Coupons>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: CouponId = id.parse()?;
    let stored = coupons.toggle(id).await?;
    Ok(HttpResponse::Ok().json(CouponEnvelope { coupon: CouponResponse::new(stored.id, &stored.coupon, stored.uses) }))
}

/// Changes a coupon's usage limits; the uses it has had stay counted.
#[utoipa::path(
    tag = "admin",
    operation_id = "setCouponLimits",
    params(CouponIdPath),
    request_body = CouponLimitsBody,
    responses(
        (status = 200, description = "The coupon now", body = CouponEnvelope),
        (status = 400, description = "A limit that is not a whole number from 1 to 1,000,000", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No coupon has this id", body = ErrorBody),
        (status = 409, description = "The total limit is below the coupon's uses so far", body = ErrorBody),
    )
)]
#[patch("/api/coupons/limits/{id}")]
pub async fn set_coupon_limits(
    _admin: AdminSession,
    coupons: web::Data<Coupons>,
    id: web::Path<String>,
    body: Json<CouponLimitsBody>,
) -> Result<HttpResponse, ApiError> {
    let id: CouponId = id.parse()?;
    let body = body.into_inner();
    let max_uses = body.max_uses.optional(|| usage_limit("maxUses"))?;
    let per_customer = body.max_uses_per_customer.optional(|| usage_limit("maxUsesPerCustomer"))?;
    let stored = coupons.set_limits(id, max_uses, per_customer).await?;
    Ok(HttpResponse::Ok().json(CouponEnvelope { coupon: CouponResponse::new(stored.id, &stored.coupon, stored.uses) }))
}

/// Moves a coupon's first and last day; its code, discount, limits and uses stay.
#[utoipa::path(
    tag = "admin",
    operation_id = "setCouponDates",
    params(CouponIdPath),
    request_body = CouponDatesBody,
    responses(
        (status = 200, description = "The coupon now", body = CouponEnvelope),
        (status = 400, description = "A missing or malformed date ('Enter the start and end dates as YYYY-MM-DD.', naming `startDate` or `endDate`) or an end before the start ('The end date cannot be before the start date.', naming `endDate`)", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No coupon has this id", body = ErrorBody),
    )
)]
#[patch("/api/coupons/dates/{id}")]
pub async fn set_coupon_dates(
    _admin: AdminSession,
    coupons: web::Data<Coupons>,
    id: web::Path<String>,
    body: Json<CouponDatesBody>,
) -> Result<HttpResponse, ApiError> {
    let id: CouponId = id.parse()?;
    let body = body.into_inner();
    let (start, end) = body.dates()?;
    let stored = coupons.set_dates(id, start, end).await.map_err(|err| match err {
        CouponAdminError::Invalid(NewCouponError::EndBeforeStart) => {
            ApiError::invalid_field("endDate", err.to_string())
        }
        other => other.into(),
    })?;
    Ok(HttpResponse::Ok().json(CouponEnvelope { coupon: CouponResponse::new(stored.id, &stored.coupon, stored.uses) }))
}

/// Deletes a coupon.
#[utoipa::path(
    tag = "admin",
    operation_id = "deleteCoupon",
    params(CouponIdPath),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No coupon has this id", body = ErrorBody),
    )
)]
#[delete("/api/coupons/{id}")]
pub async fn delete_coupon(
    _admin: AdminSession,
    coupons: web::Data<Coupons>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    coupons.delete(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(MessageResponse { message: "Coupon deleted.".into() }))
}

/// Applies a coupon to the cart's total.
#[utoipa::path(
    tag = "cart",
    operation_id = "applyCoupon",
    request_body = ApplyCouponBody,
    responses(
        (status = 200, description = "The coupon applies", body = ApplyCouponResponse),
        (status = 400, description = "No code, a bad cart total, a cart below the minimum or too small for the coupon, or a coupon whose usage limit is reached ('This coupon has reached its usage limit.'; with a customer session also 'You have already used this coupon.')", body = ErrorBody),
        (status = 404, description = "No active coupon has this code today", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 429, description = "Too many unknown or expired codes from this address this hour; `Retry-After` gives the seconds to wait", body = ErrorBody),
    )
)]
#[post("/api/coupons/apply")]
pub async fn apply_coupon(
    req: HttpRequest,
    customer: Option<CustomerSession>,
    coupons: web::Data<Coupons>,
    body: Json<ApplyCouponBody>,
) -> Result<HttpResponse, ApiError> {
    let code = body.code.text().ok_or(ApplyCouponError::MissingCode)?;
    let JsonRupees(cart_total) =
        body.cart_total.cloned_given().ok_or(ApplyCouponError::Rejected(CouponError::InvalidCartTotal))?;
    let applied = coupons.apply(code, cart_total, &client_address(&req), customer.map(|c| c.0.id)).await?;
    Ok(HttpResponse::Ok().json(ApplyCouponResponse {
        coupon: AppliedCouponSummary { code: applied.code, min_price: whole_rupees(applied.min_price) },
        discount: whole_rupees(applied.discount),
        message: applied.message,
    }))
}
