//! The two review forms, read part by part as they arrive (`infra::uploads`): their limits and fields, the
//! pictures read into files under an upload slot, and what the reviewer typed.

use actix_web::{web, HttpRequest};
use application::media::ports::UploadContent;
use application::reviews::model::{NotAReviewPicture, ReviewForm, ReviewPicture, MAX_REVIEW_IMAGE_BYTES};
use application::reviews::submit::SubmitReviewError;
use domain::review::MAX_REVIEW_IMAGES;
use utoipa::ToSchema;

use crate::infra::error::ApiError;
use crate::infra::forms::Field;
use crate::infra::uploads::{FormFields, FormLimits, FormReader, FormRefusals, UploadSlots};

/// The largest whole review form: five pictures of 5 MiB and the text fields, with room to spare.
pub const MAX_REVIEW_UPLOAD_BYTES: usize = MAX_REVIEW_IMAGES * MAX_REVIEW_IMAGE_BYTES + 1024 * 1024;

/// The text fields of a review form: small, and what is decided before any picture is read comes first.
const TEXT_FIELD_BYTES: usize = 64 * 1024;

/// What a review form may hold. Before its first picture no more than its text fields can have arrived.
const REVIEW_FORM: FormLimits = FormLimits {
    total: MAX_REVIEW_UPLOAD_BYTES as u64,
    before_files: 256 * 1024,
    text_field: TEXT_FIELD_BYTES,
    texts: 128 * 1024,
    files: MAX_REVIEW_IMAGES,
};

/// The file fields of both review forms.
const PICTURE_FIELDS: &[&str] = &["images", "images[]"];

pub const TOKEN_FORM: FormFields = FormFields {
    texts: &["token", "reviewerName", "rating", "comment", "productId", "userId", "orderId"],
    files: PICTURE_FIELDS,
};

pub const INTERNAL_FORM: FormFields = FormFields {
    texts: &["productId", "orderId", "userId", "reviewerName", "rating", "comment"],
    files: PICTURE_FIELDS,
};

const REVIEW_REFUSALS: FormRefusals =
    FormRefusals { too_large: form_too_large, file_too_large: image_too_large, too_many_files: too_many_images };

/// The review form of the e-mailed link, sent as multipart/form-data and read in the order sent: the token
/// is checked at the first picture, before any picture byte is read, so it must come before the pictures
/// (a picture first is 'Missing review token.'). Text fields hold at most 64 KiB; of a text field sent twice
/// the last counts.
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documents the form, which is read part by part (`infra::uploads::FormReader`)")]
pub struct TokenReviewFormBody {
    /// The token from the link; before the pictures.
    #[schema(value_type = String, required)]
    token: Option<String>,
    /// The name to show (required, at most 100 characters).
    #[schema(rename = "reviewerName", value_type = String, required)]
    reviewer_name: Option<String>,
    /// A whole number from 1 to 5.
    #[schema(value_type = String, required)]
    rating: Option<String>,
    /// Optional, at most 2,000 characters.
    #[schema(value_type = Option<String>)]
    comment: Option<String>,
    /// Optional: when sent, it must be the token's product.
    #[schema(rename = "productId", value_type = Option<String>)]
    product_id: Option<String>,
    /// Accepted and ignored: the token decides.
    #[schema(rename = "userId", value_type = Option<String>)]
    user_id: Option<String>,
    /// Accepted and ignored: the token decides.
    #[schema(rename = "orderId", value_type = Option<String>)]
    order_id: Option<String>,
    /// Pictures, each a part of its own under this name: JPEG, PNG, WebP or GIF by their bytes, at most
    /// 5 MB and 40 megapixels each, at most 5 in all (with `images[]`). Empty parts are skipped.
    #[schema(value_type = Vec<Value>)]
    images: Vec<Vec<u8>>,
    /// More pictures, as under `images` (which come first).
    #[schema(rename = "images[]", value_type = Vec<Value>, required = false)]
    images_listed: Vec<Vec<u8>>,
}

