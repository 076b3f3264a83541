//! The configuration's tests: defaults, every variable's checks, and secrets kept out of `Debug`.

use super::*;
use secrecy::ExposeSecret;
use std::collections::HashMap;

fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
    let map: HashMap<String, String> = vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    Config::from_vars(|name| map.get(name).cloned())
}

#[test]
fn defaults_serve_the_local_development_shop() {
    let config = config(&[]).unwrap();

    assert_eq!(config.database_url.expose_secret(), DEFAULT_DATABASE_URL);
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
    assert_eq!(set.metrics_token.as_ref().map(ExposeSecret::expose_secret), Some(token));
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
    let set =
        config(&[("BODY_TIMEOUT_MS", "250"), ("BODY_MIN_BYTES_PER_SEC", "100"), ("MAX_CONNECTIONS", "64")]).unwrap();

    assert_eq!(
        (defaults.body_timeout_ms, defaults.body_min_bytes_per_sec, defaults.max_connections),
        (10_000, 16_384, 800)
    );
    assert_eq!((set.body_timeout_ms, set.body_min_bytes_per_sec, set.max_connections), (250, 100, 64));
    assert_eq!(
        config(&[("BODY_TIMEOUT_MS", "0")]).unwrap_err().to_string(),
        "BODY_TIMEOUT_MS is invalid: must be at least 1"
    );
    assert!(config(&[("MAX_CONNECTIONS", "many")]).unwrap_err().to_string().starts_with("MAX_CONNECTIONS is invalid"));
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
    let told = config(&[("LOGIN_MAX_FAILURES_PER_ADDRESS", "100"), ("LOGIN_MAX_FAILURES_PER_EMAIL", "20")]).unwrap();
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

#[test]
fn whatsapp_is_off_without_its_settings_and_on_with_all_four_secrets_kept_out_of_debug() {
    let all = [
        ("WHATSAPP_PHONE_NUMBER_ID", "1234567890"),
        ("WHATSAPP_ACCESS_TOKEN", "EAAG-secret-token"),
        ("WHATSAPP_APP_SECRET", "app-secret-value"),
        ("WHATSAPP_VERIFY_TOKEN", "verify-token-value"),
    ];

    let on = config(&all).unwrap().whatsapp.unwrap();

    assert!(config(&[]).unwrap().whatsapp.is_none());
    assert_eq!(on.api_url, "https://graph.facebook.com");
    assert_eq!(on.api_version, "v21.0");
    assert_eq!(on.phone_number_id, "1234567890");
    assert_eq!(on.access_token.expose_secret(), "EAAG-secret-token");
    assert_eq!((on.timeout_ms, on.retry_base_ms, on.max_attempts), (10_000, 30_000, 8));
    let debug = format!("{:?}", config(&all).unwrap());
    for secret in ["EAAG-secret-token", "app-secret-value", "verify-token-value"] {
        assert!(!debug.contains(secret), "{secret} in {debug}");
    }
}

#[test]
fn a_partial_set_of_whatsapp_settings_is_refused_naming_the_missing_one() {
    let err =
        config(&[("WHATSAPP_PHONE_NUMBER_ID", "1234567890"), ("WHATSAPP_ACCESS_TOKEN", "t")]).unwrap_err().to_string();
    let url = config(&[
        ("WHATSAPP_PHONE_NUMBER_ID", "1"),
        ("WHATSAPP_ACCESS_TOKEN", "t"),
        ("WHATSAPP_APP_SECRET", "s"),
        ("WHATSAPP_VERIFY_TOKEN", "v"),
        ("WHATSAPP_API_URL", "graph.facebook.com"),
    ])
    .unwrap_err()
    .to_string();

    assert_eq!(
        err,
        "WHATSAPP_APP_SECRET is invalid: is required with the other WhatsApp settings (WHATSAPP_PHONE_NUMBER_ID, \
         WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: all or none)"
    );
    assert_eq!(url, "WHATSAPP_API_URL is invalid: expected an http:// or https:// URL");
}
