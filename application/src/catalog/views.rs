//! Counting views of category pages: at most one per client, category and hour, tallied in memory and
//! written in batches, so a busy category page costs the database one write a second instead of one a visit.
//!
//! Who viewed what lately is kept in memory too ([`RecentViewers`]): a client (its address as the limits
//! key it, an IPv6 one by its /64) that views a category again within the hour adds nothing, and is
//! answered the count as it stands. The memory is bounded; each instance remembers its own viewers, so
//! behind a load balancer a client may add one view per instance and hour.
//!
//! The first view of a category this instance has not seen yet is written at once, which also tells
//! whether the category exists (an unknown id is not found and leaves nothing in memory, so made-up ids
//! cannot grow the tally). Later views are added to the tally and written by [`CategoryViews::flush`],
//! which the composition root calls every second and once more on shutdown. A crash loses at most the
//! views of the last interval; several instances add their tallies to the same stored count.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Duration, Utc};
use domain::ids::CategoryId;

use crate::catalog::browse::CatalogError;
use crate::catalog::ports::CategoryViewStore;
use crate::common::clock::Clock;

/// How long a client's view of a category keeps its further views from counting: at least this, at most
/// twice this (see [`RecentViewers`]).
pub const VIEW_MEMORY: Duration = Duration::hours(1);

/// The most pairs of client and category one generation of [`RecentViewers`] holds (16 bytes each and the
/// set's overhead: a few MB for both generations at most).
pub const MAX_RECENT_VIEWERS: usize = 100_000;

/// Counts category views; clone it freely (the tally is shared).
#[derive(Clone)]
pub struct CategoryViews {
    store: Arc<dyn CategoryViewStore>,
    clock: Arc<dyn Clock>,
    tally: Arc<Mutex<Tally>>,
}

#[derive(Default)]
struct Tally {
    /// The stored count of each category known to exist, as last written or read by this instance.
    stored: HashMap<CategoryId, i64>,
    /// Views counted since the last write, of known categories only.
    pending: HashMap<CategoryId, u64>,
    /// Views taken by a write under way: still counted in answers until the write brings the new stored count.
    writing: HashMap<CategoryId, u64>,
    viewers: RecentViewers,
}

/// The pairs of client and category viewed lately, as fingerprints (a keyed hash, so no client can aim two
/// pairs at one fingerprint) in two generations: the current one and the one before. A pair in either is a
/// repeat. The current generation becomes the previous one after [`VIEW_MEMORY`], or sooner when it holds
/// [`MAX_RECENT_VIEWERS`], so the memory stays bounded: under a flood of clients a repeat may count again
/// sooner than an hour.
struct RecentViewers {
    current: HashSet<u64>,
    previous: HashSet<u64>,
    /// When the current generation began; `None` before the first view.
    since: Option<DateTime<Utc>>,
    keys: RandomState,
}

impl Default for RecentViewers {
    fn default() -> Self {
        Self { current: HashSet::new(), previous: HashSet::new(), since: None, keys: RandomState::new() }
    }
}

impl RecentViewers {
    fn fingerprint(&self, category: CategoryId, viewer: &str) -> u64 {
        self.keys.hash_one((category, viewer))
    }

    /// Remembers that `viewer` viewed `category` at `now`; answers whether it is the first time lately.
    fn first_view(&mut self, category: CategoryId, viewer: &str, now: DateTime<Utc>) -> bool {
        let since = *self.since.get_or_insert(now);
        if now - since >= VIEW_MEMORY || self.current.len() >= MAX_RECENT_VIEWERS {
            let old_enough = now - since >= VIEW_MEMORY + VIEW_MEMORY;
            self.previous = std::mem::take(&mut self.current);
            if old_enough {
                self.previous.clear();
            }
            self.since = Some(now);
        }
        let fingerprint = self.fingerprint(category, viewer);
        !self.previous.contains(&fingerprint) && self.current.insert(fingerprint)
    }

    /// Forgets a view that did not count (its category does not exist).
    fn forget(&mut self, category: CategoryId, viewer: &str) {
        let fingerprint = self.fingerprint(category, viewer);
        self.current.remove(&fingerprint);
    }
}

