//! What a password must be (docs/spec.md §5 'Login and sign-up'): 6 to 1024 characters, counted as Unicode
//! scalar values. Longer ones are refused before any hashing, at sign-up and at login.

use crate::language::Localized;

/// The shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 6;

/// The longest password accepted, in characters.
pub const MAX_PASSWORD_CHARS: usize = 1024;

/// A password of the wrong length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Fewer than [`MIN_PASSWORD_CHARS`] characters.
    #[error("Password must be at least {} characters.", MIN_PASSWORD_CHARS)]
    TooShort,
    /// More than [`MAX_PASSWORD_CHARS`] characters.
    #[error("Password must be at most {} characters.", MAX_PASSWORD_CHARS)]
    TooLong,
}

/// Checks a new password's length.
///
/// # Errors
/// [`PasswordError`] below [`MIN_PASSWORD_CHARS`] or above [`MAX_PASSWORD_CHARS`] characters.
pub fn check_new_password(password: &str) -> Result<(), PasswordError> {
    match password.chars().count() {
        n if n < MIN_PASSWORD_CHARS => Err(PasswordError::TooShort),
        n if n > MAX_PASSWORD_CHARS => Err(PasswordError::TooLong),
        _ => Ok(()),
    }
}

/// Whether a password given at login is too long to be any account's: it is refused without hashing.
#[must_use]
pub fn is_beyond_any_password(password: &str) -> bool {
    password.chars().count() > MAX_PASSWORD_CHARS
}

impl Localized for PasswordError {
    fn urdu(&self) -> String {
        match self {
            Self::TooShort => format!("پاس ورڈ کم از کم {MIN_PASSWORD_CHARS} حروف کا ہونا چاہیے۔"),
            Self::TooLong => format!("پاس ورڈ زیادہ سے زیادہ {MAX_PASSWORD_CHARS} حروف کا ہو سکتا ہے۔"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_to_1024_characters_are_accepted() {
        assert_eq!(check_new_password("secret"), Ok(()));
        assert_eq!(check_new_password(&"p".repeat(1024)), Ok(()));
    }

    #[test]
    fn five_characters_are_too_short_counting_characters_not_bytes() {
        assert_eq!(check_new_password("ééééé"), Err(PasswordError::TooShort));
        assert_eq!(check_new_password("😀😀😀😀😀😀"), Ok(()));
        assert_eq!(PasswordError::TooShort.to_string(), "Password must be at least 6 characters.");
    }

    #[test]
    fn more_than_1024_characters_are_too_long() {
        assert_eq!(check_new_password(&"p".repeat(1025)), Err(PasswordError::TooLong));
        assert_eq!(PasswordError::TooLong.to_string(), "Password must be at most 1024 characters.");
        assert!(is_beyond_any_password(&"p".repeat(1025)));
        assert!(!is_beyond_any_password(&"p".repeat(1024)));
    }
}
