//! The admin's product form, read part by part as it arrives (`infra::uploads`): its limits and fields, its
//! files judged by their first bytes and written to files under an upload slot, and its fields in the use
//! cases' terms.

use actix_web::{web, FromRequest as _, HttpRequest};
use application::catalog::admin::{CheckedUpload, KeptMedia, ProductAdminError, ProductForm};
use application::media::model::MediaKind;
use application::media::ports::{MediaUpload, UploadContent};
use application::media::sniff::{sniff, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES};
use domain::ids::CategoryId;
use domain::money::Rupees;
use domain::product::{DiscountPercentError, PriceError};
use utoipa::ToSchema;

use crate::admin::AdminSession;
use crate::infra::error::ApiError;
use crate::infra::forms::{Field, FormValue};
use crate::infra::media::MediaAddresses;
use crate::infra::uploads::{FormFields, FormLimits, FormReader, FormRefusals, UploadSlots};

/// The largest whole upload: ten pictures or one video with room to spare ([`ProductFormBody`]'s
/// description says the same in words).
pub const MAX_UPLOAD_BYTES: usize = 150 * 1024 * 1024;
/// At most this many files per product form.
const MAX_FILES: usize = 10;

/// What the product form may hold (files count in the total only).
pub const PRODUCT_FORM: FormLimits = FormLimits {
    total: MAX_UPLOAD_BYTES as u64,
    before_files: MAX_UPLOAD_BYTES as u64,
    text_field: 64 * 1024,
    texts: 1024 * 1024,
    files: MAX_FILES,
};

/// The fields of [`ProductFormBody`]; text fields are read whatever Content-Type their part declares, as
/// browsers and clients differ.
pub const PRODUCT_FIELDS: FormFields = FormFields {
    texts: &[
        "name",
        "category",
        "price",
        "salePrice",
        "discountPercent",
        "description",
        "nameUr",
        "descriptionUr",
        "color",
        "quantity",
        "featured",
        "freeDelivery",
        "existingMedia",
        "existingMedia[]",
    ],
    files: &["media", "media[]"],
};

pub const PRODUCT_REFUSALS: FormRefusals = FormRefusals { too_large, file_too_large: too_large, too_many_files };

fn too_many_files() -> ApiError {
    ApiError::invalid_field("media", "At most 10 files per product.")
}

/// The product form, sent as multipart/form-data. Numbers are decimal text; booleans "true" or "false"; an
/// empty text counts as absent, and of a text field sent twice the last counts. Each text field holds at most
/// 64 KiB, all of them 1 MiB, and the whole form at most 150 MiB.
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documents the form, which is read part by part (`infra::uploads::FormReader`)")]
pub struct ProductFormBody {
    /// One line without control characters.
    #[schema(value_type = String, required)]
    name: Option<String>,
    /// The category's id.
    #[schema(value_type = String, required)]
    category: Option<String>,
    /// Whole rupees (two decimals at most).
    #[schema(value_type = String, required)]
    price: Option<String>,
    /// Below the price; recomputes the discount. Empty for none.
    #[schema(rename = "salePrice", value_type = Option<String>)]
    sale_price: Option<String>,
    /// 0 to 90; recomputes the sale price when no sale price is sent.
    #[schema(rename = "discountPercent", value_type = Option<String>)]
    discount_percent: Option<String>,
    /// Line breaks and tabs are kept; other control characters are refused.
    #[schema(value_type = String, required)]
    description: Option<String>,
    /// The Urdu name shown on Urdu pages (the English name shows without it): one line without control
    /// characters, at most 200 characters; empty for none.
    #[schema(rename = "nameUr", value_type = Option<String>)]
    name_ur: Option<String>,
    /// The Urdu description shown on Urdu pages: line breaks and tabs are kept, at most 5000 characters;
    /// empty for none.
    #[schema(rename = "descriptionUr", value_type = Option<String>)]
    description_ur: Option<String>,
    /// One line without control characters; empty for none.
    #[schema(value_type = Option<String>)]
    color: Option<String>,
    /// Units on hand, 0 or more.
    #[schema(value_type = String, required)]
    quantity: Option<String>,
    /// "true" or "false" ("on"/"off" and "1"/"0" too); absent or empty is false.
    #[schema(value_type = Option<String>)]
    featured: Option<String>,
    /// "true" or "false" ("on"/"off" and "1"/"0" too); absent or empty is false.
    #[schema(rename = "freeDelivery", value_type = Option<String>)]
    free_delivery: Option<String>,
    /// Files, each a part of its own under this name: pictures (JPEG, PNG, WebP, GIF; 10 MB and 40 megapixels
    /// each; kept re-encoded as WebP without their camera's metadata, upright, at most 2048 px wide) and, when
    /// editing, MP4 or WebM videos (100 MB each, kept as sent); at most 10. Empty parts are skipped.
    #[schema(value_type = Vec<Value>)]
    media: Vec<Vec<u8>>,
    /// More files, as under `media` (which come first).
    #[schema(rename = "media[]", value_type = Vec<Value>, required = false)]
    media_listed: Vec<Vec<u8>>,
    /// When editing: the addresses of the current media to keep, in the order to show them. Without any
    /// `existingMedia` field every current medium is kept; a single `existingMedia` field with an empty value
    /// keeps none (multipart cannot send an empty list). Empty values are otherwise ignored.
    #[schema(rename = "existingMedia", value_type = Option<Vec<String>>)]
    existing_media: Option<Vec<String>>,
    /// More addresses to keep, as under `existingMedia` (which come first).
    #[schema(rename = "existingMedia[]", value_type = Option<Vec<String>>)]
    existing_media_listed: Option<Vec<String>>,
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The upload is too large: pictures up to 10 MB, videos up to 100 MB.".into())
}

