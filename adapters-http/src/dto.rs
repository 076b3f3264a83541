//! Response shapes shared by several features, with the field names SPEC.md §3 uses.

use application::catalog::model::{Category, Product};

use application::media::model::{Media, MediaVariant};
use chrono::{DateTime, SecondsFormat, Utc};
use domain::review::{Rating, RatingSpread};
use domain::risk::Risk;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::media::MediaAddresses;

/// Rupees written as decimal text with at most two decimals, exactly, as paisa; negatives, exponents and
/// fractions of a paisa are refused.
pub fn rupees_from_text(text: &str) -> Option<domain::money::Rupees> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || fraction.len() > 2 || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    Some(domain::money::Rupees::from_paisa(whole.checked_mul(100)?.checked_add(fraction)?))
}

/// Whole rupees on the wire (CONTRACT.md §2). Prices are bounded far below `i32::MAX` where they enter.
pub fn whole_rupees(amount: domain::money::Rupees) -> i32 {
    i32::try_from(amount.round_to_whole()).unwrap_or(i32::MAX)
}

/// A product as shoppers see it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductResponse {
    /// The product's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub category: CategorySummary,
    /// The list price in whole rupees.
    pub price: i32,
    /// The sale price in whole rupees, when one is set (honoured only when above 0 and below the price).
    pub sale_price: Option<i32>,
    /// The percentage discount as set (honoured only from 1 to 90).
    pub discount_percent: i32,
    /// The price the shopper pays, rounded to whole rupees: the unit price of SPEC.md §5.
    pub final_price: i32,
    /// The percentage shown in the 'N% OFF' badge; 0 when not discounted.
    pub discount: i32,
    pub description: String,
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
        let count =
            |stars| Rating::new(stars).map_or(0, |rating| i32::try_from(spread.count_of(rating)).unwrap_or(i32::MAX));
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
}

/// A picture or video.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaResponse {
    /// Where the file as uploaded is served: relative to the site's origin (`/media/...`), or absolute under
    /// the media base URL when the shop has one.
    pub url: String,
    /// `image` or `video`.
    pub kind: String,
    /// The width of a picture as uploaded, in pixels.
    pub width: Option<i32>,
    /// Narrower WebP copies of a picture, narrowest first, for `srcset`.
    pub variants: Vec<MediaVariantResponse>,
}

/// A resized copy of a picture.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaVariantResponse {
    pub url: String,
    /// Its width in pixels.
    pub width: i32,
}

/// A width in pixels as the wire's 32-bit integer.
fn pixels(width: u32) -> i32 {
    i32::try_from(width).unwrap_or(i32::MAX)
}

impl MediaVariantResponse {
    /// A copy, with its address as `addresses` give it out.
    #[must_use]
    pub fn new(variant: &MediaVariant, addresses: &MediaAddresses) -> Self {
        Self { url: addresses.public(&variant.url), width: pixels(variant.width) }
    }
}

impl MediaResponse {
    /// A picture or video, with its addresses as `addresses` give them out.
    #[must_use]
    pub fn new(media: Media, addresses: &MediaAddresses) -> Self {
        Self {
            kind: media.kind.as_str().to_owned(),
            width: media.width.map(pixels),
            variants: media.variants.iter().map(|v| MediaVariantResponse::new(v, addresses)).collect(),
            url: addresses.public(&media.url),
        }
    }
}

impl ProductResponse {
    /// A product, with its media's addresses as `addresses` give them out.
    #[must_use]
    pub fn new(product: Product, addresses: &MediaAddresses) -> Self {
        let stock = i32::try_from(product.quantity).unwrap_or(i32::MAX);
        Self {
            id: product.id.to_string(),
            name: product.name,
            category: CategorySummary { id: product.category.id.to_string(), name: product.category.name },
            price: whole_rupees(product.price.list_price()),
            sale_price: product.price.sale_price().map(whole_rupees),
            discount_percent: i32::from(product.price.discount_percent()),
            final_price: i32::try_from(product.price.displayed_price()).unwrap_or(i32::MAX),
            discount: i32::from(product.price.displayed_discount_percent()),
            description: product.description,
            color: product.color,
            quantity: stock,
            stock,
            featured: product.featured,
            free_delivery: product.free_delivery,
            media: product.media.into_iter().map(|media| MediaResponse::new(media, addresses)).collect(),
            rating: rating_of(product.ratings),
            review_count: i32::try_from(product.ratings.total()).unwrap_or(i32::MAX),
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
            parent: category.parent.map(|p| p.to_string()),
            full_path: category.full_path,
            views: i32::try_from(category.views).unwrap_or(i32::MAX),
        }
    }
}

/// Optional paging of list calls: at most `limit` items (1 to 100, default 100) after skipping `offset`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// How many items at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many items to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

impl PageQuery {
    pub fn page(&self) -> Result<application::common::page::Page, application::common::page::PageError> {
        page_of(self.limit, self.offset)
    }
}

/// The page a list call's `limit` and `offset` ask for (a missing limit is the use case's default).
pub fn page_of(
    limit: Option<i32>,
    offset: Option<i32>,
) -> Result<application::common::page::Page, application::common::page::PageError> {
    application::common::page::Page::new(limit.map(i64::from), offset.map(i64::from))
}

/// A path's `id` parameter, documented as the id parsers read it (`domain::ids`): a positive whole number in
/// decimal digits, at most 18 of them; anything else is a 400 naming `id`.
macro_rules! id_path {
    ($name:ident, $description:literal) => {
        #[derive(Debug, IntoParams)]
        #[into_params(parameter_in = Path)]
        #[allow(dead_code)]
        pub struct $name {
            #[doc = $description]
            #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
            id: String,
        }
    };
}

id_path!(ProductIdPath, "The product's id.");
id_path!(CategoryIdPath, "The category's id.");
id_path!(CouponIdPath, "The coupon's id.");
id_path!(OrderIdPath, "The order's id.");

/// An instant on the wire: ISO 8601 in UTC, to the second.
pub(crate) fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Why a rule added its points.
#[derive(Debug, Serialize, ToSchema)]
pub struct RiskReasonResponse {
    /// The rule's id, e.g. `earlier_returns`.
    pub rule: String,
    pub points: i32,
    /// In words, e.g. '1 earlier order from this phone or e-mail was returned.'
    pub text: String,
}

/// An order's risk score (admin answers only).
#[derive(Debug, Serialize, ToSchema)]
pub struct RiskResponse {
    /// 0 to 100: the sum of the points of the enabled rules that fired, at most 100.
    pub score: i32,
    /// `low` (0-29), `medium` (30-59) or `high` (60-100).
    #[schema(pattern = "^(low|medium|high)$")]
    pub level: String,
    pub reasons: Vec<RiskReasonResponse>,
}

impl From<&Risk> for RiskResponse {
    fn from(risk: &Risk) -> Self {
        Self {
            score: i32::from(risk.score()),
            level: risk.level().as_str().to_owned(),
            reasons: risk
                .reasons()
                .iter()
                .map(|r| RiskReasonResponse {
                    rule: r.rule.as_str().to_owned(),
                    points: i32::from(r.points),
                    text: r.text.clone(),
                })
                .collect(),
        }
    }
}
