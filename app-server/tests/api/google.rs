//! "Login with Google" end to end: the shop's server, the loopback OpenID Connect issuer, and the browser's
//! part (following the redirects, keeping cookies) played by the test.

use std::collections::HashMap;

use adapters_identity::test_support::{FakeIssuer, FakeLogin, Tamper, CLIENT_ID, CLIENT_SECRET};
use reqwest::Url;
use serde_json::json;

use crate::helpers::{set_cookie, spawn_app, spawn_app_with, TestApp};

async fn shop_with_google() -> (TestApp, FakeIssuer) {
    let issuer = FakeIssuer::start().await;
    let app = spawn_app_with(&[
        ("GOOGLE_CLIENT_ID", CLIENT_ID.to_owned()),
        ("GOOGLE_CLIENT_SECRET", CLIENT_SECRET.to_owned()),
        ("OIDC_ISSUER", issuer.issuer().to_owned()),
    ])
    .await;
    (app, issuer)
}

fn location(response: &reqwest::Response) -> String {
    response.headers()["location"].to_str().unwrap().to_owned()
}

/// Where the browser ends up, and the cookies it was given on the way back.
struct Return {
    status: u16,
    location: String,
    session: Option<String>,
    cleared_login_cookie: bool,
}

/// The browser's round trip: the shop's start call, the provider's consent page, and the callback with the
/// sign-in cookie (unless `keep_cookie` is false, as in a browser that never started this sign-in).
async fn round_trip(app: &TestApp, query: &str, keep_cookie: bool) -> Return {
    let start = app.get(&format!("/api/auth/google{query}")).await;
    assert_eq!(start.status(), 302);
    let login_cookie = set_cookie(&start, "shop_google_login").expect("the sign-in cookie is set");
    let at_provider = app.client.get(location(&start)).send().await.unwrap();
    assert_eq!(at_provider.status(), 302);
    let back = Url::parse(&location(&at_provider)).unwrap();
    assert_eq!(back.path(), "/api/auth/google/callback");
    let mut callback = app.client.get(format!("{}{}?{}", app.address, back.path(), back.query().unwrap()));
    if keep_cookie {
        callback = callback.header("cookie", login_cookie.split(';').next().unwrap());
    }
    let answer = callback.send().await.unwrap();
    Return {
        status: answer.status().as_u16(),
        location: location(&answer),
        session: set_cookie(&answer, "shop_session").map(|c| c.split(';').next().unwrap().to_owned()),
        cleared_login_cookie: set_cookie(&answer, "shop_google_login").is_some_and(|c| c.contains("Max-Age=0")),
    }
}

async fn me(app: &TestApp, cookie: &str) -> serde_json::Value {
    let (status, user) = app.me(cookie).await;
    assert_eq!(status, 200);
    user
}

#[tokio::test]
async fn google_sign_in_without_configuration_says_so() {
    let app = spawn_app().await;

    let (status, body) = app.get_json("/api/auth/google").await;

    assert_eq!((status, body), (503, json!({"message": "Google sign-in is not configured on this shop."})));
}

#[tokio::test]
async fn the_status_says_whether_google_sign_in_is_configured() {
    let plain = spawn_app().await;
    let (with_google, _issuer) = shop_with_google().await;

    let without = plain.get_json("/api/auth/google/status").await;
    let with = with_google.get_json("/api/auth/google/status").await;

    assert_eq!(without, (200, json!({"configured": false})));
    assert_eq!(with, (200, json!({"configured": true})));
}

