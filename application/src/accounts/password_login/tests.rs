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
    async fn is_known(&self, digest: &TokenDigest, login: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
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
        let answer = login_at(&f.check, &format!("made-up{n}@example.pk"), "guess", "203.0.113.9", None, now()).await;
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
        let answer = login_at(&f.check, "ayesha@example.pk", "guess", &format!("198.51.100.{n}"), None, now()).await;
        assert!(matches!(answer, Err(PasswordCheckError::Refused(LoginRefusal::InvalidCredentials))), "{n}");
    }

    let later = now() + Duration::minutes(5);
    let from_a_new_address = login_at(&f.check, "ayesha@example.pk", "right", "203.0.113.50", None, later).await;
    let other_e_mail = login_at(&f.check, "bilal@example.pk", "guess", "203.0.113.50", None, later).await;

    assert_eq!(too_many(&from_a_new_address), Some(Duration::hours(23) + Duration::minutes(55)));
    assert_eq!(from_a_new_address.unwrap_err().to_string(), "Too many failed attempts. Please try again in 24 hours.");
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
            login_at(&f.check, "ayesha@example.pk", "typo", "10.0.0.1", Some(&usual_phone.device.token), now()).await;
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
