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

/// A health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    /// `ok` or `ready`.
    pub status: String,
}

/// 200 while the process lives.
#[utoipa::path(
    tag = "operations",
    operation_id = "healthz",
    responses((status = 200, description = "The process is alive", body = HealthResponse))
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse { status: "ok".into() })
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
        Ok(HttpResponse::Ok().json(HealthResponse { status: "ready".into() }))
    } else {
        Err(ApiError::Unavailable("The database is not answering.".into()))
    }
}
