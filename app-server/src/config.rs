//! Configuration, read once from the environment (and `.env` when present). A bad value stops the start
//! with one line naming the variable. Nothing below this crate reads the environment.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use adapters_http::{MediaAddresses, TrustedProxies};
use adapters_identity::HashLimits;
use adapters_media::{MediaStoreConfig, S3Bucket, S3Config, S3Credentials, S3Endpoint, S3Prefix, S3Region};
use application::accounts::customers::AccountLimits;

/// The default database: the one `just run` prepares on the local server.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/shop_dev";

/// A variable that is present but unusable.
#[derive(Debug, thiserror::Error)]
#[error("{name} is invalid: {reason}")]
pub struct ConfigError {
    name: &'static str,
    reason: String,
}

/// Everything the server needs to start.
#[derive(Clone)]
pub struct Config {
    pub database_url: String,
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
    pub smtp_url: Option<String>,
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
    /// METRICS_TOKEN: the bearer token `/metrics` on the public listener asks for; without it, a 404. Never
    /// reaches `Debug` or a log.
    pub metrics_token: Option<String>,
}

/// The shortest METRICS_TOKEN accepted.
pub const MIN_METRICS_TOKEN_CHARS: usize = 16;

/// GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and OIDC_ISSUER. The secret never reaches `Debug` or a log.
#[derive(Clone)]
pub struct GoogleSignIn {
    pub client_id: String,
    pub client_secret: String,
    /// Google's issuer unless OIDC_ISSUER names another OpenID Connect provider.
    pub issuer: String,
}

/// ADMIN_EMAIL and ADMIN_PASSWORD. The password never reaches `Debug` or a log.
#[derive(Clone)]
pub struct AdminCredentials {
    pub email: String,
    pub password: String,
}

/// The shortest admin password accepted.
pub const MIN_ADMIN_PASSWORD_CHARS: usize = 8;

