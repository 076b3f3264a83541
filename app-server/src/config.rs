//! Configuration, read once from the environment (and `.env` when present). A bad value stops the start
//! with one line naming the variable. Nothing below this crate reads the environment.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use adapters_http::{MediaAddresses, TrustedProxies};
use adapters_identity::HashLimits;
use adapters_media::{MediaStoreConfig, S3Bucket, S3Config, S3Credentials, S3Endpoint, S3Prefix, S3Region};
use application::accounts::customers::AccountLimits;
use secrecy::SecretString;

/// The default database: the one `just run` prepares on the local server.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/shop_dev";

/// A variable that is present but unusable.
#[derive(Debug, thiserror::Error)]
#[error("{name} is invalid: {reason}")]
pub struct ConfigError {
    name: &'static str,
    reason: String,
}

/// Everything the server needs to start. Its secrets (the database URL, which may hold a password, the
/// admin's password, the SMTP URL, Google's client secret, the metrics token, the S3 secret key) are
/// `SecretString`s: `Debug`, and so every log line, shows them as `[REDACTED]`.
#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: SecretString,
    pub bind_addr: SocketAddr,
    pub public_url: String,
    /// Where media live with MEDIA_STORE=local (the default), and the files served under `/media` then.
    pub media_dir: PathBuf,
    /// The bucket media live in with MEDIA_STORE=s3.
    pub media_s3: Option<S3Config>,
    /// How media addresses are given out: as stored, or under MEDIA_BASE_URL.
    pub media_addresses: MediaAddresses,
    pub spa_dir: PathBuf,
    pub db_pool_size: u32,
    pub workers: Option<usize>,
    /// The one admin, when configured; without it the admin area refuses every login.
    pub admin: Option<AdminCredentials>,
    /// Logins of one e-mail from one address that go ahead before each further one waits.
    pub login_max_failures: u32,
    /// The first wait after those, doubled with each further attempt up to `login_max_delay`.
    pub login_first_delay: chrono::Duration,
    pub login_max_delay: chrono::Duration,
    /// Failed logins one client address may make per hour, across e-mails (a known device is spared).
    pub login_max_failures_per_address: u32,
    /// Failed logins of one e-mail per day, from every address together (a known device is spared).
    pub login_max_failures_per_email: u32,
    /// Hourly limits of reset mails per address and per e-mail, and of sign-ups per address.
    pub account_limits: AccountLimits,
    /// Unknown or expired coupon codes one address may try per hour.
    pub coupon_max_failures: u32,
    /// Reset requests waiting to be worked through; beyond them requests are dropped (still answered 202).
    pub reset_queue: usize,
    /// The reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// Password hashes and checks running at once, and waiting for a turn beyond them.
    pub password_hashing: HashLimits,
    /// How long public catalogue answers are reused, in milliseconds; 0 turns the cache off.
    pub catalog_cache_ms: u64,
    /// How often category views counted in memory are written to the database, in milliseconds.
    pub view_flush_ms: u64,
    /// SMTP server URL; without it mail goes to `mail_outbox_dir` as .eml files.
    pub smtp_url: Option<SecretString>,
    pub mail_from: String,
    pub mail_outbox_dir: PathBuf,
    /// How often the outbox worker looks for due e-mails, in milliseconds.
    pub outbox_poll_ms: u64,
    /// The pause after a failed delivery, doubled on each further failure, in milliseconds.
    pub outbox_retry_base_ms: u64,
    /// "Login with Google" (OpenID Connect), when configured.
    pub google: Option<GoogleSignIn>,
    /// How long a request body may take before the request is answered 408 and the connection closed, in
    /// milliseconds, before the allowance for what has arrived.
    pub body_timeout_ms: u64,
    /// Each this many bytes of a body that have arrived give it one more second.
    pub body_min_bytes_per_sec: u64,
    /// The most client connections served at once, shared between the workers.
    pub max_connections: usize,
    /// The most connections open at once from one client address (an IPv6 one by its /64); trusted proxies
    /// are not bound.
    pub max_connections_per_address: usize,
    /// Review forms with pictures received and worked on at once; beyond them 503.
    pub uploads_at_once: usize,
    /// Where uploaded files are written while they arrive (unnamed files, gone when the request ends).
    pub upload_temp_dir: PathBuf,
    /// Who hears of each new order: ORDER_NOTIFY_EMAIL, else ADMIN_EMAIL; nobody without either.
    pub order_notify_email: Option<domain::contact::Email>,
    /// METRICS_ADDR: a second listener serving only `/metrics`, unauthenticated.
    pub metrics_addr: Option<SocketAddr>,
    /// METRICS_TOKEN: the bearer token `/metrics` on the public listener asks for; without it, a 404.
    pub metrics_token: Option<SecretString>,
    /// WhatsApp through Meta's Business Cloud API, when configured (docs/decisions/0038-whatsapp.md).
    pub whatsapp: Option<WhatsAppSettings>,
}

