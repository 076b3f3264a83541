//! Reading admin form fields sent as JSON: numbers may come as numeric strings and empty strings mean
//! absent (CONTRACT.md §2); anything else that is not a valid value is a 400.

use chrono::{DateTime, NaiveDate};
use serde_json::Value;

/// A field that is absent, `null` or an empty (or blank) string.
pub fn is_absent(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => true,
        Some(Value::String(text)) => text.trim().is_empty(),
        Some(_) => false,
    }
}

/// A text field, or `None` when absent or not text.
pub fn text(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|text| !text.trim().is_empty())
}

/// A whole number sent as a number or a numeric string; `None` when absent, `Some(Err(()))` when present
/// but not a whole number.
pub fn whole_number(value: Option<&Value>) -> Option<Result<i64, ()>> {
    if is_absent(value) {
        return None;
    }
    Some(match value {
        Some(Value::Number(n)) => n.as_i64().ok_or(()),
        Some(Value::String(text)) => text.trim().parse().map_err(|_| ()),
        _ => Err(()),
    })
}

/// An id sent as a string or a number; `None` when absent, `Some(Err(()))` when malformed.
pub fn id<T: std::str::FromStr>(value: Option<&Value>) -> Option<Result<T, ()>> {
    if is_absent(value) {
        return None;
    }
    let text = match value {
        Some(Value::String(text)) => text.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => return Some(Err(())),
    };
    Some(text.parse().map_err(|_| ()))
}

/// A boolean sent as `true`/`false` or as the strings "true"/"false".
pub fn boolean(value: Option<&Value>) -> Option<Result<bool, ()>> {
    if is_absent(value) {
        return None;
    }
    Some(match value {
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::String(text)) => match text.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(()),
        },
        _ => Err(()),
    })
}

/// A calendar date in Pakistan: `YYYY-MM-DD`, or a full ISO 8601 timestamp read as the date in Karachi.
pub fn pakistan_date(value: Option<&Value>) -> Option<Result<NaiveDate, ()>> {
    let text = text(value)?.trim();
    Some(
        NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .or_else(|_| DateTime::parse_from_rfc3339(text).map(|t| domain::calendar::pakistan_date(t.to_utc())))
            .map_err(|_| ()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn empty_strings_and_null_are_absent() {
        assert!(whole_number(Some(&json!(""))).is_none());
        assert!(whole_number(Some(&json!(null))).is_none());
        assert!(whole_number(None).is_none());
    }

    #[test]
    fn numbers_may_come_as_numeric_strings() {
        assert_eq!(whole_number(Some(&json!("15"))), Some(Ok(15)));
        assert_eq!(whole_number(Some(&json!(15))), Some(Ok(15)));
        assert_eq!(whole_number(Some(&json!("15.5"))), Some(Err(())));
        assert_eq!(whole_number(Some(&json!(true))), Some(Err(())));
    }

    #[test]
    fn ids_may_be_strings_or_numbers() {
        assert_eq!(id::<domain::ids::CategoryId>(Some(&json!("7"))).map(|r| r.map(|i| i.get())), Some(Ok(7)));
        assert_eq!(id::<domain::ids::CategoryId>(Some(&json!(7))).map(|r| r.map(|i| i.get())), Some(Ok(7)));
        assert!(matches!(id::<domain::ids::CategoryId>(Some(&json!("x"))), Some(Err(()))));
    }

    #[test]
    fn dates_are_calendar_dates_or_timestamps_read_in_karachi() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        assert_eq!(pakistan_date(Some(&json!("2026-11-30"))), Some(Ok(day(30))));
        assert_eq!(
            pakistan_date(Some(&json!("2026-11-30T19:30:00Z"))),
            Some(Ok(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()))
        );
        assert_eq!(pakistan_date(Some(&json!("30/11/2026"))), Some(Err(())));
    }
}
