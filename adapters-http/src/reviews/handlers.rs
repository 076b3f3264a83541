//! The handlers of reviews: the token link's verify and submit, My Orders' reviewed items and internal
//! submit, a product's approved reviews, and the admin's list, moderation, reply and delete.

use actix_web::{delete, get, patch, post, web, FromRequest as _, HttpRequest, HttpResponse};
use application::media::picture::UnusablePicture;
use application::reviews::list_reviews::ListReviewsError;
use application::reviews::model::ReviewFilter;
use application::reviews::moderate::{ModerateReviewError, REVIEW_DELETED};
use application::reviews::service::Reviews;
use application::reviews::submit::{ReviewedPairsError, SubmitReviewError, VerifyTokenError, REVIEW_THANKS};
use domain::ids::{IdError, OrderId, ProductId, ReviewId};
use domain::review::ReviewStatus;

use super::dto::{
    ModerateBody, ReplyBody, ReviewDeletedResponse, ReviewEnvelope, ReviewIdPath, ReviewProductPath, ReviewResponse,
    ReviewSubmittedResponse, ReviewedItemResponse, ReviewedItemsResponse, TokenVerifyResponse,
};
use super::form::{
    read_pictures, review_form, typed, InternalReviewFormBody, TokenReviewFormBody, INTERNAL_FORM, TOKEN_FORM,
};
use super::parse::{
    id_field, AdminReviewsQuery, ApprovedReviewsQuery, ReviewList, ReviewStatusQuery, ReviewedItemsOf, TokenQuery,
};
use crate::accounts::CustomerSession;
use crate::admin::AdminSession;
use crate::dto::page_of;
use crate::infra::edges::personal;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Field;
use crate::infra::json::Json;
use crate::infra::media::MediaAddresses;
use crate::infra::query::TypedQuery;
use crate::infra::session::check_origin;
use crate::infra::uploads::{FormReader, UploadSlots};

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
    personal(&req);
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
    personal(&req);
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
        message: REVIEW_THANKS.to_string(),
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
    query: TypedQuery<ReviewedItemsOf>,
) -> Result<HttpResponse, ApiError> {
    let ReviewedItemsOf(owner) = query.parsed()?;
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
    personal(&req);
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
        message: REVIEW_THANKS.to_string(),
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
    let list = reviews.approved(product, page_of(query.limit, query.offset)?).await?;
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
    query: TypedQuery<ReviewList>,
) -> Result<HttpResponse, ApiError> {
    let ReviewList { status, page } = query.parsed()?;
    let list = reviews.all(ReviewFilter { status }, page).await?;
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
