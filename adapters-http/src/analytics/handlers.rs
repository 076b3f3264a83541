//! The handler of the analytics table.

use actix_web::{get, web, HttpResponse};
use application::analytics::report::{Analytics, ReportError};

use super::dto::{AnalyticsQuery, AnalyticsResponse, DashboardResponse};
use crate::admin::AdminSession;
use crate::infra::error::{ApiError, ErrorBody};

impl From<ReportError> for ApiError {
    fn from(err: ReportError) -> Self {
        match err {
            ReportError::Period { field, .. } => Self::invalid_field(field, err.to_string()),
            ReportError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// Placed, delivered, returned and rejected orders, delivery rate and cash collected per week, city,
/// product or coupon, over a period of Pakistani dates.
#[utoipa::path(
    tag = "admin",
    operation_id = "orderAnalytics",
    params(AnalyticsQuery),
    responses(
        (status = 200, description = "The table", body = AnalyticsResponse),
        (status = 400, description = "A malformed date ('Dates are written YYYY-MM-DD.'), a start after the end, a period over 366 days ('Choose a period of at most 366 days.') or an unknown breakdown", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/analytics/orders")]
pub async fn order_analytics(
    _admin: AdminSession,
    analytics: web::Data<Analytics>,
    query: web::Query<AnalyticsQuery>,
) -> Result<HttpResponse, ApiError> {
    let (from, to, by) = query.parsed()?;
    let report = analytics.report(from, to, by).await?;
    Ok(HttpResponse::Ok().json(AnalyticsResponse::from(report)))
}

/// The owner's dashboard: what waits now (orders to approve, awaiting the shopper's confirmation, to
/// dispatch, reviews to moderate, checkouts refused today) and today's and this week's orders placed,
/// delivered and returned with the cash collected, in Pakistan time.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminDashboard",
    responses(
        (status = 200, description = "The figures", body = DashboardResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/admin/dashboard")]
pub async fn admin_dashboard(_admin: AdminSession, analytics: web::Data<Analytics>) -> Result<HttpResponse, ApiError> {
    let board = analytics.dashboard().await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    Ok(HttpResponse::Ok().json(DashboardResponse::from(board)))
}
