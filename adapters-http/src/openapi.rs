//! The OpenAPI document: its title and tags here, its paths collected from the handlers' annotations as
//! `server` registers them. `openapi.yaml` at the repository root is its committed copy (`app-server openapi`);
//! a test fails when they differ.

use actix_web::dev::{ServiceFactory, ServiceRequest};
use actix_web::web::Bytes;
use actix_web::{get, web, App, HttpResponse};
use utoipa::openapi::{Content, Ref, ResponseBuilder};
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
        (name = "orders", description = "Checkout and a customer's orders"),
        (name = "reviews", description = "Reviews by verified buyers: the e-mailed link, My Orders, approved reviews"),
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
    let (app, mut document) = app.into_utoipa_app().openapi(ApiDoc::openapi()).configure(register).split_for_parts();
    drop_inferred_duplicates(&mut document);
    document_extractor_statuses(&mut document);
    (app, document)
}

/// utoipa-actix-web adds a bare parameter for each `web::Path` argument besides the one the annotation
/// documents (a struct's `IntoParams` ones are not merged with it); the annotated one, listed first, stays.
fn drop_inferred_duplicates(document: &mut utoipa::openapi::OpenApi) {
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for parameters in operations.into_iter().flatten().filter_map(|operation| operation.parameters.as_mut()) {
            let mut seen = Vec::new();
            parameters.retain(|parameter| {
                let key = (parameter.name.clone(), parameter.parameter_in.clone());
                let first = !seen.contains(&key);
                seen.push(key);
                first
            });
        }
    }
}

/// Adds the answers of the shared extractors to every operation that uses them, where its own annotation
/// does not list that status already: a JSON body ([`crate::json::Json`]) is refused with 415 when not sent
/// as JSON, 413 when too large and 400 when it does not parse; query and path parameters that do not parse
/// are a 400 (the `QueryConfig` and `PathConfig` error handlers of `server`).
fn document_extractor_statuses(document: &mut utoipa::openapi::OpenApi) {
    let refusal = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
            .build()
    };
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let json_body =
                operation.request_body.as_ref().is_some_and(|body| body.content.contains_key("application/json"));
            let parameters = operation.parameters.as_ref().is_some_and(|list| !list.is_empty());
            let responses = &mut operation.responses.responses;
            let mut add = |status: &str, description: &str| {
                if !responses.contains_key(status) {
                    responses.insert(status.to_owned(), refusal(description).into());
                }
            };
            if json_body {
                add("400", "The body is not a JSON object of this call's fields");
                add("413", "The body is over 64 KiB");
                add("415", "The body is not sent as application/json");
            }
            if parameters {
                add("400", "A parameter is malformed or out of range");
            }
        }
    }
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
