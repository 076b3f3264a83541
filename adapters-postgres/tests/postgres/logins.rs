//! What the password check keeps in PostgreSQL: the devices that signed in before, and attempts given back.

use adapters_postgres::test_support::TestDb;
use adapters_postgres::{PgKnownDevices, PgThrottle};
use application::accounts::model::{DeviceSignIn, TokenDigest};
use application::accounts::ports::KnownDevices;
use application::common::throttle::{Admission, Limit, Throttle};
use chrono::{DateTime, Duration, TimeZone, Utc};

fn at(days: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap() + Duration::days(days)
}

fn digest(name: &str) -> TokenDigest {
    TokenDigest::new(format!("digest-{name}"))
}

fn sign_in(new: &str, previous: Option<&str>, login: &str, until: DateTime<Utc>) -> DeviceSignIn {
    DeviceSignIn { digest: digest(new), previous: previous.map(digest), login: login.to_owned(), until }
}

#[tokio::test]
async fn a_device_is_known_for_its_logins_until_its_time_and_moves_to_its_new_token() {
    let db = TestDb::new();
    let devices = PgKnownDevices::new(db.pool());
    devices.remember(&sign_in("a", None, "customer:ayesha@example.pk", at(365)), at(0)).await.unwrap();
    devices.remember(&sign_in("b", Some("a"), "admin:owner@shop.pk", at(400)), at(35)).await.unwrap();

    let known = |name: &'static str, login: &'static str, now| {
        let devices = devices.clone();
        async move { devices.is_known(&digest(name), login, now).await.unwrap() }
    };

    assert!(known("b", "admin:owner@shop.pk", at(36)).await);
    assert!(known("b", "customer:ayesha@example.pk", at(399)).await, "the earlier login moved with the token");
    assert!(!known("a", "customer:ayesha@example.pk", at(36)).await, "the old token is known no more");
    assert!(!known("b", "customer:bilal@example.pk", at(36)).await);
    assert!(!known("b", "admin:owner@shop.pk", at(400)).await, "forgotten at its time");
}

#[tokio::test]
async fn a_sign_in_forgets_the_devices_past_their_time() {
    let db = TestDb::new();
    let devices = PgKnownDevices::new(db.pool());
    devices.remember(&sign_in("old", None, "customer:old@example.pk", at(10)), at(0)).await.unwrap();
    devices.remember(&sign_in("kept", None, "customer:kept@example.pk", at(30)), at(0)).await.unwrap();

    devices.remember(&sign_in("new", None, "customer:new@example.pk", at(400)), at(20)).await.unwrap();

    // Asked as of a moment before either ended: only a row still stored can answer yes.
    let old = devices.is_known(&digest("old"), "customer:old@example.pk", at(5)).await.unwrap();
    let kept = devices.is_known(&digest("kept"), "customer:kept@example.pk", at(5)).await.unwrap();
    assert!(!old, "deleted: it ended before the sign-in");
    assert!(kept);
}

#[tokio::test]
async fn an_attempt_given_back_lifts_the_wait_it_started() {
    let db = TestDb::new();
    let throttle = PgThrottle::new(db.pool());
    let limit = Limit::Growing {
        free: 2,
        first_delay: Duration::minutes(1),
        max_delay: Duration::minutes(15),
        memory: Duration::days(1),
    };
    assert_eq!(throttle.count("k", limit, at(0)).await.unwrap(), Admission::Admitted);
    assert_eq!(throttle.count("k", limit, at(0)).await.unwrap(), Admission::Admitted);
    assert!(matches!(throttle.count("k", limit, at(0)).await.unwrap(), Admission::Refused { .. }));

    throttle.give_back("k").await.unwrap();

    assert_eq!(throttle.count("k", limit, at(0)).await.unwrap(), Admission::Admitted, "one fewer, no wait");
    assert!(matches!(throttle.count("k", limit, at(0)).await.unwrap(), Admission::Refused { .. }));
}
