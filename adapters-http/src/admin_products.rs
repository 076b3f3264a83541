//! The shop owner's product management: multipart upload and edit, delete, featured, products by category.

use actix_multipart::form::bytes::Bytes;
use actix_multipart::form::text::{Text, TextConfig, TextError};
use actix_multipart::form::{MultipartCollect, MultipartForm, MultipartFormConfig};
use actix_multipart::MultipartError;
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::{delete, get, patch, post, put, web, FromRequest, HttpRequest, HttpResponse};
use application::catalog::admin::{
    CatalogAdmin, CheckedUpload, KeptMedia, MissingField, ProductAdminError, ProductForm,
};
use application::media::model::MediaKind;
use application::media::ports::MediaUpload;
use application::media::sniff::{sniff, UnsupportedMedia, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::product::{DiscountPercentError, PriceError, ProductTextError};
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::{AdminSession, MessageResponse};
use crate::dto::{CategoryIdPath, PageQuery, ProductIdPath, ProductResponse};
use crate::error::{ApiError, ErrorBody};
use crate::forms::{Field, FormValue};
use crate::media::MediaAddresses;

/// The largest whole upload: ten pictures or one video with room to spare. The `media` limits of
/// [`ProductFormBody`] say the same in words.
pub const MAX_UPLOAD_BYTES: usize = 150 * 1024 * 1024;
/// At most this many files per product form.
const MAX_FILES: usize = 10;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.app_data(product_form_config())
        // Text fields are read whatever Content-Type their part declares, as browsers and clients differ.
        .app_data(TextConfig::default().validate_content_type(false))
        .service(products_by_category)
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
            ProductAdminError::Text(ProductTextError::NameTooLong | ProductTextError::Name(_)) => field("name"),
            ProductAdminError::Text(ProductTextError::DescriptionTooLong | ProductTextError::Description(_)) => {
                field("description")
            }
            ProductAdminError::Text(ProductTextError::Color(_)) => field("color"),
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

/// The product form, sent as multipart/form-data. Numbers are decimal text; booleans "true" or "false"; an
/// empty text counts as absent, and of a text field sent twice the last counts. Each text field holds at most
/// 64 KiB, and the whole form at most 150 MiB.
#[derive(Debug, MultipartForm, ToSchema)]
#[multipart(duplicate_field = "replace")]
pub struct ProductFormBody {
    /// One line without control characters.
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = String, required)]
    name: Option<Text<String>>,
    /// The category's id.
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = String, required)]
    category: Option<Text<String>>,
    /// Whole rupees (two decimals at most).
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = String, required)]
    price: Option<Text<String>>,
    /// Below the price; recomputes the discount. Empty for none.
    #[multipart(rename = "salePrice", limit = "64 KiB")]
    #[schema(rename = "salePrice", value_type = Option<String>)]
    sale_price: Option<Text<String>>,
    /// 0 to 90; recomputes the sale price when no sale price is sent.
    #[multipart(rename = "discountPercent", limit = "64 KiB")]
    #[schema(rename = "discountPercent", value_type = Option<String>)]
    discount_percent: Option<Text<String>>,
    /// Line breaks and tabs are kept; other control characters are refused.
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = String, required)]
    description: Option<Text<String>>,
    /// One line without control characters; empty for none.
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = Option<String>)]
    color: Option<Text<String>>,
    /// Units on hand, 0 or more.
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = String, required)]
    quantity: Option<Text<String>>,
    /// "true" or "false" ("on"/"off" and "1"/"0" too); absent or empty is false.
    #[multipart(limit = "64 KiB")]
    #[schema(value_type = Option<String>)]
    featured: Option<Text<String>>,
    /// "true" or "false" ("on"/"off" and "1"/"0" too); absent or empty is false.
    #[multipart(rename = "freeDelivery", limit = "64 KiB")]
    #[schema(rename = "freeDelivery", value_type = Option<String>)]
    free_delivery: Option<Text<String>>,
    /// Files, each a part of its own under this name: pictures (JPEG, PNG, WebP, GIF; 10 MB and 40 megapixels
    /// each) and, when editing, MP4 or WebM videos (100 MB each); at most 10. Empty parts are skipped.
    #[multipart(limit = "150 MiB")]
    #[schema(value_type = Vec<Value>)]
    media: Vec<Bytes>,
    /// More files, as under `media` (which come first).
    #[multipart(rename = "media[]", limit = "150 MiB")]
    #[schema(rename = "media[]", value_type = Vec<Value>, required = false)]
    media_listed: Vec<Bytes>,
    /// When editing: the addresses of the current media to keep, in the order to show them. Without any
    /// `existingMedia` field every current medium is kept; a single `existingMedia` field with an empty value
    /// keeps none (multipart cannot send an empty list). Empty values are otherwise ignored.
    #[multipart(rename = "existingMedia", limit = "64 KiB")]
    #[schema(rename = "existingMedia", value_type = Option<Vec<String>>)]
    existing_media: Option<Vec<Text<String>>>,
    /// More addresses to keep, as under `existingMedia` (which come first).
    #[multipart(rename = "existingMedia[]", limit = "64 KiB")]
    #[schema(rename = "existingMedia[]", value_type = Option<Vec<String>>)]
    existing_media_listed: Option<Vec<Text<String>>>,
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

