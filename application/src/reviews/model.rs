//! Reviews as the use cases see them, and what an upload must be to become a review picture.

use chrono::{DateTime, Utc};
use domain::ids::{CustomerId, OrderId, ProductId, ReviewId};
use domain::language::Localized;
use domain::review::{Rating, ReviewStatus};

use crate::media::model::{MediaKind, MediaVariant};
use crate::media::ports::UploadContent;
use crate::media::sniff::sniff;

/// The largest review picture accepted, in bytes (5 MiB).
pub const MAX_REVIEW_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// A stored review with the names it is shown with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub id: ReviewId,
    pub product: ProductId,
    /// The product's current name.
    pub product_name: String,
    pub order: OrderId,
    pub customer: CustomerId,
    /// The customer's account name.
    pub customer_name: String,
    /// As typed; empty when the reviewer gave none.
    pub reviewer_name: String,
    pub rating: Rating,
    /// Empty when the reviewer wrote none.
    pub comment: String,
    pub status: ReviewStatus,
    pub admin_reply: Option<String>,
    pub images: Vec<ReviewImage>,
    pub created_at: DateTime<Utc>,
}

/// A review's picture: the re-encoded file and its narrower copies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewImage {
    pub url: String,
    pub width: Option<u32>,
    pub variants: Vec<MediaVariant>,
}

/// A review to store, pending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReview {
    pub product: ProductId,
    pub order: OrderId,
    pub customer: CustomerId,
    pub reviewer_name: String,
    pub rating: Rating,
    pub comment: String,
    pub images: Vec<ReviewImage>,
}

/// A review token and what it is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenInfo {
    pub product: ProductId,
    /// The product's name; `None` when the product has been deleted since.
    pub product_name: Option<String>,
    pub order: OrderId,
    /// Whose order it is.
    pub customer: CustomerId,
    /// Whether it has been used (by either form).
    pub used: bool,
}

/// An item of an order that has been reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewedPair {
    pub product: ProductId,
    pub order: OrderId,
}

/// What the store knows of a customer's purchase of a product in an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purchase {
    /// The customer's order holds the product and has been delivered.
    Delivered,
    /// The customer's order holds the product but has not been delivered (or was rejected or returned).
    NotDelivered,
    /// No order of this customer with this id holds this product.
    None,
}

/// What a reviewer typed, before it is checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewForm {
    pub reviewer_name: String,
    /// The rating as sent: `None` when absent or not a whole number.
    pub rating: Option<i64>,
    pub comment: String,
}

/// A picture for a review, recognised by its bytes.
#[derive(Debug)]
pub struct ReviewPicture {
    pub content: UploadContent,
    pub content_type: &'static str,
}

/// Why an uploaded file cannot be a review picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotAReviewPicture {
    /// Not JPEG, PNG, WebP or GIF by its bytes (SVG, HTML, videos and anything else).
    #[error("Only image files (jpg, png, etc.) are allowed.")]
    NotAPicture,
    #[error("Each image may be at most 5 MB.")]
    TooLarge,
}

impl ReviewPicture {
    /// The content type of a file whose first bytes are `head`, when it is a review picture by them: what an
    /// upload is judged by as soon as its first bytes have arrived.
    ///
    /// # Errors
    /// [`NotAReviewPicture::NotAPicture`] for anything that is not a JPEG, PNG, WebP or GIF picture.
    pub fn type_of(head: &[u8]) -> Result<&'static str, NotAReviewPicture> {
        match sniff(head) {
            Ok((MediaKind::Image, content_type)) => Ok(content_type),
            Ok((MediaKind::Video, _)) | Err(_) => Err(NotAReviewPicture::NotAPicture),
        }
    }

    /// The file of `size` bytes, beginning with `head`, held in `content`, as a review picture: judged by its
    /// first bytes, at most [`MAX_REVIEW_IMAGE_BYTES`].
    ///
    /// # Errors
    /// [`NotAReviewPicture`] for anything that is not a JPEG, PNG, WebP or GIF picture of at most 5 MB.
    pub fn new(content: UploadContent, head: &[u8], size: u64) -> Result<Self, NotAReviewPicture> {
        let content_type = Self::type_of(head)?;
        if size > MAX_REVIEW_IMAGE_BYTES as u64 {
            return Err(NotAReviewPicture::TooLarge);
        }
        Ok(Self { content, content_type })
    }

    /// The bytes as a review picture, as [`ReviewPicture::new`] judges them.
    ///
    /// # Errors
    /// As [`ReviewPicture::new`].
    pub fn parse(bytes: Vec<u8>) -> Result<Self, NotAReviewPicture> {
        let content_type = Self::type_of(&bytes)?;
        if bytes.len() > MAX_REVIEW_IMAGE_BYTES {
            return Err(NotAReviewPicture::TooLarge);
        }
        Ok(Self { content: UploadContent::Bytes(bytes), content_type })
    }
}

/// Which reviews the admin lists.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReviewFilter {
    pub status: Option<ReviewStatus>,
}

impl Localized for NotAReviewPicture {
    fn urdu(&self) -> String {
        match self {
            Self::NotAPicture => "صرف تصویر کی فائلیں (jpg، png وغیرہ) اپ لوڈ ہو سکتی ہیں۔".to_owned(),
            Self::TooLarge => "ہر تصویر زیادہ سے زیادہ 5 MB کی ہو سکتی ہے۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_judged_by_their_bytes_and_size() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x01\xe0\0\0\x01\xe0\x08\x02\0\0\0".to_vec();
        let mut big = png.clone();
        big.resize(MAX_REVIEW_IMAGE_BYTES + 1, 0);

        assert_eq!(ReviewPicture::parse(png.clone()).map(|p| p.content_type), Ok("image/png"));
        assert_eq!(ReviewPicture::parse(big).err(), Some(NotAReviewPicture::TooLarge));
        assert_eq!(
            ReviewPicture::parse(b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec()).err(),
            Some(NotAReviewPicture::NotAPicture)
        );
        assert_eq!(ReviewPicture::type_of(&png[..16]), Ok("image/png"), "the first bytes are enough");
        assert_eq!(
            ReviewPicture::new(UploadContent::Bytes(Vec::new()), &png, MAX_REVIEW_IMAGE_BYTES as u64 + 1).err(),
            Some(NotAReviewPicture::TooLarge),
            "the size is the file's, not the head's"
        );
        assert_eq!(NotAReviewPicture::NotAPicture.to_string(), "Only image files (jpg, png, etc.) are allowed.");
    }
}