impl CategoryViews {
    #[must_use]
    pub fn new(store: Arc<dyn CategoryViewStore>, clock: Arc<dyn Clock>) -> Self {
        Self { store, clock, tally: Arc::default() }
    }

    fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts a view of a category page by `viewer` (the client as the limits key it), unless it viewed the
    /// category lately; answers the count as this instance knows it (views counted by other instances since
    /// this one last wrote may be missing).
    ///
    /// # Errors
    /// [`CatalogError::CategoryNotFound`] for an unknown id; [`CatalogError::Unexpected`] when the store fails.
    pub async fn count(&self, id: CategoryId, viewer: &str) -> Result<i64, CatalogError> {
        let first = {
            let mut tally = self.tally();
            let first = tally.viewers.first_view(id, viewer, self.clock.now());
            if let Some(&stored) = tally.stored.get(&id) {
                let pending = if first {
                    let pending = tally.pending.entry(id).or_default();
                    *pending += 1;
                    *pending
                } else {
                    tally.pending.get(&id).copied().unwrap_or_default()
                };
                let unwritten = pending.saturating_add(tally.writing.get(&id).copied().unwrap_or_default());
                return Ok(stored.saturating_add(i64::try_from(unwritten).unwrap_or(i64::MAX)));
            }
            first
        };
        // A repeat of a view whose category this instance has not counted yet: its first view is being
        // written (or the category was deleted); the count is read.
        let written = if first { self.store.increment_views(id).await } else { self.store.views(id).await };
        let Some(count) = written.map_err(CatalogError::Unexpected)? else {
            self.tally().viewers.forget(id, viewer);
            return Err(CatalogError::CategoryNotFound(id));
        };
        if first {
            self.tally().stored.entry(id).or_insert(count);
        }
        Ok(count)
    }

    /// Writes the views counted since the last write; answers how many views it wrote. On failure the views
    /// stay in the tally for the next write.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn flush(&self) -> Result<u64, CatalogError> {
        let batch: Vec<(CategoryId, u64)> = {
            let mut tally = self.tally();
            let pending = std::mem::take(&mut tally.pending);
            for (&id, &n) in &pending {
                *tally.writing.entry(id).or_default() += n;
            }
            pending.into_iter().collect()
        };
        if batch.is_empty() {
            return Ok(0);
        }
        let written = self.store.add_views(batch.clone()).await;
        let mut tally = self.tally();
        for (id, n) in &batch {
            if let Some(writing) = tally.writing.get_mut(id) {
                *writing -= n;
                if *writing == 0 {
                    tally.writing.remove(id);
                }
            }
        }
        match written {
            Ok(counts) => {
                let counts: HashMap<CategoryId, i64> = counts.into_iter().collect();
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
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

    use crate::catalog::ports::MockCategoryViewStore;
    use crate::common::error::RepositoryError;

    fn id(n: i64) -> CategoryId {
        CategoryId::new(n).unwrap()
    }

    /// A client of its own for each `n`.
    fn viewer(n: u32) -> String {
        format!("203.0.113.{n}")
    }

    /// A clock that stands still until moved.
    struct TestClock(Mutex<DateTime<Utc>>);

    impl Default for TestClock {
        fn default() -> Self {
            Self(Mutex::new(chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 12, 1, 10, 0, 0).unwrap()))
        }
    }

    impl TestClock {
        fn advance(&self, by: Duration) {
            *self.0.lock().unwrap() += by;
        }
    }

    impl Clock for TestClock {
        fn now(&self) -> DateTime<Utc> {
            *self.0.lock().unwrap()
        }
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
        let views = CategoryViews::new(Arc::new(store), Arc::new(TestClock::default()));

        let answers = [
            views.count(id(2), &viewer(1)).await.unwrap(),
            views.count(id(2), &viewer(2)).await.unwrap(),
            views.count(id(2), &viewer(3)).await.unwrap(),
            views.count(id(2), &viewer(4)).await.unwrap(),
        ];
        let written = views.flush().await.unwrap();

        assert_eq!(answers, [41, 42, 43, 44]);
        assert_eq!(written, 3);
        assert_eq!(views.count(id(2), &viewer(5)).await.unwrap(), 48);
    }

    #[tokio::test]
    async fn an_unknown_category_is_not_found_and_not_remembered() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().times(2).returning(|_| Ok(None));
        store.expect_add_views().never();
        let views = CategoryViews::new(Arc::new(store), Arc::new(TestClock::default()));

        let first = views.count(id(3), &viewer(6)).await.unwrap_err();
        let second = views.count(id(3), &viewer(7)).await.unwrap_err();

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
        let views = CategoryViews::new(Arc::new(store), Arc::new(TestClock::default()));
        views.count(id(5), &viewer(8)).await.unwrap();
        views.count(id(5), &viewer(9)).await.unwrap();
        views.count(id(5), &viewer(10)).await.unwrap();

        let failed = views.flush().await;
        views.count(id(5), &viewer(11)).await.unwrap();
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
        let views = CategoryViews::new(Arc::new(store), Arc::new(TestClock::default()));
        views.count(id(7), &viewer(12)).await.unwrap();
        views.count(id(7), &viewer(13)).await.unwrap();

        let written = views.flush().await.unwrap();
        let after = views.count(id(7), &viewer(14)).await.unwrap_err();

        assert_eq!(written, 0);
        assert!(matches!(after, CatalogError::CategoryNotFound(_)));
    }

