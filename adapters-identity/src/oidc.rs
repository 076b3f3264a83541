//! "Login with Google" through OpenID Connect: the authorization-code flow with PKCE (S256), state and
//! nonce. The discovery document and the signing keys (JWKS) are fetched with reqwest and cached; the
//! ID token's signature, issuer, audience, expiry and nonce are verified before anyone is signed in.

use std::time::{Duration, Instant};

use application::accounts::model::{ExternalIdentity, ExternalLoginStart, ExternalProfile, PendingExternalLogin};

use application::accounts::ports::{ExternalIdentityError, ExternalIdentityProvider};
use async_trait::async_trait;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::jwk::{Jwk, JwkSet, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use reqwest::Url;
use secrecy::{ExposeSecret as _, SecretString};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use tokio::sync::RwLock;

use crate::tokens::random_token;

/// Google's issuer, the default of `OIDC_ISSUER`.
pub const GOOGLE_ISSUER: &str = "https://accounts.google.com";

/// How long a fetched discovery document or key set is used before it is fetched again.
const CACHE_LIFETIME: Duration = Duration::from_secs(60 * 60);
/// A token signed with a key the cached set lacks makes the set be fetched again, at most this often.
const KEY_REFRESH_INTERVAL: Duration = Duration::from_secs(30);
/// Clock difference tolerated on `exp`.
const LEEWAY_SECONDS: u64 = 60;
/// Signature algorithms accepted on ID tokens: asymmetric ones only (never `none` or a shared secret).
const ACCEPTED_ALGORITHMS: [Algorithm; 8] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
];

/// The provider and this shop's registration with it. The secret never reaches `Debug`.
#[derive(Debug, Clone)]
pub struct OidcConfig {
    /// e.g. `https://accounts.google.com`; the discovery document is at `{issuer}/.well-known/openid-configuration`.
    pub issuer: String,
    pub client_id: String,
    pub client_secret: SecretString,
    /// Where the provider sends the browser back: `{PUBLIC_URL}/api/auth/google/callback`.
    pub redirect_uri: String,
}

/// A configuration that cannot work.
#[derive(Debug, thiserror::Error)]
pub enum OidcConfigError {
    #[error("OIDC_ISSUER must be an https URL (plain http only on loopback): {0}")]
    InsecureIssuer(String),
    #[error("the redirect URI is not a URL: {0}")]
    BadRedirect(String),
    #[error("the HTTP client could not be built: {0}")]
    Client(String),
}

/// The parts of the discovery document the flow uses.
#[derive(Debug, Clone, Deserialize)]
struct ProviderMetadata {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    jwks_uri: String,
}

#[derive(Debug, Clone)]
struct Cached<T> {
    value: T,
    fetched: Instant,
}

impl<T: Clone> Cached<T> {
    fn fresh(slot: Option<&Self>, max_age: Duration) -> Option<T> {
        slot.filter(|c| c.fetched.elapsed() < max_age).map(|c| c.value.clone())
    }
}

/// The token endpoint's answer (RFC 6749 §5.1 and §5.2).
#[derive(Debug, Deserialize)]
struct TokenAnswer {
    id_token: Option<String>,
    error: Option<String>,
}

/// The ID token claims the shop reads; `iss`, `aud` and `exp` are checked by the validation itself.
#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    nonce: Option<String>,
    azp: Option<String>,
    email: Option<String>,
    /// A boolean, though some providers send the string "true".
    email_verified: Option<serde_json::Value>,
    name: Option<String>,
}

/// An OpenID Connect provider reached over HTTPS.
pub struct OidcProvider {
    config: OidcConfig,
    http: reqwest::Client,
    metadata: RwLock<Option<Cached<ProviderMetadata>>>,
    keys: RwLock<Option<Cached<JwkSet>>>,
}

