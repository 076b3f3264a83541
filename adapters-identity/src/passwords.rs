//! argon2id, run off the async workers because a hash costs tens of milliseconds on purpose.

use application::accounts::ports::{PasswordHashError, PasswordHasher};
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher as _, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;

/// How costly a hash is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashCost {
    /// OWASP's argon2id recommendation: 19 MiB, 2 passes, 1 lane.
    Recommended,
    /// The smallest parameters argon2 allows, for tests only.
    Minimal,
}

/// Hashes passwords with argon2id into PHC strings.
#[derive(Debug, Clone)]
pub struct Argon2Hasher {
    params: Params,
}

impl Argon2Hasher {
    /// # Panics
    /// Never: both parameter sets are valid.
    #[must_use]
    pub fn new(cost: HashCost) -> Self {
        let params = match cost {
            HashCost::Recommended => Params::new(19_456, 2, 1, None),
            HashCost::Minimal => Params::new(8, 1, 1, None),
        }
        .expect("valid argon2 parameters");
        Self { params }
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: String) -> Result<String, PasswordHashError> {
        let argon2 = self.argon2();
        tokio::task::spawn_blocking(move || {
            argon2
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|e| PasswordHashError(e.to_string().into()))
        })
        .await
        .map_err(|e| PasswordHashError(Box::new(e)))?
    }

    async fn verify(&self, password: String, hash: String) -> bool {
        let argon2 = self.argon2();
        tokio::task::spawn_blocking(move || {
            PasswordHash::new(&hash).is_ok_and(|parsed| argon2.verify_password(password.as_bytes(), &parsed).is_ok())
        })
        .await
        .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_is_argon2id_salted_and_verifies_only_its_password() {
        let hasher = Argon2Hasher::new(HashCost::Minimal);

        let first = hasher.hash("correct horse".into()).await.unwrap();
        let second = hasher.hash("correct horse".into()).await.unwrap();

        assert!(first.starts_with("$argon2id$v=19$"), "{first}");
        assert_ne!(first, second, "each hash has its own salt");
        assert!(hasher.verify("correct horse".into(), first.clone()).await);
        assert!(!hasher.verify("correct horsf".into(), first).await);
    }

    #[tokio::test]
    async fn a_malformed_hash_matches_nothing() {
        let hasher = Argon2Hasher::new(HashCost::Minimal);

        assert!(!hasher.verify("anything".into(), "not-a-hash".into()).await);
    }

    #[tokio::test]
    async fn the_recommended_cost_is_argon2id_at_19_mib_and_two_passes() {
        let hash = Argon2Hasher::new(HashCost::Recommended).hash("pw".into()).await.unwrap();

        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    }
}

#[cfg(test)]
mod decoy_tests {
    use super::*;

    #[test]
    fn the_decoy_hash_is_a_well_formed_argon2id_hash_so_checking_it_costs_a_real_hash() {
        let parsed = PasswordHash::new(application::accounts::password_login::DECOY_HASH).unwrap();

        assert_eq!(parsed.algorithm.as_str(), "argon2id");
    }
}
