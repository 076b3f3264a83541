//! Counting views of category pages: tallied in memory and written in batches, so a busy category page
//! costs the database one write a second instead of one a visit.
//!
//! The first view of a category this instance has not seen yet is written at once, which also tells
//! whether the category exists (an unknown id is not found and leaves nothing in memory, so made-up ids
//! cannot grow the tally). Later views are added to the tally and written by [`CategoryViews::flush`],
//! which the composition root calls every second and once more on shutdown. A crash loses at most the
//! views of the last interval; several instances add their tallies to the same stored count.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use domain::ids::CategoryId;

use crate::catalog::browse::CatalogError;
use crate::catalog::ports::CategoryViewStore;

/// Counts category views; clone it freely (the tally is shared).
#[derive(Clone)]
pub struct CategoryViews {
    store: Arc<dyn CategoryViewStore>,
    tally: Arc<Mutex<Tally>>,
}

#[derive(Default)]
struct Tally {
    /// The stored count of each category known to exist, as last written or read by this instance.
    stored: HashMap<CategoryId, i64>,
    /// Views counted since the last write, of known categories only.
    pending: HashMap<CategoryId, u64>,
}

impl CategoryViews {
    #[must_use]
    pub fn new(store: Arc<dyn CategoryViewStore>) -> Self {
        Self { store, tally: Arc::default() }
    }

    fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one more view of a category page; answers the count as this instance knows it (views
    /// counted by other instances since this one last wrote may be missing).
    ///
    /// # Errors
    /// [`CatalogError::CategoryNotFound`] for an unknown id; [`CatalogError::Unexpected`] when the store fails.
    pub async fn count(&self, id: CategoryId) -> Result<i64, CatalogError> {
        {
            let mut tally = self.tally();
            if let Some(&stored) = tally.stored.get(&id) {
                let pending = tally.pending.entry(id).or_default();
                *pending += 1;
                return Ok(stored.saturating_add(i64::try_from(*pending).unwrap_or(i64::MAX)));
            }
        }
        let count = self
            .store
            .increment_views(id)
            .await
            .map_err(CatalogError::Unexpected)?
            .ok_or(CatalogError::CategoryNotFound(id))?;
        self.tally().stored.entry(id).or_insert(count);
        Ok(count)
    }

    /// Writes the views counted since the last write; answers how many views it wrote. On failure the views
    /// stay in the tally for the next write.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn flush(&self) -> Result<u64, CatalogError> {
        let batch: Vec<(CategoryId, u64)> = std::mem::take(&mut self.tally().pending).into_iter().collect();
        if batch.is_empty() {
            return Ok(0);
        }
        match self.store.add_views(batch.clone()).await {
            Ok(counts) => {
                let counts: HashMap<CategoryId, i64> = counts.into_iter().collect();
                let mut tally = self.tally();
                for (id, _) in &batch {
                    match counts.get(id) {
                        Some(&count) => tally.stored.insert(*id, count),
                        None => {
                            tally.pending.remove(id);
                            tally.stored.remove(id)
                        }
                    };
                }
                Ok(batch.iter().filter(|(id, _)| counts.contains_key(id)).map(|(_, n)| n).sum())
            }
            Err(err) => {
                let mut tally = self.tally();
                for (id, n) in batch {
                    *tally.pending.entry(id).or_default() += n;
                }
                Err(CatalogError::Unexpected(err))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ports::MockCategoryViewStore;
    use crate::common::error::RepositoryError;

    fn id(n: i64) -> CategoryId {
        CategoryId::new(n).unwrap()
    }

    #[tokio::test]
    async fn the_first_view_is_written_at_once_and_later_ones_wait_for_the_flush() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().withf(|c| c.get() == 2).times(1).returning(|_| Ok(Some(41)));
        store
            .expect_add_views()
            .withf(|counts| counts == &vec![(id(2), 3)])
            .times(1)
            .returning(|_| Ok(vec![(id(2), 47)]));
        let views = CategoryViews::new(Arc::new(store));

        let answers = [
            views.count(id(2)).await.unwrap(),
            views.count(id(2)).await.unwrap(),
            views.count(id(2)).await.unwrap(),
            views.count(id(2)).await.unwrap(),
        ];
        let written = views.flush().await.unwrap();

        assert_eq!(answers, [41, 42, 43, 44]);
        assert_eq!(written, 3);
        assert_eq!(views.count(id(2)).await.unwrap(), 48);
    }

    #[tokio::test]
    async fn an_unknown_category_is_not_found_and_not_remembered() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().times(2).returning(|_| Ok(None));
        store.expect_add_views().never();
        let views = CategoryViews::new(Arc::new(store));

        let first = views.count(id(3)).await.unwrap_err();
        let second = views.count(id(3)).await.unwrap_err();

        assert!(matches!(first, CatalogError::CategoryNotFound(c) if c.get() == 3));
        assert!(matches!(second, CatalogError::CategoryNotFound(_)));
        assert_eq!(views.flush().await.unwrap(), 0);
    }

    #[tokio::test]
    async fn a_failed_write_keeps_the_views_for_the_next_one() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().times(1).returning(|_| Ok(Some(1)));
        let mut calls = 0;
        store.expect_add_views().times(2).returning(move |counts| {
            calls += 1;
            if calls == 1 {
                Err(RepositoryError::Unavailable("down".into()))
            } else {
                assert_eq!(counts, vec![(id(5), 3)]);
                Ok(vec![(id(5), 4)])
            }
        });
        let views = CategoryViews::new(Arc::new(store));
        views.count(id(5)).await.unwrap();
        views.count(id(5)).await.unwrap();
        views.count(id(5)).await.unwrap();

        let failed = views.flush().await;
        views.count(id(5)).await.unwrap();
        let written = views.flush().await.unwrap();

        assert!(matches!(failed, Err(CatalogError::Unexpected(RepositoryError::Unavailable(_)))));
        assert_eq!(written, 3);
    }

    #[tokio::test]
    async fn views_of_a_category_deleted_meanwhile_are_dropped_and_it_is_looked_up_again() {
        let mut store = MockCategoryViewStore::new();
        let mut lookups = 0;
        store.expect_increment_views().times(2).returning(move |_| {
            lookups += 1;
            Ok((lookups == 1).then_some(10))
        });
        store.expect_add_views().times(1).returning(|_| Ok(vec![]));
        let views = CategoryViews::new(Arc::new(store));
        views.count(id(7)).await.unwrap();
        views.count(id(7)).await.unwrap();

        let written = views.flush().await.unwrap();
        let after = views.count(id(7)).await.unwrap_err();

        assert_eq!(written, 0);
        assert!(matches!(after, CatalogError::CategoryNotFound(_)));
    }
}
