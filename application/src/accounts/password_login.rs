//! Checking an e-mail and password the same way for the admin and for customers. Attempts are counted per
//! pair of e-mail and client address, before the password is checked and in one atomic step, so parallel
//! guesses cannot overrun the limit; past a few failures each further attempt of the pair waits a growing
//! delay. Nobody elsewhere can lock an account out: other addresses keep their own counts. An unknown e-mail
//! costs as much as a wrong password.

use std::future::Future;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use domain::contact::{Email, MAX_EMAIL_CHARS};
use domain::password::is_beyond_any_password;

use crate::accounts::model::PasswordCredentials;
use crate::accounts::ports::{PasswordHashError, PasswordHasher};
use crate::common::error::RepositoryError;
use crate::common::throttle::{wait_in_words, Admission, Limit, Throttle};

/// A hash that matches no password, checked when the e-mail is unknown so that answer takes as long as
/// a wrong password.
pub const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2hvcGRlY295c2FsdA$0nJ0LmTeQs4JgbrIOc2VvIc0yvn7oQz3ZEnpD5cDs8c";

/// How long the attempts of a pair are remembered after its last one.
const LOGIN_MEMORY: Duration = Duration::days(1);

/// How many attempts of one e-mail from one address go ahead at once, and the delays after them.
#[derive(Debug, Clone, Copy)]
pub struct ThrottlePolicy {
    /// Attempts without a wait; the last of them starts the first delay.
    pub max_failures: u32,
    /// The first delay; each further attempt doubles it.
    pub first_delay: Duration,
    /// The longest delay.
    pub max_delay: Duration,
}

impl Default for ThrottlePolicy {
    fn default() -> Self {
        Self { max_failures: 5, first_delay: Duration::minutes(1), max_delay: Duration::minutes(15) }
    }
}

impl ThrottlePolicy {
    fn limit(&self) -> Limit {
        Limit::Growing {
            free: self.max_failures,
            first_delay: self.first_delay,
            max_delay: self.max_delay,
            memory: LOGIN_MEMORY,
        }
    }
}

/// Why a login with a password was refused, for the admin and customers alike; the texts are the ones
/// they see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LoginRefusal {
    /// No account has this e-mail and password.
    #[error("Invalid email or password.")]
    InvalidCredentials,
    /// Too many attempts of this e-mail from this address: the next may come after `retry_after`.
    #[error("Too many failed attempts. Please try again in {}.", wait_in_words(*retry_after))]
    TooManyAttempts { retry_after: Duration },
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
    throttle: Arc<dyn Throttle>,
    hasher: Arc<dyn PasswordHasher>,
    policy: ThrottlePolicy,
}

impl PasswordCheck {
    #[must_use]
    pub fn new(throttle: Arc<dyn Throttle>, hasher: Arc<dyn PasswordHasher>, policy: ThrottlePolicy) -> Self {
        Self { throttle, hasher, policy }
    }

