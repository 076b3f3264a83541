//! Texts people type that the shop stores and shows again (names, descriptions, e-mail subjects and bodies):
//! the one rule on the characters they may hold, checked once here. A control character (C0, DEL, C1) is
//! never one the shop can store or show: PostgreSQL refuses NUL, and the others break e-mail headers and
//! layouts. A multi-line text keeps the line breaks and tabs a text area sends; a single line keeps none.
//! U+2028 and U+2029 are refused in both: they break lines in scripts and e-mail but not in the shop's
//! pages, so they are a line break no one sees.

use std::fmt;

/// Which breaks a text may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// No line break and no tab: names, subjects, codes.
    One,
    /// Line feeds and tabs (a CR LF pair is kept as a line feed; a lone CR is refused).
    Many,
}

/// A text holding a character its kind may not. `what` names the text, as its other messages do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A single-line text with a line break, tab or other control character.
    #[error("{what} must not contain line breaks or control characters.")]
    ControlCharacterInLine { what: &'static str },
    /// A multi-line text with a control character other than a line feed, CR LF or tab.
    #[error("{what} must not contain control characters other than line breaks and tabs.")]
    ControlCharacter { what: &'static str },
}

/// A typed text: trimmed, line breaks as line feeds, holding no control character its [`Lines`] refuses.
/// It may be empty; the types built on it decide whether that is allowed and how long they may be.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlainText(String);

impl PlainText {
    /// Trims `text` and checks its characters; `what` names the text in the error.
    ///
    /// # Errors
    /// [`TextError`] when it holds a character `lines` refuses.
    pub fn parse(text: &str, lines: Lines, what: &'static str) -> Result<Self, TextError> {
        let text = text.trim();
        match lines {
            Lines::One if text.chars().any(|c| c.is_control() || is_unseen_break(c)) => {
                Err(TextError::ControlCharacterInLine { what })
            }
            Lines::One => Ok(Self(text.to_owned())),
            Lines::Many => {
                let text = text.replace("\r\n", "\n");
                if text.chars().any(|c| (c.is_control() && c != '\n' && c != '\t') || is_unseen_break(c)) {
                    Err(TextError::ControlCharacter { what })
                } else {
                    Ok(Self(text))
                }
            }
        }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }

    /// Whether nothing is left after trimming.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Its length in characters.
    #[must_use]
    pub fn chars(&self) -> usize {
        self.0.chars().count()
    }
}

impl fmt::Display for PlainText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The line and paragraph separators, which only some renderers break at.
const fn is_unseen_break(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_trimmed_and_keeps_every_printable_character() {
        let text = PlainText::parse("  Ayesha «عائشہ» 🙂 ", Lines::One, "Name").unwrap();

        assert_eq!(text.as_str(), "Ayesha «عائشہ» 🙂");
        assert_eq!(text.chars(), 16);
    }

    #[test]
    fn a_single_line_refuses_every_control_character_and_line_break() {
        for text in ["a\0b", "a\u{7}b", "a\nb", "a\r\nb", "a\tb", "a\u{7f}b", "a\u{85}b", "a\u{9b}b", "a\u{2028}b"] {
            assert_eq!(
                PlainText::parse(text, Lines::One, "Name"),
                Err(TextError::ControlCharacterInLine { what: "Name" }),
                "{text:?}"
            );
        }
        assert_eq!(
            TextError::ControlCharacterInLine { what: "Name" }.to_string(),
            "Name must not contain line breaks or control characters."
        );
    }

    #[test]
    fn many_lines_keep_line_feeds_and_tabs_and_turn_crlf_into_line_feeds() {
        let text = PlainText::parse(" Clear case\r\n\r\n\tSlim\nGrip \n", Lines::Many, "Description").unwrap();

        assert_eq!(text.as_str(), "Clear case\n\n\tSlim\nGrip");
    }

    #[test]
    fn many_lines_refuse_other_control_characters_a_lone_cr_and_the_separators() {
        for text in ["a\0b", "a\u{7}b", "a\rb", "a\u{b}b", "a\u{c}b", "a\u{1b}[31mb", "a\u{85}b", "a\u{2029}b"] {
            assert_eq!(
                PlainText::parse(text, Lines::Many, "Description"),
                Err(TextError::ControlCharacter { what: "Description" }),
                "{text:?}"
            );
        }
        assert_eq!(
            TextError::ControlCharacter { what: "Description" }.to_string(),
            "Description must not contain control characters other than line breaks and tabs."
        );
    }

    #[test]
    fn a_blank_text_is_empty_not_refused() {
        assert!(PlainText::parse(" \n\t ", Lines::One, "Name").unwrap().is_empty());
        assert!(PlainText::parse(" \r\n ", Lines::Many, "Description").unwrap().is_empty());
    }
}
