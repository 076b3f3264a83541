//! A small OpenID Connect issuer on loopback, for tests (this crate's, app-server's, and the browser tests
//! through the `fake-oidc-issuer` binary). It serves a discovery document, its signing key as a JWKS, an
//! authorization endpoint that consents at once for the person set with [`FakeIssuer::set_next_login`], and
//! a token endpoint that checks the client's credentials, the redirect URI and the PKCE verifier before it
//! mints a signed ID token. A [`Tamper`] makes that token wrong in one way, to show the shop refuses it.
//!
//! The two RSA keys beside this file were made for these tests only and protect nothing.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test support: a fixture that cannot be made fails its test"
)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Url;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

use crate::tokens::random_token;

/// The client the fake issuer knows.
pub const CLIENT_ID: &str = "shop-test-client";
/// That client's secret.
pub const CLIENT_SECRET: &str = "fake-issuer-client-secret";

const KEY_ID: &str = "fake-issuer-key-1";
const ISSUER_KEY: &[u8] = include_bytes!("issuer-key.pem");
const FORGER_KEY: &[u8] = include_bytes!("forger-key.pem");
const ISSUER_KEY_MODULUS: &str = include_str!("issuer-n.txt");

/// One way the minted ID token (or the consent) goes wrong.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tamper {
    /// A valid token.
    #[default]
    None,
    /// Signed by another key under the issuer's key id.
    ForgedSignature,
    /// Issued to another client.
    WrongAudience,
    /// Expired ten minutes ago.
    Expired,
    /// Naming another issuer.
    WrongIssuer,
    /// Carrying another sign-in's nonce.
    WrongNonce,
    /// Signed with a key the JWKS does not publish.
    UnknownKey,
    /// The person declines: the browser comes back with `error=access_denied`.
    Denied,
}

/// The person the authorization endpoint consents for next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FakeLogin {
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
    #[serde(default)]
    pub tamper: Tamper,
}

impl Default for FakeLogin {
    fn default() -> Self {
        Self {
            subject: "110248495921238986420".into(),
            email: Some("zainab.google@example.com".into()),
            email_verified: true,
            name: Some("Zainab Malik".into()),
            tamper: Tamper::None,
        }
    }
}

struct Grant {
    login: FakeLogin,
    nonce: String,
    challenge: String,
    redirect_uri: String,
}

#[derive(Default)]
struct IssuerState {
    next_login: FakeLogin,
    grants: HashMap<String, Grant>,
    discovery_fetches: u32,
    jwks_fetches: u32,
    authorize_queries: Vec<HashMap<String, String>>,
}

/// The running issuer; it stops when dropped.
pub struct FakeIssuer {
    url: String,
    state: Arc<Mutex<IssuerState>>,
    task: JoinHandle<()>,
}

impl Drop for FakeIssuer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

struct Answer {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: String,
}

impl Answer {
    fn json(status: u16, body: &serde_json::Value) -> Self {
        Self { status, headers: vec![("Content-Type", "application/json".into())], body: body.to_string() }
    }

    fn redirect(location: String) -> Self {
        Self { status: 302, headers: vec![("Location", location)], body: String::new() }
    }
}

fn pairs(encoded: &str) -> HashMap<String, String> {
    Url::parse(&format!("http://x/?{encoded}")).map(|url| url.query_pairs().into_owned().collect()).unwrap_or_default()
}

impl FakeIssuer {
    /// Starts the issuer on a free loopback port.
    ///
    /// # Panics
    /// When no port can be had.
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port for the fake issuer");
        let url = format!("http://{}", listener.local_addr().expect("its address"));
        let state = Arc::new(Mutex::new(IssuerState::default()));
        let (issuer, shared) = (url.clone(), state.clone());
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (issuer, shared) = (issuer.clone(), shared.clone());
                tokio::spawn(async move {
                    let _ = serve(stream, &issuer, &shared).await;
                });
            }
        });
        Self { url, state, task }
    }

    /// The issuer identifier (and base URL), e.g. `http://127.0.0.1:40123`.
    #[must_use]
    pub fn issuer(&self) -> &str {
        &self.url
    }

    fn with<T>(&self, f: impl FnOnce(&mut IssuerState) -> T) -> T {
        f(&mut self.state.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Who the next visit to the authorization endpoint signs in as, and how the token goes wrong.
    pub fn set_next_login(&self, login: FakeLogin) {
        self.with(|s| s.next_login = login);
    }

    /// How often the discovery document was fetched.
    #[must_use]
    pub fn discovery_fetches(&self) -> u32 {
        self.with(|s| s.discovery_fetches)
    }

    /// How often the key set was fetched.
    #[must_use]
    pub fn jwks_fetches(&self) -> u32 {
        self.with(|s| s.jwks_fetches)
    }

    /// The query parameters of the last visit to the authorization endpoint.
    #[must_use]
    pub fn last_authorize_query(&self) -> Option<HashMap<String, String>> {
        self.with(|s| s.authorize_queries.last().cloned())
    }
}

async fn serve(stream: TcpStream, issuer: &str, state: &Mutex<IssuerState>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream);
    let mut request_line = String::new();
    reader.read_line(&mut request_line).await?;
    let mut content_length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                content_length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; content_length.min(64 * 1024)];
    reader.read_exact(&mut body).await?;
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let answer = {
        let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
        route(method, path, &pairs(query), &String::from_utf8_lossy(&body), issuer, &mut state)
    };
    let mut head =
        format!("HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n", answer.status, answer.body.len());
    for (name, value) in &answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = reader.into_inner();
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(answer.body.as_bytes()).await?;
    stream.shutdown().await
}