    #[tokio::test]
    async fn a_hundred_views_of_one_client_add_one_and_a_second_client_adds_another() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().times(1).returning(|_| Ok(Some(41)));
        store.expect_views().never();
        store
            .expect_add_views()
            .withf(|counts| counts == &vec![(id(2), 1)])
            .times(1)
            .returning(|_| Ok(vec![(id(2), 42)]));
        let views = CategoryViews::new(Arc::new(store), Arc::new(TestClock::default()));

        let mut answers = Vec::new();
        for _ in 0..100 {
            answers.push(views.count(id(2), "203.0.113.7").await.unwrap());
        }
        let second_client = views.count(id(2), "2001:db8:1:2::/64").await.unwrap();
        let written = views.flush().await.unwrap();

        assert!(answers.iter().all(|answer| *answer == 41), "{answers:?}");
        assert_eq!(second_client, 42);
        assert_eq!(written, 1);
    }

    #[tokio::test]
    async fn a_client_counts_again_after_the_hour_and_in_another_category_at_once() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().returning(|c| Ok(Some(if c.get() == 2 { 10 } else { 20 })));
        let clock = Arc::new(TestClock::default());
        let views = CategoryViews::new(Arc::new(store), clock.clone());

        let first = views.count(id(2), "203.0.113.7").await.unwrap();
        let other_category = views.count(id(3), "203.0.113.7").await.unwrap();
        clock.advance(Duration::minutes(59));
        let within_the_hour = views.count(id(2), "203.0.113.7").await.unwrap();
        clock.advance(Duration::minutes(31));
        let at_the_next_turn = views.count(id(2), "203.0.113.7").await.unwrap();
        clock.advance(Duration::hours(2));
        let two_hours_on = views.count(id(2), "203.0.113.7").await.unwrap();

        assert_eq!((first, other_category, within_the_hour), (10, 20, 10));
        assert_eq!(at_the_next_turn, 10, "remembered for at least an hour, here an hour and a half");
        assert_eq!(two_hours_on, 11);
    }

    #[tokio::test]
    async fn a_repeat_while_the_first_view_is_being_written_reads_the_count_and_adds_nothing() {
        /// A store whose first write waits until it is let go.
        struct SlowFirstWrite {
            let_go: AtomicBool,
            writes: AtomicU32,
        }

        #[async_trait::async_trait]
        impl CategoryViewStore for SlowFirstWrite {
            async fn increment_views(&self, _id: CategoryId) -> Result<Option<i64>, RepositoryError> {
                self.writes.fetch_add(1, Ordering::SeqCst);
                while !self.let_go.load(Ordering::SeqCst) {
                    tokio::task::yield_now().await;
                }
                Ok(Some(8))
            }

            async fn views(&self, _id: CategoryId) -> Result<Option<i64>, RepositoryError> {
                Ok(Some(7))
            }

            async fn add_views(&self, _: Vec<(CategoryId, u64)>) -> Result<Vec<(CategoryId, i64)>, RepositoryError> {
                unreachable!("nothing is pending")
            }
        }
        let store = Arc::new(SlowFirstWrite { let_go: AtomicBool::new(false), writes: AtomicU32::new(0) });
        let views = CategoryViews::new(store.clone(), Arc::new(TestClock::default()));

        let first = tokio::spawn({
            let views = views.clone();
            async move { views.count(id(2), "203.0.113.7").await.unwrap() }
        });
        while store.writes.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let repeat = views.count(id(2), "203.0.113.7").await.unwrap();
        store.let_go.store(true, Ordering::SeqCst);

        assert_eq!(repeat, 7);
        assert_eq!(first.await.unwrap(), 8);
        assert_eq!(store.writes.load(Ordering::SeqCst), 1);
        assert_eq!(views.flush().await.unwrap(), 0);
    }

    #[tokio::test]
    async fn made_up_categories_leave_no_viewer_behind() {
        let mut store = MockCategoryViewStore::new();
        store.expect_increment_views().times(50).returning(|_| Ok(None));
        let views = CategoryViews::new(Arc::new(store), Arc::new(TestClock::default()));

        for n in 1..=50 {
            assert!(views.count(id(n), "203.0.113.7").await.is_err());
        }

        assert!(views.tally().viewers.current.is_empty());
    }

    #[test]
    fn the_viewers_remembered_are_bounded() {
        let mut viewers = RecentViewers::default();
        let now = Utc::now();

        for n in 0..(2 * MAX_RECENT_VIEWERS + 10) {
            assert!(viewers.first_view(id(1), &n.to_string(), now));
        }

        assert!(viewers.current.len() <= MAX_RECENT_VIEWERS);
        assert!(viewers.previous.len() <= MAX_RECENT_VIEWERS);
        assert!(!viewers.first_view(id(1), &(2 * MAX_RECENT_VIEWERS + 9).to_string(), now));
    }

    /// A store whose batched write waits until the test lets it finish.
    struct SlowWrites {
        started: tokio::sync::Notify,
        finish: tokio::sync::Notify,
    }

    #[async_trait::async_trait]
    impl CategoryViewStore for SlowWrites {
        async fn increment_views(&self, _: CategoryId) -> Result<Option<i64>, RepositoryError> {
            Ok(Some(1))
        }

        async fn views(&self, _: CategoryId) -> Result<Option<i64>, RepositoryError> {
            Ok(Some(1))
        }

        async fn add_views(&self, counts: Vec<(CategoryId, u64)>) -> Result<Vec<(CategoryId, i64)>, RepositoryError> {
            self.started.notify_one();
            self.finish.notified().await;
            Ok(counts.into_iter().map(|(id, n)| (id, 1 + i64::try_from(n).unwrap())).collect())
        }
    }

    #[tokio::test]
    async fn views_being_written_still_count_in_the_answers_until_the_write_is_done() {
        let store = Arc::new(SlowWrites { started: tokio::sync::Notify::new(), finish: tokio::sync::Notify::new() });
        let views = CategoryViews::new(store.clone(), Arc::new(TestClock::default()));
        views.count(id(2), &viewer(1)).await.unwrap();
        views.count(id(2), &viewer(2)).await.unwrap();
        let flushing = tokio::spawn({
            let views = views.clone();
            async move { views.flush().await }
        });
        store.started.notified().await;

        let repeat_while_writing = views.count(id(2), &viewer(2)).await.unwrap();
        let new_while_writing = views.count(id(2), &viewer(3)).await.unwrap();
        store.finish.notify_one();
        let written = flushing.await.unwrap().unwrap();
        let repeat_after = views.count(id(2), &viewer(2)).await.unwrap();

        assert_eq!((repeat_while_writing, new_while_writing), (2, 3));
        assert_eq!(written, 1);
        assert_eq!(repeat_after, 3);
    }
}
