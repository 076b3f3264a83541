//! What every feature stands on: the error shape, request bodies and parameters, sessions, the response
//! cache, the middleware at the edges, telemetry, uploads, media files, the OpenAPI document and the health
//! probes. Nothing here knows a feature.

pub mod cache;
pub mod connections;
pub mod edges;
pub mod error;
pub mod forms;
pub mod health;
pub mod json;
pub mod language;
pub mod media;
pub mod openapi;
pub mod query;
pub mod session;
pub mod telemetry;
pub mod translation;
pub mod uploads;
