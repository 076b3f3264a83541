//! "Login with Google" (OpenID Connect, authorization code with PKCE): sending the browser to the provider
//! with the sign-in kept in a short-lived cookie, and taking it back.

use actix_web::http::header;
use actix_web::{get, web, HttpRequest, HttpResponse};
use application::accounts::customers::{AccountError, Accounts};
use application::accounts::model::PendingExternalLogin;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::Deserialize;
use utoipa::IntoParams;

use super::dto::GoogleStatusResponse;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::language::language_cookie;
use crate::infra::session::{PublicOrigin, CUSTOMER_SESSION, GOOGLE_LOGIN};

/// Where a "Login with Google" began and where it goes afterwards.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GoogleStartQuery {
    /// `signup` when it began on the sign-up page (a failure is then reported there), else `login`.
    pub intent: Option<String>,
    /// The page on this site to return to afterwards, e.g. `/checkout`; anything else means the home page.
    pub next: Option<String>,
}

/// What the provider sends the browser back with (RFC 6749 §4.1.2).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GoogleCallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// Set instead of `code` when the shopper declined or the provider failed.
    pub error: Option<String>,
}

/// The target of a failed sign-in's log line: the module's path before the crate was cut into folders, which
/// log filters name.
const LOG_TARGET: &str = "adapters_http::accounts";

/// How long a Google sign-in may take at the provider.
const GOOGLE_LOGIN_SECONDS: i64 = 10 * 60;

/// A path on this site to send the browser to: one leading '/', no backslash or control character, not too
/// long; anything else becomes the home page, so the callback can never send a shopper to another site.
/// Spaces and other characters outside printable ASCII are percent-encoded, as a `Location` header needs.
fn return_path(next: Option<&str>) -> String {
    next.filter(|p| {
        p.starts_with('/') && !p.starts_with("//") && p.len() <= 1000 && !p.chars().any(|c| c == '\\' || c.is_control())
    })
    .map_or_else(
        || "/".to_owned(),
        |p| {
            p.bytes()
                .map(|b| if b.is_ascii_graphic() { char::from(b).to_string() } else { format!("%{b:02X}") })
                .collect()
        },
    )
}

/// The sign-in under way, as the browser keeps it: the pending login, whether it began on the sign-up page,
/// and the path to return to.
struct GoogleLoginCookie {
    pending: PendingExternalLogin,
    signup: bool,
    next: String,
}

impl GoogleLoginCookie {
    fn encode(&self) -> String {
        let p = &self.pending;
        let intent = if self.signup { "signup" } else { "login" };
        format!("{}.{}.{}.{intent}.{}", p.state, p.nonce, p.pkce_verifier, URL_SAFE_NO_PAD.encode(&self.next))
    }

    fn decode(value: &str) -> Option<Self> {
        let mut parts = value.split('.');
        let (state, nonce, pkce_verifier, intent, next) =
            (parts.next()?, parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        let next = String::from_utf8(URL_SAFE_NO_PAD.decode(next).ok()?).ok()?;
        let pending =
            PendingExternalLogin { state: state.into(), nonce: nonce.into(), pkce_verifier: pkce_verifier.into() };
        Some(Self { pending, signup: intent == "signup", next: return_path(Some(&next)) })
    }
}

/// "Login with Google" / "Sign Up with Google": sends the browser to the provider (OpenID Connect,
/// authorization code with PKCE), keeping the state, nonce and verifier in a short-lived httpOnly cookie.
#[utoipa::path(
    tag = "accounts",
    operation_id = "googleLogin",
    params(GoogleStartQuery),
    responses(
        (status = 302, description = "To the provider's sign-in page; the sign-in cookie is set"),
        (status = 503, description = "Google sign-in is not configured, or the provider cannot be reached", body = ErrorBody),
    )
)]
#[get("/api/auth/google")]
pub async fn google(
    accounts: web::Data<Accounts>,
    origin: web::Data<PublicOrigin>,
    query: web::Query<GoogleStartQuery>,
) -> Result<HttpResponse, ApiError> {
    let start = accounts.begin_external().await?;
    let cookie = GoogleLoginCookie {
        pending: start.pending,
        signup: query.intent.as_deref() == Some("signup"),
        next: return_path(query.next.as_deref()),
    };
    Ok(HttpResponse::Found()
        .insert_header((header::LOCATION, start.authorize_url))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .cookie(GOOGLE_LOGIN.set(&origin, cookie.encode(), GOOGLE_LOGIN_SECONDS))
        .finish())
}

/// Whether "Login with Google" is configured: the login and sign-up pages show its buttons only then.
#[utoipa::path(
    tag = "accounts",
    operation_id = "googleStatus",
    responses(
        (status = 200, description = "Whether Google sign-in is configured", body = GoogleStatusResponse),
    )
)]
#[get("/api/auth/google/status")]
pub async fn google_status(accounts: web::Data<Accounts>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .json(GoogleStatusResponse { configured: accounts.external_configured() })
}

/// Where the provider sends the browser back. Signed in (or up), the shopper goes on to the page kept in
/// the sign-in cookie; otherwise back to the login or sign-up page, whose `google` parameter says why:
/// `failed`, or `email-in-use` when the address already has an account with a password.
#[utoipa::path(
    tag = "accounts",
    operation_id = "googleCallback",
    params(GoogleCallbackQuery),
    responses((status = 303, description = "To the page to return to, signed in; or to /login or /signup with ?google=failed or ?google=email-in-use"))
)]
#[get("/api/auth/google/callback")]
pub async fn google_callback(
    req: HttpRequest,
    accounts: web::Data<Accounts>,
    origin: web::Data<PublicOrigin>,
    query: web::Query<GoogleCallbackQuery>,
) -> HttpResponse {
    let kept = GOOGLE_LOGIN.token(&req).as_deref().and_then(GoogleLoginCookie::decode);
    let outcome = match (&kept, &query.code, &query.state, &query.error) {
        (None, ..) => Err(AccountError::ExternalRefused("the sign-in cookie is missing or expired".into())),
        (_, _, _, Some(error)) => Err(AccountError::ExternalRefused(format!("the provider answered {error:?}"))),
        (Some(kept), Some(code), Some(state), None) => accounts.finish_external(code, state, &kept.pending).await,
        _ => Err(AccountError::ExternalRefused("the provider sent no code or state".into())),
    };
    let mut answer = HttpResponse::SeeOther();
    answer.insert_header((header::CACHE_CONTROL, "no-store")).cookie(GOOGLE_LOGIN.clear(&origin));
    match outcome {
        Ok(session) => {
            let next = kept.map_or_else(|| "/".to_owned(), |k| k.next);
            // The account's language, when it chose one, for the browser to remember; a store failure
            // here costs only that.
            if let Ok(Some(language)) = accounts.language(session.customer.id).await {
                answer.cookie(language_cookie(language, &origin));
            }
            answer
                .cookie(CUSTOMER_SESSION.set(&origin, session.token, session.lifetime.num_seconds()))
                .insert_header((header::LOCATION, next))
                .finish()
        }
        Err(err) => {
            let page = if kept.as_ref().is_some_and(|k| k.signup) { "/signup" } else { "/login" };
            let reason = if matches!(err, AccountError::ExternalEmailInUse) { "email-in-use" } else { "failed" };
            // The reasons are fixed texts and provider error codes: no code, token or secret.
            tracing::warn!(target: LOG_TARGET, reason = ?err, "a Google sign-in failed");
            answer.insert_header((header::LOCATION, format!("{page}?google={reason}"))).finish()
        }
    }
}
