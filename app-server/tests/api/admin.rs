use serde_json::json;

use crate::helpers::{session_cookie, spawn_app, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD};

async fn login(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(format!("{}/api/admin/login", app.address))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

async fn check(app: &TestApp, cookie: Option<&str>) -> (u16, serde_json::Value) {
    let mut request = app.client.get(format!("{}/api/admin/check", app.address));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn put_charge(
    app: &TestApp,
    cookie: Option<&str>,
    origin: Option<&str>,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    let mut request = app.client.put(format!("{}/api/settings/delivery-charge", app.address)).json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn the_admin_signs_in_with_a_strict_http_only_cookie_and_out_again() {
    let app = spawn_app().await;

    let response = login(&app, "Owner@Shop.test", ADMIN_PASSWORD).await;
    let set_cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    let cookie = session_cookie(&response);
    let body: serde_json::Value = response.json().await.unwrap();

    assert_eq!(body, json!({"ok": true, "email": ADMIN_EMAIL}));
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=604800"] {
        assert!(set_cookie.contains(attribute), "{attribute} missing from {set_cookie}");
    }
    assert_eq!(check(&app, Some(&cookie)).await, (200, json!({"ok": true, "email": ADMIN_EMAIL})));

    let logout =
        app.client.post(format!("{}/api/admin/logout", app.address)).header("cookie", &cookie).send().await.unwrap();
    assert_eq!(logout.status(), 200);
    assert!(logout.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(logout.json::<serde_json::Value>().await.unwrap(), json!({"message": "Logged out."}));
    assert_eq!(check(&app, Some(&cookie)).await, (401, json!({"message": "Admin login required."})));
}

#[tokio::test]
async fn wrong_credentials_get_one_message_and_no_cookie() {
    let app = spawn_app().await;

    for (email, password) in
        [(ADMIN_EMAIL, "wrong-password"), ("someone@shop.test", ADMIN_PASSWORD), ("not-an-email", "x")]
    {
        let response = login(&app, email, password).await;

        assert_eq!(response.status(), 401, "{email}");
        assert!(response.headers().get("set-cookie").is_none());
        assert_eq!(
            response.json::<serde_json::Value>().await.unwrap(),
            json!({"message": "Invalid email or password."})
        );
    }
}

#[tokio::test]
async fn missing_fields_and_a_megabyte_password_are_refused_without_hashing() {
    let app = spawn_app().await;
    let url = format!("{}/api/admin/login", app.address);

    let missing = app.client.post(&url).json(&json!({"email": ADMIN_EMAIL})).send().await.unwrap();
    let number = app.client.post(&url).json(&json!({"email": 5, "password": 6})).send().await.unwrap();
    let huge = app
        .client
        .post(&url)
        .json(&json!({"email": ADMIN_EMAIL, "password": "x".repeat(1024 * 1024)}))
        .send()
        .await
        .unwrap();
    let long = login(&app, ADMIN_EMAIL, &"y".repeat(5000)).await;

    assert_eq!(missing.status(), 400);
    assert_eq!(
        missing.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Email and password are required."})
    );
    assert_eq!(number.status(), 400);
    assert_eq!(huge.status(), 413);
    assert_eq!(long.status(), 401);
}

#[tokio::test]
async fn five_failures_make_even_the_right_password_wait() {
    let app = spawn_app().await;
    for _ in 0..5 {
        assert_eq!(login(&app, ADMIN_EMAIL, "guess").await.status(), 401);
    }

    let blocked = login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await;

    assert_eq!(blocked.status(), 429);
    assert_eq!(
        blocked.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Too many failed attempts. Please try again in 15 minutes."})
    );
}

#[tokio::test]
async fn an_admin_session_survives_a_restart_and_works_on_a_second_instance() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;

    let second = app_server::start(&app.config).await.unwrap();
    let address = format!("http://{}", second.addr);
    tokio::spawn(second.server);
    let response = app.client.get(format!("{address}/api/admin/check")).header("cookie", &cookie).send().await.unwrap();

    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn the_delivery_charge_changes_only_for_the_admin() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;

    let anonymous = put_charge(&app, None, None, json!({"deliveryCharge": 300})).await;
    let forged = put_charge(&app, Some("shop_admin=forged-token"), None, json!({"deliveryCharge": 300})).await;
    let saved = put_charge(&app, Some(&cookie), None, json!({"deliveryCharge": "300"})).await;

    assert_eq!(anonymous, (401, json!({"message": "Admin login required."})));
    assert_eq!(forged.0, 401);
    assert_eq!(saved, (200, json!({"deliveryCharge": 300})));
    assert_eq!(app.get_json("/api/settings/delivery-charge").await, (200, json!({"deliveryCharge": 300})));
}

#[tokio::test]
async fn a_bad_delivery_charge_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    app.set_delivery_charge(250).await;
    let cookie = app.admin_cookie().await;

    for bad in [
        json!({"deliveryCharge": -1}),
        json!({"deliveryCharge": "abc"}),
        json!({"deliveryCharge": ""}),
        json!({}),
        json!({"deliveryCharge": true}),
        json!({"deliveryCharge": 1e12}),
    ] {
        let answer = put_charge(&app, Some(&cookie), None, bad.clone()).await;

        assert_eq!(answer.0, 400, "{bad}");
        assert_eq!(answer.1["message"], "❌ Please enter a valid non-negative number.", "{bad}");
    }
    assert_eq!(put_charge(&app, Some(&cookie), None, json!({"deliveryCharge": 0})).await.0, 200);
    assert_eq!(app.get_json("/api/settings/delivery-charge").await.1, json!({"deliveryCharge": 0}));
}

#[tokio::test]
async fn a_state_change_from_another_site_is_refused() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let own_origin = app.config.public_url.clone();

    let foreign = put_charge(&app, Some(&cookie), Some("https://evil.example"), json!({"deliveryCharge": 1})).await;
    let own = put_charge(&app, Some(&cookie), Some(&own_origin), json!({"deliveryCharge": 2})).await;

    assert_eq!(foreign, (403, json!({"message": "Cross-site requests are refused."})));
    assert_eq!(own.0, 200);
}
