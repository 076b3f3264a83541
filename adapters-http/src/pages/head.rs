//! A page's head (title, description, canonical, robots, Open Graph, Twitter, JSON-LD), drawn with maud like
//! the product page, so every text and attribute of the pages goes through maud's one escaping; and the text
//! helpers around it (the XML escaping of the sitemap, reading the template's own escaped attributes, JSON
//! inside a script, the description's summary).

use maud::{html, Markup, PreEscaped};

/// `text` with `& < > " '` written as character references, for XML (the sitemap); HTML is drawn with maud.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The text of an attribute the template's author escaped (the character references [`escape`] writes and
/// `&#x27;`).
#[must_use]
pub fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// JSON made safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes (they only occur
/// inside strings, where the escapes mean the same characters).
#[must_use]
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The longest page description, in characters, ellipsis included.
const MAX_DESCRIPTION_CHARS: usize = 160;

/// `text` with runs of white space made one space, cut at the last word boundary before 160 characters with
/// `…` added when longer.
#[must_use]
pub fn summary(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= MAX_DESCRIPTION_CHARS {
        return text;
    }
    let cut: String = text.chars().take(MAX_DESCRIPTION_CHARS - 1).collect();
    let words = match cut.rfind(' ') {
        Some(space) if space > 0 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", words.trim_end_matches(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == ':'))
}

/// A page's head, written tag by tag, each on a line of its own as in the template.
#[derive(Debug)]
pub struct Head {
    html: String,
}

impl Head {
    /// A head with the page's title and description.
    #[must_use]
    pub fn new(title: &str, description: &str) -> Self {
        let mut head = Self { html: String::new() };
        head.push(html! { title { (title) } });
        head.name("description", description);
        head
    }

    fn push(&mut self, tag: Markup) -> &mut Self {
        self.html.push_str("\n    ");
        self.html.push_str(&tag.into_string());
        self
    }

    /// `<meta name="{key}" content="{content}">`.
    pub fn name(&mut self, key: &str, content: &str) -> &mut Self {
        self.push(html! { meta name=(key) content=(content); })
    }

    /// An Open Graph (or `product:`) property: `<meta property="{key}" content="{content}">`.
    pub fn property(&mut self, key: &str, content: &str) -> &mut Self {
        self.push(html! { meta property=(key) content=(content); })
    }

    /// `<link rel="{rel}" href="{href}">`.
    pub fn link(&mut self, rel: &str, href: &str) -> &mut Self {
        self.push(html! { link rel=(rel) href=(href); })
    }

    /// `<link rel="alternate" hreflang="{language}" href="{href}">`: the page in another language.
    pub fn alternate(&mut self, language: &str, href: &str) -> &mut Self {
        self.push(html! { link rel="alternate" hreflang=(language) href=(href); })
    }

    /// A JSON-LD block.
    pub fn json_ld(&mut self, value: &serde_json::Value) -> &mut Self {
        self.push(html! { script type="application/ld+json" { (PreEscaped(script_json(&value.to_string()))) } })
    }

    /// The head's HTML, ending where the template's closing marker continues.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.html.push_str("\n    ");
        self.html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_special_character_is_escaped() {
        assert_eq!(escape(r#"</script>"<&'"#), "&lt;/script&gt;&quot;&lt;&amp;&#39;");
        assert_eq!(unescape(&escape(r#"a "b" & <c> 'd'"#)), r#"a "b" & <c> 'd'"#);
    }

    #[test]
    fn the_head_escapes_its_texts_and_attributes() {
        let mut head = Head::new("A <b> & \"c\"", "d'e");
        head.property("og:title", "</title>\"").link("canonical", "https://s.pk/?a=1&b=2");

        let html = head.finish();

        assert_eq!(
            html,
            "\n    <title>A &lt;b&gt; &amp; &quot;c&quot;</title>\n    <meta name=\"description\" content=\"d'e\">\n    \
             <meta property=\"og:title\" content=\"&lt;/title&gt;&quot;\">\n    \
             <link rel=\"canonical\" href=\"https://s.pk/?a=1&amp;b=2\">\n    "
        );
    }

    #[test]
    fn json_in_a_script_cannot_close_it() {
        let json = serde_json::json!({"name": "</script><script>alert(1)</script> & \u{2028}"}).to_string();

        let safe = script_json(&json);

        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'), "{safe}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap().to_string(), json);
    }

    #[test]
    fn a_long_text_is_cut_at_a_word_with_an_ellipsis() {
        let text = format!("Strong  case\n\n{}", "word ".repeat(40));

        let cut = summary(&text);

        assert!(cut.starts_with("Strong case word word"));
        assert!(cut.ends_with("word…"), "{cut}");
        assert!(cut.chars().count() <= 160, "{}", cut.chars().count());
        assert_eq!(summary("  A short\ttext. "), "A short text.");
        assert_eq!(summary(&"x".repeat(200)).chars().count(), 160);
    }
}
