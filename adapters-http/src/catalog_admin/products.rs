//! The shop owner's product management: multipart upload and edit, delete, featured, products by category,
//! and the searched product list.

use actix_web::{delete, get, patch, post, put, web, HttpRequest, HttpResponse};
use application::catalog::admin::{CatalogAdmin, MissingField, ProductAdminError};
use application::catalog::model::{ProductQuery, StockFilter, MAX_PRODUCT_QUERY_CHARS};
use application::media::sniff::UnsupportedMedia;
use domain::ids::{CategoryId, ProductId};
use domain::product::ProductTextError;

use super::dto::{FeaturedResponse, ProductEnvelope};
use super::product_form::{product_form_of, read_form, ProductFormBody};
use crate::admin::AdminSession;
use crate::dto::catalog::ProductResponse;
use crate::dto::{CategoryIdPath, MessageResponse, PageQuery, ProductIdPath};
use crate::infra::error::{ApiError, ErrorBody, FieldErrors};
use crate::infra::media::MediaAddresses;
use crate::infra::uploads::UploadSlots;

impl From<ProductAdminError> for ApiError {
    fn from(err: ProductAdminError) -> Self {
        let field = |name: &str| Self::invalid_field(name, err.to_string());
        match err {
            ProductAdminError::Missing(ref fields) => fields
                .iter()
                .map(|f| (missing_field_name(*f), f.to_string()))
                .collect::<FieldErrors>()
                .into_error_with(err.to_string()),
            ProductAdminError::Text(ProductTextError::NameTooLong | ProductTextError::Name(_)) => field("name"),
            ProductAdminError::Text(ProductTextError::DescriptionTooLong | ProductTextError::Description(_)) => {
                field("description")
            }
            ProductAdminError::Text(ProductTextError::Color(_)) => field("color"),
            ProductAdminError::Text(ProductTextError::UrduNameTooLong | ProductTextError::UrduName(_)) => {
                field("nameUr")
            }
            ProductAdminError::Text(
                ProductTextError::UrduDescriptionTooLong | ProductTextError::UrduDescription(_),
            ) => field("descriptionUr"),
            ProductAdminError::CategoryNotFound => field("category"),
            ProductAdminError::Price(
                domain::product::PriceError::SaleNotPositive | domain::product::PriceError::SaleNotBelowPrice,
            ) => field("salePrice"),
            ProductAdminError::Price(_) => field("price"),
            ProductAdminError::Discount(_) => field("discountPercent"),
            ProductAdminError::Quantity => field("quantity"),
            ProductAdminError::VideoOnAdd | ProductAdminError::Picture(_) => {
                Self::UnsupportedMediaType(err.to_string())
            }
            ProductAdminError::ProductNotFound => Self::NotFound(err.to_string()),
            ProductAdminError::Media(source) => Self::Internal(Box::new(source)),
            ProductAdminError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<UnsupportedMedia> for ApiError {
    fn from(err: UnsupportedMedia) -> Self {
        match err {
            UnsupportedMedia::HeifPicture | UnsupportedMedia::Other => Self::UnsupportedMediaType(err.to_string()),
        }
    }
}

const fn missing_field_name(field: MissingField) -> &'static str {
    match field {
        MissingField::Name => "name",
        MissingField::Category => "category",
        MissingField::Price => "price",
        MissingField::Quantity => "quantity",
        MissingField::Description => "description",
    }
}

/// Adds a product with its pictures.
#[utoipa::path(
    tag = "admin",
    operation_id = "uploadProduct",
    request_body(content = ProductFormBody, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Created", body = ProductEnvelope),
        (status = 400, description = "A required field is missing, a value is out of range, or a text holds a control character", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 413, description = "A file or the whole upload (declared or sent, chunked too) is too large", body = ErrorBody),
        (status = 415, description = "A file is not a picture, or is a picture over 40 megapixels or one that does \
            not decode", body = ErrorBody),
        (status = 503, description = "The admin's upload slots are taken: 'Too many pictures are being uploaded right now. Please try again in a minute.'", body = ErrorBody),
    )
)]
#[post("/api/products/upload")]
pub async fn upload_product(
    req: HttpRequest,
    payload: web::Payload,
    admin: web::Data<CatalogAdmin>,
    media: web::Data<MediaAddresses>,
    slots: web::Data<UploadSlots>,
) -> Result<HttpResponse, ApiError> {
    let (upload, files, _slot) = product_form_of(&req, payload, &slots).await?;
    let (form, _) = read_form(&upload, &media)?;
    let product = admin.add_product(form, files).await?;
    Ok(HttpResponse::Created().json(ProductEnvelope { product: ProductResponse::new(product, &media) }))
}