/// The review form of My Orders, sent as multipart/form-data by the signed-in customer and read in the
/// order sent: `productId` and `orderId` are checked at the first picture, before any picture byte is read,
/// so they must come before the pictures. Text fields hold at most 64 KiB; of a text field sent twice the
/// last counts.
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documents the form, which is read part by part (`infra::uploads::FormReader`)")]
pub struct InternalReviewFormBody {
    /// The product reviewed: an item of `orderId`.
    #[schema(rename = "productId", value_type = String, required)]
    product_id: Option<String>,
    /// The customer's delivered order holding the product.
    #[schema(rename = "orderId", value_type = String, required)]
    order_id: Option<String>,
    /// Accepted and ignored: the review is the signed-in customer's.
    #[schema(rename = "userId", value_type = Option<String>)]
    user_id: Option<String>,
    /// The name to show (required, at most 100 characters).
    #[schema(rename = "reviewerName", value_type = String, required)]
    reviewer_name: Option<String>,
    /// A whole number from 1 to 5.
    #[schema(value_type = String, required)]
    rating: Option<String>,
    /// Required, at most 2,000 characters.
    #[schema(value_type = String, required)]
    comment: Option<String>,
    /// Pictures, as the token form's `images`.
    #[schema(value_type = Vec<Value>)]
    images: Vec<Vec<u8>>,
    /// More pictures, as under `images` (which come first).
    #[schema(rename = "images[]", value_type = Vec<Value>, required = false)]
    images_listed: Vec<Vec<u8>>,
}

fn image_too_large() -> ApiError {
    ApiError::PayloadTooLarge(NotAReviewPicture::TooLarge.to_string())
}

/// A form past a whole-form or field limit (a single picture over 5 MB is refused with its own message).
fn form_too_large() -> ApiError {
    ApiError::PayloadTooLarge(
        "The review form is too large: at most 5 images of 5 MB each, and text fields of at most 64 KiB.".into(),
    )
}

fn too_many_images() -> ApiError {
    SubmitReviewError::TooManyImages.into()
}

/// Reads the rest of a review form, its pictures into files, holding one of the shoppers' upload slots
/// (taken only when a picture part follows, after the checks that need no picture have passed). Each
/// picture is judged by its first bytes (415 for anything but JPEG, PNG, WebP or GIF) and refused past
/// 5 MiB as it arrives.
pub async fn read_pictures(
    form: &mut FormReader,
    slots: &UploadSlots,
) -> Result<(Vec<ReviewPicture>, Option<tokio::sync::OwnedSemaphorePermit>), ApiError> {
    if !form.file_waits() {
        return Ok((Vec::new(), None));
    }
    let slot = slots.shopper()?;
    let judge = |head: &[u8]| match ReviewPicture::type_of(head) {
        Ok(_) => Ok(MAX_REVIEW_IMAGE_BYTES as u64),
        Err(err) => Err(ApiError::UnsupportedMediaType(err.to_string())),
    };
    let files = form.read_files(slots.dir(), &judge).await?;
    let pictures = files
        .into_iter()
        .map(|file| {
            ReviewPicture::new(UploadContent::File(file.file), &file.head, file.size).map_err(|err| match err {
                NotAReviewPicture::NotAPicture => ApiError::UnsupportedMediaType(err.to_string()),
                NotAReviewPicture::TooLarge => image_too_large(),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok((pictures, Some(slot)))
}

/// A review form of `req` with its text parts up to its first picture read.
pub async fn review_form(req: &HttpRequest, payload: web::Payload, fields: FormFields) -> Result<FormReader, ApiError> {
    let mut form = FormReader::new(req, payload, fields, REVIEW_FORM, REVIEW_REFUSALS)?;
    form.read_texts().await?;
    Ok(form)
}

/// What the reviewer typed.
pub fn typed(form: &FormReader) -> ReviewForm {
    ReviewForm {
        reviewer_name: form.text("reviewerName").unwrap_or_default().to_owned(),
        rating: Field::<i64>::from_text(form.text("rating")).given(),
        comment: form.text("comment").unwrap_or_default().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_form_field_is_read_under_the_same_name() {
        for (documented, fields) in [
            (crate::infra::uploads::documented_fields::<TokenReviewFormBody>(), TOKEN_FORM),
            (crate::infra::uploads::documented_fields::<InternalReviewFormBody>(), INTERNAL_FORM),
        ] {
            let read: Vec<&str> = fields.texts.iter().chain(fields.files).copied().collect();

            assert_eq!(documented.len(), read.len());
            assert!(read.iter().all(|name| documented.iter().any(|d| d == name)), "{documented:?} {read:?}");
        }
    }
}
