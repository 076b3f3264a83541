//! The OpenAPI document: its title and tags here, its paths collected from the handlers' annotations as
//! `server` registers them. `openapi.yaml` at the repository root is its committed copy (`app-server openapi`);
//! a test fails when they differ.

use actix_web::dev::{ServiceFactory, ServiceRequest};
use actix_web::web::Bytes;
use actix_web::{get, web, App, HttpResponse};
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::AppExt;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Phone accessory shop API",
        description = "The API of an online shop for phone accessories in Pakistan: prices in whole rupees, \
                       cash on delivery. Errors answer `{\"message\", \"errors\"?}`. A method a path does not \
                       take answers 405 with `Allow`; `HEAD` is answered wherever `GET` is; a request body that \
                       does not arrive in time answers 408.",
        version = "0.1.0"
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

/// Registers the services `register` adds on `app`, returning the app and the document of exactly those
/// services.
pub fn register<T>(app: App<T>, register: impl FnOnce(&mut ServiceConfig)) -> (App<T>, utoipa::openapi::OpenApi)
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    app.into_utoipa_app().openapi(ApiDoc::openapi()).configure(register).split_for_parts()
}

/// The served document, serialised once when the app is built.
pub struct Document(Bytes);

impl Document {
    /// # Panics
    /// Never in practice: the document is built from static annotations.
    #[must_use]
    pub fn new(document: &utoipa::openapi::OpenApi) -> Self {
        Self(document.to_pretty_json().expect("the OpenAPI document serialises").into())
    }
}

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(openapi_document);
}

/// This document.
#[utoipa::path(
    tag = "operations",
    operation_id = "openapiDocument",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json"))
)]
#[get("/api/openapi.json")]
pub async fn openapi_document(document: web::Data<Document>) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(document.0.clone())
}
