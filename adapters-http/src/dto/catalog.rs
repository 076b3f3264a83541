//! The catalogue's answers, which the shop's pages, the admin's catalogue and the reviews share: products,
//! categories and their media.

use application::catalog::model::{Category, Product};
use application::media::model::{Media, MediaVariant};
use domain::review::{Rating, RatingSpread};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{whole_rupees, wire_int};
use crate::infra::media::MediaAddresses;

/// A product as shoppers see it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductResponse {
    /// The product's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The owner's Urdu name; null when none was given (Urdu pages then show `name`).
    pub name_ur: Option<String>,
    pub category: CategorySummary,
    /// The list price in whole rupees.
    pub price: i32,
    /// The sale price in whole rupees, when the price is marked down to one (then above 0 and below the price).
    pub sale_price: Option<i32>,
    /// The percentage discount as set: with a sale price the one set with it, else from 1 to 90 off the price,
    /// else 0.
    pub discount_percent: i32,
    /// The price the shopper pays, rounded to whole rupees: the unit price of docs/spec.md §5.
    pub final_price: i32,
    /// The percentage shown in the 'N% OFF' badge; 0 when not discounted.
    pub discount: i32,
    pub description: String,
    /// The owner's Urdu description; null when none was given (Urdu pages then show `description`).
    pub description_ur: Option<String>,
    pub color: Option<String>,
    /// Units on hand.
    pub quantity: i32,
    /// The most a cart may hold: the units on hand.
    pub stock: i32,
    pub featured: bool,
    pub free_delivery: bool,
    /// Pictures and videos in display order; the first is the card picture.
    pub media: Vec<MediaResponse>,
    /// The average of the approved reviews' ratings with one decimal (4.3); null without approved reviews.
    pub rating: Option<f64>,
    /// How many approved reviews there are.
    pub review_count: i32,
    /// How many approved reviews gave each number of stars.
    pub rating_spread: RatingSpreadResponse,
}

/// How many approved reviews gave each number of stars, from 5 down to 1.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RatingSpreadResponse {
    #[serde(rename = "5")]
    #[schema(rename = "5")]
    pub five: i32,
    #[serde(rename = "4")]
    #[schema(rename = "4")]
    pub four: i32,
    #[serde(rename = "3")]
    #[schema(rename = "3")]
    pub three: i32,
    #[serde(rename = "2")]
    #[schema(rename = "2")]
    pub two: i32,
    #[serde(rename = "1")]
    #[schema(rename = "1")]
    pub one: i32,
}

impl From<RatingSpread> for RatingSpreadResponse {
    fn from(spread: RatingSpread) -> Self {
        let count = |stars| Rating::new(stars).map_or(0, |rating| wire_int(spread.count_of(rating)));
        Self { five: count(5), four: count(4), three: count(3), two: count(2), one: count(1) }
    }
}

/// An average in tenths of a star as the one-decimal number shown (43 is 4.3).
#[must_use]
pub fn rating_of(spread: RatingSpread) -> Option<f64> {
    spread.average_tenths().map(|tenths| f64::from(tenths) / 10.0)
}

/// The category a product belongs to.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CategorySummary {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The owner's Urdu name; null when none was given.
    #[serde(rename = "nameUr")]
    pub name_ur: Option<String>,
}

/// A picture or video.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaResponse {
    /// Where the file as uploaded is served: relative to the site's origin (`/media/...`), or absolute under
    /// the media base URL when the shop has one.
    pub url: String,
    /// `image` or `video`.
    pub kind: MediaKind,
    /// The width of a picture as uploaded, in pixels.
    pub width: Option<i32>,
    /// Narrower WebP copies of a picture, narrowest first, for `srcset`.
    pub variants: Vec<MediaVariantResponse>,
}

/// Whether a media file is a picture or a video.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    Image,
    Video,
}

impl From<application::media::model::MediaKind> for MediaKind {
    fn from(kind: application::media::model::MediaKind) -> Self {
        use application::media::model::MediaKind as Kind;
        match kind {
            Kind::Image => Self::Image,
            Kind::Video => Self::Video,
        }
    }
}

/// A resized copy of a picture.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaVariantResponse {
    pub url: String,
    /// Its width in pixels.
    pub width: i32,
}

impl MediaVariantResponse {
    /// A copy, with its address as `addresses` give it out.
    #[must_use]
    pub fn new(variant: &MediaVariant, addresses: &MediaAddresses) -> Self {
        Self { url: addresses.public(&variant.url), width: wire_int(variant.width) }
    }
}

impl MediaResponse {
    /// A picture or video, with its addresses as `addresses` give them out.
    #[must_use]
    pub fn new(media: Media, addresses: &MediaAddresses) -> Self {
        Self {
            kind: media.kind.into(),
            width: media.width.map(wire_int),
            variants: media.variants.iter().map(|v| MediaVariantResponse::new(v, addresses)).collect(),
            url: addresses.public(&media.url),
        }
    }
}

impl ProductResponse {
    /// A product, with its media's addresses as `addresses` give them out.
    #[must_use]
    pub fn new(product: Product, addresses: &MediaAddresses) -> Self {
        let stock = wire_int(product.quantity);
        Self {
            id: product.id.to_string(),
            name: product.name,
            name_ur: product.name_ur,
            category: CategorySummary {
                id: product.category.id.to_string(),
                name: product.category.name,
                name_ur: product.category.name_ur,
            },
            price: whole_rupees(product.price.list_price()),
            sale_price: product.price.sale_price().map(whole_rupees),
            discount_percent: i32::from(product.price.discount_percent()),
            final_price: wire_int(product.price.displayed_price()),
            discount: i32::from(product.price.displayed_discount_percent()),
            description: product.description,
            description_ur: product.description_ur,
            color: product.color,
            quantity: stock,
            stock,
            featured: product.featured,
            free_delivery: product.free_delivery,
            media: product.media.into_iter().map(|media| MediaResponse::new(media, addresses)).collect(),
            rating: rating_of(product.ratings),
            review_count: wire_int(product.ratings.total()),
            rating_spread: product.ratings.into(),
        }
    }
}

/// A category in the tree.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryResponse {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The owner's Urdu name; null when none was given.
    pub name_ur: Option<String>,
    /// The parent's id; `null` for a root category.
    pub parent: Option<String>,
    /// The names from the root down to this one, joined by " > ".
    pub full_path: String,
    /// How many browsers have viewed the category page.
    pub views: i32,
}

impl From<Category> for CategoryResponse {
    fn from(category: Category) -> Self {
        Self {
            id: category.id.to_string(),
            name: category.name,
            name_ur: category.name_ur,
            parent: category.parent.map(|p| p.to_string()),
            full_path: category.full_path,
            views: wire_int(category.views),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_media_kind_is_written_as_the_application_names_it() {
        for kind in [application::media::model::MediaKind::Image, application::media::model::MediaKind::Video] {
            assert_eq!(serde_json::to_value(MediaKind::from(kind)).unwrap(), kind.as_str());
        }
    }
}
