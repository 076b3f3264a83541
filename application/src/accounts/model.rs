//! Customer accounts, the external identities linked to them, sessions and the digests tokens are stored
//! under.

use chrono::{DateTime, Utc};
use domain::ids::{AdminId, CustomerId};

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

/// A password-reset link asked for, waiting to be worked through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResetRequest {
    pub email: domain::contact::Email,
    /// The client's network address.
    pub address: String,
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

/// The digest a session or reset token is stored and looked up under, made by
/// [`SessionTokens::digest`](crate::accounts::ports::SessionTokens::digest): the token itself is never
/// stored, so a copy of the store cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenDigest(String);

impl TokenDigest {
    /// Wraps a digest as the token adapter computed it.
    #[must_use]
    pub fn new(digest: String) -> Self {
        Self(digest)
    }

    /// The digest, as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An account's id and the password hash a login is checked against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordCredentials<Account> {
    pub account: Account,
    /// An argon2id PHC string.
    pub password_hash: String,
}

/// A customer found by e-mail, with the password hash (none for accounts that sign in only through an
/// external provider).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerLogin {
    pub customer: CustomerRecord,
    pub password_hash: Option<String>,
}

/// Whom a session signs in: the admin or a customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Principal {
    Admin(AdminId),
    Customer(CustomerId),
}

/// A stored session: the digest of its token, whom it signs in, and when it ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub digest: TokenDigest,
    pub principal: Principal,
    pub expires_at: DateTime<Utc>,
}

/// A device (a browser) that just signed in to a login with the right password, to be remembered: the digest
/// of the new token its cookie carries from now on, the digest of the token it carried before (its logins
/// move to the new one), the login (realm and e-mail, e.g. `admin:owner@shop.pk`) and until when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceSignIn {
    pub digest: TokenDigest,
    pub previous: Option<TokenDigest>,
    pub login: String,
    pub until: DateTime<Utc>,
}

/// The token a device cookie carries and how long the cookie lasts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceToken {
    pub token: String,
    pub lifetime: chrono::Duration,
}
