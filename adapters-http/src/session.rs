//! The two session cookies (the admin's and a customer's), built and read in one place, the one extractor
//! of the signed-in party both are read by, and the other request facts the logins use.

use std::future::Future;
use std::pin::Pin;

use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::http::Method;
use actix_web::{web, FromRequest, HttpRequest};

use crate::error::ApiError;

/// Where the shop is served from, for the Origin check and for Secure cookies.
#[derive(Debug, Clone)]
pub struct PublicOrigin {
    /// e.g. `https://shop.example.pk`, without a trailing slash.
    pub origin: String,
}

/// A session cookie: httpOnly, Secure when the shop is served over https.
#[derive(Debug, Clone, Copy)]
pub struct SessionCookie {
    pub name: &'static str,
    same_site: SameSite,
    path: &'static str,
}

/// The admin's session: SameSite=Strict, separate from any customer's.
pub const ADMIN_SESSION: SessionCookie = SessionCookie { name: "shop_admin", same_site: SameSite::Strict, path: "/" };
/// A customer's session: SameSite=Lax, so arriving from a link keeps the shopper signed in.
pub const CUSTOMER_SESSION: SessionCookie = SessionCookie { name: "shop_session", same_site: SameSite::Lax, path: "/" };
/// A "Login with Google" under way: the state, nonce and PKCE verifier the browser keeps while it is at
/// the provider. SameSite=Lax, so it comes back with the provider's redirect; sent only to the Google calls.
pub const GOOGLE_LOGIN: SessionCookie =
    SessionCookie { name: "shop_google_login", same_site: SameSite::Lax, path: "/api/auth/google" };

impl SessionCookie {
    /// The cookie carrying `token` for `seconds`.
    #[must_use]
    pub fn set(self, origin: &PublicOrigin, token: String, seconds: i64) -> Cookie<'static> {
        Cookie::build(self.name, token)
            .path(self.path)
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

/// Refuses a state-changing request whose Origin header names another site (403).
pub fn check_origin(req: &HttpRequest) -> Result<(), ApiError> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let Some(origin) = req.headers().get("origin") else { return Ok(()) };
    let expected = req.app_data::<web::Data<PublicOrigin>>().map(|p| p.origin.as_str());
    if origin.to_str().ok() == expected {
        Ok(())
    } else {
        Err(ApiError::Forbidden("Cross-site requests are refused.".into()))
    }
}

/// Whom a session cookie signs in (the admin, a customer): its cookie, the 401 text without one, and the
/// use case that says whom a token belongs to.
pub trait SessionParty: Sized + 'static {
    /// The cookie carrying this party's session token.
    const COOKIE: SessionCookie;
    /// The 401 message when there is no cookie or its session is nobody's.
    const MISSING: &'static str;
    /// The use case in the app data that resolves a token.
    type UseCase: 'static;

    /// Whom `token` signs in, or `None`.
    fn lookup(
        use_case: web::Data<Self::UseCase>,
        token: String,
    ) -> impl Future<Output = Result<Option<Self>, ApiError>>;
}

/// The signed-in party `P` of a request; a handler that takes one answers 401 without a valid session
/// cookie, and 403 for a state change from another site's Origin.
#[derive(Debug, Clone)]
pub struct Authenticated<P>(pub P);

impl<P: SessionParty> FromRequest for Authenticated<P> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _payload: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            crate::edges::personal(&req);
            check_origin(&req)?;
            let unauthorized = || ApiError::Unauthorized(P::MISSING.to_owned());
            let token = P::COOKIE.token(&req).ok_or_else(unauthorized)?;
            let use_case = req
                .app_data::<web::Data<P::UseCase>>()
                .cloned()
                .ok_or_else(|| ApiError::Internal("a session's use case is not configured".into()))?;
            P::lookup(use_case, token).await?.map(Authenticated).ok_or_else(unauthorized)
        })
    }
}
