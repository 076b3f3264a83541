//! Checking an e-mail and password the same way for the admin and for customers: repeated failures per
//! e-mail and per address are refused for a while, and an unknown e-mail costs as much as a wrong password.

use std::future::Future;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use domain::contact::{Email, MAX_EMAIL_CHARS};
use domain::password::is_beyond_any_password;

use crate::accounts::model::PasswordCredentials;
use crate::accounts::ports::{LoginThrottle, PasswordHashError, PasswordHasher};
use crate::common::error::RepositoryError;

/// A hash that matches no password, checked when the e-mail is unknown so that answer takes as long as
/// a wrong password.
pub const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2hvcGRlY295c2FsdA$0nJ0LmTeQs4JgbrIOc2VvIc0yvn7oQz3ZEnpD5cDs8c";

/// How many failures, within what window, before logins are refused.
#[derive(Debug, Clone, Copy)]
pub struct ThrottlePolicy {
    pub max_failures: u32,
    pub window: Duration,
}

impl Default for ThrottlePolicy {
    fn default() -> Self {
        Self { max_failures: 5, window: Duration::minutes(15) }
    }
}

/// Why a login with a password was refused, for the admin and customers alike; the texts are the ones
/// they see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LoginRefusal {
    /// No account has this e-mail and password.
    #[error("Invalid email or password.")]
    InvalidCredentials,
    /// Too many failures for the e-mail or the address within the policy's window.
    #[error("Too many failed attempts. Please try again in {window_minutes} minutes.")]
    TooManyAttempts {
        /// The throttle's window, in minutes.
        window_minutes: i64,
    },
}

/// Why a password check failed.
#[derive(Debug, thiserror::Error)]
pub enum PasswordCheckError {
    #[error(transparent)]
    Refused(#[from] LoginRefusal),
    /// Too many passwords are being checked at once; this one was not.
    #[error("too many passwords are being checked at once")]
    Busy,
    #[error("the login store failed")]
    Unexpected(#[from] RepositoryError),
}

/// The shared password check.
#[derive(Clone)]
pub struct PasswordCheck {
    throttle: Arc<dyn LoginThrottle>,
    hasher: Arc<dyn PasswordHasher>,
    policy: ThrottlePolicy,
}

impl PasswordCheck {
    #[must_use]
    pub fn new(throttle: Arc<dyn LoginThrottle>, hasher: Arc<dyn PasswordHasher>, policy: ThrottlePolicy) -> Self {
        Self { throttle, hasher, policy }
    }

    /// Checks `password` for the account `find` answers for the lower-cased e-mail, in the `realm`
    /// ("admin", "customer") whose failures are counted apart. Answers the account's id.
    ///
    /// # Errors
    /// [`LoginRefusal::TooManyAttempts`] after repeated failures for the e-mail or the address;
    /// [`LoginRefusal::InvalidCredentials`] for anything that does not match, at once (no hashing, nothing
    /// counted) for an e-mail or a password longer than any account's.
    pub async fn check<Id, F, Fut>(
        &self,
        realm: &str,
        email: &str,
        password: &str,
        address: &str,
        now: DateTime<Utc>,
        find: F,
    ) -> Result<Id, PasswordCheckError>
    where
        F: FnOnce(Email) -> Fut,
        Fut: Future<Output = Result<Option<PasswordCredentials<Id>>, RepositoryError>>,
    {
        let email = email.trim().to_lowercase();
        if email.chars().count() > MAX_EMAIL_CHARS || is_beyond_any_password(password) {
            return Err(LoginRefusal::InvalidCredentials.into());
        }
        let email_key = format!("{realm}-email:{email}");
        let address_key = format!("{realm}-address:{address}");
        for key in [&email_key, &address_key] {
            if self.throttle.failures_since(key, now - self.policy.window).await? >= self.policy.max_failures {
                return Err(LoginRefusal::TooManyAttempts { window_minutes: self.policy.window.num_minutes() }.into());
            }
        }
        let account = match Email::parse(&email) {
            Ok(email) => find(email).await?,
            Err(_) => None,
        };
        let (id, hash) = match account {
            Some(found) => (Some(found.account), found.password_hash),
            None => (None, DECOY_HASH.to_owned()),
        };
        let matches = match self.hasher.verify(password.to_owned(), hash).await {
            Ok(matches) => matches,
            Err(PasswordHashError::Busy) => return Err(PasswordCheckError::Busy),
            Err(PasswordHashError::Failed(_)) => false,
        };
        match id.filter(|_| matches) {
            Some(id) => {
                self.throttle.clear(&email_key).await?;
                Ok(id)
            }
            None => {
                self.throttle.record_failure(&[email_key, address_key], now).await?;
                Err(LoginRefusal::InvalidCredentials.into())
            }
        }
    }
}
