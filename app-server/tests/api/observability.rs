//! What an operator sees (docs/production.md 'Logs' and 'Metrics', docs/operations.md): request ids, the
//! JSON log followed by one request's id, secrets kept out of it, and `/metrics` with its series.

use std::time::Duration;

use adapters_postgres::PgPool;
use application::catalog::ports::CatalogWriter;
use serde_json::{json, Value};

use crate::helpers::{customer_session, new_product, spawn_app_with, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::process::spawn_process;

const TOKEN: &str = "metrics-token-0123456789";

/// The id an answer carries.
fn id_of(response: &reqwest::Response) -> String {
    response.headers()["x-request-id"].to_str().unwrap().to_owned()
}

/// Whether `id` is one the server made: 128 bits in hex.
fn is_new_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `GET {address}/metrics` with the bearer token; answers the text.
async fn scrape(client: &reqwest::Client, address: &str) -> String {
    let response = client.get(format!("{address}/metrics")).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.text().await.unwrap()
}

/// The value of the sample `series` (name and labels exactly as written), 0 when absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |value| value.parse().unwrap())
}

/// The text rows of `query` (one text column named `t`) on `pool`'s database.
async fn texts(pool: &PgPool, query: &str) -> Vec<String> {
    let (pool, query) = (pool.clone(), query.to_owned());
    tokio::task::spawn_blocking(move || adapters_postgres::test_support::texts(&pool, &query)).await.unwrap().unwrap()
}

async fn execute(pool: &PgPool, statement: &str) -> usize {
    let (pool, statement) = (pool.clone(), statement.to_owned());
    tokio::task::spawn_blocking(move || adapters_postgres::test_support::execute(&pool, &statement))
        .await
        .unwrap()
        .unwrap()
}

async fn app_with_token() -> TestApp {
    spawn_app_with(&[("METRICS_TOKEN", TOKEN.to_owned()), ("CATALOG_CACHE_MS", "60000".to_owned())]).await
}

#[tokio::test]
async fn every_answer_carries_a_request_id_new_unless_a_well_formed_one_came_in() {
    let app = spawn_app_with(&[]).await;
    let get = |id: Option<reqwest::header::HeaderValue>| {
        let mut request = app.client.get(format!("{}/api/products", app.address));
        if let Some(id) = id {
            request = request.header("x-request-id", id);
        }
        request.send()
    };
    let value = |text: &str| reqwest::header::HeaderValue::from_str(text).unwrap();

    let (first, second) = (get(None).await.unwrap(), get(None).await.unwrap());
    let kept = get(Some(value("lb-7f3a.b_C:9"))).await.unwrap();
    let longest = get(Some(value(&"a".repeat(64)))).await.unwrap();
    let too_long = get(Some(value(&"a".repeat(65)))).await.unwrap();
    let spaced = get(Some(value("lb 7f3a"))).await.unwrap();
    let tabbed = get(Some(value("lb\t7f3a"))).await.unwrap();
    let slashed = get(Some(value("lb/7f3a"))).await.unwrap();
    let not_ascii = get(Some(reqwest::header::HeaderValue::from_bytes(b"lb\xff7f3a").unwrap())).await.unwrap();
    let unmatched = app.get("/no/such/page/at/all.txt").await;

    assert_eq!(first.status(), 200);
    assert!(is_new_id(&id_of(&first)) && is_new_id(&id_of(&second)), "{} {}", id_of(&first), id_of(&second));
    assert_ne!(id_of(&first), id_of(&second));
    assert_eq!(id_of(&kept), "lb-7f3a.b_C:9");
    assert_eq!(id_of(&longest), "a".repeat(64));
    for replaced in [&too_long, &spaced, &tabbed, &slashed, &not_ascii] {
        assert!(is_new_id(&id_of(replaced)), "{}", id_of(replaced));
    }
    assert_eq!(unmatched.status(), 404);
    assert!(is_new_id(&id_of(&unmatched)));
}

