//! The admin's blocklist calls: list, block, unblock.

use std::sync::Arc;

use domain::ids::BlockEntryId;

use crate::blocklist::model::{
    BlockEntry, BlockKind, BlockReason, BlockReasonError, BlockTarget, BlockTargetError, BlockedAttempt,
    ATTEMPTS_LISTED,
};
use crate::blocklist::ports::BlocklistRepository;
use crate::common::clock::Clock;
use crate::common::error::{Conflict, RepositoryError};

/// The answer of a new entry.
pub const BLOCKED: &str = "Blocked.";
/// The answer of a deleted entry.
pub const UNBLOCKED: &str = "Unblocked.";

/// Why an entry was not added. Nothing was stored.
#[derive(Debug, thiserror::Error)]
pub enum BlockError {
    #[error(transparent)]
    Target(#[from] BlockTargetError),
    #[error(transparent)]
    Reason(#[from] BlockReasonError),
    #[error("{}", match .0 { BlockKind::Phone => "This phone number is already blocked.", BlockKind::Email => "This e-mail address is already blocked." })]
    AlreadyBlocked(BlockKind),
    #[error("the entry could not be stored")]
    Unexpected(#[source] RepositoryError),
}

/// Why an entry was not deleted.
#[derive(Debug, thiserror::Error)]
pub enum UnblockError {
    #[error("Blocklist entry not found.")]
    NotFound,
    #[error("the entry could not be deleted")]
    Unexpected(#[from] RepositoryError),
}

/// The blocklist's admin use cases.
#[derive(Clone)]
pub struct Blocklist {
    repository: Arc<dyn BlocklistRepository>,
    clock: Arc<dyn Clock>,
}

impl Blocklist {
    #[must_use]
    pub fn new(repository: Arc<dyn BlocklistRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repository, clock }
    }

    /// Every entry, newest first, and the newest refused checkouts.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn list(&self) -> Result<(Vec<BlockEntry>, Vec<BlockedAttempt>), RepositoryError> {
        self.repository.list(ATTEMPTS_LISTED).await
    }

    /// Blocks `value` (a phone or an e-mail) for `reason`. Both are checked before anything is stored; a
    /// bad value is named first.
    ///
    /// # Errors
    /// [`BlockError`]: a value that is neither, a blank or too long reason, a value blocked already.
    pub async fn block(&self, value: &str, reason: &str) -> Result<BlockEntry, Vec<BlockError>> {
        let target = BlockTarget::parse(value);
        let reason = BlockReason::parse(reason);
        let (target, reason) = match (target, reason) {
            (Ok(target), Ok(reason)) => (target, reason),
            (target, reason) => {
                let mut errors = Vec::new();
                if let Err(err) = target {
                    errors.push(err.into());
                }
                if let Err(err) = reason {
                    errors.push(err.into());
                }
                return Err(errors);
            }
        };
        match self.repository.add(&target, &reason, self.clock.now()).await {
            Ok(entry) => Ok(entry),
            Err(RepositoryError::Conflict(Conflict::AlreadyBlocked)) => {
                Err(vec![BlockError::AlreadyBlocked(target.kind())])
            }
            Err(other) => Err(vec![BlockError::Unexpected(other)]),
        }
    }

    /// Deletes an entry; the checkouts it refused stay listed.
    ///
    /// # Errors
    /// [`UnblockError::NotFound`] for an unknown id, `Unexpected` when the store fails.
    pub async fn unblock(&self, id: BlockEntryId) -> Result<(), UnblockError> {
        if self.repository.delete(id).await? {
            Ok(())
        } else {
            Err(UnblockError::NotFound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocklist::ports::MockBlocklistRepository;
    use crate::common::clock::MockClock;
    use chrono::TimeZone;

    fn blocklist(repository: MockBlocklistRepository) -> Blocklist {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| chrono::Utc.with_ymd_and_hms(2026, 11, 24, 6, 0, 0).unwrap());
        Blocklist::new(Arc::new(repository), Arc::new(clock))
    }

    #[tokio::test]
    async fn a_phone_is_blocked_in_its_normal_form_with_the_reason_trimmed() {
        let mut repository = MockBlocklistRepository::new();
        repository
            .expect_add()
            .withf(|target, reason, _| {
                target.kind() == BlockKind::Phone
                    && target.value() == "+923001234567"
                    && reason.as_str() == "Refused three parcels"
            })
            .times(1)
            .returning(|target, reason, at| {
                Ok(BlockEntry {
                    id: BlockEntryId::new(1).unwrap(),
                    kind: target.kind(),
                    value: target.value().to_owned(),
                    reason: reason.as_str().to_owned(),
                    created_at: at,
                    attempts: 0,
                })
            });

        let entry = blocklist(repository).block("0300 1234567", " Refused three parcels ").await.unwrap();

        assert_eq!(entry.value, "+923001234567");
    }

    #[tokio::test]
    async fn a_bad_value_and_a_missing_reason_are_both_named_and_nothing_is_stored() {
        let mut repository = MockBlocklistRepository::new();
        repository.expect_add().never();

        let errors = blocklist(repository).block("call me maybe", "").await.unwrap_err();

        let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["Enter a Pakistani phone number or an e-mail address.", "Give a reason for blocking."]);
    }

    #[tokio::test]
    async fn a_value_blocked_already_is_refused_by_its_kind() {
        let mut repository = MockBlocklistRepository::new();
        repository.expect_add().returning(|_, _, _| Err(RepositoryError::Conflict(Conflict::AlreadyBlocked)));

        let errors = blocklist(repository).block("Ayesha@Example.pk", "Fake orders").await.unwrap_err();

        assert_eq!(errors[0].to_string(), "This e-mail address is already blocked.");
    }

    #[tokio::test]
    async fn unblocking_an_unknown_entry_is_not_found() {
        let mut repository = MockBlocklistRepository::new();
        repository.expect_delete().returning(|_| Ok(false));

        let err = blocklist(repository).unblock(BlockEntryId::new(9).unwrap()).await.unwrap_err();

        assert_eq!(err.to_string(), "Blocklist entry not found.");
    }
}
