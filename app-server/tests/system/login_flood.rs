//! Logins under a flood of made-up e-mails, on the real `app-server` process with the smallest password
//! queue (one check at a time, none waiting), so the flood fills it on any machine. The admin and a customer send
//! their right passwords again while the server answers 503; the flood goes on until each of them has been
//! turned away more often than their pair's free attempts (or has got in). They get in and are never told
//! to wait (429).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::Notify;

use crate::helpers::{set_cookie, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::process::{spawn_process, ServerProcess};

/// The password queue of these tests: one check running, none waiting.
const SMALL_QUEUE: [(&str, &str); 2] = [("PASSWORD_HASH_CONCURRENCY", "1"), ("PASSWORD_HASH_QUEUE", "0")];
/// The attempts of one e-mail from one address that go ahead before a wait (LOGIN_MAX_FAILURES).
const FREE_ATTEMPTS: usize = 5;

/// A login to `path` with `email` and `password`, as the client `forwarded_for` (through the trusted proxy
/// on loopback) when given, with the `shop_device` cookie `device` when given.
fn login(
    server: &ServerProcess,
    path: &str,
    (email, password): (&str, &str),
    forwarded_for: Option<&str>,
    device: Option<&str>,
) -> reqwest::RequestBuilder {
    let mut request =
        server.client.post(format!("{}{path}", server.address)).json(&json!({"email": email, "password": password}));
    if let Some(address) = forwarded_for {
        request = request.header("x-forwarded-for", address);
    }
    if let Some(device) = device {
        request = request.header("cookie", device);
    }
    request
}

/// The `shop_device=…` pair a sign-in set.
fn device_cookie(response: &reqwest::Response) -> String {
    let header = set_cookie(response, "shop_device").expect("a sign-in sets the device cookie");
    header.split(';').next().unwrap().to_owned()
}

/// Made-up logins from `workers` tasks, each sending its next as soon as the last is answered, until
/// stopped; the `n`th login is `request(n)`.
struct Flood {
    stop: Arc<AtomicBool>,
    answered: Arc<Notify>,
    answers: Arc<Mutex<Vec<u16>>>,
    workers: Vec<tokio::task::JoinHandle<()>>,
}

impl Flood {
    fn start(workers: usize, request: impl Fn(usize) -> reqwest::RequestBuilder + Send + Sync + 'static) -> Self {
        let answers: Arc<Mutex<Vec<u16>>> = Arc::default();
        let (stop, answered) = (Arc::new(AtomicBool::new(false)), Arc::new(Notify::new()));
        let (request, sent) = (Arc::new(request), Arc::new(AtomicUsize::new(0)));
        let workers = (0..workers)
            .map(|_| {
                let (stop, answered, answers) = (stop.clone(), answered.clone(), Arc::clone(&answers));
                let (request, sent) = (request.clone(), sent.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::SeqCst) {
                        let request = request(sent.fetch_add(1, Ordering::SeqCst));
                        let status = request.send().await.map_or(0, |r| r.status().as_u16());
                        answers.lock().unwrap().push(status);
                        answered.notify_one();
                    }
                })
            })
            .collect();
        Self { stop, answered, answers, workers }
    }

    /// Waits up to a minute until the flood has had `count` answers of `status`.
    async fn until(&self, status: u16, count: usize) {
        let seen = tokio::time::timeout(Duration::from_secs(60), async {
            while self.answers.lock().unwrap().iter().filter(|s| **s == status).count() < count {
                self.answered.notified().await;
            }
        });
        assert!(seen.await.is_ok(), "the flood never had {count} × {status}: {:?}", self.answers.lock().unwrap());
    }

    /// Stops the flood; answers every status it got.
    async fn finish(self) -> Vec<u16> {
        self.stop.store(true, Ordering::SeqCst);
        for worker in self.workers {
            worker.await.unwrap();
        }
        let answers = self.answers.lock().unwrap().clone();
        answers
    }
}

/// The admin's and the customer's logins, each sent again for as long as the answer is 503 (up to a
/// minute); `stop` (a flood's) is set once each has been turned away more often than their free attempts,
/// or has got in. Answers every status each saw, the last being the first that was not 503.
async fn real_logins(
    stop: &AtomicBool,
    admin: impl Fn() -> reqwest::RequestBuilder,
    customer: impl Fn() -> reqwest::RequestBuilder,
) -> (Vec<u16>, Vec<u16>) {
    let turned_away = [AtomicUsize::new(0), AtomicUsize::new(0)];
    let deadline = Instant::now() + Duration::from_secs(60);
    tokio::join!(
        retried(&admin, &turned_away[0], &turned_away, stop, deadline),
        retried(&customer, &turned_away[1], &turned_away, stop, deadline),
    )
}

