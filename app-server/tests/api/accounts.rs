use serde_json::json;

use crate::helpers::{set_cookie, spawn_app, spawn_app_with, TestApp};

async fn post(app: &TestApp, path: &str, body: serde_json::Value, cookie: Option<&str>) -> reqwest::Response {
    let mut request = app.client.post(format!("{}{path}", app.address)).json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.unwrap()
}

fn cookie_of(response: &reqwest::Response) -> (String, String) {
    let header = set_cookie(response, "shop_session").expect("the session cookie is set");
    (header.split(';').next().unwrap().to_owned(), header)
}

#[tokio::test]
async fn a_customer_signs_up_saves_a_name_and_signs_out() {
    let app = spawn_app().await;

    let response =
        post(&app, "/api/auth/signup", json!({"email": " Ayesha@Example.pk ", "password": "secret-123"}), None).await;
    let status = response.status();
    let (cookie, header) = cookie_of(&response);
    let user: serde_json::Value = response.json().await.unwrap();
    let uid = user["uid"].as_str().unwrap().to_owned();

    assert_eq!(status, 201);
    assert_eq!(
        user,
        json!({"uid": uid, "email": "ayesha@example.pk", "name": ""}),
        "no name given: none, never 'Customer'"
    );
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(header.contains(attribute), "{attribute} missing from {header}");
    }
    assert_eq!(app.me(&cookie).await.0, 200);
    let saved =
        post(&app, "/api/users/auth/save-user", json!({"name": "Ayesha Khan", "email": "other@x.pk"}), Some(&cookie))
            .await;
    assert_eq!(
        saved.json::<serde_json::Value>().await.unwrap(),
        json!({"uid": uid, "email": "ayesha@example.pk", "name": "Ayesha Khan"})
    );
    // A login saves the profile without knowing the name: a blank one keeps it.
    let blank = post(&app, "/api/users/auth/save-user", json!({"name": "  "}), Some(&cookie)).await;
    assert_eq!(
        blank.json::<serde_json::Value>().await.unwrap(),
        json!({"uid": uid, "email": "ayesha@example.pk", "name": "Ayesha Khan"})
    );
    let logout = post(&app, "/api/auth/logout", json!({}), Some(&cookie)).await;
    assert_eq!(logout.status(), 204);
    assert_eq!(app.me(&cookie).await, (401, json!({"message": "Please log in."})));
    let anonymous = post(&app, "/api/users/auth/save-user", json!({"name": "x"}), None).await;
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn the_session_names_the_signed_in_customer_and_answers_null_without_one() {
    let app = spawn_app().await;

    let response = app.client.get(format!("{}/api/auth/session", app.address)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("cache-control").unwrap(), "no-store");
    assert_eq!(response.json::<serde_json::Value>().await.unwrap(), json!({"user": null}));
    let session = "/api/auth/session";
    assert_eq!(app.send("shop_session=not-a-session", "GET", session, None).await, (200, json!({"user": null})));

    let signup = post(
        &app,
        "/api/auth/signup",
        json!({"email": "hina@example.pk", "password": "secret-123", "name": "Hina"}),
        None,
    )
    .await;
    let (cookie, _) = cookie_of(&signup);
    let (status, body) = app.send(&cookie, "GET", session, None).await;
    assert_eq!(status, 200);
    assert_eq!(body, json!({"user": {"uid": body["user"]["uid"], "email": "hina@example.pk", "name": "Hina"}}));
    assert!(body["user"]["uid"].as_str().is_some_and(|uid| !uid.is_empty()));

    assert_eq!(post(&app, "/api/auth/logout", json!({}), Some(&cookie)).await.status(), 204);
    let ended = app.send(&cookie, "GET", session, None).await;
    assert_eq!(ended, (200, json!({"user": null})), "the ended session names nobody");
}

#[tokio::test]
async fn a_profile_name_that_is_not_text_is_refused_and_nothing_is_saved() {
    let app = spawn_app().await;
    let response = post(
        &app,
        "/api/auth/signup",
        json!({"email": "sana@example.pk", "password": "secret-123", "name": "Sana"}),
        None,
    )
    .await;
    let (cookie, _) = cookie_of(&response);

    let saved = post(&app, "/api/users/auth/save-user", json!({"name": 42}), Some(&cookie)).await;

    assert_eq!(saved.status(), 400);
    assert_eq!(
        saved.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "name must be text.", "errors": {"name": ["name must be text."]}})
    );
    assert_eq!(app.me(&cookie).await.1["name"], "Sana");
}

