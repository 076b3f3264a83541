//! Liveness and readiness for load balancers and orchestrators.

use actix_web::{get, web, HttpResponse};
use application::health::service::Health;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::infra::error::{ApiError, ErrorBody};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(healthz).service(readyz);
}

/// What a probe found: `ok` (the process lives) or `ready` (and the database answers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum HealthStatus {
    Ok,
    Ready,
}

/// A health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    /// `ok` or `ready`.
    pub status: HealthStatus,
}

/// 200 while the process lives.
#[utoipa::path(
    tag = "operations",
    operation_id = "healthz",
    responses((status = 200, description = "The process is alive", body = HealthResponse))
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse { status: HealthStatus::Ok })
}

/// 200 only while PostgreSQL answers.
#[utoipa::path(
    tag = "operations",
    operation_id = "readyz",
    responses(
        (status = 200, description = "The database answers", body = HealthResponse),
        (status = 503, description = "The database does not answer", body = ErrorBody),
    )
)]
#[get("/readyz")]
pub async fn readyz(health: web::Data<Health>) -> Result<HttpResponse, ApiError> {
    if health.is_ready().await {
        Ok(HttpResponse::Ok().json(HealthResponse { status: HealthStatus::Ready }))
    } else {
        Err(ApiError::Unavailable("The database is not answering.".into()))
    }
}
