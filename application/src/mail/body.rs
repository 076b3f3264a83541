//! What an e-mail's HTML body says, in the shapes it is drawn from: the use cases choose every word and
//! figure; the mail adapter's [`MailLayout`](super::ports::MailLayout) decides the markup and escapes the
//! text once.

/// A link: what it reads and where it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub label: String,
    pub url: String,
}

impl Link {
    #[must_use]
    pub fn new(label: impl Into<String>, url: impl Into<String>) -> Self {
        Self { label: label.into(), url: url.into() }
    }
}

/// A piece of a line: text, or a link within it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    Text(String),
    Link(Link),
}

/// A paragraph: its lines, shown one under the other.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Paragraph {
    pub lines: Vec<Vec<Span>>,
}

impl Paragraph {
    /// A paragraph of plain lines.
    #[must_use]
    pub fn of_lines<I: IntoIterator<Item = S>, S: Into<String>>(lines: I) -> Self {
        Self { lines: lines.into_iter().map(|line| vec![Span::Text(line.into())]).collect() }
    }

    /// A paragraph of one line made of `spans`.
    #[must_use]
    pub fn of_spans(spans: Vec<Span>) -> Self {
        Self { lines: vec![spans] }
    }
}

/// An e-mail's HTML body: paragraphs, then a list of links (none when empty), in `language` (Urdu is drawn
/// right to left).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MailBody {
    pub paragraphs: Vec<Paragraph>,
    pub links: Vec<Link>,
    pub language: domain::language::Language,
}

impl MailBody {
    /// A body of `paragraphs` without a list of links.
    #[must_use]
    pub fn of(paragraphs: Vec<Paragraph>) -> Self {
        Self { paragraphs, links: Vec::new(), language: domain::language::Language::English }
    }

    /// `text` as the owner typed it: paragraphs where it has a blank line, lines where it has a line break.
    #[must_use]
    pub fn of_typed_text(text: &str) -> Self {
        Self::of(text.split("\n\n").map(|paragraph| Paragraph::of_lines(paragraph.split('\n'))).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_text_splits_into_paragraphs_at_blank_lines_and_lines_at_line_breaks() {
        let body = MailBody::of_typed_text("Eid sale\nthis week\n\nAll cases <50%>\n\n\nEnds Sunday");

        assert_eq!(
            body,
            MailBody::of(vec![
                Paragraph::of_lines(["Eid sale", "this week"]),
                Paragraph::of_lines(["All cases <50%>"]),
                Paragraph::of_lines(["", "Ends Sunday"]),
            ])
        );
    }
}
