//! The wire types of the admin's sign-in.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::infra::forms::Text;

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
