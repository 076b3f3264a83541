//! The contact details of a customer or reviewer (docs/spec.md §5 'Checkout', docs/contract.md §4 `userDetails`): an
//! e-mail address, a phone number and a person's name, each checked once where it enters the system.

use std::fmt;

use icu_normalizer::ComposingNormalizerBorrowed;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use validator::ValidateEmail;

use crate::language::Localized;
use crate::text::{Lines, PlainText, TextError};

/// The longest e-mail address accepted, in characters.
pub const MAX_EMAIL_CHARS: usize = 254;

/// The longest name accepted, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// The longest phone number accepted, in characters, spaces and dashes included.
pub const MAX_PHONE_CHARS: usize = 30;

/// The name of a customer whose name nobody gave: none. Screens show the e-mail instead, and forms leave the
/// name for the shopper to type; nothing is ever shown as 'Customer' (docs/decisions/0037-a-checkout-that-keeps-the-shopper.md).
pub const UNKNOWN_CUSTOMER_NAME: &str = "";

/// An e-mail address that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    /// Nothing but white space.
    #[error("Email is required.")]
    Empty,
    /// More than [`MAX_EMAIL_CHARS`] characters.
    #[error("Email must be at most {} characters.", MAX_EMAIL_CHARS)]
    TooLong,
    /// Not of e-mail form.
    #[error("Please enter a valid email address.")]
    Invalid,
}

/// An e-mail address: trimmed, its local part in Unicode NFC, its domain as DNS knows it (NFC, then
/// IDNA/UTS-46 to ASCII: lower case, full-width and other compatibility forms mapped, punycode for the rest),
/// so every spelling of one mailbox is one `Email`; of e-mail form (the HTML e-mail input's rule, checked by
/// `validator`) and at most 254 characters in that form. A domain must be a name with a dot: address
/// literals (`[127.0.0.1]`), numeric domains and single labels (`localhost`) are refused.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Trims, normalises and checks an address. Case in the local part is kept: callers that compare
    /// addresses lower-case them first.
    ///
    /// # Errors
    /// [`EmailError`] when it is empty, too long or not of e-mail form.
    pub fn parse(text: &str) -> Result<Self, EmailError> {
        let address = text.trim();
        if address.is_empty() {
            return Err(EmailError::Empty);
        }
        if address.chars().count() > MAX_EMAIL_CHARS {
            return Err(EmailError::TooLong);
        }
        let (local, domain) = address.rsplit_once('@').ok_or(EmailError::Invalid)?;
        let domain = dns_domain(domain).ok_or(EmailError::Invalid)?;
        let address = format!("{}@{domain}", ComposingNormalizerBorrowed::new_nfc().normalize(local));
        if address.chars().count() > MAX_EMAIL_CHARS {
            return Err(EmailError::TooLong);
        }
        if !address.validate_email() {
            return Err(EmailError::Invalid);
        }
        Ok(Self(address))
    }

    /// The address.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The domains of Google's mail, where dots in the local part are ignored; `googlemail.com` is the same
/// service as `gmail.com`.
const GMAIL_DOMAINS: [&str; 2] = ["gmail.com", "googlemail.com"];

/// The mailbox an address delivers to, as far as the shop can tell, for matching the blocklist: lower case;
/// a `+tag` dropped from the local part (any provider: `x+promo@example.pk` is `x@example.pk`); for Gmail
/// and Googlemail the dots of the local part dropped too and the domain `gmail.com`
/// (`A.b.c+x@googlemail.com` is `abc@gmail.com`). A local part that would be left empty (`+x@example.pk`) is
/// kept whole. Only for comparing: mail still goes to the address as given. The cases are in
/// `domain/tests/fixtures/mailbox-cases.json`.
#[must_use]
pub fn canonical_mailbox(address: &str) -> String {
    let address = address.trim().to_lowercase();
    let Some((local, domain)) = address.rsplit_once('@') else { return address };
    let local = match local.split_once('+') {
        Some((untagged, _)) if !untagged.is_empty() => untagged,
        _ => local,
    };
    if GMAIL_DOMAINS.contains(&domain) {
        let dotless = local.replace('.', "");
        let local = if dotless.is_empty() { local } else { &dotless };
        format!("{local}@{}", GMAIL_DOMAINS[0])
    } else {
        format!("{local}@{domain}")
    }
}