/// Replaces a product's fields and media.
#[utoipa::path(
    tag = "admin",
    operation_id = "changeProduct",
    params(ProductIdPath),
    request_body(content = ProductFormBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Changed", body = ProductEnvelope),
        (status = 400, description = "A required field is missing, a value is out of range, or a text holds a control character", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No product has this id", body = ErrorBody),
        (status = 413, description = "A file or the whole upload (declared or sent, chunked too) is too large", body = ErrorBody),
        (status = 415, description = "A file is neither a picture nor a video, or is a picture over 40 megapixels or \
            one that does not decode", body = ErrorBody),
        (status = 503, description = "The admin's upload slots are taken: 'Too many pictures are being uploaded right now. Please try again in a minute.'", body = ErrorBody),
    )
)]
#[put("/api/products/{id}")]
pub async fn change_product(
    req: HttpRequest,
    payload: web::Payload,
    admin: web::Data<CatalogAdmin>,
    media: web::Data<MediaAddresses>,
    slots: web::Data<UploadSlots>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (upload, files, _slot) = product_form_of(&req, payload, &slots).await?;
    let id: ProductId = id.parse()?;
    let (form, kept) = read_form(&upload, &media)?;
    let product = admin.change_product(id, form, kept, files).await?;
    Ok(HttpResponse::Ok().json(ProductEnvelope { product: ProductResponse::new(product, &media) }))
}

/// Deletes a product and its media; orders keep their own copies.
#[utoipa::path(
    tag = "admin",
    operation_id = "deleteProduct",
    params(ProductIdPath),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No product has this id", body = ErrorBody),
    )
)]
#[delete("/api/products/{id}")]
pub async fn delete_product(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    admin.delete_product(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(MessageResponse { message: "Product deleted.".into() }))
}

/// Features a product on the home page, or stops featuring it.
#[utoipa::path(
    tag = "admin",
    operation_id = "toggleFeatured",
    params(ProductIdPath),
    responses(
        (status = 200, description = "Whether it is featured now", body = FeaturedResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No product has this id", body = ErrorBody),
    )
)]
#[patch("/api/products/toggle-featured/{id}")]
pub async fn toggle_featured(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let featured = admin.toggle_featured(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(FeaturedResponse { featured }))
}

/// The products directly in a category, newest first.
#[utoipa::path(
    tag = "admin",
    operation_id = "productsByCategory",
    params(CategoryIdPath, PageQuery),
    responses(
        (status = 200, description = "Products", body = [ProductResponse]),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No category has this id", body = ErrorBody),
    )
)]
#[get("/api/products/by-category/{id}")]
pub async fn products_by_category(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    media: web::Data<MediaAddresses>,
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let products = admin.products_in(id.parse()?, query.page()?).await.map_err(|err| match err {
        ProductAdminError::CategoryNotFound => ApiError::NotFound("Category not found.".into()),
        other => other.into(),
    })?;
    Ok(HttpResponse::Ok()
        .json(products.into_iter().map(|product| ProductResponse::new(product, &media)).collect::<Vec<_>>()))
}

/// The owner's search of the products: every part optional.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminProductsQuery {
    /// A piece of the name, any case, 1 to 100 characters once trimmed; blank means any name.
    pub q: Option<String>,
    /// Only products directly in this category (its id).
    pub category: Option<String>,
    /// `out` (none left), `low` (1 to 3 left, when the product page says 'Only N left!') or `all` (the default).
    pub stock: Option<String>,
    /// How many products at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many products to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

impl AdminProductsQuery {
    fn parsed(&self) -> Result<ProductQuery, ApiError> {
        let name = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(str::to_owned);
        if let Some(name) = &name {
            if name.chars().count() > MAX_PRODUCT_QUERY_CHARS || name.chars().any(char::is_control) {
                return Err(ApiError::invalid_field(
                    "q",
                    format!("q must be at most {MAX_PRODUCT_QUERY_CHARS} characters, without control characters."),
                ));
            }
        }
        let category = match self.category.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            None => None,
            Some(id) => Some(
                id.parse::<CategoryId>()
                    .map_err(|_| ApiError::invalid_field("category", "category must be a category's id."))?,
            ),
        };
        let stock = match self.stock.as_deref().map(str::trim).unwrap_or_default() {
            "" | "all" => StockFilter::Any,
            "out" => StockFilter::Out,
            "low" => StockFilter::Low,
            _ => return Err(ApiError::invalid_field("stock", "stock must be all, out or low.")),
        };
        Ok(ProductQuery { name, category, stock })
    }
}

/// A page of the owner's product list and how many products the search finds in all.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct AdminProductsResponse {
    pub products: Vec<ProductResponse>,
    pub total: i32,
}

/// The owner's product list, searched and paged by the server (it serves a shop of 10,000 products): by a
/// piece of the name, a category and stock, newest first, with the count of all it finds. Never cached.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminProducts",
    params(AdminProductsQuery),
    responses(
        (status = 200, description = "A page of the products found, and their count", body = AdminProductsResponse),
        (status = 400, description = "A bad `q` (over 100 characters or a control character), `category` (not an id), `stock` (not all, out or low), `limit` or `offset`", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/admin/products")]
pub async fn admin_products(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    media: web::Data<MediaAddresses>,
    query: web::Query<AdminProductsQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = crate::dto::page_of(query.limit, query.offset)?;
    let (products, total) = admin.find_products(query.parsed()?, page).await?;
    Ok(HttpResponse::Ok().json(AdminProductsResponse {
        products: products.into_iter().map(|product| ProductResponse::new(product, &media)).collect(),
        total: crate::dto::wire_int(total),
    }))
}
