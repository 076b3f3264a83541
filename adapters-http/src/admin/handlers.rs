//! The handlers of the admin's sign-in: login, logout and check.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use application::accounts::admin_auth::AdminAuth;
use application::accounts::password_login::LoginAttempt;

use super::dto::{AdminLoginBody, AdminStatusResponse};
use super::session::AdminSession;
use crate::dto::MessageResponse;
use crate::infra::edges::personal;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::json::Json;
use crate::infra::session::{check_origin, client_address, PublicOrigin, ADMIN_SESSION, DEVICE};

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
