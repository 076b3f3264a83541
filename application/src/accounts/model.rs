//! Customer accounts and the external identities linked to them.

use domain::ids::CustomerId;

/// A customer account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerRecord {
    pub id: CustomerId,
    pub email: String,
    pub name: String,
}

/// A person at an external identity provider: the issuer and its subject identifier, which never changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalIdentity {
    pub issuer: String,
    pub subject: String,
}

/// How a new account signs in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewCredential {
    /// An argon2id PHC string.
    PasswordHash(String),
    /// An external provider's person, linked in the same transaction that creates the account.
    External(ExternalIdentity),
}

/// What the browser keeps while the shopper is at the external provider: the `state` that must come
/// back, the `nonce` the ID token must carry, and the PKCE verifier of the code challenge that was sent.
#[derive(Clone, PartialEq, Eq)]
pub struct PendingExternalLogin {
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

impl std::fmt::Debug for PendingExternalLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PendingExternalLogin { .. }")
    }
}

/// The start of an external sign-in: where to send the browser, and what it must keep until it returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalLoginStart {
    pub authorize_url: String,
    pub pending: PendingExternalLogin,
}

/// The person an external provider vouched for, from an ID token whose signature, issuer, audience,
/// expiry and nonce were verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalProfile {
    pub identity: ExternalIdentity,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
}
