use serde_json::{json, Value};

use crate::helpers::{spawn_app, spawn_app_with, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD};

/// The status, `Allow` header and JSON body of a request with `method`.
async fn call(app: &TestApp, method: &str, path: &str) -> (u16, Option<String>, Value) {
    let response = app.client.request(method.parse().unwrap(), format!("{}{path}", app.address)).send().await.unwrap();
    let status = response.status().as_u16();
    let allow = response.headers().get("allow").map(|v| v.to_str().unwrap().to_owned());
    assert_eq!(response.headers()["content-type"], "application/json", "{method} {path}");
    (status, allow, response.json().await.unwrap())
}

/// Each (method, path) answers 405 with its `Allow` list and the message naming it.
async fn assert_each_is_405(app: &TestApp, cases: &[(&str, &str, &str)]) {
    for &(method, path, allowed) in cases {
        let answer = call(app, method, path).await;

        assert_eq!(
            answer,
            (
                405,
                Some(allowed.to_owned()),
                json!({"message": format!("{method} is not allowed here; use {allowed}.")})
            ),
            "{method} {path}"
        );
    }
}

#[tokio::test]
async fn a_method_a_path_does_not_take_is_405_with_the_methods_it_does() {
    let app = spawn_app().await;

    let cases = [
        ("POST", "/api/products", "GET, HEAD"),
        ("PATCH", "/api/products/42", "GET, HEAD, PUT, DELETE"),
        ("GET", "/api/auth/login", "POST"),
        ("DELETE", "/healthz", "GET, HEAD"),
        ("POST", "/product/42", "GET, HEAD"),
        ("PUT", "/media/a.webp", "GET, HEAD"),
    ];
    assert_each_is_405(&app, &cases).await;
}

#[tokio::test]
async fn a_path_of_its_own_takes_its_own_methods_not_those_of_an_id_path_beside_it() {
    let app = spawn_app().await;

    let cases = [
        ("OPTIONS", "/api/products/upload", "POST"),
        ("PUT", "/api/products/search", "GET, HEAD"),
        ("DELETE", "/api/products/featured", "GET, HEAD"),
        ("DELETE", "/api/coupons/apply", "POST"),
        ("PUT", "/api/categories/category-views", "GET, HEAD"),
        ("OPTIONS", "/api/categories/category-views", "GET, HEAD"),
        ("OPTIONS", "/api/products/search", "GET, HEAD"),
        ("OPTIONS", "/api/products/upload-not", "GET, HEAD, PUT, DELETE"),
    ];
    assert_each_is_405(&app, &cases).await;
}

#[tokio::test]
async fn unknown_api_paths_stay_a_json_404_whatever_the_method() {
    let app = spawn_app().await;

    for method in ["GET", "POST", "DELETE"] {
        let answer = call(&app, method, "/api/no-such-thing").await;

        assert_eq!(answer, (404, None, json!({"message": "No such resource."})), "{method}");
    }
}

