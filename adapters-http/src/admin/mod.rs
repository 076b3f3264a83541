//! The admin session (CONTRACT.md §7): login, logout, check, and the [`AdminSession`] extractor that every
//! admin call takes, which also refuses cross-site state changes.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use application::accounts::admin_auth::{AdminAuth, AdminIdentity};
use application::accounts::password_login::LoginAttempt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::infra::edges::personal;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Text;
use crate::infra::json::Json;
use crate::infra::session::{
    check_origin, client_address, Authenticated, PublicOrigin, SessionCookie, SessionParty, ADMIN_SESSION, DEVICE,
};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(login).service(logout).service(check);
}

/// A signed-in admin; handlers that take one answer 401 without a valid admin cookie.
pub type AdminSession = Authenticated<AdminIdentity>;

impl SessionParty for AdminIdentity {
    const COOKIE: SessionCookie = ADMIN_SESSION;
    const MISSING: &'static str = "Admin login required.";
    type UseCase = AdminAuth;

    async fn lookup(auth: web::Data<AdminAuth>, token: String) -> Result<Option<Self>, ApiError> {
        Ok(auth.authenticate(&token).await?)
    }
}

/// The admin's credentials.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminLoginBody {
    #[serde(default)]
    #[schema(inline)]
    pub email: Text,
    #[serde(default)]
    #[schema(inline)]
    pub password: Text,
}

/// The signed-in admin.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStatusResponse {
    /// Always true in a 200 answer.
    pub ok: bool,
    pub email: String,
}

/// A plain confirmation.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// Signs the admin in and sets the admin session cookie.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminLogin",
    request_body = AdminLoginBody,
    responses(
        (status = 200, description = "Signed in; the session cookie and the device cookie (`shop_device`) are set", body = AdminStatusResponse),
        (status = 400, description = "E-mail or password missing or too long", body = ErrorBody),
        (status = 401, description = "Invalid email or password.", body = ErrorBody),
        (status = 403, description = "Another site's Origin", body = ErrorBody),
        (status = 429, description = "Too many failed attempts of this e-mail from this address, from this address (a device that signed in to this e-mail before is spared), or of this e-mail; `Retry-After` gives the seconds to wait", body = ErrorBody),
        (status = 503, description = "The server is busy. Please try again in a moment.", body = ErrorBody),
    )
)]
#[post("/api/admin/login")]
pub async fn login(
    req: HttpRequest,
    auth: web::Data<AdminAuth>,
    origin: web::Data<PublicOrigin>,
    body: Json<AdminLoginBody>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    let (Some(email), Some(password)) = (body.email.text(), body.password.text()) else {
        return Err(ApiError::bad_request("Email and password are required."));
    };
    let (address, device) = (client_address(&req), DEVICE.token(&req));
    let attempt = LoginAttempt { email, password, address: &address, device: device.as_deref() };
    let session = auth.login(&attempt).await?;
    Ok(HttpResponse::Ok()
        .cookie(ADMIN_SESSION.set(&origin, session.token, session.lifetime.num_seconds()))
        .cookie(DEVICE.set(&origin, session.device.token, session.device.lifetime.num_seconds()))
        .json(AdminStatusResponse { ok: true, email: session.email }))
}

/// Ends the admin session and clears the cookie.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminLogout",
    responses(
        (status = 200, description = "Signed out", body = MessageResponse),
        (status = 403, description = "Another site's Origin", body = ErrorBody),
    )
)]
#[post("/api/admin/logout")]
pub async fn logout(
    req: HttpRequest,
    auth: web::Data<AdminAuth>,
    origin: web::Data<PublicOrigin>,
) -> Result<HttpResponse, ApiError> {
    personal(&req);
    check_origin(&req)?;
    if let Some(token) = ADMIN_SESSION.token(&req) {
        auth.logout(&token).await?;
    }
    Ok(HttpResponse::Ok().cookie(ADMIN_SESSION.clear(&origin)).json(MessageResponse { message: "Logged out.".into() }))
}

/// Whether the admin session cookie is valid.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminCheck",
    responses(
        (status = 200, description = "Signed in as the admin", body = AdminStatusResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/admin/check")]
pub async fn check(admin: AdminSession) -> HttpResponse {
    HttpResponse::Ok().json(AdminStatusResponse { ok: true, email: admin.0.email })
}
