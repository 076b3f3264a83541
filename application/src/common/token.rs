//! The shape of a token that comes back in a request (a session's, a reset link's, a review link's, an order
//! confirmation's): every token the shop makes is URL-safe base64, so anything else was never issued and is
//! answered as unknown without being looked up (a NUL byte, for one, PostgreSQL refuses outright). Every
//! token is stored by its SHA-256 digest, so a copy of the database holds no usable one.

use sha2::{Digest, Sha256};

/// The longest token worth looking up.
pub const MAX_TOKEN_CHARS: usize = 100;

/// Whether `token` could be one the shop made: 1 to [`MAX_TOKEN_CHARS`] characters of URL-safe base64.
#[must_use]
pub fn well_formed(token: &str) -> bool {
    (1..=MAX_TOKEN_CHARS).contains(&token.len())
        && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The SHA-256 digest of `token`'s UTF-8 bytes in lowercase hex: what is stored in place of every token the
/// shop hands out (sessions, resets, review and confirmation links). PostgreSQL's
/// `encode(sha256(convert_to(token, 'UTF8')), 'hex')` gives the same (the migrations that digested the
/// stored review and confirmation tokens).
#[must_use]
pub fn sha256_hex(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The digest of an e-mailed link's token (a review link's, an order confirmation's): what is stored and
/// looked up in the token's place.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LinkDigest(String);

impl LinkDigest {
    /// The digest of `token`, [`sha256_hex`].
    #[must_use]
    pub fn of(token: &str) -> Self {
        Self(sha256_hex(token))
    }

    /// A digest as the store holds it, read back (the database checks its shape: 64 lowercase hex digits).
    #[must_use]
    pub const fn from_stored(digest: String) -> Self {
        Self(digest)
    }

    /// The digest.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_sha256_in_lowercase_hex() {
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(LinkDigest::of("abc").as_str(), sha256_hex("abc"));
    }

    #[test]
    fn only_url_safe_base64_of_a_sane_length_is_well_formed() {
        assert!(well_formed("Ab9-_"));
        assert!(well_formed(&"a".repeat(MAX_TOKEN_CHARS)));
        for bad in ["", "a\0b", "a b", "a/b", "a+b", "a=", "é", "tok\n"] {
            assert!(!well_formed(bad), "{bad:?}");
        }
        assert!(!well_formed(&"a".repeat(MAX_TOKEN_CHARS + 1)));
    }
}
