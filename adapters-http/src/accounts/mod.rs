//! Customer accounts (CONTRACT.md §3): sign-up, login, logout, the current customer, the profile name and
//! password reset, ending in an httpOnly, SameSite=Lax session cookie (Secure over https).

use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use application::accounts::customers::{AccountError, Accounts, SignedIn};
use application::accounts::model::{CustomerRecord, PendingExternalLogin};
use application::accounts::password_login::LoginAttempt;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use domain::contact::EmailError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::MessageResponse;
use crate::infra::edges::personal;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Text;
use crate::infra::json::Json;
use crate::infra::session::{
    check_origin, client_address, Authenticated, PublicOrigin, SessionCookie, SessionParty, CUSTOMER_SESSION, DEVICE,
    GOOGLE_LOGIN,
};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(sign_up)
        .service(log_in)
        .service(log_out)
        .service(me)
        .service(current_session)
        .service(request_reset)
        .service(confirm_reset)
        .service(save_user)
        .service(google)
        .service(google_callback);
}

impl From<AccountError> for ApiError {
    fn from(err: AccountError) -> Self {
        match err {
            AccountError::InvalidEmail => Self::invalid_field("email", err.to_string()),
            AccountError::Password(_) => Self::invalid_field("password", err.to_string()),
            AccountError::Name(_) => Self::invalid_field("name", err.to_string()),
            AccountError::EmailInUse => Self::Conflict(err.to_string()),
            AccountError::TooManySignUps { retry_after } => Self::too_many(err.to_string(), retry_after),
            AccountError::Refused(refusal) => refusal.into(),
            AccountError::InvalidResetToken => Self::invalid_field("token", err.to_string()),
            AccountError::ExternalNotConfigured | AccountError::ExternalUnavailable(_) => {
                Self::Unavailable(err.to_string())
            }
            AccountError::ExternalRefused(_) => Self::Unauthorized(err.to_string()),
            AccountError::ExternalEmailInUse => Self::Conflict(err.to_string()),
            AccountError::Busy => Self::Unavailable(err.to_string()),
            AccountError::Hash(source) => Self::Internal(Box::new(source)),
            AccountError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// A signed-in customer; handlers that take one answer 401 without a valid session cookie.
pub type CustomerSession = Authenticated<CustomerRecord>;

impl SessionParty for CustomerRecord {
    const COOKIE: SessionCookie = CUSTOMER_SESSION;
    const MISSING: &'static str = "Please log in.";
    type UseCase = Accounts;

    async fn lookup(accounts: web::Data<Accounts>, token: String) -> Result<Option<Self>, ApiError> {
        Ok(accounts.current(&token).await?)
    }
}

/// E-mail and password (and, on sign-up, an optional name).
#[derive(Debug, Deserialize, ToSchema)]
pub struct CredentialsBody {
    #[serde(default)]
    #[schema(inline)]
    pub email: Text,
    #[serde(default)]
    #[schema(inline)]
    pub password: Text,
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
}

/// The signed-in customer.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserResponse {
    /// The customer's id.
    pub uid: String,
    pub email: String,
    pub name: String,
}

impl From<CustomerRecord> for UserResponse {
    fn from(customer: CustomerRecord) -> Self {
        Self { uid: customer.id.to_string(), email: customer.email, name: customer.name }
    }
}

/// An e-mail address for a reset link.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequestBody {
    #[serde(default)]
    #[schema(inline)]
    pub email: Text,
}

/// A reset token and the new password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetConfirmBody {
    #[serde(default)]
    #[schema(inline)]
    pub token: Text,
    #[serde(default)]
    #[schema(inline)]
    pub password: Text,
}

/// The profile to save after login or sign-up. An `email` field may be sent but is ignored: the e-mail
/// is the session's.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SaveUserBody {
    /// The display name, one line without control characters; 'Customer' when missing or blank.
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
}

fn signed_in(status: actix_web::http::StatusCode, origin: &PublicOrigin, session: SignedIn) -> HttpResponse {
    let mut response = HttpResponse::build(status);
    response.cookie(CUSTOMER_SESSION.set(origin, session.token, session.lifetime.num_seconds()));
    if let Some(device) = session.device {
        response.cookie(DEVICE.set(origin, device.token, device.lifetime.num_seconds()));
    }
    response.json(UserResponse::from(session.customer))
}

