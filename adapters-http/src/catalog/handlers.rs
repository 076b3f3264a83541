//! The handlers of the public catalogue: product lists, search, one product, categories and a category's
//! page and views. Answers come from the answer cache, which the catalogue's use cases keep current.

use actix_web::web::Bytes;
use actix_web::{get, put, web, HttpRequest, HttpResponse};
use application::catalog::browse::Catalog;
use application::catalog::model::ProductFilter;
use application::catalog::views::CategoryViews;
use domain::ids::{CategoryId, ProductId};

use super::dto::{CategoryPageResponse, ViewsResponse};
use super::parse::{ProductSearch, SearchQuery};
use crate::dto::catalog::{CategoryResponse, ProductResponse};
use crate::dto::{wire_int, CategoryIdPath, PageQuery, ProductIdPath};
use crate::infra::cache::ResponseCache;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::media::MediaAddresses;
use crate::infra::query::TypedQuery;
use crate::infra::session::client_address;

/// Products matching the terms in name, category or description, best first; forgives one typo.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "searchProducts",
    params(SearchQuery),
    responses(
        (status = 200, description = "Matching products, best first", body = [ProductResponse]),
        (status = 400, description = "No terms, terms over 100 characters or bad paging", body = ErrorBody),
    )
)]
#[get("/api/products/search")]
pub async fn search_products(
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    media: web::Data<MediaAddresses>,
    query: TypedQuery<ProductSearch>,
) -> Result<HttpResponse, ApiError> {
    let ProductSearch { terms, page } = query.parsed()?;
    cache
        .json(format!("search:{}:{}:{}", terms.as_str(), page.limit(), page.offset()), || async {
            let list = catalog.search(&terms, page).await?;
            Ok(list.into_iter().map(|product| ProductResponse::new(product, &media)).collect::<Vec<_>>())
        })
        .await
}

/// A category with its products and its children's products.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "getCategoryWithProducts",
    params(CategoryIdPath),
    responses(
        (status = 200, description = "The category page", body = CategoryPageResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 404, description = "No category has this id", body = ErrorBody),
    )
)]
#[get("/api/categories/with-products/{id}")]
pub async fn category_with_products(
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    media: web::Data<MediaAddresses>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: CategoryId = id.parse()?;
    let json = category_page_json(&cache, &catalog, &media, id).await?;
    Ok(HttpResponse::Ok().content_type("application/json").body(json))
}

/// The category page's answer as `GET /api/categories/with-products/{id}` sends it, from the answer cache.
pub async fn category_page_json(
    cache: &ResponseCache,
    catalog: &Catalog,
    media: &MediaAddresses,
    id: CategoryId,
) -> Result<Bytes, ApiError> {
    cache
        .json_bytes(format!("category:{id}"), || async {
            Ok(CategoryPageResponse::new(catalog.category_page(id).await?, media))
        })
        .await
}

/// Counts a view of a category page (the browser sends it once per category); a client's further views of
/// the category within the hour add nothing (docs/security.md).
#[utoipa::path(
    tag = "catalogue",
    operation_id = "incrementCategoryViews",
    params(CategoryIdPath),
    responses(
        (status = 200, description = "Counted, or a repeat of this client's view within the hour that adds \
            nothing; the count as this instance knows it (written to the database within a second, so other \
            instances may lag by as much)", body = ViewsResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 404, description = "No category has this id", body = ErrorBody),
    )
)]
#[put("/api/categories/increment-view/{id}")]
pub async fn increment_category_views(
    req: HttpRequest,
    views: web::Data<CategoryViews>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: CategoryId = id.parse()?;
    let views = views.count(id, &client_address(&req)).await?;
    Ok(HttpResponse::Ok().json(ViewsResponse { views: wire_int(views) }))
}

/// A list of products, cached under the list's name and the parsed page.
async fn products(
    list: &str,
    cache: &ResponseCache,
    catalog: &Catalog,
    media: &MediaAddresses,
    filter: ProductFilter,
    query: &PageQuery,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    cache
        .json(format!("{list}:{}:{}", page.limit(), page.offset()), || async {
            let list = catalog.list_products(filter, page).await?;
            Ok(list.into_iter().map(|product| ProductResponse::new(product, media)).collect::<Vec<_>>())
        })
        .await
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
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    media: web::Data<MediaAddresses>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    products("products", &cache, &catalog, &media, ProductFilter::All, &query).await
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
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    media: web::Data<MediaAddresses>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    products("featured", &cache, &catalog, &media, ProductFilter::Featured, &query).await
}

/// One product.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "getProduct",
    params(ProductIdPath),
    responses(
        (status = 200, description = "The product", body = ProductResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 404, description = "No product has this id", body = ErrorBody),
    )
)]
#[get("/api/products/{id}")]
pub async fn get_product(
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    media: web::Data<MediaAddresses>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: ProductId = id.parse()?;
    Ok(HttpResponse::Ok().content_type("application/json").body(product_json(&cache, &catalog, &media, id).await?))
}

/// The product's answer as `GET /api/products/{id}` sends it, from the answer cache: the product page's data
/// block holds these very bytes.
pub async fn product_json(
    cache: &ResponseCache,
    catalog: &Catalog,
    media: &MediaAddresses,
    id: ProductId,
) -> Result<Bytes, ApiError> {
    cache
        .json_bytes(crate::infra::cache::product_key(id), || async {
            Ok(ProductResponse::new(catalog.product(id).await?, media))
        })
        .await
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
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    cache
        .json(format!("categories:{}:{}", page.limit(), page.offset()), || async {
            let list = catalog.categories(page).await?;
            Ok(list.into_iter().map(CategoryResponse::from).collect::<Vec<_>>())
        })
        .await
}
