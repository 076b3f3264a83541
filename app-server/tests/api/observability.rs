//! What an operator sees (docs/production.md 'Logs' and 'Metrics', docs/operations.md): request ids and
//! `/metrics` with its series; the log itself is the system tier's (tests/system/observability.rs).

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::{id_of, new_product, one_case, sample, spawn_app_with, TestApp};

const TOKEN: &str = "metrics-token-0123456789";

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
