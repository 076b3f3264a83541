//! Response shapes shared by several features, with the field names SPEC.md §3 uses.

use application::catalog::{Category, Media, Product};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

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

/// A JSON number of rupees (not a string), exactly, as paisa.
pub fn rupees_from_number(value: &serde_json::Value) -> Option<domain::money::Rupees> {
    rupees_from_text(&value.as_number()?.to_string())
}

/// A JSON number or numeric string of rupees, as admin forms send them (CONTRACT.md §2).
pub fn rupees_from_form(value: &serde_json::Value) -> Option<domain::money::Rupees> {
    match value {
        serde_json::Value::String(text) => rupees_from_text(text),
        other => rupees_from_number(other),
    }
}

/// Whole rupees on the wire (CONTRACT.md §2). Prices are bounded far below `i32::MAX` where they enter.
pub fn whole_rupees(amount: domain::money::Rupees) -> i32 {
    i32::try_from(amount.round_to_whole()).unwrap_or(i32::MAX)
}

/// A product as shoppers see it.
#[derive(Debug, Serialize, ToSchema)]
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
}

/// The category a product belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategorySummary {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A picture or video.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaResponse {
    /// Where the file as uploaded is served, relative to the site's origin.
    pub url: String,
    /// `image` or `video`.
    pub kind: String,
    /// The width of a picture as uploaded, in pixels.
    pub width: Option<i32>,
    /// Narrower WebP copies of a picture, narrowest first, for `srcset`.
    pub variants: Vec<MediaVariantResponse>,
}

/// A resized copy of a picture.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaVariantResponse {
    pub url: String,
    /// Its width in pixels.
    pub width: i32,
}

impl From<Media> for MediaResponse {
    fn from(media: Media) -> Self {
        let width = |w: u32| i32::try_from(w).unwrap_or(i32::MAX);
        let variants = media
            .variant_widths
            .iter()
            .map(|w| MediaVariantResponse { url: media.variant_url(*w), width: width(*w) })
            .collect();
        Self { kind: media.kind.as_str().to_owned(), width: media.width.map(width), variants, url: media.url }
    }
}

impl From<Product> for ProductResponse {
    fn from(product: Product) -> Self {
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
            media: product.media.into_iter().map(MediaResponse::from).collect(),
        }
    }
}

/// A category in the tree.
#[derive(Debug, Serialize, ToSchema)]
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
    pub limit: Option<i32>,
    /// How many items to skip (default 0).
    pub offset: Option<i32>,
}

impl PageQuery {
    pub fn page(&self) -> Result<application::page::Page, application::page::PageError> {
        application::page::Page::new(self.limit.map(i64::from), self.offset.map(i64::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::money::Rupees;
    use serde_json::json;

    #[test]
    fn rupees_with_up_to_two_decimals_become_exact_paisa() {
        assert_eq!(rupees_from_number(&json!(1099.15)), Some(Rupees::from_paisa(109_915)));
        assert_eq!(rupees_from_number(&json!(1099.1)), Some(Rupees::from_paisa(109_910)));
        assert_eq!(rupees_from_number(&json!(2250)), Some(Rupees::from_whole(2250)));
    }

    #[test]
    fn strings_fractions_of_a_paisa_negatives_and_exponents_are_not_numbers_of_rupees() {
        for bad in [json!("1500"), json!(10.005), json!(-5), json!(null), json!(true), json!(1e300), json!([1])] {
            assert_eq!(rupees_from_number(&bad), None, "{bad}");
        }
    }

    #[test]
    fn admin_forms_may_send_numeric_strings() {
        assert_eq!(rupees_from_form(&json!(" 250 ")), Some(Rupees::from_whole(250)));
        assert_eq!(rupees_from_form(&json!("99.5")), Some(Rupees::from_paisa(9950)));
        for bad in [json!(""), json!("abc"), json!("-1"), json!("1e3"), json!("1.234"), json!(".5")] {
            assert_eq!(rupees_from_form(&bad), None, "{bad}");
        }
    }
}
