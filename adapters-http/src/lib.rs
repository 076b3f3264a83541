//! The shop's HTTP face: actix-web handlers that parse requests into domain values, call one use case and
//! render the answer, the JSON error shape of CONTRACT.md §2, the OpenAPI document, and serving uploaded
//! media files and the single-page app. One `configure` function per feature.

mod accounts;
mod admin;
mod admin_catalog;
mod admin_email;
mod admin_products;
mod analytics;
mod cache;
mod catalog;
mod cod;
mod connections;
mod coupons;
mod courier;
mod dto;
mod edges;
mod error;
mod forms;
mod health;
mod json;
mod media;
mod openapi;
mod orders;
mod pages;
mod reviews;
mod server;
mod session;
mod settings;
mod sitemap;
mod spa;
mod telemetry;
mod uploads;

pub use cache::{CacheUsage, ResponseCache, MAX_CACHE_BYTES};
pub use edges::BodyDeadline;
pub use error::ApiError;
pub use media::{MediaAddresses, MediaFiles};
pub use pages::{page_paths, page_titles};
pub use server::{bind, openapi_yaml, serve, serve_floor, AppState, ServerConfig};
pub use session::{PublicOrigin, TrustedProxies};
pub use telemetry::{request_id, serve_metrics, HttpMetrics, MetricsEndpoint, Refresh, REQUEST_ID};
pub use uploads::UploadSlots;