#[tokio::test]
async fn the_start_sends_the_browser_to_the_provider_with_a_short_lived_sign_in_cookie() {
    let (app, issuer) = shop_with_google().await;

    let start = app.get("/api/auth/google?intent=signup&next=/checkout").await;

    assert_eq!(start.status(), 302);
    assert!(location(&start).starts_with(&format!("{}/authorize?", issuer.issuer())), "{}", location(&start));
    let query: HashMap<String, String> = Url::parse(&location(&start)).unwrap().query_pairs().into_owned().collect();
    assert_eq!(query["redirect_uri"], format!("{}/api/auth/google/callback", app.config.public_url));
    assert_eq!(query["code_challenge_method"], "S256");
    let cookie = set_cookie(&start, "shop_google_login").unwrap();
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/api/auth/google", "Max-Age=600"] {
        assert!(cookie.contains(attribute), "{attribute} missing from {cookie}");
    }
    assert_eq!(start.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn a_new_google_user_gets_an_account_and_returns_to_the_page_they_were_going_to() {
    let (app, _issuer) = shop_with_google().await;

    let first = round_trip(&app, "?intent=signup&next=/checkout", true).await;
    let again = round_trip(&app, "?next=/orders", true).await;

    assert_eq!((first.status, first.location.as_str(), first.cleared_login_cookie), (303, "/checkout", true));
    let session = first.session.expect("signed in");
    let user = me(&app, &session).await;
    assert_eq!(user["email"], "zainab.google@example.com");
    assert_eq!(user["name"], "Zainab Malik");
    assert_eq!(again.location, "/orders");
    assert_eq!(me(&app, &again.session.unwrap()).await["uid"], user["uid"], "the same account, found by its subject");
}

#[tokio::test]
async fn a_return_path_off_the_site_becomes_the_home_page() {
    let (app, _issuer) = shop_with_google().await;

    for next in
        ["//evil.example/x", "https://evil.example", "/%5C%5Cevil.example", "\\\\evil", "/x%0d%0aSet-Cookie:%20a=b"]
    {
        let back = round_trip(&app, &format!("?next={}", next.replace('\\', "%5C")), true).await;
        assert_eq!(back.location, "/", "{next}");
    }
    let unicode = round_trip(&app, "?next=/search%3Fq%3Dcaf%C3%A9%20case", true).await;
    assert_eq!(unicode.location, "/search?q=caf%C3%A9%20case");
}

#[tokio::test]
async fn forged_wrong_audience_expired_or_declined_sign_ins_sign_nobody_in() {
    let (app, issuer) = shop_with_google().await;

    for tamper in [Tamper::ForgedSignature, Tamper::WrongAudience, Tamper::Expired, Tamper::WrongNonce, Tamper::Denied]
    {
        issuer.set_next_login(FakeLogin { tamper, ..FakeLogin::default() });
        let from_login = round_trip(&app, "?next=/checkout", true).await;
        let from_signup = round_trip(&app, "?intent=signup", true).await;

        assert_eq!((from_login.status, from_login.location.as_str()), (303, "/login?google=failed"), "{tamper:?}");
        assert_eq!(from_signup.location, "/signup?google=failed", "{tamper:?}");
        assert!(from_login.session.is_none() && from_signup.session.is_none(), "{tamper:?}");
        assert!(from_login.cleared_login_cookie, "{tamper:?}");
    }
}

#[tokio::test]
async fn a_code_brought_back_to_a_browser_that_did_not_start_the_sign_in_is_refused() {
    let (app, _issuer) = shop_with_google().await;

    let back = round_trip(&app, "", false).await;

    assert_eq!((back.location.as_str(), back.session), ("/login?google=failed", None));
}

#[tokio::test]
async fn an_address_with_a_password_account_is_not_taken_over_by_google() {
    let (app, issuer) = shop_with_google().await;
    let (status, _) = app
        .post_json("/api/auth/signup", &json!({"email": "zainab.google@example.com", "password": "her-own-pass"}))
        .await;
    assert_eq!(status, 201);

    let back = round_trip(&app, "", true).await;
    issuer.set_next_login(FakeLogin {
        email_verified: false,
        email: Some("new@example.com".into()),
        ..FakeLogin::default()
    });
    let unverified = round_trip(&app, "", true).await;

    assert_eq!((back.location.as_str(), back.session), ("/login?google=email-in-use", None));
    assert_eq!((unverified.location.as_str(), unverified.session), ("/login?google=failed", None));
}

#[tokio::test]
async fn a_callback_without_code_or_cookie_redirects_and_never_fails() {
    let (app, _issuer) = shop_with_google().await;

    for path in
        ["/api/auth/google/callback", "/api/auth/google/callback?code=x&state=y", "/api/auth/google/callback?error=%00"]
    {
        let answer = app.get(path).await;

        assert_eq!((answer.status().as_u16(), location(&answer)), (303, "/login?google=failed".to_owned()), "{path}");
    }
    let forged_cookie = app
        .client
        .get(format!("{}/api/auth/google/callback?code=x&state=s", app.address))
        .header("cookie", "shop_google_login=s.n.v.signup.%%%")
        .send()
        .await
        .unwrap();
    assert_eq!(location(&forged_cookie), "/login?google=failed");
}
