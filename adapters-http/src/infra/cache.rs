//! A short-lived cache of public catalogue answers, the hottest reads of the shop. Answers are kept as
//! serialised bytes for a few seconds in a `moka` cache bounded by their bytes, each under a key made of the
//! request's parsed parameters (never its raw query string, so parameters no handler reads add no entry); it
//! listens to the catalogue's changes
//! ([`CatalogChanges`]), so a change made through this process drops every answer at once, and other
//! instances see it within the lifetime. Stock at order time is always read afresh. Concurrent requests for
//! an answer that is missing or stale wait for one computation instead of all asking the database at once.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use actix_web::web::Bytes;
use actix_web::HttpResponse;
use application::catalog::ports::{CatalogChanges, StockChanges};
use domain::ids::ProductId;
use moka::future::Cache;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;
use serde::Serialize;

use crate::infra::error::ApiError;
use crate::infra::language::{Language, LanguagePaths};

/// The most bytes of answers and their keys kept; past it the least used answers make room.
pub const MAX_CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// Serialised answers by catalogue generation and request.
#[derive(Debug)]
pub struct ResponseCache {
    /// `None` when the lifetime is zero: every answer is computed.
    entries: Option<Cache<(u64, String), Bytes>>,
    /// Counts the catalogue's changes. An answer computed from data read before a change is kept under the
    /// old generation, which no request asks for any more.
    generation: AtomicU64,
    /// `cache_requests_total{cache="catalogue",result}`: a miss computed the answer, a hit did not.
    requests: Family<[(&'static str, &'static str); 2], Counter>,
}

/// What a [`ResponseCache`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheUsage {
    pub answers: u64,
    /// Bytes of the answers and their keys.
    pub bytes: u64,
}

/// A computation failed; its error went to the request that ran it.
#[derive(Debug)]
struct Failed;

impl ResponseCache {
    /// A cache keeping answers for `lifetime`, at most [`MAX_CACHE_BYTES`] of them; zero turns it off.
    #[must_use]
    pub fn new(lifetime: Duration) -> Self {
        Self::with_max_bytes(lifetime, MAX_CACHE_BYTES)
    }

    /// A cache keeping answers for `lifetime`, at most `max_bytes` of them and their keys; zero turns it off.
    #[must_use]
    pub fn with_max_bytes(lifetime: Duration, max_bytes: u64) -> Self {
        let entries = (!lifetime.is_zero()).then(|| {
            Cache::builder()
                .time_to_live(lifetime)
                .max_capacity(max_bytes)
                .weigher(|(_, key): &(u64, String), body: &Bytes| {
                    u32::try_from(key.len() + body.len()).unwrap_or(u32::MAX)
                })
                .build()
        });
        let requests = Family::default();
        for result in ["hit", "miss"] {
            // Both series exist from the start, at zero, so a rate over them is defined from the start.
            drop(requests.get_or_create(&[("cache", "catalogue"), ("result", result)]));
        }
        Self { entries, generation: AtomicU64::new(0), requests }
    }

    /// Adds `cache_requests_total` to `registry`.
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "cache_requests",
            "Answers asked of the catalogue cache: a hit was served from it, a miss was computed",
            self.requests.clone(),
        );
    }

    fn count(&self, result: &'static str) {
        self.requests.get_or_create(&[("cache", "catalogue"), ("result", result)]).inc();
    }

    /// How many answers are kept and their weight in bytes, once evictions and removals due are done.
    pub async fn usage(&self) -> CacheUsage {
        match &self.entries {
            None => CacheUsage { answers: 0, bytes: 0 },
            Some(entries) => {
                entries.run_pending_tasks().await;
                CacheUsage { answers: entries.entry_count(), bytes: entries.weighted_size() }
            }
        }
    }

    /// The JSON answer for `key` (made of the parsed parameters the answer depends on), from the cache while
    /// fresh, else computed, kept and answered. Errors are never kept: a request that waited for a computation
    /// that failed computes the answer itself.
    ///
    /// # Errors
    /// Whatever `compute` answers.
    pub async fn json<T, F, Fut>(&self, key: String, compute: F) -> Result<HttpResponse, ApiError>
    where
        T: Serialize,
        F: Fn() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        let body = self.json_bytes(key, compute).await?;
        Ok(HttpResponse::Ok().content_type("application/json").body(body))
    }

    /// The serialised JSON kept under `key`, as [`Self::json`] answers it, for a caller that writes it
    /// elsewhere (the product page's data block holds the product's answer).
    ///
    /// # Errors
    /// Whatever `compute` answers.
    pub(crate) async fn json_bytes<T, F, Fut>(&self, key: String, compute: F) -> Result<Bytes, ApiError>
    where
        T: Serialize,
        F: Fn() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        self.bytes(key, || async {
            let value = compute().await?;
            serde_json::to_vec(&value).map(Bytes::from).map_err(|e| ApiError::Internal(Box::new(e)))
        })
        .await
    }

    /// Any body kept under `key` (a page's HTML, say), from the cache while fresh, else computed and kept.
    /// Errors are never kept.
    ///
    /// # Errors
    /// Whatever `compute` answers.
    pub(crate) async fn bytes<F, Fut>(&self, key: String, compute: F) -> Result<Bytes, ApiError>
    where
        F: Fn() -> Fut,
        Fut: Future<Output = Result<Bytes, ApiError>>,
    {
        let Some(entries) = &self.entries else {
            self.count("miss");
            return compute().await;
        };
        let generation = self.generation.load(Ordering::Acquire);
        let (mut failure, mut computed) = (None, false);
        let cached = entries
            .try_get_with((generation, key), async {
                computed = true;
                compute().await.map_err(|err| {
                    failure = Some(err);
                    Failed
                })
            })
            .await;
        let answer = match (cached, failure) {
            (Ok(body), _) => Ok(body),
            (Err(_), Some(err)) => Err(err),
            (Err(_), None) => {
                computed = true;
                compute().await
            }
        };
        self.count(if computed { "miss" } else { "hit" });
        answer
    }
}

