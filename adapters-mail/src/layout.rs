//! The e-mails' HTML, drawn with maud from what the use cases say ([`MailBody`]): each paragraph a `<p>` with
//! its lines broken by `<br>`, a link inside a line as `<a>`, and the body's links as a list. Every text and
//! address goes through maud's one escaping.

use application::mail::body::{MailBody, Span};
use application::mail::ports::MailLayout;
use domain::language::Language;
use maud::{html, Markup};

/// The shop's e-mail layout.
#[derive(Debug, Clone, Copy, Default)]
pub struct HtmlMailLayout;

fn span(span: &Span) -> Markup {
    html! {
        @match span {
            Span::Text(text) => (text),
            Span::Link(link) => a href=(link.url) { (link.label) },
        }
    }
}

impl MailLayout for HtmlMailLayout {
    fn html(&self, body: &MailBody) -> String {
        let content = html! {
            @for paragraph in &body.paragraphs {
                p {
                    @for (index, line) in paragraph.lines.iter().enumerate() {
                        @if index > 0 { br; }
                        @for piece in line { (span(piece)) }
                    }
                }
            }
            @if !body.links.is_empty() {
                ul {
                    @for link in &body.links {
                        li { a href=(link.url) { (link.label) } }
                    }
                }
            }
        };
        match body.language {
            Language::English => content.into_string(),
            Language::Urdu => html! { div lang="ur" dir="rtl" { (content) } }.into_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use application::mail::body::{Link, Paragraph};

    use super::*;

    #[test]
    fn paragraphs_break_their_lines_and_the_links_follow_as_a_list() {
        let body = MailBody {
            paragraphs: vec![
                Paragraph::of_lines(["Hello Ayesha \"A\" <Khan> & co,"]),
                Paragraph::of_lines(["Armour Case x 2 at Rs 850 = Rs 1700", "Subtotal: Rs 1700"]),
            ],
            links: vec![
                Link::new("Confirm my order", "https://shop.pk/confirm-order?order=42&token=t-1"),
                Link::new("Ayesha's <case>", "https://shop.pk/review?token=r"),
            ],
            language: Language::English,
        };

        assert_eq!(
            HtmlMailLayout.html(&body),
            "<p>Hello Ayesha &quot;A&quot; &lt;Khan&gt; &amp; co,</p>\
             <p>Armour Case x 2 at Rs 850 = Rs 1700<br>Subtotal: Rs 1700</p>\
             <ul><li><a href=\"https://shop.pk/confirm-order?order=42&amp;token=t-1\">Confirm my order</a></li>\
             <li><a href=\"https://shop.pk/review?token=r\">Ayesha's &lt;case&gt;</a></li></ul>"
        );
    }

    #[test]
    fn an_urdu_body_is_drawn_right_to_left() {
        let body = MailBody { language: Language::Urdu, ..MailBody::of_typed_text("شکریہ") };

        assert_eq!(HtmlMailLayout.html(&body), "<div lang=\"ur\" dir=\"rtl\"><p>شکریہ</p></div>");
    }

    #[test]
    fn typed_text_keeps_its_paragraphs_and_line_breaks_escaped() {
        assert_eq!(HtmlMailLayout.html(&MailBody::of_typed_text("Eid sale <50%>")), "<p>Eid sale &lt;50%&gt;</p>");
        assert_eq!(
            HtmlMailLayout.html(&MailBody::of_typed_text("Eid\nsale\n\nthis week\n\n\nonly")),
            "<p>Eid<br>sale</p><p>this week</p><p><br>only</p>"
        );
    }

    #[test]
    fn a_link_may_stand_inside_a_line() {
        let body = MailBody::of(vec![
            Paragraph::of_lines(["Hello Sana,"]),
            Paragraph::of_spans(vec![
                Span::Link(Link::new("Choose a new password", "https://shop.pk/reset-password?token=abc")),
                Span::Text(" within an hour.".into()),
            ]),
        ]);

        assert_eq!(
            HtmlMailLayout.html(&body),
            "<p>Hello Sana,</p><p><a href=\"https://shop.pk/reset-password?token=abc\">Choose a new password</a> \
             within an hour.</p>"
        );
    }
}
