//! What accounts need from outside: stored customers and the admin, their sessions, password hashing, session tokens, an external identity provider, and the writes accounts make in one transaction.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::contact::Email;
use domain::ids::{AdminId, CustomerId};
use domain::language::Language;

use crate::accounts::model::{
    CustomerLogin, CustomerRecord, DeviceSignIn, ExternalIdentity, ExternalLoginStart, ExternalProfile, NewCredential,
    PasswordCredentials, PendingExternalLogin, ResetRequest, Session, TokenDigest,
};
use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::mail::ports::OutboxTx;

/// The shop admin's account.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait AdminRepository: Send + Sync + 'static {
    /// Makes `email` the one admin with this password hash, replacing any other admin (and their sessions).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn replace_admin(&self, email: &Email, password_hash: &str) -> Result<AdminId, RepositoryError>;

    /// The admin with this e-mail and their password hash, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_admin(&self, email: &Email) -> Result<Option<PasswordCredentials<AdminId>>, RepositoryError>;

    /// The e-mail of the admin with this id, or `None` when there is no such admin (any more).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails or holds an e-mail that is not one.
    async fn admin_email(&self, id: AdminId) -> Result<Option<Email>, RepositoryError>;
}

/// The sessions of the admin and of customers, stored under the digests of their tokens. The store keeps
/// and answers what it is given; the rules (lifetimes, expiry, pruning) are [`Sessions`]'.
///
/// [`Sessions`]: crate::accounts::sessions::Sessions
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SessionStore: Send + Sync + 'static {
    /// Stores a session.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when its principal does not exist; [`RepositoryError::Unavailable`]
    /// when the store fails.
    async fn create(&self, session: &Session) -> Result<(), RepositoryError>;

    /// The session stored under `digest`, expired or not, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find(&self, digest: &TokenDigest) -> Result<Option<Session>, RepositoryError>;

    /// Ends a session; ending one that does not exist is not an error.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete(&self, digest: &TokenDigest) -> Result<(), RepositoryError>;

    /// Deletes every session, of any principal, that ended at or before `now`; answers how many.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete_expired(&self, now: DateTime<Utc>) -> Result<u64, RepositoryError>;
}

/// The devices (browsers) that signed in to a login with its password before, by the digest of the token
/// their device cookie carries. The store keeps and answers what it is given; the rules (who is spared
/// which limit, how long a device is remembered) are [`PasswordCheck`]'s.
///
/// [`PasswordCheck`]: crate::accounts::password_login::PasswordCheck
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait KnownDevices: Send + Sync + 'static {
    /// Whether the device whose cookie carries the token of `digest` is remembered for `login` at `now`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn is_known(&self, digest: &TokenDigest, login: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Remembers a device's sign-in: its login under the new digest, and the logins remembered under its
    /// previous digest moved to the new one, all until `until`. Devices past their time may be forgotten
    /// meanwhile.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn remember(&self, sign_in: &DeviceSignIn, now: DateTime<Utc>) -> Result<(), RepositoryError>;
}

/// A password could not be hashed or checked.
#[derive(Debug, thiserror::Error)]
pub enum PasswordHashError {
    /// As many hashes as the hasher allows are running or waiting already; nothing was done.
    #[error("too many passwords are being hashed at once")]
    Busy,
    /// Hashing failed.
    #[error("the password could not be hashed")]
    Failed(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Hashing and checking passwords (argon2id in the real adapter). Slow and memory-hungry on purpose, so
/// async, and bounded: an adapter may refuse work beyond what it can hold at once.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync + 'static {
    /// A salted hash of `password`.
    ///
    /// # Errors
    /// [`PasswordHashError::Busy`] when too many hashes are under way; `Failed` when hashing fails.
    async fn hash(&self, password: String) -> Result<String, PasswordHashError>;

    /// Whether `password` matches `hash`; a malformed hash matches nothing.
    ///
    /// # Errors
    /// [`PasswordHashError::Busy`] when too many hashes are under way.
    async fn verify(&self, password: String, hash: String) -> Result<bool, PasswordHashError>;
}

/// Unguessable session tokens and the digests they are stored under.
#[cfg_attr(test, mockall::automock)]
pub trait SessionTokens: Send + Sync + 'static {
    /// A new random token of [`TOKEN_CHARS`] characters, safe to put in a cookie or a link.
    ///
    /// [`TOKEN_CHARS`]: crate::accounts::sessions::TOKEN_CHARS
    fn generate(&self) -> String;

    /// The digest a token is stored and looked up under.
    fn digest(&self, token: &str) -> TokenDigest;
}