fn is_loopback(url: &Url) -> bool {
    matches!(url.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"))
}

fn unavailable(what: &str, err: impl std::fmt::Display) -> ExternalIdentityError {
    ExternalIdentityError::Unavailable(format!("{what}: {err}"))
}

fn refused(why: impl Into<String>) -> ExternalIdentityError {
    ExternalIdentityError::Refused(why.into())
}

impl OidcProvider {
    /// A provider for `config`; nothing is fetched until the first sign-in.
    ///
    /// # Errors
    /// [`OidcConfigError`] for an issuer that is not https (plain http is allowed on loopback, for tests) or
    /// a redirect URI that is not a URL.
    pub fn new(mut config: OidcConfig) -> Result<Self, OidcConfigError> {
        config.issuer = config.issuer.trim_end_matches('/').to_owned();
        let issuer = Url::parse(&config.issuer).map_err(|_| OidcConfigError::InsecureIssuer(config.issuer.clone()))?;
        if issuer.scheme() != "https" && !(issuer.scheme() == "http" && is_loopback(&issuer)) {
            return Err(OidcConfigError::InsecureIssuer(config.issuer));
        }
        Url::parse(&config.redirect_uri).map_err(|_| OidcConfigError::BadRedirect(config.redirect_uri.clone()))?;
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|err| OidcConfigError::Client(err.to_string()))?;
        Ok(Self { config, http, metadata: RwLock::new(None), keys: RwLock::new(None) })
    }

    async fn get_json<T: for<'de> Deserialize<'de>>(&self, what: &str, url: &str) -> Result<T, ExternalIdentityError> {
        let response = self.http.get(url).send().await.map_err(|err| unavailable(what, err))?;
        let response = response.error_for_status().map_err(|err| unavailable(what, err))?;
        response.json().await.map_err(|err| unavailable(what, err))
    }

    /// The discovery document, cached for an hour; its issuer must be the configured one exactly.
    async fn metadata(&self) -> Result<ProviderMetadata, ExternalIdentityError> {
        if let Some(metadata) = Cached::fresh(self.metadata.read().await.as_ref(), CACHE_LIFETIME) {
            return Ok(metadata);
        }
        let url = format!("{}/.well-known/openid-configuration", self.config.issuer);
        let metadata: ProviderMetadata = self.get_json("the discovery document", &url).await?;
        if metadata.issuer.trim_end_matches('/') != self.config.issuer {
            return Err(unavailable("the discovery document", format!("it names another issuer, {}", metadata.issuer)));
        }
        *self.metadata.write().await = Some(Cached { value: metadata.clone(), fetched: Instant::now() });
        Ok(metadata)
    }

    /// The key a token names, from the cached set; an unknown key id fetches the set again (keys rotate),
    /// at most every 30 seconds.
    async fn key(&self, jwks_uri: &str, kid: Option<&str>) -> Result<Jwk, ExternalIdentityError> {
        let pick = |set: &JwkSet| match kid {
            Some(kid) => set.find(kid).cloned(),
            None if set.keys.len() == 1 => set.keys.first().cloned(),
            None => None,
        };
        let cached = self.keys.read().await.clone();
        if let Some(found) = Cached::fresh(cached.as_ref(), CACHE_LIFETIME).as_ref().and_then(pick) {
            return Ok(found);
        }
        if cached.as_ref().is_some_and(|c| c.fetched.elapsed() < KEY_REFRESH_INTERVAL) {
            return Err(refused("the ID token is signed with a key the provider does not publish"));
        }
        let set: JwkSet = self.get_json("the signing keys", jwks_uri).await?;
        let found = pick(&set);
        *self.keys.write().await = Some(Cached { value: set, fetched: Instant::now() });
        found.ok_or_else(|| refused("the ID token is signed with a key the provider does not publish"))
    }

    /// Exchanges the code at the token endpoint, with the PKCE verifier and the client's credentials.
    async fn exchange(
        &self,
        token_endpoint: &str,
        code: &str,
        pending: &PendingExternalLogin,
    ) -> Result<String, ExternalIdentityError> {
        let form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &self.config.redirect_uri),
            ("code_verifier", &pending.pkce_verifier),
            ("client_id", &self.config.client_id),
            ("client_secret", self.config.client_secret.expose_secret()),
        ];
        let response = self
            .http
            .post(token_endpoint)
            .header(reqwest::header::ACCEPT, "application/json")
            .form(&form)
            .send()
            .await
            .map_err(|err| unavailable("the token endpoint", err))?;
        let status = response.status();
        if status.is_server_error() {
            return Err(unavailable("the token endpoint", status));
        }
        let answer: TokenAnswer = response.json().await.map_err(|err| unavailable("the token endpoint", err))?;
        match (status.is_success(), answer.id_token) {
            (true, Some(id_token)) => Ok(id_token),
            (true, None) => Err(refused("the token endpoint sent no ID token")),
            (false, _) => Err(refused(format!(
                "the token endpoint refused the code: {}",
                answer.error.as_deref().unwrap_or("no reason given")
            ))),
        }
    }

    /// Verifies the ID token: an accepted algorithm, a published key, the signature, the issuer, this
    /// client as audience (and authorized party), the expiry and the nonce.
    async fn verify(
        &self,
        metadata: &ProviderMetadata,
        id_token: &str,
        nonce: &str,
    ) -> Result<ExternalProfile, ExternalIdentityError> {
        let header = jsonwebtoken::decode_header(id_token).map_err(|_| refused("the ID token is malformed"))?;
        if !ACCEPTED_ALGORITHMS.contains(&header.alg) {
            return Err(refused(format!("the ID token's algorithm {:?} is not accepted", header.alg)));
        }
        let jwk = self.key(&metadata.jwks_uri, header.kid.as_deref()).await?;
        if jwk.common.public_key_use.as_ref().is_some_and(|u| *u != PublicKeyUse::Signature)
            || jwk.common.key_algorithm.is_some_and(|a| a.to_string() != format!("{:?}", header.alg))
        {
            return Err(refused("the ID token's key is not meant for this signature"));
        }
        let key = DecodingKey::from_jwk(&jwk).map_err(|_| refused("the provider's key cannot be read"))?;
        let mut validation = Validation::new(header.alg);
        // Google's tokens may name the issuer without the scheme (its documentation allows both).
        let mut issuers = vec![self.config.issuer.clone()];
        if self.config.issuer == GOOGLE_ISSUER {
            issuers.push("accounts.google.com".to_owned());
        }
        validation.set_issuer(&issuers);
        validation.set_audience(&[&self.config.client_id]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = LEEWAY_SECONDS;
        let claims = jsonwebtoken::decode::<IdClaims>(id_token, &key, &validation)
            .map_err(|err| {
                refused(match err.kind() {
                    ErrorKind::InvalidSignature => "the ID token's signature does not verify",
                    ErrorKind::ExpiredSignature => "the ID token has expired",
                    ErrorKind::InvalidAudience => "the ID token is meant for another client",
                    ErrorKind::InvalidIssuer => "the ID token comes from another issuer",
                    ErrorKind::MissingRequiredClaim(_) => "the ID token lacks a required claim",
                    _ => "the ID token cannot be verified",
                })
            })?
            .claims;
        if claims.nonce.as_deref() != Some(nonce) {
            return Err(refused("the ID token's nonce is not this sign-in's"));
        }
        if claims.azp.as_deref().is_some_and(|azp| azp != self.config.client_id) {
            return Err(refused("the ID token was issued to another client"));
        }
        let email_verified = match claims.email_verified {
            Some(serde_json::Value::Bool(verified)) => verified,
            Some(serde_json::Value::String(text)) => text == "true",
            _ => false,
        };
        Ok(ExternalProfile {
            identity: ExternalIdentity { issuer: self.config.issuer.clone(), subject: claims.sub },
            email: claims.email,
            email_verified,
            name: claims.name,
        })
    }
}

