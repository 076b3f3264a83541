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

fn signing_in(customers: MockCustomerRepository, store: MockSessionStore, unit_of_work: MockUnitOfWork) -> Accounts {
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
async fn sign_up_without_a_name_stores_a_hash_and_no_name() {
    let mut customers = MockCustomerRepository::new();
    customers.expect_find_by_email().withf(|e| e.as_str() == "ayesha@example.pk").returning(|_| Ok(None));
    customers
        .expect_create_customer()
        .withf(|e, name, credential| {
            e.as_str() == "ayesha@example.pk"
                && name.is_empty()
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
    assert!(matches!(accounts.finish_external("c", "st", &pending()).await, Err(AccountError::ExternalNotConfigured)));
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
    assert!(matches!(accounts.finish_external("the-code", "", &empty).await, Err(AccountError::ExternalRefused(_))));
}

#[tokio::test]
async fn a_linked_person_signs_into_their_account() {
    let mut customers = MockCustomerRepository::new();
    customers.expect_find_by_identity().withf(|i| *i == google_identity()).returning(|_| Ok(Some(ayesha())));
    customers.expect_create_customer().never();
    let store = opening_one_session(|_| true);
    let accounts = signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

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
    let accounts = signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

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
    let accounts = signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

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
    let store = opening_one_session(|session| session.principal == Principal::Customer(CustomerId::new(4).unwrap()));
    let accounts = signing_in(customers, store, MockUnitOfWork::new()).with_external(Arc::new(vouching(bilal(true))));

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

    assert!(matches!(accounts.finish_external("bad", "st", &pending()).await, Err(AccountError::ExternalRefused(_))));
    assert!(matches!(
        accounts.finish_external("down", "st", &pending()).await,
        Err(AccountError::ExternalUnavailable(_))
    ));
}