fn credentials(body: &CredentialsBody) -> Result<(&str, &str), ApiError> {
    match (body.email.text(), body.password.text()) {
        (Some(email), Some(password)) => Ok((email, password)),
        _ => Err(ApiError::bad_request("Email and password are required.")),
    }
}

/// Creates an account and signs it in.
#[utoipa::path(
    tag = "accounts",
    operation_id = "signUp",
    request_body = CredentialsBody,
    responses(
        (status = 201, description = "Signed up and in; the cookie is set", body = UserResponse),
        (status = 400, description = "Missing fields, a bad e-mail, a password under 6 characters, or a name with a line break or control character", body = ErrorBody),
        (status = 409, description = "The e-mail is already registered", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this address this hour; `Retry-After` gives the seconds to wait", body = ErrorBody),
        (status = 503, description = "The server is busy. Please try again in a moment.", body = ErrorBody),
    )
)]
#[post("/api/auth/signup")]
pub async fn sign_up(
    req: HttpRequest,
    accounts: web::Data<Accounts>,
    origin: web::Data<PublicOrigin>,
    body: Json<CredentialsBody>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    let (email, password) = credentials(&body)?;
    let session = accounts.sign_up(email, password, body.name.text(), &client_address(&req)).await?;
    Ok(signed_in(actix_web::http::StatusCode::CREATED, &origin, session))
}

/// Signs a customer in.
#[utoipa::path(
    tag = "accounts",
    operation_id = "logIn",
    request_body = CredentialsBody,
    responses(
        (status = 200, description = "Signed in; the session cookie and the device cookie (`shop_device`) are set", body = UserResponse),
        (status = 400, description = "Missing fields", body = ErrorBody),
        (status = 401, description = "Invalid email or password.", body = ErrorBody),
        (status = 429, description = "Too many failed attempts of this e-mail from this address, from this address (a device that signed in to this e-mail before is spared), or of this e-mail; `Retry-After` gives the seconds to wait", body = ErrorBody),
        (status = 503, description = "The server is busy. Please try again in a moment.", body = ErrorBody),
    )
)]
#[post("/api/auth/login")]
pub async fn log_in(
    req: HttpRequest,
    accounts: web::Data<Accounts>,
    origin: web::Data<PublicOrigin>,
    body: Json<CredentialsBody>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    let (email, password) = credentials(&body)?;
    let (address, device) = (client_address(&req), DEVICE.token(&req));
    let session =
        accounts.log_in(&LoginAttempt { email, password, address: &address, device: device.as_deref() }).await?;
    Ok(signed_in(actix_web::http::StatusCode::OK, &origin, session))
}

/// Ends the session and clears the cookie.
#[utoipa::path(tag = "accounts", operation_id = "logOut", responses((status = 204, description = "Signed out")))]
#[post("/api/auth/logout")]
pub async fn log_out(
    req: HttpRequest,
    accounts: web::Data<Accounts>,
    origin: web::Data<PublicOrigin>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    if let Some(token) = CUSTOMER_SESSION.token(&req) {
        accounts.log_out(&token).await?;
    }
    Ok(HttpResponse::NoContent().cookie(CUSTOMER_SESSION.clear(&origin)).finish())
}

/// The signed-in customer.
#[utoipa::path(
    tag = "accounts",
    operation_id = "me",
    responses(
        (status = 200, description = "The customer", body = UserResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[get("/api/auth/me")]
pub async fn me(customer: CustomerSession) -> HttpResponse {
    HttpResponse::Ok().json(UserResponse::from(customer.0))
}

/// Who is signed in, if anyone.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    /// The signed-in customer; `null` without a session (none, expired or ended).
    pub user: Option<UserResponse>,
}

/// Who is signed in: the customer, or `user: null` for a visitor without a valid session. The storefront asks
/// on every page; unlike `GET /api/auth/me` it does not answer a signed-out visitor with 401, which the
/// browser would log on the console of every page a shopper opens.
#[utoipa::path(
    tag = "accounts",
    operation_id = "session",
    responses(
        (status = 200, description = "The customer, or null", body = SessionResponse),
    )
)]
#[get("/api/auth/session")]
pub async fn current_session(customer: Result<CustomerSession, ApiError>) -> Result<HttpResponse, ApiError> {
    let user = match customer {
        Ok(customer) => Some(UserResponse::from(customer.0)),
        Err(ApiError::Unauthorized(_)) => None,
        Err(err) => return Err(err),
    };
    Ok(HttpResponse::Ok().json(SessionResponse { user }))
}

