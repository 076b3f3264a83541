//! The shopper's languages (docs/decisions/0048-urdu.md): English at unprefixed paths, Urdu under `/ur/`,
//! the choice remembered in the `lang` cookie.

pub use domain::language::Language;

use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest};
use std::future::{ready, Ready};

use crate::infra::session::PublicOrigin;

/// The language a request asks its answer in: its `Accept-Language` (the storefront sends `ur` from Urdu
/// pages and `en` from English ones), English when it names neither. Error messages and a placed order's
/// messages follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLanguage(pub Language);

impl RequestLanguage {
    /// The language `req`'s `Accept-Language` prefers, English by default.
    #[must_use]
    pub fn of(req: &HttpRequest) -> Language {
        req.headers()
            .get_all(header::ACCEPT_LANGUAGE)
            .filter_map(|v| v.to_str().ok())
            .find_map(Language::preferred)
            .unwrap_or_default()
    }
}

impl FromRequest for RequestLanguage {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(Self(Self::of(req))))
    }
}

/// The `lang` cookie the header's switch writes (`lang=ur`, the whole site, a year, `SameSite=Lax`, readable by
/// the page), set by the server when a customer signs in or up so that the account's language is the
/// browser's again (`/` follows it); Secure when the shop is served over https.
#[must_use]
pub fn language_cookie(language: Language, origin: &PublicOrigin) -> Cookie<'static> {
    Cookie::build("lang", language.code())
        .path("/")
        .same_site(SameSite::Lax)
        .secure(origin.origin.starts_with("https://"))
        .max_age(time::Duration::days(365))
        .finish()
}

/// The addresses of a language's pages.
pub trait LanguagePaths: Sized {
    /// The path prefix of the language's pages: none for English, `/ur` for Urdu.
    fn prefix(self) -> &'static str;
    /// The language of a request path and the app's route inside it: `/ur/cart` is Urdu's `/cart`, `/ur` and
    /// `/ur/` Urdu's `/`; every other path is English, as it is.
    fn of_path(path: &str) -> (Self, &str);
    /// The address of `route` (an app route such as `/cart` or `/`) in this language.
    fn path(self, route: &str) -> String;
    /// The language a `Cookie` header remembers (`lang=ur` or `lang=en`), if any.
    fn from_cookie_header(header: &str) -> Option<Self>;
}

impl LanguagePaths for Language {
    fn prefix(self) -> &'static str {
        match self {
            Self::English => "",
            Self::Urdu => "/ur",
        }
    }

    fn of_path(path: &str) -> (Self, &str) {
        match path.strip_prefix("/ur") {
            Some("") => (Self::Urdu, "/"),
            Some(rest) if rest.starts_with('/') => (Self::Urdu, rest),
            _ => (Self::English, path),
        }
    }

    fn path(self, route: &str) -> String {
        match (self, route) {
            (Self::Urdu, "/") => "/ur/".to_owned(),
            _ => format!("{}{route}", self.prefix()),
        }
    }

    fn from_cookie_header(header: &str) -> Option<Self> {
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