#[tokio::test]
async fn a_login_from_an_urdu_page_is_refused_in_urdu() {
    let app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "bilal@example.pk", "password": "پاکستان-123"}), None).await;
    let login = |language: &'static str| {
        app.client
            .post(format!("{}/api/auth/login", app.address))
            .header("accept-language", language)
            .json(&json!({"email": "bilal@example.pk", "password": "wrong-pass"}))
            .send()
    };

    let urdu = login("ur").await.unwrap();
    let english = login("en").await.unwrap();

    assert_eq!(urdu.status(), 401);
    assert_eq!(urdu.json::<serde_json::Value>().await.unwrap(), json!({"message": "ای میل یا پاس ورڈ درست نہیں۔"}));
    assert_eq!(english.json::<serde_json::Value>().await.unwrap(), json!({"message": "Invalid email or password."}));
}

#[tokio::test]
async fn a_wrong_password_then_the_right_one() {
    let app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "bilal@example.pk", "password": "پاکستان-123"}), None).await;

    let wrong =
        post(&app, "/api/auth/login", json!({"email": "bilal@example.pk", "password": "wrong-pass"}), None).await;
    let right =
        post(&app, "/api/auth/login", json!({"email": "BILAL@example.pk", "password": "پاکستان-123"}), None).await;

    assert_eq!(wrong.status(), 401);
    assert!(wrong.headers().get("set-cookie").is_none());
    assert_eq!(wrong.json::<serde_json::Value>().await.unwrap(), json!({"message": "Invalid email or password."}));
    assert_eq!(right.status(), 200);
    let (cookie, _) = cookie_of(&right);
    assert_eq!(app.me(&cookie).await.1["email"], "bilal@example.pk");
}

#[tokio::test]
async fn bad_sign_ups_are_refused_and_create_nothing() {
    let app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "taken@example.pk", "password": "secret-123"}), None).await;

    let cases = [
        (json!({"email": "taken@example.pk", "password": "other-123"}), 409, "This email is already registered."),
        (json!({"email": "TAKEN@example.pk", "password": "other-123"}), 409, "This email is already registered."),
        (json!({"email": "not-an-email", "password": "secret-123"}), 400, "Please enter a valid email address."),
        (json!({"email": "new@example.pk", "password": "12345"}), 400, "Password must be at least 6 characters."),
        (json!({"email": "new@example.pk"}), 400, "Email and password are required."),
        (json!({"password": "secret-123"}), 400, "Email and password are required."),
        (json!({"email": 5, "password": 6}), 400, "Email and password are required."),
        (
            json!({"email": "new@example.pk", "password": "p".repeat(2000)}),
            400,
            "Password must be at most 1024 characters.",
        ),
    ];
    for (body, status, message) in cases {
        let response = post(&app, "/api/auth/signup", body.clone(), None).await;
        let code = response.status().as_u16();
        let answer: serde_json::Value = response.json().await.unwrap();

        assert_eq!((code, answer["message"].clone()), (status, json!(message)), "{body}");
    }
    let huge =
        post(&app, "/api/auth/signup", json!({"email": "big@example.pk", "password": "x".repeat(1024 * 1024)}), None)
            .await;
    assert_eq!(huge.status(), 413);
    let new_login = post(&app, "/api/auth/login", json!({"email": "new@example.pk", "password": "12345"}), None).await;
    assert_eq!(new_login.status(), 401, "no account was created");
}

