//! Reviews (CONTRACT.md §6, docs/reviews.md): the token link's verify and submit, My Orders' reviewed items
//! and internal submit, a product's approved reviews, and the admin's list, moderation, reply and delete.

use actix_web::{delete, get, patch, post, web, FromRequest as _, HttpRequest, HttpResponse};
use application::media::picture::UnusablePicture;
use application::media::ports::UploadContent;
use application::reviews::list_reviews::ListReviewsError;
use application::reviews::model::{
    NotAReviewPicture, Review, ReviewFilter, ReviewForm, ReviewPicture, MAX_REVIEW_IMAGE_BYTES,
};
use application::reviews::moderate::{ModerateReviewError, REVIEW_DELETED};
use application::reviews::service::Reviews;
use application::reviews::submit::{ReviewedPairsError, SubmitReviewError, VerifyTokenError, REVIEW_THANKS};
use chrono::SecondsFormat;
use domain::ids::{CustomerId, IdError, OrderId, ProductId, ReviewId};
use domain::review::{ReviewStatus, MAX_REVIEW_IMAGES};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::dto::MediaVariantResponse;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Field;
use crate::infra::json::Json;
use crate::infra::media::MediaAddresses;
use crate::infra::session::check_origin;
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

const TOKEN_FORM: FormFields = FormFields {
    texts: &["token", "reviewerName", "rating", "comment", "productId", "userId", "orderId"],
    files: PICTURE_FIELDS,
};

const INTERNAL_FORM: FormFields = FormFields {
    texts: &["productId", "orderId", "userId", "reviewerName", "rating", "comment"],
    files: PICTURE_FIELDS,
};

const REVIEW_REFUSALS: FormRefusals =
    FormRefusals { too_large: form_too_large, file_too_large: image_too_large, too_many_files: too_many_images };

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(verify_token)
        .service(submit_by_token)
        .service(reviewed_items)
        .service(submit_internal)
        .service(approved_reviews)
        .service(all_reviews)
        .service(moderate_review)
        .service(reply_to_review)
        .service(delete_review);
}

/// The product a review is of.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewProductResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// Its current name.
    pub name: String,
}

/// The customer who wrote a review.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewUserResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// Their account name.
    pub name: String,
}

/// A review.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// `pending`, `approved` or `rejected`.
    pub status: String,
    /// 1 to 5 stars.
    pub rating: i32,
    /// Empty when the reviewer wrote none.
    pub comment: String,
    /// As typed; empty when the reviewer gave none (shown as 'Anonymous').
    pub reviewer_name: String,
    /// The pictures (WebP re-encoded by the server), in order.
    pub images: Vec<String>,
    /// For each picture of `images`, in the same order, its narrower WebP copies, narrowest first (empty for
    /// a picture no wider than 320 px).
    pub image_variants: Vec<Vec<MediaVariantResponse>>,
    /// When it was written, RFC 3339 in UTC.
    pub created_at: String,
    /// The shop's reply, or null.
    pub admin_reply: Option<String>,
    #[serde(rename = "productId")]
    pub product: ReviewProductResponse,
    /// The order the item was bought in; null in the public list.
    pub order_id: Option<String>,
    /// The customer; null in the public list (an account name is not published).
    #[serde(rename = "userId")]
    pub user: Option<ReviewUserResponse>,
}

impl ReviewResponse {
    /// The review as the admin and its author see it.
    fn full(review: Review, media: &MediaAddresses) -> Self {
        let user = ReviewUserResponse { id: review.customer.to_string(), name: review.customer_name.clone() };
        let order = review.order.to_string();
        let mut response = Self::public(review, media);
        response.order_id = Some(order);
        response.user = Some(user);
        response
    }

