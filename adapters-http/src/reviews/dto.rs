//! The wire types of reviews: a review as everybody, its author and the admin see it, what a review link is
//! for, a customer's reviewed items, and the admin's changes.

use application::reviews::model::Review;
use chrono::SecondsFormat;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::dto::catalog::MediaVariantResponse;
use crate::infra::forms::Text;
use crate::infra::media::MediaAddresses;

/// Where a review stands: only approved ones are shown and counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReviewStatus {
    Pending,
    Approved,
    Rejected,
}

impl From<domain::review::ReviewStatus> for ReviewStatus {
    fn from(status: domain::review::ReviewStatus) -> Self {
        use domain::review::ReviewStatus as Status;
        match status {
            Status::Pending => Self::Pending,
            Status::Approved => Self::Approved,
            Status::Rejected => Self::Rejected,
        }
    }
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
    pub status: ReviewStatus,
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
    pub fn full(review: Review, media: &MediaAddresses) -> Self {
        let user = ReviewUserResponse { id: review.customer.to_string(), name: review.customer_name.clone() };
        let order = review.order.to_string();
        let mut response = Self::public(review, media);
        response.order_id = Some(order);
        response.user = Some(user);
        response
    }

    /// The review as everybody sees it: without its order and customer.
    pub fn public(review: Review, media: &MediaAddresses) -> Self {
        Self {
            id: review.id.to_string(),
            status: review.status.into(),
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
    pub status: Text,
}

/// The shop's reply to a review.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyBody {
    /// The reply, at most 2,000 characters; empty (or absent) clears it.
    #[serde(default)]
    #[schema(inline)]
    pub admin_comment: Text,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_is_written_as_the_domain_names_it() {
        use domain::review::ReviewStatus as Status;
        for status in [Status::Pending, Status::Approved, Status::Rejected] {
            assert_eq!(serde_json::to_value(ReviewStatus::from(status)).unwrap(), status.as_str());
        }
    }
}
