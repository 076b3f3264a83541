//! The contact details of a customer or reviewer (SPEC.md §5 'Checkout', CONTRACT.md §4 `userDetails`): an
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

/// The fewest digits a phone number may hold.
pub const MIN_PHONE_DIGITS: usize = 10;

/// The most digits a phone number may hold.
pub const MAX_PHONE_DIGITS: usize = 13;

/// The longest phone number accepted, in characters, spaces and dashes included.
pub const MAX_PHONE_CHARS: usize = 30;

/// The name a customer gets when the identity provider knows none (SPEC.md §9).
pub const FALLBACK_CUSTOMER_NAME: &str = "Customer";

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

/// A phone number that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    /// Nothing but white space.
    #[error("Phone number is required.")]
    Empty,
    /// Wrong characters or the wrong number of digits.
    #[error(
        "Phone number must have {} to {} digits, with an optional leading +, spaces and dashes.",
        MIN_PHONE_DIGITS,
        MAX_PHONE_DIGITS
    )]
    Invalid,
}

/// A phone number as the customer typed it, trimmed: an optional leading '+', then digits, spaces and
/// dashes, starting and ending with a digit, holding 10 to 13 digits, at most [`MAX_PHONE_CHARS`] long.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    /// Trims and checks a phone number.
    ///
    /// # Errors
    /// [`PhoneError::Empty`] when blank, [`PhoneError::Invalid`] otherwise when it breaks a rule.
    pub fn parse(text: &str) -> Result<Self, PhoneError> {
        let number = text.trim();
        if number.is_empty() {
            return Err(PhoneError::Empty);
        }
        if is_phone_number(number) {
            Ok(Self(number.to_owned()))
        } else {
            Err(PhoneError::Invalid)
        }
    }

    /// The number as typed, trimmed.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number's digits alone, e.g. for searching.
    #[must_use]
    pub fn digits(&self) -> String {
        self.0.chars().filter(char::is_ascii_digit).collect()
    }
}

fn is_phone_number(number: &str) -> bool {
    let body = number.strip_prefix('+').unwrap_or(number);
    let digits = body.chars().filter(char::is_ascii_digit).count();
    number.len() <= MAX_PHONE_CHARS
        && (MIN_PHONE_DIGITS..=MAX_PHONE_DIGITS).contains(&digits)
        && body.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-')
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body.ends_with(|c: char| c.is_ascii_digit())
}

impl fmt::Display for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
    fn phone_numbers_of_ten_to_thirteen_digits_are_kept_as_typed() {
        for text in ["03001234567", "+92 300 1234567", "0300-1234567", "+923001234567", "0423 5555 555", "0300123456"] {
            assert_eq!(Phone::parse(text).unwrap().as_str(), text);
        }
        assert_eq!(Phone::parse("  0300-1234567 ").unwrap().as_str(), "0300-1234567");
    }

    #[test]
    fn a_phone_number_keeps_its_digits_alone() {
        assert_eq!(Phone::parse("+92 300-1234567").unwrap().digits(), "923001234567");
    }

    #[test]
    fn a_blank_phone_number_is_required() {
        assert_eq!(Phone::parse("  "), Err(PhoneError::Empty));
        assert_eq!(PhoneError::Empty.to_string(), "Phone number is required.");
    }

    #[test]
    fn phone_numbers_breaking_a_rule_are_rejected() {
        let attempts = [
            "030012345",
            "+92300123456789",
            "0300 123456a",
            "(0300) 1234567",
            "92+3001234567",
            "++923001234567",
            "-03001234567",
            "03001234567-",
            "+ 923001234567",
            "0 3 0 0 1 2 3 4 5 6 7 - - - - - -1",
        ];

        for text in attempts {
            assert_eq!(Phone::parse(text), Err(PhoneError::Invalid), "{text:?}");
        }
        assert_eq!(
            PhoneError::Invalid.to_string(),
            "Phone number must have 10 to 13 digits, with an optional leading +, spaces and dashes."
        );
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
    fn the_fallback_customer_name_is_customer() {
        assert_eq!(FALLBACK_CUSTOMER_NAME, "Customer");
    }
}
