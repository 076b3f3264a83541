//! Units of work against a real PostgreSQL, each test in its own database: the password-reset request
//! stores its reset and queues its mail together or not at all.

use std::sync::Arc;
use std::time::Duration;

use adapters_postgres::test_support::TestDb;
use adapters_postgres::{PgCustomerRepository, PgKnownDevices, PgMailOutbox, PgSessionStore, PgThrottle, PgUnitOfWork};
use application::accounts::customers::{AccountError, AccountLimits, Accounts, ResetMail};
use application::accounts::model::{NewCredential, ResetRequest, TokenDigest};
use application::accounts::password_login::{PasswordCheck, ThrottlePolicy};
use application::accounts::ports::{
    AccountsTx, CustomerRepository, PasswordHashError, PasswordHasher, ResetQueue, SessionTokens,
};
use application::accounts::sessions::Sessions;
use application::common::clock::Clock;
use application::common::error::RepositoryError;
use application::common::unit_of_work::UnitOfWork;
use application::mail::body::MailBody;
use application::mail::ports::{MailLayout, MailOutbox, OutboxCounts};
use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};
use diesel::RunQueryDsl;
use domain::contact::Email;
use domain::ids::CustomerId;
use tokio::sync::Notify;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
}

struct FixedClock;

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        now()
    }
}

/// Always the token `tok`, stored under `digest-of-tok`.
struct FixedTokens;

impl SessionTokens for FixedTokens {
    fn generate(&self) -> String {
        "tok".into()
    }

    fn digest(&self, token: &str) -> TokenDigest {
        TokenDigest::new(format!("digest-of-{token}"))
    }
}

struct PlainHasher;

#[async_trait]
impl PasswordHasher for PlainHasher {
    async fn hash(&self, password: String) -> Result<String, PasswordHashError> {
        Ok(format!("hash-of-{password}"))
    }

    async fn verify(&self, password: String, hash: String) -> Result<bool, PasswordHashError> {
        Ok(hash == format!("hash-of-{password}"))
    }
}

/// The shop's accounts on `db`, with the outbox whose worker its units of work wake.
/// Sana's reset request, worked through at once (these tests use no queue).
fn sana_asks() -> ResetRequest {
    ResetRequest { email: Email::parse("sana@example.pk").unwrap(), address: "10.0.0.1".into() }
}

/// The mail's HTML as its body's `Debug` text: these tests look at what is stored, not at the markup.
#[derive(Debug)]
struct DebugLayout;

impl MailLayout for DebugLayout {
    fn html(&self, body: &MailBody) -> String {
        format!("{body:?}")
    }
}

/// No queue: these tests call `send_reset` themselves.
struct NoQueue;

impl ResetQueue for NoQueue {
    fn push(&self, _request: ResetRequest) -> bool {
        unreachable!("these tests work resets through at once")
    }
}

struct Shop {
    accounts: Accounts,
    customers: PgCustomerRepository,
    outbox: PgMailOutbox,
    wakeups: Arc<Notify>,
}

impl Shop {
    fn on(db: &TestDb) -> Self {
        let pool = db.pool();
        let customers = PgCustomerRepository::new(pool.clone());
        let outbox = PgMailOutbox::new(pool.clone());
        let hasher = Arc::new(PlainHasher);
        let accounts = Accounts::new(
            Arc::new(customers.clone()),
            Sessions::new(Arc::new(PgSessionStore::new(pool.clone())), Arc::new(FixedTokens), Arc::new(FixedClock)),
            PasswordCheck::new(
                Arc::new(PgThrottle::new(pool.clone())),
                hasher.clone(),
                ThrottlePolicy::default(),
                Arc::new(PgKnownDevices::new(pool.clone())),
                Arc::new(FixedTokens),
            ),
            hasher,
            Arc::new(FixedTokens),
            Arc::new(FixedClock),
            Arc::new(PgUnitOfWork::new(pool.clone(), outbox.wakeups())),
            Arc::new(PgThrottle::new(pool)),
            AccountLimits::default(),
            Arc::new(NoQueue),
            ResetMail { public_url: "https://shop.pk".into(), layout: Arc::new(DebugLayout) },
        );
        let wakeups = outbox.wakeups();
        Self { accounts, customers, outbox, wakeups }
    }

    async fn sign_up(&self, email: &str) {
        self.customers
            .create_customer(&Email::parse(email).unwrap(), "Sana", &NewCredential::PasswordHash("h".into()))
            .await
            .unwrap();
    }

    /// Whether a reset stored under `digest-of-tok` works (using it, once).
    async fn reset_works(&self) -> bool {
        self.customers.use_reset(&TokenDigest::new("digest-of-tok".into()), now(), "hash-of-new-pass").await.unwrap()
    }

    /// Whether the worker was woken (taking the wake-up).
    async fn worker_woken(&self) -> bool {
        tokio::time::timeout(Duration::from_millis(50), self.wakeups.notified()).await.is_ok()
    }
}

