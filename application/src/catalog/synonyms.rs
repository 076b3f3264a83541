//! The owner's synonym groups: every search reads them from a copy kept in memory, the admin area
//! replaces them. An edit drops this process's copy and its cached answers at once; other processes
//! read the table again once their copy is [`SYNONYMS_LIFETIME`] old.

use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use domain::search::SynonymGroups;

use crate::catalog::ports::CatalogChanges;
use crate::common::error::RepositoryError;

/// How long a copy of the synonym groups is used before the table is read again: how long another
/// instance may go on searching with the groups from before an edit.
pub const SYNONYMS_LIFETIME: Duration = Duration::from_secs(10);

/// Where the synonym groups are kept.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SynonymStore: Send + Sync + 'static {
    /// Every group, in the owner's order.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails; [`RepositoryError::Corrupt`] when a stored
    /// group breaks the rules of [`SynonymGroups`].
    async fn synonyms(&self) -> Result<SynonymGroups, RepositoryError>;

    /// Replaces every group, in one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn replace_synonyms(&self, groups: &SynonymGroups) -> Result<(), RepositoryError>;
}

/// The synonym groups with a copy in memory.
#[derive(Clone)]
pub struct Synonyms {
    store: Arc<dyn SynonymStore>,
    changes: Arc<dyn CatalogChanges>,
    copy: Arc<RwLock<Copy>>,
}

/// The copy in memory, with the count of replacements made through this process: a read of the store that
/// began before a replacement must not overwrite the replacement's copy.
#[derive(Default)]
struct Copy {
    groups: Option<(Instant, Arc<SynonymGroups>)>,
    replacements: u64,
}

impl Synonyms {
    #[must_use]
    pub fn new(store: Arc<dyn SynonymStore>, changes: Arc<dyn CatalogChanges>) -> Self {
        Self { store, changes, copy: Arc::new(RwLock::new(Copy::default())) }
    }

    /// The groups in force: the copy in memory while it is younger than [`SYNONYMS_LIFETIME`], else
    /// read again.
    ///
    /// # Errors
    /// The store's error when the groups must be read and cannot be.
    pub async fn current(&self) -> Result<Arc<SynonymGroups>, RepositoryError> {
        let replacements = {
            let copy = self.copy.read().unwrap_or_else(PoisonError::into_inner);
            if let Some((read_at, groups)) = &copy.groups {
                if read_at.elapsed() < SYNONYMS_LIFETIME {
                    return Ok(groups.clone());
                }
            }
            copy.replacements
        };
        let groups = Arc::new(self.store.synonyms().await?);
        let mut copy = self.copy.write().unwrap_or_else(PoisonError::into_inner);
        if copy.replacements == replacements {
            copy.groups = Some((Instant::now(), groups.clone()));
        }
        Ok(groups)
    }

    /// The groups as stored now, past the copy (what the admin edits).
    ///
    /// # Errors
    /// The store's error.
    pub async fn stored(&self) -> Result<SynonymGroups, RepositoryError> {
        self.store.synonyms().await
    }

    /// Replaces the groups, renews the copy and announces a catalogue change so cached search answers go.
    ///
    /// # Errors
    /// The store's error; nothing is changed then.
    pub async fn replace(&self, groups: SynonymGroups) -> Result<Arc<SynonymGroups>, RepositoryError> {
        self.store.replace_synonyms(&groups).await?;
        let groups = Arc::new(groups);
        {
            let mut copy = self.copy.write().unwrap_or_else(PoisonError::into_inner);
            copy.replacements += 1;
            copy.groups = Some((Instant::now(), groups.clone()));
        }
        self.changes.changed();
        Ok(groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ports::MockCatalogChanges;

    fn groups(list: &[&[&str]]) -> SynonymGroups {
        SynonymGroups::parse(&list.iter().map(|g| g.iter().map(|t| (*t).to_owned()).collect()).collect::<Vec<_>>())
            .unwrap()
    }

    #[tokio::test]
    async fn the_groups_are_read_once_while_the_copy_is_young() {
        let mut store = MockSynonymStore::new();
        store.expect_synonyms().times(1).returning(|| Ok(groups(&[&["cover", "case"]])));
        let synonyms = Synonyms::new(Arc::new(store), Arc::new(MockCatalogChanges::new()));

        let first = synonyms.current().await.unwrap();
        let second = synonyms.current().await.unwrap();

        assert_eq!(first.groups(), [vec!["cover", "case"]]);
        assert_eq!(second, first);
    }

    #[tokio::test]
    async fn a_replacement_is_stored_used_at_once_and_announced() {
        let mut store = MockSynonymStore::new();
        store.expect_synonyms().times(1).returning(|| Ok(groups(&[&["cover", "case"]])));
        store
            .expect_replace_synonyms()
            .withf(|g| g.groups() == [vec!["handsfree", "earphones"]])
            .times(1)
            .returning(|_| Ok(()));
        let mut changes = MockCatalogChanges::new();
        changes.expect_changed().times(1).return_const(());
        let synonyms = Synonyms::new(Arc::new(store), Arc::new(changes));
        synonyms.current().await.unwrap();

        synonyms.replace(groups(&[&["handsfree", "earphones"]])).await.unwrap();

        assert_eq!(synonyms.current().await.unwrap().groups(), [vec!["handsfree", "earphones"]]);
    }
}
