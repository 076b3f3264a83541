//! Request fields read as docs/contract.md §2 asks: numbers may come as numeric strings, ids as strings or
//! numbers, booleans as `true`/`false` or "true"/"false", dates as `YYYY-MM-DD` or ISO 8601 timestamps read in
//! Pakistan time, and `null` or blank text counts as absent. A present value that does not fit is kept as
//! [`Field::Invalid`] rather than failing the whole body, so the handler answers 400 naming the field with the
//! rule's own text. The OpenAPI schema of a [`Field<T>`] is the one [`FormValue::schema`] gives for `T`: what
//! the deserialiser really accepts.

use std::fmt;

use chrono::{DateTime, NaiveDate};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;

/// Rupees written as decimal text with at most two decimals, exactly, as paisa; negatives, exponents and
/// fractions of a paisa are refused.
pub fn rupees_from_text(text: &str) -> Option<domain::money::Rupees> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || fraction.len() > 2 || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    Some(domain::money::Rupees::from_paisa(whole.checked_mul(100)?.checked_add(fraction)?))
}

/// One request field as sent. Absent fields deserialise as [`Field::Absent`] (`#[serde(default)]`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Field<T> {
    /// Not sent, or `null`.
    #[default]
    Absent,
    /// Blank text, which counts as absent unless a field gives it a meaning of its own.
    Empty,
    Given(T),
    /// Sent, but not a value of `T`.
    Invalid,
}

impl<T> Field<T> {
    /// The value when one was given; `None` when absent, blank or invalid.
    pub fn given(self) -> Option<T> {
        match self {
            Self::Given(value) => Some(value),
            Self::Absent | Self::Empty | Self::Invalid => None,
        }
    }

    /// `Ok(None)` when absent or blank, the value when given, `invalid()` otherwise.
    ///
    /// # Errors
    /// `invalid()` when the field holds something that is not a `T`.
    pub fn optional<E>(self, invalid: impl FnOnce() -> E) -> Result<Option<T>, E> {
        match self {
            Self::Absent | Self::Empty => Ok(None),
            Self::Given(value) => Ok(Some(value)),
            Self::Invalid => Err(invalid()),
        }
    }
}

impl<T: Clone> Field<T> {
    /// A copy of the value when one was given; `None` otherwise.
    pub fn cloned_given(&self) -> Option<T> {
        self.clone().given()
    }
}

impl Field<String> {
    /// The text when some was given.
    pub fn text(&self) -> Option<&str> {
        match self {
            Self::Given(text) => Some(text),
            Self::Absent | Self::Empty | Self::Invalid => None,
        }
    }

    /// A required value named `field`, parsed from the trimmed text, such as an order's or a review's
    /// status.
    ///
    /// # Errors
    /// A 400 naming `field`: '{field} is required.' when nothing was given, the parser's text otherwise.
    pub fn required<T>(&self, field: &str) -> Result<T, crate::infra::error::ApiError>
    where
        T: std::str::FromStr,
        T::Err: std::fmt::Display,
    {
        let text = self
            .text()
            .ok_or_else(|| crate::infra::error::ApiError::invalid_field(field, format!("{field} is required.")))?;
        text.trim().parse().map_err(|err: T::Err| crate::infra::error::ApiError::invalid_field(field, err.to_string()))
    }
}

/// Text; blank text counts as absent.
pub type Text = Field<String>;
/// A whole number, as a JSON number or numeric text.
pub type WholeNumber = Field<i64>;
/// Rupees as a JSON number or numeric text, at most two decimals.
pub type Money = Field<Rupees>;
/// Rupees as a JSON number only.
pub type CartMoney = Field<JsonRupees>;
/// `true`/`false`, or the text "true"/"false".
pub type Flag = Field<bool>;
/// A category's id, as text or a number.
pub type CategoryRef = Field<CategoryId>;
/// A product's id, as text or as a number.
pub type ProductRef = Field<ProductId>;
/// A calendar date in Pakistan.
pub type PakistanDate = Field<NaiveDate>;
/// A list of texts.
pub type TextList = Field<Vec<String>>;

/// A JSON value as a form field may carry it, before it is read as a particular type.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    Text(String),
    Number(serde_json::Number),
    Bool(bool),
    List(Vec<Raw>),
    /// `null` inside a list, or an object.
    Other,
}

/// A type a [`Field`] can hold: how it is read from the wire and how the OpenAPI document describes that.
pub trait FormValue: Sized {
    /// The value, or `None` when `raw` is not one (blank text never reaches here).
    fn from_raw(raw: Raw) -> Option<Self>;
    /// The shapes [`FormValue::from_raw`] accepts, and `null`.
    fn schema() -> Schema;
}

/// A field's schema: one of `types`, or `null` (which a [`Field`] reads as absent).
fn field_schema(types: &[Type], description: &str) -> Schema {
    let types = types.iter().cloned().chain([Type::Null]).collect();
    ObjectBuilder::new().schema_type(SchemaType::Array(types)).description(Some(description)).into()
}