/// The admin's product form of `req`, read whole with its files written to files, holding one of the
/// owner's upload slots while the request lasts. Each file is judged by its first bytes: a picture may
/// have 10 MB, a video 100 MB.
pub async fn product_form_of(
    req: &HttpRequest,
    payload: web::Payload,
    slots: &UploadSlots,
) -> Result<(FormReader, Vec<CheckedUpload>, Option<tokio::sync::OwnedSemaphorePermit>), ApiError> {
    AdminSession::extract(req).await?;
    let mut form = FormReader::new(req, payload, PRODUCT_FIELDS, PRODUCT_FORM, PRODUCT_REFUSALS)?;
    form.read_texts().await?;
    if !form.file_waits() {
        return Ok((form, Vec::new(), None));
    }
    let slot = slots.owner()?;
    let judge = |head: &[u8]| -> Result<u64, ApiError> {
        let (kind, _) = sniff(head)?;
        Ok(match kind {
            MediaKind::Image => MAX_IMAGE_BYTES as u64,
            MediaKind::Video => MAX_VIDEO_BYTES as u64,
        })
    };
    let files = form.read_files(slots.dir(), &judge).await?;
    let uploads = files
        .into_iter()
        .map(|file| {
            let (kind, content_type) = sniff(&file.head)?;
            Ok(CheckedUpload {
                kind,
                upload: MediaUpload { content: UploadContent::File(file.file), content_type: content_type.to_owned() },
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok((form, uploads, Some(slot)))
}

/// The form in the use cases' terms: its fields and the media to keep. The addresses to keep may be sent
/// as given out (under the media base URL): they are kept as stored.
pub fn read_form(form: &FormReader, addresses: &MediaAddresses) -> Result<(ProductForm, KeptMedia), ApiError> {
    let fields = product_form(form)?;
    let kept = match (form.texts("existingMedia"), form.texts("existingMedia[]")) {
        (None, None) => KeptMedia::All,
        (first, more) => KeptMedia::Only(
            first
                .into_iter()
                .chain(more)
                .flatten()
                .filter(|url| !url.trim().is_empty())
                .map(|url| addresses.stored(url).to_owned())
                .collect(),
        ),
    };
    Ok((fields, kept))
}

fn product_form(form: &FormReader) -> Result<ProductForm, ApiError> {
    fn field<T: FormValue>(form: &FormReader, name: &str) -> Field<T> {
        Field::from_text(form.text(name))
    }
    let category = field::<CategoryId>(form, "category").optional(|| ProductAdminError::CategoryNotFound)?;
    let money = |name: &str, err: PriceError| field::<Rupees>(form, name).optional(|| ProductAdminError::Price(err));
    let discount_percent = field::<i64>(form, "discountPercent")
        .optional(|| DiscountPercentError)
        .and_then(|p| p.map(|p| u8::try_from(p).map_err(|_| DiscountPercentError)).transpose())
        .map_err(ProductAdminError::Discount)?;
    let quantity = field::<i64>(form, "quantity")
        .optional(|| ProductAdminError::Quantity)?
        .map(|q| u32::try_from(q).map_err(|_| ProductAdminError::Quantity))
        .transpose()?;
    let flag = |name: &str| match form.text(name).map(str::trim) {
        None | Some("" | "false" | "off" | "0") => Ok(false),
        Some("true" | "on" | "1") => Ok(true),
        Some(_) => Err(ApiError::invalid_field(name, format!("{name} must be true or false."))),
    };
    let owned = |name: &str| form.text(name).map(str::to_owned);
    Ok(ProductForm {
        name: owned("name").unwrap_or_default(),
        category,
        price: money("price", PriceError::PriceNotPositive)?,
        sale_price: money("salePrice", PriceError::SaleNotPositive)?,
        discount_percent,
        description: owned("description").unwrap_or_default(),
        color: owned("color"),
        name_ur: owned("nameUr"),
        description_ur: owned("descriptionUr"),
        quantity,
        featured: flag("featured")?,
        free_delivery: flag("freeDelivery")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_form_field_is_read_under_the_same_name() {
        let documented = crate::infra::uploads::documented_fields::<ProductFormBody>();

        let read: Vec<&str> = PRODUCT_FIELDS.texts.iter().chain(PRODUCT_FIELDS.files).copied().collect();

        assert_eq!(documented.len(), read.len());
        assert!(read.iter().all(|name| documented.iter().any(|d| d == name)), "{documented:?} {read:?}");
    }
}
