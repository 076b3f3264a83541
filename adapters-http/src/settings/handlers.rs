//! The handlers of the shop's settings: the delivery charge (read and set), what a shopper needs to know
//! (the shop info: delivery charge, delivery time, WhatsApp number; read and set) and the limits on orders.

use actix_web::{get, put, web, HttpResponse};
use application::catalog::ports::CatalogChanges as _;
use application::orders::service::Orders;
use application::settings::service::{Settings, ShopInfo};
use domain::cart::{DeliveryCharge, DeliveryChargeError};
use domain::order_limits::LimitId;
use domain::shop_info::{DeliveryTime, WhatsAppNumber};

use super::dto::{DeliveryChargeBody, DeliveryChargeResponse, OrderLimitsResponse, ShopInfoBody, ShopInfoResponse};
use crate::admin::AdminSession;
use crate::dto::{whole_rupees, wire_int};
use crate::infra::cache::ResponseCache;
use crate::infra::error::{ApiError, ErrorBody, FieldErrors};
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
    cache: web::Data<ResponseCache>,
    body: Json<DeliveryChargeBody>,
) -> Result<HttpResponse, ApiError> {
    let charge = body
        .delivery_charge
        .cloned_given()
        .ok_or(DeliveryChargeError)
        .and_then(DeliveryCharge::new)
        .map_err(|err| ApiError::invalid_field("deliveryCharge", err.to_string()))?;
    settings.set_delivery_charge(charge).await?;
    // The pages show the charge in their shop info.
    cache.changed();
    Ok(HttpResponse::Ok().json(DeliveryChargeResponse { delivery_charge: whole_rupees(charge.get()) }))
}

fn shop_info_response(info: ShopInfo) -> ShopInfoResponse {
    ShopInfoResponse {
        delivery_charge: whole_rupees(info.delivery_charge),
        delivery_time: info.delivery_time.to_string(),
        whatsapp_link: info.whatsapp.as_ref().map(WhatsAppNumber::link),
        whatsapp_local: info.whatsapp.as_ref().map(WhatsAppNumber::local),
        whatsapp: info.whatsapp.map(|number| number.as_str().to_owned()),
    }
}

/// What a cash-on-delivery shopper needs to know: the delivery charge, how long delivery takes and the
/// shop's WhatsApp number (the pages carry it in their HTML; docs/decisions/0033).
#[utoipa::path(
    tag = "settings",
    operation_id = "getShopInfo",
    responses(
        (status = 200, description = "The shop info in force", body = ShopInfoResponse),
        (status = 500, description = "The settings could not be read", body = ErrorBody),
    )
)]
#[get("/api/settings/shop-info")]
pub async fn get_shop_info(settings: web::Data<Settings>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(shop_info_response(settings.shop_info().await?)))
}

/// Sets how long delivery takes and the shop's WhatsApp number (admin).
#[utoipa::path(
    tag = "admin",
    operation_id = "setShopInfo",
    request_body = ShopInfoBody,
    responses(
        (status = 200, description = "The shop info now in force", body = ShopInfoResponse),
        (status = 400, description = "A delivery time that is not one short line, or no Pakistani mobile number", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "Another site's Origin", body = ErrorBody),
    )
)]
#[put("/api/settings/shop-info")]
pub async fn put_shop_info(
    _admin: AdminSession,
    settings: web::Data<Settings>,
    cache: web::Data<ResponseCache>,
    body: Json<ShopInfoBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut errors = FieldErrors::new();
    let delivery_time = DeliveryTime::parse(body.delivery_time.as_deref().unwrap_or_default())
        .map_err(|err| errors.add("deliveryTime", err))
        .ok();
    let whatsapp = match body.whatsapp.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        None => Some(None),
        Some(typed) => WhatsAppNumber::parse(typed).map(Some).map_err(|err| errors.add("whatsapp", err)).ok(),
    };
    let (Some(delivery_time), Some(whatsapp)) = (delivery_time, whatsapp) else {
        return Err(errors.into_error());
    };
    settings.set_contact(delivery_time, whatsapp).await?;
    cache.changed();
    Ok(HttpResponse::Ok().json(shop_info_response(settings.shop_info().await?)))
}
