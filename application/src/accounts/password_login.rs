//! Checking an e-mail and password the same way for the admin and for customers, under three limits, each
//! counted before the password is checked and in one atomic step, so parallel guesses cannot overrun them:
//!
//! - per pair of e-mail and client address: past a few failures each further attempt of the pair waits a
//!   growing delay;
//! - per client address, across e-mails (one address trying many accounts): an hourly cap;
//! - per e-mail, across addresses (many addresses trying one account): a daily cap.
//!
//! Only failures stay counted: a success gives its counts back, and so does an attempt the hasher was too
//! busy to check, so a flood that fills the hasher's queue costs the people it turns away nothing. A device
//! (browser) that signed in to the e-mail with its password before carries a device cookie; such a device is
//! spared both caps, so a flood from elsewhere, or from behind the same address, never locks the owner's
//! usual phone out, while the pair's delays still apply to it. An unknown e-mail costs as much as a wrong
//! password, and is counted alike.

use std::future::Future;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use domain::contact::{Email, MAX_EMAIL_CHARS};
use domain::language::Localized;
use domain::password::is_beyond_any_password;

use crate::accounts::model::{DeviceSignIn, DeviceToken, PasswordCredentials};
use crate::accounts::ports::{KnownDevices, PasswordHashError, PasswordHasher, SessionTokens};
use crate::accounts::sessions::is_token_shaped;
use crate::common::error::RepositoryError;
use crate::common::throttle::{wait_in_urdu_words, wait_in_words, Admission, Limit, Throttle};

/// A hash that matches no password, checked when the e-mail is unknown so that answer takes as long as
/// a wrong password.
pub const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2hvcGRlY295c2FsdA$0nJ0LmTeQs4JgbrIOc2VvIc0yvn7oQz3ZEnpD5cDs8c";

/// How long the attempts of a pair are remembered after its last one.
const LOGIN_MEMORY: Duration = Duration::days(1);

/// How long a device is remembered after its last sign-in with the password (the device cookie's life).
pub const DEVICE_MEMORY: Duration = Duration::days(365);

/// How many logins go ahead, and the delays after them.
#[derive(Debug, Clone, Copy)]
pub struct ThrottlePolicy {
    /// Attempts of one e-mail from one address without a wait; the last of them starts the first delay.
    pub max_failures: u32,
    /// The first delay; each further attempt doubles it.
    pub first_delay: Duration,
    /// The longest delay.
    pub max_delay: Duration,
    /// Failed logins one client address may make per hour, whatever the e-mails.
    pub failures_per_address: u32,
    /// Failed logins of one e-mail per day, from every address together.
    pub failures_per_email: u32,
}

impl Default for ThrottlePolicy {
    fn default() -> Self {
        Self {
            max_failures: 5,
            first_delay: Duration::minutes(1),
            max_delay: Duration::minutes(15),
            failures_per_address: 30,
            failures_per_email: 50,
        }
    }
}

impl ThrottlePolicy {
    fn pair(&self) -> Limit {
        Limit::Growing {
            free: self.max_failures,
            first_delay: self.first_delay,
            max_delay: self.max_delay,
            memory: LOGIN_MEMORY,
        }
    }

    fn per_address(&self) -> Limit {
        Limit::Window { max: self.failures_per_address, window: Duration::hours(1) }
    }

    fn per_email(&self) -> Limit {
        Limit::Window { max: self.failures_per_email, window: Duration::days(1) }
    }
}

/// Why a login with a password was refused, for the admin and customers alike; the texts are the ones
/// they see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LoginRefusal {
    /// No account has this e-mail and password.
    #[error("Invalid email or password.")]
    InvalidCredentials,
    /// Too many failed attempts of this e-mail from this address, from this address, or of this e-mail:
    /// the next may come after `retry_after`.
    #[error("Too many failed attempts. Please try again in {}.", wait_in_words(*retry_after))]
    TooManyAttempts { retry_after: Duration },
}

/// Why a password check failed.
#[derive(Debug, thiserror::Error)]
pub enum PasswordCheckError {
    #[error(transparent)]
    Refused(#[from] LoginRefusal),
    /// Too many passwords are being checked at once; this one was not, and nothing was counted.
    #[error("too many passwords are being checked at once")]
    Busy,
    #[error("the login store failed")]
    Unexpected(#[from] RepositoryError),
}

/// A login as typed, from where it came, and the device cookie's token the browser sent, if any.
#[derive(Debug, Clone, Copy)]
pub struct LoginAttempt<'a> {
    pub email: &'a str,
    pub password: &'a str,
    /// The client as the limits key it ([`ClientKey`](crate::common::throttle::ClientKey)).
    pub address: &'a str,
    pub device: Option<&'a str>,
}

/// A login whose e-mail and password match: the account, and the device cookie to give the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified<Id> {
    pub account: Id,
    pub device: DeviceToken,
}

/// The keys an attempt was counted under, given back when it turns out not to be a failure.
struct Counted {
    pair: String,
    caps: Vec<String>,
}

/// The shared password check.
#[derive(Clone)]
pub struct PasswordCheck {
    throttle: Arc<dyn Throttle>,
    hasher: Arc<dyn PasswordHasher>,
    policy: ThrottlePolicy,
    devices: Arc<dyn KnownDevices>,
    tokens: Arc<dyn SessionTokens>,
}