#[tokio::test]
async fn a_password_reset_goes_through_the_mailed_link_once() {
    let app = spawn_app().await;
    let signup =
        post(&app, "/api/auth/signup", json!({"email": "sana@example.pk", "password": "old-pass-1"}), None).await;
    let (old_session, _) = cookie_of(&signup);

    let requested = post(&app, "/api/auth/password-reset", json!({"email": "Sana@example.pk"}), None).await;
    let unknown = post(&app, "/api/auth/password-reset", json!({"email": "nobody@example.pk"}), None).await;

    assert_eq!(requested.status(), 202);
    assert_eq!(unknown.status(), 202);
    assert!(app.delivered(1).await, "the outbox delivered the reset mail");
    let mails = app.smtp.messages();
    assert_eq!(mails.len(), 1, "only the existing account gets mail");
    assert_eq!(mails[0].to, ["sana@example.pk"]);
    let prefix = format!("{}/reset-password?token=", app.config.public_url);
    let data = mails[0].data.replace("=\n", "").replace("=3D", "=");
    let start = data.find(&prefix).expect("the mail holds the link") + prefix.len();
    let token: String =
        data[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    assert_eq!(token.len(), 43);

    let confirmed =
        post(&app, "/api/auth/password-reset/confirm", json!({"token": token, "password": "new-pass-2"}), None).await;
    let reused =
        post(&app, "/api/auth/password-reset/confirm", json!({"token": token, "password": "new-pass-3"}), None).await;
    let unknown_token =
        post(&app, "/api/auth/password-reset/confirm", json!({"token": "nope", "password": "new-pass-3"}), None).await;

    assert_eq!(confirmed.status(), 204);
    assert_eq!(reused.status(), 400);
    assert_eq!(
        reused.json::<serde_json::Value>().await.unwrap()["message"],
        "This reset link is invalid, used or expired."
    );
    assert_eq!(unknown_token.status(), 400);
    assert_eq!(app.me(&old_session).await.0, 401, "the old session ended");
    assert_eq!(
        post(&app, "/api/auth/login", json!({"email": "sana@example.pk", "password": "old-pass-1"}), None)
            .await
            .status(),
        401
    );
    assert_eq!(
        post(&app, "/api/auth/login", json!({"email": "sana@example.pk", "password": "new-pass-2"}), None)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn a_reset_mail_asked_for_while_the_mail_server_is_down_goes_out_when_it_is_back() {
    let mut app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "hina@example.pk", "password": "old-pass-1"}), None).await;
    app.smtp.stop();

    let requested = post(&app, "/api/auth/password-reset", json!({"email": "hina@example.pk"}), None).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    app.smtp.restart().await;

    assert_eq!(requested.status(), 202);
    assert!(app.delivered(1).await, "delivered once the server is back");
    assert_eq!(app.smtp.messages()[0].to, ["hina@example.pk"]);
}

#[tokio::test]
async fn every_spelling_of_one_mailbox_is_one_customer() {
    let app = spawn_app().await;
    let signup = |email: &str, password: &str| json!({"email": email, "password": password});

    let first = post(&app, "/api/auth/signup", signup("u@probe.test", "secret-123"), None).await;
    let again = post(&app, "/api/auth/signup", signup("u@ⓟrobe.test", "other-123"), None).await;
    let login = post(&app, "/api/auth/login", signup("u@ⓟrobe.test", "secret-123"), None).await;
    let nfd = post(&app, "/api/auth/signup", signup("u@cafe\u{301}.test", "secret-123"), None).await;
    let nfc = post(&app, "/api/auth/signup", signup("u@caf\u{e9}.test", "other-123"), None).await;
    let punycode = post(&app, "/api/auth/login", signup("u@xn--caf-dma.test", "secret-123"), None).await;

    assert_eq!(first.status(), 201);
    assert_eq!(again.status(), 409);
    assert_eq!(
        again.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "This email is already registered."})
    );
    assert_eq!(login.status(), 200);
    assert_eq!(login.json::<serde_json::Value>().await.unwrap()["email"], "u@probe.test");
    assert_eq!(nfd.status(), 201);
    assert_eq!(nfc.status(), 409);
    assert_eq!(punycode.status(), 200);
    assert_eq!(punycode.json::<serde_json::Value>().await.unwrap()["email"], "u@xn--caf-dma.test");
}

#[tokio::test]
async fn addresses_without_a_mail_domain_are_refused() {
    let app = spawn_app().await;

    for email in ["u@localhost", "u@[127.0.0.1]", "u@[IPv6:::1]"] {
        let response = post(&app, "/api/auth/signup", json!({"email": email, "password": "secret-123"}), None).await;

        assert_eq!(response.status(), 400, "{email}");
        assert_eq!(
            response.json::<serde_json::Value>().await.unwrap(),
            json!({
                "message": "Please enter a valid email address.",
                "errors": {"email": ["Please enter a valid email address."]}
            }),
            "{email}"
        );
    }
}