pub(crate) fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The upload is too large: pictures up to 10 MB, videos up to 100 MB.".into())
}

fn bad_multipart(err: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!("The form could not be read: {err}"))
}

/// Whole-form limits for [`ProductFormBody`] (the per-field ones are on its fields), and its errors as the
/// contract's JSON: 413 when a limit is passed, 400 for anything else that cannot be read.
fn product_form_config() -> MultipartFormConfig {
    MultipartFormConfig::default()
        .total_limit(MAX_UPLOAD_BYTES)
        .memory_limit(MAX_UPLOAD_BYTES)
        .error_handler(|err, _req| form_error(&err).into())
}

/// The failure of the request body's stream behind `err`, when reading the body is what failed.
fn payload_error(err: &MultipartError) -> Option<&PayloadError> {
    match err {
        MultipartError::Payload(payload) => Some(payload),
        MultipartError::Field { source, .. } => match source.as_error::<MultipartError>() {
            Some(MultipartError::Payload(payload)) => Some(payload),
            _ => None,
        },
        _ => None,
    }
}

pub(crate) fn form_error(err: &MultipartError) -> ApiError {
    match payload_error(err) {
        Some(PayloadError::Overflow) => return too_large(),
        Some(payload) => return payload.into(),
        None => {}
    }
    match err {
        MultipartError::Field { name, source }
            if matches!(source.as_error::<TextError>(), Some(TextError::Utf8Error(_))) =>
        {
            ApiError::invalid_field(name.trim_end_matches("[]"), "Text fields must be UTF-8.")
        }
        other => bad_multipart(other),
    }
}

/// A multipart form from the signed-in admin. A handler's extractors are polled together, so a form extractor
/// beside [`AdminSession`] would start reading the body (and could answer 400) before the session is known.
/// This one checks the session first, then answers 413 at once when the declared length is above
/// [`MAX_UPLOAD_BYTES`], and only then reads the form.
pub struct AdminUpload<T>(pub T);

impl<T: MultipartCollect + 'static> FromRequest for AdminUpload<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let mut payload = payload.take();
        Box::pin(async move {
            AdminSession::extract(&req).await?;
            let declared =
                req.headers().get("content-length").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|length| length > MAX_UPLOAD_BYTES) {
                return Err(too_large().into());
            }
            let MultipartForm(form) = MultipartForm::<T>::from_request(&req, &mut payload).await.map_err(|err| {
                // A request that is not multipart/form-data is refused before the config's error handler
                // is in place, as a bare MultipartError.
                match err.as_error::<MultipartError>() {
                    Some(refused) => form_error(refused).into(),
                    None => err,
                }
            })?;
            Ok(Self(form))
        })
    }
}

fn text(field: Option<&Text<String>>) -> Option<&str> {
    field.map(|text| text.as_str())
}

impl ProductFormBody {
    /// The form in the use cases' terms: its fields, the media to keep and the new files, each checked by
    /// its bytes.
    /// The addresses to keep may be sent as given out (under the media base URL): they are kept as stored.
    fn read(mut self, addresses: &MediaAddresses) -> Result<(ProductForm, KeptMedia, Vec<CheckedUpload>), ApiError> {
        let media = std::mem::take(&mut self.media);
        let files = checked_files(media.into_iter().chain(std::mem::take(&mut self.media_listed)))?;
        let form = product_form(&self)?;
        let kept = match (self.existing_media, self.existing_media_listed) {
            (None, None) => KeptMedia::All,
            (first, more) => KeptMedia::Only(
                first
                    .into_iter()
                    .chain(more)
                    .flatten()
                    .map(Text::into_inner)
                    .filter(|url| !url.trim().is_empty())
                    .map(|url| addresses.stored(&url).to_owned())
                    .collect(),
            ),
        };
        Ok((form, kept, files))
    }
}

fn checked_files(media: impl Iterator<Item = Bytes>) -> Result<Vec<CheckedUpload>, ApiError> {
    let mut files = Vec::new();
    for file in media.filter(|file| !file.data.is_empty()) {
        if file.data.len() > MAX_VIDEO_BYTES {
            return Err(too_large());
        }
        if files.len() == MAX_FILES {
            return Err(ApiError::invalid_field("media", "At most 10 files per product."));
        }
        let (kind, content_type) = sniff(&file.data)?;
        if kind == MediaKind::Image && file.data.len() > MAX_IMAGE_BYTES {
            return Err(too_large());
        }
        files.push(CheckedUpload {
            kind,
            upload: MediaUpload { bytes: Vec::from(file.data), content_type: content_type.to_owned() },
        });
    }
    Ok(files)
}