impl PasswordCheck {
    #[must_use]
    pub fn new(
        throttle: Arc<dyn Throttle>,
        hasher: Arc<dyn PasswordHasher>,
        policy: ThrottlePolicy,
        devices: Arc<dyn KnownDevices>,
        tokens: Arc<dyn SessionTokens>,
    ) -> Self {
        Self { throttle, hasher, policy, devices, tokens }
    }

    /// Checks the attempt's password for the account `find` answers for the lower-cased e-mail, in the
    /// `realm` ("admin", "customer") whose logins are counted and remembered apart. Answers the account's id
    /// and the device cookie for the browser: a new token each time, under which the device is remembered
    /// for this login (and for those its previous token was).
    ///
    /// # Errors
    /// [`LoginRefusal::TooManyAttempts`] while the pair of e-mail and address waits out a delay, or past the
    /// address's or the e-mail's cap (a device remembered for this login is spared those two);
    /// [`LoginRefusal::InvalidCredentials`] for anything that does not match, at once (no hashing, nothing
    /// counted) for an e-mail or a password longer than any account's; `Busy` when the hasher is full.
    pub async fn check<Id, F, Fut>(
        &self,
        realm: &str,
        attempt: &LoginAttempt<'_>,
        now: DateTime<Utc>,
        find: F,
    ) -> Result<Verified<Id>, PasswordCheckError>
    where
        F: FnOnce(Email) -> Fut,
        Fut: Future<Output = Result<Option<PasswordCredentials<Id>>, RepositoryError>>,
    {
        let email = attempt.email.trim().to_lowercase();
        if email.chars().count() > MAX_EMAIL_CHARS || is_beyond_any_password(attempt.password) {
            return Err(LoginRefusal::InvalidCredentials.into());
        }
        let parsed = Email::parse(&email).ok();
        // Attempts count per mailbox, whichever spelling was typed; text that is no address is kept with its
        // control characters escaped, as the store holds no NUL.
        let mailbox = parsed.as_ref().map_or_else(|| email.escape_debug().to_string(), ToString::to_string);
        let login = format!("{realm}:{mailbox}");
        let device = attempt.device.filter(|token| is_token_shaped(token)).map(|token| self.tokens.digest(token));
        let known = match &device {
            Some(digest) => self.devices.is_known(digest, &login, now).await?,
            None => false,
        };
        let counted = self.count(realm, &mailbox, attempt.address, known, now).await?;
        let account = match parsed {
            Some(email) => find(email).await?,
            None => None,
        };
        let (id, hash) = match account {
            Some(found) => (Some(found.account), found.password_hash),
            None => (None, DECOY_HASH.to_owned()),
        };
        let matches = match self.hasher.verify(attempt.password.to_owned(), hash).await {
            Ok(matches) => matches,
            Err(PasswordHashError::Busy) => {
                self.give_back(&counted).await?;
                return Err(PasswordCheckError::Busy);
            }
            Err(PasswordHashError::Failed(_)) => false,
        };
        let Some(account) = id.filter(|_| matches) else { return Err(LoginRefusal::InvalidCredentials.into()) };
        self.throttle.forget(&counted.pair).await?;
        for cap in &counted.caps {
            self.throttle.give_back(cap).await?;
        }
        let token = self.tokens.generate();
        let sign_in =
            DeviceSignIn { digest: self.tokens.digest(&token), previous: device, login, until: now + DEVICE_MEMORY };
        self.devices.remember(&sign_in, now).await?;
        Ok(Verified { account, device: DeviceToken { token, lifetime: DEVICE_MEMORY } })
    }

    /// Counts an attempt under the pair's limit and, unless the device is `known` for the login, the
    /// address's and the e-mail's caps; a refusal gives back what was counted before it.
    async fn count(
        &self,
        realm: &str,
        mailbox: &str,
        address: &str,
        known: bool,
        now: DateTime<Utc>,
    ) -> Result<Counted, PasswordCheckError> {
        let pair = format!("{realm}-login:{mailbox}|{address}");
        if let Admission::Refused { retry_after } = self.throttle.count(&pair, self.policy.pair(), now).await? {
            return Err(LoginRefusal::TooManyAttempts { retry_after }.into());
        }
        let mut counted = Counted { pair, caps: Vec::new() };
        if known {
            return Ok(counted);
        }
        let caps = [
            (format!("login-address:{address}"), self.policy.per_address()),
            (format!("{realm}-login-email:{mailbox}"), self.policy.per_email()),
        ];
        for (key, limit) in caps {
            if let Admission::Refused { retry_after } = self.throttle.count(&key, limit, now).await? {
                self.give_back(&counted).await?;
                return Err(LoginRefusal::TooManyAttempts { retry_after }.into());
            }
            counted.caps.push(key);
        }
        Ok(counted)
    }

    /// Gives back every count of an attempt that was not a failure.
    async fn give_back(&self, counted: &Counted) -> Result<(), RepositoryError> {
        for key in std::iter::once(&counted.pair).chain(&counted.caps) {
            self.throttle.give_back(key).await?;
        }
        Ok(())
    }
}

impl Localized for LoginRefusal {
    fn urdu(&self) -> String {
        match self {
            Self::InvalidCredentials => "ای میل یا پاس ورڈ درست نہیں۔".to_owned(),
            Self::TooManyAttempts { retry_after } => {
                format!(
                    "بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم {} بعد دوبارہ کوشش کریں۔",
                    wait_in_urdu_words(*retry_after)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests;
