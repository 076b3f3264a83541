use serde_json::json;

use crate::helpers::{session_cookie, spawn_app, spawn_app_with, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD};

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

/// An admin login sent as if through a proxy that says the client is `forwarded_for`.
async fn login_from(app: &TestApp, forwarded_for: &str, password: &str) -> reqwest::Response {
    app.client
        .post(format!("{}/api/admin/login", app.address))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"email": ADMIN_EMAIL, "password": password}))
        .send()
        .await
        .unwrap()
}

/// The seconds of a 429's `Retry-After` header.
fn retry_after(response: &reqwest::Response) -> u64 {
    response.headers().get("retry-after").expect("a Retry-After header").to_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn five_failures_make_even_the_right_password_wait_a_minute_from_that_address() {
    let app = spawn_app().await;
    for _ in 0..5 {
        assert_eq!(login(&app, ADMIN_EMAIL, "guess").await.status(), 401);
    }

    let blocked = login(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await;

    assert_eq!(blocked.status(), 429);
    assert!((1..=60).contains(&retry_after(&blocked)), "{:?}", blocked.headers());
    assert_eq!(
        blocked.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Too many failed attempts. Please try again in 1 minute."})
    );
}

#[tokio::test]
async fn sixty_parallel_wrong_passwords_get_five_checks_and_the_rest_429() {
    let app = spawn_app().await;

    let guesses: Vec<_> = (0..60)
        .map(|_| {
            let request = app
                .client
                .post(format!("{}/api/admin/login", app.address))
                .json(&json!({"email": ADMIN_EMAIL, "password": "guess"}));
            tokio::spawn(async move { request.send().await.unwrap() })
        })
        .collect();
    let mut answers = Vec::new();
    for guess in guesses {
        let answer = guess.await.unwrap();
        answers.push((answer.status().as_u16(), (answer.status() == 429).then(|| retry_after(&answer))));
    }

    let checked = answers.iter().filter(|(status, _)| *status == 401).count();
    let refused: Vec<_> = answers.iter().filter(|(status, _)| *status == 429).collect();
    assert_eq!(checked, 5, "{answers:?}");
    assert_eq!(refused.len(), 55, "{answers:?}");
    assert!(refused.iter().all(|(_, wait)| wait.is_some_and(|seconds| (1..=900).contains(&seconds))), "{answers:?}");
}

#[tokio::test]
async fn an_attackers_failures_from_one_address_leave_the_owner_at_another_signing_in() {
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1".to_owned())]).await;
    for _ in 0..5 {
        assert_eq!(login_from(&app, "203.0.113.9", "guess").await.status(), 401);
    }

    let attacker = login_from(&app, "203.0.113.9", ADMIN_PASSWORD).await;
    let owner = login_from(&app, "198.51.100.4", ADMIN_PASSWORD).await;
    let customer_elsewhere = app
        .client
        .post(format!("{}/api/auth/login", app.address))
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({"email": "someone@example.pk", "password": "secret-123"}))
        .send()
        .await
        .unwrap();

    assert_eq!(attacker.status(), 429);
    assert_eq!(owner.status(), 200, "the owner's address has its own count");
    assert_eq!(customer_elsewhere.status(), 401, "other accounts at the attacker's address are not refused");
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy() {
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "10.0.0.0/8".to_owned())]).await;
    for _ in 0..5 {
        assert_eq!(login_from(&app, "203.0.113.9", "guess").await.status(), 401);
    }

    let forged = login_from(&app, "198.51.100.4", ADMIN_PASSWORD).await;

    assert_eq!(forged.status(), 429, "the loopback peer is no trusted proxy: its forwarded-for names nobody");
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

/// Every admin call of docs/spec.md §7 built so far, with a body where it takes one.
const ADMIN_ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/categories/category-views"),
    ("POST", "/api/categories"),
    ("PUT", "/api/categories/1"),
    ("DELETE", "/api/categories/1"),
    ("PUT", "/api/settings/delivery-charge"),
    ("GET", "/api/coupons"),
    ("POST", "/api/coupons"),
    ("PATCH", "/api/coupons/toggle/1"),
    ("PATCH", "/api/coupons/limits/1"),
    ("PATCH", "/api/coupons/dates/1"),
    ("GET", "/api/admin/dashboard"),
    ("DELETE", "/api/coupons/1"),
    ("GET", "/api/admin/check"),
    ("GET", "/api/products/by-category/1"),
    ("POST", "/api/products/upload"),
    ("PUT", "/api/products/1"),
    ("DELETE", "/api/products/1"),
    ("PATCH", "/api/products/toggle-featured/1"),
    ("GET", "/api/users/admin/users"),
    ("POST", "/api/users/admin/send-bulk-email"),
    ("GET", "/api/users/admin/email-status"),
];

