//! The ports: what the use cases need from the outside world, as traits over domain types. Adapters
//! implement them; application unit tests mock them with mockall.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::contact::Email;
use domain::ids::{AdminId, CategoryId, CouponId, CustomerId, ProductId};
use domain::money::Rupees;

use crate::catalog::{Category, CategoryPage, NewCategory, NewProduct, Product, ProductFilter, SearchTerms};
use crate::page::Page;

/// Why a repository call failed.
#[derive(Debug, thiserror::Error)]
pub enum RepositoryError {
    /// The record the call refers to does not exist.
    #[error("not found")]
    NotFound,
    /// The call conflicts with the current state (a unique or foreign key constraint, a stale version).
    #[error("conflict: {0}")]
    Conflict(String),
    /// Stored data could not be turned into domain values: a bug or a hand-edited database.
    #[error("corrupt data: {0}")]
    Corrupt(String),
    /// The store could not be reached or failed.
    #[error("storage unavailable")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Reads of the public catalogue.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CatalogRepository: Send + Sync + 'static {
    /// A page of products, newest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list_products(&self, filter: ProductFilter, page: Page) -> Result<Vec<Product>, RepositoryError>;

    /// One product, or `None` when there is none with that id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn product(&self, id: ProductId) -> Result<Option<Product>, RepositoryError>;

    /// A page of categories, ordered by their full path.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn categories(&self, page: Page) -> Result<Vec<Category>, RepositoryError>;

    /// Products matching the terms, best first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn search(&self, terms: &SearchTerms, page: Page) -> Result<Vec<Product>, RepositoryError>;

    /// One category with its full path, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn category(&self, id: CategoryId) -> Result<Option<Category>, RepositoryError>;

    /// A category with its own products and each child's products (at most 100 each, cheapest first), or
    /// `None` when there is no such category.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn category_page(&self, id: CategoryId) -> Result<Option<CategoryPage>, RepositoryError>;

    /// Adds one to a category's views; answers the new count, or `None` when there is no such category.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn increment_views(&self, id: CategoryId) -> Result<Option<i64>, RepositoryError>;

    /// Whether the catalogue holds no category at all.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn is_empty(&self) -> Result<bool, RepositoryError>;
}

/// Changes to the catalogue.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CatalogWriter: Send + Sync + 'static {
    /// Stores a new category.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the parent does not exist.
    async fn create_category(&self, category: NewCategory) -> Result<CategoryId, RepositoryError>;

    /// Renames a category and, when `parent` is given, moves it (`Some(None)` makes it a root).
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the category or the new parent does not exist.
    async fn update_category(
        &self,
        id: CategoryId,
        name: String,
        parent: Option<Option<CategoryId>>,
    ) -> Result<(), RepositoryError>;

    /// Deletes a category that holds no product and no sub-category.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] for an unknown id; [`RepositoryError::Conflict`] while it holds any.
    async fn delete_category(&self, id: CategoryId) -> Result<(), RepositoryError>;

    /// The category and its ancestors, from itself up to its root; empty for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn category_line(&self, id: CategoryId) -> Result<Vec<CategoryId>, RepositoryError>;

    /// Replaces a product's fields and media, in one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the product or the category does not exist.
    async fn update_product(&self, id: ProductId, product: NewProduct) -> Result<(), RepositoryError>;

    /// Deletes a product; answers the addresses of its media, or `None` when there was no such product.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete_product(&self, id: ProductId) -> Result<Option<Vec<String>>, RepositoryError>;

    /// Flips a product's featured flag; answers the new value, or `None` for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn toggle_featured(&self, id: ProductId) -> Result<Option<bool>, RepositoryError>;

    /// Stores a new product with its media, in one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the category does not exist.
    async fn create_product(&self, product: NewProduct) -> Result<ProductId, RepositoryError>;
}

/// The shop's settings.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SettingsRepository: Send + Sync + 'static {
    /// The delivery charge for carts that are not waived.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delivery_charge(&self) -> Result<Rupees, RepositoryError>;

    /// Replaces the delivery charge.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn set_delivery_charge(&self, charge: Rupees) -> Result<(), RepositoryError>;
}

/// Stored coupons.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CouponRepository: Send + Sync + 'static {
    /// Stores a new coupon.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when a coupon with the same code exists.
    async fn create(&self, coupon: domain::coupon::Coupon) -> Result<CouponId, RepositoryError>;

    /// The coupon with this code, compared without regard to case, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_by_code(
        &self,
        code: &domain::coupon::CouponCode,
    ) -> Result<Option<domain::coupon::Coupon>, RepositoryError>;

    /// A page of coupons, newest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list(&self, page: Page) -> Result<Vec<(CouponId, domain::coupon::Coupon)>, RepositoryError>;

    /// Pauses an active coupon or activates a paused one; answers it, or `None` for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn toggle(&self, id: CouponId) -> Result<Option<domain::coupon::Coupon>, RepositoryError>;

    /// Deletes a coupon; answers whether there was one.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete(&self, id: CouponId) -> Result<bool, RepositoryError>;
}

/// The current time, so rules that depend on the date can be tested.
#[cfg_attr(test, mockall::automock)]
pub trait Clock: Send + Sync + 'static {
    /// Now, in UTC.
    fn now(&self) -> chrono::DateTime<chrono::Utc>;
}

/// A media file to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaUpload {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its content type, already checked against its bytes.
    pub content_type: String,
}

/// A kept media file: where it is served, and for a picture its width and the narrower copies made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMedia {
    pub url: String,
    pub width: Option<u32>,
    pub variant_widths: Vec<u32>,
}

/// Why the media store failed.
#[derive(Debug, thiserror::Error)]
#[error("media store failed")]
pub struct MediaStoreError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

