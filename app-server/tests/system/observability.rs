//! What an operator sees of the built process (docs/production.md 'Logs' and 'Metrics'): the JSON log
//! followed by one request's id with no secret in it, `METRICS_ADDR`'s listener, and `LOG_FORMAT=text`.

use std::time::Duration;

use adapters_postgres::PgPool;
use application::catalog::ports::CatalogWriter;
use serde_json::{json, Value};

use crate::helpers::{customer_session, id_of, new_product, one_case, sample, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::process::spawn_process;

/// The text rows of `query` (one text column named `t`) on `pool`'s database.
async fn texts(pool: &PgPool, query: &str) -> Vec<String> {
    let (pool, query) = (pool.clone(), query.to_owned());
    tokio::task::spawn_blocking(move || adapters_postgres::test_support::texts(&pool, &query)).await.unwrap().unwrap()
}

/// Runs one SQL statement on `pool`'s database; answers the rows touched.
async fn execute(pool: &PgPool, statement: &str) -> usize {
    let (pool, statement) = (pool.clone(), statement.to_owned());
    tokio::task::spawn_blocking(move || adapters_postgres::test_support::execute(&pool, &statement))
        .await
        .unwrap()
        .unwrap()
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
            name_ur: None,
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