/// The shortest METRICS_TOKEN accepted.
pub const MIN_METRICS_TOKEN_CHARS: usize = 16;

/// GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and OIDC_ISSUER. The secret never reaches `Debug` or a log.
#[derive(Debug, Clone)]
pub struct GoogleSignIn {
    pub client_id: String,
    pub client_secret: SecretString,
    /// Google's issuer unless OIDC_ISSUER names another OpenID Connect provider.
    pub issuer: String,
}

/// ADMIN_EMAIL and ADMIN_PASSWORD. The password never reaches `Debug` or a log.
#[derive(Debug, Clone)]
pub struct AdminCredentials {
    pub email: String,
    pub password: SecretString,
}

/// WHATSAPP_*: the Business Cloud API and its webhook, when configured. The token and both secrets never
/// reach `Debug` or a log.
#[derive(Debug, Clone)]
pub struct WhatsAppSettings {
    /// WHATSAPP_API_URL, without a trailing slash.
    pub api_url: String,
    pub api_version: String,
    pub phone_number_id: String,
    pub access_token: SecretString,
    pub app_secret: SecretString,
    pub verify_token: SecretString,
    /// How long one Graph API request may take, in milliseconds.
    pub timeout_ms: u64,
    /// The pause after a failed send, doubled on each further failure, in milliseconds.
    pub retry_base_ms: u64,
    /// Attempts before a message is marked failed.
    pub max_attempts: u32,
}

/// The four WhatsApp variables that come all together or not at all.
const WHATSAPP_SET: [&str; 4] =
    ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"];

/// WHATSAPP_*: `None` when none of the four is set; all four or a refusal naming the first one missing.
fn whatsapp(text: &impl Fn(&'static str) -> Option<String>) -> Result<Option<WhatsAppSettings>, ConfigError> {
    let values = WHATSAPP_SET.map(text);
    if values.iter().all(Option::is_none) {
        return Ok(None);
    }
    if let Some((name, _)) = WHATSAPP_SET.iter().zip(&values).find(|(_, v)| v.is_none()) {
        return Err(ConfigError {
            name,
            reason: "is required with the other WhatsApp settings (WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: all or none)".into(),
        });
    }
    let [Some(phone_number_id), Some(access_token), Some(app_secret), Some(verify_token)] = values else {
        return Ok(None);
    };
    if !phone_number_id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ConfigError {
            name: "WHATSAPP_PHONE_NUMBER_ID",
            reason: "expected the digits of Meta's phone number id".into(),
        });
    }
    let api_url = match text("WHATSAPP_API_URL") {
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => url.trim_end_matches('/').to_owned(),
        Some(_) => {
            return Err(ConfigError { name: "WHATSAPP_API_URL", reason: "expected an http:// or https:// URL".into() })
        }
        None => adapters_whatsapp::DEFAULT_API_URL.to_owned(),
    };
    let api_version = text("WHATSAPP_API_VERSION").unwrap_or_else(|| adapters_whatsapp::DEFAULT_API_VERSION.to_owned());
    let well_formed_version = api_version
        .strip_prefix('v')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
    if !well_formed_version {
        return Err(ConfigError {
            name: "WHATSAPP_API_VERSION",
            reason: format!("{api_version:?}: expected a version such as v21.0"),
        });
    }
    let positive = |name: &'static str, default: u64| -> Result<u64, ConfigError> {
        at_least_one(parsed(text(name), name, Some(default))?, name)
    };
    Ok(Some(WhatsAppSettings {
        api_url,
        api_version,
        phone_number_id,
        access_token: access_token.into(),
        app_secret: app_secret.into(),
        verify_token: verify_token.into(),
        timeout_ms: positive("WHATSAPP_TIMEOUT_MS", 10_000)?,
        retry_base_ms: positive("WHATSAPP_RETRY_BASE_MS", 30_000)?,
        max_attempts: u32::try_from(positive("WHATSAPP_MAX_ATTEMPTS", 8)?).unwrap_or(u32::MAX),
    }))
}