/// Queues a reset link for an account with this e-mail; the answer is the same, and as quick, whether or not
/// the account exists and whether or not an hourly limit (per address, per e-mail) holds the mail back.
#[utoipa::path(
    tag = "accounts",
    operation_id = "requestPasswordReset",
    request_body = ResetRequestBody,
    responses(
        (status = 202, description = "A link is on its way if the account exists and no hourly limit holds it back", body = MessageResponse),
        (status = 400, description = "No e-mail", body = ErrorBody),
    )
)]
#[post("/api/auth/password-reset")]
pub async fn request_reset(
    req: HttpRequest,
    accounts: web::Data<Accounts>,
    body: Json<ResetRequestBody>,
) -> Result<HttpResponse, ApiError> {
    let email = body.email.text().ok_or_else(|| ApiError::invalid_field("email", EmailError::Empty.to_string()))?;
    accounts.request_reset(email, &client_address(&req)).await?;
    Ok(HttpResponse::Accepted()
        .json(MessageResponse { message: "If an account uses this e-mail, a reset link is on its way.".into() }))
}

/// Sets a new password with a reset token (once, within an hour).
#[utoipa::path(
    tag = "accounts",
    operation_id = "confirmPasswordReset",
    request_body = ResetConfirmBody,
    responses(
        (status = 204, description = "The password is changed; every session ended"),
        (status = 400, description = "A bad password, or an unknown, used or expired token", body = ErrorBody),
        (status = 503, description = "The server is busy. Please try again in a moment.", body = ErrorBody),
    )
)]
#[post("/api/auth/password-reset/confirm")]
pub async fn confirm_reset(
    accounts: web::Data<Accounts>,
    body: Json<ResetConfirmBody>,
) -> Result<HttpResponse, ApiError> {
    let token = body.token.text().ok_or(AccountError::InvalidResetToken)?;
    let password = body.password.text().unwrap_or_default();
    accounts.confirm_reset(token, password).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Saves the signed-in customer's profile after login or sign-up.
#[utoipa::path(
    tag = "accounts",
    operation_id = "saveUser",
    request_body = SaveUserBody,
    responses(
        (status = 200, description = "The saved profile", body = UserResponse),
        (status = 400, description = "A name that is not text, or holds a line break or control character", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[post("/api/users/auth/save-user")]
pub async fn save_user(
    customer: CustomerSession,
    accounts: web::Data<Accounts>,
    body: Json<SaveUserBody>,
) -> Result<HttpResponse, ApiError> {
    if body.name == Text::Invalid {
        return Err(ApiError::invalid_field("name", "name must be text."));
    }
    let saved = accounts.save_profile(&customer.0, body.name.text()).await?;
    Ok(HttpResponse::Ok().json(UserResponse::from(saved)))
}

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
            answer
                .cookie(CUSTOMER_SESSION.set(&origin, session.token, session.lifetime.num_seconds()))
                .insert_header((header::LOCATION, next))
                .finish()
        }
        Err(err) => {
            let page = if kept.as_ref().is_some_and(|k| k.signup) { "/signup" } else { "/login" };
            let reason = if matches!(err, AccountError::ExternalEmailInUse) { "email-in-use" } else { "failed" };
            // The reasons are fixed texts and provider error codes: no code, token or secret.
            tracing::warn!(reason = ?err, "a Google sign-in failed");
            answer.insert_header((header::LOCATION, format!("{page}?google={reason}"))).finish()
        }
    }
}
