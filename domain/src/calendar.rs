//! Calendar dates in Pakistan, where coupons' dates live (docs/contract.md §5). Pakistan keeps UTC+5 all year:
//! it has had no daylight saving since 2009, so a fixed offset is exact.

use chrono::{DateTime, Duration, NaiveDate, Utc};

/// Pakistan's offset from UTC, in hours.
pub const PAKISTAN_UTC_OFFSET_HOURS: i64 = 5;

/// The date on a calendar in Karachi at the instant `now`.
#[must_use]
pub fn pakistan_date(now: DateTime<Utc>) -> NaiveDate {
    (now + Duration::hours(PAKISTAN_UTC_OFFSET_HOURS)).date_naive()
}

/// The first instant of `date` on a calendar in Karachi (its midnight, in UTC).
#[must_use]
pub fn pakistan_midnight(date: NaiveDate) -> DateTime<Utc> {
    date.and_time(chrono::NaiveTime::MIN).and_utc() - Duration::hours(PAKISTAN_UTC_OFFSET_HOURS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_day_in_karachi_starts_at_seven_in_the_evening_utc_the_day_before() {
        let date = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();

        assert_eq!(pakistan_midnight(date), Utc.with_ymd_and_hms(2026, 11, 30, 19, 0, 0).unwrap());
        assert_eq!(pakistan_date(pakistan_midnight(date)), date);
    }

    #[test]
    fn before_seven_in_the_evening_utc_it_is_the_same_day_in_karachi() {
        let now = Utc.with_ymd_and_hms(2026, 11, 30, 18, 59, 59).unwrap();

        assert_eq!(pakistan_date(now), NaiveDate::from_ymd_opt(2026, 11, 30).unwrap());
    }

    #[test]
    fn from_seven_in_the_evening_utc_it_is_already_tomorrow_in_karachi() {
        let now = Utc.with_ymd_and_hms(2026, 11, 30, 19, 0, 0).unwrap();

        assert_eq!(pakistan_date(now), NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
    }
}