    /// Checks `password` for the account `find` answers for the lower-cased e-mail, in the `realm`
    /// ("admin", "customer") whose failures are counted apart. Answers the account's id.
    ///
    /// # Errors
    /// [`LoginRefusal::TooManyAttempts`] while the pair of e-mail and address waits out a delay;
    /// [`LoginRefusal::InvalidCredentials`] for anything that does not match, at once (no hashing, nothing
    /// counted) for an e-mail or a password longer than any account's; `Busy` when the hasher is full.
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
        let parsed = Email::parse(&email).ok();
        // Attempts count per mailbox, whichever spelling was typed; text that is no address is kept with its
        // control characters escaped, as the store holds no NUL.
        let mailbox = parsed.as_ref().map_or_else(|| email.escape_debug().to_string(), ToString::to_string);
        let key = format!("{realm}-login:{mailbox}|{address}");
        if let Admission::Refused { retry_after } = self.throttle.count(&key, self.policy.limit(), now).await? {
            return Err(LoginRefusal::TooManyAttempts { retry_after }.into());
        }
        let account = match parsed {
            Some(email) => find(email).await?,
            None => None,
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
                self.throttle.forget(&key).await?;
                Ok(id)
            }
            None => Err(LoginRefusal::InvalidCredentials.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Mutex;

    use async_trait::async_trait;
    use chrono::TimeZone;

    use crate::common::throttle::Counter;

    /// Counters in memory, counted under one lock as the store's row lock does.
    #[derive(Default)]
    struct MemoryThrottle(Mutex<HashMap<String, Counter>>);

    #[async_trait]
    impl Throttle for MemoryThrottle {
        async fn count(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> Result<Admission, RepositoryError> {
            let mut counters = self.0.lock().unwrap();
            let (admission, kept) = limit.count(counters.get(key).copied(), now);
            counters.insert(key.to_owned(), kept);
            Ok(admission)
        }

        async fn give_back(&self, _key: &str) -> Result<(), RepositoryError> {
            unreachable!("logins never give an attempt back")
        }

        async fn forget(&self, key: &str) -> Result<(), RepositoryError> {
            self.0.lock().unwrap().remove(key);
            Ok(())
        }
    }

    /// A hasher that counts its checks, takes a moment over each, and knows one password.
    #[derive(Default)]
    struct CountingHasher(AtomicU32);

    #[async_trait]
    impl PasswordHasher for CountingHasher {
        async fn hash(&self, _password: String) -> Result<String, PasswordHashError> {
            unreachable!("a login hashes nothing")
        }

        async fn verify(&self, password: String, _hash: String) -> Result<bool, PasswordHashError> {
            self.0.fetch_add(1, Ordering::SeqCst);
            tokio::task::yield_now().await;
            Ok(password == "right")
        }
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn check_with(hasher: Arc<CountingHasher>) -> PasswordCheck {
        PasswordCheck::new(Arc::new(MemoryThrottle::default()), hasher, ThrottlePolicy::default())
    }

    async fn attempt(check: &PasswordCheck, password: &str, address: &str) -> Result<u32, PasswordCheckError> {
        check
            .check("customer", "ayesha@example.pk", password, address, now(), |_| async {
                Ok(Some(PasswordCredentials { account: 4_u32, password_hash: "h".into() }))
            })
            .await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn sixty_parallel_wrong_passwords_get_at_most_the_limit_checked() {
        let hasher = Arc::new(CountingHasher::default());
        let check = check_with(hasher.clone());

        let attempts: Vec<_> = (0..60)
            .map(|_| {
                let check = check.clone();
                tokio::spawn(async move { attempt(&check, "wrong", "10.0.0.1").await })
            })
            .collect();
        let mut refused = 0;
        for answer in attempts {
            match answer.await.unwrap() {
                Err(PasswordCheckError::Refused(LoginRefusal::TooManyAttempts { .. })) => refused += 1,
                Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials)) => {}
                other => panic!("{other:?}"),
            }
        }

        assert_eq!(hasher.0.load(Ordering::SeqCst), 5);
        assert_eq!(refused, 55);
    }

    #[tokio::test]
    async fn failures_from_one_address_do_not_refuse_the_right_password_from_another() {
        let check = check_with(Arc::new(CountingHasher::default()));
        for _ in 0..5 {
            assert!(attempt(&check, "wrong", "203.0.113.9").await.is_err());
        }

        let attacker = attempt(&check, "right", "203.0.113.9").await;
        let owner = attempt(&check, "right", "198.51.100.4").await;

        assert_eq!(attacker.unwrap_err().to_string(), "Too many failed attempts. Please try again in 1 minute.");
        assert_eq!(owner.unwrap(), 4);
    }

    #[tokio::test]
    async fn a_success_forgets_the_pairs_failures() {
        let check = check_with(Arc::new(CountingHasher::default()));
        for _ in 0..4 {
            assert!(attempt(&check, "wrong", "10.0.0.1").await.is_err());
        }

        assert_eq!(attempt(&check, "right", "10.0.0.1").await.unwrap(), 4);
        for _ in 0..4 {
            assert!(matches!(
                attempt(&check, "wrong", "10.0.0.1").await,
                Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))
            ));
        }
    }
}
