//! The analytics table: rows per week (every week touching the period, oldest first, empty ones with
//! zeros), per city, product or coupon (most placed first, then by label), and the totals of whole orders.

use std::sync::Arc;

use chrono::{Days, NaiveDate};
use domain::analytics::{week_label, week_of, Breakdown, OrderCounts, Period, PeriodError, NO_CITY, NO_COUPON};
use domain::calendar::{pakistan_date, pakistan_midnight};

use crate::analytics::ports::{Activity, DashboardFigures, OrderFigures, Waiting};
use crate::common::clock::Clock;
use crate::common::error::RepositoryError;

/// The analytics' use case, over its port.
#[derive(Clone)]
pub struct Analytics {
    figures: Arc<dyn OrderFigures>,
    board: Arc<dyn DashboardFigures>,
    clock: Arc<dyn Clock>,
}

/// Why no report was made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A period backwards or too long; `field` is the end at fault (`from` or `to`).
    #[error("{error}")]
    Period { field: &'static str, error: PeriodError },
    #[error("the figures could not be read")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for ReportError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRow {
    /// The Monday's date, the city, the product's id or the coupon's code; `""` for no city or no coupon.
    pub key: String,
    pub label: String,
    pub counts: OrderCounts,
}

/// The owner's dashboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dashboard {
    /// Today in Pakistan.
    pub today: NaiveDate,
    /// This week's Monday and Sunday.
    pub week: (NaiveDate, NaiveDate),
    /// What waits for the owner now; refused checkouts counted since midnight.
    pub waiting: Waiting,
    /// Since midnight in Pakistan.
    pub today_activity: Activity,
    /// Since Monday's midnight in Pakistan.
    pub week_activity: Activity,
}

/// The table of a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub period: Period,
    pub by: Breakdown,
    pub rows: Vec<ReportRow>,
    pub totals: OrderCounts,
}

fn most_placed_first(mut rows: Vec<ReportRow>) -> Vec<ReportRow> {
    rows.sort_by(|a, b| {
        b.counts.placed.cmp(&a.counts.placed).then_with(|| a.label.cmp(&b.label)).then_with(|| a.key.cmp(&b.key))
    });
    rows
}

fn named(value: Option<String>, none: &str) -> ReportRow {
    let key = value.unwrap_or_default();
    let label = if key.is_empty() { none.to_owned() } else { key.clone() };
    ReportRow { key, label, counts: OrderCounts::default() }
}

impl Analytics {
    #[must_use]
    pub fn new(figures: Arc<dyn OrderFigures>, board: Arc<dyn DashboardFigures>, clock: Arc<dyn Clock>) -> Self {
        Self { figures, board, clock }
    }

    /// The owner's dashboard now (docs/cod.md 'Dashboard'): the work waiting, refused checkouts counted
    /// since midnight, and the activity of today and of this week (Monday to Sunday), in Pakistan time.
    ///
    /// # Errors
    /// [`RepositoryError`] when the store fails.
    pub async fn dashboard(&self) -> Result<Dashboard, RepositoryError> {
        let today = pakistan_date(self.clock.now());
        let monday = week_of(today);
        let (midnight, tomorrow) = (pakistan_midnight(today), pakistan_midnight(today + Days::new(1)));
        let waiting = self.board.waiting(midnight).await?;
        let today_activity = self.board.activity(midnight, tomorrow).await?;
        let week_activity =
            self.board.activity(pakistan_midnight(monday), pakistan_midnight(monday + Days::new(7))).await?;
        Ok(Dashboard { today, week: (monday, monday + Days::new(6)), waiting, today_activity, week_activity })
    }