#[async_trait]
impl ExternalIdentityProvider for OidcProvider {
    async fn begin(&self) -> Result<ExternalLoginStart, ExternalIdentityError> {
        let metadata = self.metadata().await?;
        let pending =
            PendingExternalLogin { state: random_token(), nonce: random_token(), pkce_verifier: random_token() };
        let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(pending.pkce_verifier.as_bytes()));
        let mut url = Url::parse(&metadata.authorization_endpoint)
            .map_err(|err| unavailable("the authorization endpoint", err))?;
        url.query_pairs_mut()
            .append_pair("response_type", "code")
            .append_pair("client_id", &self.config.client_id)
            .append_pair("redirect_uri", &self.config.redirect_uri)
            .append_pair("scope", "openid email profile")
            .append_pair("state", &pending.state)
            .append_pair("nonce", &pending.nonce)
            .append_pair("code_challenge", &challenge)
            .append_pair("code_challenge_method", "S256")
            .append_pair("prompt", "select_account");
        Ok(ExternalLoginStart { authorize_url: url.into(), pending })
    }

    async fn finish(
        &self,
        code: &str,
        pending: &PendingExternalLogin,
    ) -> Result<ExternalProfile, ExternalIdentityError> {
        let metadata = self.metadata().await?;
        let id_token = self.exchange(&metadata.token_endpoint, code, pending).await?;
        self.verify(&metadata, &id_token, &pending.nonce).await
    }
}
