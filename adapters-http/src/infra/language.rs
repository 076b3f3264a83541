//! The shopper's languages (docs/decisions/0048-urdu.md): English at unprefixed paths, Urdu under `/ur/`,
//! the choice remembered in the `lang` cookie.

/// A language the storefront is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    English,
    Urdu,
}

impl Language {
    /// Both, English first.
    pub const ALL: [Self; 2] = [Self::English, Self::Urdu];

    /// The path prefix of the language's pages: none for English, `/ur` for Urdu.
    #[must_use]
    pub const fn prefix(self) -> &'static str {
        match self {
            Self::English => "",
            Self::Urdu => "/ur",
        }
    }

    /// The language of a request path and the app's route inside it: `/ur/cart` is Urdu's `/cart`, `/ur` and
    /// `/ur/` Urdu's `/`; every other path is English, as it is.
    #[must_use]
    pub fn of_path(path: &str) -> (Self, &str) {
        match path.strip_prefix("/ur") {
            Some("") => (Self::Urdu, "/"),
            Some(rest) if rest.starts_with('/') => (Self::Urdu, rest),
            _ => (Self::English, path),
        }
    }

    /// The address of `route` (an app route such as `/cart` or `/`) in this language.
    #[must_use]
    pub fn path(self, route: &str) -> String {
        match (self, route) {
            (Self::Urdu, "/") => "/ur/".to_owned(),
            _ => format!("{}{route}", self.prefix()),
        }
    }

    /// The language a `Cookie` header remembers (`lang=ur` or `lang=en`), if any.
    #[must_use]
    pub fn from_cookie_header(header: &str) -> Option<Self> {
        header.split(';').find_map(|pair| match pair.trim().split_once('=') {
            Some(("lang", "ur")) => Some(Self::Urdu),
            Some(("lang", "en")) => Some(Self::English),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_urdu_prefix_names_the_language_and_leaves_the_route() {
        assert_eq!(Language::of_path("/ur"), (Language::Urdu, "/"));
        assert_eq!(Language::of_path("/ur/"), (Language::Urdu, "/"));
        assert_eq!(Language::of_path("/ur/product/42"), (Language::Urdu, "/product/42"));
        assert_eq!(Language::of_path("/urdu"), (Language::English, "/urdu"));
        assert_eq!(Language::of_path("/cart"), (Language::English, "/cart"));
        assert_eq!(Language::Urdu.path("/"), "/ur/");
        assert_eq!(Language::Urdu.path("/cart"), "/ur/cart");
        assert_eq!(Language::English.path("/cart"), "/cart");
    }

    #[test]
    fn the_cookie_remembers_either_language_and_nothing_else() {
        assert_eq!(Language::from_cookie_header("a=1; lang=ur; b=2"), Some(Language::Urdu));
        assert_eq!(Language::from_cookie_header("lang=en"), Some(Language::English));
        assert_eq!(Language::from_cookie_header("lang=fr; slang=ur"), None);
    }
}
