//! What a cash-on-delivery shopper needs to know before ordering, as the owner sets it
//! (docs/decisions/0033-shop-info-and-a-summary-that-adds-up.md): how long delivery takes, and the WhatsApp
//! number that reaches the shop. The delivery charge is the cart's own setting ([`crate::cart::DeliveryCharge`]).

use std::fmt;

use crate::contact::Phone;
use crate::text::{Lines, PlainText};

/// The longest delivery time, in characters: it shows on one line of a phone's screen.
pub const MAX_DELIVERY_TIME_CHARS: usize = 40;

/// The delivery time a shop starts with: the original shop's promise (docs/spec.md §9).
pub const DEFAULT_DELIVERY_TIME: &str = "3–4 working days";

/// How long delivery takes, as the owner words it: `2–4 working days`. One line, 1 to 40 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeliveryTime(String);

/// A delivery time that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DeliveryTimeError {
    /// Blank, or longer than [`MAX_DELIVERY_TIME_CHARS`].
    #[error("Delivery time must be 1 to 40 characters, e.g. 2–4 working days.")]
    Length,
    /// A line break or control character.
    #[error("Delivery time must not contain line breaks or control characters.")]
    Characters,
}

impl DeliveryTime {
    /// Trims `text` and checks it.
    ///
    /// # Errors
    /// [`DeliveryTimeError`] when blank, too long or holding a control character.
    pub fn parse(text: &str) -> Result<Self, DeliveryTimeError> {
        let text = PlainText::parse(text, Lines::One, "Delivery time").map_err(|_| DeliveryTimeError::Characters)?;
        if text.is_empty() || text.chars() > MAX_DELIVERY_TIME_CHARS {
            return Err(DeliveryTimeError::Length);
        }
        Ok(Self(text.into_string()))
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for DeliveryTime {
    fn default() -> Self {
        Self(DEFAULT_DELIVERY_TIME.to_owned())
    }
}

impl fmt::Display for DeliveryTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The shop's WhatsApp number: a Pakistani mobile, held as `92` and its ten national digits
/// (`923001234567`), the form `https://wa.me/` links take.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WhatsAppNumber(String);

/// A WhatsApp number that is no Pakistani mobile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Enter a Pakistani mobile number, e.g. 0300 1234567.")]
pub struct WhatsAppNumberError;

impl WhatsAppNumber {
    /// A mobile number written any way the checkout accepts (`0300 1234567`, `+92 300 1234567`,
    /// `923001234567`, ...), normalised to `923001234567`.
    ///
    /// # Errors
    /// [`WhatsAppNumberError`] when it is blank or no Pakistani mobile number.
    pub fn parse(text: &str) -> Result<Self, WhatsAppNumberError> {
        let phone = Phone::parse_mobile(text).map_err(|_| WhatsAppNumberError)?;
        let digits = phone.normal().trim_start_matches('+').to_owned();
        Ok(Self(digits))
    }

    /// `923001234567`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The chat link: `https://wa.me/923001234567`.
    #[must_use]
    pub fn link(&self) -> String {
        format!("https://wa.me/{}", self.0)
    }

    /// The number as people here write it: `0300 1234567`.
    #[must_use]
    pub fn local(&self) -> String {
        let national = &self.0[2..];
        format!("0{} {}", &national[..3], &national[3..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mobile_number_is_normalised_however_it_is_written() {
        for typed in ["0300 1234567", "0300-1234567", "+92 300 1234567", "923001234567", "0092 300 1234567"] {
            let number = WhatsAppNumber::parse(typed).unwrap();

            assert_eq!(number.as_str(), "923001234567", "{typed}");
            assert_eq!(number.link(), "https://wa.me/923001234567");
            assert_eq!(number.local(), "0300 1234567");
        }
    }

    #[test]
    fn a_landline_or_foreign_number_is_refused() {
        for typed in ["", "042 35761234", "+44 7700 900123", "0300 12345", "WhatsApp me"] {
            assert_eq!(WhatsAppNumber::parse(typed), Err(WhatsAppNumberError), "{typed}");
        }
        assert_eq!(WhatsAppNumberError.to_string(), "Enter a Pakistani mobile number, e.g. 0300 1234567.");
    }

    #[test]
    fn a_delivery_time_is_one_short_line() {
        assert_eq!(DeliveryTime::parse("  2–4 working days ").unwrap().as_str(), "2–4 working days");
        assert_eq!(DeliveryTime::parse(" "), Err(DeliveryTimeError::Length));
        assert_eq!(DeliveryTime::parse(&"d".repeat(41)), Err(DeliveryTimeError::Length));
        assert!(DeliveryTime::parse(&"d".repeat(40)).is_ok());
        assert_eq!(DeliveryTime::parse("2 days\nor 3"), Err(DeliveryTimeError::Characters));
        assert_eq!(DeliveryTime::default().as_str(), "3–4 working days");
    }
}
