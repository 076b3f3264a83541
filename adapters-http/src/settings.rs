//! The shop's settings that shoppers read: the delivery charge.

use actix_web::{get, put, web, HttpResponse};
use application::settings::service::Settings;
use domain::cart::{DeliveryCharge, DeliveryChargeError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::AdminSession;
use crate::dto::whole_rupees;
use crate::error::{ApiError, ErrorBody};
use crate::forms::Money;
use crate::json::Json;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(get_delivery_charge).service(put_delivery_charge);
}

/// A new delivery charge.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryChargeBody {
    /// Rupees, 0 or more; a numeric string is accepted.
    #[serde(default)]
    #[schema(inline)]
    pub delivery_charge: Money,
}

/// The delivery charge.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryChargeResponse {
    /// Whole rupees charged for delivery unless every item has free delivery.
    pub delivery_charge: i32,
}

/// The delivery charge, read once when the cart loads.
#[utoipa::path(
    tag = "settings",
    operation_id = "getDeliveryCharge",
    responses(
        (status = 200, description = "The delivery charge", body = DeliveryChargeResponse),
        (status = 500, description = "The settings could not be read", body = ErrorBody),
    )
)]
#[get("/api/settings/delivery-charge")]
pub async fn get_delivery_charge(settings: web::Data<Settings>) -> Result<HttpResponse, ApiError> {
    let charge = settings.delivery_charge().await?;
    Ok(HttpResponse::Ok().json(DeliveryChargeResponse { delivery_charge: whole_rupees(charge) }))
}

/// Sets the delivery charge (admin).
#[utoipa::path(
    tag = "admin",
    operation_id = "setDeliveryCharge",
    request_body = DeliveryChargeBody,
    responses(
        (status = 200, description = "The delivery charge now in force", body = DeliveryChargeResponse),
        (status = 400, description = "Not a number of rupees, or negative", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "Another site's Origin", body = ErrorBody),
    )
)]
#[put("/api/settings/delivery-charge")]
pub async fn put_delivery_charge(
    _admin: AdminSession,
    settings: web::Data<Settings>,
    body: Json<DeliveryChargeBody>,
) -> Result<HttpResponse, ApiError> {
    let charge = body
        .delivery_charge
        .cloned_given()
        .ok_or(DeliveryChargeError)
        .and_then(DeliveryCharge::new)
        .map_err(|err| ApiError::invalid_field("deliveryCharge", err.to_string()))?;
    settings.set_delivery_charge(charge).await?;
    Ok(HttpResponse::Ok().json(DeliveryChargeResponse { delivery_charge: whole_rupees(charge.get()) }))
}
