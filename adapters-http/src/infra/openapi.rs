//! The OpenAPI document: its title and tags here, its paths collected from the handlers' annotations as
//! `server` registers them. `openapi.yaml` at the repository root is its committed copy (`app-server openapi`);
//! a test fails when they differ.

use actix_web::dev::{ServiceFactory, ServiceRequest};
use actix_web::web::Bytes;
use actix_web::{get, web, App, HttpResponse};
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::{Content, Ref, RefOr, ResponseBuilder};
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
    add_links(&mut document);
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
/// does not list that status already: a JSON body ([`crate::infra::json::Json`]) is refused with 415 when not sent
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

/// One OpenAPI link: from the answer `status` of operation `from`, the operation `to` may be called with
/// `parameters` (name, runtime expression) and, when given, a request body whose values may be expressions.
struct LinkSpec {
    from: &'static str,
    status: &'static str,
    name: &'static str,
    to: &'static str,
    parameters: &'static [(&'static str, &'static str)],
    body: Option<fn() -> serde_json::Value>,
}

const fn link(
    from: &'static str,
    status: &'static str,
    name: &'static str,
    to: &'static str,
    parameters: &'static [(&'static str, &'static str)],
) -> LinkSpec {
    LinkSpec { from, status, name, to, parameters, body: None }
}

/// An order moved on to the next status of docs/spec.md §4 (the body's `status` is filled in by the link).
const ORDER_APPROVE: LinkSpec =
    link("placeOrder", "201", "approve", "changeOrderStatus", &[("id", "$response.body#/order/_id")]);
const LISTED_ORDER_APPROVE: LinkSpec =
    link("adminOrders", "200", "approve", "changeOrderStatus", &[("id", "$response.body#/orders/0/_id")]);
const ORDER_DISPATCH: LinkSpec =
    link("changeOrderStatus", "200", "dispatch", "changeOrderStatus", &[("id", "$response.body#/order/_id")]);
const ORDER_DELIVER: LinkSpec =
    link("changeOrderStatus", "200", "deliver", "changeOrderStatus", &[("id", "$response.body#/order/_id")]);
const ORDER_RETURN: LinkSpec =
    link("changeOrderStatus", "200", "return", "changeOrderStatus", &[("id", "$response.body#/order/_id")]);