#[tokio::test]
async fn head_is_answered_wherever_get_is_without_a_body() {
    let app = spawn_app().await;

    for (path, content_type) in
        [("/api/products", "application/json"), ("/healthz", "application/json"), ("/products", "text/html")]
    {
        let response = app.client.head(format!("{}{path}", app.address)).send().await.unwrap();

        assert_eq!(response.status(), 200, "HEAD {path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with(content_type), "HEAD {path}");
        assert_eq!(response.bytes().await.unwrap().len(), 0, "HEAD {path}");
    }
    let unknown = app.client.head(format!("{}/api/no-such-thing", app.address)).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
}

#[tokio::test]
async fn errors_under_media_are_the_contracts_json() {
    let app = spawn_app().await;
    std::fs::create_dir_all(app.config.media_dir.join("products")).unwrap();

    assert_eq!(call(&app, "GET", "/media/missing.webp").await, (404, None, json!({"message": "No such file."})));
    assert_eq!(call(&app, "GET", "/media/products").await, (404, None, json!({"message": "No such file."})));
    assert_eq!(
        call(&app, "GET", "/media/.env").await,
        (400, None, json!({"message": "The request could not be read."}))
    );
}

#[tokio::test]
async fn json_errors_name_the_field_in_plain_words() {
    let app = spawn_app().await;
    let post = |body: &'static str| {
        app.client
            .post(format!("{}/api/coupons/apply", app.address))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };

    let cases = [
        ("[1, 2]", json!({"message": "The request body must be a JSON object."})),
        (
            r#"{"code": "EID", "code": "EID2", "cartTotal": 5000}"#,
            json!({"message": "code is given more than once.", "errors": {"code": ["code is given more than once."]}}),
        ),
        (
            r#"{"code": "EID", "cartTotal": }"#,
            json!({"message": "The request body is not valid JSON (line 1, column 30)."}),
        ),
        (r#"{"code": "EID""#, json!({"message": "The request body is not valid JSON: it ends too soon."})),
    ];
    for (body, expected) in cases {
        let response = post(body).await.unwrap();

        assert_eq!(response.status(), 400, "{body}");
        assert_eq!(response.json::<Value>().await.unwrap(), expected, "{body}");
    }
    let wrong_type =
        app.client.post(format!("{}/api/coupons/apply", app.address)).body("code=EID").send().await.unwrap();
    assert_eq!(wrong_type.status(), 415);
    assert_eq!(
        wrong_type.json::<Value>().await.unwrap(),
        json!({"message": "Send the request body as application/json."})
    );
}

/// The product page's tap script is allowed by its hash (adapters-http's `pages::tap`).
const CSP: &str = "default-src 'self'; script-src 'self' 'sha256-Tf6P7U9p4mTLoV2Z+HDoVEEPWZE3lCNjpUxCP+PIujM='; \
                   style-src 'self'; img-src 'self' blob: data:; \
                   media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
                   base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_hsts_only_over_https() {
    let app = spawn_app().await;
    let https = spawn_app_with(&[("PUBLIC_URL", "https://shop.example.pk".to_owned())]).await;

    for path in ["/", "/reset-password?token=abc", "/api/products", "/api/no-such-thing", "/media/missing.webp"] {
        let response = app.get(path).await;
        let headers = response.headers();

        assert_eq!(headers["content-security-policy"], CSP, "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(headers["permissions-policy"], "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert!(headers.get("strict-transport-security").is_none(), "{path}");
    }
    let secure = https.get("/").await;
    assert_eq!(secure.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
    assert!(secure.text().await.unwrap().contains("<div id=\"root\"><!--shell-->"), "the home page");
}

#[tokio::test]
async fn answers_about_the_signed_in_person_are_never_stored() {
    let app = spawn_app().await;
    let cache_control =
        |response: &reqwest::Response| response.headers().get("cache-control").map(|v| v.to_str().unwrap().to_owned());
    let url = |path: &str| format!("{}{path}", app.address);
    let credentials = json!({"email": "ali@example.pk", "password": "secret-123"});

    let anonymous = app.client.get(url("/api/auth/me")).send().await.unwrap();
    let signup = app.client.post(url("/api/auth/signup")).json(&credentials).send().await.unwrap();
    let login = app.client.post(url("/api/auth/login")).json(&credentials).send().await.unwrap();
    let cookie = crate::helpers::set_cookie(&login, "shop_session").unwrap();
    let cookie = cookie.split(';').next().unwrap();
    let me = app.client.get(url("/api/auth/me")).header("cookie", cookie).send().await.unwrap();
    let admin_login = app
        .client
        .post(url("/api/admin/login"))
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    let admin = crate::helpers::session_cookie(&admin_login);
    let check = app.client.get(url("/api/admin/check")).header("cookie", &admin).send().await.unwrap();
    let customers = app.client.get(url("/api/users/admin/users")).header("cookie", &admin).send().await.unwrap();
    let catalogue = app.client.get(url("/api/products")).header("cookie", cookie).send().await.unwrap();

    for (name, response) in [
        ("anonymous me", &anonymous),
        ("signup", &signup),
        ("login", &login),
        ("me", &me),
        ("admin login", &admin_login),
        ("admin check", &check),
        ("customer list", &customers),
    ] {
        assert_eq!(cache_control(response).as_deref(), Some("no-store"), "{name}");
    }
    assert_eq!(
        [anonymous.status(), me.status(), check.status(), customers.status()].map(|s| s.as_u16()),
        [401, 200, 200, 200]
    );
    assert_ne!(cache_control(&catalogue).as_deref(), Some("no-store"), "the public catalogue stays cacheable");
}