/// Why an external sign-in failed.
#[derive(Debug, thiserror::Error)]
pub enum ExternalIdentityError {
    /// The provider (discovery, keys or token endpoint) could not be reached or answered nonsense.
    #[error("the identity provider is unavailable: {0}")]
    Unavailable(String),
    /// The provider refused the code, or its ID token failed a check.
    #[error("the identity provider's answer was refused: {0}")]
    Refused(String),
}

/// An external OpenID Connect provider (Google): the authorization-code flow with PKCE.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ExternalIdentityProvider: Send + Sync + 'static {
    /// A fresh state, nonce and PKCE verifier, and the provider's authorization URL carrying them.
    ///
    /// # Errors
    /// [`ExternalIdentityError::Unavailable`] when the provider's discovery document cannot be had.
    async fn begin(&self) -> Result<ExternalLoginStart, ExternalIdentityError>;

    /// Exchanges the code returned to the shop for an ID token and verifies it against `pending`.
    ///
    /// # Errors
    /// [`ExternalIdentityError::Refused`] for a refused code or a token that fails a check;
    /// [`ExternalIdentityError::Unavailable`] when the provider cannot be reached.
    async fn finish(
        &self,
        code: &str,
        pending: &PendingExternalLogin,
    ) -> Result<ExternalProfile, ExternalIdentityError>;
}

/// Customer accounts and password resets of the built-in identity provider.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CustomerRepository: Send + Sync + 'static {
    /// Creates an account.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`]: `EmailTaken` when the e-mail is taken, `IdentityLinked` when the external
    /// identity is linked to an account already.
    async fn create_customer(
        &self,
        email: &Email,
        name: &str,
        credential: &NewCredential,
    ) -> Result<CustomerRecord, RepositoryError>;

    /// The account an external provider's person is linked to.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_by_identity(&self, identity: &ExternalIdentity) -> Result<Option<CustomerRecord>, RepositoryError>;

    /// The account with this e-mail and its password hash (none for external-only accounts).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_by_email(&self, email: &Email) -> Result<Option<CustomerLogin>, RepositoryError>;

    /// The account with this id, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_by_id(&self, id: CustomerId) -> Result<Option<CustomerRecord>, RepositoryError>;

    /// Changes the display name.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] for an unknown id.
    async fn rename(&self, id: CustomerId, name: &str) -> Result<CustomerRecord, RepositoryError>;

    /// The language the customer chose, if they ever did.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn language(&self, id: CustomerId) -> Result<Option<Language>, RepositoryError>;

    /// Remembers the customer's language.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn set_language(&self, id: CustomerId, language: Language) -> Result<(), RepositoryError>;

    /// Whether a reset token with this digest exists, unused and unexpired at `now` (checked before the new
    /// password is hashed, so a made-up token costs no hash).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn reset_is_open(&self, digest: &TokenDigest, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Uses a reset token, once: sets the new password hash, voids every other reset token of the account
    /// and ends all its sessions, in one transaction. Answers `false` for an unknown, used or expired token.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn use_reset(
        &self,
        digest: &TokenDigest,
        now: DateTime<Utc>,
        password_hash: &str,
    ) -> Result<bool, RepositoryError>;

    /// A page of customers, by e-mail.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list_customers(&self, page: Page) -> Result<Vec<CustomerRecord>, RepositoryError>;

    /// Every customer's e-mail address (for "send to all").
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn all_emails(&self) -> Result<Vec<String>, RepositoryError>;
}

/// Password-reset requests waiting to be worked through in the background, so that asking for a link
/// answers at once and takes as long whether or not the account exists.
#[cfg_attr(test, mockall::automock)]
pub trait ResetQueue: Send + Sync + 'static {
    /// Queues a request without waiting; answers `false` when the queue is full and the request was dropped.
    fn push(&self, request: ResetRequest) -> bool;
}

/// Customer writes made inside a unit of work (see [`crate::common::unit_of_work`]).
#[cfg_attr(test, mockall::automock)]
pub trait CustomerTx {
    /// Stores a password-reset token's digest, valid until `expires_at`.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] for an unknown customer, [`RepositoryError::Unavailable`] when the store
    /// fails.
    fn create_reset(
        &mut self,
        id: CustomerId,
        digest: &TokenDigest,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;
}

/// The transaction handle of the accounts' units of work: the repositories they may write together.
pub trait AccountsTx {
    /// The customers, in this transaction.
    fn customers(&mut self) -> &mut dyn CustomerTx;

    /// The e-mail outbox, in this transaction.
    fn outbox(&mut self) -> &mut dyn OutboxTx;
}
