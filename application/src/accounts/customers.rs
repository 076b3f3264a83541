//! Customer accounts of the built-in identity provider (docs/contract.md §3): sign-up, login, logout, the
//! current customer, the profile name, and password reset by e-mail. Passwords are kept only as argon2id
//! hashes; reset tokens only as digests; sessions are the [`Sessions`] the admin's are.

use std::sync::Arc;

use chrono::Duration;
use domain::contact::{Email, PersonName, PersonNameError, MAX_NAME_CHARS, UNKNOWN_CUSTOMER_NAME};
use domain::ids::CustomerId;
use domain::language::{Language, Localized};
use domain::password::{check_new_password, PasswordError};
use domain::text::TextError;

use crate::accounts::model::{
    CustomerLogin, CustomerRecord, DeviceToken, ExternalLoginStart, NewCredential, PasswordCredentials,
    PendingExternalLogin, ResetRequest,
};
use crate::accounts::password_login::{LoginAttempt, LoginRefusal, PasswordCheck, PasswordCheckError};
use crate::accounts::ports::{
    AccountsTx, CustomerRepository, ExternalIdentityError, ExternalIdentityProvider, PasswordHashError, PasswordHasher,
    ResetQueue, SessionTokens,
};
use crate::accounts::sessions::{is_token_shaped, Sessions};
use crate::common::clock::Clock;
use crate::common::error::{Conflict, RepositoryError};
use crate::common::throttle::{wait_in_urdu_words, wait_in_words, Admission, Limit, Throttle};
use crate::common::unit_of_work::UnitOfWork;
use crate::mail::body::{Link, MailBody, Paragraph, Span};
use crate::mail::ports::{MailLayout, OutgoingMail};

/// How long a password-reset link works.
pub const RESET_LIFETIME_MINUTES: i64 = 60;

/// How much one client address or one e-mail may ask for per hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountLimits {
    /// Reset mails asked for from one address.
    pub resets_per_address: u32,
    /// Reset mails asked for one e-mail, from anywhere.
    pub resets_per_email: u32,
    /// Sign-ups (valid ones, taken e-mails included) from one address.
    pub sign_ups_per_address: u32,
}

impl Default for AccountLimits {
    fn default() -> Self {
        Self { resets_per_address: 5, resets_per_email: 3, sign_ups_per_address: 10 }
    }
}

/// An hourly limit of `max`.
fn hourly(max: u32) -> Limit {
    Limit::Window { max, window: Duration::hours(1) }
}

/// A customer with a new session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn {
    pub customer: CustomerRecord,
    pub token: String,
    pub lifetime: Duration,
    /// The device cookie the browser keeps from now on, after a login with the password.
    pub device: Option<DeviceToken>,
}

