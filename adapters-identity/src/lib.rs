//! Identity adapters: argon2id password hashing and random session tokens stored by their SHA-256 digest.
//! Customer accounts (built-in and OpenID Connect for Google) will join them here.

mod passwords;
mod tokens;

pub use passwords::{Argon2Hasher, HashCost};
pub use tokens::RandomSessionTokens;
