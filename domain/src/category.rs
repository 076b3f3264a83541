//! Category rules: a name, and where in the tree a category may go.

use crate::ids::CategoryId;
use crate::text::{Lines, PlainText, TextError};

/// The longest category name, in characters.
pub const MAX_CATEGORY_NAME_CHARS: usize = 100;

/// A category name that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CategoryNameError {
    #[error("Category name is required.")]
    Empty,
    #[error("Category name must be at most {} characters.", MAX_CATEGORY_NAME_CHARS)]
    TooLong,
    #[error(transparent)]
    ControlCharacter(#[from] TextError),
}

/// A category's Urdu name that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CategoryUrduNameError {
    #[error("Urdu name must be at most {} characters.", MAX_CATEGORY_NAME_CHARS)]
    TooLong,
    #[error(transparent)]
    ControlCharacter(#[from] TextError),
}

/// A category's name: trimmed, one line of 1 to 100 characters (see [`PlainText`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryName(String);

impl CategoryName {
    /// Trims and checks a name as typed.
    ///
    /// # Errors
    /// [`CategoryNameError`] when it holds a line break or control character, nothing is left or it is too
    /// long.
    pub fn parse(text: &str) -> Result<Self, CategoryNameError> {
        let name = PlainText::parse(text, Lines::One, "Category name")?;
        match name.chars() {
            0 => Err(CategoryNameError::Empty),
            n if n > MAX_CATEGORY_NAME_CHARS => Err(CategoryNameError::TooLong),
            _ => Ok(Self(name.into_string())),
        }
    }

    /// Trims and checks an Urdu name as typed (issue 30): the English name's rules, except that a blank one
    /// is none (and the English name shows).
    ///
    /// # Errors
    /// [`CategoryUrduNameError`] when it holds a line break or control character or is too long.
    pub fn parse_urdu(text: &str) -> Result<Option<Self>, CategoryUrduNameError> {
        let name = PlainText::parse(text, Lines::One, "Urdu name")?;
        match name.chars() {
            0 => Ok(None),
            n if n > MAX_CATEGORY_NAME_CHARS => Err(CategoryUrduNameError::TooLong),
            _ => Ok(Some(Self(name.into_string()))),
        }
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name, owned.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }
}

/// Moving a category under a parent would put it inside itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("A category cannot be placed under itself or one of its own sub-categories.")]
pub struct CycleError;

/// Checks that `category` may sit under the parent whose line of ancestors, from the parent itself up to
/// its root, is `parent_line`: the category must not appear in it.
///
/// # Errors
/// [`CycleError`] when it does.
pub fn check_parent(category: CategoryId, parent_line: &[CategoryId]) -> Result<(), CycleError> {
    if parent_line.contains(&category) {
        Err(CycleError)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: i64) -> CategoryId {
        CategoryId::new(n).unwrap()
    }

    #[test]
    fn a_name_is_trimmed() {
        assert_eq!(CategoryName::parse("  Samsung Cases ").unwrap().as_str(), "Samsung Cases");
    }

    #[test]
    fn blank_and_overlong_names_are_refused_with_their_messages() {
        assert_eq!(CategoryName::parse("  ").unwrap_err().to_string(), "Category name is required.");
        assert_eq!(CategoryName::parse(&"x".repeat(101)), Err(CategoryNameError::TooLong));
        assert!(CategoryName::parse(&"x".repeat(100)).is_ok());
    }

    #[test]
    fn an_urdu_name_is_optional_with_the_english_names_limits() {
        assert_eq!(CategoryName::parse_urdu(" ").unwrap(), None);
        assert_eq!(CategoryName::parse_urdu(" چارجر ").unwrap().unwrap().as_str(), "چارجر");
        assert!(CategoryName::parse_urdu(&"چ".repeat(100)).unwrap().is_some());
        assert_eq!(CategoryName::parse_urdu(&"چ".repeat(101)), Err(CategoryUrduNameError::TooLong));
        assert_eq!(
            CategoryName::parse_urdu("چ\nچ").unwrap_err().to_string(),
            "Urdu name must not contain line breaks or control characters."
        );
    }

    #[test]
    fn a_name_with_a_line_break_or_a_control_character_is_refused() {
        for text in ["Cases\0", "Ca\u{7}ses", "Cases\nCovers"] {
            let err = CategoryName::parse(text).unwrap_err();

            assert_eq!(
                err,
                CategoryNameError::ControlCharacter(TextError::ControlCharacterInLine { what: "Category name" })
            );
            assert_eq!(err.to_string(), "Category name must not contain line breaks or control characters.");
        }
    }

    #[test]
    fn a_category_may_go_under_an_unrelated_branch() {
        assert_eq!(check_parent(id(5), &[id(3), id(1)]), Ok(()));
    }

    #[test]
    fn a_category_may_not_go_under_itself_or_its_descendants() {
        assert_eq!(check_parent(id(3), &[id(3)]), Err(CycleError));
        assert_eq!(check_parent(id(1), &[id(7), id(3), id(1)]), Err(CycleError));
        assert_eq!(
            CycleError.to_string(),
            "A category cannot be placed under itself or one of its own sub-categories."
        );
    }
}
