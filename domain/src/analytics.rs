//! The delivered-versus-returned figures of docs/cod.md 'Analytics': the period asked for (Pakistan dates),
//! its weeks (Monday to Sunday, Pakistan time), the counts of a group of orders and its delivery rate,
//! computed from integers only.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Days, Duration, NaiveDate, NaiveTime, Utc, Weekday};

use crate::calendar::PAKISTAN_UTC_OFFSET_HOURS;
use crate::money::Rupees;

/// The longest period, in days between its first and last date.
pub const MAX_PERIOD_DAYS: u64 = 366;

/// How many weeks the default period spans (this week and the seven before it).
pub const DEFAULT_WEEKS: u64 = 8;

/// A period that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PeriodError {
    #[error("Dates are written YYYY-MM-DD.")]
    Malformed,
    #[error("The start date must not be after the end date.")]
    StartAfterEnd,
    #[error("Choose a period of at most {} days.", MAX_PERIOD_DAYS)]
    TooLong,
}

/// A calendar date as the analytics page sends it, `YYYY-MM-DD`.
///
/// # Errors
/// [`PeriodError::Malformed`] for anything else.
pub fn parse_date(text: &str) -> Result<NaiveDate, PeriodError> {
    let text = text.trim();
    let shaped = text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    if !shaped {
        return Err(PeriodError::Malformed);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| PeriodError::Malformed)
}

/// The Monday of the week holding `date`.
#[must_use]
pub fn week_of(date: NaiveDate) -> NaiveDate {
    date.week(Weekday::Mon).first_day()
}

/// A week's label: `Week of 26 Oct 2026` for the week starting on that Monday.
#[must_use]
pub fn week_label(monday: NaiveDate) -> String {
    format!("Week of {}", monday.format("%-d %b %Y"))
}

/// The first instant of a Pakistani calendar date.
fn start_of(date: NaiveDate) -> DateTime<Utc> {
    date.and_time(NaiveTime::MIN).and_utc() - Duration::hours(PAKISTAN_UTC_OFFSET_HOURS)
}

/// A period of Pakistani calendar dates, both ends included, at most [`MAX_PERIOD_DAYS`] apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    from: NaiveDate,
    to: NaiveDate,
}

impl Period {
    /// The period from `from` to `to`.
    ///
    /// # Errors
    /// [`PeriodError::StartAfterEnd`] or [`PeriodError::TooLong`].
    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<Self, PeriodError> {
        if from > to {
            return Err(PeriodError::StartAfterEnd);
        }
        if from.checked_add_days(Days::new(MAX_PERIOD_DAYS)).is_some_and(|latest| to > latest) {
            return Err(PeriodError::TooLong);
        }
        Ok(Self { from, to })
    }

    /// The period the page asks for: either date may be left out; `to` defaults to `today`, `from` to the
    /// Monday [`DEFAULT_WEEKS`] weeks back, so the default shows this week and the seven before it.
    ///
    /// # Errors
    /// [`PeriodError::StartAfterEnd`] or [`PeriodError::TooLong`].
    pub fn chosen(from: Option<NaiveDate>, to: Option<NaiveDate>, today: NaiveDate) -> Result<Self, PeriodError> {
        let to = to.unwrap_or(today);
        let from = from.unwrap_or_else(|| week_of(to) - Days::new(7 * (DEFAULT_WEEKS - 1)));
        Self::new(from, to)
    }

    #[must_use]
    pub const fn from(&self) -> NaiveDate {
        self.from
    }

    #[must_use]
    pub const fn to(&self) -> NaiveDate {
        self.to
    }

    /// The first instant of the period (midnight in Pakistan on `from`).
    #[must_use]
    pub fn start(&self) -> DateTime<Utc> {
        start_of(self.from)
    }

    /// The first instant after the period (midnight in Pakistan after `to`).
    #[must_use]
    pub fn end(&self) -> DateTime<Utc> {
        start_of(self.to + Days::new(1))
    }

