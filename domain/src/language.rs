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
