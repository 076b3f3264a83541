//! A short-lived cache of public catalogue answers, the hottest reads of the shop. Answers are kept as
//! serialised bytes for a few seconds; any catalogue change made through this process clears the cache at
//! once, and other instances see it within the lifetime. Stock at order time is always read afresh.

use std::collections::HashMap;
use std::future::Future;
use std::sync::RwLock;
use std::time::{Duration, Instant};

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
    entries: RwLock<HashMap<String, (Instant, Bytes)>>,
}

impl ResponseCache {
    /// A cache keeping answers for `lifetime`; zero turns it off.
    #[must_use]
    pub fn new(lifetime: Duration) -> Self {
        Self { lifetime, entries: RwLock::new(HashMap::new()) }
    }

    fn fresh(&self, key: &str) -> Option<Bytes> {
        let entries = self.entries.read().ok()?;
        entries.get(key).filter(|(at, _)| at.elapsed() < self.lifetime).map(|(_, body)| body.clone())
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
        if let Some(body) = self.fresh(&key) {
            return Ok(HttpResponse::Ok().content_type("application/json").body(body));
        }
        let body = Bytes::from(serde_json::to_vec(&compute().await?).map_err(|e| ApiError::Internal(Box::new(e)))?);
        if !self.lifetime.is_zero() {
            if let Ok(mut entries) = self.entries.write() {
                if entries.len() >= MAX_ENTRIES {
                    entries.clear();
                }
                entries.insert(key, (Instant::now(), body.clone()));
            }
        }
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
        let response = cache
            .json("/api/products".into(), || async { Ok::<_, ApiError>(calls.fetch_add(1, Ordering::SeqCst) + 1) })
            .await
            .unwrap();
        let body = actix_web::body::to_bytes(response.into_body()).await.unwrap();
        String::from_utf8(body.to_vec()).unwrap().parse().unwrap()
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
    async fn a_zero_lifetime_computes_every_time() {
        let cache = ResponseCache::new(Duration::ZERO);
        let calls = AtomicU32::new(0);

        assert_eq!(count(&cache, &calls).await, 1);
        assert_eq!(count(&cache, &calls).await, 2);
    }
}
