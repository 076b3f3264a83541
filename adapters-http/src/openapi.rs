//! The OpenAPI document, built from the handlers' annotations. `openapi.yaml` at the repository root is its
//! committed copy (`app-server openapi`); a test fails when they differ.

use actix_web::{get, web, HttpResponse};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Phone accessory shop API",
        description = "The API of an online shop for phone accessories in Pakistan: prices in whole rupees, \
                       cash on delivery. Errors answer `{\"message\", \"errors\"?}`.",
        version = "0.1.0"
    ),
    paths(
        crate::catalog::list_products,
        crate::catalog::list_featured,
        crate::catalog::get_product,
        crate::catalog::search_products,
        crate::catalog::list_categories,
        crate::catalog::category_with_products,
        crate::catalog::increment_category_views,
        crate::coupons::apply_coupon,
        crate::settings::get_delivery_charge,
        crate::settings::put_delivery_charge,
        crate::accounts::sign_up,
        crate::accounts::log_in,
        crate::accounts::log_out,
        crate::accounts::me,
        crate::accounts::request_reset,
        crate::accounts::confirm_reset,
        crate::accounts::save_user,
        crate::accounts::google,
        crate::accounts::google_callback,
        crate::admin::login,
        crate::admin::logout,
        crate::admin::check,
        crate::admin_catalog::category_views,
        crate::admin_catalog::add_category,
        crate::admin_catalog::change_category,
        crate::admin_catalog::delete_category,
        crate::admin_products::products_by_category,
        crate::admin_products::upload_product,
        crate::admin_products::change_product,
        crate::admin_products::delete_product,
        crate::admin_products::toggle_featured,
        crate::admin_email::list_users,
        crate::admin_email::send_bulk_email,
        crate::admin_email::email_status,
        crate::coupons::list_coupons,
        crate::coupons::add_coupon,
        crate::coupons::toggle_coupon,
        crate::coupons::delete_coupon,
        crate::health::healthz,
        crate::health::readyz,
        openapi_document,
    ),
    tags(
        (name = "catalogue", description = "Products and categories"),
        (name = "cart", description = "Coupons applied from the cart"),
        (name = "settings", description = "Shop settings shoppers read"),
        (name = "accounts", description = "Customer sign-up, login and password reset"),
        (name = "admin", description = "The shop admin's session and management calls"),
        (name = "operations", description = "Health and the API description"),
    )
)]
struct ApiDoc;

/// The OpenAPI document as YAML.
///
/// # Panics
/// Never in practice: the document is built from static annotations.
#[must_use]
pub fn openapi_yaml() -> String {
    ApiDoc::openapi().to_yaml().expect("the OpenAPI document serialises")
}

/// The OpenAPI document as pretty JSON.
///
/// # Panics
/// Never in practice: the document is built from static annotations.
#[must_use]
pub fn openapi_json() -> String {
    ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises")
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(openapi_document);
}

/// This document.
#[utoipa::path(
    tag = "operations",
    operation_id = "openapiDocument",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json"))
)]
#[get("/api/openapi.json")]
pub async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(openapi_json())
}
