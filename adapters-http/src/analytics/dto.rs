//! The wire types of the analytics table: the period and breakdown asked for, and the rows.

use application::analytics::ports::Activity;
use application::analytics::report::{Dashboard, Report};
use chrono::NaiveDate;
use domain::analytics::{parse_date, OrderCounts, Tenths};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::dto::{whole_rupees, wire_int};
use crate::infra::error::ApiError;

/// What the rows of the analytics table stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Breakdown {
    Week,
    City,
    Product,
    Coupon,
}

impl From<domain::analytics::Breakdown> for Breakdown {
    fn from(by: domain::analytics::Breakdown) -> Self {
        use domain::analytics::Breakdown as By;
        match by {
            By::Week => Self::Week,
            By::City => Self::City,
            By::Product => Self::Product,
            By::Coupon => Self::Coupon,
        }
    }
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

impl AnalyticsQuery {
    /// The days and breakdown asked for; a blank or absent part takes its default (no day, `week`).
    ///
    /// # Errors
    /// A 400 naming `from` or `to` for a malformed date ('Dates are written YYYY-MM-DD.'), or `by` for an
    /// unknown breakdown; the first of them in that order.
    pub fn parsed(&self) -> Result<(Option<NaiveDate>, Option<NaiveDate>, domain::analytics::Breakdown), ApiError> {
        fn given(text: &Option<String>) -> Option<&str> {
            text.as_deref().map(str::trim).filter(|t| !t.is_empty())
        }
        let date = |text: &Option<String>, field: &str| {
            given(text).map(parse_date).transpose().map_err(|err| ApiError::invalid_field(field, err.to_string()))
        };
        let (from, to) = (date(&self.from, "from")?, date(&self.to, "to")?);
        let by = given(&self.by)
            .map_or(Ok(domain::analytics::Breakdown::Week), str::parse)
            .map_err(|err| ApiError::invalid_field("by", err.to_string()))?;
        Ok((from, to, by))
    }
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
    pub by: Breakdown,
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

impl From<OrderCounts> for AnalyticsTotals {
    fn from(counts: OrderCounts) -> Self {
        Self {
            placed: wire_int(counts.placed),
            delivered: wire_int(counts.delivered),
            returned: wire_int(counts.returned),
            rejected: wire_int(counts.rejected),
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
            by: report.by.into(),
            rows: report
                .rows
                .into_iter()
                .map(|row| AnalyticsRow { key: row.key, label: row.label, counts: row.counts.into() })
                .collect(),
            totals: report.totals.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_breakdown_is_written_as_the_domain_names_it() {
        use domain::analytics::Breakdown as By;
        for by in [By::Week, By::City, By::Product, By::Coupon] {
            assert_eq!(serde_json::to_value(Breakdown::from(by)).unwrap(), by.as_str());
        }
    }

    fn query(from: &str, to: &str, by: &str) -> AnalyticsQuery {
        let given = |t: &str| Some(t.to_owned());
        AnalyticsQuery { from: given(from), to: given(to), by: given(by) }
    }

    #[test]
    fn malformed_dates_and_unknown_breakdowns_are_refused_naming_the_parameter() {
        let cases = [
            (query("2026-11-1", "2026-11-30", "week"), "from", "Dates are written YYYY-MM-DD."),
            (query("2026-11-01", "30/11/2026", "week"), "to", "Dates are written YYYY-MM-DD."),
            (query("2026-11-01", "2026-11-30", "month"), "by", "Choose week, city, product or coupon."),
        ];

        for (query, field, message) in cases {
            let err = query.parsed().unwrap_err();

            let ApiError::BadRequest { message: said, errors } = err else { panic!("not a 400: {err:?}") };
            assert_eq!(said, message);
            assert_eq!(errors.unwrap().into_keys().collect::<Vec<_>>(), [field]);
        }
    }

    #[test]
    fn blank_parts_take_their_defaults() {
        assert_eq!(query(" ", "", "").parsed().unwrap(), (None, None, domain::analytics::Breakdown::Week));
    }
}

/// What waits for the owner now; each count is the length of the list its link opens.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardWaiting {
    /// Pending orders their shoppers confirmed (`/api/orders?status=pending&confirmed=true`).
    pub new_orders: i32,
    /// Pending orders not confirmed yet (`status=pending&confirmed=false`).
    pub awaiting_confirmation: i32,
    /// Approved orders not dispatched yet (`status=approved`).
    pub to_dispatch: i32,
    /// Reviews waiting for moderation.
    pub reviews: i32,
    /// Checkouts the blocklist refused today (Pakistan time).
    pub refused_checkouts: i32,
}

/// Orders placed, delivered and returned in a stretch of days, and the cash the deliveries collected.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardActivity {
    /// Orders placed then.
    pub placed: i32,
    /// Orders marked delivered then.
    pub delivered: i32,
    /// Orders marked returned then.
    pub returned: i32,
    /// The totals of the orders delivered then, in whole rupees (exact: order totals are whole).
    pub cash_collected: i32,
}

/// The owner's dashboard.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardResponse {
    /// Today in Pakistan, `YYYY-MM-DD`.
    pub date: String,
    /// This week's Monday.
    pub week_from: String,
    /// This week's Sunday.
    pub week_to: String,
    pub waiting: DashboardWaiting,
    /// Since midnight in Pakistan.
    pub today: DashboardActivity,
    /// Since Monday's midnight in Pakistan.
    pub week: DashboardActivity,
}

impl From<Activity> for DashboardActivity {
    fn from(activity: Activity) -> Self {
        Self {
            placed: wire_int(activity.placed),
            delivered: wire_int(activity.delivered),
            returned: wire_int(activity.returned),
            cash_collected: whole_rupees(activity.cash_collected),
        }
    }
}

impl From<Dashboard> for DashboardResponse {
    fn from(board: Dashboard) -> Self {
        let w = board.waiting;
        Self {
            date: board.today.to_string(),
            week_from: board.week.0.to_string(),
            week_to: board.week.1.to_string(),
            waiting: DashboardWaiting {
                new_orders: wire_int(w.new_orders),
                awaiting_confirmation: wire_int(w.awaiting_confirmation),
                to_dispatch: wire_int(w.to_dispatch),
                reviews: wire_int(w.reviews),
                refused_checkouts: wire_int(w.refused_checkouts),
            },
            today: board.today_activity.into(),
            week: board.week_activity.into(),
        }
    }
}
