//! The two session cookies (the admin's and a customer's), built and read in one place, and the other
//! request facts the logins use.

use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::HttpRequest;

/// Where the shop is served from, for the Origin check and for Secure cookies.
#[derive(Debug, Clone)]
pub struct PublicOrigin {
    /// e.g. `https://shop.example.pk`, without a trailing slash.
    pub origin: String,
}

/// A session cookie: httpOnly, for the whole site, Secure when the shop is served over https.
#[derive(Debug, Clone, Copy)]
pub struct SessionCookie {
    pub name: &'static str,
    same_site: SameSite,
}

/// The admin's session: SameSite=Strict, separate from any customer's.
pub const ADMIN_SESSION: SessionCookie = SessionCookie { name: "shop_admin", same_site: SameSite::Strict };
/// A customer's session: SameSite=Lax, so arriving from a link keeps the shopper signed in.
pub const CUSTOMER_SESSION: SessionCookie = SessionCookie { name: "shop_session", same_site: SameSite::Lax };

impl SessionCookie {
    /// The cookie carrying `token` for `seconds`.
    #[must_use]
    pub fn set(self, origin: &PublicOrigin, token: String, seconds: i64) -> Cookie<'static> {
        Cookie::build(self.name, token)
            .path("/")
            .http_only(true)
            .same_site(self.same_site)
            .secure(origin.origin.starts_with("https://"))
            .max_age(time::Duration::seconds(seconds))
            .finish()
    }

    /// The cookie that clears this session in the browser.
    #[must_use]
    pub fn clear(self, origin: &PublicOrigin) -> Cookie<'static> {
        self.set(origin, String::new(), 0)
    }

    /// The session token a request carries, if any.
    #[must_use]
    pub fn token(self, req: &HttpRequest) -> Option<String> {
        req.cookie(self.name).map(|c| c.value().to_owned()).filter(|t| !t.is_empty())
    }
}

/// The client's network address, as the failed-login counts key it (forwarded-for headers are not trusted).
#[must_use]
pub fn client_address(req: &HttpRequest) -> String {
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default()
}
