//! The wire types of customer accounts: credentials, the signed-in customer, password reset and the
//! profile.

use application::accounts::model::CustomerRecord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::infra::forms::Text;

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
    /// The display name, one line without control characters; a missing or blank one keeps the account's name.
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
}

/// A shopper's language as the API writes it.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LanguageCode {
    En,
    Ur,
}

/// The language a signed-in customer chose with the header's switch. Read leniently (anything else is a 400
/// naming `language`); documented as the two codes.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LanguageBody {
    /// `en` or `ur`.
    #[serde(default)]
    #[schema(value_type = LanguageCode, required = true)]
    pub language: Text,
}

/// Who is signed in, if anyone.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    /// The signed-in customer; `null` without a session (none, expired or ended).
    pub user: Option<UserResponse>,
}

/// Whether "Login with Google" is offered.
#[derive(Debug, Serialize, ToSchema)]
pub struct GoogleStatusResponse {
    /// True when the shop has Google sign-in configured: the login and sign-up pages then show its buttons.
    pub configured: bool,
}