    /// The Mondays of every week touching the period, oldest first.
    #[must_use]
    pub fn weeks(&self) -> Vec<NaiveDate> {
        let last = week_of(self.to);
        std::iter::successors(Some(week_of(self.from)), |monday| Some(*monday + Days::new(7)))
            .take_while(|monday| *monday <= last)
            .collect()
    }
}

/// A share in tenths of a per cent, rounded half up from exact integers: 667 is 66.7 %.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Tenths(u32);

impl Tenths {
    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Tenths {
    /// `66.7`, `80.0`, `100.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// delivered ÷ (delivered + returned) × 100, in tenths, rounded half up; `None` when neither.
#[must_use]
pub fn delivery_rate(delivered: u64, returned: u64) -> Option<Tenths> {
    let parcels = u128::from(delivered) + u128::from(returned);
    if parcels == 0 {
        return None;
    }
    // round(1000 d / p) half up = floor((2000 d + p) / 2p), all in integers.
    let tenths = (2000 * u128::from(delivered) + parcels) / (2 * parcels);
    Some(Tenths(u32::try_from(tenths).unwrap_or(1000)))
}

/// How a group of orders placed in a period fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OrderCounts {
    pub placed: u64,
    /// Those of them now delivered.
    pub delivered: u64,
    pub returned: u64,
    pub rejected: u64,
    /// What the delivered ones brought in, exact.
    pub cash_collected: Rupees,
}

impl OrderCounts {
    #[must_use]
    pub fn delivery_rate(&self) -> Option<Tenths> {
        delivery_rate(self.delivered, self.returned)
    }
}

/// What the rows of the analytics table stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Breakdown {
    Week,
    City,
    Product,
    Coupon,
}

/// A breakdown that is none of the four.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Choose week, city, product or coupon.")]
pub struct BreakdownError;

impl Breakdown {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Week => "week",
            Self::City => "city",
            Self::Product => "product",
            Self::Coupon => "coupon",
        }
    }
}

impl FromStr for Breakdown {
    type Err = BreakdownError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim() {
            "week" => Ok(Self::Week),
            "city" => Ok(Self::City),
            "product" => Ok(Self::Product),
            "coupon" => Ok(Self::Coupon),
            _ => Err(BreakdownError),
        }
    }
}

/// The label of the city row whose key is empty.
pub const NO_CITY: &str = "No city";