fn route(
    method: &str,
    path: &str,
    query: &HashMap<String, String>,
    body: &str,
    issuer: &str,
    state: &mut IssuerState,
) -> Answer {
    match (method, path) {
        ("GET", "/.well-known/openid-configuration") => {
            state.discovery_fetches += 1;
            Answer::json(
                200,
                &json!({
                    "issuer": issuer,
                    "authorization_endpoint": format!("{issuer}/authorize"),
                    "token_endpoint": format!("{issuer}/token"),
                    "jwks_uri": format!("{issuer}/jwks"),
                    "response_types_supported": ["code"],
                    "subject_types_supported": ["public"],
                    "id_token_signing_alg_values_supported": ["RS256"],
                    "code_challenge_methods_supported": ["S256"],
                }),
            )
        }
        ("GET", "/jwks") => {
            state.jwks_fetches += 1;
            Answer::json(
                200,
                &json!({"keys": [{
                    "kty": "RSA", "use": "sig", "alg": "RS256", "kid": KEY_ID,
                    "n": ISSUER_KEY_MODULUS.trim(), "e": "AQAB",
                }]}),
            )
        }
        ("GET", "/authorize") => authorize(query, state),
        ("POST", "/token") => token(&pairs(body), issuer, state),
        ("POST", "/test/next-login") => match serde_json::from_str(body) {
            Ok(login) => {
                state.next_login = login;
                Answer::json(200, &json!({"ok": true}))
            }
            Err(err) => Answer::json(400, &json!({"error": err.to_string()})),
        },
        _ => Answer::json(404, &json!({"error": "not_found"})),
    }
}

fn authorize(query: &HashMap<String, String>, state: &mut IssuerState) -> Answer {
    state.authorize_queries.push(query.clone());
    let get = |name: &str| query.get(name).map(String::as_str).unwrap_or_default();
    let Ok(mut back) = Url::parse(get("redirect_uri")) else {
        return Answer::json(400, &json!({"error": "invalid_request", "error_description": "redirect_uri"}));
    };
    if get("client_id") != CLIENT_ID
        || get("response_type") != "code"
        || get("code_challenge_method") != "S256"
        || get("code_challenge").is_empty()
        || get("state").is_empty()
        || get("nonce").is_empty()
        || !get("scope").split(' ').any(|s| s == "openid")
    {
        return Answer::json(400, &json!({"error": "invalid_request"}));
    }
    let login = state.next_login.clone();
    if login.tamper == Tamper::Denied {
        back.query_pairs_mut().append_pair("error", "access_denied").append_pair("state", get("state"));
        return Answer::redirect(back.into());
    }
    let code = random_token();
    state.grants.insert(
        code.clone(),
        Grant {
            login,
            nonce: get("nonce").to_owned(),
            challenge: get("code_challenge").to_owned(),
            redirect_uri: get("redirect_uri").to_owned(),
        },
    );
    back.query_pairs_mut().append_pair("code", &code).append_pair("state", get("state"));
    Answer::redirect(back.into())
}

fn token(form: &HashMap<String, String>, issuer: &str, state: &mut IssuerState) -> Answer {
    let get = |name: &str| form.get(name).map(String::as_str).unwrap_or_default();
    let invalid_grant = || Answer::json(400, &json!({"error": "invalid_grant"}));
    if get("client_id") != CLIENT_ID || get("client_secret") != CLIENT_SECRET {
        return Answer::json(401, &json!({"error": "invalid_client"}));
    }
    if get("grant_type") != "authorization_code" {
        return Answer::json(400, &json!({"error": "unsupported_grant_type"}));
    }
    // A code works once, whatever happens next.
    let Some(grant) = state.grants.remove(get("code")) else { return invalid_grant() };
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(get("code_verifier").as_bytes()));
    if grant.redirect_uri != get("redirect_uri") || grant.challenge != challenge {
        return invalid_grant();
    }
    Answer::json(
        200,
        &json!({"access_token": random_token(), "token_type": "Bearer", "expires_in": 3600, "id_token": mint(issuer, &grant)}),
    )
}

fn mint(issuer: &str, grant: &Grant) -> String {
    let login = &grant.login;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (issued, expires) = if login.tamper == Tamper::Expired { (now - 4200, now - 600) } else { (now, now + 3600) };
    let audience = if login.tamper == Tamper::WrongAudience { "another-shop" } else { CLIENT_ID };
    let claims = json!({
        "iss": if login.tamper == Tamper::WrongIssuer { "https://issuer.example" } else { issuer },
        "aud": audience,
        "azp": audience,
        "sub": login.subject,
        "email": login.email,
        "email_verified": login.email_verified,
        "name": login.name,
        "nonce": if login.tamper == Tamper::WrongNonce { "another-sign-in" } else { grant.nonce.as_str() },
        "iat": issued,
        "exp": expires,
    });
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(if login.tamper == Tamper::UnknownKey { "rotated-away" } else { KEY_ID }.to_owned());
    let key =
        if matches!(login.tamper, Tamper::ForgedSignature | Tamper::UnknownKey) { FORGER_KEY } else { ISSUER_KEY };
    let key = EncodingKey::from_rsa_pem(key).expect("the test key is a PEM RSA key");
    jsonwebtoken::encode(&header, &claims, &key).expect("the fake issuer signs its token")
}
