//! Customer accounts of the built-in identity provider (docs/contract.md §3): sign-up, login, logout, the
//! current customer, the profile name, and password reset by e-mail. Passwords are kept only as argon2id
//! hashes; reset tokens only as digests; sessions are the [`Sessions`] the admin's are.

use std::sync::Arc;

use chrono::Duration;
use domain::contact::{Email, PersonName, PersonNameError, FALLBACK_CUSTOMER_NAME, MAX_NAME_CHARS};
use domain::ids::CustomerId;
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
use crate::common::throttle::{wait_in_words, Admission, Limit, Throttle};
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

/// The name a customer is shown by: the name given, cut to [`MAX_NAME_CHARS`] characters, or 'Customer' when
/// it is missing or blank.
fn display_name(name: Option<&str>) -> Result<String, TextError> {
    let name = name.unwrap_or_default();
    match PersonName::parse(name) {
        Ok(name) => Ok(name.to_string()),
        Err(PersonNameError::Empty) => Ok(FALLBACK_CUSTOMER_NAME.to_owned()),
        Err(PersonNameError::TooLong) => Ok(name.trim().chars().take(MAX_NAME_CHARS).collect()),
        Err(PersonNameError::ControlCharacter(err)) => Err(err),
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

    /// Ends a session.
    ///
    /// # Errors
    /// A store failure.
    pub async fn log_out(&self, token: &str) -> Result<(), AccountError> {
        Ok(self.sessions.end(token).await?)
    }

    /// Saves the signed-in customer's display name; a missing or blank one becomes 'Customer'.
    ///
    /// # Errors
    /// [`AccountError::Name`] for a line break or control character in the name, or a store failure.
    pub async fn save_profile(
        &self,
        customer: &CustomerRecord,
        name: Option<&str>,
    ) -> Result<CustomerRecord, AccountError> {
        Ok(self.customers.rename(customer.id, &display_name(name)?).await?)
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
            Paragraph::of_lines([format!("Hello {},", customer.name)]),
            Paragraph::of_spans(vec![
                Span::Link(Link::new("Choose a new password", &link)),
                Span::Text(" within an hour.".into()),
            ]),
            Paragraph::of_lines(["If you did not ask for this, ignore this e-mail."]),
        ]));
        let mail = OutgoingMail {
            to: email,
            subject: "Reset your password".into(),
            text: format!("Hello {},\n\nOpen this link within an hour to choose a new password:\n{link}\n\nIf you did not ask for this, ignore this e-mail.\n", customer.name),
            html,
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
        let name = display_name(profile.name.as_deref()).unwrap_or_else(|_| FALLBACK_CUSTOMER_NAME.to_owned());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::model::{ExternalIdentity, ExternalProfile};
    use crate::accounts::model::{Principal, Session, TokenDigest};
    use crate::accounts::password_login::ThrottlePolicy;
    use crate::accounts::ports::{
        CustomerTx, MockCustomerRepository, MockCustomerTx, MockExternalIdentityProvider, MockPasswordHasher,
        MockResetQueue, MockSessionStore, MockSessionTokens,
    };
    use crate::common::clock::MockClock;
    use crate::common::throttle::MockThrottle;
    use crate::common::unit_of_work::{Made, RolledBack, Work};
    use crate::mail::ports::{MockOutboxTx, OutboxTx};
    use chrono::{TimeZone, Utc};
    use domain::ids::CustomerId;

    fn ayesha() -> CustomerRecord {
        CustomerRecord { id: CustomerId::new(4).unwrap(), email: "ayesha@example.pk".into(), name: "Ayesha".into() }
    }

    mockall::mock! {
        UnitOfWork {}

        #[async_trait::async_trait]
        impl UnitOfWork<dyn AccountsTx> for UnitOfWork {
            async fn run_boxed(&self, work: Work<dyn AccountsTx>) -> Result<Made, RolledBack>;
        }
    }

    /// A transaction handle over mocked repositories.
    struct Handle {
        customers: MockCustomerTx,
        outbox: MockOutboxTx,
    }

    impl AccountsTx for Handle {
        fn customers(&mut self) -> &mut dyn CustomerTx {
            &mut self.customers
        }

        fn outbox(&mut self) -> &mut dyn OutboxTx {
            &mut self.outbox
        }
    }

    /// A unit of work run once, against these mocked repositories.
    fn run_once(customers: MockCustomerTx, outbox: MockOutboxTx) -> MockUnitOfWork {
        let mut unit_of_work = MockUnitOfWork::new();
        unit_of_work
            .expect_run_boxed()
            .times(1)
            .return_once(move |work| work(&mut Handle { customers, outbox }).map_err(RolledBack::Answered));
        unit_of_work
    }

    fn accounts(customers: MockCustomerRepository, unit_of_work: MockUnitOfWork) -> Accounts {
        signing_in(customers, MockSessionStore::new(), unit_of_work)
    }

    /// A store that prunes, then stores one session that passes `check`.
    fn opening_one_session(check: impl Fn(&Session) -> bool + Send + 'static) -> MockSessionStore {
        let mut store = MockSessionStore::new();
        store.expect_delete_expired().times(1).returning(|_| Ok(0));
        store.expect_create().withf(check).times(1).returning(|_| Ok(()));
        store
    }

    fn signing_in(
        customers: MockCustomerRepository,
        store: MockSessionStore,
        unit_of_work: MockUnitOfWork,
    ) -> Accounts {
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|p| Ok(format!("hash-of-{p}")));
        let mut tokens = MockSessionTokens::new();
        tokens.expect_generate().returning(|| "tok".into());
        tokens.expect_digest().returning(|t| TokenDigest::new(format!("d-{t}")));
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap());
        let (hasher, tokens, clock) = (Arc::new(hasher), Arc::new(tokens), Arc::new(clock));
        Accounts::new(
            Arc::new(customers),
            Sessions::new(Arc::new(store), tokens.clone(), clock.clone()),
            PasswordCheck::new(
                Arc::new(crate::common::throttle::MockThrottle::new()),
                hasher.clone(),
                ThrottlePolicy::default(),
                Arc::new(crate::accounts::ports::MockKnownDevices::new()),
                tokens.clone(),
            ),
            hasher,
            tokens,
            clock,
            Arc::new(unit_of_work),
            Arc::new(admitting()),
            AccountLimits::default(),
            Arc::new(MockResetQueue::new()),
            ResetMail { public_url: "https://shop.pk".into(), layout: Arc::new(crate::mail::testing::DebugLayout) },
        )
    }

    /// A throttle that lets every attempt go ahead.
    fn admitting() -> MockThrottle {
        let mut throttle = MockThrottle::new();
        throttle.expect_count().returning(|_, _, _| Ok(Admission::Admitted));
        throttle
    }

    fn reset_for(email: &str) -> ResetRequest {
        ResetRequest { email: Email::parse(email).unwrap(), address: "10.0.0.1".into() }
    }

    #[tokio::test]
    async fn sign_up_refuses_a_bad_email_and_a_short_password_before_hashing() {
        let accounts = accounts(MockCustomerRepository::new(), MockUnitOfWork::new());

        assert_eq!(
            accounts.sign_up("not-an-email", "secret1", None, "10.0.0.1").await.unwrap_err().to_string(),
            "Please enter a valid email address."
        );
        assert_eq!(
            accounts.sign_up("a@b.pk", "12345", None, "10.0.0.1").await.unwrap_err().to_string(),
            "Password must be at least 6 characters."
        );
    }

    #[tokio::test]
    async fn sign_up_stores_a_hash_and_the_fallback_name() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_email().withf(|e| e.as_str() == "ayesha@example.pk").returning(|_| Ok(None));
        customers
            .expect_create_customer()
            .withf(|e, name, credential| {
                e.as_str() == "ayesha@example.pk"
                    && name == "Customer"
                    && *credential == NewCredential::PasswordHash("hash-of-secret1".into())
            })
            .times(1)
            .returning(|_, _, _| Ok(ayesha()));
        let store = opening_one_session(|session| {
            session.digest == TokenDigest::new("d-tok".into())
                && session.principal == Principal::Customer(CustomerId::new(4).unwrap())
                && session.expires_at == Utc.with_ymd_and_hms(2026, 12, 22, 10, 0, 0).unwrap()
        });

        let signed_in = signing_in(customers, store, MockUnitOfWork::new())
            .sign_up(" Ayesha@Example.pk ", "secret1", Some("  "), "10.0.0.1")
            .await
            .unwrap();

        assert_eq!(signed_in.token, "tok");
        assert_eq!(signed_in.lifetime, Duration::days(30));
    }

    #[tokio::test]
    async fn sign_ups_past_the_hourly_limit_of_their_address_are_refused_before_any_lookup() {
        let mut throttle = MockThrottle::new();
        throttle
            .expect_count()
            .withf(|key, limit, _| {
                key == "signup-address:10.0.0.1" && *limit == Limit::Window { max: 10, window: Duration::hours(1) }
            })
            .times(1)
            .returning(|_, _, _| Ok(Admission::Refused { retry_after: Duration::minutes(42) }));
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_email().never();
        let accounts = Accounts { throttle: Arc::new(throttle), ..accounts(customers, MockUnitOfWork::new()) };

        let err = accounts.sign_up("ayesha@example.pk", "secret1", None, "10.0.0.1").await.unwrap_err();

        assert_eq!(err.to_string(), "Too many sign-ups from this address. Please try again in 42 minutes.");
    }

    #[tokio::test]
    async fn a_taken_email_is_reported_before_the_password_is_hashed() {
        let mut customers = ayesha_is_found();
        customers.expect_create_customer().never();
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().never();
        let accounts = Accounts { hasher: Arc::new(hasher), ..accounts(customers, MockUnitOfWork::new()) };

        let err = accounts.sign_up("ayesha@example.pk", "secret1", None, "10.0.0.1").await.unwrap_err();

        assert_eq!(err.to_string(), "This email is already registered.");
    }

    #[tokio::test]
    async fn an_email_taken_between_the_check_and_the_insert_is_reported_too() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_email().returning(|_| Ok(None));
        customers.expect_create_customer().returning(|_, _, _| Err(RepositoryError::Conflict(Conflict::EmailTaken)));

        let err = accounts(customers, MockUnitOfWork::new())
            .sign_up("ayesha@example.pk", "secret1", None, "10.0.0.1")
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "This email is already registered.");
    }

    #[tokio::test]
    async fn a_busy_hasher_is_told_apart_from_a_failed_one() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_email().returning(|_| Ok(None));
        customers.expect_create_customer().never();
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Err(PasswordHashError::Busy));
        let accounts = Accounts { hasher: Arc::new(hasher), ..accounts(customers, MockUnitOfWork::new()) };

        let err = accounts.sign_up("ayesha@example.pk", "secret1", None, "10.0.0.1").await.unwrap_err();

        assert!(matches!(err, AccountError::Busy), "{err:?}");
        assert_eq!(err.to_string(), "The server is busy. Please try again in a moment.");
    }

    fn ayesha_is_found() -> MockCustomerRepository {
        let mut customers = MockCustomerRepository::new();
        customers
            .expect_find_by_email()
            .returning(|_| Ok(Some(CustomerLogin { customer: ayesha(), password_hash: Some("h".into()) })));
        customers
    }

    #[tokio::test]
    async fn a_reset_for_a_known_account_stores_the_reset_and_queues_a_one_hour_link_in_one_unit_of_work() {
        let mut writes = mockall::Sequence::new();
        let mut resets = MockCustomerTx::new();
        resets
            .expect_create_reset()
            .withf(|id, digest, expires| {
                id.get() == 4
                    && *digest == TokenDigest::new("d-tok".into())
                    && *expires == Utc.with_ymd_and_hms(2026, 11, 22, 11, 0, 0).unwrap()
            })
            .times(1)
            .in_sequence(&mut writes)
            .returning(|_, _, _| Ok(()));
        let mut outbox = MockOutboxTx::new();
        outbox
            .expect_enqueue()
            .withf(|mails| {
                mails.len() == 1
                    && mails[0].to.as_str() == "ayesha@example.pk"
                    && mails[0].text.contains("https://shop.pk/reset-password?token=tok")
            })
            .times(1)
            .in_sequence(&mut writes)
            .returning(|_| Ok(1));

        accounts(ayesha_is_found(), run_once(resets, outbox)).send_reset(reset_for("ayesha@example.pk")).await.unwrap();
    }

    #[tokio::test]
    async fn a_reset_whose_mail_cannot_be_queued_fails_so_its_unit_of_work_is_rolled_back() {
        let mut resets = MockCustomerTx::new();
        resets.expect_create_reset().times(1).returning(|_, _, _| Ok(()));
        let mut outbox = MockOutboxTx::new();
        outbox.expect_enqueue().times(1).returning(|_| Err(RepositoryError::Refused("email_outbox_check".into())));

        let err = accounts(ayesha_is_found(), run_once(resets, outbox))
            .send_reset(reset_for("ayesha@example.pk"))
            .await
            .unwrap_err();

        assert!(matches!(err, AccountError::Unexpected(RepositoryError::Refused(ref c)) if c == "email_outbox_check"));
    }

    #[tokio::test]
    async fn a_reset_that_cannot_be_stored_queues_no_mail() {
        let mut resets = MockCustomerTx::new();
        resets.expect_create_reset().times(1).returning(|_, _, _| Err(RepositoryError::NotFound));
        let mut outbox = MockOutboxTx::new();
        outbox.expect_enqueue().never();

        let err = accounts(ayesha_is_found(), run_once(resets, outbox))
            .send_reset(reset_for("ayesha@example.pk"))
            .await
            .unwrap_err();

        assert!(matches!(err, AccountError::Unexpected(RepositoryError::NotFound)), "{err:?}");
    }

    #[tokio::test]
    async fn a_reset_for_an_unknown_email_sends_nothing_and_answers_the_same() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_email().returning(|_| Ok(None));
        let mut unit_of_work = MockUnitOfWork::new();
        unit_of_work.expect_run_boxed().never();

        accounts(customers, unit_of_work).send_reset(reset_for("nobody@example.pk")).await.unwrap();
    }

    #[tokio::test]
    async fn asking_for_a_reset_only_queues_it_so_the_answer_cannot_tell_who_has_an_account() {
        let mut queue = MockResetQueue::new();
        queue
            .expect_push()
            .withf(|request| {
                *request == ResetRequest { email: Email::parse("sana@example.pk").unwrap(), address: "10.0.0.1".into() }
            })
            .times(1)
            .returning(|_| true);
        let mut full = MockResetQueue::new();
        full.expect_push().times(1).returning(|_| false);
        let accounts = accounts(MockCustomerRepository::new(), MockUnitOfWork::new());
        let queued = Accounts { resets: Arc::new(queue), ..accounts.clone() };
        let dropped = Accounts { resets: Arc::new(full), ..accounts.clone() };

        queued.request_reset(" Sana@Example.pk ", "10.0.0.1").await.unwrap();
        dropped.request_reset("sana@example.pk", "10.0.0.1").await.unwrap();
        accounts.request_reset("not-an-email", "10.0.0.1").await.unwrap();
    }

    #[tokio::test]
    async fn a_reset_over_the_hourly_limit_of_its_address_or_its_email_looks_nothing_up_and_sends_nothing() {
        for refused_key in ["reset-address:10.0.0.1", "reset-email:ayesha@example.pk"] {
            let mut throttle = MockThrottle::new();
            throttle
                .expect_count()
                .withf(|_, limit, _| {
                    *limit == Limit::Window { max: 5, window: Duration::hours(1) }
                        || *limit == Limit::Window { max: 3, window: Duration::hours(1) }
                })
                .returning(move |key, _, _| {
                    Ok(if key == refused_key {
                        Admission::Refused { retry_after: Duration::minutes(30) }
                    } else {
                        Admission::Admitted
                    })
                });
            let mut customers = MockCustomerRepository::new();
            customers.expect_find_by_email().never();
            let mut unit_of_work = MockUnitOfWork::new();
            unit_of_work.expect_run_boxed().never();
            let accounts = Accounts { throttle: Arc::new(throttle), ..accounts(customers, unit_of_work) };

            accounts.send_reset(reset_for("ayesha@example.pk")).await.unwrap();
        }
    }

    #[tokio::test]
    async fn a_used_or_unknown_reset_token_is_refused_without_hashing() {
        let old = "o".repeat(crate::accounts::sessions::TOKEN_CHARS);
        let mut customers = MockCustomerRepository::new();
        customers
            .expect_reset_is_open()
            .withf(|digest, _| *digest == TokenDigest::new(format!("d-{}", "o".repeat(43))))
            .times(1)
            .returning(|_, _| Ok(false));
        customers.expect_use_reset().never();
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().never();
        let accounts = Accounts { hasher: Arc::new(hasher), ..accounts(customers, MockUnitOfWork::new()) };

        let err = accounts.confirm_reset(&old, "newpass1").await.unwrap_err();

        assert_eq!(err.to_string(), "This reset link is invalid, used or expired.");
    }

    #[tokio::test]
    async fn an_open_reset_token_is_used_with_the_new_hash_and_one_used_meanwhile_is_refused() {
        let token = "t".repeat(crate::accounts::sessions::TOKEN_CHARS);
        let mut customers = MockCustomerRepository::new();
        customers.expect_reset_is_open().returning(|_, _| Ok(true));
        customers
            .expect_use_reset()
            .withf(|digest, _, hash| {
                *digest == TokenDigest::new(format!("d-{}", "t".repeat(43))) && hash == "hash-of-newpass1"
            })
            .times(2)
            .returning({
                let mut first = true;
                move |_, _, _| Ok(std::mem::replace(&mut first, false))
            });
        let accounts = accounts(customers, MockUnitOfWork::new());

        accounts.confirm_reset(&token, "newpass1").await.unwrap();
        let again = accounts.confirm_reset(&token, "newpass1").await.unwrap_err();

        assert!(matches!(again, AccountError::InvalidResetToken), "{again:?}");
    }

    #[tokio::test]
    async fn a_reset_token_of_the_wrong_length_is_refused_without_hashing_or_a_lookup() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_use_reset().never();
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().never();
        let accounts = Accounts { hasher: Arc::new(hasher), ..accounts(customers, MockUnitOfWork::new()) };

        let err = accounts.confirm_reset("old", "newpass1").await.unwrap_err();
        let weak = accounts.confirm_reset("old", "12345").await.unwrap_err();

        assert_eq!(err.to_string(), "This reset link is invalid, used or expired.");
        assert_eq!(weak.to_string(), "Password must be at least 6 characters.");
    }

    fn pending() -> PendingExternalLogin {
        PendingExternalLogin { state: "st".into(), nonce: "no".into(), pkce_verifier: "ve".into() }
    }

    fn google_identity() -> ExternalIdentity {
        ExternalIdentity { issuer: "https://accounts.google.com".into(), subject: "1077".into() }
    }

    fn vouching(profile: ExternalProfile) -> MockExternalIdentityProvider {
        let mut provider = MockExternalIdentityProvider::new();
        provider
            .expect_finish()
            .withf(|code, p| code == "the-code" && *p == pending())
            .returning(move |_, _| Ok(profile.clone()));
        provider
    }

    fn bilal(email_verified: bool) -> ExternalProfile {
        ExternalProfile {
            identity: google_identity(),
            email: Some("Bilal@Gmail.com".into()),
            email_verified,
            name: Some("Bilal Khan".into()),
        }
    }

    #[tokio::test]
    async fn without_a_provider_google_is_not_configured() {
        let accounts = accounts(MockCustomerRepository::new(), MockUnitOfWork::new());

        assert_eq!(
            accounts.begin_external().await.unwrap_err().to_string(),
            "Google sign-in is not configured on this shop."
        );
        assert!(matches!(
            accounts.finish_external("c", "st", &pending()).await,
            Err(AccountError::ExternalNotConfigured)
        ));
    }

    #[tokio::test]
    async fn a_state_other_than_the_browsers_is_refused_before_the_provider_is_asked() {
        let accounts = accounts(MockCustomerRepository::new(), MockUnitOfWork::new())
            .with_external(Arc::new(MockExternalIdentityProvider::new()));

        for returned in ["other", ""] {
            let err = accounts.finish_external("the-code", returned, &pending()).await.unwrap_err();
            assert!(matches!(err, AccountError::ExternalRefused(_)), "{returned:?}: {err:?}");
        }
        let empty = PendingExternalLogin { state: String::new(), ..pending() };
        assert!(matches!(
            accounts.finish_external("the-code", "", &empty).await,
            Err(AccountError::ExternalRefused(_))
        ));
    }

    #[tokio::test]
    async fn a_linked_person_signs_into_their_account() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_identity().withf(|i| *i == google_identity()).returning(|_| Ok(Some(ayesha())));
        customers.expect_create_customer().never();
        let store = opening_one_session(|_| true);
        let accounts =
            signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

        let signed_in = accounts.finish_external("the-code", "st", &pending()).await.unwrap();

        assert_eq!(signed_in.customer, ayesha());
    }

    #[tokio::test]
    async fn a_new_person_gets_an_account_linked_to_the_identity() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_identity().returning(|_| Ok(None));
        customers
            .expect_create_customer()
            .withf(|e, name, credential| {
                e.as_str() == "bilal@gmail.com"
                    && name == "Bilal Khan"
                    && *credential == NewCredential::External(google_identity())
            })
            .times(1)
            .returning(|_, _, _| Ok(ayesha()));
        let store = opening_one_session(|_| true);
        let accounts =
            signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

        accounts.finish_external("the-code", "st", &pending()).await.unwrap();
    }

    #[tokio::test]
    async fn an_unverified_email_makes_no_account() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_identity().returning(|_| Ok(None));
        customers.expect_create_customer().never();
        let accounts = accounts(customers, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(false))));

        let err = accounts.finish_external("the-code", "st", &pending()).await.unwrap_err();

        assert!(matches!(err, AccountError::ExternalRefused(_)), "{err:?}");
    }

    #[tokio::test]
    async fn an_address_with_an_account_is_not_taken_over() {
        let mut customers = MockCustomerRepository::new();
        customers.expect_find_by_identity().returning(|_| Ok(None));
        customers.expect_create_customer().returning(|_, _, _| Err(RepositoryError::Conflict(Conflict::EmailTaken)));
        let mut store = MockSessionStore::new();
        store.expect_create().never();
        let accounts =
            signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

        let err = accounts.finish_external("the-code", "st", &pending()).await.unwrap_err();

        assert_eq!(err.to_string(), "This email is already registered. Log in with your password.");
    }

    #[tokio::test]
    async fn an_identity_linked_meanwhile_signs_in_to_its_account_and_is_no_taken_email() {
        let mut customers = MockCustomerRepository::new();
        let mut lookups = mockall::Sequence::new();
        customers.expect_find_by_identity().times(1).in_sequence(&mut lookups).returning(|_| Ok(None));
        customers
            .expect_create_customer()
            .times(1)
            .returning(|_, _, _| Err(RepositoryError::Conflict(Conflict::IdentityLinked)));
        customers
            .expect_find_by_identity()
            .withf(|identity| identity.subject == "1077")
            .times(1)
            .in_sequence(&mut lookups)
            .returning(|_| Ok(Some(ayesha())));
        let store =
            opening_one_session(|session| session.principal == Principal::Customer(CustomerId::new(4).unwrap()));
        let accounts =
            signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

        let signed_in = accounts.finish_external("the-code", "st", &pending()).await.unwrap();

        assert_eq!(signed_in.customer, ayesha());
    }

    #[tokio::test]
    async fn a_refusal_and_an_outage_are_told_apart() {
        let mut provider = MockExternalIdentityProvider::new();
        provider.expect_finish().returning(|code, _| {
            Err(if code == "bad" {
                ExternalIdentityError::Refused("invalid_grant".into())
            } else {
                ExternalIdentityError::Unavailable("connection refused".into())
            })
        });
        let accounts = accounts(MockCustomerRepository::new(), MockUnitOfWork::new()).with_external(Arc::new(provider));

        assert!(matches!(
            accounts.finish_external("bad", "st", &pending()).await,
            Err(AccountError::ExternalRefused(_))
        ));
        assert!(matches!(
            accounts.finish_external("down", "st", &pending()).await,
            Err(AccountError::ExternalUnavailable(_))
        ));
    }
}
