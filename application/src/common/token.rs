//! The shape of a token that comes back in a request (a session's, a reset link's, a review link's, an order
//! confirmation's): every token the shop makes is URL-safe base64, so anything else was never issued and is
//! answered as unknown without being looked up (a NUL byte, for one, PostgreSQL refuses outright).

/// The longest token worth looking up.
pub const MAX_TOKEN_CHARS: usize = 100;

/// Whether `token` could be one the shop made: 1 to [`MAX_TOKEN_CHARS`] characters of URL-safe base64.
#[must_use]
pub fn well_formed(token: &str) -> bool {
    (1..=MAX_TOKEN_CHARS).contains(&token.len())
        && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

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
