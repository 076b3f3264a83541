//! What the blocklist holds: entries (a phone in its normal form or a lower-case e-mail, and a reason) and
//! the refused checkouts, counted per entry, account and hour.

use chrono::{DateTime, Utc};
use domain::contact::{Email, Phone};
use domain::ids::{BlockEntryId, CustomerId};
use domain::money::Rupees;
use domain::text::is_unseen;

/// The longest reason accepted, in characters.
pub const MAX_REASON_CHARS: usize = 500;

/// The most refused checkouts the admin's list shows.
pub const ATTEMPTS_LISTED: u32 = 100;

/// What an entry blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    Phone,
    Email,
}

impl BlockKind {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Phone => "phone",
            Self::Email => "email",
        }
    }
}

impl std::str::FromStr for BlockKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "phone" => Ok(Self::Phone),
            "email" => Ok(Self::Email),
            other => Err(format!("'{other}' is not a kind of blocklist entry")),
        }
    }
}

/// A phone (any Pakistani number, in its normal form) or an e-mail (lower case) to block, and what it is
/// compared by: the normal form, or the e-mail's mailbox ([`domain::contact::canonical_mailbox`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockTarget {
    kind: BlockKind,
    value: String,
    canonical: String,
}

/// A value that is neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Enter a Pakistani phone number or an e-mail address.")]
pub struct BlockTargetError;

impl BlockTarget {
    /// A value with `@` is an e-mail, parsed as at sign-up and kept lower-case; anything else a Pakistani
    /// phone number in any writing, mobile or landline, kept in its normal form.
    ///
    /// # Errors
    /// [`BlockTargetError`] when it is neither.
    pub fn parse(text: &str) -> Result<Self, BlockTargetError> {
        if text.contains('@') {
            let email = Email::parse(text).map_err(|_| BlockTargetError)?;
            Ok(Self { kind: BlockKind::Email, value: email.as_str().to_lowercase(), canonical: email.canonical() })
        } else {
            let phone = Phone::parse(text).map_err(|_| BlockTargetError)?;
            let normal = phone.normal().to_owned();
            Ok(Self { kind: BlockKind::Phone, value: normal.clone(), canonical: normal })
        }
    }

    #[must_use]
    pub const fn kind(&self) -> BlockKind {
        self.kind
    }

    /// The normal form or the lower-case address.
    #[must_use]
    pub fn value(&self) -> &str {
        &self.value
    }

    /// What checkouts are compared by: the normal form, or the e-mail's mailbox (`abc@gmail.com` for
    /// `A.b.c+x@googlemail.com`).
    #[must_use]
    pub fn canonical(&self) -> &str {
        &self.canonical
    }
}

/// Why a value is blocked: 1 to 500 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockReason(String);

/// A reason that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BlockReasonError {
    #[error("Give a reason for blocking.")]
    Empty,
    #[error("The reason must be at most {MAX_REASON_CHARS} characters.")]
    TooLong,
    #[error("The reason must be one line of text.")]
    ControlCharacter,
}

impl BlockReason {
    /// Checks a reason: trimmed, not blank, one line, at most [`MAX_REASON_CHARS`] characters.
    ///
    /// # Errors
    /// [`BlockReasonError`] when it is blank, too long or holds a control character.
    pub fn parse(text: &str) -> Result<Self, BlockReasonError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BlockReasonError::Empty);
        }
        if text.chars().any(|c| c.is_control() || is_unseen(c)) {
            return Err(BlockReasonError::ControlCharacter);
        }
        if text.chars().count() > MAX_REASON_CHARS {
            return Err(BlockReasonError::TooLong);
        }
        Ok(Self(text.to_owned()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A stored entry, with how many checkouts it refused (every refusal, however they were grouped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockEntry {
    pub id: BlockEntryId,
    pub kind: BlockKind,
    pub value: String,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub attempts: u64,
}

/// The checkouts the blocklist refused one account in one clock hour by one entry, as recorded: how many, and
/// the details of the latest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockedAttempt {
    pub id: i64,
    /// When the latest was refused.
    pub at: DateTime<Utc>,
    /// How many were refused (1 or more).
    pub count: u64,
    /// The entry that matched; `None` once it was deleted.
    pub entry: Option<BlockEntryId>,
    /// What matched.
    pub kind: BlockKind,
    pub value: String,
    pub name: String,
    /// The primary phone in its normal form.
    pub phone: String,
    pub email: String,
    pub city: Option<String>,
    /// The total the shopper's cart showed.
    pub total: Rupees,
}

/// A refused checkout to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAttempt {
    pub at: DateTime<Utc>,
    pub entry: BlockEntryId,
    /// The account that tried.
    pub customer: CustomerId,
    pub kind: BlockKind,
    pub value: String,
    pub name: String,
    pub phone: String,
    pub email: String,
    pub city: Option<String>,
    pub total: Rupees,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_with_an_at_sign_is_an_email_kept_lower_case_and_anything_else_a_phone_in_normal_form() {
        let email = BlockTarget::parse(" Ayesha@Example.PK ").unwrap();
        let mobile = BlockTarget::parse("0300-1234567").unwrap();
        let landline = BlockTarget::parse("042 35761234").unwrap();

        assert_eq!((email.kind(), email.value()), (BlockKind::Email, "ayesha@example.pk"));
        assert_eq!((mobile.kind(), mobile.value()), (BlockKind::Phone, "+923001234567"));
        assert_eq!((email.canonical(), mobile.canonical()), ("ayesha@example.pk", "+923001234567"));
        assert_eq!((landline.kind(), landline.value()), (BlockKind::Phone, "+924235761234"));
    }

    #[test]
    fn a_blocked_email_is_compared_by_its_mailbox_and_shown_as_typed() {
        let gmail = BlockTarget::parse("A.b.c+X@GoogleMail.com").unwrap();
        let tagged = BlockTarget::parse("x+promo@example.pk").unwrap();

        assert_eq!((gmail.value(), gmail.canonical()), ("a.b.c+x@googlemail.com", "abc@gmail.com"));
        assert_eq!((tagged.value(), tagged.canonical()), ("x+promo@example.pk", "x@example.pk"));
    }

    #[test]
    fn a_value_that_is_neither_is_refused_in_words() {
        for bad in ["", "not a number", "12345", "ayesha@", "+1 212 555 0100"] {
            assert_eq!(BlockTarget::parse(bad), Err(BlockTargetError), "{bad:?}");
        }
        assert_eq!(BlockTargetError.to_string(), "Enter a Pakistani phone number or an e-mail address.");
    }

    #[test]
    fn a_reason_is_one_line_of_one_to_five_hundred_characters() {
        assert_eq!(BlockReason::parse("  Refused three parcels ").unwrap().as_str(), "Refused three parcels");
        assert_eq!(BlockReason::parse("  "), Err(BlockReasonError::Empty));
        assert_eq!(BlockReason::parse(&"r".repeat(501)), Err(BlockReasonError::TooLong));
        assert!(BlockReason::parse(&"r".repeat(500)).is_ok());
        assert_eq!(BlockReason::parse("a\nb"), Err(BlockReasonError::ControlCharacter));
        assert_eq!(BlockReason::parse("Refused \u{2066}parcels\u{2069}"), Err(BlockReasonError::ControlCharacter));
        assert_eq!(BlockReasonError::Empty.to_string(), "Give a reason for blocking.");
    }
}
