//! The webhook's checks. Meta signs every delivery with the app secret: `X-Hub-Signature-256: sha256=`
//! followed by the hex HMAC-SHA256 of the raw body, which is checked before the body is read, in constant
//! time (ring's `hmac::verify`), as is the handshake's verify token.

use application::whatsapp::ports::WebhookAuth;
use ring::hmac;
use secrecy::{ExposeSecret, SecretString};

/// The app secret and the verify token. `Debug` shows neither.
#[derive(Debug, Clone)]
pub struct WebhookKeys {
    app_secret: SecretString,
    verify_token: SecretString,
}

impl WebhookKeys {
    #[must_use]
    pub fn new(app_secret: SecretString, verify_token: SecretString) -> Self {
        Self { app_secret, verify_token }
    }
}

/// `sha256=` and the lowercase hex HMAC-SHA256 of `body` with `secret`: the header Meta sends.
#[must_use]
pub fn sign(secret: &str, body: &[u8]) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    let tag = hmac::sign(&key, body);
    format!("sha256={}", tag.as_ref().iter().map(|b| format!("{b:02x}")).collect::<String>())
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| text.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok())).collect()
}

impl WebhookAuth for WebhookKeys {
    fn verify_token(&self, token: &str) -> bool {
        // Compare HMACs of both under a fixed key, so the time taken says nothing of the token.
        let key = hmac::Key::new(hmac::HMAC_SHA256, b"verify-token");
        let expected = hmac::sign(&key, self.verify_token.expose_secret().as_bytes());
        hmac::verify(&key, token.as_bytes(), expected.as_ref()).is_ok()
    }

    fn signed(&self, body: &[u8], signature: Option<&str>) -> bool {
        let Some(tag) = signature.and_then(|s| s.trim().strip_prefix("sha256=")).and_then(unhex) else {
            return false;
        };
        let key = hmac::Key::new(hmac::HMAC_SHA256, self.app_secret.expose_secret().as_bytes());
        hmac::verify(&key, body, &tag).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> WebhookKeys {
        WebhookKeys::new("app-secret".to_owned().into(), "verify-me".to_owned().into())
    }

    #[test]
    fn the_signature_is_the_hex_hmac_sha256_of_the_raw_body() {
        // RFC 4231-style check against a known value: HMAC-SHA256(key "key", "The quick brown fox jumps over the lazy dog").
        assert_eq!(
            sign("key", b"The quick brown fox jumps over the lazy dog"),
            "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
    }

    #[test]
    fn only_the_app_secrets_signature_of_this_very_body_passes() {
        let body = br#"{"object":"whatsapp_business_account"}"#;
        let good = sign("app-secret", body);

        assert!(keys().signed(body, Some(&good)));
        assert!(keys().signed(body, Some(&good.to_uppercase().replace("SHA256=", "sha256="))));
        assert!(!keys().signed(body, None));
        assert!(!keys().signed(body, Some("")));
        assert!(!keys().signed(body, Some(&sign("another-secret", body))));
        assert!(!keys().signed(br#"{"object":"whatsapp_business_account" }"#, Some(&good)));
        assert!(!keys().signed(body, Some(good.trim_start_matches("sha256="))));
        assert!(!keys().signed(body, Some("sha256=zz")));
    }

    #[test]
    fn the_verify_token_must_match_exactly() {
        assert!(keys().verify_token("verify-me"));
        assert!(!keys().verify_token("verify-m"));
        assert!(!keys().verify_token(""));
        assert!(!format!("{:?}", keys()).contains("verify-me"));
        assert!(!format!("{:?}", keys()).contains("app-secret"));
    }
}
