//! The customer's session: the [`CustomerSession`] extractor that every customer call takes.

use actix_web::web;
use application::accounts::customers::Accounts;
use application::accounts::model::CustomerRecord;

use crate::infra::error::ApiError;
use crate::infra::session::{Authenticated, SessionCookie, SessionParty, CUSTOMER_SESSION};

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
