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
use domain::password::is_beyond_any_password;

use crate::accounts::model::{DeviceSignIn, DeviceToken, PasswordCredentials};
use crate::accounts::ports::{KnownDevices, PasswordHashError, PasswordHasher, SessionTokens};
use crate::accounts::sessions::is_token_shaped;
use crate::common::error::RepositoryError;
use crate::common::throttle::{wait_in_words, Admission, Limit, Throttle};

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Mutex;

    use async_trait::async_trait;
    use chrono::TimeZone;

    use crate::accounts::model::TokenDigest;
    use crate::common::throttle::Counter;

    /// Counters in memory, counted under one lock as the store's row lock does.
    #[derive(Default)]
    struct MemoryThrottle(Mutex<HashMap<String, Counter>>);

    impl MemoryThrottle {
        fn counted(&self, key: &str) -> u32 {
            self.0.lock().unwrap().get(key).map_or(0, |c| c.count)
        }
    }

    #[async_trait]
    impl Throttle for MemoryThrottle {
        async fn count(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> Result<Admission, RepositoryError> {
            let mut counters = self.0.lock().unwrap();
            let (admission, kept) = limit.count(counters.get(key).copied(), now);
            counters.insert(key.to_owned(), kept);
            Ok(admission)
        }

        async fn give_back(&self, key: &str) -> Result<(), RepositoryError> {
            if let Some(counter) = self.0.lock().unwrap().get_mut(key) {
                counter.count = counter.count.saturating_sub(1);
                counter.blocked_until = None;
            }
            Ok(())
        }

        async fn forget(&self, key: &str) -> Result<(), RepositoryError> {
            self.0.lock().unwrap().remove(key);
            Ok(())
        }
    }

    /// A hasher that counts its checks, takes a moment over each, knows one password, and answers `Busy`
    /// to as many calls as `busy` says.
    #[derive(Default)]
    struct CountingHasher {
        checks: AtomicU32,
        busy: AtomicU32,
    }

    #[async_trait]
    impl PasswordHasher for CountingHasher {
        async fn hash(&self, _password: String) -> Result<String, PasswordHashError> {
            unreachable!("a login hashes nothing")
        }

        async fn verify(&self, password: String, _hash: String) -> Result<bool, PasswordHashError> {
            if self.busy.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
                return Err(PasswordHashError::Busy);
            }
            self.checks.fetch_add(1, Ordering::SeqCst);
            tokio::task::yield_now().await;
            Ok(password == "right")
        }
    }

    /// Remembered devices in memory: (digest, login) and until when.
    #[derive(Default)]
    struct MemoryDevices(Mutex<HashMap<(String, String), DateTime<Utc>>>);

    #[async_trait]
    impl KnownDevices for MemoryDevices {
        async fn is_known(
            &self,
            digest: &TokenDigest,
            login: &str,
            now: DateTime<Utc>,
        ) -> Result<bool, RepositoryError> {
            let devices = self.0.lock().unwrap();
            Ok(devices.get(&(digest.as_str().to_owned(), login.to_owned())).is_some_and(|until| *until > now))
        }

        async fn remember(&self, sign_in: &DeviceSignIn, _now: DateTime<Utc>) -> Result<(), RepositoryError> {
            let mut devices = self.0.lock().unwrap();
            let digest = sign_in.digest.as_str().to_owned();
            if let Some(previous) = &sign_in.previous {
                let moved: Vec<String> =
                    devices.keys().filter(|(d, _)| d == previous.as_str()).map(|(_, login)| login.clone()).collect();
                for login in moved {
                    devices.remove(&(previous.as_str().to_owned(), login.clone()));
                    devices.insert((digest.clone(), login), sign_in.until);
                }
            }
            devices.insert((digest, sign_in.login.clone()), sign_in.until);
            Ok(())
        }
    }

    /// Tokens `000…1`, `000…2`, … of the issued length, digested as `digest-of-<token>`.
    #[derive(Default)]
    struct NumberedTokens(AtomicU32);

    impl SessionTokens for NumberedTokens {
        fn generate(&self) -> String {
            format!("{:0>43}", self.0.fetch_add(1, Ordering::SeqCst) + 1)
        }

        fn digest(&self, token: &str) -> TokenDigest {
            TokenDigest::new(format!("digest-of-{token}"))
        }
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    struct Fixture {
        check: PasswordCheck,
        throttle: Arc<MemoryThrottle>,
        hasher: Arc<CountingHasher>,
    }

    fn fixture() -> Fixture {
        let (throttle, hasher) = (Arc::new(MemoryThrottle::default()), Arc::new(CountingHasher::default()));
        let check = PasswordCheck::new(
            throttle.clone(),
            hasher.clone(),
            ThrottlePolicy::default(),
            Arc::new(MemoryDevices::default()),
            Arc::new(NumberedTokens::default()),
        );
        Fixture { check, throttle, hasher }
    }

    fn check_with(hasher: Arc<CountingHasher>) -> PasswordCheck {
        let devices = Arc::new(MemoryDevices::default());
        let tokens = Arc::new(NumberedTokens::default());
        PasswordCheck::new(Arc::new(MemoryThrottle::default()), hasher, ThrottlePolicy::default(), devices, tokens)
    }

    /// Ayesha's account (id 4) is the only one: other e-mails are unknown.
    async fn login_at(
        check: &PasswordCheck,
        email: &str,
        password: &str,
        address: &str,
        device: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<Verified<u32>, PasswordCheckError> {
        let attempt = LoginAttempt { email, password, address, device };
        check
            .check("customer", &attempt, at, |email| async move {
                Ok((email.as_str() == "ayesha@example.pk")
                    .then(|| PasswordCredentials { account: 4_u32, password_hash: "h".into() }))
            })
            .await
    }

    async fn attempt(check: &PasswordCheck, password: &str, address: &str) -> Result<u32, PasswordCheckError> {
        login_at(check, "ayesha@example.pk", password, address, None, now()).await.map(|v| v.account)
    }

    fn too_many(answer: &Result<Verified<u32>, PasswordCheckError>) -> Option<Duration> {
        match answer {
            Err(PasswordCheckError::Refused(LoginRefusal::TooManyAttempts { retry_after })) => Some(*retry_after),
            _ => None,
        }
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

        assert_eq!(hasher.checks.load(Ordering::SeqCst), 5);
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

    #[tokio::test]
    async fn an_attempt_the_hasher_is_too_busy_for_counts_nothing() {
        let f = fixture();
        f.hasher.busy.store(12, Ordering::SeqCst);

        let mut busy = 0;
        for _ in 0..12 {
            if let Err(PasswordCheckError::Busy) = attempt(&f.check, "right", "10.0.0.1").await {
                busy += 1;
            }
        }
        let counts =
            ["customer-login:ayesha@example.pk|10.0.0.1", "login-address:10.0.0.1"].map(|key| f.throttle.counted(key));
        let signed_in = attempt(&f.check, "right", "10.0.0.1").await;

        assert_eq!(busy, 12);
        assert_eq!(counts, [0, 0]);
        assert_eq!(f.throttle.counted("customer-login-email:ayesha@example.pk"), 0);
        assert_eq!(signed_in.unwrap(), 4, "twelve busy answers used up none of the five free attempts");
    }

    #[tokio::test]
    async fn one_address_trying_many_e_mails_is_refused_past_its_hourly_cap_and_others_are_not() {
        let f = fixture();
        for n in 0..30 {
            let answer =
                login_at(&f.check, &format!("made-up{n}@example.pk"), "guess", "203.0.113.9", None, now()).await;
            assert!(matches!(answer, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))), "{n}");
        }

        let fresh_email = login_at(&f.check, "made-up99@example.pk", "guess", "203.0.113.9", None, now()).await;
        let customer_there = login_at(&f.check, "ayesha@example.pk", "right", "203.0.113.9", None, now()).await;
        let elsewhere = login_at(&f.check, "made-up99@example.pk", "guess", "198.51.100.4", None, now()).await;
        let an_hour_later =
            login_at(&f.check, "ayesha@example.pk", "right", "203.0.113.9", None, now() + Duration::hours(1)).await;

        assert_eq!(too_many(&fresh_email), Some(Duration::hours(1)));
        assert_eq!(fresh_email.unwrap_err().to_string(), "Too many failed attempts. Please try again in 60 minutes.");
        assert_eq!(too_many(&customer_there), Some(Duration::hours(1)));
        assert!(matches!(elsewhere, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))));
        assert_eq!(an_hour_later.unwrap().account, 4);
        assert_eq!(f.hasher.checks.load(Ordering::SeqCst), 32, "refused attempts are not checked");
    }

    #[tokio::test]
    async fn many_addresses_trying_one_e_mail_are_refused_past_its_daily_cap() {
        let f = fixture();
        for n in 0..50 {
            let answer =
                login_at(&f.check, "ayesha@example.pk", "guess", &format!("198.51.100.{n}"), None, now()).await;
            assert!(matches!(answer, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))), "{n}");
        }

        let later = now() + Duration::minutes(5);
        let from_a_new_address = login_at(&f.check, "ayesha@example.pk", "right", "203.0.113.50", None, later).await;
        let other_e_mail = login_at(&f.check, "bilal@example.pk", "guess", "203.0.113.50", None, later).await;

        assert_eq!(too_many(&from_a_new_address), Some(Duration::hours(23) + Duration::minutes(55)));
        assert_eq!(
            from_a_new_address.unwrap_err().to_string(),
            "Too many failed attempts. Please try again in 24 hours."
        );
        assert!(matches!(other_e_mail, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))));
        assert_eq!(f.throttle.counted("login-address:203.0.113.50"), 1, "the refusal gave its counts back");
    }

    #[tokio::test]
    async fn the_owners_usual_device_is_spared_both_caps_but_not_the_pairs_delays() {
        let f = fixture();
        let usual = login_at(&f.check, "ayesha@example.pk", "right", "10.0.0.1", None, now()).await.unwrap();
        for n in 0..50 {
            let guess = login_at(&f.check, "ayesha@example.pk", "guess", &format!("198.51.100.{n}"), None, now()).await;
            assert!(guess.is_err());
        }
        for n in 0..30 {
            let guess = login_at(&f.check, &format!("made-up{n}@example.pk"), "guess", "10.0.0.1", None, now()).await;
            assert!(guess.is_err());
        }

        let new_phone = login_at(&f.check, "ayesha@example.pk", "right", "10.0.0.1", None, now()).await;
        let usual_phone =
            login_at(&f.check, "ayesha@example.pk", "right", "10.0.0.1", Some(&usual.device.token), now()).await;
        let forged_cookie =
            login_at(&f.check, "ayesha@example.pk", "right", "10.0.0.1", Some(&format!("{:0>43}", 99)), now()).await;

        assert!(too_many(&new_phone).is_some(), "{new_phone:?}");
        let usual_phone = usual_phone.unwrap();
        assert_eq!(usual_phone.account, 4);
        assert_ne!(usual_phone.device.token, usual.device.token, "each sign-in gives the device a new token");
        assert_eq!(usual_phone.device.lifetime, Duration::days(365));
        assert!(too_many(&forged_cookie).is_some(), "{forged_cookie:?}");
        for _ in 0..5 {
            let typo =
                login_at(&f.check, "ayesha@example.pk", "typo", "10.0.0.1", Some(&usual_phone.device.token), now())
                    .await;
            assert!(matches!(typo, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))));
        }
        let sixth =
            login_at(&f.check, "ayesha@example.pk", "right", "10.0.0.1", Some(&usual_phone.device.token), now()).await;
        assert_eq!(too_many(&sixth), Some(Duration::minutes(1)));
    }

    #[tokio::test]
    async fn a_device_is_remembered_for_the_login_it_signed_in_to_only() {
        let f = fixture();
        let device = login_at(&f.check, "ayesha@example.pk", "right", "10.0.0.1", None, now()).await.unwrap();
        for n in 0..30 {
            let guess = login_at(&f.check, &format!("made-up{n}@example.pk"), "guess", "10.0.0.1", None, now()).await;
            assert!(guess.is_err());
        }

        let other_e_mail =
            login_at(&f.check, "bilal@example.pk", "guess", "10.0.0.1", Some(&device.device.token), now()).await;
        let other_realm = f
            .check
            .check(
                "admin",
                &LoginAttempt {
                    email: "ayesha@example.pk",
                    password: "right",
                    address: "10.0.0.1",
                    device: Some(&device.device.token),
                },
                now(),
                |_| async { Ok(Some(PasswordCredentials { account: 1_u32, password_hash: "h".into() })) },
            )
            .await;

        assert!(too_many(&other_e_mail).is_some(), "{other_e_mail:?}");
        assert!(too_many(&other_realm).is_some(), "{other_realm:?}");
    }

    #[tokio::test]
    async fn successes_give_their_cap_counts_back() {
        let f = fixture();
        for _ in 0..40 {
            assert_eq!(attempt(&f.check, "right", "10.0.0.1").await.unwrap(), 4);
        }

        let wrong = attempt(&f.check, "wrong", "10.0.0.1").await;

        assert!(matches!(wrong, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))));
        assert_eq!(f.throttle.counted("login-address:10.0.0.1"), 1);
        assert_eq!(f.throttle.counted("customer-login-email:ayesha@example.pk"), 1);
    }
}