    /// The review as everybody sees it: without its order and customer.
    fn public(review: Review, media: &MediaAddresses) -> Self {
        Self {
            id: review.id.to_string(),
            status: review.status.as_str().to_owned(),
            rating: i32::from(review.rating.get()),
            comment: review.comment,
            reviewer_name: review.reviewer_name,
            image_variants: review
                .images
                .iter()
                .map(|image| image.variants.iter().map(|v| MediaVariantResponse::new(v, media)).collect())
                .collect(),
            images: review.images.iter().map(|image| media.public(&image.url)).collect(),
            created_at: review.created_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            admin_reply: review.admin_reply,
            product: ReviewProductResponse { id: review.product.to_string(), name: review.product_name },
            order_id: None,
            user: None,
        }
    }
}

/// What a review link is for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenVerifyResponse {
    pub product_name: String,
    pub product_id: String,
    /// The customer whose order it is.
    pub user_id: String,
}

/// A review stored pending.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewSubmittedResponse {
    /// Always true.
    pub success: bool,
    /// "Thank you for your review!"
    pub message: String,
    pub review: ReviewResponse,
}

/// An item of an order that has a review.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewedItemResponse {
    pub product_id: String,
    pub order_id: String,
}

/// The signed-in customer's reviewed items.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewedItemsResponse {
    /// Always true.
    pub success: bool,
    /// Newest review first.
    pub reviewed: Vec<ReviewedItemResponse>,
}

/// A review after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewEnvelope {
    pub review: ReviewResponse,
}

/// A review deleted.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewDeletedResponse {
    /// Always true.
    pub success: bool,
    /// "Review deleted."
    pub message: String,
}

/// The token of a review link.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token from the link's `token` parameter.
    pub token: Option<String>,
}

/// Whose reviewed items to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewStatusQuery {
    /// The signed-in customer's uid.
    #[serde(rename = "userId")]
    #[param(rename = "userId")]
    pub user_id: Option<String>,
}

/// The admin's review list: optionally one status, and a page.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminReviewsQuery {
    /// `pending`, `approved` or `rejected`; empty or absent for all.
    #[param(pattern = "^(pending|approved|rejected)?$")]
    pub status: Option<String>,
    /// How many reviews at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// A page of a product's approved reviews.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApprovedReviewsQuery {
    /// How many reviews at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// A product's id in the path.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct ReviewProductPath {
    /// The product's id: a positive whole number.
    #[param(rename = "productId", pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
    product_id: String,
}

/// A review's id in the path.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct ReviewIdPath {
    /// The review's id: a positive whole number.
    #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
    id: String,
}

/// A new status for a review.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModerateBody {
    /// `approved`, `rejected` or `pending`.
    #[serde(default)]
    #[schema(inline)]
    pub status: crate::infra::forms::Text,
}

/// The shop's reply to a review.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyBody {
    /// The reply, at most 2,000 characters; empty (or absent) clears it.
    #[serde(default)]
    #[schema(inline)]
    pub admin_comment: crate::infra::forms::Text,
}

/// The review form of the e-mailed link, sent as multipart/form-data and read in the order sent: the token
/// is checked at the first picture, before any picture byte is read, so it must come before the pictures
/// (a picture first is 'Missing review token.'). Text fields hold at most 64 KiB; of a text field sent twice
/// the last counts.
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documents the form, which is read part by part (`uploads::FormReader`)")]
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
#[allow(dead_code, reason = "documents the form, which is read part by part (`uploads::FormReader`)")]
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
async fn read_pictures(
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
async fn review_form(req: &HttpRequest, payload: web::Payload, fields: FormFields) -> Result<FormReader, ApiError> {
    let mut form = FormReader::new(req, payload, fields, REVIEW_FORM, REVIEW_REFUSALS)?;
    form.read_texts().await?;
    Ok(form)
}

/// What the reviewer typed.
fn typed(form: &FormReader) -> ReviewForm {
    ReviewForm {
        reviewer_name: form.text("reviewerName").unwrap_or_default().to_owned(),
        rating: Field::<i64>::from_text(form.text("rating")).given(),
        comment: form.text("comment").unwrap_or_default().to_owned(),
    }
}

fn id_field<T: std::str::FromStr<Err = IdError>>(name: &str, value: Option<&str>) -> Result<Option<T>, ApiError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|e: IdError| ApiError::invalid_field(name, e.to_string())),
    }
}

