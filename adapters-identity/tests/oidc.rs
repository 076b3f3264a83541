//! The OpenID Connect adapter against the loopback issuer: the whole code flow with PKCE, and every way a
//! token or a code can be wrong, each refused.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use std::collections::HashMap;

use adapters_identity::test_support::{FakeIssuer, FakeLogin, Tamper, CLIENT_ID, CLIENT_SECRET};
use adapters_identity::{OidcConfig, OidcProvider};
use application::accounts::model::{ExternalIdentity, ExternalProfile, PendingExternalLogin};
use application::accounts::ports::{ExternalIdentityError, ExternalIdentityProvider};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use reqwest::Url;
use sha2::{Digest, Sha256};

const REDIRECT: &str = "http://127.0.0.1:8080/api/auth/google/callback";

fn provider_for(issuer: &str) -> OidcProvider {
    OidcProvider::new(OidcConfig {
        issuer: issuer.to_owned(),
        client_id: CLIENT_ID.to_owned(),
        client_secret: CLIENT_SECRET.into(),
        redirect_uri: REDIRECT.to_owned(),
    })
    .unwrap()
}

fn query(url: &str) -> HashMap<String, String> {
    Url::parse(url).unwrap().query_pairs().into_owned().collect()
}

/// What the browser does at the provider: follows the authorization URL and comes back with a code.
async fn consent(authorize_url: &str) -> HashMap<String, String> {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let answer = client.get(authorize_url).send().await.unwrap();
    assert_eq!(answer.status(), 302);
    let location = answer.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with(REDIRECT), "{location}");
    query(&location)
}

async fn sign_in(
    issuer: &FakeIssuer,
    provider: &OidcProvider,
    login: FakeLogin,
) -> Result<ExternalProfile, ExternalIdentityError> {
    issuer.set_next_login(login);
    let start = provider.begin().await.unwrap();
    let back = consent(&start.authorize_url).await;
    assert_eq!(back["state"], start.pending.state);
    provider.finish(&back["code"], &start.pending).await
}

fn tampered(tamper: Tamper) -> FakeLogin {
    FakeLogin { tamper, ..FakeLogin::default() }
}

#[tokio::test]
async fn the_authorization_url_carries_the_client_scope_state_nonce_and_an_s256_challenge() {
    let issuer = FakeIssuer::start().await;
    let provider = provider_for(issuer.issuer());

    let start = provider.begin().await.unwrap();
    let again = provider.begin().await.unwrap();

    assert!(start.authorize_url.starts_with(&format!("{}/authorize?", issuer.issuer())), "{}", start.authorize_url);
    let q = query(&start.authorize_url);
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["client_id"], CLIENT_ID);
    assert_eq!(q["redirect_uri"], REDIRECT);
    assert_eq!(q["scope"], "openid email profile");
    assert_eq!(q["state"], start.pending.state);
    assert_eq!(q["nonce"], start.pending.nonce);
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["code_challenge"], URL_SAFE_NO_PAD.encode(Sha256::digest(start.pending.pkce_verifier.as_bytes())));
    assert!(!q.contains_key("client_secret"));
    assert_eq!(start.pending.pkce_verifier.len(), 43);
    assert_ne!(start.pending.state, again.pending.state);
    assert_ne!(start.pending.nonce, again.pending.nonce);
    assert_ne!(start.pending.pkce_verifier, again.pending.pkce_verifier);
}

#[tokio::test]
async fn a_valid_id_token_gives_the_verified_person() {
    let issuer = FakeIssuer::start().await;
    let provider = provider_for(issuer.issuer());

    let profile = sign_in(&issuer, &provider, FakeLogin::default()).await.unwrap();

    assert_eq!(
        profile,
        ExternalProfile {
            identity: ExternalIdentity { issuer: issuer.issuer().to_owned(), subject: "110248495921238986420".into() },
            email: Some("zainab.google@example.com".into()),
            email_verified: true,
            name: Some("Zainab Malik".into()),
        }
    );
}

#[tokio::test]
async fn discovery_and_keys_are_fetched_once_and_reused() {
    let issuer = FakeIssuer::start().await;
    let provider = provider_for(issuer.issuer());

    for _ in 0..3 {
        sign_in(&issuer, &provider, FakeLogin::default()).await.unwrap();
    }

    assert_eq!((issuer.discovery_fetches(), issuer.jwks_fetches()), (1, 1));
}