/// The label of the coupon row whose key is empty.
pub const NO_COUPON: &str = "No coupon";

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn dates_are_written_year_month_day() {
        assert_eq!(parse_date("2026-11-01"), Ok(date(2026, 11, 1)));
        assert_eq!(parse_date(" 2024-02-29 "), Ok(date(2024, 2, 29)));
        for bad in ["2026-11-1", "2026/11/01", "01-11-2026", "2026-02-30", "2026-13-01", "", "2026-11-01T00:00:00Z"] {
            assert_eq!(parse_date(bad), Err(PeriodError::Malformed), "{bad:?}");
        }
        assert_eq!(PeriodError::Malformed.to_string(), "Dates are written YYYY-MM-DD.");
    }

    #[test]
    fn a_period_is_at_most_366_days_and_does_not_run_backwards() {
        assert!(Period::new(date(2024, 1, 1), date(2025, 1, 1)).is_ok(), "366 days apart");
        assert_eq!(Period::new(date(2024, 1, 1), date(2025, 1, 2)), Err(PeriodError::TooLong));
        assert!(Period::new(date(2026, 11, 5), date(2026, 11, 5)).is_ok(), "one day");
        assert_eq!(Period::new(date(2026, 11, 6), date(2026, 11, 5)), Err(PeriodError::StartAfterEnd));
        assert_eq!(PeriodError::TooLong.to_string(), "Choose a period of at most 366 days.");
        assert_eq!(PeriodError::StartAfterEnd.to_string(), "The start date must not be after the end date.");
    }

    #[test]
    fn the_default_period_is_this_week_and_the_seven_before_it() {
        let today = date(2026, 11, 24);

        let period = Period::chosen(None, None, today).unwrap();

        assert_eq!((period.from(), period.to()), (date(2026, 10, 5), today));
        assert_eq!(period.weeks().len(), 8);
        assert_eq!(Period::chosen(Some(date(2026, 12, 1)), None, today), Err(PeriodError::StartAfterEnd));
        let from_only = Period::chosen(Some(date(2026, 11, 20)), None, today).unwrap();
        assert_eq!((from_only.from(), from_only.to()), (date(2026, 11, 20), today));
        let to_only = Period::chosen(None, Some(date(2026, 3, 4)), today).unwrap();
        assert_eq!((to_only.from(), to_only.to()), (date(2026, 1, 12), date(2026, 3, 4)));
    }

    #[test]
    fn a_period_runs_from_midnight_to_midnight_in_pakistan() {
        let period = Period::new(date(2026, 11, 1), date(2026, 11, 30)).unwrap();

        assert_eq!(period.start(), Utc.with_ymd_and_hms(2026, 10, 31, 19, 0, 0).unwrap());
        assert_eq!(period.end(), Utc.with_ymd_and_hms(2026, 11, 30, 19, 0, 0).unwrap());
    }

    #[test]
    fn weeks_start_on_monday_and_every_week_touching_the_period_is_listed() {
        assert_eq!(week_of(date(2026, 11, 23)), date(2026, 11, 23), "a Monday");
        assert_eq!(week_of(date(2026, 11, 29)), date(2026, 11, 23), "a Sunday");
        assert_eq!(week_of(date(2026, 11, 1)), date(2026, 10, 26));
        let period = Period::new(date(2026, 11, 1), date(2026, 11, 30)).unwrap();

        assert_eq!(
            period.weeks(),
            [
                date(2026, 10, 26),
                date(2026, 11, 2),
                date(2026, 11, 9),
                date(2026, 11, 16),
                date(2026, 11, 23),
                date(2026, 11, 30)
            ]
        );
    }

    #[test]
    fn a_week_is_labelled_by_its_monday() {
        assert_eq!(week_label(date(2026, 10, 26)), "Week of 26 Oct 2026");
        assert_eq!(week_label(date(2026, 11, 2)), "Week of 2 Nov 2026");
    }

    #[test]
    fn the_delivery_rate_is_rounded_half_up_to_one_decimal_from_integers() {
        assert_eq!(delivery_rate(0, 0), None);
        assert_eq!(delivery_rate(2, 1).map(|t| t.to_string()), Some("66.7".into()));
        assert_eq!(delivery_rate(1, 2).map(|t| t.to_string()), Some("33.3".into()));
        assert_eq!(delivery_rate(4, 1).map(|t| t.to_string()), Some("80.0".into()));
        assert_eq!(delivery_rate(5, 0).map(|t| t.to_string()), Some("100.0".into()));
        assert_eq!(delivery_rate(0, 3).map(|t| t.to_string()), Some("0.0".into()));
        // 1/16 = 6.25 % -> 6.3 (the half goes up); 1/32 = 3.125 % -> 3.1.
        assert_eq!(delivery_rate(1, 15).map(Tenths::get), Some(63));
        assert_eq!(delivery_rate(1, 31).map(Tenths::get), Some(31));
        // 1/8 = 12.5 % exactly; 1/2000 = 0.05 % -> 0.1.
        assert_eq!(delivery_rate(1, 7).map(Tenths::get), Some(125));
        assert_eq!(delivery_rate(1, 1999).map(Tenths::get), Some(1));
        assert_eq!(delivery_rate(u64::MAX, u64::MAX).map(Tenths::get), Some(500));
    }

    #[test]
    fn a_breakdown_is_one_of_four_words() {
        for word in ["week", "city", "product", "coupon"] {
            assert_eq!(word.parse::<Breakdown>().unwrap().as_str(), word);
        }
        assert_eq!("month".parse::<Breakdown>(), Err(BreakdownError));
        assert_eq!(BreakdownError.to_string(), "Choose week, city, product or coupon.");
    }
}