    /// The table `by` the breakdown over the days `from` to `to` (Pakistani dates); without them over this
    /// week and the seven before it (see [`Period::chosen`]).
    ///
    /// # Errors
    /// [`ReportError`]: a period backwards or over 366 days; a store failure.
    pub async fn report(
        &self,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
        by: Breakdown,
    ) -> Result<Report, ReportError> {
        let period = Period::chosen(from, to, pakistan_date(self.clock.now())).map_err(|error| {
            ReportError::Period { field: if error == PeriodError::TooLong { "to" } else { "from" }, error }
        })?;
        let (start, end) = (period.start(), period.end());
        let totals = self.figures.totals(start, end).await?;
        let rows = match by {
            Breakdown::Week => {
                let found = self.figures.by_week(start, end).await?;
                period
                    .weeks()
                    .into_iter()
                    .map(|monday| ReportRow {
                        key: monday.to_string(),
                        label: week_label(monday),
                        counts: found.iter().find(|(m, _)| *m == monday).map(|(_, c)| *c).unwrap_or_default(),
                    })
                    .collect()
            }
            Breakdown::City => most_placed_first(
                self.figures
                    .by_city(start, end)
                    .await?
                    .into_iter()
                    .map(|(city, counts)| ReportRow { counts, ..named(city, NO_CITY) })
                    .collect(),
            ),
            Breakdown::Product => most_placed_first(
                self.figures
                    .by_product(start, end)
                    .await?
                    .into_iter()
                    .map(|(id, name, counts)| ReportRow { key: id.to_string(), label: name, counts })
                    .collect(),
            ),
            Breakdown::Coupon => most_placed_first(
                self.figures
                    .by_coupon(start, end)
                    .await?
                    .into_iter()
                    .map(|(code, counts)| ReportRow { counts, ..named(code, NO_COUPON) })
                    .collect(),
            ),
        };
        Ok(Report { period, by, rows, totals })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analytics::ports::{MockDashboardFigures, MockOrderFigures};
    use crate::common::clock::MockClock;
    use chrono::{TimeZone, Utc};
    use domain::ids::ProductId;
    use domain::money::Rupees;

    fn analytics(figures: MockOrderFigures) -> Analytics {
        let mut clock = MockClock::new();
        // 23:30 on Tuesday 24 November in Pakistan.
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 24, 18, 30, 0).unwrap());
        Analytics::new(Arc::new(figures), Arc::new(MockDashboardFigures::new()), Arc::new(clock))
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn counts(placed: u64, delivered: u64, returned: u64, rejected: u64, paisa: i64) -> OrderCounts {
        OrderCounts { placed, delivered, returned, rejected, cash_collected: Rupees::from_paisa(paisa) }
    }

    /// The days and breakdown a query names, as the HTTP adapter reads them.
    fn query(from: &str, to: &str, by: &str) -> (Option<NaiveDate>, Option<NaiveDate>, Breakdown) {
        let day = |t: &str| Some(domain::analytics::parse_date(t).unwrap());
        (day(from), day(to), if by.is_empty() { Breakdown::Week } else { by.parse().unwrap() })
    }

    async fn report(
        analytics: &Analytics,
        query: (Option<NaiveDate>, Option<NaiveDate>, Breakdown),
    ) -> Result<Report, ReportError> {
        analytics.report(query.0, query.1, query.2).await
    }

