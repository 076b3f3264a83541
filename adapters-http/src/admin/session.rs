//! The admin's session: the [`AdminSession`] extractor that every admin call takes, which also refuses
//! cross-site state changes.

use actix_web::web;
use application::accounts::admin_auth::{AdminAuth, AdminIdentity};

use crate::infra::error::ApiError;
use crate::infra::session::{Authenticated, SessionCookie, SessionParty, ADMIN_SESSION};

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
