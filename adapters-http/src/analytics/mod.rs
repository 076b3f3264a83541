//! Delivered-versus-returned figures (docs/cod.md 'Analytics') for the admin's analytics page.

use actix_web::{get, web, HttpResponse};
use application::analytics::report::{Analytics, Report, ReportError, ReportQuery};
use domain::analytics::{OrderCounts, Tenths};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::AdminSession;
use crate::dto::whole_rupees;
use crate::infra::error::{ApiError, ErrorBody};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(order_analytics);
}

/// The period and the breakdown.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    /// The first day, `YYYY-MM-DD` in Pakistan (default: the Monday seven weeks before this week's).
    #[param(example = "2026-11-01")]
    pub from: Option<String>,
    /// The last day, included, `YYYY-MM-DD` in Pakistan (default: today); at most 366 days after `from`.
    #[param(example = "2026-11-30")]
    pub to: Option<String>,
    /// What the rows are: `week` (default), `city`, `product` or `coupon`.
    #[param(pattern = "^(week|city|product|coupon)?$")]
    pub by: Option<String>,
}

/// How the orders of a row (or all of them) fared.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsTotals {
    /// Orders placed in the period.
    pub placed: i32,
    /// Of those, how many are now delivered.
    pub delivered: i32,
    /// ... now returned.
    pub returned: i32,
    /// ... now rejected.
    pub rejected: i32,
    /// delivered ÷ (delivered + returned) × 100, rounded half up to one decimal; null when neither.
    pub delivery_rate: Option<f64>,
    /// The totals of the delivered orders in whole rupees (per product: the delivered line totals).
    pub cash_collected: i32,
}

/// One row of the table.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsRow {
    /// The week's Monday (`2026-10-26`), the city, the product's id or the coupon's code; `""` for no city
    /// or no coupon.
    pub key: String,
    /// 'Week of 26 Oct 2026', the city, the product's name as last sold, the code, 'No city' or 'No coupon'.
    pub label: String,
    #[serde(flatten)]
    #[schema(inline)]
    pub counts: AnalyticsTotals,
}

/// The analytics table of a period.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyticsResponse {
    /// Always true.
    pub success: bool,
    /// The first day of the period.
    pub from: String,
    /// The last day of the period.
    pub to: String,
    /// `week`, `city`, `product` or `coupon`.
    pub by: String,
    /// Per week every week touching the period, oldest first; otherwise most placed first, then by label.
    pub rows: Vec<AnalyticsRow>,
    /// All orders placed in the period, counted whole (per product the rows do not add up to these).
    pub totals: AnalyticsTotals,
}

/// A rate in tenths as the one-decimal JSON number shown (667 is 66.7): the nearest double to that exact
/// decimal, which JSON writes with that one decimal.
fn rate(tenths: Tenths) -> f64 {
    f64::from(tenths.get()) / 10.0
}

fn count(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl From<OrderCounts> for AnalyticsTotals {
    fn from(counts: OrderCounts) -> Self {
        Self {
            placed: count(counts.placed),
            delivered: count(counts.delivered),
            returned: count(counts.returned),
            rejected: count(counts.rejected),
            delivery_rate: counts.delivery_rate().map(rate),
            cash_collected: whole_rupees(counts.cash_collected),
        }
    }
}

impl From<Report> for AnalyticsResponse {
    fn from(report: Report) -> Self {
        Self {
            success: true,
            from: report.period.from().to_string(),
            to: report.period.to().to_string(),
            by: report.by.as_str().to_owned(),
            rows: report
                .rows
                .into_iter()
                .map(|row| AnalyticsRow { key: row.key, label: row.label, counts: row.counts.into() })
                .collect(),
            totals: report.totals.into(),
        }
    }
}

impl From<ReportError> for ApiError {
    fn from(err: ReportError) -> Self {
        match err {
            ReportError::Period { field, .. } => Self::invalid_field(field, err.to_string()),
            ReportError::Breakdown(_) => Self::invalid_field("by", err.to_string()),
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
    let query = query.into_inner();
    let report = analytics.report(ReportQuery { from: query.from, to: query.to, by: query.by }).await?;
    Ok(HttpResponse::Ok().json(AnalyticsResponse::from(report)))
}