impl Email {
    /// The mailbox this address delivers to: see [`canonical_mailbox`].
    #[must_use]
    pub fn canonical(&self) -> String {
        canonical_mailbox(&self.0)
    }
}

/// A mail domain in the ASCII form DNS uses: NFC, then UTS-46 ToASCII with the STD3 rules (letters, digits
/// and hyphens only, which also refuses `[...]` address literals) and DNS lengths. `None` for a domain
/// that is not a name of at least two labels, or whose last label is a number (an IPv4 address).
fn dns_domain(domain: &str) -> Option<String> {
    let domain = ComposingNormalizerBorrowed::new_nfc().normalize(domain);
    let ascii = Uts46::new()
        .to_ascii(domain.as_bytes(), AsciiDenyList::STD3, Hyphens::CheckFirstLast, DnsLength::Verify)
        .ok()?;
    let (_, last) = ascii.rsplit_once('.')?;
    (!last.bytes().all(|b| b.is_ascii_digit())).then(|| ascii.into_owned())
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A phone number that cannot be one. The texts are the ones the checkout shows beside the field: each
/// says what is wrong with this number, not the same hint for every case (`domain/tests/fixtures/phone-cases.json`
/// holds them, read by the browser's check too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    /// Nothing but white space.
    #[error("Phone number is required.")]
    Empty,
    /// More than [`MAX_PHONE_CHARS`] characters.
    #[error("This phone number is too long.")]
    TooLong,
    /// Letters among the digits.
    #[error("A phone number has only digits, e.g. 0300 1234567.")]
    Letters,
    /// A country code other than Pakistan's.
    #[error("Only Pakistani numbers can be used: start with 0 or +92.")]
    OtherCountry,
    /// A mobile written nationally (`03…`) with the wrong number of digits; `digits` is how many were typed.
    #[error("This number has {digits} digits; a mobile number has 11 (03XX XXXXXXX).")]
    MobileDigits {
        /// The digits typed.
        digits: u32,
    },
    /// A mobile written with the country code (`+92 3…`) with the wrong number of digits after it.
    #[error("This number has {digits} digits after +92; a mobile number has 10 (+92 3XX XXXXXXX).")]
    MobileDigitsAfterCode {
        /// The digits typed after the country code.
        digits: u32,
    },
    /// A landline where only a mobile will do.
    #[error("This is a landline number; enter a mobile number (03XX XXXXXXX).")]
    Landline,
    /// Digits that do not start as a mobile number does, where only a mobile will do.
    #[error("A mobile number starts with 03.")]
    NotMobilePrefix,
    /// Not written as a number (brackets, dots, a dash at an end...) where only a mobile will do.
    #[error("Enter a Pakistani mobile number, e.g. 0300 1234567.")]
    NotMobile,
    /// Neither a Pakistani mobile nor a landline number.
    #[error("Enter a Pakistani mobile or landline number, e.g. 0300 1234567 or 042 35761234.")]
    NotPakistani,
}

/// What kind of number a [`Phone`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhoneKind {
    /// A mobile: 3 and nine more digits after the country code.
    Mobile,
    /// A landline: an area code and the subscriber's number, 9 or 10 digits after the country code.
    Landline,
}

/// A Pakistani phone number, kept as the customer typed it (trimmed) and in its normal form `+92…`.
///
/// Accepted writings: `0300 1234567`, `0300-1234567`, `03001234567`, `3001234567`, `+92 300 1234567`,
/// `923001234567`, `0092 300 1234567`, with spaces and dashes anywhere between digits; landlines the same
/// way (`042 35761234`, `+92 42 35761234`). Digits typed on an Urdu or Persian keyboard (`۰۳۰۰`), Arabic-Indic
/// digits (`٠٣٠٠`) and full-width ones (`０３００`) are the same digits (see [`fold_phone_text`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone {
    typed: String,
    normal: String,
    kind: PhoneKind,
}