/// The database URL may hold a password: `Debug` shows everything else.
impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("database_url", &"<redacted>")
            .field("bind_addr", &self.bind_addr)
            .field("public_url", &self.public_url)
            .field("media_dir", &self.media_dir)
            .field("media_s3", &self.media_s3)
            .field("media_addresses", &self.media_addresses)
            .field("spa_dir", &self.spa_dir)
            .field("db_pool_size", &self.db_pool_size)
            .field("workers", &self.workers)
            .field("admin_email", &self.admin.as_ref().map(|a| a.email.as_str()))
            .field("order_notify_email", &self.order_notify_email.as_ref().map(domain::contact::Email::as_str))
            .field("login_max_failures", &self.login_max_failures)
            .field("login_first_delay", &self.login_first_delay)
            .field("login_max_delay", &self.login_max_delay)
            .field("login_max_failures_per_address", &self.login_max_failures_per_address)
            .field("login_max_failures_per_email", &self.login_max_failures_per_email)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("account_limits", &self.account_limits)
            .field("coupon_max_failures", &self.coupon_max_failures)
            .field("reset_queue", &self.reset_queue)
            .field("password_hashing", &self.password_hashing)
            .field("catalog_cache_ms", &self.catalog_cache_ms)
            .field("view_flush_ms", &self.view_flush_ms)
            .field("smtp_url", &self.smtp_url.as_ref().map(|_| "<set>"))
            .field("mail_from", &self.mail_from)
            .field("mail_outbox_dir", &self.mail_outbox_dir)
            .field("outbox_poll_ms", &self.outbox_poll_ms)
            .field("outbox_retry_base_ms", &self.outbox_retry_base_ms)
            .field("google", &self.google.as_ref().map(|g| (g.client_id.as_str(), g.issuer.as_str())))
            .field("body_timeout_ms", &self.body_timeout_ms)
            .field("body_min_bytes_per_sec", &self.body_min_bytes_per_sec)
            .field("max_connections", &self.max_connections)
            .field("max_connections_per_address", &self.max_connections_per_address)
            .field("uploads_at_once", &self.uploads_at_once)
            .field("upload_temp_dir", &self.upload_temp_dir)
            .field("metrics_addr", &self.metrics_addr)
            .field("metrics_token", &self.metrics_token.as_ref().map(|_| "<set>"))
            .finish()
    }
}

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
                Some(AdminCredentials { email, password })
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
                client_secret,
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
            token => token,
        };
        Ok(Self {
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
            smtp_url: text("SMTP_URL"),
            mail_from: text("MAIL_FROM").unwrap_or_else(|| "shop@localhost".to_owned()),
            outbox_poll_ms: parsed(text("OUTBOX_POLL_MS"), "OUTBOX_POLL_MS", Some(2000))?,
            outbox_retry_base_ms: parsed(text("OUTBOX_RETRY_BASE_MS"), "OUTBOX_RETRY_BASE_MS", Some(30_000))?,
            mail_outbox_dir: text("MAIL_OUTBOX_DIR").map_or_else(|| PathBuf::from("data/outbox"), PathBuf::from),
            database_url,
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
        (Some(access_key_id), Some(secret_access_key)) => Some(S3Credentials { access_key_id, secret_access_key }),
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
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        Config::from_vars(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_serve_the_local_development_shop() {
        let config = config(&[]).unwrap();

        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(config.bind_addr.to_string(), "127.0.0.1:8080");
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
        assert_eq!(config.media_dir, PathBuf::from("data/media"));
    }

    #[test]
    fn metrics_settings_are_checked() {
        let token = "0123456789abcdef";

        let set = config(&[("METRICS_ADDR", "127.0.0.1:9100"), ("METRICS_TOKEN", token)]).unwrap();
        let short = config(&[("METRICS_TOKEN", "short")]).unwrap_err().to_string();
        let spaced = config(&[("METRICS_TOKEN", "0123456789 abcdef")]).unwrap_err().to_string();
        let addr = config(&[("METRICS_ADDR", "localhost")]).unwrap_err().to_string();

        assert_eq!(set.metrics_addr, Some("127.0.0.1:9100".parse().unwrap()));
        assert_eq!(set.metrics_token.as_deref(), Some(token));
        assert!(!format!("{set:?}").contains(token));
        assert_eq!(config(&[]).unwrap().metrics_addr, None);
        let rule = "must be at least 16 visible ASCII characters, no spaces";
        assert_eq!(short, format!("METRICS_TOKEN is invalid: {rule}"));
        assert_eq!(spaced, format!("METRICS_TOKEN is invalid: {rule}"));
        assert!(addr.starts_with("METRICS_ADDR is invalid: \"localhost\""), "{addr}");
    }

    #[test]
    fn a_malformed_bind_address_names_the_variable() {
        let err = config(&[("BIND_ADDR", "localhost")]).unwrap_err();

        assert!(err.to_string().starts_with("BIND_ADDR is invalid: \"localhost\""), "{err}");
    }

    #[test]
    fn a_database_url_of_another_kind_is_refused() {
        let err = config(&[("DATABASE_URL", "mysql://x")]).unwrap_err();

        assert_eq!(err.to_string(), "DATABASE_URL is invalid: expected a postgres:// URL");
    }

    #[test]
    fn debug_output_hides_the_database_url() {
        let config = config(&[("DATABASE_URL", "postgres://shop:hunter2@db/shop")]).unwrap();

        assert!(!format!("{config:?}").contains("hunter2"));
    }

    #[test]
    fn the_admin_needs_both_variables_a_real_address_and_eight_characters() {
        let ok = config(&[("ADMIN_EMAIL", "owner@shop.pk"), ("ADMIN_PASSWORD", "12345678")]).unwrap();
        let missing = config(&[("ADMIN_EMAIL", "owner@shop.pk")]).unwrap_err();
        let short = config(&[("ADMIN_EMAIL", "owner@shop.pk"), ("ADMIN_PASSWORD", "1234567")]).unwrap_err();
        let bad_email = config(&[("ADMIN_EMAIL", "owner"), ("ADMIN_PASSWORD", "12345678")]).unwrap_err();

        assert_eq!(ok.admin.map(|a| a.email), Some("owner@shop.pk".to_owned()));
        assert_eq!(missing.to_string(), "ADMIN_PASSWORD is invalid: is required with ADMIN_EMAIL");
        assert_eq!(short.to_string(), "ADMIN_PASSWORD is invalid: must be at least 8 characters");
        assert_eq!(bad_email.to_string(), "ADMIN_EMAIL is invalid: is not an e-mail address");
        assert!(config(&[]).unwrap().admin.is_none());
    }

    #[test]
    fn debug_output_never_shows_the_admin_password() {
        let config = config(&[("ADMIN_EMAIL", "owner@shop.pk"), ("ADMIN_PASSWORD", "s3cret-Passw0rd")]).unwrap();

        let shown = format!("{config:?}");

        assert!(shown.contains("owner@shop.pk"));
        assert!(!shown.contains("s3cret-Passw0rd"));
    }

    #[test]
    fn google_needs_both_client_variables_defaults_to_googles_issuer_and_hides_the_secret() {
        let google = config(&[("GOOGLE_CLIENT_ID", "id.apps"), ("GOOGLE_CLIENT_SECRET", "GOCSPX-hush")]).unwrap();
        let other = config(&[
            ("GOOGLE_CLIENT_ID", "id"),
            ("GOOGLE_CLIENT_SECRET", "s"),
            ("OIDC_ISSUER", "https://login.example.pk"),
        ])
        .unwrap();
        let missing = config(&[("GOOGLE_CLIENT_ID", "id.apps")]).unwrap_err();

        assert_eq!(google.google.as_ref().map(|g| g.issuer.as_str()), Some("https://accounts.google.com"));
        assert_eq!(other.google.map(|g| g.issuer), Some("https://login.example.pk".to_owned()));
        assert_eq!(missing.to_string(), "GOOGLE_CLIENT_SECRET is invalid: is required with GOOGLE_CLIENT_ID");
        assert!(config(&[]).unwrap().google.is_none());
        assert!(!format!("{google:?}").contains("GOCSPX-hush"));
    }

    #[test]
    fn bodies_have_ten_seconds_and_connections_a_bound_unless_told_otherwise() {
        let defaults = config(&[]).unwrap();
        let set = config(&[("BODY_TIMEOUT_MS", "250"), ("BODY_MIN_BYTES_PER_SEC", "100"), ("MAX_CONNECTIONS", "64")])
            .unwrap();

        assert_eq!(
            (defaults.body_timeout_ms, defaults.body_min_bytes_per_sec, defaults.max_connections),
            (10_000, 16_384, 800)
        );
        assert_eq!((set.body_timeout_ms, set.body_min_bytes_per_sec, set.max_connections), (250, 100, 64));
        assert_eq!(
            config(&[("BODY_TIMEOUT_MS", "0")]).unwrap_err().to_string(),
            "BODY_TIMEOUT_MS is invalid: must be at least 1"
        );
        assert!(config(&[("MAX_CONNECTIONS", "many")])
            .unwrap_err()
            .to_string()
            .starts_with("MAX_CONNECTIONS is invalid"));
    }

    #[test]
    fn one_address_gets_64_connections_unless_told_otherwise_and_never_none() {
        let told = config(&[("MAX_CONNECTIONS_PER_ADDRESS", "1000")]).unwrap();
        let none = config(&[("MAX_CONNECTIONS_PER_ADDRESS", "0")]).unwrap_err();

        assert_eq!(config(&[]).unwrap().max_connections_per_address, 64);
        assert_eq!(told.max_connections_per_address, 1000);
        assert_eq!(none.to_string(), "MAX_CONNECTIONS_PER_ADDRESS is invalid: must be at least 1");
    }

    #[test]
    fn eight_review_uploads_at_once_unless_told_and_never_none() {
        let set = config(&[("UPLOADS_AT_ONCE", "3"), ("UPLOAD_TEMP_DIR", "/srv/shop/uploads")]).unwrap();

        assert_eq!(config(&[]).unwrap().uploads_at_once, 8);
        assert_eq!(config(&[]).unwrap().upload_temp_dir, std::env::temp_dir());
        assert_eq!((set.uploads_at_once, set.upload_temp_dir), (3, PathBuf::from("/srv/shop/uploads")));
        assert_eq!(
            config(&[("UPLOADS_AT_ONCE", "0")]).unwrap_err().to_string(),
            "UPLOADS_AT_ONCE is invalid: must be at least 1"
        );
    }

    #[test]
    fn password_hashing_is_bounded_by_the_machine_unless_told_and_never_to_nothing() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let told = config(&[("PASSWORD_HASH_CONCURRENCY", "3"), ("PASSWORD_HASH_QUEUE", "0")]).unwrap();
        let none = config(&[("PASSWORD_HASH_CONCURRENCY", "0")]).unwrap_err();

        assert_eq!(config(&[]).unwrap().password_hashing, HashLimits { running: 2 * cores, waiting: 16 * cores });
        assert_eq!(told.password_hashing, HashLimits { running: 3, waiting: 0 });
        assert_eq!(none.to_string(), "PASSWORD_HASH_CONCURRENCY is invalid: must be at least 1");
    }

    #[test]
    fn login_delays_and_trusted_proxies_are_read_and_checked() {
        let told = config(&[
            ("LOGIN_FIRST_DELAY_SECONDS", "5"),
            ("LOGIN_MAX_DELAY_SECONDS", "60"),
            ("TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8"),
        ])
        .unwrap();
        let defaults = config(&[]).unwrap();
        let inverted = config(&[("LOGIN_FIRST_DELAY_SECONDS", "120"), ("LOGIN_MAX_DELAY_SECONDS", "60")]);
        let bad_proxy = config(&[("TRUSTED_PROXIES", "proxy.local")]);

        assert_eq!((told.login_first_delay.num_seconds(), told.login_max_delay.num_seconds()), (5, 60));
        assert!(told.trusted_proxies.contains("10.9.8.7".parse().unwrap()));
        assert_eq!((defaults.login_first_delay.num_seconds(), defaults.login_max_delay.num_seconds()), (60, 900));
        assert_eq!((defaults.login_max_failures_per_address, defaults.login_max_failures_per_email), (30, 50));
        assert_eq!(defaults.trusted_proxies, TrustedProxies::default());
        assert!(inverted.unwrap_err().to_string().starts_with("LOGIN_MAX_DELAY_SECONDS is invalid"));
        assert_eq!(
            bad_proxy.unwrap_err().to_string(),
            "TRUSTED_PROXIES is invalid: \"proxy.local\" is not an address or range"
        );
    }

    #[test]
    fn the_caps_on_failed_logins_per_address_and_per_email_are_read_and_never_zero() {
        let told =
            config(&[("LOGIN_MAX_FAILURES_PER_ADDRESS", "100"), ("LOGIN_MAX_FAILURES_PER_EMAIL", "20")]).unwrap();
        let zero = config(&[("LOGIN_MAX_FAILURES_PER_EMAIL", "0")]).unwrap_err();
        let word = config(&[("LOGIN_MAX_FAILURES_PER_ADDRESS", "many")]).unwrap_err();

        assert_eq!((told.login_max_failures_per_address, told.login_max_failures_per_email), (100, 20));
        assert_eq!(zero.to_string(), "LOGIN_MAX_FAILURES_PER_EMAIL is invalid: must be at least 1");
        assert!(word.to_string().starts_with("LOGIN_MAX_FAILURES_PER_ADDRESS is invalid: \"many\""), "{word}");
    }

    #[test]
    fn new_orders_are_told_to_order_notify_email_else_to_the_admin() {
        let admin = [("ADMIN_EMAIL", "owner@shop.pk"), ("ADMIN_PASSWORD", "long-enough")];
        let notify = |config: Config| config.order_notify_email.map(|e| e.as_str().to_owned());

        assert_eq!(notify(config(&admin).unwrap()), Some("owner@shop.pk".into()));
        assert_eq!(
            notify(config(&[admin[0], admin[1], ("ORDER_NOTIFY_EMAIL", "orders@shop.pk")]).unwrap()),
            Some("orders@shop.pk".into())
        );
        assert_eq!(notify(config(&[]).unwrap()), None);
        assert!(config(&[("ORDER_NOTIFY_EMAIL", "not an address")]).is_err());
    }

    #[test]
    fn media_stay_in_the_directory_unless_the_s3_store_is_chosen_with_its_bucket() {
        let s3 = config(&[
            ("MEDIA_STORE", "s3"),
            ("S3_BUCKET", "shop-media"),
            ("S3_ENDPOINT", "http://127.0.0.1:9000"),
            ("S3_PREFIX", "/live/media/"),
            ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE"),
            ("AWS_SECRET_ACCESS_KEY", "wJalr-very-secret"),
        ])
        .unwrap();
        let error = |vars: &[(&str, &str)]| config(vars).unwrap_err().to_string();

        assert!(config(&[]).unwrap().media_s3.is_none());
        assert!(config(&[("MEDIA_STORE", "local")]).unwrap().media_s3.is_none());
        let bucket = s3.media_s3.as_ref().unwrap();
        assert_eq!(
            (bucket.bucket.as_str(), bucket.region.as_str(), bucket.prefix.as_ref().map(S3Prefix::as_str)),
            ("shop-media", "us-east-1", Some("live/media"))
        );
        assert!(!format!("{s3:?}").contains("very-secret"));
        assert_eq!(error(&[("MEDIA_STORE", "gcs")]), "MEDIA_STORE is invalid: \"gcs\": expected local or s3");
        assert_eq!(error(&[("MEDIA_STORE", "s3")]), "S3_BUCKET is invalid: is required with MEDIA_STORE=s3");
        assert_eq!(
            error(&[("MEDIA_STORE", "s3"), ("S3_BUCKET", "shop"), ("S3_ENDPOINT", "http://minio.internal:9000")]),
            "S3_ENDPOINT is invalid: \"http://minio.internal:9000\" must be an https URL (plain http only on loopback)"
        );
        assert_eq!(
            error(&[("MEDIA_STORE", "s3"), ("S3_BUCKET", "shop"), ("AWS_ACCESS_KEY_ID", "AKIA")]),
            "AWS_SECRET_ACCESS_KEY is invalid: is required with AWS_ACCESS_KEY_ID"
        );
    }

    #[test]
    fn media_addresses_are_given_out_under_media_base_url_when_it_is_set() {
        let cdn = config(&[("MEDIA_BASE_URL", "https://cdn.example.test/")]).unwrap();

        assert_eq!(cdn.media_addresses.public("/media/a.webp"), "https://cdn.example.test/media/a.webp");
        assert_eq!(config(&[]).unwrap().media_addresses.public("/media/a.webp"), "/media/a.webp");
        assert!(config(&[("MEDIA_BASE_URL", "cdn.example.test")])
            .unwrap_err()
            .to_string()
            .starts_with("MEDIA_BASE_URL is invalid"));
    }

    #[test]
    fn public_url_loses_its_trailing_slash_and_must_be_http() {
        assert_eq!(config(&[("PUBLIC_URL", "https://shop.pk/")]).unwrap().public_url, "https://shop.pk");
        assert!(config(&[("PUBLIC_URL", "shop.pk")]).is_err());
    }
}
