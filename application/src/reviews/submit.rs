//! Submitting a review: through the e-mailed token link, or from My Orders by the signed-in customer. The
//! checks that need no picture (the token, or the customer's delivered order) can run on their own before
//! the pictures are even read ([`Reviews::check_token_review`], [`Reviews::check_item_review`]). The
//! pictures are kept first (re-encoded), then the token is used and the review stored in one transaction;
//! anything refused after the pictures were kept removes them, so a refused request leaves no file.

use domain::ids::{CustomerId, OrderId, ProductId, ReviewId};
use domain::language::{Bilingual, Localized};
use domain::review::{Rating, RatingError, MAX_REVIEWER_NAME_CHARS, MAX_REVIEW_COMMENT_CHARS, MAX_REVIEW_IMAGES};
use domain::text::is_unseen;

use crate::common::error::{Conflict, RepositoryError};
use crate::common::token::LinkDigest;
use crate::media::picture::{UnusablePicture, MAX_REVIEW_PICTURE_WIDTH};
use crate::media::ports::{MediaStoreError, MediaUpload};
use crate::reviews::model::{
    NewReview, Purchase, Review, ReviewForm, ReviewImage, ReviewPicture, ReviewedPair, TokenInfo,
};
use crate::reviews::ports::ReviewTx;
use crate::reviews::service::Reviews;

/// The answer's message after a review was stored.
pub const REVIEW_THANKS: Bilingual =
    Bilingual { english: "Thank you for your review!", urdu: "ریویو دینے کا شکریہ!" };

