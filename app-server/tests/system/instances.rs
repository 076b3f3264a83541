//! Two built `app-server` processes on one database, as two instances behind a load balancer
//! (docs/production.md, 'Several instances'): what one instance does, the other sees; nothing either needs is
//! kept only in the other's memory.

use std::time::{Duration, Instant};

use adapters_mail::test_support::SmtpSink;
use adapters_postgres::PgCatalogRepository;
use application::catalog::model::NewCategory;
use application::catalog::ports::CatalogWriter;
use application::mail::ports::MailOutbox;
use domain::category::CategoryName;
use domain::ids::CategoryId;
use serde_json::{json, Value};

use crate::helpers::{customer_session, edit_as_clear_case, new_product, set_cookie, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::order_races::{one_unit, race, send, stock_of};
use crate::process::{spawn_process, spawn_together, ServerProcess};

/// The catalogue cache's lifetime in these tests.
const CACHE_MS: u64 = 1000;

/// Two instances on one database, both sending through one SMTP sink, their outbox workers polling every
/// 50 ms, the catalogue cached for [`CACHE_MS`].
async fn two_instances() -> (ServerProcess, ServerProcess, SmtpSink) {
    let sink = SmtpSink::start().await;
    let (smtp, cache) = (sink.url(), CACHE_MS.to_string());
    let first = spawn_process(&[
        ("SMTP_URL", smtp.as_str()),
        ("OUTBOX_POLL_MS", "50"),
        ("CATALOG_CACHE_MS", cache.as_str()),
        ("DB_POOL_SIZE", "8"),
    ])
    .await;
    let second = first.another().await;
    (first, second, sink)
}

/// `method` on `path` of `server`, with a `Cookie` header and a JSON body when given.
async fn call(
    server: &ServerProcess,
    method: reqwest::Method,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> reqwest::Response {
    let mut request = server.client.request(method, format!("{}{path}", server.address));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

/// GET `path` of `server` with `cookie`: the status and the JSON answer.
async fn get(server: &ServerProcess, path: &str, cookie: &str) -> (u16, Value) {
    let response = call(server, reqwest::Method::GET, path, Some(cookie), None).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

/// The `Cookie` header value of the customer session a response sets.
fn customer_cookie(response: &reqwest::Response) -> String {
    set_cookie(response, "shop_session").expect("the session cookie is set").split(';').next().unwrap().to_owned()
}

async fn add_category(server: &ServerProcess, name: &str) -> CategoryId {
    PgCatalogRepository::new(server.pool())
        .create_category(NewCategory { name: CategoryName::parse(name).unwrap(), name_ur: None, parent: None })
        .await
        .unwrap()
}

/// The rows of a query (one text column `t`) on the instances' database, read beside the code under test.
async fn sql_texts(server: &ServerProcess, query: &str) -> Vec<String> {
    let (pool, query) = (server.pool(), query.to_owned());
    tokio::task::spawn_blocking(move || adapters_postgres::test_support::texts(&pool, &query))
        .await
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[tokio::test]
async fn a_session_made_on_one_instance_works_on_the_other_until_a_logout_on_either() {
    let (first, second, _sink) = two_instances().await;
    let account = json!({"email": "hina@example.pk", "password": "secret-123", "name": "Hina"});
    let hina = |uid: &Value| json!({"user": {"uid": uid, "email": "hina@example.pk", "name": "Hina"}});

    let signup = call(&first, reqwest::Method::POST, "/api/auth/signup", None, Some(account.clone())).await;
    assert_eq!(signup.status(), 201);
    let signed_up = customer_cookie(&signup);
    let (status, session) = get(&second, "/api/auth/session", &signed_up).await;
    assert_eq!((status, &session), (200, &hina(&session["user"]["uid"])));
    let login = call(&second, reqwest::Method::POST, "/api/auth/login", None, Some(account)).await;
    assert_eq!(login.status(), 200);
    let logged_in = customer_cookie(&login);
    assert_eq!(get(&first, "/api/auth/session", &logged_in).await, (200, hina(&session["user"]["uid"])));

    let logout = call(&second, reqwest::Method::POST, "/api/auth/logout", Some(&signed_up), Some(json!({}))).await;
    assert_eq!(logout.status(), 204);
    assert_eq!(get(&first, "/api/auth/session", &signed_up).await, (200, json!({"user": null})));
    assert_eq!(get(&first, "/api/auth/me", &signed_up).await, (401, json!({"message": "Please log in."})));
    assert_eq!(get(&first, "/api/auth/session", &logged_in).await.1, hina(&session["user"]["uid"]));

    let admin = first.admin_cookie().await;
    assert_eq!(get(&second, "/api/admin/check", &admin).await.0, 200);
    let (status, orders) = get(&second, "/api/orders?limit=1", &admin).await;
    assert_eq!((status, &orders["total"]), (200, &json!(0)), "{orders}");

    let admin_logout = call(&first, reqwest::Method::POST, "/api/admin/logout", Some(&admin), None).await;
    assert_eq!(admin_logout.status(), 200);
    assert_eq!(get(&second, "/api/admin/check", &admin).await, (401, json!({"message": "Admin login required."})));
    assert_eq!(get(&second, "/api/orders?limit=1", &admin).await, (401, json!({"message": "Admin login required."})));
}

#[tokio::test]
async fn failed_logins_on_one_instance_hold_back_the_same_login_on_the_other() {
    let (first, second, _sink) = two_instances().await;
    let login = |password: &str| Some(json!({"email": ADMIN_EMAIL, "password": password}));

    for (n, server) in [&first, &second, &first, &second, &first].into_iter().enumerate() {
        let refused = call(server, reqwest::Method::POST, "/api/admin/login", None, login("guess")).await;
        assert_eq!(refused.status(), 401, "failure {n}");
    }
    let blocked = call(&second, reqwest::Method::POST, "/api/admin/login", None, login(ADMIN_PASSWORD)).await;

    assert_eq!(blocked.status(), 429, "the five failures were counted in PostgreSQL, for both instances");
    assert_eq!(
        blocked.json::<Value>().await.unwrap(),
        json!({"message": "Too many failed attempts. Please try again in 1 minute."})
    );
}

#[tokio::test]
async fn forty_shoppers_split_over_two_instances_after_the_last_five_units_leave_exactly_five_orders() {
    let (first, second, _sink) = two_instances().await;
    first.lift_order_limits().await;
    let category = add_category(&first, "Chargers").await;
    let mut shoppers = Vec::new();
    for n in 0..40 {
        shoppers.push(customer_session(&first.pool(), &format!("shopper{n}@example.pk")).await.1);
    }
    let mut through = [0, 0];

    for round in 0..10 {
        let name = format!("Charger {round}");
        let product = PgCatalogRepository::new(first.pool())
            .create_product(new_product(&name, category, (100, None, 0), 5, false))
            .await
            .unwrap();

        let placed = race(&[&first, &second], &shoppers, product, &name).await;

        assert_eq!(placed.iter().sum::<usize>(), 5, "round {round}: {placed:?}");
        assert_eq!(stock_of(&first, product).await, 0, "round {round}");
        let stored = format!("SELECT count(*)::text AS t FROM order_items WHERE product_id = {product}");
        assert_eq!(sql_texts(&first, &stored).await, ["5"], "round {round}");
        through[0] += placed[0];
        through[1] += placed[1];
    }
    assert!(through[0] > 0 && through[1] > 0, "both instances placed orders: {through:?}");
}

/// The sink's messages as (recipient, subject), sorted.
fn received(sink: &SmtpSink) -> Vec<(String, String)> {
    let mut mails: Vec<(String, String)> = sink
        .messages()
        .into_iter()
        .map(|mail| {
            let subject = mail.data.lines().find_map(|line| line.strip_prefix("Subject: ")).unwrap_or("").to_owned();
            (mail.to.join(","), subject)
        })
        .collect();
    mails.sort();
    mails
}

#[tokio::test]
async fn each_outbox_e_mail_is_sent_exactly_once_by_two_instances_polling_one_outbox() {
    let (first, second, sink) = two_instances().await;
    first.lift_order_limits().await;
    let category = add_category(&first, "Cables").await;
    let product = PgCatalogRepository::new(first.pool())
        .create_product(new_product("Cable", category, (100, None, 0), 100, false))
        .await
        .unwrap();
    let mut customers = Vec::new();
    for n in 0..200 {
        customers.push(customer_session(&first.pool(), &format!("customer{n:03}@example.pk")).await.1);
    }
    let admin = first.admin_cookie().await;

    let bulk = json!({"subject": "Eid sale", "message": "20% off all cases", "sendToAll": true});
    let queued =
        call(&first, reqwest::Method::POST, "/api/users/admin/send-bulk-email", Some(&admin), Some(bulk)).await;
    assert_eq!(queued.status(), 202);
    assert_eq!(
        queued.json::<Value>().await.unwrap(),
        json!({"message": "✅ Emails sent!", "queued": 200, "blocked": 0, "unsubscribed": 0})
    );
    let mut order_ids = Vec::new();
    for (n, cookie) in customers.iter().take(10).enumerate() {
        let server = if n % 2 == 0 { &first } else { &second };
        let url = format!("{}/api/orders", server.address);
        let (status, placed) =
            send(server.client.clone(), url, reqwest::Method::POST, cookie.clone(), one_unit(product)).await;
        assert_eq!(status, 201, "{placed}");
        order_ids.push(placed["order"]["_id"].as_str().unwrap().to_owned());
    }
    let mut expected: Vec<(String, String)> =
        (0..200).map(|n| (format!("customer{n:03}@example.pk"), "Eid sale".to_owned())).collect();
    for (n, id) in order_ids.iter().enumerate() {
        expected.push((format!("customer{n:03}@example.pk"), format!("Please confirm your order #{id}")));
        expected.push((ADMIN_EMAIL.to_owned(), format!("New order #{id}: Rs 100")));
    }
    expected.sort();

    let outbox = adapters_postgres::PgMailOutbox::new(first.pool());
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let counts = outbox.counts().await.unwrap();
        if sink.messages().len() >= expected.len() && counts.queued == 0 {
            assert_eq!((counts.sent, counts.failed), (220, 0));
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not all mail went out within 60 s: {counts:?}, {} received",
            sink.messages().len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    assert_eq!(received(&sink), expected, "each e-mail once");
    for server in [&first, &second] {
        assert!(server.log().contains("outbox pass"), "both instances' workers delivered some:\n{}", server.log());
    }
}

#[tokio::test]
async fn a_price_changed_through_one_instance_shows_through_the_other_within_the_cache_lifetime() {
    let (first, second, _sink) = two_instances().await;
    let category = add_category(&first, "Cases").await;
    let product = PgCatalogRepository::new(first.pool())
        .create_product(new_product("Clear case", category, (999, None, 0), 2, false))
        .await
        .unwrap();
    let path = format!("/api/products/{product}");
    let admin = first.admin_cookie().await;
    assert_eq!(get(&first, &path, "").await.1["price"], 999);
    assert_eq!(get(&second, &path, "").await.1["price"], 999, "the second instance now holds the answer");

    edit_as_clear_case(&first.client, &first.address, &admin, product, (category, 1299, 2)).await;
    let changed = Instant::now();
    assert_eq!(get(&first, &path, "").await.1["price"], 1299, "the changing instance drops its own answers at once");
    shows_within_the_cache_lifetime(&second, &path, "price", 1299, changed).await;
}

/// Waits until `server`'s answer at `path` has `value` in `field`, and asserts it came within the catalogue
/// cache's lifetime (and a second's slack) of `changed`; fails after 10 s.
async fn shows_within_the_cache_lifetime(
    server: &ServerProcess,
    path: &str,
    field: &str,
    value: u32,
    changed: Instant,
) {
    let deadline = changed + Duration::from_secs(10);
    while get(server, path, "").await.1[field] != value {
        assert!(Instant::now() < deadline, "the other instance still shows the old {field} after 10 s");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let took = changed.elapsed();

    let bound = Duration::from_millis(CACHE_MS + 1000);
    assert!(took <= bound, "the other instance showed the new {field} after {took:?}, over {bound:?}");
}

#[tokio::test]
async fn stock_an_order_takes_through_one_instance_shows_there_at_once_and_through_the_other_within_the_cache_lifetime()
{
    let (first, second, _sink) = two_instances().await;
    first.lift_order_limits().await;
    let category = add_category(&first, "Cables").await;
    let product = PgCatalogRepository::new(first.pool())
        .create_product(new_product("Braided cable", category, (100, None, 0), 3, false))
        .await
        .unwrap();
    let path = format!("/api/products/{product}");
    assert_eq!(get(&first, &path, "").await.1["stock"], 3);
    assert_eq!(get(&second, &path, "").await.1["stock"], 3, "the second instance now holds the answer");
    let shopper = customer_session(&first.pool(), "stock@example.pk").await.1;

    let url = format!("{}/api/orders", first.address);
    let (status, answer) = send(first.client.clone(), url, reqwest::Method::POST, shopper, one_unit(product)).await;
    assert_eq!(status, 201, "{answer}");
    let placed = Instant::now();
    assert_eq!(
        get(&first, &path, "").await.1["stock"],
        2,
        "the instance that took the stock drops its own answer at once"
    );
    shows_within_the_cache_lifetime(&second, &path, "stock", 2, placed).await;
}

/// The statuses of an order's history, in order, read from PostgreSQL.
async fn history(server: &ServerProcess, order: &str) -> Vec<String> {
    sql_texts(server, &format!("SELECT status AS t FROM order_events WHERE order_id = {order} ORDER BY at, id")).await
}

#[tokio::test]
async fn orders_moved_through_both_instances_keep_a_history_without_gaps() {
    let (first, second, _sink) = two_instances().await;
    let category = add_category(&first, "Earbuds").await;
    let product = PgCatalogRepository::new(first.pool())
        .create_product(new_product("Earbuds", category, (100, None, 0), 100, false))
        .await
        .unwrap();
    let (_, shopper) = customer_session(&first.pool(), "shopper@example.pk").await;
    let admin = second.admin_cookie().await;
    let place = |server: &ServerProcess| {
        send(
            server.client.clone(),
            format!("{}/api/orders", server.address),
            reqwest::Method::POST,
            shopper.clone(),
            one_unit(product),
        )
    };
    let set_status = |server: &ServerProcess, order: &str, status: &str| {
        let url = format!("{}/api/orders/{order}/status", server.address);
        send(server.client.clone(), url, reqwest::Method::PUT, admin.clone(), json!({"status": status}))
    };
    let steps = ["approved", "dispatched", "delivered"];

    let (status, placed) = place(&first).await;
    assert_eq!(status, 201, "{placed}");
    let alternating = placed["order"]["_id"].as_str().unwrap().to_owned();
    for (step, server) in steps.iter().zip([&second, &first, &second]) {
        let (status, body) = set_status(server, &alternating, step).await;
        assert_eq!((status, &body["order"]["status"]), (200, &json!(step)), "{body}");
    }
    assert_eq!(history(&first, &alternating).await, ["pending", "approved", "dispatched", "delivered"]);

    for n in 0..5 {
        let (status, placed) = place(if n % 2 == 0 { &second } else { &first }).await;
        assert_eq!(status, 201, "{placed}");
        let order = placed["order"]["_id"].as_str().unwrap().to_owned();
        for step in steps {
            let (one, other) = tokio::join!(
                tokio::spawn(set_status(&first, &order, step)),
                tokio::spawn(set_status(&second, &order, step))
            );
            let mut answers = [one.unwrap(), other.unwrap()];
            answers.sort_by_key(|(status, _)| *status);
            assert_eq!(answers[0].0, 200, "order {order}, {step}: {answers:?}");
            assert_eq!(
                (answers[1].0, &answers[1].1),
                (409, &json!({"message": format!("An order that is {step} cannot be changed to {step}.")})),
                "order {order}, {step}"
            );
        }

        assert_eq!(history(&first, &order).await, ["pending", "approved", "dispatched", "delivered"], "order {order}");
    }
}

#[tokio::test]
async fn two_instances_started_at_once_on_a_new_database_both_create_and_migrate_it_and_serve() {
    let (first, second) = spawn_together(&[]).await;

    let migrations = sql_texts(&first, "SELECT count(*)::text AS t FROM __diesel_schema_migrations").await;
    let expected = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations"))
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().path().join("up.sql").exists())
        .count();
    assert_eq!(migrations, [expected.to_string()]);
    for server in [&first, &second] {
        let health = server.client.get(format!("{}/readyz", server.address)).send().await.unwrap();
        assert_eq!(health.status(), 200, "{}", server.log());
    }
}
