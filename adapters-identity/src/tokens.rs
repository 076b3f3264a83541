//! 256-bit random tokens, URL-safe base64, stored by their SHA-256 digest.

use application::accounts::model::TokenDigest;
use application::accounts::ports::SessionTokens;
use application::common::token::{sha256_hex, LinkDigest};
use application::orders::ports::ReviewTokens;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use rand::RngCore;

/// Session tokens from the operating system's random source.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomSessionTokens;

/// 256 random bits as 43 URL-safe characters: session and reset tokens, and OpenID Connect's state, nonce
/// and PKCE verifier.
pub(crate) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Tokens of e-mailed links (review links of delivered orders, order confirmation links) from the operating
/// system's random source.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomReviewTokens;

impl ReviewTokens for RandomReviewTokens {
    fn generate(&self) -> String {
        random_token()
    }

    fn digest(&self, token: &str) -> LinkDigest {
        LinkDigest::of(token)
    }
}

impl SessionTokens for RandomSessionTokens {
    fn generate(&self) -> String {
        random_token()
    }

    fn digest(&self, token: &str) -> TokenDigest {
        TokenDigest::new(sha256_hex(token))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use application::accounts::sessions::TOKEN_CHARS;

    #[test]
    fn tokens_are_43_url_safe_characters_and_differ() {
        let tokens = RandomSessionTokens;

        let (a, b) = (tokens.generate(), tokens.generate());

        assert_eq!(a.len(), TOKEN_CHARS);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_ne!(a, b);
    }

    #[test]
    fn the_digest_is_sha256_in_hex() {
        assert_eq!(
            RandomSessionTokens.digest("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(RandomReviewTokens.digest("abc").as_str(), RandomSessionTokens.digest("abc").as_str());
    }
}