/// How the answers lead to further calls on the same resource, so a client (and schemathesis' stateful phase)
/// can walk them: an order placed → listed, read through its related orders, moved through its statuses,
/// given a tracking number, confirmed; a product made → read, changed, featured, deleted; a coupon, a
/// category, a blocklist entry and a review likewise. A 409 of checkout carries the server's figures
/// (`quote`), and placing the same cart again with them is how a shopper's retry succeeds.
const LINKS: &[LinkSpec] = &[
    // Orders.
    link("placeOrder", "201", "changeStatus", "changeOrderStatus", &[("id", "$response.body#/order/_id")]),
    link("placeOrder", "201", "setTracking", "setOrderTracking", &[("id", "$response.body#/order/_id")]),
    link("placeOrder", "201", "related", "relatedOrders", &[("id", "$response.body#/order/_id")]),
    link("placeOrder", "201", "confirm", "confirmOrder", &[("id", "$response.body#/order/_id")]),
    link("placeOrder", "201", "customerOrders", "customerOrdersApi", &[("uid", "$response.body#/order/userId")]),
    LinkSpec {
        from: "placeOrder",
        status: "409",
        name: "placeWithQuote",
        to: "placeOrder",
        parameters: &[],
        body: Some(|| {
            serde_json::json!({
                "userDetails": "$request.body#/userDetails",
                "cart": "$response.body#/quote/cart",
                "subtotal": "$response.body#/quote/subtotal",
                "deliveryCharge": "$response.body#/quote/deliveryCharge",
                "coupon": "$response.body#/quote/coupon",
                "couponDiscount": "$response.body#/quote/couponDiscount",
                "total": "$response.body#/quote/total",
            })
        }),
    },
    LinkSpec {
        from: "getProduct",
        status: "200",
        name: "order",
        to: "placeOrder",
        parameters: &[],
        // One unit with figures of 0: answered 409 with the server's figures, which `placeWithQuote` sends.
        body: Some(|| {
            serde_json::json!({
                "userDetails": {
                    "name": "Link Shopper", "phone1": "03001234567", "email": "shopper@example.com",
                    "address": "House 1, Street 2", "province": "Punjab", "city": "Lahore",
                },
                "cart": [{ "productId": "$response.body#/_id", "quantity": 1, "price": 0 }],
                "subtotal": 0, "deliveryCharge": 0, "couponDiscount": 0, "total": 0,
            })
        }),
    },
    link("adminOrders", "200", "changeStatus", "changeOrderStatus", &[("id", "$response.body#/orders/0/_id")]),
    link("adminOrders", "200", "setTracking", "setOrderTracking", &[("id", "$response.body#/orders/0/_id")]),
    link("adminOrders", "200", "related", "relatedOrders", &[("id", "$response.body#/orders/0/_id")]),
    LinkSpec { body: Some(|| serde_json::json!({ "status": "approved" })), ..ORDER_APPROVE },
    LinkSpec { body: Some(|| serde_json::json!({ "status": "approved" })), ..LISTED_ORDER_APPROVE },
    LinkSpec { body: Some(|| serde_json::json!({ "status": "dispatched" })), ..ORDER_DISPATCH },
    LinkSpec { body: Some(|| serde_json::json!({ "status": "delivered" })), ..ORDER_DELIVER },
    LinkSpec { body: Some(|| serde_json::json!({ "status": "returned" })), ..ORDER_RETURN },
    link("changeOrderStatus", "200", "changeStatus", "changeOrderStatus", &[("id", "$response.body#/order/_id")]),
    link("changeOrderStatus", "200", "setTracking", "setOrderTracking", &[("id", "$response.body#/order/_id")]),
    link("changeOrderStatus", "200", "related", "relatedOrders", &[("id", "$response.body#/order/_id")]),
    link("setOrderTracking", "200", "changeStatus", "changeOrderStatus", &[("id", "$response.body#/order/_id")]),
    link("me", "200", "orders", "customerOrdersApi", &[("uid", "$response.body#/uid")]),
    link("me", "200", "reviewedItems", "reviewedItems", &[("userId", "$response.body#/uid")]),
    // Products.
    link("uploadProduct", "201", "get", "getProduct", &[("id", "$response.body#/product/_id")]),
    link("uploadProduct", "201", "change", "changeProduct", &[("id", "$response.body#/product/_id")]),
    link("uploadProduct", "201", "toggleFeatured", "toggleFeatured", &[("id", "$response.body#/product/_id")]),
    link("uploadProduct", "201", "delete", "deleteProduct", &[("id", "$response.body#/product/_id")]),
    link("uploadProduct", "201", "reviews", "approvedReviews", &[("productId", "$response.body#/product/_id")]),
    link("changeProduct", "200", "get", "getProduct", &[("id", "$response.body#/product/_id")]),
    link("changeProduct", "200", "change", "changeProduct", &[("id", "$response.body#/product/_id")]),
    link("changeProduct", "200", "delete", "deleteProduct", &[("id", "$response.body#/product/_id")]),
    link("getProduct", "200", "change", "changeProduct", &[("id", "$response.body#/_id")]),
    link("getProduct", "200", "reviews", "approvedReviews", &[("productId", "$response.body#/_id")]),
    // Categories.
    // A category's page and views are read after a change, not straight from its creation: their paths
    // (`/api/categories/with-products/{id}`, docs/contract.md's) do not sit under `DELETE /api/categories/{id}`, so
    // schemathesis cannot tell that a 404 there followed the deletion of the category just made, and would
    // report the right answer as "created resource not found".
    link("addCategory", "201", "change", "changeCategory", &[("id", "$response.body#/category/_id")]),
    link("addCategory", "201", "products", "productsByCategory", &[("id", "$response.body#/category/_id")]),
    link("addCategory", "201", "delete", "deleteCategory", &[("id", "$response.body#/category/_id")]),
    link("changeCategory", "200", "get", "getCategoryWithProducts", &[("id", "$response.body#/category/_id")]),
    link("changeCategory", "200", "view", "incrementCategoryViews", &[("id", "$response.body#/category/_id")]),
    link("changeCategory", "200", "delete", "deleteCategory", &[("id", "$response.body#/category/_id")]),
    // Coupons.
    link("addCoupon", "201", "toggle", "toggleCoupon", &[("id", "$response.body#/coupon/_id")]),
    link("addCoupon", "201", "limits", "setCouponLimits", &[("id", "$response.body#/coupon/_id")]),
    link("addCoupon", "201", "delete", "deleteCoupon", &[("id", "$response.body#/coupon/_id")]),
    LinkSpec {
        from: "addCoupon",
        status: "201",
        name: "apply",
        to: "applyCoupon",
        parameters: &[],
        body: Some(|| serde_json::json!({ "code": "$response.body#/coupon/code" })),
    },
    link("listCoupons", "200", "toggle", "toggleCoupon", &[("id", "$response.body#/0/_id")]),
    link("listCoupons", "200", "limits", "setCouponLimits", &[("id", "$response.body#/0/_id")]),
    link("toggleCoupon", "200", "delete", "deleteCoupon", &[("id", "$response.body#/coupon/_id")]),
    // The blocklist of the COD checks.
    link("addToBlocklist", "201", "remove", "removeFromBlocklist", &[("id", "$response.body#/entry/_id")]),
    // Reviews.
    link("adminReviews", "200", "moderate", "moderateReview", &[("id", "$response.body#/0/_id")]),
    link("adminReviews", "200", "reply", "replyToReview", &[("id", "$response.body#/0/_id")]),
    link("adminReviews", "200", "delete", "deleteReview", &[("id", "$response.body#/0/_id")]),
    link("moderateReview", "200", "reply", "replyToReview", &[("id", "$response.body#/review/_id")]),
    link("moderateReview", "200", "delete", "deleteReview", &[("id", "$response.body#/review/_id")]),
];

