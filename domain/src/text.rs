//! Texts people type that the shop stores and shows again (names, descriptions, e-mail subjects and bodies):
//! the one rule on the characters they may hold, checked once here. A control character (C0, DEL, C1) is
//! never one the shop can store or show: PostgreSQL refuses NUL, and the others break e-mail headers and
//! layouts. A multi-line text keeps the line breaks and tabs a text area sends; a single line keeps none.
//! U+2028 and U+2029 are refused in both: they break lines in scripts and e-mail but not in the shop's
//! pages, so they are a line break no one sees. So are the bidirectional embedding, override and isolate
//! controls (U+202A–U+202E, U+2066–U+2069): unseen, they reorder what follows them, so a name or an address
//! could show the owner other characters, in another order, than those stored (a reversed phone number or
//! file name). The marks that only set one character's direction (U+200E, U+200F, U+061C) are kept: Urdu
//! typed beside Latin letters and digits may need them, and they reorder nothing around them.

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
            Lines::One if text.chars().any(|c| c.is_control() || is_unseen(c)) => {
                Err(TextError::ControlCharacterInLine { what })
            }
            Lines::One => Ok(Self(text.to_owned())),
            Lines::Many => {
                let text = text.replace("\r\n", "\n");
                if text.chars().any(|c| (c.is_control() && c != '\n' && c != '\t') || is_unseen(c)) {
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

/// Whether `c` is refused beside the control characters in every text the shop stores: the line and
/// paragraph separators, which only some renderers break at, and the bidirectional controls (see the module
/// documentation). Texts checked outside [`PlainText`] refuse these too.
#[must_use]
pub const fn is_unseen(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}') || is_bidi_control(c)
}

/// Whether `c` is a bidirectional embedding, override or isolate control: U+202A–U+202E (LRE, RLE, PDF, LRO,
/// RLO) and U+2066–U+2069 (LRI, RLI, FSI, PDI).
#[must_use]
pub const fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
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

    /// Every bidirectional embedding, override and isolate control, by code point.
    const BIDI_CONTROLS: [char; 9] =
        ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'];

    #[test]
    fn every_bidirectional_control_is_refused_in_a_line_and_in_many_lines() {
        for c in BIDI_CONTROLS {
            let text = format!("Ayesha {c}Khan");

            assert_eq!(
                PlainText::parse(&text, Lines::One, "Name"),
                Err(TextError::ControlCharacterInLine { what: "Name" }),
                "U+{:04X}",
                u32::from(c)
            );
            assert_eq!(
                PlainText::parse(&format!("House 12\n{text}"), Lines::Many, "Address"),
                Err(TextError::ControlCharacter { what: "Address" }),
                "U+{:04X}",
                u32::from(c)
            );
            assert!(is_unseen(c) && is_bidi_control(c));
        }
    }

    #[test]
    fn the_bidirectional_marks_and_the_characters_beside_the_controls_are_kept() {
        for c in ['\u{200E}', '\u{200F}', '\u{061C}', '\u{2029}', '\u{202F}', '\u{2065}', '\u{206A}'] {
            assert!(!is_bidi_control(c), "U+{:04X}", u32::from(c));
        }
        let urdu = "\u{200F}عائشہ خان\u{200E} 0300";

        assert_eq!(PlainText::parse(urdu, Lines::One, "Name").unwrap().as_str(), urdu);
        assert_eq!(PlainText::parse("a\u{202F}b", Lines::One, "Name").unwrap().as_str(), "a\u{202F}b");
    }

    #[test]
    fn a_blank_text_is_empty_not_refused() {
        assert!(PlainText::parse(" \n\t ", Lines::One, "Name").unwrap().is_empty());
        assert!(PlainText::parse(" \r\n ", Lines::Many, "Description").unwrap().is_empty());
    }
}