#[tokio::test]
async fn metrics_on_the_public_listener_are_a_404_without_a_token_and_need_the_right_one_with_it() {
    let closed = spawn_app_with(&[]).await;
    let open = app_with_token().await;
    let get = |app: &TestApp, auth: Option<&str>| {
        let mut request = app.client.get(format!("{}/metrics", app.address));
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        request.send()
    };

    let without_token = get(&closed, Some(&format!("Bearer {TOKEN}"))).await.unwrap();
    let missing = get(&open, None).await.unwrap();
    let wrong = get(&open, Some("Bearer metrics-token-0123456788")).await.unwrap();
    let basic = get(&open, Some(&format!("Basic {TOKEN}"))).await.unwrap();
    let right = get(&open, Some(&format!("Bearer {TOKEN}"))).await.unwrap();

    assert_eq!(without_token.status(), 404);
    assert_eq!(without_token.json::<Value>().await.unwrap(), json!({"message": "No such resource."}));
    for refused in [missing, wrong, basic] {
        assert_eq!(refused.status(), 401);
        assert_eq!(refused.headers()["www-authenticate"], "Bearer");
        assert_eq!(refused.json::<Value>().await.unwrap(), json!({"message": "A valid metrics token is required."}));
    }
    assert_eq!(right.status(), 200);
    assert_eq!(right.headers()["content-type"], "text/plain; version=0.0.4; charset=utf-8");
    let text = right.text().await.unwrap();
    for series in [
        "# TYPE http_requests counter",
        "# TYPE http_request_duration_seconds histogram",
        "# TYPE db_pool_connections gauge",
        "# TYPE db_pool_max_connections gauge",
        "# TYPE db_pool_waiting gauge",
        "# TYPE db_pool_wait_seconds histogram",
        "# TYPE outbox_pending gauge",
        "# TYPE outbox_failed gauge",
        "# TYPE outbox_sent counter",
        "# TYPE outbox_send_failures counter",
        "# TYPE orders gauge",
        "# TYPE orders_placed counter",
        "# TYPE cache_requests counter",
        "# TYPE process_resident_memory_bytes gauge",
    ] {
        assert!(text.contains(series), "{series} missing from:\n{text}");
    }
    assert_eq!(sample(&text, "db_pool_max_connections"), 4.0);
    assert!(sample(&text, "process_resident_memory_bytes") > 1_000_000.0, "{text}");
}

#[tokio::test]
async fn a_routes_counter_rises_by_exactly_its_requests_and_the_catalogue_cache_misses_once_then_hits() {
    let app = app_with_token().await;
    let category = app.add_category("Cases", None).await;
    let product = app.add_product(new_product("Phone Case", category, (900, None, 0), 10, false)).await;
    let ok = r#"http_requests_total{method="GET",route="/api/products/{id}",status="200"}"#;
    let missing = r#"http_requests_total{method="GET",route="/api/products/{id}",status="404"}"#;
    let other = r#"http_requests_total{method="GET",route="other",status="404"}"#;
    let timed = r#"http_request_duration_seconds_count{method="GET",route="/api/products/{id}"}"#;
    let (hit, miss) = (
        r#"cache_requests_total{cache="catalogue",result="hit"}"#,
        r#"cache_requests_total{cache="catalogue",result="miss"}"#,
    );
    let before = scrape(&app.client, &app.address).await;

    for _ in 0..7 {
        assert_eq!(app.get(&format!("/api/products/{product}")).await.status(), 200);
    }
    assert_eq!(app.get("/api/products/999999").await.status(), 404);
    assert_eq!(app.get("/api/nothing/here?token=abc").await.status(), 404);
    assert_eq!(app.get("/api/nothing/else").await.status(), 404);
    let after = scrape(&app.client, &app.address).await;

    assert_eq!(sample(&after, ok) - sample(&before, ok), 7.0);
    assert_eq!(sample(&after, missing) - sample(&before, missing), 1.0);
    assert_eq!(sample(&after, other) - sample(&before, other), 2.0);
    assert_eq!(sample(&after, timed) - sample(&before, timed), 8.0);
    // The product's answer is computed once and then served from the cache; the unknown product's
    // error is computed and never kept.
    assert_eq!(sample(&after, miss) - sample(&before, miss), 2.0);
    assert_eq!(sample(&after, hit) - sample(&before, hit), 6.0);
    assert!(!after.contains("/api/nothing"), "paths are never label values");
}

/// A one-unit order of `product` at 900 with a 200 delivery charge.
fn one_case(product: &str) -> Value {
    json!({
        "userDetails": {"country": "Pakistan", "province": "Punjab", "city": "Lahore", "name": "Ayesha Khan",
                        "phone1": "0300 1234567", "phone2": "", "email": "ayesha@example.pk",
                        "address": "House 12, Street 4, Gulberg III", "paymentMethod": "COD"},
        "cart": [{"productId": product, "quantity": 1, "price": 900}],
        "subtotal": 900, "deliveryCharge": 200, "coupon": null, "couponDiscount": 0, "total": 1100
    })
}