impl FormValue for String {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Text(text) => Some(text),
            Raw::Number(_) | Raw::Bool(_) | Raw::List(_) | Raw::Other => None,
        }
    }

    fn schema() -> Schema {
        field_schema(&[Type::String], "Text; blank text counts as absent.")
    }
}

impl FormValue for i64 {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Number(number) => number.as_i64(),
            Raw::Text(text) => text.trim().parse().ok(),
            Raw::Bool(_) | Raw::List(_) | Raw::Other => None,
        }
    }

    fn schema() -> Schema {
        field_schema(&[Type::Integer, Type::String], "A whole number, or the same written as text.")
    }
}

/// Rupees as admin forms send them: a JSON number or numeric text, at most two decimals.
impl FormValue for Rupees {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Number(number) => rupees_from_text(&number.to_string()),
            Raw::Text(text) => rupees_from_text(&text),
            Raw::Bool(_) | Raw::List(_) | Raw::Other => None,
        }
    }

    fn schema() -> Schema {
        field_schema(&[Type::Number, Type::String], "Rupees with at most two decimals, as a number or as text.")
    }
}

/// Rupees sent as a JSON number only (the cart's figures, which no HTML form types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonRupees(pub Rupees);

impl FormValue for JsonRupees {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Number(number) => rupees_from_text(&number.to_string()).map(Self),
            Raw::Text(_) | Raw::Bool(_) | Raw::List(_) | Raw::Other => None,
        }
    }

    fn schema() -> Schema {
        field_schema(&[Type::Number], "Rupees with at most two decimals, as a JSON number.")
    }
}

impl FormValue for bool {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::Bool(value) => Some(value),
            Raw::Text(text) => match text.trim() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            },
            Raw::Number(_) | Raw::List(_) | Raw::Other => None,
        }
    }

    fn schema() -> Schema {
        field_schema(&[Type::Boolean, Type::String], "`true` or `false`, or the text \"true\" or \"false\".")
    }
}

/// An id, sent as text or as a number (the shop's original client sends both).
macro_rules! id_form_value {
    ($($id:ty),+) => {$(
        impl FormValue for $id {
            fn from_raw(raw: Raw) -> Option<Self> {
                match raw {
                    Raw::Text(text) => text.trim().parse().ok(),
                    Raw::Number(number) => number.to_string().parse().ok(),
                    Raw::Bool(_) | Raw::List(_) | Raw::Other => None,
                }
            }

            fn schema() -> Schema {
                field_schema(&[Type::String, Type::Integer], "The id, as text or as a number.")
            }
        }
    )+};
}

id_form_value!(CategoryId, ProductId);

/// A calendar date in Pakistan: `YYYY-MM-DD`, or a full ISO 8601 timestamp read as the date in Karachi.
impl FormValue for NaiveDate {
    fn from_raw(raw: Raw) -> Option<Self> {
        let Raw::Text(text) = raw else { return None };
        let text = text.trim();
        NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .or_else(|_| DateTime::parse_from_rfc3339(text).map(|t| domain::calendar::pakistan_date(t.to_utc())))
            .ok()
    }

    fn schema() -> Schema {
        field_schema(&[Type::String], "`YYYY-MM-DD`, or an ISO 8601 timestamp read as the date in Pakistan.")
    }
}

impl FormValue for Vec<String> {
    fn from_raw(raw: Raw) -> Option<Self> {
        match raw {
            Raw::List(items) => items.into_iter().map(String::from_raw).collect(),
            Raw::Text(_) | Raw::Number(_) | Raw::Bool(_) | Raw::Other => None,
        }
    }

    fn schema() -> Schema {
        ArrayBuilder::new()
            .schema_type(SchemaType::Array(vec![Type::Array, Type::Null]))
            .items(ObjectBuilder::new().schema_type(Type::String))
            .description(Some("A list of texts."))
            .into()
    }
}

impl<T: FormValue> utoipa::PartialSchema for Field<T> {
    fn schema() -> RefOr<Schema> {
        T::schema().into()
    }
}