impl CatalogChanges for ResponseCache {
    fn changed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        if let Some(entries) = &self.entries {
            entries.invalidate_all();
        }
    }
}

/// Drops a product's own answer and page at once, so its stock there is the new figure on this instance;
/// the lists that show it keep theirs until their lifetime ends. An answer computed from a read made before
/// the change and kept after this drop is the one window left: it lasts until the product's next change or
/// the lifetime's end, like every instance's copy.
#[async_trait::async_trait]
impl StockChanges for ResponseCache {
    async fn stock_changed(&self, products: Vec<ProductId>) {
        let Some(entries) = &self.entries else { return };
        let generation = self.generation.load(Ordering::Acquire);
        for id in products {
            let pages = Language::ALL.map(|language| product_page_key(id, language));
            for key in [product_key(id)].into_iter().chain(pages) {
                entries.invalidate(&(generation, key)).await;
            }
        }
    }
}

/// The key of a product's own answer, `GET /api/products/{id}`.
#[must_use]
pub fn product_key(id: ProductId) -> String {
    format!("product:{id}")
}

/// The key of a product's server-filled page in `language`, `/product/{id}` or `/ur/product/{id}`.
#[must_use]
pub fn product_page_key(id: ProductId, language: Language) -> String {
    format!("page:{}/product/{id}", language.prefix())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    async fn count(cache: &ResponseCache, calls: &AtomicU32) -> u32 {
        count_at(cache, "/api/products", calls).await
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
    async fn a_fresh_answer_is_served_again_until_the_catalogue_changes() {
        let cache = ResponseCache::new(Duration::from_secs(60));
        let calls = AtomicU32::new(0);

        assert_eq!(count(&cache, &calls).await, 1);
        assert_eq!(count(&cache, &calls).await, 1);
        cache.changed();
        assert_eq!(count(&cache, &calls).await, 2);
        assert_eq!(count(&cache, &calls).await, 2);
    }

    #[actix_web::test]
    async fn concurrent_misses_compute_once() {
        let cache = ResponseCache::new(Duration::from_secs(60));
        let calls = AtomicU32::new(0);
        let (release, released) = tokio::sync::watch::channel(false);
        let slow = || {
            let mut released = released.clone();
            let calls = &calls;
            async move {
                released.wait_for(|go| *go).await.unwrap();
                Ok::<_, ApiError>(calls.fetch_add(1, Ordering::SeqCst) + 1)
            }
        };

        let (a, b, ()) = tokio::join!(cache.json("k".into(), slow), cache.json("k".into(), slow), async {
            release.send(true).unwrap();
        });

        assert!(a.is_ok() && b.is_ok());
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[actix_web::test]
    async fn an_error_is_not_kept() {
        let cache = ResponseCache::new(Duration::from_secs(60));

        let failed = cache.json("k".into(), || async { Err::<u32, _>(ApiError::NotFound("gone".into())) }).await;
        let calls = AtomicU32::new(0);

        assert_eq!(failed.unwrap_err().to_string(), "gone");
        assert_eq!(count_at(&cache, "k", &calls).await, 1);
    }

    #[actix_web::test]
    async fn an_answer_read_before_a_change_is_not_served_after_it() {
        let cache = ResponseCache::new(Duration::from_secs(60));
        let calls = AtomicU32::new(0);
        let (read, was_read) = tokio::sync::oneshot::channel::<()>();
        let (finish, finished) = tokio::sync::oneshot::channel::<()>();
        let (read, finished) = (std::sync::Mutex::new(Some(read)), std::sync::Mutex::new(Some(finished)));
        let before_the_change = || async {
            let value = calls.fetch_add(1, Ordering::SeqCst) + 1;
            read.lock().unwrap().take().unwrap().send(()).unwrap();
            let finished = finished.lock().unwrap().take().unwrap();
            finished.await.unwrap();
            Ok::<_, ApiError>(value)
        };

        let (stale, ()) = tokio::join!(cache.json("/api/products".into(), before_the_change), async {
            was_read.await.unwrap();
            cache.changed();
            finish.send(()).unwrap();
        });

        assert_eq!(actix_web::body::to_bytes(stale.unwrap().into_body()).await.unwrap(), "1");
        assert_eq!(count(&cache, &calls).await, 2, "computed afresh, not the answer read before the change");
    }

    #[actix_web::test]
    async fn a_zero_lifetime_computes_every_time() {
        let cache = ResponseCache::new(Duration::ZERO);
        let calls = AtomicU32::new(0);

        assert_eq!(count(&cache, &calls).await, 1);
        assert_eq!(count(&cache, &calls).await, 2);
    }

    #[actix_web::test]
    async fn the_answers_kept_never_weigh_more_than_the_bound() {
        let cache = ResponseCache::with_max_bytes(Duration::from_secs(60), 10_000);
        let answer = "x".repeat(990);

        for page in 0..100 {
            let response = cache.json(format!("page:{page}"), || async { Ok::<_, ApiError>(answer.clone()) }).await;
            assert!(response.is_ok());
        }
        let usage = cache.usage().await;

        assert!(usage.bytes <= 10_000, "{usage:?}");
        assert!((1..=10).contains(&usage.answers), "{usage:?}");
    }
}