#[tokio::test]
async fn a_customers_repeated_failures_wait_with_a_retry_after() {
    let app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "zara@example.pk", "password": "right-pass-1"}), None).await;
    for _ in 0..5 {
        let wrong = post(&app, "/api/auth/login", json!({"email": "zara@example.pk", "password": "wrong"}), None).await;
        assert_eq!(wrong.status(), 401);
    }

    let waiting =
        post(&app, "/api/auth/login", json!({"email": "zara@example.pk", "password": "right-pass-1"}), None).await;

    assert_eq!(waiting.status(), 429);
    assert!(waiting.headers().get("retry-after").is_some());
    assert_eq!(
        waiting.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Too many failed attempts. Please try again in 1 minute."})
    );
}

/// The reset token in a delivered mail's link.
fn token_in(app: &TestApp, data: &str) -> String {
    let prefix = format!("{}/reset-password?token=", app.config.public_url);
    let data = data.replace("=\n", "").replace("=3D", "=");
    let start = data.find(&prefix).expect("the mail holds the link") + prefix.len();
    data[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}

/// Asks for a reset link as a client at `address` (through the trusted proxy on loopback).
async fn ask_reset(app: &TestApp, email: &str, address: &str) -> u16 {
    let response = app
        .client
        .post(format!("{}/api/auth/password-reset", app.address))
        .header("x-forwarded-for", address)
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

/// Waits up to 30 s until a mail to `to` has been delivered; answers whether one was.
async fn mail_reached(app: &TestApp, to: &str) -> bool {
    for _ in 0..300 {
        if app.smtp.messages().iter().any(|m| m.to == [to]) {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn reset_mails_are_limited_per_email_and_per_address_while_every_answer_stays_202() {
    let app = spawn_app_with(&[
        ("TRUSTED_PROXIES", "127.0.0.1".to_owned()),
        ("RESET_MAX_PER_EMAIL", "3".to_owned()),
        ("RESET_MAX_PER_ADDRESS", "5".to_owned()),
    ])
    .await;
    let shoppers: Vec<String> = (1..=7).map(|i| format!("shopper{i}@example.pk")).collect();
    for email in shoppers.iter().map(String::as_str).chain(["sana@example.pk", "marker@example.pk"]) {
        post(&app, "/api/auth/signup", json!({"email": email, "password": "secret-123"}), None).await;
    }

    let mut answers = Vec::new();
    for i in 1..=25 {
        answers.push(ask_reset(&app, "sana@example.pk", &format!("203.0.113.{i}")).await);
    }
    for email in &shoppers {
        answers.push(ask_reset(&app, email, "198.51.100.7").await);
    }
    answers.push(ask_reset(&app, "marker@example.pk", "192.0.2.99").await);

    assert!(answers.iter().all(|status| *status == 202), "{answers:?}");
    assert!(mail_reached(&app, "marker@example.pk").await, "the last request, queued after the others, was mailed");
    let queued = app.outbox_counts().await;
    assert_eq!(queued.queued + queued.sent + queued.failed, 9, "every request before the marker's was worked through");
    assert!(app.delivered(9).await);
    let mails = app.smtp.messages();
    assert_eq!(mails.iter().filter(|m| m.to == ["sana@example.pk"]).count(), 3, "three per e-mail and hour");
    assert_eq!(mails.iter().filter(|m| m.to[0].starts_with("shopper")).count(), 5, "five per address and hour");
    assert_eq!(mails.len(), 9);
}

#[tokio::test]
async fn a_successful_reset_voids_the_accounts_other_links() {
    let app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "sana@example.pk", "password": "old-pass-1"}), None).await;
    for _ in 0..2 {
        assert_eq!(
            post(&app, "/api/auth/password-reset", json!({"email": "sana@example.pk"}), None).await.status(),
            202
        );
    }
    assert!(app.delivered(2).await, "both links were mailed");
    let tokens: Vec<String> = app.smtp.messages().iter().map(|m| token_in(&app, &m.data)).collect();

    let used =
        post(&app, "/api/auth/password-reset/confirm", json!({"token": tokens[1], "password": "new-pass-2"}), None)
            .await;
    let other =
        post(&app, "/api/auth/password-reset/confirm", json!({"token": tokens[0], "password": "new-pass-3"}), None)
            .await;

    assert_eq!(used.status(), 204);
    assert_eq!(other.status(), 400);
    assert_eq!(
        other.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "This reset link is invalid, used or expired.", "errors": {"token": ["This reset link is invalid, used or expired."]}})
    );
    assert_eq!(
        post(&app, "/api/auth/login", json!({"email": "sana@example.pk", "password": "new-pass-2"}), None)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn sign_ups_past_the_hourly_limit_of_an_address_are_429_and_other_addresses_sign_up() {
    let app =
        spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1".to_owned()), ("SIGNUP_MAX_PER_ADDRESS", "3".to_owned())])
            .await;
    let sign_up = |email: String, address: &'static str| {
        app.client
            .post(format!("{}/api/auth/signup", app.address))
            .header("x-forwarded-for", address)
            .json(&json!({"email": email, "password": "secret-123"}))
            .send()
    };

    let mut statuses = Vec::new();
    for i in 0..3 {
        statuses.push(sign_up(format!("new{i}@example.pk"), "203.0.113.5").await.unwrap().status().as_u16());
    }
    let refused = sign_up("new3@example.pk".into(), "203.0.113.5").await.unwrap();
    let elsewhere = sign_up("new4@example.pk".into(), "198.51.100.8").await.unwrap();

    assert_eq!(statuses, [201, 201, 201]);
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().get("retry-after").is_some());
    assert_eq!(
        refused.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "Too many sign-ups from this address. Please try again in 60 minutes."})
    );
    assert_eq!(elsewhere.status(), 201);
}

