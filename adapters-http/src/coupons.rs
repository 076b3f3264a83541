//! Applying a coupon from the cart.

use actix_web::{post, web, HttpResponse};
use application::coupons::{ApplyCouponError, Coupons};
use domain::coupon::CouponError;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::dto::{rupees_from_number, whole_rupees};
use crate::error::{ApiError, ErrorBody};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(apply_coupon);
}

/// A coupon to try on the cart.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyCouponBody {
    /// The code as typed; trimmed and compared without regard to case.
    #[schema(value_type = String)]
    pub code: Option<Value>,
    /// Subtotal plus delivery charge (after any waiver), in rupees with at most two decimals.
    #[schema(value_type = f64)]
    pub cart_total: Option<Value>,
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

const INVALID_CART_TOTAL: &str = "Invalid cart total. Cannot apply coupon.";

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
        (status = 400, description = "No code, a bad cart total, a cart below the minimum or too small for the coupon", body = ErrorBody),
        (status = 404, description = "No active coupon has this code today", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    )
)]
#[post("/api/coupons/apply")]
pub async fn apply_coupon(
    coupons: web::Data<Coupons>,
    body: web::Json<ApplyCouponBody>,
) -> Result<HttpResponse, ApiError> {
    let code = match &body.code {
        Some(Value::String(code)) if !code.trim().is_empty() => code.as_str(),
        _ => return Err(ApplyCouponError::MissingCode.into()),
    };
    let cart_total = body
        .cart_total
        .as_ref()
        .and_then(rupees_from_number)
        .ok_or_else(|| ApiError::invalid_field("cartTotal", INVALID_CART_TOTAL))?;
    let applied = coupons.apply(code, cart_total).await?;
    Ok(HttpResponse::Ok().json(ApplyCouponResponse {
        coupon: AppliedCouponSummary { code: applied.code, min_price: whole_rupees(applied.min_price) },
        discount: whole_rupees(applied.discount),
        message: applied.message,
    }))
}