/// The digits, `+`, spaces and dashes of `text` in ASCII: Arabic-Indic (U+0660-0669), Extended Arabic-Indic
/// (U+06F0-06F9, the Urdu and Persian keyboards') and full-width (U+FF10-FF19) digits become `0`-`9`, the
/// full-width plus, hyphen and space become `+`, `-` and ` `; the invisible direction marks that right-to-left
/// keyboards and contact lists put around numbers (U+200E, U+200F, U+061C, U+202A-202E, U+2066-2069) are
/// dropped. Everything else is kept as it is.
#[must_use]
pub fn fold_phone_text(text: &str) -> String {
    text.chars()
        .filter(
            |c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'),
        )
        .map(|c| {
            let digit = |zero: char| char::from_digit(u32::from(c) - u32::from(zero), 10).unwrap_or(c);
            match c {
                '\u{0660}'..='\u{0669}' => digit('\u{0660}'),
                '\u{06F0}'..='\u{06F9}' => digit('\u{06F0}'),
                '\u{FF10}'..='\u{FF19}' => digit('\u{FF10}'),
                '\u{FF0B}' => '+',
                '\u{FF0D}' => '-',
                '\u{3000}' => ' ',
                other => other,
            }
        })
        .collect()
}

impl Phone {
    /// A Pakistani mobile number, as the primary phone of an order must be.
    ///
    /// # Errors
    /// [`PhoneError`] saying what is wrong: blank, too long, letters, another country, the wrong number of
    /// digits for a mobile, a landline, not starting with 03, or not written as a number at all.
    pub fn parse_mobile(text: &str) -> Result<Self, PhoneError> {
        let phone = Self::read(text, true)?;
        match phone.kind {
            PhoneKind::Mobile => Ok(phone),
            PhoneKind::Landline => Err(PhoneError::Landline),
        }
    }

    /// A Pakistani mobile or landline number.
    ///
    /// # Errors
    /// [`PhoneError`] saying what is wrong: blank, too long, letters, another country, the wrong number of
    /// digits for a mobile, or neither a mobile nor a landline.
    pub fn parse(text: &str) -> Result<Self, PhoneError> {
        Self::read(text, false)
    }

    fn read(text: &str, mobile: bool) -> Result<Self, PhoneError> {
        let typed = text.trim();
        let folded = fold_phone_text(typed);
        let folded = folded.trim();
        let not_a_number = if mobile { PhoneError::NotMobile } else { PhoneError::NotPakistani };
        if folded.is_empty() {
            return Err(PhoneError::Empty);
        }
        if folded.chars().count() > MAX_PHONE_CHARS {
            return Err(PhoneError::TooLong);
        }
        if folded.chars().any(char::is_alphabetic) {
            return Err(PhoneError::Letters);
        }
        let national = national_number(folded).ok_or(not_a_number)?;
        let (national, with_code) = match national {
            National::Number { digits, with_code } => (digits, with_code),
            National::OtherCountry => return Err(PhoneError::OtherCountry),
        };
        let kind = if national.len() == 10 && national.starts_with('3') {
            PhoneKind::Mobile
        } else if national.starts_with('3') {
            return Err(if with_code {
                PhoneError::MobileDigitsAfterCode { digits: digit_count(&national) }
            } else {
                PhoneError::MobileDigits { digits: digit_count(folded) }
            });
        } else if (9..=10).contains(&national.len()) && !national.starts_with(['0', '1']) {
            PhoneKind::Landline
        } else if mobile {
            return Err(PhoneError::NotMobilePrefix);
        } else {
            return Err(PhoneError::NotPakistani);
        };
        Ok(Self { typed: typed.to_owned(), normal: format!("+92{national}"), kind })
    }

    /// The number as typed, trimmed.
    #[must_use]
    pub fn as_typed(&self) -> &str {
        &self.typed
    }

    /// The normal form: `+92` and the national number without its leading 0, e.g. `+923001234567`.
    #[must_use]
    pub fn normal(&self) -> &str {
        &self.normal
    }

    /// Whether it is a mobile or a landline.
    #[must_use]
    pub const fn kind(&self) -> PhoneKind {
        self.kind
    }
}

/// How many ASCII digits `text` holds.
fn digit_count(text: &str) -> u32 {
    u32::try_from(text.chars().filter(char::is_ascii_digit).count()).unwrap_or(u32::MAX)
}