/// Why an account call failed; the texts are the ones shoppers see.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("Please enter a valid email address.")]
    InvalidEmail,
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// The name holds a line break or control character.
    #[error(transparent)]
    Name(#[from] TextError),
    #[error("This email is already registered.")]
    EmailInUse,
    #[error("Too many sign-ups from this address. Please try again in {}.", wait_in_words(*retry_after))]
    TooManySignUps { retry_after: Duration },
    #[error(transparent)]
    Refused(LoginRefusal),
    #[error("This reset link is invalid, used or expired.")]
    InvalidResetToken,
    #[error("Google sign-in is not configured on this shop.")]
    ExternalNotConfigured,
    #[error("Google sign-in is not available right now. Please try again.")]
    ExternalUnavailable(#[source] ExternalIdentityError),
    #[error("Google sign-in failed.")]
    ExternalRefused(String),
    #[error("This email is already registered. Log in with your password.")]
    ExternalEmailInUse,
    #[error("The server is busy. Please try again in a moment.")]
    Busy,
    #[error("the password could not be hashed")]
    Hash(#[source] crate::accounts::ports::PasswordHashError),
    #[error("the accounts could not be read or written")]
    Unexpected(#[from] RepositoryError),
}

impl From<PasswordHashError> for AccountError {
    fn from(err: PasswordHashError) -> Self {
        match err {
            PasswordHashError::Busy => Self::Busy,
            failed @ PasswordHashError::Failed(_) => Self::Hash(failed),
        }
    }
}

/// The name a customer is known by: the name given, cut to [`MAX_NAME_CHARS`] characters, or none (empty)
/// when it is missing or blank.
fn display_name(name: Option<&str>) -> Result<String, TextError> {
    let name = name.unwrap_or_default();
    match PersonName::parse(name) {
        Ok(name) => Ok(name.to_string()),
        Err(PersonNameError::Empty) => Ok(UNKNOWN_CUSTOMER_NAME.to_owned()),
        Err(PersonNameError::TooLong) => Ok(name.trim().chars().take(MAX_NAME_CHARS).collect()),
        Err(PersonNameError::ControlCharacter(err)) => Err(err),
    }
}

/// 'Hello Ayesha,', or 'Hello,' for an account without a name.
fn greeting(name: &str) -> String {
    if name.is_empty() {
        "Hello,".to_owned()
    } else {
        format!("Hello {name},")
    }
}

/// The account use cases.
#[derive(Clone)]
pub struct Accounts {
    customers: Arc<dyn CustomerRepository>,
    sessions: Sessions<CustomerId>,
    check: PasswordCheck,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn SessionTokens>,
    clock: Arc<dyn Clock>,
    /// Writes that must commit together: a reset and its mail.
    unit_of_work: Arc<dyn UnitOfWork<dyn AccountsTx>>,
    throttle: Arc<dyn Throttle>,
    limits: AccountLimits,
    resets: Arc<dyn ResetQueue>,
    reset_mail: ResetMail,
    external: Option<Arc<dyn ExternalIdentityProvider>>,
}

/// Where a reset link points (PUBLIC_URL, without a trailing slash) and how its e-mail's HTML is drawn.
#[derive(Debug, Clone)]
pub struct ResetMail {
    pub public_url: String,
    pub layout: Arc<dyn MailLayout>,
}

impl Accounts {
    #[must_use]
    // Each argument is a port or a shared service; the composition root names each once.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        customers: Arc<dyn CustomerRepository>,
        sessions: Sessions<CustomerId>,
        check: PasswordCheck,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn SessionTokens>,
        clock: Arc<dyn Clock>,
        unit_of_work: Arc<dyn UnitOfWork<dyn AccountsTx>>,
        throttle: Arc<dyn Throttle>,
        limits: AccountLimits,
        resets: Arc<dyn ResetQueue>,
        reset_mail: ResetMail,
    ) -> Self {
        Self {
            customers,
            sessions,
            check,
            hasher,
            tokens,
            clock,
            unit_of_work,
            throttle,
            limits,
            resets,
            reset_mail,
            external: None,
        }
    }

    /// Adds "Login with Google" through an external OpenID Connect provider.
    #[must_use]
    pub fn with_external(mut self, provider: Arc<dyn ExternalIdentityProvider>) -> Self {
        self.external = Some(provider);
        self
    }

    async fn open_session(&self, customer: CustomerRecord) -> Result<SignedIn, AccountError> {
        let session = self.sessions.open(customer.id).await?;
        Ok(SignedIn { customer, token: session.token, lifetime: session.lifetime, device: None })
    }

    /// Creates an account and signs it in; `address` is the client's network address, whose sign-ups are
    /// limited per hour. Everything cheap is checked before the password is hashed.
    ///
    /// # Errors
    /// [`AccountError::InvalidEmail`], a password error, [`AccountError::TooManySignUps`],
    /// [`AccountError::EmailInUse`], [`AccountError::Busy`], or a store failure.
    pub async fn sign_up(
        &self,
        email: &str,
        password: &str,
        name: Option<&str>,
        address: &str,
    ) -> Result<SignedIn, AccountError> {
        let email = Email::parse(&email.trim().to_lowercase()).map_err(|_| AccountError::InvalidEmail)?;
        check_new_password(password)?;
        let name = display_name(name)?;
        let key = format!("signup-address:{address}");
        let limit = hourly(self.limits.sign_ups_per_address);
        if let Admission::Refused { retry_after } = self.throttle.count(&key, limit, self.clock.now()).await? {
            return Err(AccountError::TooManySignUps { retry_after });
        }
        if self.customers.find_by_email(&email).await?.is_some() {
            return Err(AccountError::EmailInUse);
        }
        let hash = self.hasher.hash(password.to_owned()).await?;
        let customer =
            self.customers.create_customer(&email, &name, &NewCredential::PasswordHash(hash)).await.map_err(|err| {
                match err {
                    RepositoryError::Conflict(Conflict::EmailTaken) => AccountError::EmailInUse,
                    other => AccountError::Unexpected(other),
                }
            })?;
        self.open_session(customer).await
    }

    /// Signs a customer in with the e-mail and password of `attempt`.
    ///
    /// # Errors
    /// [`AccountError::Refused`], [`AccountError::Busy`] or a store failure.
    pub async fn log_in(&self, attempt: &LoginAttempt<'_>) -> Result<SignedIn, AccountError> {
        let customers = &self.customers;
        let verified = self
            .check
            .check("customer", attempt, self.clock.now(), |email| async move {
                Ok(customers.find_by_email(&email).await?.and_then(|found| {
                    found
                        .password_hash
                        .map(|password_hash| PasswordCredentials { account: found.customer, password_hash })
                }))
            })
            .await
            .map_err(|err| match err {
                PasswordCheckError::Refused(refusal) => AccountError::Refused(refusal),
                PasswordCheckError::Busy => AccountError::Busy,
                PasswordCheckError::Unexpected(source) => AccountError::Unexpected(source),
            })?;
        let signed_in = self.open_session(verified.account).await?;
        Ok(SignedIn { device: Some(verified.device), ..signed_in })
    }

    /// The customer a session token belongs to, while it lasts.
    ///
    /// # Errors
    /// A store failure.
    pub async fn current(&self, token: &str) -> Result<Option<CustomerRecord>, AccountError> {
        let Some(id) = self.sessions.resolve(token).await? else { return Ok(None) };
        Ok(self.customers.find_by_id(id).await?)
    }

    /// The language the customer chose (the header's switch, or the page they signed up on), if any: a login
    /// gives it to the browser to remember (docs/decisions/0048-urdu.md).
    ///
    /// # Errors
    /// A store failure.
    pub async fn language(&self, customer: CustomerId) -> Result<Option<Language>, AccountError> {
        Ok(self.customers.language(customer).await?)
    }

    /// Remembers the customer's language.
    ///
    /// # Errors
    /// A store failure.
    pub async fn set_language(&self, customer: CustomerId, language: Language) -> Result<(), AccountError> {
        Ok(self.customers.set_language(customer, language).await?)
    }

    /// Ends a session.
    ///
    /// # Errors
    /// A store failure.
    pub async fn log_out(&self, token: &str) -> Result<(), AccountError> {
        Ok(self.sessions.end(token).await?)
    }

    /// Saves the signed-in customer's display name; a missing or blank one keeps the name the account has
    /// (a login saves the profile without knowing the name, and must not erase it).
    ///
    /// # Errors
    /// [`AccountError::Name`] for a line break or control character in the name, or a store failure.
    pub async fn save_profile(
        &self,
        customer: &CustomerRecord,
        name: Option<&str>,
    ) -> Result<CustomerRecord, AccountError> {
        let name = display_name(name)?;
        if name.is_empty() {
            return Ok(customer.clone());
        }
        Ok(self.customers.rename(customer.id, &name).await?)
    }

    /// Asks for a reset link for `email` from the client at `address`. The work is queued and done in the
    /// background by [`Accounts::send_reset`], so the answer comes at once and the same way whether or not an
    /// account has this e-mail, whether a limit stopped it, and whether the queue was full.
    ///
    /// # Errors
    /// None at present; the signature keeps room for a store-backed queue.
    pub async fn request_reset(&self, email: &str, address: &str) -> Result<(), AccountError> {
        let Ok(email) = Email::parse(&email.trim().to_lowercase()) else { return Ok(()) };
        if !self.resets.push(ResetRequest { email, address: address.to_owned() }) {
            tracing::warn!("the password-reset queue is full: a request was dropped");
        }
        Ok(())
    }

    /// Works through one queued reset request: within the hourly limits per address and per e-mail (both
    /// counted whether or not the account exists), stores a reset and queues its link when an account has
    /// this e-mail. The mail goes through the outbox, so an SMTP outage delays it (with retries) instead of
    /// losing it; the reset and its mail are stored in one transaction, so there is never a reset whose link
    /// was not queued, nor a link to a reset that was not stored.
    ///
    /// # Errors
    /// A store failure.
    pub async fn send_reset(&self, request: ResetRequest) -> Result<(), AccountError> {
        let ResetRequest { email, address } = request;
        let now = self.clock.now();
        for (key, max) in [
            (format!("reset-address:{address}"), self.limits.resets_per_address),
            (format!("reset-email:{}", email.as_str()), self.limits.resets_per_email),
        ] {
            if let Admission::Refused { .. } = self.throttle.count(&key, hourly(max), now).await? {
                tracing::info!(limit = key.split(':').next(), "a password-reset request is over its hourly limit");
                return Ok(());
            }
        }
        let Some(CustomerLogin { customer, .. }) = self.customers.find_by_email(&email).await? else { return Ok(()) };
        let token = self.tokens.generate();
        let expires_at = now + Duration::minutes(RESET_LIFETIME_MINUTES);
        let digest = self.tokens.digest(&token);
        let link = format!("{}/reset-password?token={token}", self.reset_mail.public_url);
        let html = self.reset_mail.layout.html(&MailBody::of(vec![
            Paragraph::of_lines([greeting(&customer.name)]),
            Paragraph::of_spans(vec![
                Span::Link(Link::new("Choose a new password", &link)),
                Span::Text(" within an hour.".into()),
            ]),
            Paragraph::of_lines(["If you did not ask for this, ignore this e-mail."]),
        ]));
        let mail = OutgoingMail {
            to: email,
            subject: "Reset your password".into(),
            text: format!("{}\n\nOpen this link within an hour to choose a new password:\n{link}\n\nIf you did not ask for this, ignore this e-mail.\n", greeting(&customer.name)),
            html,
            unsubscribe: None,
        };
        self.unit_of_work
            .run(move |tx| -> Result<(), RepositoryError> {
                tx.customers().create_reset(customer.id, &digest, expires_at)?;
                tx.outbox().enqueue(&[mail])?;
                Ok(())
            })
            .await?;
        Ok(())
    }

    /// Whether "Login with Google" is configured on this shop (the pages show its buttons only then).
    #[must_use]
    pub const fn external_configured(&self) -> bool {
        self.external.is_some()
    }

    fn external(&self) -> Result<&dyn ExternalIdentityProvider, AccountError> {
        self.external.as_deref().ok_or(AccountError::ExternalNotConfigured)
    }

    /// Starts "Login with Google": the provider's URL to send the browser to, and what the browser must
    /// keep until it comes back.
    ///
    /// # Errors
    /// [`AccountError::ExternalNotConfigured`], or [`AccountError::ExternalUnavailable`].
    pub async fn begin_external(&self) -> Result<ExternalLoginStart, AccountError> {
        self.external()?.begin().await.map_err(AccountError::ExternalUnavailable)
    }

    /// Finishes "Login with Google" when the browser returns with `code` and `state`: the state must be the
    /// one this browser kept, the provider must vouch for the person, and then the linked account is signed
    /// in, or a new one is made. An address that already has an account is not taken over: the shopper is
    /// asked to log in with the password (an account made with someone else's address must not become
    /// theirs, nor theirs someone else's).
    ///
    /// # Errors
    /// [`AccountError::ExternalRefused`], [`AccountError::ExternalEmailInUse`], the provider's or the
    /// store's failures.
    pub async fn finish_external(
        &self,
        code: &str,
        returned_state: &str,
        pending: &PendingExternalLogin,
    ) -> Result<SignedIn, AccountError> {
        let provider = self.external()?;
        if pending.state.is_empty() || returned_state != pending.state {
            return Err(AccountError::ExternalRefused("the state does not match this browser's".into()));
        }
        let profile = provider.finish(code, pending).await.map_err(|err| match err {
            ExternalIdentityError::Refused(why) => AccountError::ExternalRefused(why),
            unavailable @ ExternalIdentityError::Unavailable(_) => AccountError::ExternalUnavailable(unavailable),
        })?;
        if let Some(customer) = self.customers.find_by_identity(&profile.identity).await? {
            return self.open_session(customer).await;
        }
        if !profile.email_verified {
            return Err(AccountError::ExternalRefused("the provider has not verified the e-mail address".into()));
        }
        let email = profile
            .email
            .as_deref()
            .and_then(|e| Email::parse(&e.trim().to_lowercase()).ok())
            .ok_or_else(|| AccountError::ExternalRefused("the provider gave no usable e-mail address".into()))?;
        let credential = NewCredential::External(profile.identity.clone());
        // A provider's name that could not be typed into the profile form is replaced, not a reason to refuse.
        let name = display_name(profile.name.as_deref()).unwrap_or_else(|_| UNKNOWN_CUSTOMER_NAME.to_owned());
        let customer = match self.customers.create_customer(&email, &name, &credential).await {
            Ok(customer) => customer,
            Err(RepositoryError::Conflict(Conflict::EmailTaken)) => return Err(AccountError::ExternalEmailInUse),
            // A second sign-in of the same person, finished at the same moment, linked the identity first.
            Err(RepositoryError::Conflict(Conflict::IdentityLinked)) => {
                self.customers.find_by_identity(&profile.identity).await?.ok_or(RepositoryError::NotFound)?
            }
            Err(other) => return Err(AccountError::Unexpected(other)),
        };
        self.open_session(customer).await
    }

    /// Sets a new password with a reset token, once, within the hour; every session of the account ends. The
    /// password is hashed only for a token that is open: a made-up one costs a lookup, never a hash.
    ///
    /// # Errors
    /// A password error, [`AccountError::InvalidResetToken`], [`AccountError::Busy`], or a store failure.
    pub async fn confirm_reset(&self, token: &str, password: &str) -> Result<(), AccountError> {
        check_new_password(password)?;
        if !is_token_shaped(token) {
            return Err(AccountError::InvalidResetToken);
        }
        let digest = self.tokens.digest(token);
        if !self.customers.reset_is_open(&digest, self.clock.now()).await? {
            return Err(AccountError::InvalidResetToken);
        }
        let hash = self.hasher.hash(password.to_owned()).await?;
        if self.customers.use_reset(&digest, self.clock.now(), &hash).await? {
            Ok(())
        } else {
            Err(AccountError::InvalidResetToken)
        }
    }
}

impl Localized for AccountError {
    fn urdu(&self) -> String {
        match self {
            Self::InvalidEmail => "براہِ کرم درست ای میل ایڈریس درج کریں۔".to_owned(),
            Self::Password(err) => err.urdu(),
            Self::Name(_) => "نام ایک ہی سطر میں لکھیں۔".to_owned(),
            Self::EmailInUse => "یہ ای میل پہلے سے رجسٹرڈ ہے۔".to_owned(),
            Self::TooManySignUps { retry_after } => format!(
                "اس ایڈریس سے بہت زیادہ اکاؤنٹ بنائے گئے ہیں۔ براہِ کرم {} بعد دوبارہ کوشش کریں۔",
                wait_in_urdu_words(*retry_after)
            ),
            Self::Refused(refusal) => refusal.urdu(),
            Self::InvalidResetToken => {
                "یہ ری سیٹ لنک درست نہیں، استعمال ہو چکا ہے یا اس کی مدت ختم ہو چکی ہے۔".to_owned()
            }
            Self::ExternalNotConfigured => "اس دکان پر Google سے سائن اِن دستیاب نہیں۔".to_owned(),
            Self::ExternalUnavailable(_) => {
                "Google سے سائن اِن اس وقت دستیاب نہیں۔ براہِ کرم دوبارہ کوشش کریں۔".to_owned()
            }
            Self::ExternalRefused(_) => "Google سے سائن اِن نہیں ہو سکا۔".to_owned(),
            Self::ExternalEmailInUse => "یہ ای میل پہلے سے رجسٹرڈ ہے۔ اپنے پاس ورڈ سے لاگ اِن کریں۔".to_owned(),
            Self::Busy => "سرور اس وقت مصروف ہے۔ براہِ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔".to_owned(),
            Self::Hash(_) | Self::Unexpected(_) => "کچھ غلط ہو گیا۔ براہِ کرم دوبارہ کوشش کریں۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests;
