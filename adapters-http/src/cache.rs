//! A short-lived cache of public catalogue answers, the hottest reads of the shop. Answers are kept as
//! serialised bytes for a few seconds; any catalogue change made through this process clears the cache at
//! once, and other instances see it within the lifetime. Stock at order time is always read afresh.
//! Concurrent requests for an answer that is missing or stale wait for one computation instead of all
//! asking the database at once.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use tokio::sync::OnceCell;

use actix_web::web::Bytes;
use actix_web::HttpResponse;
use serde::Serialize;

use crate::error::ApiError;

/// At most this many answers are kept; past it the cache starts afresh.
const MAX_ENTRIES: usize = 2048;

/// Serialised answers by request path and query.
#[derive(Debug)]
pub struct ResponseCache {
    lifetime: Duration,
    entries: RwLock<HashMap<String, Entry>>,
}

/// When an answer was first asked for, and the cell that holds it once computed.
type Entry = (Instant, Arc<OnceCell<Bytes>>);

impl ResponseCache {
    /// A cache keeping answers for `lifetime`; zero turns it off.
    #[must_use]
    pub fn new(lifetime: Duration) -> Self {
        Self { lifetime, entries: RwLock::new(HashMap::new()) }
    }

    /// The cell holding (or about to hold) the answer for `key`, made anew when missing or stale.
    fn cell(&self, key: String) -> Arc<OnceCell<Bytes>> {
        if let Ok(entries) = self.entries.read() {
            if let Some((_, cell)) = entries.get(&key).filter(|(at, _)| at.elapsed() < self.lifetime) {
                return cell.clone();
            }
        }
        let Ok(mut entries) = self.entries.write() else { return Arc::new(OnceCell::new()) };
        if let Some((_, cell)) = entries.get(&key).filter(|(at, _)| at.elapsed() < self.lifetime) {
            return cell.clone();
        }
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        let cell = Arc::new(OnceCell::new());
        entries.insert(key, (Instant::now(), cell.clone()));
        cell
    }

    /// The JSON answer for `key`, from the cache while fresh, else computed, kept and answered. Errors are
    /// never kept.
    ///
    /// # Errors
    /// Whatever `compute` answers.
    pub async fn json<T, F, Fut>(&self, key: String, compute: F) -> Result<HttpResponse, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        let serialise =
            |value: T| serde_json::to_vec(&value).map(Bytes::from).map_err(|e| ApiError::Internal(Box::new(e)));
        let body = if self.lifetime.is_zero() {
            serialise(compute().await?)?
        } else {
            // A failed computation leaves the cell empty, so the next request tries again.
            self.cell(key).get_or_try_init(|| async { serialise(compute().await?) }).await?.clone()
        };
        Ok(HttpResponse::Ok().content_type("application/json").body(body))
    }

    /// Forgets every answer, after a change to the catalogue.
    pub fn clear(&self) {
        if let Ok(mut entries) = self.entries.write() {
            entries.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    async fn count(cache: &ResponseCache, calls: &AtomicU32) -> u32 {
        count_at(cache, "/api/products", calls).await
    }

    #[actix_web::test]
    async fn a_fresh_answer_is_served_again_until_cleared() {
        let cache = ResponseCache::new(Duration::from_secs(60));
        let calls = AtomicU32::new(0);

        assert_eq!(count(&cache, &calls).await, 1);
        assert_eq!(count(&cache, &calls).await, 1);
        cache.clear();
        assert_eq!(count(&cache, &calls).await, 2);
    }

    #[actix_web::test]
    async fn concurrent_misses_compute_once() {
        let cache = ResponseCache::new(Duration::from_secs(60));
        let calls = AtomicU32::new(0);
        let slow = || async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok::<_, ApiError>(calls.fetch_add(1, Ordering::SeqCst) + 1)
        };

        let (a, b) = tokio::join!(cache.json("k".into(), slow), cache.json("k".into(), slow));

        assert!(a.is_ok() && b.is_ok());
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[actix_web::test]
    async fn an_error_is_not_kept() {
        let cache = ResponseCache::new(Duration::from_secs(60));

        let failed = cache.json("k".into(), || async { Err::<u32, _>(ApiError::NotFound("gone".into())) }).await;
        let calls = AtomicU32::new(0);

        assert!(failed.is_err());
        assert_eq!(count_at(&cache, "k", &calls).await, 1);
    }

    async fn count_at(cache: &ResponseCache, key: &str, calls: &AtomicU32) -> u32 {
        let response = cache
            .json(key.into(), || async { Ok::<_, ApiError>(calls.fetch_add(1, Ordering::SeqCst) + 1) })
            .await
            .unwrap();
        let body = actix_web::body::to_bytes(response.into_body()).await.unwrap();
        String::from_utf8(body.to_vec()).unwrap().parse().unwrap()
    }

    #[actix_web::test]
    async fn a_zero_lifetime_computes_every_time() {
        let cache = ResponseCache::new(Duration::ZERO);
        let calls = AtomicU32::new(0);

        assert_eq!(count(&cache, &calls).await, 1);
        assert_eq!(count(&cache, &calls).await, 2);
    }
}