/// The national reading of a number.
enum National {
    /// The national significant number, and whether it was written after a country code (`+92`, `0092`,
    /// `92`).
    Number { digits: String, with_code: bool },
    /// Written with another country's code.
    OtherCountry,
}

/// The national significant number (without the country code and the trunk 0) of a number written (in ASCII,
/// see [`fold_phone_text`]) with an optional leading '+', digits, spaces and dashes between digits; `None` when
/// it is written otherwise.
fn national_number(typed: &str) -> Option<National> {
    let (plus, body) = typed.strip_prefix('+').map_or((false, typed), |rest| (true, rest));
    let well_formed = body.starts_with(|c: char| c.is_ascii_digit())
        && body.ends_with(|c: char| c.is_ascii_digit())
        && body.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-')
        && !body.contains("  ")
        && !body.contains("--");
    if !well_formed {
        return None;
    }
    let digits: String = body.chars().filter(char::is_ascii_digit).collect();
    let number = |rest: &str, with_code: bool| Some(National::Number { digits: rest.to_owned(), with_code });
    if plus {
        return digits.strip_prefix("92").map_or(Some(National::OtherCountry), |rest| number(rest, true));
    }
    if let Some(rest) = digits.strip_prefix("00").filter(|rest| !rest.starts_with('0')) {
        return rest.strip_prefix("92").map_or(Some(National::OtherCountry), |rest| number(rest, true));
    }
    if let Some(rest) = digits.strip_prefix('0') {
        return number(rest, false);
    }
    if let Some(rest) = digits.strip_prefix("92").filter(|rest| rest.len() >= 9) {
        return number(rest, true);
    }
    number(&digits, false)
}

impl fmt::Display for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.normal)
    }
}

/// A person's name that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PersonNameError {
    /// Nothing but white space.
    #[error("Please enter your name.")]
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters.
    #[error("Name must be at most {} characters.", MAX_NAME_CHARS)]
    TooLong,
    /// A line break or other control character, which would break e-mail headers and layouts.
    #[error(transparent)]
    ControlCharacter(#[from] TextError),
}

/// A customer's or reviewer's name: trimmed, one line of 1 to 100 characters (see [`PlainText`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PersonName(String);