/// The shortest admin password accepted.
pub const MIN_ADMIN_PASSWORD_CHARS: usize = 8;

impl Config {
    /// Reads the configuration through `var`, which answers a variable's value when it is set.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first variable whose value cannot be used.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let text = |name: &'static str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let database_url = text("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        if !(database_url.starts_with("postgres://") || database_url.starts_with("postgresql://")) {
            return Err(ConfigError { name: "DATABASE_URL", reason: "expected a postgres:// URL".into() });
        }
        let bind_addr: SocketAddr = parsed(text("BIND_ADDR"), "BIND_ADDR", "127.0.0.1:8080".parse().ok())?;
        let public_url = match text("PUBLIC_URL") {
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                url.trim_end_matches('/').to_owned()
            }
            Some(_) => {
                return Err(ConfigError { name: "PUBLIC_URL", reason: "expected an http:// or https:// origin".into() })
            }
            None => format!("http://{bind_addr}"),
        };
        let db_pool_size: u32 = parsed(text("DB_POOL_SIZE"), "DB_POOL_SIZE", Some(10))?;
        if db_pool_size == 0 {
            return Err(ConfigError { name: "DB_POOL_SIZE", reason: "must be at least 1".into() });
        }
        let workers: Option<usize> = text("WORKERS")
            .map(|w| w.parse().map_err(|e| ConfigError { name: "WORKERS", reason: format!("{e}") }))
            .transpose()?;
        let admin = match (text("ADMIN_EMAIL"), var("ADMIN_PASSWORD").filter(|p| !p.is_empty())) {
            (None, None) => None,
            (Some(_), None) => {
                return Err(ConfigError { name: "ADMIN_PASSWORD", reason: "is required with ADMIN_EMAIL".into() })
            }
            (None, Some(_)) => {
                return Err(ConfigError { name: "ADMIN_EMAIL", reason: "is required with ADMIN_PASSWORD".into() })
            }
            (Some(email), Some(password)) => {
                if domain::contact::Email::parse(&email).is_err() {
                    return Err(ConfigError { name: "ADMIN_EMAIL", reason: "is not an e-mail address".into() });
                }
                if password.chars().count() < MIN_ADMIN_PASSWORD_CHARS {
                    return Err(ConfigError { name: "ADMIN_PASSWORD", reason: "must be at least 8 characters".into() });
                }
                Some(AdminCredentials { email, password: password.into() })
            }
        };
        let order_notify_email =
            match text("ORDER_NOTIFY_EMAIL") {
                Some(email) => Some(domain::contact::Email::parse(&email).map_err(|_| ConfigError {
                    name: "ORDER_NOTIFY_EMAIL",
                    reason: "is not an e-mail address".into(),
                })?),
                None => admin.as_ref().and_then(|a| domain::contact::Email::parse(&a.email).ok()),
            };
        let login_max_failures: u32 =
            at_least_one(parsed(text("LOGIN_MAX_FAILURES"), "LOGIN_MAX_FAILURES", Some(5))?, "LOGIN_MAX_FAILURES")?;
        let login_first_delay =
            seconds(parsed(text("LOGIN_FIRST_DELAY_SECONDS"), "LOGIN_FIRST_DELAY_SECONDS", Some(60))?);
        let login_max_delay = seconds(parsed(text("LOGIN_MAX_DELAY_SECONDS"), "LOGIN_MAX_DELAY_SECONDS", Some(900))?);
        if login_max_delay < login_first_delay {
            return Err(ConfigError {
                name: "LOGIN_MAX_DELAY_SECONDS",
                reason: "must not be shorter than LOGIN_FIRST_DELAY_SECONDS".into(),
            });
        }
        let login_max_failures_per_address = at_least_one(
            parsed(text("LOGIN_MAX_FAILURES_PER_ADDRESS"), "LOGIN_MAX_FAILURES_PER_ADDRESS", Some(30))?,
            "LOGIN_MAX_FAILURES_PER_ADDRESS",
        )?;
        let login_max_failures_per_email = at_least_one(
            parsed(text("LOGIN_MAX_FAILURES_PER_EMAIL"), "LOGIN_MAX_FAILURES_PER_EMAIL", Some(50))?,
            "LOGIN_MAX_FAILURES_PER_EMAIL",
        )?;
        let account_limits = AccountLimits {
            resets_per_address: parsed(text("RESET_MAX_PER_ADDRESS"), "RESET_MAX_PER_ADDRESS", Some(5))?,
            resets_per_email: parsed(text("RESET_MAX_PER_EMAIL"), "RESET_MAX_PER_EMAIL", Some(3))?,
            sign_ups_per_address: parsed(text("SIGNUP_MAX_PER_ADDRESS"), "SIGNUP_MAX_PER_ADDRESS", Some(10))?,
        };
        let coupon_max_failures: u32 =
            parsed(text("COUPON_MAX_FAILURES_PER_ADDRESS"), "COUPON_MAX_FAILURES_PER_ADDRESS", Some(20))?;
        let reset_queue = at_least_one(parsed(text("RESET_QUEUE"), "RESET_QUEUE", Some(1000))?, "RESET_QUEUE")?;
        let trusted_proxies = TrustedProxies::parse(&text("TRUSTED_PROXIES").unwrap_or_default())
            .map_err(|reason| ConfigError { name: "TRUSTED_PROXIES", reason })?;
        let catalog_cache_ms: u64 = parsed(text("CATALOG_CACHE_MS"), "CATALOG_CACHE_MS", Some(2000))?;
        let machine = HashLimits::for_this_machine();
        let password_hashing = HashLimits {
            running: at_least_one(
                parsed(text("PASSWORD_HASH_CONCURRENCY"), "PASSWORD_HASH_CONCURRENCY", Some(machine.running))?,
                "PASSWORD_HASH_CONCURRENCY",
            )?,
            waiting: parsed(text("PASSWORD_HASH_QUEUE"), "PASSWORD_HASH_QUEUE", Some(machine.waiting))?,
        };
        let google = match (text("GOOGLE_CLIENT_ID"), text("GOOGLE_CLIENT_SECRET")) {
            (None, None) => None,
            (Some(_), None) => {
                return Err(ConfigError {
                    name: "GOOGLE_CLIENT_SECRET",
                    reason: "is required with GOOGLE_CLIENT_ID".into(),
                })
            }
            (None, Some(_)) => {
                return Err(ConfigError {
                    name: "GOOGLE_CLIENT_ID",
                    reason: "is required with GOOGLE_CLIENT_SECRET".into(),
                })
            }
            (Some(client_id), Some(client_secret)) => Some(GoogleSignIn {
                client_id,
                client_secret: client_secret.into(),
                issuer: text("OIDC_ISSUER").unwrap_or_else(|| adapters_identity::GOOGLE_ISSUER.to_owned()),
            }),
        };
        let at_least_one = |name: &'static str, default: u64| -> Result<u64, ConfigError> {
            let value: u64 = parsed(text(name), name, Some(default))?;
            if value == 0 {
                return Err(ConfigError { name, reason: "must be at least 1".into() });
            }
            Ok(value)
        };
        let media_s3 = media_s3(&text)?;
        let media_addresses = match text("MEDIA_BASE_URL") {
            Some(base) => {
                MediaAddresses::under(&base).map_err(|reason| ConfigError { name: "MEDIA_BASE_URL", reason })?
            }
            None => MediaAddresses::relative(),
        };
        let body_timeout_ms = at_least_one("BODY_TIMEOUT_MS", 10_000)?;
        let body_min_bytes_per_sec = at_least_one("BODY_MIN_BYTES_PER_SEC", 16 * 1024)?;
        let max_connections = usize::try_from(at_least_one("MAX_CONNECTIONS", 800)?).unwrap_or(usize::MAX);
        let max_connections_per_address =
            usize::try_from(at_least_one("MAX_CONNECTIONS_PER_ADDRESS", 64)?).unwrap_or(usize::MAX);
        let uploads_at_once = usize::try_from(at_least_one("UPLOADS_AT_ONCE", 8)?).unwrap_or(usize::MAX);
        let upload_temp_dir = text("UPLOAD_TEMP_DIR").map_or_else(std::env::temp_dir, PathBuf::from);
        let metrics_addr =
            text("METRICS_ADDR").map(|addr| parsed(Some(addr), "METRICS_ADDR", None::<SocketAddr>)).transpose()?;
        let metrics_token = match text("METRICS_TOKEN") {
            Some(token)
                if token.chars().count() < MIN_METRICS_TOKEN_CHARS || !token.bytes().all(|b| b.is_ascii_graphic()) =>
            {
                return Err(ConfigError {
                    name: "METRICS_TOKEN",
                    reason: format!("must be at least {MIN_METRICS_TOKEN_CHARS} visible ASCII characters, no spaces"),
                })
            }
            token => token.map(SecretString::from),
        };
        let whatsapp = whatsapp(&text)?;
        Ok(Self {
            whatsapp,
            metrics_addr,
            metrics_token,
            body_timeout_ms,
            body_min_bytes_per_sec,
            max_connections,
            max_connections_per_address,
            uploads_at_once,
            upload_temp_dir,
            google,
            admin,
            order_notify_email,
            login_max_failures,
            login_first_delay,
            login_max_delay,
            login_max_failures_per_address,
            login_max_failures_per_email,
            trusted_proxies,
            account_limits,
            coupon_max_failures,
            reset_queue,
            password_hashing,
            catalog_cache_ms,
            view_flush_ms: parsed(text("VIEW_FLUSH_MS"), "VIEW_FLUSH_MS", Some(1000))?,
            smtp_url: text("SMTP_URL").map(SecretString::from),
            mail_from: text("MAIL_FROM").unwrap_or_else(|| "shop@localhost".to_owned()),
            outbox_poll_ms: parsed(text("OUTBOX_POLL_MS"), "OUTBOX_POLL_MS", Some(2000))?,
            outbox_retry_base_ms: parsed(text("OUTBOX_RETRY_BASE_MS"), "OUTBOX_RETRY_BASE_MS", Some(30_000))?,
            mail_outbox_dir: text("MAIL_OUTBOX_DIR").map_or_else(|| PathBuf::from("data/outbox"), PathBuf::from),
            database_url: database_url.into(),
            bind_addr,
            public_url,
            media_dir: text("MEDIA_DIR").map_or_else(|| PathBuf::from("data/media"), PathBuf::from),
            media_s3,
            media_addresses,
            spa_dir: text("FRONTEND_DIST").map_or_else(|| PathBuf::from("frontend/dist"), PathBuf::from),
            db_pool_size,
            workers,
        })
    }

    /// The store the media are kept in.
    #[must_use]
    pub fn media_store(&self) -> MediaStoreConfig {
        match &self.media_s3 {
            Some(s3) => MediaStoreConfig::S3(s3.clone()),
            None => MediaStoreConfig::Directory(self.media_dir.clone()),
        }
    }

    /// Reads the process environment, after loading `.env` when there is one.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first variable whose value cannot be used.
    pub fn from_env() -> Result<Self, ConfigError> {
        let _ = dotenvy::dotenv();
        Self::from_vars(|name| std::env::var(name).ok())
    }
}