#[tokio::test]
async fn every_admin_call_refuses_without_the_admin_cookie() {
    let app = spawn_app().await;
    let signup = app
        .client
        .post(format!("{}/api/auth/signup", app.address))
        .json(&json!({"email": "shopper@example.pk", "password": "secret-123"}))
        .send()
        .await
        .unwrap();
    let customer = signup.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    assert!(customer.starts_with("shop_session="), "a real customer session: {customer}");
    let as_admin_cookie = customer.replacen("shop_session=", "shop_admin=", 1);

    for (method, path) in ADMIN_ROUTES {
        for cookie in [None, Some("shop_admin=not-a-session"), Some(customer.as_str()), Some(as_admin_cookie.as_str())]
        {
            let mut request = app
                .client
                .request(method.parse().unwrap(), format!("{}{path}", app.address))
                .json(&json!({"name": "x", "deliveryCharge": 1, "code": "X", "discountPercent": 5}));
            if let Some(cookie) = cookie {
                request = request.header("cookie", cookie);
            }
            let response = request.send().await.unwrap();

            assert_eq!(response.status(), 401, "{method} {path} with {cookie:?}");
            assert_eq!(
                response.json::<serde_json::Value>().await.unwrap(),
                json!({"message": "Admin login required."})
            );
        }
    }
}

#[tokio::test]
async fn the_admin_builds_renames_and_prunes_the_category_tree() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;

    let (status, cases) =
        app.send(&cookie, "POST", "/api/categories", Some(json!({"name": " Cases ", "parent": ""}))).await;
    let cases_id = cases["category"]["_id"].as_str().unwrap().to_owned();
    let (_, samsung) =
        app.send(&cookie, "POST", "/api/categories", Some(json!({"name": "Samsung", "parent": cases_id}))).await;
    let samsung_id = samsung["category"]["_id"].as_str().unwrap().to_owned();
    let (renamed_status, renamed) =
        app.send(&cookie, "PUT", &format!("/api/categories/{cases_id}"), Some(json!({"name": "Phone Cases"}))).await;
    let (_, views) = app.send(&cookie, "GET", "/api/categories/category-views", None).await;

    assert_eq!(status, 201);
    assert_eq!(cases["category"]["fullPath"], "Cases");
    assert_eq!(samsung["category"]["parent"], json!(cases_id));
    assert_eq!(renamed_status, 200);
    assert_eq!(renamed["category"]["name"], "Phone Cases");
    assert_eq!(views[1]["fullPath"], "Phone Cases > Samsung", "the child's path follows the rename");

    let (in_use, message) = app.send(&cookie, "DELETE", &format!("/api/categories/{cases_id}"), None).await;
    assert_eq!(
        (in_use, message["message"].clone()),
        (409, json!("This category still has products or sub-categories. Move or delete them first."))
    );
    assert_eq!(
        app.send(&cookie, "DELETE", &format!("/api/categories/{samsung_id}"), None).await,
        (200, json!({"message": "Category deleted."}))
    );
    assert_eq!(app.send(&cookie, "DELETE", &format!("/api/categories/{cases_id}"), None).await.0, 200);
    assert_eq!(
        app.send(&cookie, "DELETE", &format!("/api/categories/{cases_id}"), None).await,
        (404, json!({"message": "Category not found."}))
    );
}

#[tokio::test]
async fn bad_category_input_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (_, top) = app.send(&cookie, "POST", "/api/categories", Some(json!({"name": "Top"}))).await;
    let top_id = top["category"]["_id"].as_str().unwrap().to_owned();
    let (_, child) =
        app.send(&cookie, "POST", "/api/categories", Some(json!({"name": "Child", "parent": top_id}))).await;
    let child_id = child["category"]["_id"].as_str().unwrap().to_owned();

    let cases = [
        ("POST", "/api/categories".to_owned(), json!({"name": "  "}), 400, "Category name is required."),
        ("POST", "/api/categories".to_owned(), json!({}), 400, "Category name is required."),
        (
            "POST",
            "/api/categories".to_owned(),
            json!({"name": "X", "parent": "999999"}),
            400,
            "Parent category not found.",
        ),
        (
            "POST",
            "/api/categories".to_owned(),
            json!({"name": "X", "parent": "abc"}),
            400,
            "Parent category not found.",
        ),
        (
            "PUT",
            format!("/api/categories/{top_id}"),
            json!({"name": "Top", "parent": child_id}),
            400,
            "A category cannot be placed under itself or one of its own sub-categories.",
        ),
        (
            "PUT",
            format!("/api/categories/{top_id}"),
            json!({"name": "Top", "parent": top_id}),
            400,
            "A category cannot be placed under itself or one of its own sub-categories.",
        ),
        ("PUT", "/api/categories/999999".to_owned(), json!({"name": "Ghost"}), 404, "Category not found."),
        ("PUT", "/api/categories/x".to_owned(), json!({"name": "Ghost"}), 400, "'x' is not a valid id."),
    ];
    for (method, path, body, status, message) in cases {
        let answer = app.send(&cookie, method, &path, Some(body.clone())).await;

        assert_eq!((answer.0, answer.1["message"].clone()), (status, json!(message)), "{method} {path} {body}");
    }
    let (_, tree) = app.get_json("/api/categories").await;
    assert_eq!(tree.as_array().unwrap().len(), 2, "nothing was added");
    assert_eq!(tree[1]["fullPath"], "Top > Child", "nothing moved");
}