/// Adds [`LINKS`] to the answers they start from.
///
/// # Panics
/// When a link names an operation or an answer the document lacks: a test builds the document, so a renamed
/// operation fails there rather than leaving a link that leads nowhere.
fn add_links(document: &mut utoipa::openapi::OpenApi) {
    let ids: Vec<String> = document
        .paths
        .paths
        .values()
        .flat_map(|item| [&item.get, &item.put, &item.post, &item.delete, &item.patch])
        .flatten()
        .filter_map(|operation| operation.operation_id.clone())
        .collect();
    for spec in LINKS {
        assert!(ids.iter().any(|id| id == spec.to), "link {} leads to unknown operation {}", spec.name, spec.to);
        let operation = document
            .paths
            .paths
            .values_mut()
            .flat_map(|item| [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch])
            .flatten()
            .find(|operation| operation.operation_id.as_deref() == Some(spec.from))
            .unwrap_or_else(|| panic!("link {} starts from unknown operation {}", spec.name, spec.from));
        let Some(RefOr::T(response)) = operation.responses.responses.get_mut(spec.status) else {
            panic!("operation {} has no answer {} for link {}", spec.from, spec.status, spec.name);
        };
        // utoipa 5.5 writes `Link`'s `operation_id` and `request_body` under those snake_case names, which
        // OpenAPI (`operationId`, `requestBody`) and every tool reading it ignore, and a link's extension map is
        // a `HashMap` (its order changes from run to run). So the answer's `links` are written as one JSON
        // value in the answer's extension map (written flattened into the answer object, and its only entry),
        // whose order is the order built here.
        let mut link = serde_json::Map::new();
        link.insert("operationId".to_owned(), spec.to.into());
        if !spec.parameters.is_empty() {
            let parameters: serde_json::Map<String, serde_json::Value> =
                spec.parameters.iter().map(|(name, expression)| ((*name).to_owned(), (*expression).into())).collect();
            link.insert("parameters".to_owned(), parameters.into());
        }
        if let Some(body) = spec.body {
            link.insert("requestBody".to_owned(), body());
            // schemathesis' own extension: send the body as the link gives it instead of merging it into a
            // generated one (whose extra cart lines or fields would make every such call a 400).
            link.insert("x-schemathesis".to_owned(), serde_json::json!({ "merge_body": false }));
        }
        let links = response
            .extensions
            .get_or_insert_with(Extensions::default)
            .entry("links".to_owned())
            .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
        if let serde_json::Value::Object(links) = links {
            links.insert(spec.name.to_owned(), link.into());
        }
    }
}

/// The served document, serialised once when the app is built.
pub struct Document(Bytes);

impl Document {
    /// # Errors
    /// When the document does not serialise (it is built from static annotations, so a bug of one).
    pub fn new(document: &utoipa::openapi::OpenApi) -> Result<Self, serde_json::Error> {
        Ok(Self(document.to_pretty_json()?.into()))
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