/// Why a token was not verified.
#[derive(Debug, thiserror::Error)]
pub enum VerifyTokenError {
    #[error("Missing review token.")]
    Missing,
    #[error("Invalid or expired token.")]
    Unknown,
    #[error("This review link has already been used.")]
    Used,
    #[error("the token could not be read")]
    Unexpected(#[source] RepositoryError),
}

/// Why a review was not stored. Nothing of it is kept.
#[derive(Debug, thiserror::Error)]
pub enum SubmitReviewError {
    #[error("Missing review token.")]
    MissingToken,
    #[error("Invalid or expired token.")]
    UnknownToken,
    #[error("This review link has already been used.")]
    UsedToken,
    /// The form named a product other than the token's.
    #[error("This review link is for another product.")]
    OtherProduct,
    #[error("Please enter your name.")]
    NameMissing,
    /// The internal form's name or comment is missing.
    #[error("Please fill out all fields.")]
    FieldsMissing,
    #[error("The name may be at most {} characters.", MAX_REVIEWER_NAME_CHARS)]
    NameTooLong,
    #[error("The name may not hold control characters.")]
    NameInvalid,
    #[error(transparent)]
    Rating(#[from] RatingError),
    #[error("The comment may be at most {} characters.", MAX_REVIEW_COMMENT_CHARS)]
    CommentTooLong,
    #[error("The comment may not hold control characters other than line breaks and tabs.")]
    CommentInvalid,
    #[error("You can only upload up to {} images.", MAX_REVIEW_IMAGES)]
    TooManyImages,
    #[error("You can only review products from your delivered orders.")]
    NotYourDeliveredOrder,
    #[error("You have already reviewed this product for this order.")]
    AlreadyReviewed,
    /// A picture over the pixel limit or one that does not decode.
    #[error(transparent)]
    Picture(UnusablePicture),
    #[error("the pictures could not be stored")]
    Media(#[source] MediaStoreError),
    #[error("the review could not be stored")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for SubmitReviewError {
    fn from(err: RepositoryError) -> Self {
        match err {
            RepositoryError::Conflict(Conflict::AlreadyReviewed) => Self::AlreadyReviewed,
            other => Self::Unexpected(other),
        }
    }
}

impl From<MediaStoreError> for SubmitReviewError {
    fn from(err: MediaStoreError) -> Self {
        match err {
            MediaStoreError::Unusable(picture) => Self::Picture(picture),
            failed @ MediaStoreError::Failed(_) => Self::Media(failed),
        }
    }
}

/// Why a customer's reviewed items were not listed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewedPairsError {
    #[error("You can only see your own reviews.")]
    NotYours,
    #[error("the reviews could not be read")]
    Unexpected(#[source] RepositoryError),
}

/// Which form a review comes from: the two check their fields with different messages (docs/spec.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Token,
    Internal,
}

/// A checked form: name, rating and comment trimmed and within their limits.
struct Checked {
    reviewer_name: String,
    rating: Rating,
    comment: String,
}

fn check(form: ReviewForm, which: Form, images: usize) -> Result<Checked, SubmitReviewError> {
    let reviewer_name = form.reviewer_name.trim().to_owned();
    let comment = form.comment.trim().to_owned();
    match which {
        Form::Token if reviewer_name.is_empty() => return Err(SubmitReviewError::NameMissing),
        Form::Internal if reviewer_name.is_empty() || comment.is_empty() => {
            return Err(SubmitReviewError::FieldsMissing)
        }
        Form::Token | Form::Internal => {}
    }
    if reviewer_name.chars().count() > MAX_REVIEWER_NAME_CHARS {
        return Err(SubmitReviewError::NameTooLong);
    }
    if reviewer_name.chars().any(|c| c.is_control() || is_unseen(c)) {
        return Err(SubmitReviewError::NameInvalid);
    }
    let rating = Rating::try_from(form.rating.ok_or(RatingError)?)?;
    if comment.chars().count() > MAX_REVIEW_COMMENT_CHARS {
        return Err(SubmitReviewError::CommentTooLong);
    }
    if comment.chars().any(|c| (c.is_control() && !matches!(c, '\n' | '\r' | '\t')) || is_unseen(c)) {
        return Err(SubmitReviewError::CommentInvalid);
    }
    if images > MAX_REVIEW_IMAGES {
        return Err(SubmitReviewError::TooManyImages);
    }
    Ok(Checked { reviewer_name, rating, comment })
}

impl Reviews {
    /// What a review token is for, when it is unused.
    ///
    /// # Errors
    /// [`VerifyTokenError::Missing`] for a blank token, `Unknown` for an unknown one (or one whose product
    /// has been deleted), `Used` for a used one.
    pub async fn verify_token(&self, token: &str) -> Result<TokenInfo, VerifyTokenError> {
        let token = token.trim();
        if token.is_empty() {
            return Err(VerifyTokenError::Missing);
        }
        if !crate::common::token::well_formed(token) {
            return Err(VerifyTokenError::Unknown);
        }
        match self.repository.token(&LinkDigest::of(token)).await.map_err(VerifyTokenError::Unexpected)? {
            None => Err(VerifyTokenError::Unknown),
            Some(info) if info.product_name.is_none() => Err(VerifyTokenError::Unknown),
            Some(info) if info.used => Err(VerifyTokenError::Used),
            Some(info) => Ok(info),
        }
    }

    /// The checks of a token review that need neither its text nor its pictures: the token given, known
    /// (for a product that still exists), unused, and for `product` when the form named one. Run as soon as
    /// the token has arrived, an unusable link is refused before any picture is read; [`Reviews::submit_by_token`]
    /// runs them again.
    ///
    /// # Errors
    /// [`SubmitReviewError::MissingToken`], `UnknownToken`, `UsedToken`, `OtherProduct`, or a failure.
    pub async fn check_token_review(&self, token: &str, product: Option<ProductId>) -> Result<(), SubmitReviewError> {
        let info = self.verify_token(token).await.map_err(|err| match err {
            VerifyTokenError::Missing => SubmitReviewError::MissingToken,
            VerifyTokenError::Unknown => SubmitReviewError::UnknownToken,
            VerifyTokenError::Used => SubmitReviewError::UsedToken,
            VerifyTokenError::Unexpected(source) => SubmitReviewError::Unexpected(source),
        })?;
        if product.is_some_and(|p| p != info.product) {
            return Err(SubmitReviewError::OtherProduct);
        }
        Ok(())
    }

