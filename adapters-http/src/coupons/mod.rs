//! Applying a coupon from the cart.

use actix_web::{delete, get, patch, post, web, HttpRequest, HttpResponse};
use application::coupons::service::{ApplyCouponError, CouponAdminError, CouponForm, Coupons};
use domain::coupon::{Coupon, CouponError, NewCouponError, UsageLimitError};
use domain::ids::CouponId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::accounts::CustomerSession;
use crate::admin::{AdminSession, MessageResponse};
use crate::dto::{whole_rupees, CouponIdPath, PageQuery};
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::{CartMoney, Flag, JsonRupees, Money, PakistanDate, Text, WholeNumber};
use crate::infra::json::Json;
use crate::infra::session::client_address;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(apply_coupon)
        .service(list_coupons)
        .service(add_coupon)
        .service(toggle_coupon)
        .service(set_coupon_limits)
        .service(delete_coupon);
}

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
    fn new(id: CouponId, coupon: &Coupon, uses: u32) -> Self {
        let discount = coupon.discount();
        let count = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
        Self {
            id: id.to_string(),
            code: coupon.code().as_str().to_owned(),
            discount_percent: discount.percent_value().map(i32::from),
            amount: discount.amount_value().map(whole_rupees),
            start_date: coupon.start_date().to_string(),
            end_date: coupon.end_date().to_string(),
            min_price: whole_rupees(coupon.min_price()),
            is_active: coupon.is_active(),
            uses: count(uses),
            max_uses: coupon.limits().total().map(count),
            max_uses_per_customer: coupon.limits().per_customer().map(count),
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

impl CouponBody {
    fn form(self) -> Result<CouponForm, ApiError> {
        let code_and_discount =
            |field: &str| ApiError::invalid_field(field, NewCouponError::CodeAndDiscountRequired.to_string());
        let percent = self
            .discount_percent
            .optional(|| code_and_discount("discountPercent"))?
            .map(|p| u8::try_from(p).map_err(|_| code_and_discount("discountPercent")))
            .transpose()?;
        let date = |value: PakistanDate, field: &str| {
            value.given().ok_or_else(|| ApiError::invalid_field(field, "Enter the start and end dates as YYYY-MM-DD."))
        };
        Ok(CouponForm {
            code: self.code.text().unwrap_or_default().to_owned(),
            percent,
            amount: self.amount.optional(|| code_and_discount("amount"))?,
            start: date(self.start_date, "startDate")?,
            end: date(self.end_date, "endDate")?,
            min_price: self
                .min_price
                .optional(|| ApiError::invalid_field("minPrice", NewCouponError::MinimumOutOfRange.to_string()))?,
            active: self
                .is_active
                .optional(|| ApiError::invalid_field("isActive", "isActive must be true or false."))?
                .unwrap_or(true),
            max_uses: self.max_uses.optional(|| usage_limit("maxUses"))?,
            max_uses_per_customer: self.max_uses_per_customer.optional(|| usage_limit("maxUsesPerCustomer"))?,
        })
    }
}

fn usage_limit(field: &str) -> ApiError {
    ApiError::invalid_field(field, UsageLimitError.to_string())
}

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
