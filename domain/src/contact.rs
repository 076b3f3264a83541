//! The contact details of a customer or reviewer (docs/spec.md §5 'Checkout', docs/contract.md §4 `userDetails`): an
//! e-mail address, a phone number and a person's name, each checked once where it enters the system.

use std::fmt;

use icu_normalizer::ComposingNormalizerBorrowed;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use validator::ValidateEmail;

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

/// A phone number that cannot be one. The texts are the ones the checkout shows beside the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    /// Nothing but white space.
    #[error("Phone number is required.")]
    Empty,
    /// Not a Pakistani mobile number, where only a mobile will do.
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
/// way (`042 35761234`, `+92 42 35761234`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone {
    typed: String,
    normal: String,
    kind: PhoneKind,
}

impl Phone {
    /// A Pakistani mobile number, as the primary phone of an order must be.
    ///
    /// # Errors
    /// [`PhoneError::Empty`] when blank, [`PhoneError::NotMobile`] otherwise when it is no mobile number.
    pub fn parse_mobile(text: &str) -> Result<Self, PhoneError> {
        match Self::parse(text) {
            Ok(phone) if phone.kind == PhoneKind::Mobile => Ok(phone),
            Ok(_) | Err(PhoneError::NotPakistani | PhoneError::NotMobile) => Err(PhoneError::NotMobile),
            Err(PhoneError::Empty) => Err(PhoneError::Empty),
        }
    }

    /// A Pakistani mobile or landline number.
    ///
    /// # Errors
    /// [`PhoneError::Empty`] when blank, [`PhoneError::NotPakistani`] otherwise when it is neither.
    pub fn parse(text: &str) -> Result<Self, PhoneError> {
        let typed = text.trim();
        if typed.is_empty() {
            return Err(PhoneError::Empty);
        }
        let national = national_number(typed).ok_or(PhoneError::NotPakistani)?;
        let kind = if national.len() == 10 && national.starts_with('3') {
            PhoneKind::Mobile
        } else if (9..=10).contains(&national.len()) && !national.starts_with(['0', '1', '3']) {
            PhoneKind::Landline
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

/// The national significant number (without the country code and the trunk 0) of a number written with an
/// optional leading '+', digits, spaces and dashes between digits; `None` when it is written otherwise or
/// names another country.
fn national_number(typed: &str) -> Option<String> {
    if typed.len() > MAX_PHONE_CHARS {
        return None;
    }
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
    let national = if plus {
        digits.strip_prefix("92")?
    } else if let Some(rest) = digits.strip_prefix("0092") {
        rest
    } else if let Some(rest) = digits.strip_prefix('0') {
        rest
    } else if let Some(rest) = digits.strip_prefix("92").filter(|rest| rest.len() >= 9) {
        rest
    } else {
        digits.as_str()
    };
    Some(national.to_owned())
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
        assert_eq!(Phone::parse_mobile("042 35761234"), Err(PhoneError::NotMobile));
    }

    #[test]
    fn a_blank_phone_number_is_required() {
        assert_eq!(Phone::parse("  "), Err(PhoneError::Empty));
        assert_eq!(Phone::parse_mobile(""), Err(PhoneError::Empty));
        assert_eq!(PhoneError::Empty.to_string(), "Phone number is required.");
    }

    #[test]
    fn numbers_that_are_not_pakistani_or_not_written_as_numbers_are_refused() {
        let attempts = [
            "030012345",
            "030012345678",
            "+44 20 7946 0958",
            "+1 415 555 0100",
            "0300 123456a",
            "(0300) 1234567",
            "92+3001234567",
            "++923001234567",
            "-03001234567",
            "03001234567-",
            "+ 923001234567",
            "0300  1234567",
            "0300--1234567",
            "0000000000",
            "0111 123456",
            "12345",
        ];

        for text in attempts {
            assert_eq!(Phone::parse_mobile(text), Err(PhoneError::NotMobile), "{text:?}");
            assert_eq!(Phone::parse(text), Err(PhoneError::NotPakistani), "{text:?}");
        }
        assert_eq!(PhoneError::NotMobile.to_string(), "Enter a Pakistani mobile number, e.g. 0300 1234567.");
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
