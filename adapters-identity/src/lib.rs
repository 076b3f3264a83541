//! Identity adapters: argon2id password hashing, random session tokens stored by their SHA-256 digest, and
//! "Login with Google" through OpenID Connect.

mod oidc;
mod passwords;
mod tokens;

#[cfg(feature = "test-support")]
pub mod test_support;

pub use oidc::{OidcConfig, OidcConfigError, OidcProvider, GOOGLE_ISSUER};
pub use passwords::{Argon2Hasher, HashCost, HashLimits};
pub use tokens::{RandomReviewTokens, RandomSessionTokens};