    /// The checks of a review from My Orders that need neither its text nor its pictures: `product` is an
    /// item of `customer`'s delivered `order` and has no review yet. Run before the pictures are read;
    /// [`Reviews::submit_internal`] runs them again.
    ///
    /// # Errors
    /// [`SubmitReviewError::NotYourDeliveredOrder`], `AlreadyReviewed`, or a failure.
    pub async fn check_item_review(
        &self,
        customer: CustomerId,
        order: OrderId,
        product: ProductId,
    ) -> Result<(), SubmitReviewError> {
        match self.repository.purchase(customer, order, product).await? {
            Purchase::Delivered => {}
            Purchase::NotDelivered | Purchase::None => return Err(SubmitReviewError::NotYourDeliveredOrder),
        }
        if self.repository.is_reviewed(order, product).await? {
            return Err(SubmitReviewError::AlreadyReviewed);
        }
        Ok(())
    }

    /// Keeps the pictures, re-encoded and at most [`MAX_REVIEW_PICTURE_WIDTH`] wide; on a failure removes
    /// those already kept.
    async fn keep(&self, pictures: Vec<ReviewPicture>) -> Result<Vec<ReviewImage>, SubmitReviewError> {
        let mut kept: Vec<ReviewImage> = Vec::with_capacity(pictures.len());
        for picture in pictures {
            let upload = MediaUpload { content: picture.content, content_type: picture.content_type.to_owned() };
            match self.media.save_reencoded(upload, MAX_REVIEW_PICTURE_WIDTH).await {
                Ok(stored) => {
                    kept.push(ReviewImage { url: stored.url, width: stored.width, variants: stored.variants })
                }
                Err(err) => {
                    self.media.remove(kept.into_iter().map(|image| image.url).collect()).await;
                    return Err(err.into());
                }
            }
        }
        Ok(kept)
    }

    /// Stores the review `store` makes in one transaction with the pictures kept, and removes them when it
    /// fails. Any error `store` answers, a refusal or a store's error, rolls back every write.
    async fn store<F>(&self, images: Vec<ReviewImage>, store: F) -> Result<Review, SubmitReviewError>
    where
        F: FnOnce(&mut dyn ReviewTx, Vec<ReviewImage>) -> Result<ReviewId, SubmitReviewError> + Send + 'static,
    {
        let urls: Vec<String> = images.iter().map(|image| image.url.clone()).collect();
        let id = match self.unit_of_work.run(move |tx| store(tx.reviews(), images)).await {
            Ok(id) => id,
            Err(refused) => {
                self.media.remove(urls).await;
                return Err(refused);
            }
        };
        self.repository
            .find(id)
            .await?
            .ok_or_else(|| SubmitReviewError::Unexpected(RepositoryError::Corrupt(format!("review {id} vanished"))))
    }

    /// Stores a pending review of the token's item and uses the token up, at once: of two submits of one
    /// token exactly one stores a review. `product`, when the form names one, must be the token's.
    ///
    /// # Errors
    /// The form's first problem (name, rating, comment, images), [`SubmitReviewError::MissingToken`],
    /// `UnknownToken`, `UsedToken`, `OtherProduct`, `AlreadyReviewed`, a picture's problem, or a failure.
    pub async fn submit_by_token(
        &self,
        token: &str,
        product: Option<ProductId>,
        form: ReviewForm,
        pictures: Vec<ReviewPicture>,
    ) -> Result<Review, SubmitReviewError> {
        let token = token.trim().to_owned();
        if token.is_empty() {
            return Err(SubmitReviewError::MissingToken);
        }
        let checked = check(form, Form::Token, pictures.len())?;
        self.check_token_review(&token, product).await?;
        let images = self.keep(pictures).await?;
        self.store(images, move |tx, images| {
            let Some(info) = tx.use_token(&LinkDigest::of(&token))? else {
                return Err(SubmitReviewError::UsedToken);
            };
            let review = NewReview {
                product: info.product,
                order: info.order,
                customer: info.customer,
                reviewer_name: checked.reviewer_name,
                rating: checked.rating,
                comment: checked.comment,
                images,
            };
            Ok(tx.insert(&review)?)
        })
        .await
    }

