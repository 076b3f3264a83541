//! The shop's HTTP face: actix-web handlers that parse requests into domain values, call one use case and
//! render the answer, the JSON error shape of docs/contract.md §2, the OpenAPI document, and serving uploaded
//! media files and the single-page app.
//!
//! One folder per feature (`orders`, `reviews`, `cod`, ...), each with its wire types (`dto.rs`), its parsing
//! and its handlers, and one `configure` function; `dto` holds the wire pieces several features share;
//! `infra` the infrastructure every feature stands on (errors, request bodies and parameters, sessions,
//! caching, middleware, telemetry, uploads, media files, the OpenAPI document); `server` puts them together.

mod accounts;
mod addresses;
mod admin;
mod analytics;
mod blocklist;
mod catalog;
mod catalog_admin;
mod cod;
mod coupons;
mod courier;
mod dto;
mod infra;
mod mailing;
mod orders;
mod pages;
mod reviews;
mod server;
mod settings;
mod sitemap;
mod whatsapp;

pub use infra::cache::{CacheUsage, ResponseCache, MAX_CACHE_BYTES};
pub use infra::edges::BodyDeadline;
pub use infra::error::ApiError;
pub use infra::media::{MediaAddresses, MediaFiles};
pub use infra::session::{PublicOrigin, TrustedProxies};
pub use infra::telemetry::{request_id, serve_metrics, HttpMetrics, MetricsEndpoint, Refresh, REQUEST_ID};
pub use infra::uploads::UploadSlots;
pub use pages::{page_paths, page_titles, urdu_page_titles};
pub use server::{bind, openapi_yaml, serve, serve_floor, AppState, ServerConfig};
pub use whatsapp::WhatsAppWebhook;
