//! The handlers of customer accounts: sign-up, login, logout, the current customer, password reset and the
//! profile name.

use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use application::accounts::customers::{AccountError, Accounts, SignedIn};
use application::accounts::password_login::LoginAttempt;
use domain::contact::EmailError;

use super::dto::{
    CredentialsBody, LanguageBody, ResetConfirmBody, ResetRequestBody, SaveUserBody, SessionResponse, UserResponse,
};
use super::session::CustomerSession;
use crate::dto::MessageResponse;
use crate::infra::edges::personal;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Text;
use crate::infra::json::Json;
use crate::infra::language::{language_cookie, Language, RequestLanguage};
use crate::infra::session::{check_origin, client_address, PublicOrigin, CUSTOMER_SESSION, DEVICE};

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

/// The answer of a sign-in: the session's cookies and, when the account has chosen a language, the `lang`
/// cookie that makes the browser remember it.
fn signed_in(
    status: actix_web::http::StatusCode,
    origin: &PublicOrigin,
    session: SignedIn,
    language: Option<Language>,
) -> HttpResponse {
    let mut response = HttpResponse::build(status);
    response.cookie(CUSTOMER_SESSION.set(origin, session.token, session.lifetime.num_seconds()));
    if let Some(device) = session.device {
        response.cookie(DEVICE.set(origin, device.token, device.lifetime.num_seconds()));
    }
    if let Some(language) = language {
        response.cookie(language_cookie(language, origin));
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
    // The account speaks the language of the page it was made on.
    let language = RequestLanguage::of(&req);
    accounts.set_language(session.customer.id, language).await?;
    Ok(signed_in(actix_web::http::StatusCode::CREATED, &origin, session, Some(language)))
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
    let language = accounts.language(session.customer.id).await?;
    Ok(signed_in(actix_web::http::StatusCode::OK, &origin, session, language))
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

/// Remembers the signed-in customer's language (the header's switch calls it as it goes to the other
/// language's page), so a later sign-in, on any device, gives the browser the `lang` cookie again.
#[utoipa::path(
    tag = "accounts",
    operation_id = "setLanguage",
    request_body = LanguageBody,
    responses(
        (status = 204, description = "Remembered"),
        (status = 400, description = "The language is not `en` or `ur`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[put("/api/auth/language")]
pub async fn set_language(
    req: HttpRequest,
    customer: CustomerSession,
    accounts: web::Data<Accounts>,
    body: Json<LanguageBody>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    let language = match body.language.text() {
        Some("en") => Language::English,
        Some("ur") => Language::Urdu,
        _ => return Err(ApiError::invalid_field("language", "The language is en or ur.")),
    };
    accounts.set_language(customer.0.id, language).await?;
    Ok(HttpResponse::NoContent().finish())
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
