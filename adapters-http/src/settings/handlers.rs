//! The handlers of the shop's settings: the delivery charge (read and set) and the limits on orders.

use actix_web::{get, put, web, HttpResponse};
use application::orders::service::Orders;
use application::settings::service::Settings;
use domain::cart::{DeliveryCharge, DeliveryChargeError};
use domain::order_limits::LimitId;

use super::dto::{DeliveryChargeBody, DeliveryChargeResponse, OrderLimitsResponse};
use crate::admin::AdminSession;
use crate::dto::{whole_rupees, wire_int};
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::json::Json;

/// The limits on orders a shopper's cart applies, read once when the cart or the checkout loads.
#[utoipa::path(
    tag = "settings",
    operation_id = "getOrderLimits",
    responses(
        (status = 200, description = "The limits in force", body = OrderLimitsResponse),
        (status = 500, description = "The settings could not be read", body = ErrorBody),
    )
)]
#[get("/api/settings/order-limits")]
pub async fn get_order_limits(orders: web::Data<Orders>) -> Result<HttpResponse, ApiError> {
    let units = orders.cod_settings().await?.limits().get(LimitId::UnitsPerProduct);
    Ok(HttpResponse::Ok().json(OrderLimitsResponse { units_per_product: wire_int(units) }))
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
