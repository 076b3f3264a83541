//! How the review links' tokens are stored: by their SHA-256 digest in lowercase hex (as sessions and
//! password resets are), so a copy of the database holds no usable link. The digest of a token that comes
//! back is compared with the stored one; the token itself is never written.

use sha2::{Digest, Sha256};

/// The SHA-256 digest of `token`'s UTF-8 bytes, in lowercase hex: what PostgreSQL's
/// `encode(sha256(convert_to(token, 'UTF8')), 'hex')` gives (the migration that digested the stored tokens).
pub(crate) fn token_digest(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_sha256_in_lowercase_hex() {
        assert_eq!(token_digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