impl From<VerifyTokenError> for ApiError {
    fn from(err: VerifyTokenError) -> Self {
        match err {
            VerifyTokenError::Missing => Self::invalid_field("token", err.to_string()),
            VerifyTokenError::Unknown => Self::NotFound(err.to_string()),
            VerifyTokenError::Used => Self::Gone(err.to_string()),
            VerifyTokenError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<SubmitReviewError> for ApiError {
    fn from(err: SubmitReviewError) -> Self {
        let field = |name: &str| Self::invalid_field(name, err.to_string());
        match err {
            SubmitReviewError::MissingToken => field("token"),
            SubmitReviewError::UnknownToken => Self::NotFound(err.to_string()),
            SubmitReviewError::UsedToken => Self::Gone(err.to_string()),
            SubmitReviewError::OtherProduct => field("productId"),
            SubmitReviewError::NameMissing | SubmitReviewError::NameTooLong | SubmitReviewError::NameInvalid => {
                field("reviewerName")
            }
            SubmitReviewError::FieldsMissing => Self::bad_request(err.to_string()),
            SubmitReviewError::Rating(_) => field("rating"),
            SubmitReviewError::CommentTooLong | SubmitReviewError::CommentInvalid => field("comment"),
            SubmitReviewError::TooManyImages => field("images"),
            SubmitReviewError::NotYourDeliveredOrder => Self::Forbidden(err.to_string()),
            SubmitReviewError::AlreadyReviewed => Self::Conflict(err.to_string()),
            SubmitReviewError::Picture(UnusablePicture::TooManyPixels { .. }) => Self::PayloadTooLarge(err.to_string()),
            SubmitReviewError::Picture(UnusablePicture::Undecodable) => field("images"),
            SubmitReviewError::Media(source) => Self::Internal(Box::new(source)),
            SubmitReviewError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<ReviewedPairsError> for ApiError {
    fn from(err: ReviewedPairsError) -> Self {
        match err {
            ReviewedPairsError::NotYours => Self::Forbidden(err.to_string()),
            ReviewedPairsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<ListReviewsError> for ApiError {
    fn from(err: ListReviewsError) -> Self {
        match err {
            ListReviewsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<ModerateReviewError> for ApiError {
    fn from(err: ModerateReviewError) -> Self {
        match err {
            ModerateReviewError::NotFound => Self::NotFound(err.to_string()),
            ModerateReviewError::ReplyTooLong | ModerateReviewError::ReplyText(_) => {
                Self::invalid_field("adminComment", err.to_string())
            }
            ModerateReviewError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// What a review link is for, while it is unused.
#[utoipa::path(
    tag = "reviews",
    operation_id = "verifyReviewToken",
    params(TokenQuery),
    responses(
        (status = 200, description = "The link's product and customer", body = TokenVerifyResponse),
        (status = 400, description = "No token: 'Missing review token.'", body = ErrorBody),
        (status = 404, description = "Unknown token, or its product was deleted: 'Invalid or expired token.'", body = ErrorBody),
        (status = 410, description = "Used already: 'This review link has already been used.'", body = ErrorBody),
    )
)]
#[get("/api/review-tokens/verify")]
pub async fn verify_token(
    req: HttpRequest,
    reviews: web::Data<Reviews>,
    query: web::Query<TokenQuery>,
) -> Result<HttpResponse, ApiError> {
    crate::infra::edges::personal(&req);
    let info = reviews.verify_token(query.token.as_deref().unwrap_or_default()).await?;
    Ok(HttpResponse::Ok().json(TokenVerifyResponse {
        product_name: info.product_name.unwrap_or_default(),
        product_id: info.product.to_string(),
        user_id: info.customer.to_string(),
    }))
}

/// Stores a pending review through an e-mailed link, and uses the link up.
#[utoipa::path(
    tag = "reviews",
    operation_id = "submitReviewByToken",
    request_body(content = TokenReviewFormBody, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored pending", body = ReviewSubmittedResponse),
        (status = 400, description = "No token ('Missing review token.'), no name ('Please enter your name.'), a rating that is not a whole number from 1 to 5 ('Please provide a valid rating.'), a name over 100 characters or a name or comment holding control characters, a comment over 2,000 characters, more than 5 images ('You can only upload up to 5 images.'), a picture that does not decode, a productId other than the token's, or a form that cannot be read", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "Unknown token: 'Invalid or expired token.'", body = ErrorBody),
        (status = 409, description = "The item has a review already: 'You have already reviewed this product for this order.'", body = ErrorBody),
        (status = 410, description = "Used already: 'This review link has already been used.'", body = ErrorBody),
        (status = 413, description = "A picture over 5 MB ('Each image may be at most 5 MB.') or over 40 megapixels, or a form over 26 MiB (declared or sent, chunked too), over 256 KiB before its first picture, or with a text field over 64 KiB ('The review form is too large: ...')", body = ErrorBody),
        (status = 415, description = "A file that is not a JPEG, PNG, WebP or GIF picture by its bytes: 'Only image files (jpg, png, etc.) are allowed.'", body = ErrorBody),
        (status = 503, description = "Every upload slot is taken (UPLOADS_AT_ONCE forms with pictures at once): 'Too many pictures are being uploaded right now. Please try again in a minute.'", body = ErrorBody),
    )
)]
#[post("/api/review-tokens/submit")]
pub async fn submit_by_token(
    req: HttpRequest,
    payload: web::Payload,
    reviews: web::Data<Reviews>,
    media: web::Data<MediaAddresses>,
    slots: web::Data<UploadSlots>,
) -> Result<HttpResponse, ApiError> {
    crate::infra::edges::personal(&req);
    check_origin(&req)?;
    let mut form = review_form(&req, payload, TOKEN_FORM).await?;
    if form.file_waits() {
        let product: Option<ProductId> = id_field("productId", form.text("productId"))?;
        reviews.check_token_review(form.text("token").unwrap_or_default(), product).await?;
    }
    let (pictures, _slot) = read_pictures(&mut form, &slots).await?;
    let product: Option<ProductId> = id_field("productId", form.text("productId"))?;
    let token = form.text("token").unwrap_or_default();
    let review = reviews.submit_by_token(token, product, typed(&form), pictures).await?;
    Ok(HttpResponse::Created().json(ReviewSubmittedResponse {
        success: true,
        message: REVIEW_THANKS.into(),
        review: ReviewResponse::full(review, &media),
    }))
}

/// The signed-in customer's reviewed items, for My Orders' 'Reviewed'.
#[utoipa::path(
    tag = "reviews",
    operation_id = "reviewedItems",
    params(ReviewStatusQuery),
    responses(
        (status = 200, description = "The customer's reviewed (product, order) pairs", body = ReviewedItemsResponse),
        (status = 400, description = "No userId, or a malformed one", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "The userId is another customer's", body = ErrorBody),
    )
)]
#[get("/api/review-tokens/status")]
pub async fn reviewed_items(
    customer: CustomerSession,
    reviews: web::Data<Reviews>,
    query: web::Query<ReviewStatusQuery>,
) -> Result<HttpResponse, ApiError> {
    let owner: CustomerId = id_field("userId", query.user_id.as_deref())?
        .ok_or_else(|| ApiError::invalid_field("userId", "userId is required."))?;
    let pairs = reviews.reviewed_pairs(customer.0.id, owner).await?;
    Ok(HttpResponse::Ok().json(ReviewedItemsResponse {
        success: true,
        reviewed: pairs
            .into_iter()
            .map(|p| ReviewedItemResponse { product_id: p.product.to_string(), order_id: p.order.to_string() })
            .collect(),
    }))
}

/// Stores a pending review of an item of the signed-in customer's delivered order.
#[utoipa::path(
    tag = "reviews",
    operation_id = "submitReviewInternal",
    request_body(content = InternalReviewFormBody, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored pending", body = ReviewSubmittedResponse),
        (status = 400, description = "No name or comment ('Please fill out all fields.'), a rating that is not a whole number from 1 to 5 ('Please provide a valid rating.'), a missing or malformed productId or orderId, a name over 100 characters or a name or comment holding control characters, a comment over 2,000 characters, more than 5 images ('You can only upload up to 5 images.'), a picture that does not decode, or a form that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "Not an item of a delivered order of the customer's ('You can only review products from your delivered orders.'), or a request from another site's Origin", body = ErrorBody),
        (status = 409, description = "The item has a review already: 'You have already reviewed this product for this order.'", body = ErrorBody),
        (status = 413, description = "A picture over 5 MB ('Each image may be at most 5 MB.') or over 40 megapixels, or a form over 26 MiB (declared or sent, chunked too), over 256 KiB before its first picture, or with a text field over 64 KiB ('The review form is too large: ...')", body = ErrorBody),
        (status = 415, description = "A file that is not a JPEG, PNG, WebP or GIF picture by its bytes: 'Only image files (jpg, png, etc.) are allowed.'", body = ErrorBody),
        (status = 503, description = "Every upload slot is taken (UPLOADS_AT_ONCE forms with pictures at once): 'Too many pictures are being uploaded right now. Please try again in a minute.'", body = ErrorBody),
    )
)]
#[post("/api/reviews/internal-submit")]
pub async fn submit_internal(
    req: HttpRequest,
    payload: web::Payload,
    reviews: web::Data<Reviews>,
    media: web::Data<MediaAddresses>,
    slots: web::Data<UploadSlots>,
) -> Result<HttpResponse, ApiError> {
    crate::infra::edges::personal(&req);
    check_origin(&req)?;
    let customer = CustomerSession::extract(&req).await?;
    let mut form = review_form(&req, payload, INTERNAL_FORM).await?;
    let item = |form: &FormReader| -> Result<(ProductId, OrderId), ApiError> {
        let product = id_field("productId", form.text("productId"))?
            .ok_or_else(|| ApiError::invalid_field("productId", "productId is required."))?;
        let order = id_field("orderId", form.text("orderId"))?
            .ok_or_else(|| ApiError::invalid_field("orderId", "orderId is required."))?;
        Ok((product, order))
    };
    if form.file_waits() {
        let (product, order) = item(&form)?;
        reviews.check_item_review(customer.0.id, order, product).await?;
    }
    let (pictures, _slot) = read_pictures(&mut form, &slots).await?;
    let (product, order) = item(&form)?;
    let review = reviews.submit_internal(customer.0.id, order, product, typed(&form), pictures).await?;
    Ok(HttpResponse::Created().json(ReviewSubmittedResponse {
        success: true,
        message: REVIEW_THANKS.into(),
        review: ReviewResponse::full(review, &media),
    }))
}

/// A product's approved reviews, newest first; `[]` for a product without any, unknown or deleted.
#[utoipa::path(
    tag = "reviews",
    operation_id = "approvedReviews",
    params(ReviewProductPath, ApprovedReviewsQuery),
    responses(
        (status = 200, description = "Approved reviews (without their order and customer)", body = [ReviewResponse]),
        (status = 400, description = "A malformed product id or paging parameter", body = ErrorBody),
    )
)]
#[get("/api/reviews/approved/{productId}")]
pub async fn approved_reviews(
    reviews: web::Data<Reviews>,
    media: web::Data<MediaAddresses>,
    product: web::Path<String>,
    query: web::Query<ApprovedReviewsQuery>,
) -> Result<HttpResponse, ApiError> {
    let product: ProductId =
        product.parse().map_err(|e: IdError| ApiError::invalid_field("productId", e.to_string()))?;
    let list = reviews.approved(product, crate::dto::page_of(query.limit, query.offset)?).await?;
    Ok(HttpResponse::Ok()
        .json(list.into_iter().map(|review| ReviewResponse::public(review, &media)).collect::<Vec<_>>()))
}

/// Every review, pending first, then newest first; optionally one status.
#[utoipa::path(
    tag = "admin",
    operation_id = "adminReviews",
    params(AdminReviewsQuery),
    responses(
        (status = 200, description = "A page of reviews", body = [ReviewResponse]),
        (status = 400, description = "An unknown status or a paging parameter out of range", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/reviews/all")]
pub async fn all_reviews(
    _admin: AdminSession,
    reviews: web::Data<Reviews>,
    media: web::Data<MediaAddresses>,
    query: web::Query<AdminReviewsQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = match query.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(text.parse::<ReviewStatus>().map_err(|e| ApiError::invalid_field("status", e.to_string()))?),
    };
    let list = reviews.all(ReviewFilter { status }, crate::dto::page_of(query.limit, query.offset)?).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(|review| ReviewResponse::full(review, &media)).collect::<Vec<_>>()))
}

/// Approves, rejects or re-opens a review; the product's rating follows at once.
#[utoipa::path(
    tag = "admin",
    operation_id = "moderateReview",
    params(ReviewIdPath),
    request_body = ModerateBody,
    responses(
        (status = 200, description = "The review as it is now", body = ReviewEnvelope),
        (status = 400, description = "A malformed id, or a status other than approved, rejected or pending", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "No review has this id", body = ErrorBody),
    )
)]
#[patch("/api/reviews/moderate/{id}")]
pub async fn moderate_review(
    _admin: AdminSession,
    reviews: web::Data<Reviews>,
    media: web::Data<MediaAddresses>,
    id: web::Path<String>,
    body: Json<ModerateBody>,
) -> Result<HttpResponse, ApiError> {
    let id: ReviewId = id.parse()?;
    let status: ReviewStatus = body.status.required("status")?;
    let review = reviews.moderate(id, status).await?;
    Ok(HttpResponse::Ok().json(ReviewEnvelope { review: ReviewResponse::full(review, &media) }))
}

/// Sets the shop's reply to a review (shown under it); an empty one clears it.
#[utoipa::path(
    tag = "admin",
    operation_id = "replyToReview",
    params(ReviewIdPath),
    request_body = ReplyBody,
    responses(
        (status = 200, description = "The review as it is now", body = ReviewEnvelope),
        (status = 400, description = "A malformed id, an adminComment that is not text, or one over 2,000 characters", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "No review has this id", body = ErrorBody),
    )
)]
#[patch("/api/reviews/comment/{id}")]
pub async fn reply_to_review(
    _admin: AdminSession,
    reviews: web::Data<Reviews>,
    media: web::Data<MediaAddresses>,
    id: web::Path<String>,
    body: Json<ReplyBody>,
) -> Result<HttpResponse, ApiError> {
    let id: ReviewId = id.parse()?;
    let reply = match &body.admin_comment {
        Field::Invalid => return Err(ApiError::invalid_field("adminComment", "adminComment must be text.")),
        other => other.text().unwrap_or_default().to_owned(),
    };
    let review = reviews.reply(id, &reply).await?;
    Ok(HttpResponse::Ok().json(ReviewEnvelope { review: ReviewResponse::full(review, &media) }))
}

/// Deletes a review and its pictures; the product's rating follows at once.
#[utoipa::path(
    tag = "admin",
    operation_id = "deleteReview",
    params(ReviewIdPath),
    responses(
        (status = 200, description = "Deleted", body = ReviewDeletedResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "No review has this id", body = ErrorBody),
    )
)]
#[delete("/api/reviews/{id}")]
pub async fn delete_review(
    _admin: AdminSession,
    reviews: web::Data<Reviews>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    reviews.delete(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(ReviewDeletedResponse { success: true, message: REVIEW_DELETED.into() }))
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