/// Where uploaded pictures and videos are kept.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MediaStore: Send + Sync + 'static {
    /// Keeps the file under a new random name; a picture also gets WebP copies at the
    /// [`crate::catalog::VARIANT_WIDTHS`] narrower than itself.
    ///
    /// # Errors
    /// [`MediaStoreError`] when the file cannot be written.
    async fn save(&self, upload: MediaUpload) -> Result<StoredMedia, MediaStoreError>;

    /// Removes kept files and their copies, by address; files already gone are skipped.
    async fn remove(&self, urls: Vec<String>);
}

/// Whether the shop's storage answers.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait HealthProbe: Send + Sync + 'static {
    /// Succeeds when the database answers a trivial query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when it does not.
    async fn ping(&self) -> Result<(), RepositoryError>;
}

/// The shop admin's account and sessions.
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
    async fn find_admin(&self, email: &Email) -> Result<Option<(AdminId, String)>, RepositoryError>;

    /// Stores a session under the digest of its token.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn create_session(
        &self,
        admin: AdminId,
        token_digest: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// The admin and their e-mail for a session that has not expired at `now`, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn session(
        &self,
        token_digest: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<(AdminId, String)>, RepositoryError>;

    /// Ends a session; ending one that does not exist is not an error.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete_session(&self, token_digest: &str) -> Result<(), RepositoryError>;
}

/// Failed login attempts, counted per key (an e-mail, an address) so repeated guessing can be slowed.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait LoginThrottle: Send + Sync + 'static {
    /// How many failures `key` has had since `since`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn failures_since(&self, key: &str, since: DateTime<Utc>) -> Result<u32, RepositoryError>;

    /// Records one failure for each key at `at`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn record_failure(&self, keys: &[String], at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Forgets the failures of `key` (after a successful login).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn clear(&self, key: &str) -> Result<(), RepositoryError>;
}

/// The password hash could not be made.
#[derive(Debug, thiserror::Error)]
#[error("the password could not be hashed")]
pub struct PasswordHashError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

/// Hashing and checking passwords (argon2id in the real adapter). Slow on purpose, so async.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync + 'static {
    /// A salted hash of `password`.
    ///
    /// # Errors
    /// [`PasswordHashError`] when hashing fails.
    async fn hash(&self, password: String) -> Result<String, PasswordHashError>;

    /// Whether `password` matches `hash`; a malformed hash matches nothing.
    async fn verify(&self, password: String, hash: String) -> bool;
}

/// Unguessable session tokens and the digests they are stored under.
#[cfg_attr(test, mockall::automock)]
pub trait SessionTokens: Send + Sync + 'static {
    /// A new random token, safe to put in a cookie.
    fn generate(&self) -> String;

    /// The digest a token is stored and looked up under.
    fn digest(&self, token: &str) -> String;
}

/// An e-mail to send: plain text and HTML bodies of the same message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: Email,
    pub subject: String,
    pub text: String,
    pub html: String,
}

impl OutgoingMail {
    /// `text` made safe to place in an HTML body.
    #[must_use]
    pub fn escape_html(text: &str) -> String {
        text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
    }
}

/// The mail could not be handed over.
#[derive(Debug, thiserror::Error)]
#[error("the mail could not be sent")]
pub struct MailError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

/// Sending e-mail (SMTP, or an outbox directory in development).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    /// Hands the message to the mail server (or writes it to the outbox).
    ///
    /// # Errors
    /// [`MailError`] when the server refuses or cannot be reached.
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError>;
}

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

/// Customer accounts, sessions and password resets of the built-in identity provider.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CustomerRepository: Send + Sync + 'static {
    /// Creates an account.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the e-mail is taken.
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
    async fn find_by_email(&self, email: &Email) -> Result<Option<(CustomerRecord, Option<String>)>, RepositoryError>;

    /// Changes the display name.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] for an unknown id.
    async fn rename(&self, id: CustomerId, name: &str) -> Result<CustomerRecord, RepositoryError>;

    /// Stores a session under the digest of its token.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn create_session(
        &self,
        id: CustomerId,
        token_digest: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// The account of a session that has not expired at `now`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn session(&self, token_digest: &str, now: DateTime<Utc>) -> Result<Option<CustomerRecord>, RepositoryError>;

    /// Ends a session.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete_session(&self, token_digest: &str) -> Result<(), RepositoryError>;

    /// Stores a password-reset token's digest, valid until `expires_at`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn create_reset(
        &self,
        id: CustomerId,
        token_digest: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// Uses a reset token, once: sets the new password hash and ends every session of the account, in one
    /// transaction. Answers `false` for an unknown, used or expired token.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn use_reset(
        &self,
        token_digest: &str,
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

/// A mail claimed from the outbox for one delivery attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: i64,
    pub mail: OutgoingMail,
    /// Attempts made before this one.
    pub attempts: u32,
}

/// How many outbox mails are waiting, sent and given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutboxCounts {
    pub queued: u64,
    pub sent: u64,
    pub failed: u64,
}

/// The e-mail outbox in the database, drained by a background worker.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MailOutbox: Send + Sync + 'static {
    /// Queues mails for delivery; answers how many.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn enqueue(&self, mails: Vec<OutgoingMail>) -> Result<u64, RepositoryError>;

    /// Claims up to `limit` mails due at `now`, leasing them until `lease_until` so no other worker takes them.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn claim_due(
        &self,
        limit: u32,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<QueuedMail>, RepositoryError>;

    /// Marks a mail delivered.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Records a failed attempt: tried again at `retry_at`, or given up when `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn mark_failed_attempt(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), RepositoryError>;

    /// The counts by status.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn counts(&self) -> Result<OutboxCounts, RepositoryError>;
}