#[tokio::test]
async fn the_admin_adds_pauses_and_deletes_coupons() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let today = domain::calendar::pakistan_date(chrono::Utc::now());
    let form = json!({"code": "eid25", "discountPercent": "25", "amount": "", "startDate": today.to_string(), "endDate": "2099-12-31", "minPrice": ""});

    let (status, created) = app.send(&cookie, "POST", "/api/coupons", Some(form.clone())).await;
    let id = created["coupon"]["_id"].as_str().unwrap().to_owned();
    let duplicate = app.send(&cookie, "POST", "/api/coupons", Some(form)).await;
    let applied = app.post_json("/api/coupons/apply", &json!({"code": "EID25", "cartTotal": 1000})).await;
    let (_, paused) = app.send(&cookie, "PATCH", &format!("/api/coupons/toggle/{id}"), None).await;
    let refused = app.post_json("/api/coupons/apply", &json!({"code": "EID25", "cartTotal": 1000})).await;
    let (_, list) = app.send(&cookie, "GET", "/api/coupons", None).await;

    assert_eq!(status, 201);
    assert_eq!(
        created["coupon"],
        json!({"_id": id, "code": "EID25", "discountPercent": 25, "amount": null, "startDate": today.to_string(), "endDate": "2099-12-31", "minPrice": 0, "isActive": true,
               "uses": 0, "maxUses": null, "maxUsesPerCustomer": null})
    );
    assert_eq!(duplicate, (409, json!({"message": "A coupon with this code already exists."})));
    assert_eq!(applied.1["discount"], 250);
    assert_eq!(paused["coupon"]["isActive"], false);
    assert_eq!(refused, (404, json!({"message": "Invalid or expired coupon."})));
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(
        app.send(&cookie, "DELETE", &format!("/api/coupons/{id}"), None).await,
        (200, json!({"message": "Coupon deleted."}))
    );
    assert_eq!(
        app.send(&cookie, "PATCH", &format!("/api/coupons/toggle/{id}"), None).await,
        (404, json!({"message": "Coupon not found."}))
    );
}

#[tokio::test]
async fn bad_coupon_forms_are_refused_and_store_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let base = |extra: serde_json::Value| {
        let mut form =
            json!({"code": "OK1", "discountPercent": 10, "startDate": "2026-01-01", "endDate": "2026-12-31"});
        form.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        form
    };
    let cases = [
        (base(json!({"code": ""})), "⚠️ Please enter a code and a valid discount."),
        (base(json!({"discountPercent": ""})), "⚠️ Please enter a code and a valid discount."),
        (base(json!({"amount": 100})), "⚠️ Please enter a code and a valid discount."),
        (base(json!({"discountPercent": 101})), "⚠️ Please enter a code and a valid discount."),
        (base(json!({"discountPercent": -5})), "⚠️ Please enter a code and a valid discount."),
        (base(json!({"discountPercent": "ten"})), "⚠️ Please enter a code and a valid discount."),
        (base(json!({"startDate": "31/12/2026"})), "Enter the start and end dates as YYYY-MM-DD."),
        (base(json!({"endDate": "2025-12-31"})), "The end date cannot be before the start date."),
        (base(json!({"minPrice": -1})), "Minimum order must be from Rs 0 to Rs 100,000,000."),
    ];

    for (form, message) in cases {
        let answer = app.send(&cookie, "POST", "/api/coupons", Some(form.clone())).await;

        assert_eq!((answer.0, answer.1["message"].clone()), (400, json!(message)), "{form}");
    }
    assert_eq!(app.send(&cookie, "GET", "/api/coupons", None).await.1, json!([]));
}
