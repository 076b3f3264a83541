use serde_json::json;

use crate::helpers::{set_cookie, spawn_app, TestApp};

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
    assert_eq!(user, json!({"uid": uid, "email": "ayesha@example.pk", "name": "Customer"}));
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
    let logout = post(&app, "/api/auth/logout", json!({}), Some(&cookie)).await;
    assert_eq!(logout.status(), 204);
    assert_eq!(app.me(&cookie).await, (401, json!({"message": "Please log in."})));
    let anonymous = post(&app, "/api/users/auth/save-user", json!({"name": "x"}), None).await;
    assert_eq!(anonymous.status(), 401);
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
