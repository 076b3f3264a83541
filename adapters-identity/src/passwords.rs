//! argon2id, run off the async workers because a hash costs tens of milliseconds on purpose, and bounded:
//! each hash holds 19 MiB while it runs, so only a few run at once, a few more wait their turn, and the
//! rest are refused at once instead of queueing memory without limit.

use std::sync::Arc;

use application::accounts::ports::{PasswordHashError, PasswordHasher};
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher as _, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How costly a hash is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashCost {
    /// OWASP's argon2id recommendation: 19 MiB, 2 passes, 1 lane.
    Recommended,
    /// The smallest parameters argon2 allows, for tests only.
    Minimal,
}

/// How many hashes and checks may run at once, and how many more may wait for a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashLimits {
    /// Hashes running at once (each on its own blocking thread, holding the cost's memory); at least 1.
    pub running: usize,
    /// Further calls waiting for a turn; beyond them a call is refused with `Busy`.
    pub waiting: usize,
}

impl HashLimits {
    /// Twice the machine's cores running, and eight times as many waiting.
    #[must_use]
    pub fn for_this_machine() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self { running: 2 * cores, waiting: 16 * cores }
    }
}

/// The turns: one permit of `admitted` per call running or waiting, one of `running` per call running.
#[derive(Debug)]
struct Turns {
    admitted: Arc<Semaphore>,
    running: Arc<Semaphore>,
}

impl Turns {
    fn new(limits: HashLimits) -> Self {
        let running = limits.running.max(1);
        Self {
            admitted: Arc::new(Semaphore::new(running + limits.waiting)),
            running: Arc::new(Semaphore::new(running)),
        }
    }

    /// A turn to run, after waiting for one; `Busy` at once when the waiting places are all taken.
    async fn take(&self) -> Result<(OwnedSemaphorePermit, OwnedSemaphorePermit), PasswordHashError> {
        let admitted = self.admitted.clone().try_acquire_owned().map_err(|_| PasswordHashError::Busy)?;
        let running = self.running.clone().acquire_owned().await.map_err(|_| PasswordHashError::Busy)?;
        Ok((admitted, running))
    }
}

/// Hashes passwords with argon2id into PHC strings, a bounded number at a time.
#[derive(Debug, Clone)]
pub struct Argon2Hasher {
    params: Params,
    turns: Arc<Turns>,
}

/// Parameters checked when the crate is compiled: invalid ones stop the build.
const fn checked(params: Result<Params, argon2::Error>) -> Params {
    match params {
        Ok(params) => params,
        Err(_) => panic!("invalid argon2 parameters"),
    }
}

/// OWASP's recommended argon2id parameters: 19 MiB, 2 passes, 1 lane.
const RECOMMENDED: Params = checked(Params::new(19_456, 2, 1, None));
/// The cheapest argon2id parameters, for tests.
const MINIMAL: Params = checked(Params::new(8, 1, 1, None));

impl Argon2Hasher {
    #[must_use]
    pub fn new(cost: HashCost, limits: HashLimits) -> Self {
        let params = match cost {
            HashCost::Recommended => RECOMMENDED,
            HashCost::Minimal => MINIMAL,
        };
        Self { params, turns: Arc::new(Turns::new(limits)) }
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }

    /// Runs `work` on a blocking thread once it has a turn. The turn goes with the work, so a caller that
    /// gives up waiting for the answer does not free a place while the hash still runs.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, PasswordHashError> {
        let turn = self.turns.take().await?;
        tokio::task::spawn_blocking(move || {
            let answer = work();
            drop(turn);
            answer
        })
        .await
        .map_err(|e| PasswordHashError::Failed(Box::new(e)))
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: String) -> Result<String, PasswordHashError> {
        let argon2 = self.argon2();
        self.run(move || {
            argon2
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|e| PasswordHashError::Failed(e.to_string().into()))
        })
        .await?
    }

    async fn verify(&self, password: String, hash: String) -> Result<bool, PasswordHashError> {
        let argon2 = self.argon2();
        self.run(move || {
            PasswordHash::new(&hash).is_ok_and(|parsed| argon2.verify_password(password.as_bytes(), &parsed).is_ok())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOMY: HashLimits = HashLimits { running: 2, waiting: 2 };

    #[tokio::test]
    async fn a_hash_is_argon2id_salted_and_verifies_only_its_password() {
        let hasher = Argon2Hasher::new(HashCost::Minimal, ROOMY);

        let first = hasher.hash("correct horse".into()).await.unwrap();
        let second = hasher.hash("correct horse".into()).await.unwrap();

        assert!(first.starts_with("$argon2id$v=19$"), "{first}");
        assert_ne!(first, second, "each hash has its own salt");
        assert!(hasher.verify("correct horse".into(), first.clone()).await.unwrap());
        assert!(!hasher.verify("correct horsf".into(), first).await.unwrap());
    }

    #[tokio::test]
    async fn a_malformed_hash_matches_nothing() {
        let hasher = Argon2Hasher::new(HashCost::Minimal, ROOMY);

        assert!(!hasher.verify("anything".into(), "not-a-hash".into()).await.unwrap());
    }

    #[tokio::test]
    async fn beyond_the_running_and_waiting_places_a_call_is_refused_at_once_and_a_freed_place_is_taken_again() {
        let hasher = Argon2Hasher::new(HashCost::Minimal, HashLimits { running: 1, waiting: 1 });
        let running = hasher.turns.take().await.unwrap();
        let waiting = tokio::spawn({
            let hasher = hasher.clone();
            async move { hasher.hash("waits its turn".into()).await }
        });
        while hasher.turns.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }

        let refused = hasher.hash("one too many".into()).await;
        let refused_check = hasher.verify("one too many".into(), "not-a-hash".into()).await;
        drop(running);

        assert!(matches!(refused, Err(PasswordHashError::Busy)), "{refused:?}");
        assert!(matches!(refused_check, Err(PasswordHashError::Busy)), "{refused_check:?}");
        assert!(waiting.await.unwrap().unwrap().starts_with("$argon2id$"));
        assert!(hasher.hash("later".into()).await.is_ok());
    }

    #[tokio::test]
    async fn the_recommended_cost_is_argon2id_at_19_mib_and_two_passes() {
        let hash = Argon2Hasher::new(HashCost::Recommended, ROOMY).hash("pw".into()).await.unwrap();

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
