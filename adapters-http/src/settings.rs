//! The shop's settings that shoppers read: the delivery charge.

use actix_web::{get, web, HttpResponse};
use application::settings::Settings;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_delivery_charge);
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
    let delivery_charge = i32::try_from(charge.round_to_whole()).unwrap_or(i32::MAX);
    Ok(HttpResponse::Ok().json(DeliveryChargeResponse { delivery_charge }))
}