    #[tokio::test]
    async fn the_dashboard_reads_today_and_this_week_from_midnight_in_pakistan() {
        let mut board = MockDashboardFigures::new();
        let at = |d: u32, h: u32| Utc.with_ymd_and_hms(2026, 11, d, h, 0, 0).unwrap();
        let waiting =
            Waiting { new_orders: 2, awaiting_confirmation: 3, to_dispatch: 1, reviews: 4, refused_checkouts: 5 };
        board.expect_waiting().withf(move |since| *since == at(23, 19)).times(1).returning(move |_| Ok(waiting));
        let day = Activity { placed: 2, delivered: 1, returned: 0, cash_collected: Rupees::from_whole(1050) };
        let week = Activity { placed: 9, delivered: 4, returned: 1, cash_collected: Rupees::from_whole(4200) };
        board
            .expect_activity()
            .withf(move |start, end| *start == at(23, 19) && *end == at(24, 19))
            .times(1)
            .returning(move |_, _| Ok(day));
        board
            .expect_activity()
            .withf(move |start, end| *start == at(22, 19) && *end == at(29, 19))
            .times(1)
            .returning(move |_, _| Ok(week));
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 24, 18, 30, 0).unwrap());
        let analytics = Analytics::new(Arc::new(MockOrderFigures::new()), Arc::new(board), Arc::new(clock));

        let dashboard = analytics.dashboard().await.unwrap();

        assert_eq!(dashboard.today, date(2026, 11, 24));
        assert_eq!(dashboard.week, (date(2026, 11, 23), date(2026, 11, 29)));
        assert_eq!((dashboard.waiting, dashboard.today_activity, dashboard.week_activity), (waiting, day, week));
    }

    #[tokio::test]
    async fn every_week_touching_the_period_is_listed_and_empty_ones_are_zeros() {
        let mut figures = MockOrderFigures::new();
        figures
            .expect_totals()
            .withf(|start, end| {
                *start == Utc.with_ymd_and_hms(2026, 10, 31, 19, 0, 0).unwrap()
                    && *end == Utc.with_ymd_and_hms(2026, 11, 15, 19, 0, 0).unwrap()
            })
            .times(1)
            .returning(|_, _| Ok(counts(5, 2, 1, 1, 342_000)));
        figures.expect_by_week().times(1).returning(|_, _| {
            Ok(vec![
                (date(2026, 10, 26), counts(2, 1, 0, 0, 100_000)),
                (date(2026, 11, 9), counts(3, 1, 1, 1, 242_000)),
            ])
        });

        let report = report(&analytics(figures), query("2026-11-01", "2026-11-15", "")).await.unwrap();

        assert_eq!(report.by, Breakdown::Week);
        assert_eq!(
            report.rows.iter().map(|r| (r.key.as_str(), r.label.as_str(), r.counts.placed)).collect::<Vec<_>>(),
            [
                ("2026-10-26", "Week of 26 Oct 2026", 2),
                ("2026-11-02", "Week of 2 Nov 2026", 0),
                ("2026-11-09", "Week of 9 Nov 2026", 3)
            ]
        );
        assert_eq!(report.rows[1].counts, OrderCounts::default());
        assert_eq!(report.totals.placed, 5);
    }

    #[tokio::test]
    async fn the_default_is_per_week_over_the_eight_weeks_through_today_in_pakistan() {
        let mut figures = MockOrderFigures::new();
        figures.expect_totals().returning(|_, _| Ok(OrderCounts::default()));
        figures.expect_by_week().returning(|_, _| Ok(vec![]));

        let report = analytics(figures).report(None, None, Breakdown::Week).await.unwrap();

        assert_eq!((report.period.from(), report.period.to()), (date(2026, 10, 5), date(2026, 11, 24)));
        assert_eq!(report.rows.len(), 8);
    }

    #[tokio::test]
    async fn cities_products_and_coupons_are_most_placed_first_then_by_label() {
        let mut figures = MockOrderFigures::new();
        figures.expect_totals().returning(|_, _| Ok(OrderCounts::default()));
        figures.expect_by_city().returning(|_, _| {
            Ok(vec![
                (Some("Lahore".into()), counts(1, 0, 0, 0, 0)),
                (None, counts(2, 0, 0, 0, 0)),
                (Some("Karachi".into()), counts(1, 0, 0, 0, 0)),
            ])
        });
        figures
            .expect_by_coupon()
            .returning(|_, _| Ok(vec![(None, counts(1, 0, 0, 0, 0)), (Some("SAVE10".into()), counts(3, 0, 0, 0, 0))]));
        figures.expect_by_product().returning(|_, _| {
            Ok(vec![
                (ProductId::new(7).unwrap(), "Cable".into(), counts(1, 1, 0, 0, 50_000)),
                (ProductId::new(3).unwrap(), "Case".into(), counts(2, 0, 0, 0, 0)),
            ])
        });
        let analytics = analytics(figures);
        let rows = |report: Report| report.rows.into_iter().map(|r| (r.key, r.label)).collect::<Vec<_>>();
        let pair = |k: &str, l: &str| (k.to_owned(), l.to_owned());

        let cities = report(&analytics, query("2026-11-01", "2026-11-30", "city")).await.unwrap();
        let coupons = report(&analytics, query("2026-11-01", "2026-11-30", "coupon")).await.unwrap();
        let products = report(&analytics, query("2026-11-01", "2026-11-30", "product")).await.unwrap();

        assert_eq!(rows(cities), [pair("", "No city"), pair("Karachi", "Karachi"), pair("Lahore", "Lahore")]);
        assert_eq!(rows(coupons), [pair("SAVE10", "SAVE10"), pair("", "No coupon")]);
        assert_eq!(rows(products), [pair("3", "Case"), pair("7", "Cable")]);
    }

    #[tokio::test]
    async fn bad_periods_are_refused_naming_the_parameter_before_anything_is_read() {
        let analytics = analytics(MockOrderFigures::new());
        let cases = [
            (query("2026-12-01", "2026-11-30", "week"), Some("from"), "The start date must not be after the end date."),
            (query("2025-01-01", "2026-11-30", "week"), Some("to"), "Choose a period of at most 366 days."),
        ];

        for (query, field, message) in cases {
            let err = report(&analytics, query).await.unwrap_err();

            assert_eq!(err.to_string(), message);
            let named = match err {
                ReportError::Period { field, .. } => Some(field),
                ReportError::Unexpected(_) => None,
            };
            assert_eq!(named, field);
        }
    }
}