    /// Stores a pending review of an item of the signed-in customer's delivered order, once per item, and
    /// uses up the item's e-mailed token.
    ///
    /// # Errors
    /// The form's first problem, [`SubmitReviewError::NotYourDeliveredOrder`], `AlreadyReviewed`, a
    /// picture's problem, or a failure.
    pub async fn submit_internal(
        &self,
        customer: CustomerId,
        order: OrderId,
        product: ProductId,
        form: ReviewForm,
        pictures: Vec<ReviewPicture>,
    ) -> Result<Review, SubmitReviewError> {
        let checked = check(form, Form::Internal, pictures.len())?;
        self.check_item_review(customer, order, product).await?;
        let images = self.keep(pictures).await?;
        self.store(images, move |tx, images| {
            match tx.purchase(customer, order, product)? {
                Purchase::Delivered => {}
                Purchase::NotDelivered | Purchase::None => return Err(SubmitReviewError::NotYourDeliveredOrder),
            }
            let review = NewReview {
                product,
                order,
                customer,
                reviewer_name: checked.reviewer_name,
                rating: checked.rating,
                comment: checked.comment,
                images,
            };
            let id = tx.insert(&review)?;
            tx.use_pair_token(order, product)?;
            Ok(id)
        })
        .await
    }

    /// The items of `owner`'s orders that have a review, for the signed-in customer `asking`.
    ///
    /// # Errors
    /// [`ReviewedPairsError::NotYours`] when they differ, `Unexpected` when the store fails.
    pub async fn reviewed_pairs(
        &self,
        asking: CustomerId,
        owner: CustomerId,
    ) -> Result<Vec<ReviewedPair>, ReviewedPairsError> {
        if asking != owner {
            return Err(ReviewedPairsError::NotYours);
        }
        self.repository.reviewed_pairs(owner).await.map_err(ReviewedPairsError::Unexpected)
    }
}

impl Localized for VerifyTokenError {
    fn urdu(&self) -> String {
        match self {
            Self::Missing => "ریویو کا ٹوکن موجود نہیں۔".to_owned(),
            Self::Unknown => "ٹوکن درست نہیں یا اس کی مدت ختم ہو چکی ہے۔".to_owned(),
            Self::Used => "یہ ریویو لنک پہلے ہی استعمال ہو چکا ہے۔".to_owned(),
            Self::Unexpected(_) => "کچھ غلط ہو گیا۔ براہِ کرم دوبارہ کوشش کریں۔".to_owned(),
        }
    }
}

impl Localized for SubmitReviewError {
    fn urdu(&self) -> String {
        match self {
            Self::MissingToken => VerifyTokenError::Missing.urdu(),
            Self::UnknownToken => VerifyTokenError::Unknown.urdu(),
            Self::UsedToken => VerifyTokenError::Used.urdu(),
            Self::OtherProduct => "یہ ریویو لنک کسی اور پروڈکٹ کا ہے۔".to_owned(),
            Self::NameMissing => "براہِ کرم اپنا نام درج کریں۔".to_owned(),
            Self::FieldsMissing => "براہِ کرم تمام خانے پُر کریں۔".to_owned(),
            Self::NameTooLong => format!("نام زیادہ سے زیادہ {MAX_REVIEWER_NAME_CHARS} حروف کا ہو سکتا ہے۔"),
            Self::NameInvalid => "نام ایک ہی سطر میں لکھیں۔".to_owned(),
            Self::Rating(err) => err.urdu(),
            Self::CommentTooLong => format!("تبصرہ زیادہ سے زیادہ {MAX_REVIEW_COMMENT_CHARS} حروف کا ہو سکتا ہے۔"),
            Self::CommentInvalid => "تبصرے میں ایسے نشان نہ ہوں جو لکھے نہیں جاتے۔".to_owned(),
            Self::TooManyImages => format!("آپ زیادہ سے زیادہ {MAX_REVIEW_IMAGES} تصاویر اپ لوڈ کر سکتے ہیں۔"),
            Self::NotYourDeliveredOrder => {
                "آپ صرف اپنے ڈیلیور ہو چکے آرڈرز کی پروڈکٹس کا ریویو دے سکتے ہیں۔".to_owned()
            }
            Self::AlreadyReviewed => "آپ اس آرڈر کی یہ پروڈکٹ پہلے ہی ریویو کر چکے ہیں۔".to_owned(),
            Self::Picture(_) => "یہ تصویر استعمال نہیں ہو سکتی۔".to_owned(),
            Self::Media(_) | Self::Unexpected(_) => "کچھ غلط ہو گیا۔ براہِ کرم دوبارہ کوشش کریں۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests;