#[tokio::test]
async fn the_account_remembers_its_language_and_a_login_gives_it_back_to_the_browser() {
    let app = spawn_app().await;
    let lang = |response: &reqwest::Response| set_cookie(response, "lang");
    let login = || post(&app, "/api/auth/login", json!({"email": "sana@example.pk", "password": "secret-123"}), None);

    // Signed up from an Urdu page: the account speaks Urdu, and so does the browser from now on.
    let signup = app
        .client
        .post(format!("{}/api/auth/signup", app.address))
        .header("accept-language", "ur")
        .json(&json!({"email": "sana@example.pk", "password": "secret-123"}))
        .send()
        .await
        .unwrap();
    let (cookie, _) = cookie_of(&signup);
    let header = lang(&signup).expect("the lang cookie is set");
    assert!(header.starts_with("lang=ur;"), "{header}");
    for attribute in ["Path=/", "SameSite=Lax", "Max-Age=31536000"] {
        assert!(header.contains(attribute), "{attribute} missing from {header}");
    }
    assert!(!header.contains("HttpOnly"), "the page's own switch writes it too: {header}");
    assert!(lang(&login().await).unwrap().starts_with("lang=ur;"), "a login on another browser");

    // The header's switch to English, signed in.
    let switched = app
        .client
        .put(format!("{}/api/auth/language", app.address))
        .header("cookie", &cookie)
        .json(&json!({"language": "en"}))
        .send()
        .await
        .unwrap();
    assert_eq!(switched.status(), 204);
    assert!(lang(&login().await).unwrap().starts_with("lang=en;"));

    // Anything else changes nothing; a visitor has no account to remember it in.
    for bad in [json!({"language": "fr"}), json!({"language": "UR"}), json!({}), json!({"language": 1})] {
        let (status, body) = app.send(&cookie, "PUT", "/api/auth/language", Some(bad.clone())).await;
        assert_eq!(
            (status, body),
            (
                400,
                json!({"message": "The language is en or ur.", "errors": {"language": ["The language is en or ur."]}})
            ),
            "{bad}"
        );
    }
    assert!(lang(&login().await).unwrap().starts_with("lang=en;"));
    let anonymous = app
        .client
        .put(format!("{}/api/auth/language", app.address))
        .json(&json!({"language": "ur"}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 401);
    // An account that never chose (made before languages) gives the browser nothing to remember.
    app.sql("UPDATE customers SET language = NULL").await;
    assert_eq!(lang(&login().await), None);
}