/// Fields are documented inline (`#[schema(inline)]`), so the name is never used.
impl<T: FormValue> utoipa::ToSchema for Field<T> {}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Option<Raw>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Self::Value, E> {
        Ok(Some(Raw::Bool(value)))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Self::Value, E> {
        Ok(Some(Raw::Number(value.into())))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Self::Value, E> {
        Ok(Some(Raw::Number(value.into())))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Self::Value, E> {
        Ok(Some(serde_json::Number::from_f64(value).map_or(Raw::Other, Raw::Number)))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
        Ok(Some(Raw::Text(value.to_owned())))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Self::Value, E> {
        Ok(Some(Raw::Text(value)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(RawSeed)? {
            items.push(item.unwrap_or(Raw::Other));
        }
        Ok(Some(Raw::List(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Some(Raw::Other))
    }
}

struct RawSeed;

impl<'de> de::DeserializeSeed<'de> for RawSeed {
    type Value = Option<Raw>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(RawVisitor)
    }
}

impl<T: FormValue> Field<T> {
    fn read(raw: Option<Raw>) -> Self {
        match raw {
            None => Self::Absent,
            Some(Raw::Text(text)) if text.trim().is_empty() => Self::Empty,
            Some(raw) => T::from_raw(raw).map_or(Self::Invalid, Self::Given),
        }
    }

    /// A multipart text field, or `None` when the form does not hold it.
    pub fn from_text(text: Option<&str>) -> Self {
        Self::read(text.map(|text| Raw::Text(text.to_owned())))
    }
}

impl<'de, T: FormValue> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::read(deserializer.deserialize_any(RawVisitor)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: FormValue>(json: &str) -> Field<T> {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn null_is_absent_and_blank_text_is_empty() {
        assert_eq!(read::<i64>(r#"null"#), Field::Absent);
        assert_eq!(read::<i64>(r#""  ""#), Field::Empty);
        assert_eq!(read::<i64>(r#""""#).optional(|| ()), Ok(None));
    }

    #[test]
    fn numbers_may_come_as_numeric_strings() {
        assert_eq!(read::<i64>(r#""15""#), Field::Given(15));
        assert_eq!(read::<i64>(r#"15"#), Field::Given(15));
        assert_eq!(read::<i64>(r#""15.5""#), Field::Invalid);
        assert_eq!(read::<i64>(r#"true"#), Field::Invalid);
        assert_eq!(read::<Rupees>(r#""2249.15""#), Field::Given(Rupees::from_paisa(224_915)));
        assert_eq!(read::<Rupees>(r#"2249.15"#), Field::Given(Rupees::from_paisa(224_915)));
        assert_eq!(read::<JsonRupees>(r#""2000""#), Field::Invalid);
    }

    #[test]
    fn rupees_with_up_to_two_decimals_become_exact_paisa() {
        assert_eq!(read::<JsonRupees>(r#"1099.15"#), Field::Given(JsonRupees(Rupees::from_paisa(109_915))));
        assert_eq!(read::<JsonRupees>(r#"1099.1"#), Field::Given(JsonRupees(Rupees::from_paisa(109_910))));
        assert_eq!(read::<JsonRupees>(r#"2250"#), Field::Given(JsonRupees(Rupees::from_whole(2250))));
        for bad in [r#""1500""#, r#"10.005"#, r#"-5"#, r#"true"#, r#"1e300"#, r#"[1]"#] {
            assert_eq!(read::<JsonRupees>(bad), Field::Invalid, "{bad}");
        }
    }

    #[test]
    fn admin_forms_may_send_rupees_as_numeric_strings() {
        assert_eq!(read::<Rupees>(r#"" 250 ""#), Field::Given(Rupees::from_whole(250)));
        assert_eq!(read::<Rupees>(r#""99.5""#), Field::Given(Rupees::from_paisa(9950)));
        for bad in [r#""abc""#, r#""-1""#, r#""1e3""#, r#""1.234""#, r#"".5""#] {
            assert_eq!(read::<Rupees>(bad), Field::Invalid, "{bad}");
        }
    }

    #[test]
    fn ids_may_be_strings_or_numbers() {
        assert_eq!(read::<CategoryId>(r#""7""#).given().map(CategoryId::get), Some(7));
        assert_eq!(read::<CategoryId>(r#"7"#).given().map(CategoryId::get), Some(7));
        assert_eq!(read::<CategoryId>(r#""x""#), Field::Invalid);
    }

    #[test]
    fn booleans_may_be_text_and_lists_hold_one_type() {
        assert_eq!(read::<bool>(r#""false""#), Field::Given(false));
        assert_eq!(read::<bool>(r#""yes""#), Field::Invalid);
        assert_eq!(read::<Vec<String>>(r#"["a", "b"]"#), Field::Given(vec!["a".to_owned(), "b".to_owned()]));
        assert_eq!(read::<Vec<String>>(r#"["a", 1]"#), Field::Invalid);
        assert_eq!(read::<Vec<String>>(r#""a""#), Field::Invalid);
        assert_eq!(read::<String>(r#"{"a": 1}"#), Field::Invalid);
    }

    #[test]
    fn dates_are_calendar_dates_or_timestamps_read_in_karachi() {
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
        assert_eq!(read::<NaiveDate>(r#""2026-11-30""#), Field::Given(day(11, 30)));
        assert_eq!(read::<NaiveDate>(r#""2026-11-30T19:30:00Z""#), Field::Given(day(12, 1)));
        assert_eq!(read::<NaiveDate>(r#""30/11/2026""#), Field::Invalid);
    }
}
