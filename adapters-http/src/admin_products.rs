//! The shop owner's product management: multipart upload and edit, delete, featured, products by category.

use std::collections::HashMap;

use actix_multipart::Multipart;
use actix_web::{delete, get, patch, post, put, web, HttpRequest, HttpResponse};
use application::catalog::admin::{
    CatalogAdmin, CheckedUpload, KeptMedia, MissingField, ProductAdminError, ProductForm,
};
use application::media::ports::MediaUpload;
use application::media::sniff::{sniff, UnsupportedMedia, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::product::{DiscountPercentError, PriceError, ProductTextError};
use futures_util::StreamExt as _;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::{AdminSession, MessageResponse};
use crate::dto::{PageQuery, ProductResponse};
use crate::error::{ApiError, ErrorBody};
use crate::forms::{Field, FormValue};

/// The largest whole upload: ten pictures or one video with room to spare.
pub const MAX_UPLOAD_BYTES: usize = 150 * 1024 * 1024;
/// At most this many files per product form.
const MAX_FILES: usize = 10;
/// The largest text field.
const MAX_TEXT_BYTES: usize = 64 * 1024;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(products_by_category)
        .service(upload_product)
        .service(change_product)
        .service(delete_product)
        .service(toggle_featured);
}

impl From<ProductAdminError> for ApiError {
    fn from(err: ProductAdminError) -> Self {
        let field = |name: &str| Self::invalid_field(name, err.to_string());
        match err {
            ProductAdminError::Missing(ref fields) => Self::BadRequest {
                message: err.to_string(),
                errors: Some(fields.iter().map(|f| (missing_field_name(*f).to_owned(), vec![f.to_string()])).collect()),
            },
            ProductAdminError::Text(ProductTextError::NameTooLong) => field("name"),
            ProductAdminError::Text(ProductTextError::DescriptionTooLong) => field("description"),
            ProductAdminError::CategoryNotFound => field("category"),
            ProductAdminError::Price(
                domain::product::PriceError::SaleNotPositive | domain::product::PriceError::SaleNotBelowPrice,
            ) => field("salePrice"),
            ProductAdminError::Price(_) => field("price"),
            ProductAdminError::Discount(_) => field("discountPercent"),
            ProductAdminError::Quantity => field("quantity"),
            ProductAdminError::VideoOnAdd => Self::UnsupportedMediaType(err.to_string()),
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

/// The product form, sent as multipart/form-data. Numbers are decimal text; booleans "true" or "false".
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
pub struct ProductFormBody {
    name: String,
    /// The category's id.
    category: String,
    /// Whole rupees (two decimals at most).
    price: String,
    /// Below the price; recomputes the discount. Empty for none.
    sale_price: Option<String>,
    /// 0 to 90; recomputes the sale price when no sale price is sent.
    discount_percent: Option<String>,
    description: String,
    color: Option<String>,
    /// Units on hand, 0 or more.
    quantity: String,
    featured: Option<String>,
    free_delivery: Option<String>,
    /// Pictures (JPEG, PNG, WebP, GIF; 10 MB each) and, when editing, MP4 or WebM videos (100 MB each).
    /// `media[]` is accepted too.
    #[schema(value_type = Vec<String>, format = Binary)]
    media: Vec<Vec<u8>>,
    /// When editing: the addresses of the current media to keep, in the order to show them. Without any
    /// `existingMedia` field every current medium is kept; a single `existingMedia` field with an empty value
    /// keeps none (multipart cannot send an empty list). Empty values are otherwise ignored.
    existing_media: Option<Vec<String>>,
}

/// A product after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductEnvelope {
    pub product: ProductResponse,
}

/// Whether a product is featured now.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeaturedResponse {
    pub featured: bool,
}

struct ParsedForm {
    fields: HashMap<String, String>,
    /// `None` when the form holds no `existingMedia` field.
    keep: Option<Vec<String>>,
    files: Vec<CheckedUpload>,
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The upload is too large: pictures up to 10 MB, videos up to 100 MB.".into())
}

fn bad_multipart(err: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!("The form could not be read: {err}"))
}

/// Reads the whole form, checking every file by its bytes and size as it arrives.
async fn read_form(req: &HttpRequest, payload: web::Payload) -> Result<ParsedForm, ApiError> {
    let declared =
        req.headers().get("content-length").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|length| length > MAX_UPLOAD_BYTES) {
        return Err(too_large());
    }
    let mut payload = Multipart::new(req.headers(), payload);
    let mut parsed = ParsedForm { fields: HashMap::new(), keep: None, files: Vec::new() };
    let mut total = 0usize;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(bad_multipart)?;
        let name = field.name().unwrap_or_default().trim_end_matches("[]").to_owned();
        let is_file = name == "media";
        let limit = if is_file { MAX_VIDEO_BYTES } else { MAX_TEXT_BYTES };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(bad_multipart)?;
            total += chunk.len();
            if bytes.len() + chunk.len() > limit || total > MAX_UPLOAD_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            if bytes.is_empty() {
                continue;
            }
            if parsed.files.len() == MAX_FILES {
                return Err(ApiError::invalid_field("media", "At most 10 files per product."));
            }
            let (kind, content_type) = sniff(&bytes)?;
            if kind == application::media::model::MediaKind::Image && bytes.len() > MAX_IMAGE_BYTES {
                return Err(too_large());
            }
            parsed
                .files
                .push(CheckedUpload { kind, upload: MediaUpload { bytes, content_type: content_type.to_owned() } });
        } else {
            let text =
                String::from_utf8(bytes).map_err(|_| ApiError::invalid_field(&name, "Text fields must be UTF-8."))?;
            if name == "existingMedia" {
                let keep = parsed.keep.get_or_insert_with(Vec::new);
                if !text.trim().is_empty() {
                    keep.push(text);
                }
            } else {
                parsed.fields.insert(name, text);
            }
        }
    }
    Ok(parsed)
}