#[tokio::test]
async fn each_wrong_token_is_refused_with_its_reason() {
    let issuer = FakeIssuer::start().await;
    let provider = provider_for(issuer.issuer());
    let cases = [
        (Tamper::ForgedSignature, "the ID token's signature does not verify"),
        (Tamper::WrongAudience, "the ID token is meant for another client"),
        (Tamper::Expired, "the ID token has expired"),
        (Tamper::WrongIssuer, "the ID token comes from another issuer"),
        (Tamper::WrongNonce, "the ID token's nonce is not this sign-in's"),
        (Tamper::UnknownKey, "the ID token is signed with a key the provider does not publish"),
    ];

    for (tamper, reason) in cases {
        let err = sign_in(&issuer, &provider, tampered(tamper)).await.unwrap_err();

        assert!(matches!(&err, ExternalIdentityError::Refused(why) if why == reason), "{tamper:?}: {err}");
    }
}

#[tokio::test]
async fn a_code_works_once_and_only_with_its_own_verifier() {
    let issuer = FakeIssuer::start().await;
    let provider = provider_for(issuer.issuer());
    let start = provider.begin().await.unwrap();
    let back = consent(&start.authorize_url).await;
    let stolen = PendingExternalLogin {
        pkce_verifier: "an-attackers-own-verifier-of-enough-length-1".into(),
        ..start.pending.clone()
    };

    let without_verifier = provider.finish(&back["code"], &stolen).await.unwrap_err();
    let start = provider.begin().await.unwrap();
    let back = consent(&start.authorize_url).await;
    provider.finish(&back["code"], &start.pending).await.unwrap();
    let replayed = provider.finish(&back["code"], &start.pending).await.unwrap_err();

    for err in [without_verifier, replayed] {
        assert!(
            matches!(&err, ExternalIdentityError::Refused(why) if why == "the token endpoint refused the code: invalid_grant"),
            "{err}"
        );
    }
}

#[tokio::test]
async fn a_wrong_client_secret_is_refused_by_the_provider() {
    let issuer = FakeIssuer::start().await;
    let provider = OidcProvider::new(OidcConfig {
        issuer: issuer.issuer().to_owned(),
        client_id: CLIENT_ID.to_owned(),
        client_secret: "guessed".into(),
        redirect_uri: REDIRECT.to_owned(),
    })
    .unwrap();

    let err = sign_in(&issuer, &provider, FakeLogin::default()).await.unwrap_err();

    assert!(matches!(&err, ExternalIdentityError::Refused(why) if why.ends_with("invalid_client")), "{err}");
}

#[tokio::test]
async fn an_unreachable_provider_or_one_naming_another_issuer_is_unavailable() {
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let issuer = FakeIssuer::start().await;
    let port = Url::parse(issuer.issuer()).unwrap().port().unwrap();

    let unreachable = provider_for(&format!("http://127.0.0.1:{closed}")).begin().await.unwrap_err();
    // The document names http://127.0.0.1:port, not http://localhost:port.
    let other_name = provider_for(&format!("http://localhost:{port}")).begin().await.unwrap_err();

    assert!(matches!(unreachable, ExternalIdentityError::Unavailable(_)), "{unreachable}");
    assert!(
        matches!(&other_name, ExternalIdentityError::Unavailable(why) if why.contains("names another issuer")),
        "{other_name}"
    );
}

#[test]
fn an_issuer_must_be_https_except_on_loopback() {
    let config = |issuer: &str| OidcConfig {
        issuer: issuer.to_owned(),
        client_id: CLIENT_ID.to_owned(),
        client_secret: CLIENT_SECRET.into(),
        redirect_uri: REDIRECT.to_owned(),
    };

    assert!(OidcProvider::new(config("https://accounts.google.com")).is_ok());
    assert!(OidcProvider::new(config("http://127.0.0.1:9000")).is_ok());
    assert!(OidcProvider::new(config("http://accounts.example.com")).is_err());
    assert!(OidcProvider::new(config("accounts.google.com")).is_err());
}

#[test]
fn the_client_secret_never_shows_in_debug_output() {
    let config = OidcConfig {
        issuer: "https://accounts.google.com".into(),
        client_id: CLIENT_ID.to_owned(),
        client_secret: CLIENT_SECRET.into(),
        redirect_uri: REDIRECT.to_owned(),
    };

    assert!(!format!("{config:?}").contains(CLIENT_SECRET));
}