impl PersonName {
    /// Trims and checks a name.
    ///
    /// # Errors
    /// [`PersonNameError`] when it is empty, too long or holds a control character.
    pub fn parse(text: &str) -> Result<Self, PersonNameError> {
        let name = PlainText::parse(text, Lines::One, "Name")?;
        if name.is_empty() {
            return Err(PersonNameError::Empty);
        }
        if name.chars() > MAX_NAME_CHARS {
            return Err(PersonNameError::TooLong);
        }
        Ok(Self(name.into_string()))
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PersonName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Localized for EmailError {
    fn urdu(&self) -> String {
        match self {
            Self::Empty => "ای میل درج کرنا ضروری ہے۔".to_owned(),
            Self::TooLong => format!("ای میل زیادہ سے زیادہ {MAX_EMAIL_CHARS} حروف کی ہو سکتی ہے۔"),
            Self::Invalid => "براہِ کرم درست ای میل ایڈریس درج کریں۔".to_owned(),
        }
    }
}

impl Localized for PhoneError {
    fn urdu(&self) -> String {
        match self {
            Self::Empty => "فون نمبر درج کرنا ضروری ہے۔".to_owned(),
            Self::TooLong => "یہ فون نمبر بہت لمبا ہے۔".to_owned(),
            Self::Letters => "فون نمبر میں صرف ہندسے ہوتے ہیں، مثلاً 0300 1234567۔".to_owned(),
            Self::OtherCountry => "صرف پاکستانی نمبر قبول ہیں: نمبر 0 یا +92 سے شروع کریں۔".to_owned(),
            Self::MobileDigits { digits } => {
                format!("اس نمبر میں {digits} ہندسے ہیں؛ موبائل نمبر میں 11 ہندسے ہوتے ہیں (03XX XXXXXXX)۔")
            }
            Self::MobileDigitsAfterCode { digits } => format!(
                "اس نمبر میں +92 کے بعد {digits} ہندسے ہیں؛ موبائل نمبر میں +92 کے بعد 10 ہندسے ہوتے ہیں (+92 3XX XXXXXXX)۔"
            ),
            Self::Landline => "یہ لینڈ لائن نمبر ہے؛ موبائل نمبر درج کریں (03XX XXXXXXX)۔".to_owned(),
            Self::NotMobilePrefix => "موبائل نمبر 03 سے شروع ہوتا ہے۔".to_owned(),
            Self::NotMobile => "پاکستانی موبائل نمبر درج کریں، مثلاً 0300 1234567۔".to_owned(),
            Self::NotPakistani => {
                "پاکستانی موبائل یا لینڈ لائن نمبر درج کریں، مثلاً 0300 1234567 یا 042 35761234۔".to_owned()
            }
        }
    }
}

impl Localized for PersonNameError {
    fn urdu(&self) -> String {
        match self {
            Self::Empty => "براہِ کرم اپنا نام درج کریں۔".to_owned(),
            Self::TooLong => format!("نام زیادہ سے زیادہ {MAX_NAME_CHARS} حروف کا ہو سکتا ہے۔"),
            Self::ControlCharacter(_) => "نام ایک ہی سطر میں لکھیں۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_is_trimmed_and_its_domain_lower_cased() {
        let email = Email::parse("  Ali.Khan@Example.PK ").unwrap();

        assert_eq!(email.as_str(), "Ali.Khan@example.pk");
        assert_eq!(email.to_string(), "Ali.Khan@example.pk");
    }

    #[test]
    fn a_blank_email_is_required() {
        for text in ["", "   "] {
            assert_eq!(Email::parse(text), Err(EmailError::Empty), "{text:?}");
        }
        assert_eq!(EmailError::Empty.to_string(), "Email is required.");
    }

    #[test]
    fn malformed_emails_are_rejected() {
        for text in ["ali", "ali@", "@example.pk", "ali@@example.pk", "ali khan@example.pk", "ali@exa mple.pk"] {
            assert_eq!(Email::parse(text), Err(EmailError::Invalid), "{text:?}");
        }
        assert_eq!(EmailError::Invalid.to_string(), "Please enter a valid email address.");
    }

    #[test]
    fn every_spelling_of_one_mailbox_is_one_email() {
        let spellings = [
            ("u@probe.test", ["u@ⓟrobe.test", "u@probe。test", "u@PROBE.test", "u@ｐｒｏｂｅ．ｔｅｓｔ"]),
            ("u@xn--caf-dma.test", ["u@caf\u{e9}.test", "u@cafe\u{301}.test", "u@xn--caf-dma.test", "u@CAFÉ.test"]),
        ];

        for (canonical, others) in spellings {
            for text in others {
                assert_eq!(Email::parse(text).map(|e| e.to_string()), Ok(canonical.to_owned()), "{text:?}");
            }
        }
    }

    #[test]
    fn a_local_part_is_kept_in_nfc() {
        assert_eq!(Email::parse("\u{212a}han@x.pk").unwrap().as_str(), "Khan@x.pk");
    }

    #[test]
    fn address_literals_numeric_and_dotless_domains_are_refused() {
        for text in ["u@localhost", "u@[127.0.0.1]", "u@[IPv6:::1]", "u@127.0.0.1", "u@1.2.3.4", "u@probe.test."] {
            assert_eq!(Email::parse(text), Err(EmailError::Invalid), "{text:?}");
        }
    }

    #[test]
    fn an_address_too_long_once_in_punycode_is_refused() {
        let domain = format!("{}.pk", vec!["é".repeat(30); 6].join("."));
        let address = format!("{}@{domain}", "a".repeat(60));

        assert!(address.chars().count() <= MAX_EMAIL_CHARS);
        assert_eq!(Email::parse(&address), Err(EmailError::TooLong));
    }

    #[test]
    fn an_email_of_254_characters_is_accepted_and_255_is_not() {
        let domain = format!("{}.{}.{}.pk", "b".repeat(63), "c".repeat(63), "d".repeat(59));
        let at_limit = format!("{}@{domain}", "a".repeat(254 - 1 - domain.len()));
        let over = format!("a{at_limit}");

        assert_eq!(at_limit.len(), 254);
        assert!(Email::parse(&at_limit).is_ok());
        assert_eq!(Email::parse(&over), Err(EmailError::TooLong));
        assert_eq!(EmailError::TooLong.to_string(), "Email must be at most 254 characters.");
    }

    #[test]
    fn gmail_dots_tags_and_googlemail_are_one_mailbox_and_either_way_round() {
        let blocked = Email::parse("abc@gmail.com").unwrap().canonical();
        let spelled = Email::parse("A.b.c+x@GoogleMail.com").unwrap().canonical();

        assert_eq!((blocked.as_str(), spelled.as_str()), ("abc@gmail.com", "abc@gmail.com"));
        assert_eq!(canonical_mailbox("x+promo@example.pk"), canonical_mailbox("X@Example.pk"));
        assert_eq!(canonical_mailbox("x+promo@example.pk"), "x@example.pk");
        assert_ne!(canonical_mailbox("a.b@example.pk"), canonical_mailbox("ab@example.pk"), "dots count elsewhere");
    }

    #[test]
    fn every_usual_writing_of_a_mobile_number_has_one_normal_form() {
        let writings = [
            "0300 1234567",
            "0300-1234567",
            "03001234567",
            "+92 300 1234567",
            "+92-300-1234567",
            "+923001234567",
            "923001234567",
            "92 300 1234567",
            "3001234567",
            "0092 300 1234567",
            "00923001234567",
            "  0300 123 4567 ",
        ];

        for text in writings {
            let phone = Phone::parse_mobile(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(phone.normal(), "+923001234567", "{text:?}");
            assert_eq!(phone.as_typed(), text.trim());
            assert_eq!(phone.kind(), PhoneKind::Mobile);
        }
    }

    #[test]
    fn a_landline_is_a_phone_but_not_a_mobile() {
        let lahore = Phone::parse("042 35761234").unwrap();

        assert_eq!(lahore.normal(), "+924235761234");
        assert_eq!(lahore.kind(), PhoneKind::Landline);
        assert_eq!(Phone::parse("+92 21 34567890").unwrap().normal(), "+922134567890");
        assert_eq!(Phone::parse("0992 123456").unwrap().normal(), "+92992123456");
        assert_eq!(Phone::parse_mobile("042 35761234"), Err(PhoneError::Landline));
    }

    #[test]
    fn a_blank_phone_number_is_required() {
        assert_eq!(Phone::parse("  "), Err(PhoneError::Empty));
        assert_eq!(Phone::parse_mobile(""), Err(PhoneError::Empty));
        assert_eq!(PhoneError::Empty.to_string(), "Phone number is required.");
    }

    #[test]
    fn a_wrong_number_is_told_what_is_wrong_with_it() {
        let attempts = [
            ("030012345", PhoneError::MobileDigits { digits: 9 }),
            ("0300 123456", PhoneError::MobileDigits { digits: 10 }),
            ("030012345678", PhoneError::MobileDigits { digits: 12 }),
            ("+92 300 123456", PhoneError::MobileDigitsAfterCode { digits: 9 }),
            ("+44 20 7946 0958", PhoneError::OtherCountry),
            ("+1 415 555 0100", PhoneError::OtherCountry),
            ("0044 20 7946 0958", PhoneError::OtherCountry),
            ("0300 123456a", PhoneError::Letters),
            ("0300 CALL ME", PhoneError::Letters),
            ("042 35761234", PhoneError::Landline),
            ("0000000000", PhoneError::NotMobilePrefix),
            ("0111 123456", PhoneError::NotMobilePrefix),
            ("12345", PhoneError::NotMobilePrefix),
            ("(0300) 1234567", PhoneError::NotMobile),
            ("92+3001234567", PhoneError::NotMobile),
            ("++923001234567", PhoneError::NotMobile),
            ("-03001234567", PhoneError::NotMobile),
            ("03001234567-", PhoneError::NotMobile),
            ("+ 923001234567", PhoneError::NotMobile),
            ("0300  1234567", PhoneError::NotMobile),
            ("0300--1234567", PhoneError::NotMobile),
            ("0300 1234567 0300 1234567 0300 1", PhoneError::TooLong),
        ];

        for (text, error) in attempts {
            assert_eq!(Phone::parse_mobile(text), Err(error), "{text:?}");
        }
        assert_eq!(
            PhoneError::MobileDigits { digits: 10 }.to_string(),
            "This number has 10 digits; a mobile number has 11 (03XX XXXXXXX)."
        );
        assert_eq!(PhoneError::NotMobilePrefix.to_string(), "A mobile number starts with 03.");
        assert_eq!(PhoneError::NotMobile.to_string(), "Enter a Pakistani mobile number, e.g. 0300 1234567.");
    }

    #[test]
    fn a_second_phone_that_is_neither_a_mobile_nor_a_landline_gets_the_general_hint() {
        for text in ["0000000000", "0111 123456", "12345", "042 123", "(0300) 1234567"] {
            assert_eq!(Phone::parse(text), Err(PhoneError::NotPakistani), "{text:?}");
        }
        assert_eq!(Phone::parse("0300 123456"), Err(PhoneError::MobileDigits { digits: 10 }));
    }

    #[test]
    fn urdu_arabic_indic_and_full_width_digits_are_the_same_digits() {
        for text in [
            "۰۳۰۰-۱۲۳۴۵۶۷",
            "٠٣٠٠ ١٢٣٤٥٦٧",
            "０３００－１２３４５６７",
            "＋９２ ３００ １２３４５６７",
            "\u{200E}۰۳۰۰۱۲۳۴۵۶۷\u{200E}",
        ] {
            let phone = Phone::parse_mobile(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));

            assert_eq!(phone.normal(), "+923001234567", "{text:?}");
            assert_eq!(phone.as_typed(), text.trim(), "{text:?}");
        }
        assert_eq!(Phone::parse_mobile("۰۳۰۰-۱۲۳۴۵۶"), Err(PhoneError::MobileDigits { digits: 10 }));
    }

    proptest::proptest! {
        #[test]
        fn any_mobile_number_in_any_writing_normalises_to_the_same(
            operator in 0u32..100,
            rest in 0u32..10_000_000,
            writing in 0usize..6,
        ) {
            let national = format!("3{operator:02}{rest:07}");
            let text = match writing {
                0 => format!("0{national}"),
                1 => format!("+92 {} {}", &national[..3], &national[3..]),
                2 => format!("92{national}"),
                3 => national.clone(),
                4 => format!("0092-{national}"),
                _ => format!("0{}-{}", &national[..3], &national[3..]),
            };

            let phone = Phone::parse_mobile(&text).unwrap();

            proptest::prop_assert_eq!(phone.normal(), format!("+92{national}"));
        }
    }

    #[test]
    fn a_name_is_trimmed() {
        let name = PersonName::parse("  Ayesha Siddiqui ").unwrap();

        assert_eq!(name.as_str(), "Ayesha Siddiqui");
        assert_eq!(name.to_string(), "Ayesha Siddiqui");
    }

    #[test]
    fn a_blank_name_is_refused() {
        assert_eq!(PersonName::parse(" \t "), Err(PersonNameError::Empty));
        assert_eq!(PersonNameError::Empty.to_string(), "Please enter your name.");
    }

    #[test]
    fn a_name_of_a_hundred_characters_is_accepted_and_more_is_not() {
        assert!(PersonName::parse(&"ع".repeat(100)).is_ok());

        let err = PersonName::parse(&"ع".repeat(101)).unwrap_err();

        assert_eq!(err, PersonNameError::TooLong);
        assert_eq!(err.to_string(), "Name must be at most 100 characters.");
    }

    #[test]
    fn a_name_with_a_line_break_or_a_control_character_is_refused() {
        for text in ["Ali\nBcc: everyone", "Ali\0", "Ali\u{7}"] {
            let err = PersonName::parse(text).unwrap_err();

            assert_eq!(err, PersonNameError::ControlCharacter(TextError::ControlCharacterInLine { what: "Name" }));
            assert_eq!(err.to_string(), "Name must not contain line breaks or control characters.");
        }
    }

    #[test]
    fn an_unknown_customer_name_is_empty_not_customer() {
        assert_eq!(UNKNOWN_CUSTOMER_NAME, "");
    }
}