impl ParsedForm {
    fn field<T: FormValue>(&self, name: &str) -> Field<T> {
        Field::from_text(self.fields.get(name).map(String::as_str))
    }

    fn product_form(&self) -> Result<ProductForm, ApiError> {
        let category = self.field::<CategoryId>("category").optional(|| ProductAdminError::CategoryNotFound)?;
        let money = |name: &str, err: PriceError| self.field::<Rupees>(name).optional(|| ProductAdminError::Price(err));
        let discount_percent = self
            .field::<i64>("discountPercent")
            .optional(|| DiscountPercentError)
            .and_then(|p| p.map(|p| u8::try_from(p).map_err(|_| DiscountPercentError)).transpose())
            .map_err(ProductAdminError::Discount)?;
        let quantity = self
            .field::<i64>("quantity")
            .optional(|| ProductAdminError::Quantity)?
            .map(|q| u32::try_from(q).map_err(|_| ProductAdminError::Quantity))
            .transpose()?;
        let flag = |name: &str| match self.fields.get(name).map(|v| v.trim()) {
            None | Some("" | "false" | "off" | "0") => Ok(false),
            Some("true" | "on" | "1") => Ok(true),
            Some(_) => Err(ApiError::invalid_field(name, format!("{name} must be true or false."))),
        };
        Ok(ProductForm {
            name: self.fields.get("name").cloned().unwrap_or_default(),
            category,
            price: money("price", PriceError::PriceNotPositive)?,
            sale_price: money("salePrice", PriceError::SaleNotPositive)?,
            discount_percent,
            description: self.fields.get("description").cloned().unwrap_or_default(),
            color: self.fields.get("color").cloned(),
            quantity,
            featured: flag("featured")?,
            free_delivery: flag("freeDelivery")?,
        })
    }
}

/// Adds a product with its pictures.
#[utoipa::path(
    tag = "admin",
    operation_id = "uploadProduct",
    request_body(content = ProductFormBody, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Created", body = ProductEnvelope),
        (status = 400, description = "A required field is missing or a value is out of range", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 413, description = "A file or the whole upload is too large", body = ErrorBody),
        (status = 415, description = "A file is not a picture (or, when editing, a video)", body = ErrorBody),
    )
)]
#[post("/api/products/upload")]
pub async fn upload_product(
    _admin: AdminSession,
    req: HttpRequest,
    admin: web::Data<CatalogAdmin>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let parsed = read_form(&req, payload).await?;
    let product = admin.add_product(parsed.product_form()?, parsed.files).await?;
    Ok(HttpResponse::Created().json(ProductEnvelope { product: product.into() }))
}

/// Replaces a product's fields and media.
#[utoipa::path(
    tag = "admin",
    operation_id = "changeProduct",
    params(("id" = String, Path, description = "The product's id")),
    request_body(content = ProductFormBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Changed", body = ProductEnvelope),
        (status = 400, description = "A required field is missing or a value is out of range", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No product has this id", body = ErrorBody),
        (status = 413, description = "A file or the whole upload is too large", body = ErrorBody),
        (status = 415, description = "A file is neither a picture nor a video", body = ErrorBody),
    )
)]
#[put("/api/products/{id}")]
pub async fn change_product(
    _admin: AdminSession,
    req: HttpRequest,
    admin: web::Data<CatalogAdmin>,
    id: web::Path<String>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id: ProductId = id.parse()?;
    let parsed = read_form(&req, payload).await?;
    let kept = parsed.keep.clone().map_or(KeptMedia::All, KeptMedia::Only);
    let product = admin.change_product(id, parsed.product_form()?, kept, parsed.files).await?;
    Ok(HttpResponse::Ok().json(ProductEnvelope { product: product.into() }))
}

/// Deletes a product and its media; orders keep their own copies.
#[utoipa::path(
    tag = "admin",
    operation_id = "deleteProduct",
    params(("id" = String, Path, description = "The product's id")),
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
    params(("id" = String, Path, description = "The product's id")),
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
    params(("id" = String, Path, description = "The category's id"), PageQuery),
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
    id: web::Path<String>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let products = admin.products_in(id.parse()?, query.page()?).await.map_err(|err| match err {
        ProductAdminError::CategoryNotFound => ApiError::NotFound("Category not found.".into()),
        other => other.into(),
    })?;
    Ok(HttpResponse::Ok().json(products.into_iter().map(ProductResponse::from).collect::<Vec<_>>()))
}