/// MEDIA_STORE and, for `s3`, the bucket's variables.
fn media_s3(text: &impl Fn(&'static str) -> Option<String>) -> Result<Option<S3Config>, ConfigError> {
    fn checked<T>(name: &'static str, result: Result<T, String>) -> Result<T, ConfigError> {
        result.map_err(|reason| ConfigError { name, reason })
    }
    match text("MEDIA_STORE").as_deref() {
        None | Some("local") => return Ok(None),
        Some("s3") => {}
        Some(other) => {
            return Err(ConfigError { name: "MEDIA_STORE", reason: format!("{other:?}: expected local or s3") })
        }
    }
    let bucket =
        text("S3_BUCKET").ok_or(ConfigError { name: "S3_BUCKET", reason: "is required with MEDIA_STORE=s3".into() })?;
    let credentials = match (text("AWS_ACCESS_KEY_ID"), text("AWS_SECRET_ACCESS_KEY")) {
        (None, None) => None,
        (Some(_), None) => {
            return Err(ConfigError {
                name: "AWS_SECRET_ACCESS_KEY",
                reason: "is required with AWS_ACCESS_KEY_ID".into(),
            })
        }
        (None, Some(_)) => {
            return Err(ConfigError {
                name: "AWS_ACCESS_KEY_ID",
                reason: "is required with AWS_SECRET_ACCESS_KEY".into(),
            })
        }
        (Some(access_key_id), Some(secret_access_key)) => {
            Some(S3Credentials { access_key_id, secret_access_key: secret_access_key.into() })
        }
    };
    Ok(Some(S3Config {
        bucket: checked("S3_BUCKET", S3Bucket::parse(&bucket))?,
        endpoint: text("S3_ENDPOINT").map(|e| checked("S3_ENDPOINT", S3Endpoint::parse(&e))).transpose()?,
        region: text("S3_REGION").map_or(Ok(S3Region::default()), |r| checked("S3_REGION", S3Region::parse(&r)))?,
        prefix: text("S3_PREFIX").map(|p| checked("S3_PREFIX", S3Prefix::parse(&p))).transpose()?.flatten(),
        credentials,
    }))
}

/// Whole seconds, as a duration.
fn seconds(value: u32) -> chrono::Duration {
    chrono::Duration::seconds(i64::from(value))
}

fn at_least_one<T: PartialOrd + From<u8>>(value: T, name: &'static str) -> Result<T, ConfigError> {
    if value < T::from(1) {
        return Err(ConfigError { name, reason: "must be at least 1".into() });
    }
    Ok(value)
}

fn parsed<T: std::str::FromStr>(value: Option<String>, name: &'static str, default: Option<T>) -> Result<T, ConfigError>
where
    T::Err: fmt::Display,
{
    match (value, default) {
        (Some(v), _) => v.parse().map_err(|e: T::Err| ConfigError { name, reason: format!("{v:?}: {e}") }),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(ConfigError { name, reason: "is required".into() }),
    }
}

#[cfg(test)]
mod tests;