/// Makes the outbox table refuse every mail to `recipient`, as a constraint refusing a row would.
fn refuse_mail_to(db: &TestDb, recipient: &str) {
    let mut conn = db.pool().get().unwrap();
    diesel::sql_query(format!(
        "ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_test_refusal CHECK (recipient <> '{recipient}')"
    ))
    .execute(&mut conn)
    .unwrap();
}

#[tokio::test]
async fn a_reset_request_stores_the_reset_and_queues_its_mail_and_wakes_the_worker() {
    let db = TestDb::new();
    let shop = Shop::on(&db);
    shop.sign_up("sana@example.pk").await;

    shop.accounts.send_reset(sana_asks()).await.unwrap();

    assert!(shop.worker_woken().await, "the worker is woken for the queued mail");
    let queued = shop.outbox.claim_due(10, Utc::now(), Utc::now()).await.unwrap();
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0].mail.to.as_str(), "sana@example.pk");
    assert_eq!(queued[0].mail.subject, "Reset your password");
    assert!(queued[0].mail.text.contains("https://shop.pk/reset-password?token=tok\n"), "{}", queued[0].mail.text);
    assert!(shop.reset_works().await, "the reset was stored");
}

#[tokio::test]
async fn a_reset_whose_mail_the_outbox_refuses_leaves_no_reset_behind() {
    let db = TestDb::new();
    let shop = Shop::on(&db);
    shop.sign_up("sana@example.pk").await;
    refuse_mail_to(&db, "sana@example.pk");

    let err = shop.accounts.send_reset(sana_asks()).await.unwrap_err();

    assert!(
        matches!(&err, AccountError::Unexpected(RepositoryError::Refused(c)) if c == "email_outbox_test_refusal"),
        "{err:?}"
    );
    assert!(!shop.reset_works().await, "no reset was kept");
    assert_eq!(shop.outbox.counts().await.unwrap(), OutboxCounts::default());
    assert!(!shop.worker_woken().await, "nothing was queued, so the worker sleeps on");
}

/// A shop with Sana signed up, Sana, and a unit of work over the accounts' repositories.
async fn sana_and_a_unit_of_work(db: &TestDb) -> (Shop, CustomerId, Arc<dyn UnitOfWork<dyn AccountsTx>>) {
    let shop = Shop::on(db);
    shop.sign_up("sana@example.pk").await;
    let customer =
        shop.customers.find_by_email(&Email::parse("sana@example.pk").unwrap()).await.unwrap().unwrap().customer;
    let unit_of_work: Arc<dyn UnitOfWork<dyn AccountsTx>> =
        Arc::new(PgUnitOfWork::new(db.pool(), shop.outbox.wakeups()));
    (shop, customer.id, unit_of_work)
}

/// The write every unit of work below makes before it fails: a password reset for `customer`, valid an hour.
fn write_a_reset(tx: &mut dyn AccountsTx, customer: CustomerId) -> Result<(), RepositoryError> {
    tx.customers().create_reset(customer, &TokenDigest::new("digest-of-tok".into()), now() + chrono::Duration::hours(1))
}

#[tokio::test]
async fn a_unit_of_work_that_answers_an_error_of_its_own_keeps_none_of_its_writes() {
    let db = TestDb::new();
    let (shop, customer, unit_of_work) = sana_and_a_unit_of_work(&db).await;

    let answer = unit_of_work
        .run(move |tx| -> Result<(), RepositoryError> {
            write_a_reset(tx, customer)?;
            Err(RepositoryError::NotFound)
        })
        .await;
    let after = unit_of_work
        .run(move |tx| {
            tx.customers().create_reset(customer, &TokenDigest::new("digest-of-other".into()), now()).map(|()| "made")
        })
        .await;

    assert!(matches!(answer, Err(RepositoryError::NotFound)), "{answer:?}");
    assert!(!shop.reset_works().await, "the reset was rolled back");
    assert_eq!(after.unwrap(), "made", "a later unit of work answers what it made");
}

/// A use case's own refusal, decided after a write.
#[derive(Debug)]
enum Refusal {
    TooLate,
    Store(#[allow(dead_code, reason = "shown by Debug when a test fails")] RepositoryError),
}

impl From<RepositoryError> for Refusal {
    fn from(err: RepositoryError) -> Self {
        Self::Store(err)
    }
}

#[tokio::test]
async fn a_unit_of_work_that_writes_and_then_refuses_keeps_none_of_its_writes_and_answers_the_refusal() {
    let db = TestDb::new();
    let (shop, customer, unit_of_work) = sana_and_a_unit_of_work(&db).await;

    let answer = unit_of_work
        .run(move |tx| -> Result<(), Refusal> {
            write_a_reset(tx, customer)?;
            Err(Refusal::TooLate)
        })
        .await;

    assert!(matches!(answer, Err(Refusal::TooLate)), "{answer:?}");
    assert!(!shop.reset_works().await, "the reset was rolled back");
}
