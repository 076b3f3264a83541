//! The storefront's own message catalogues (`frontend/src/i18n/<language>/<screen>.json`, ICU MessageFormat),
//! read by the server for the texts of what it draws before the app starts (the product page's body), so
//! each text lives once and the first paint says what the app's first render says (docs/decisions/0048).
//!
//! The browser compiles the catalogues with `@messageformat/core`; the server needs only the part of the
//! syntax those texts use: `{name}` arguments and `{count, plural, =0 {...} one {...} other {...}}` with the
//! English and Urdu plural rule (`one` is exactly 1). A catalogue text with anything else (quoting with `'`,
//! `#`, `select`) is refused by the tests below, which read every text the server draws.

use std::collections::HashMap;
use std::sync::LazyLock;

use domain::language::Language;

/// The screens the server draws texts of, with their catalogues in each language.
const CATALOGUES: [(Language, &str, &str); 4] = [
    (Language::English, "product", include_str!("../../../frontend/src/i18n/en/product.json")),
    (Language::English, "products", include_str!("../../../frontend/src/i18n/en/products.json")),
    (Language::Urdu, "product", include_str!("../../../frontend/src/i18n/ur/product.json")),
    (Language::Urdu, "products", include_str!("../../../frontend/src/i18n/ur/products.json")),
];

type Catalogue = HashMap<String, String>;

static TEXTS: LazyLock<HashMap<(Language, &'static str), Catalogue>> = LazyLock::new(|| {
    CATALOGUES
        .iter()
        .map(|(language, screen, json)| ((*language, *screen), serde_json::from_str(json).unwrap_or_default()))
        .collect()
});

/// The texts of one screen in one language.
#[derive(Debug, Clone, Copy)]
pub struct Messages {
    language: Language,
    screen: &'static str,
}

impl Messages {
    #[must_use]
    pub const fn new(language: Language, screen: &'static str) -> Self {
        Self { language, screen }
    }

    /// The text `key` with its arguments; the English text where the language's catalogue lacks it (the
    /// catalogues' test forbids that), the key itself where both do.
    #[must_use]
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        let pattern = [self.language, Language::English]
            .iter()
            .find_map(|language| TEXTS.get(&(*language, self.screen)).and_then(|texts| texts.get(key)));
        pattern.map_or_else(|| key.to_owned(), |pattern| render(pattern, args))
    }
}

/// `pattern` with its arguments put in.
fn render(pattern: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = matching_brace(rest, open) else {
            out.push_str(&rest[open..]);
            return out;
        };
        out.push_str(&argument(&rest[open + 1..close], args));
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The byte index of the `}` closing the `{` at `open`.
fn matching_brace(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + at);
                }
            }
            _ => {}
        }
    }
    None
}

/// One argument: `name` or `name, plural, one {...} other {...}`.
fn argument(inner: &str, args: &[(&str, &str)]) -> String {
    let value = |name: &str| args.iter().find(|(n, _)| *n == name.trim()).map_or("", |(_, v)| *v);
    let mut parts = inner.splitn(3, ',');
    let name = parts.next().unwrap_or_default();
    match (parts.next().map(str::trim), parts.next()) {
        (Some("plural"), Some(branches)) => {
            let count = value(name);
            let wanted = [format!("={count}"), if count == "1" { "one" } else { "other" }.to_owned(), "other".into()];
            let branches = plural_branches(branches);
            wanted
                .iter()
                .find_map(|key| branches.iter().find(|(k, _)| k == key))
                .map_or_else(String::new, |(_, branch)| render(branch, args))
        }
        _ => value(name).to_owned(),
    }
}

/// A plural's branches: `one {...} other {...}` as (selector, text).
fn plural_branches(text: &str) -> Vec<(String, &str)> {
    let mut branches = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = matching_brace(rest, open) else { break };
        branches.push((rest[..open].trim().to_owned(), &rest[open + 1..close]));
        rest = &rest[close + 1..];
    }
    branches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_and_plurals_render_as_messageformat_renders_them() {
        let plural = "{count, plural, one {({count} review)} other {({count} reviews)}}";
        assert_eq!(render(plural, &[("count", "1")]), "(1 review)");
        assert_eq!(render(plural, &[("count", "12")]), "(12 reviews)");
        assert_eq!(render("{n, plural, =0 {none} one {one} other {{n} of them}}", &[("n", "0")]), "none");
        assert_eq!(
            render("{name}, {index} of {count}", &[("name", "Case"), ("index", "1"), ("count", "3")]),
            "Case, 1 of 3"
        );
        assert_eq!(render("{discount}% OFF", &[("discount", "15")]), "15% OFF");
        assert_eq!(render("no arguments", &[]), "no arguments");
    }

    /// Every text the server draws, in both languages: present, and in the syntax `render` reads.
    #[test]
    fn every_text_the_server_draws_is_in_both_catalogues_in_the_syntax_it_reads() {
        for (screen, keys) in super::super::product::DRAWN_TEXTS {
            for language in Language::ALL {
                let texts = &TEXTS[&(language, *screen)];
                for key in *keys {
                    let text = texts.get(*key).unwrap_or_else(|| panic!("{screen}.{key} in {language:?}"));
                    assert!(!text.contains(['\'', '#']), "{screen}.{key} in {language:?} quotes or uses #: {text}");
                    assert!(!text.contains(", select,"), "{screen}.{key} in {language:?}");
                }
            }
        }
        assert_eq!(Messages::new(Language::Urdu, "product").text("addToCart", &[]), "ٹوکری میں ڈالیں");
        assert_eq!(Messages::new(Language::Urdu, "product").text("no such key", &[]), "no such key");
    }
}