#[tokio::test]
async fn orders_by_status_are_the_databases_and_each_placed_order_is_counted_once() {
    let app = app_with_token().await;
    let category = app.add_category("Cases", None).await;
    let product = app.add_product(new_product("Phone Case", category, (900, None, 0), 10, false)).await;
    app.set_delivery_charge(200).await;
    let (_, customer) = app.customer("ayesha@example.pk").await;
    let admin = app.admin_cookie().await;
    let before = scrape(&app.client, &app.address).await;

    let mut ids = Vec::new();
    for key in ["first", "second", "third", "first"] {
        let (status, placed) = app.place_order(&customer, &one_case(&product.to_string()), Some(key)).await;
        assert_eq!(status, 201, "{placed}");
        ids.push(placed["order"]["_id"].as_str().unwrap().to_owned());
    }
    let approve = json!({"status": "approved", "comment": null});
    let reject = json!({"status": "rejected", "comment": "Out of delivery area"});
    assert_eq!(app.send(&admin, "PUT", &format!("/api/orders/{}/status", ids[0]), Some(approve)).await.0, 200);
    assert_eq!(app.send(&admin, "PUT", &format!("/api/orders/{}/status", ids[1]), Some(reject)).await.0, 200);
    let after = scrape(&app.client, &app.address).await;
    let stored =
        app.sql_texts("SELECT status || ' ' || count(*) AS t FROM orders GROUP BY status ORDER BY status").await;

    assert_eq!(ids[3], ids[0], "the repeated key answered the first order");
    assert_eq!(stored, ["approved 1", "pending 1", "rejected 1"]);
    for status in ["pending", "approved", "dispatched", "delivered", "rejected", "returned"] {
        let wanted =
            stored.iter().find_map(|row| row.strip_prefix(&format!("{status} "))).map_or(0.0, |n| n.parse().unwrap());
        assert_eq!(sample(&after, &format!(r#"orders{{status="{status}"}}"#)), wanted, "{status}");
    }
    assert_eq!(sample(&before, "orders_placed_total"), 0.0);
    assert_eq!(sample(&after, "orders_placed_total"), 3.0);
}

/// Scrapes until `done` holds of the text, for up to 20 s; answers the last text.
async fn scrape_until(app: &TestApp, done: impl Fn(&str) -> bool) -> String {
    let mut text = scrape(&app.client, &app.address).await;
    for _ in 0..200 {
        if done(&text) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        text = scrape(&app.client, &app.address).await;
    }
    text
}

#[tokio::test]
async fn outbox_pending_shows_queued_bulk_mail_until_this_instances_worker_sends_it() {
    let mut app = app_with_token().await;
    app.customer("ali@example.pk").await;
    app.customer("zara@example.pk").await;
    let admin = app.admin_cookie().await;
    app.smtp.stop();
    let body = json!({"subject": "Eid sale", "message": "20% off all cases", "sendToAll": true});

    let (status, _) = app.send(&admin, "POST", "/api/users/admin/send-bulk-email", Some(body)).await;
    let waiting = scrape_until(&app, |text| sample(text, "outbox_send_failures_total") >= 1.0).await;
    let counts = app.outbox_counts().await;
    app.smtp.restart().await;
    let sent = scrape_until(&app, |text| sample(text, "outbox_pending") == 0.0).await;

    assert_eq!(status, 202);
    assert_eq!(counts.queued, 2, "both mails wait for a retry");
    assert_eq!(sample(&waiting, "outbox_pending"), 2.0, "{waiting}");
    assert_eq!(sample(&waiting, "outbox_sent_total"), 0.0);
    assert!(sample(&waiting, "outbox_send_failures_total") >= 1.0);
    assert_eq!(sample(&sent, "outbox_pending"), 0.0, "{sent}");
    assert_eq!(sample(&sent, "outbox_failed"), 0.0);
    assert_eq!(sample(&sent, "outbox_sent_total"), 2.0);
    assert_eq!(app.smtp.messages().len(), 2);
}

/// The first JSON line whose `fields.message` is `message` and whose span has `request_id`.
fn line_of<'a>(log: &'a [Value], message: &str, request_id: &str) -> Option<&'a Value> {
    log.iter().find(|line| line["fields"]["message"] == message && line["span"]["request_id"] == request_id)
}

/// The `name=value` of a cookie a response sets.
fn cookie(response: &reqwest::Response, name: &str) -> String {
    let header = crate::helpers::set_cookie(response, name).unwrap_or_else(|| panic!("no {name} cookie set"));
    header.split(';').next().unwrap().to_owned()
}

#[tokio::test]
async fn the_log_is_json_lines_that_follow_a_request_by_its_id_and_hold_no_secret() {
    let mut server = spawn_process(&[("RESET_MAX_PER_EMAIL", "1")]).await;
    let (client, address, pool) = (server.client.clone(), server.address.clone(), server.pool());
    let post = |path: &str, id: &str, body: Value| {
        client.post(format!("{address}{path}")).header("x-request-id", id).json(&body).send()
    };
    let (first, second, wrong) = ("First-Pw-8812", "Second-Pw-3391", "Wrong-Pw-4471");
    let email = "ali@example.pk";

    let signup = post("/api/auth/signup", "signup-1", json!({"email": email, "password": first})).await.unwrap();
    let signup_session = cookie(&signup, "shop_session");
    let reset = post("/api/auth/password-reset", "reset-1", json!({"email": email})).await.unwrap();
    let mut token = None;
    for _ in 0..100 {
        let bodies = texts(&pool, "SELECT text_body AS t FROM email_outbox WHERE subject LIKE '%assword%'").await;
        token = bodies.iter().find_map(|body| body.split("token=").nth(1)).map(|rest| {
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')).collect::<String>()
        });
        if token.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let token = token.expect("the reset link was queued");
    let over_limit = post("/api/auth/password-reset", "reset-2", json!({"email": email})).await.unwrap();
    let confirm = post("/api/auth/password-reset/confirm", "confirm-1", json!({"token": token, "password": second}))
        .await
        .unwrap();
    let refused = post("/api/auth/login", "login-1", json!({"email": email, "password": wrong})).await.unwrap();
    let login = post("/api/auth/login", "login-2", json!({"email": email, "password": second})).await.unwrap();
    let login_session = cookie(&login, "shop_session");
    let admin =
        post("/api/admin/login", "admin-1", json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await.unwrap();
    let admin_session = cookie(&admin, "shop_admin");
    // An order whose stored risk reasons name a rule the code no longer knows: reading it logs a warning
    // inside the PostgreSQL adapter's blocking task.
    let catalogue = adapters_postgres::PgCatalogRepository::new(pool.clone());
    let category = catalogue
        .create_category(application::catalog::model::NewCategory {
            name: domain::category::CategoryName::parse("Cases").unwrap(),
            parent: None,
        })
        .await
        .unwrap();
    let product =
        catalogue.create_product(new_product("Phone Case", category, (900, None, 0), 5, false)).await.unwrap();
    let (_, shopper) = customer_session(&pool, "ayesha@example.pk").await;
    let mut order = one_case(&product.to_string());
    order["deliveryCharge"] = json!(0);
    order["total"] = json!(900);
    let placed =
        client.post(format!("{address}/api/orders")).header("cookie", &shopper).json(&order).send().await.unwrap();
    assert_eq!(placed.status(), 201);
    let approved = client
        .put(format!(
            "{address}/api/orders/{}/status",
            placed.json::<Value>().await.unwrap()["order"]["_id"].as_str().unwrap()
        ))
        .header("cookie", &admin_session)
        .json(&json!({"status": "approved", "comment": null}))
        .send()
        .await
        .unwrap();
    let retired = r#"[{"rule": "retired-rule", "points": 10, "text": "A rule since removed"}]"#;
    assert_eq!(execute(&pool, &format!("UPDATE orders SET risk_reasons = '{retired}'")).await, 1);
    let listed = client
        .get(format!("{address}/api/orders?status=approved"))
        .header("cookie", &admin_session)
        .header("x-request-id", "list-orders-1")
        .send()
        .await
        .unwrap();
    let over_limit_line = server
        .wait_for_json(|line| {
            line["fields"]["message"] == "a password-reset request is over its hourly limit"
                && line["span"]["request_id"] == "reset-2"
        })
        .await;
    let listed_line = server
        .wait_for_json(|line| line["fields"]["message"] == "access" && line["span"]["request_id"] == "list-orders-1")
        .await;

    assert_eq!(
        [signup.status(), reset.status(), over_limit.status(), confirm.status(), refused.status(), login.status()],
        [201, 202, 202, 204, 401, 200]
    );
    assert_eq!([admin.status(), approved.status(), listed.status()], [200, 200, 200]);
    assert_eq!(id_of(&listed), "list-orders-1");
    let log = server.log_json();
    for line in &log {
        assert!(
            line["timestamp"].is_string() && line["target"].is_string() && line["fields"]["message"].is_string(),
            "{line}"
        );
        assert!(["ERROR", "WARN", "INFO"].contains(&line["level"].as_str().unwrap()), "{line}");
    }
    // The access line of a request: its method, route pattern, status and time, under its id.
    let access = listed_line.expect("the listing's access line");
    assert_eq!(access["level"], "INFO");
    assert_eq!(access["fields"]["method"], "GET");
    assert_eq!(access["fields"]["route"], "/api/orders");
    assert_eq!(access["fields"]["status"], 200);
    assert!(access["fields"]["ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(access["spans"][0]["request_id"], "list-orders-1");
    // A line the PostgreSQL adapter wrote in its blocking task, and one a use case wrote in the reset
    // worker, carry the id of the request they served.
    let adapter = line_of(&log, "a stored risk reason names a rule no longer known; left out", "list-orders-1");
    assert_eq!(adapter.expect("the adapter's warning under the request's id")["fields"]["rule"], "retired-rule");
    assert_eq!(over_limit_line.expect("the use case's line under the request's id")["fields"]["limit"], "reset-email");
    let confirm_access = line_of(&log, "access", "confirm-1").expect("the confirmation's access line");
    assert_eq!(confirm_access["fields"]["route"], "/api/auth/password-reset/confirm");
    // No password, session, cookie or token of these flows anywhere in the log.
    let text = server.log();
    let value = |cookie: &str| cookie.split_once('=').unwrap().1.to_owned();
    for secret in [
        first.to_owned(),
        second.to_owned(),
        wrong.to_owned(),
        ADMIN_PASSWORD.to_owned(),
        token,
        value(&signup_session),
        value(&login_session),
        value(&admin_session),
        value(&shopper),
        "$argon2".to_owned(),
    ] {
        assert!(!text.contains(&secret), "the log holds {secret}");
    }
}

#[tokio::test]
async fn metrics_addr_serves_metrics_alone_and_the_public_listener_still_hides_them() {
    let server = spawn_process(&[("METRICS_ADDR", "127.0.0.1:0")]).await;
    let metrics = server.metrics_address.clone().expect("the metrics listener's address is logged");
    let get = |url: String| server.client.get(url).send();

    let served = get(format!("{metrics}/metrics")).await.unwrap();
    let root = get(format!("{metrics}/")).await.unwrap();
    let api = get(format!("{metrics}/api/products")).await.unwrap();
    let public = get(format!("{}/metrics", server.address)).await.unwrap();

    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "text/plain; version=0.0.4; charset=utf-8");
    let text = served.text().await.unwrap();
    assert_eq!(sample(&text, "db_pool_max_connections"), 4.0, "{text}");
    assert!(sample(&text, "db_pool_wait_seconds_count") >= 1.0, "{text}");
    assert!(sample(&text, "process_resident_memory_bytes") > 1_000_000.0, "{text}");
    for refused in [root, api] {
        assert_eq!(refused.status(), 404);
        assert_eq!(refused.json::<Value>().await.unwrap(), json!({"message": "Only /metrics is served here."}));
    }
    assert_eq!(public.status(), 404);
    assert_eq!(public.json::<Value>().await.unwrap(), json!({"message": "No such resource."}));
}

#[tokio::test]
async fn log_format_text_keeps_one_text_line_per_event_with_the_request_id() {
    let mut server = spawn_process(&[("LOG_FORMAT", "text")]).await;

    let answer = server
        .client
        .get(format!("{}/api/products", server.address))
        .header("x-request-id", "text-1")
        .send()
        .await
        .unwrap();
    let access = server.wait_for_log("request_id=text-1").await;

    assert_eq!(answer.status(), 200);
    let access = access.expect("the access line names the request's id");
    assert!(serde_json::from_str::<Value>(&access).is_err(), "{access}");
    assert!(access.contains(" INFO request{request_id=text-1}: adapters_http::telemetry: access "), "{access}");
    assert!(access.contains("/api/products") && access.contains("status=200"), "{access}");
    let started = server.log().lines().find(|line| line.contains("serving the shop")).unwrap().to_owned();
    assert!(started.contains(&format!(" addr={}", server.addr)), "{started}");
}