/// Sends `request()` until the answer is not 503 or the deadline passes, counting the 503s in `mine`;
/// sets `stop` once every one of `all` is past the free attempts (a login that got in counts as past).
async fn retried(
    request: &dyn Fn() -> reqwest::RequestBuilder,
    mine: &AtomicUsize,
    all: &[AtomicUsize; 2],
    stop: &AtomicBool,
    deadline: Instant,
) -> Vec<u16> {
    let mut statuses = Vec::new();
    loop {
        let status = request().send().await.expect("the server answers").status().as_u16();
        statuses.push(status);
        if status == 503 {
            mine.fetch_add(1, Ordering::SeqCst);
        } else {
            mine.store(usize::MAX, Ordering::SeqCst);
        }
        if all.iter().all(|n| n.load(Ordering::SeqCst) > FREE_ATTEMPTS) {
            stop.store(true, Ordering::SeqCst);
        }
        if status != 503 || Instant::now() > deadline {
            return statuses;
        }
    }
}

/// Every status of a retried login but the last is 503, and the last is 200.
fn got_in_after_busy_answers(statuses: &[u16]) -> bool {
    statuses.last() == Some(&200) && statuses[..statuses.len() - 1].iter().all(|s| *s == 503)
}

#[tokio::test]
async fn a_flood_of_made_up_logins_from_many_addresses_leaves_the_admin_and_a_customer_signing_in() {
    // A pool large enough for the flood to reach the password check as fast as the machine allows.
    let busy_shop = [("TRUSTED_PROXIES", "127.0.0.1"), ("DB_POOL_SIZE", "20"), SMALL_QUEUE[0], SMALL_QUEUE[1]];
    let server = Arc::new(spawn_process(&busy_shop).await);
    let customer = ("ayesha@example.pk", "ayesha-pass-1");
    let signed_up = login(&server, "/api/auth/signup", customer, Some("192.0.2.20"), None).send().await.unwrap();
    assert_eq!(signed_up.status(), 201);

    // 400 at a time, each login from an address of its own, as from a botnet behind the shop's proxy.
    let flooding = server.clone();
    let flood = Flood::start(400, move |n| {
        let address = format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255);
        login(&flooding, "/api/auth/login", (&format!("made-up{n}@example.pk"), "guess-123"), Some(&address), None)
    });
    // In full swing: the password queue has been full a hundred times.
    flood.until(503, 100).await;
    let (admin, shopper) = real_logins(
        &flood.stop,
        || login(&server, "/api/admin/login", (ADMIN_EMAIL, ADMIN_PASSWORD), Some("192.0.2.10"), None),
        || login(&server, "/api/auth/login", customer, Some("192.0.2.20"), None),
    )
    .await;
    let flood_answers = flood.finish().await;

    assert!(got_in_after_busy_answers(&admin), "the admin: {admin:?}");
    assert!(got_in_after_busy_answers(&shopper), "the customer: {shopper:?}");
    assert!(flood_answers.iter().all(|s| [401, 503].contains(s)), "the flood: {flood_answers:?}");
}

#[tokio::test]
async fn a_flood_of_made_up_logins_from_the_owners_own_address_is_capped_and_her_usual_devices_sign_in() {
    let server = Arc::new(spawn_process(&SMALL_QUEUE).await);
    let customer = ("ayesha@example.pk", "ayesha-pass-1");
    let newcomer = ("bilal@example.pk", "bilal-pass-1");
    for account in [customer, newcomer] {
        let signed_up = login(&server, "/api/auth/signup", account, None, None).send().await.unwrap();
        assert_eq!(signed_up.status(), 201);
    }
    let admin = login(&server, "/api/admin/login", (ADMIN_EMAIL, ADMIN_PASSWORD), None, None);
    let admin_device = device_cookie(&admin.send().await.unwrap());
    let customer_device = device_cookie(&login(&server, "/api/auth/login", customer, None, None).send().await.unwrap());

    // Forty connections from the one address everybody here shares, as behind a carrier's NAT.
    let flooding = server.clone();
    let flood = Flood::start(40, move |n| {
        login(&flooding, "/api/auth/login", (&format!("made-up{n}@example.pk"), "guess-123"), None, None)
    });
    flood.until(503, 1).await;
    let (admin, shopper) = real_logins(
        &AtomicBool::new(false),
        || login(&server, "/api/admin/login", (ADMIN_EMAIL, ADMIN_PASSWORD), None, Some(&admin_device)),
        || login(&server, "/api/auth/login", customer, None, Some(&customer_device)),
    )
    .await;
    flood.until(401, 30).await;
    let flood_answers = flood.finish().await;
    let on_a_new_phone = login(&server, "/api/auth/login", newcomer, None, None).send().await.unwrap();

    assert!(got_in_after_busy_answers(&admin), "the admin's usual device: {admin:?}");
    assert!(got_in_after_busy_answers(&shopper), "the customer's usual device: {shopper:?}");
    let checked = flood_answers.iter().filter(|s| **s == 401).count();
    assert_eq!(checked, 30, "the address's hourly cap, busy answers not counted: {flood_answers:?}");
    assert!(flood_answers.iter().all(|s| [401, 429, 503].contains(s)), "the flood: {flood_answers:?}");
    assert_eq!(on_a_new_phone.status(), 429);
    assert!(on_a_new_phone.headers().get("retry-after").is_some());
    assert_eq!(
        on_a_new_phone.json::<Value>().await.unwrap(),
        json!({"message": "Too many failed attempts. Please try again in 60 minutes."})
    );
}
