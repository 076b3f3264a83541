//! The shopper's languages (docs/decisions/0048-urdu.md): English, the default, and Urdu. An order remembers
//! the one it was placed in, so its e-mails and WhatsApp messages speak it.

/// A language the shop speaks to shoppers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    Urdu,
}

impl Language {
    /// Both, English first.
    pub const ALL: [Self; 2] = [Self::English, Self::Urdu];

    /// The ISO 639-1 code: `en` or `ur` (stored with an order, sent as `Accept-Language`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::Urdu => "ur",
        }
    }

    /// The language of an ISO 639-1 code, or of a language tag's primary subtag (`ur-PK`, `en_US`), any case.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Self> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("ur") {
            Some(Self::Urdu)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Self::English)
        } else {
            None
        }
    }

    /// The language an `Accept-Language` header prefers among the two (`ur-PK,ur;q=0.9,en;q=0.8` is Urdu,
    /// `en-US,en;q=0.9` English), by quality and then by order; `None` when it names neither.
    #[must_use]
    pub fn preferred(accept_language: &str) -> Option<Self> {
        let mut best: Option<(Self, u16)> = None;
        for range in accept_language.split(',') {
            let mut parts = range.split(';');
            let Some(language) = parts.next().and_then(Self::from_code) else { continue };
            let quality = parts.find_map(|p| p.trim().strip_prefix("q=")).map_or(Some(1000), thousandths);
            let Some(quality) = quality else { continue };
            if quality > 0 && best.is_none_or(|(_, q)| quality > q) {
                best = Some((language, quality));
            }
        }
        best.map(|(language, _)| language)
    }
}

/// A text a shopper reads, written in both languages side by side: its English is its `Display` (the spec's
/// exact words), its Urdu [`Localized::urdu`], in the same file, so that each text lives once. The HTTP API
/// answers in the request's language, and `app-server rules` generates both for the browser.
pub trait Localized: std::fmt::Display {
    /// The text in Urdu, its figures in Western digits as in English.
    fn urdu(&self) -> String;

    /// The text in `language`.
    fn text_in(&self, language: Language) -> String {
        match language {
            Language::English => self.to_string(),
            Language::Urdu => self.urdu(),
        }
    }
}

/// A fixed text in both languages, for texts that are no error's (an answer's 'Order placed successfully.').
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bilingual {
    pub english: &'static str,
    pub urdu: &'static str,
}

impl std::fmt::Display for Bilingual {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.english)
    }
}

impl Localized for Bilingual {
    fn urdu(&self) -> String {
        self.urdu.to_owned()
    }
}

/// Whether `text` holds a letter of the Arabic script, as every Urdu text does (tests check each one).
#[must_use]
pub fn has_urdu_letter(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{0600}'..='\u{06FF}') && c.is_alphabetic())
}

/// A quality value (`1`, `0.8`, `0.125`) in thousandths; `None` when it is no such value.
fn thousandths(q: &str) -> Option<u16> {
    let (whole, fraction) = q.trim().split_once('.').unwrap_or((q.trim(), ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits: u16 = format!("{fraction:0<3}").parse().ok()?;
    match whole {
        "0" => Some(digits),
        "1" if digits == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_tags_name_either_language() {
        assert_eq!(Language::from_code("ur"), Some(Language::Urdu));
        assert_eq!(Language::from_code("ur-PK"), Some(Language::Urdu));
        assert_eq!(Language::from_code("EN_us"), Some(Language::English));
        assert_eq!(Language::from_code("urd"), None);
        assert_eq!(Language::from_code("fr"), None);
        assert_eq!(Language::Urdu.code(), "ur");
        assert_eq!(Language::default(), Language::English);
    }

    #[test]
    fn every_shopper_error_of_the_domain_has_urdu_with_urdu_letters() {
        use crate::contact::{EmailError, PersonNameError, PhoneError};
        use crate::coupon::{CouponCodeError, CouponError, CouponUsageError};
        use crate::locations::{LocationError, Province};
        use crate::order_limits::{OrderLimitReached, TooManyUnits};
        use crate::password::PasswordError;
        let texts: Vec<Box<dyn Localized>> = vec![
            Box::new(EmailError::Empty),
            Box::new(EmailError::TooLong),
            Box::new(EmailError::Invalid),
            Box::new(PhoneError::Empty),
            Box::new(PhoneError::MobileDigits { digits: 9 }),
            Box::new(PhoneError::NotPakistani),
            Box::new(PersonNameError::Empty),
            Box::new(LocationError::CityWithoutProvince),
            Box::new(LocationError::UnknownCity { city: "Atlantis".into(), province: Province::Sindh }),
            Box::new(CouponCodeError::Empty),
            Box::new(CouponError::MinimumNotReached { minimum: 2000 }),
            Box::new(CouponUsageError::AlreadyUsed),
            Box::new(PasswordError::TooShort),
            Box::new(TooManyUnits { max: 5 }),
            Box::new(OrderLimitReached::PendingForPhone { max: 2 }),
        ];

        for text in texts {
            let urdu = text.urdu();

            assert!(has_urdu_letter(&urdu), "{text}: {urdu:?}");
            assert_eq!(text.text_in(Language::English), text.to_string());
            assert_eq!(text.text_in(Language::Urdu), urdu);
        }
        assert_eq!(
            CouponError::MinimumNotReached { minimum: 2000 }.urdu(),
            "اس کوپن کے لیے کم از کم Rs 2,000 کا آرڈر ضروری ہے۔"
        );
        assert!(!has_urdu_letter("Only 2 left!"));
    }

    #[test]
    fn accept_language_prefers_by_quality_then_order() {
        assert_eq!(Language::preferred("ur"), Some(Language::Urdu));
        assert_eq!(Language::preferred("en"), Some(Language::English));
        assert_eq!(Language::preferred("en-US,en;q=0.9"), Some(Language::English));
        assert_eq!(Language::preferred("ur-PK,ur;q=0.9,en;q=0.8"), Some(Language::Urdu));
        assert_eq!(Language::preferred("en;q=0.5, ur;q=0.8"), Some(Language::Urdu));
        assert_eq!(Language::preferred("fr, en;q=0.1"), Some(Language::English));
        assert_eq!(Language::preferred("ur;q=0, en;q=0.2"), Some(Language::English));
        assert_eq!(Language::preferred("ur;q=2, en;q=0.2"), Some(Language::English));
        assert_eq!(Language::preferred("fr-FR, de"), None);
        assert_eq!(Language::preferred(""), None);
    }
}