fn product_form(body: &ProductFormBody) -> Result<ProductForm, ApiError> {
    fn field<T: FormValue>(text_field: Option<&Text<String>>) -> Field<T> {
        Field::from_text(text(text_field))
    }
    let category = field::<CategoryId>(body.category.as_ref()).optional(|| ProductAdminError::CategoryNotFound)?;
    let money = |value: Option<&Text<String>>, err: PriceError| {
        field::<Rupees>(value).optional(|| ProductAdminError::Price(err))
    };
    let discount_percent = field::<i64>(body.discount_percent.as_ref())
        .optional(|| DiscountPercentError)
        .and_then(|p| p.map(|p| u8::try_from(p).map_err(|_| DiscountPercentError)).transpose())
        .map_err(ProductAdminError::Discount)?;
    let quantity = field::<i64>(body.quantity.as_ref())
        .optional(|| ProductAdminError::Quantity)?
        .map(|q| u32::try_from(q).map_err(|_| ProductAdminError::Quantity))
        .transpose()?;
    let flag = |name: &str, value: Option<&Text<String>>| match text(value).map(str::trim) {
        None | Some("" | "false" | "off" | "0") => Ok(false),
        Some("true" | "on" | "1") => Ok(true),
        Some(_) => Err(ApiError::invalid_field(name, format!("{name} must be true or false."))),
    };
    let owned = |value: Option<&Text<String>>| text(value).map(str::to_owned);
    Ok(ProductForm {
        name: owned(body.name.as_ref()).unwrap_or_default(),
        category,
        price: money(body.price.as_ref(), PriceError::PriceNotPositive)?,
        sale_price: money(body.sale_price.as_ref(), PriceError::SaleNotPositive)?,
        discount_percent,
        description: owned(body.description.as_ref()).unwrap_or_default(),
        color: owned(body.color.as_ref()),
        quantity,
        featured: flag("featured", body.featured.as_ref())?,
        free_delivery: flag("freeDelivery", body.free_delivery.as_ref())?,
    })
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
        (status = 413, description = "A file or the whole upload is too large", body = ErrorBody),
        (status = 415, description = "A file is not a picture, or is a picture over 40 megapixels or one that does \
            not decode", body = ErrorBody),
    )
)]
#[post("/api/products/upload")]
pub async fn upload_product(
    upload: AdminUpload<ProductFormBody>,
    admin: web::Data<CatalogAdmin>,
    media: web::Data<MediaAddresses>,
) -> Result<HttpResponse, ApiError> {
    let (form, _, files) = upload.0.read(&media)?;
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
        (status = 413, description = "A file or the whole upload is too large", body = ErrorBody),
        (status = 415, description = "A file is neither a picture nor a video, or is a picture over 40 megapixels or \
            one that does not decode", body = ErrorBody),
    )
)]
#[put("/api/products/{id}")]
pub async fn change_product(
    upload: AdminUpload<ProductFormBody>,
    admin: web::Data<CatalogAdmin>,
    media: web::Data<MediaAddresses>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: ProductId = id.parse()?;
    let (form, kept, files) = upload.0.read(&media)?;
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

#[cfg(test)]
mod tests {
    use utoipa::openapi::{RefOr, Schema};
    use utoipa::PartialSchema as _;

    use super::*;

    #[test]
    fn every_documented_form_field_is_read_under_the_same_name_with_its_limit() {
        let RefOr::T(Schema::Object(schema)) = ProductFormBody::schema() else { panic!("an object schema") };

        let limits: Vec<(&str, Option<usize>)> =
            schema.properties.keys().map(|name| (name.as_str(), ProductFormBody::limit(name))).collect();

        let text = Some(64 * 1024);
        let files = Some(MAX_UPLOAD_BYTES);
        assert_eq!(
            limits,
            [
                ("name", text),
                ("category", text),
                ("price", text),
                ("salePrice", text),
                ("discountPercent", text),
                ("description", text),
                ("color", text),
                ("quantity", text),
                ("featured", text),
                ("freeDelivery", text),
                ("media", files),
                ("media[]", files),
                ("existingMedia", text),
                ("existingMedia[]", text),
            ]
        );
    }

    #[test]
    fn a_form_past_a_limit_is_413_and_a_field_that_is_not_text_names_itself() {
        let latin1 = vec![0x43, 0x61, 0xff, 0x65];
        let overflow = form_error(&MultipartError::Payload(PayloadError::Overflow));
        let not_utf8 = form_error(&MultipartError::Field {
            name: "existingMedia[]".into(),
            source: TextError::Utf8Error(std::str::from_utf8(&latin1).unwrap_err()).into(),
        });
        let not_multipart = form_error(&MultipartError::ContentTypeIncompatible);

        assert!(matches!(overflow, ApiError::PayloadTooLarge(_)));
        assert_eq!(not_utf8.to_string(), "Text fields must be UTF-8.");
        assert!(
            matches!(not_utf8, ApiError::BadRequest { errors: Some(ref errors), .. } if errors.contains_key("existingMedia"))
        );
        assert_eq!(
            not_multipart.to_string(),
            "The form could not be read: Parsed Content-Type did not have 'multipart' top-level media type"
        );
    }
}
