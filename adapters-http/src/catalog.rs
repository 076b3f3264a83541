//! The public catalogue: product lists, one product, categories.

use actix_web::{get, web, HttpResponse};
use application::catalog::{Catalog, ProductFilter};
use domain::ids::ProductId;

use crate::dto::{CategoryResponse, PageQuery, ProductResponse};
use crate::error::{ApiError, ErrorBody};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_products).service(list_featured).service(get_product).service(list_categories);
}

async fn products(catalog: &Catalog, filter: ProductFilter, query: &PageQuery) -> Result<HttpResponse, ApiError> {
    let list = catalog.list_products(filter, query.page()?).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ProductResponse::from).collect::<Vec<_>>()))
}

/// All products, newest first.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "listProducts",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of products", body = [ProductResponse]),
        (status = 400, description = "Bad paging parameters", body = ErrorBody),
    )
)]
#[get("/api/products")]
pub async fn list_products(
    catalog: web::Data<Catalog>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    products(&catalog, ProductFilter::All, &query).await
}

/// The featured products, newest first.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "listFeaturedProducts",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of featured products", body = [ProductResponse]),
        (status = 400, description = "Bad paging parameters", body = ErrorBody),
    )
)]
#[get("/api/products/featured")]
pub async fn list_featured(
    catalog: web::Data<Catalog>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    products(&catalog, ProductFilter::Featured, &query).await
}

/// One product.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "getProduct",
    params(("id" = String, Path, description = "The product's id")),
    responses(
        (status = 200, description = "The product", body = ProductResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 404, description = "No product has this id", body = ErrorBody),
    )
)]
#[get("/api/products/{id}")]
pub async fn get_product(catalog: web::Data<Catalog>, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id: ProductId = id.parse()?;
    let product = catalog.product(id).await?;
    Ok(HttpResponse::Ok().json(ProductResponse::from(product)))
}

/// The category tree as a flat list, parents before their children.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "listCategories",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of categories", body = [CategoryResponse]),
        (status = 400, description = "Bad paging parameters", body = ErrorBody),
    )
)]
#[get("/api/categories")]
pub async fn list_categories(
    catalog: web::Data<Catalog>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let list = catalog.categories(query.page()?).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(CategoryResponse::from).collect::<Vec<_>>()))
}
