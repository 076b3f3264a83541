//! The catalogue's records: products, categories, and what is written and searched.

use chrono::{DateTime, Utc};
use domain::category::CategoryName;
use domain::ids::{CategoryId, ProductId};
use domain::pricing::PriceTag;
use domain::review::RatingSpread;
use domain::text::{is_bidi_control, is_unseen};

use crate::media::model::Media;

/// A product as the catalogue shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: ProductId,
    pub name: String,
    /// The owner's Urdu name, if any (the English one shows without it).
    pub name_ur: Option<String>,
    pub category: CategoryRef,
    pub price: PriceTag,
    pub description: String,
    /// The owner's Urdu description, if any.
    pub description_ur: Option<String>,
    pub color: Option<String>,
    /// Units on hand; also the most a cart may hold.
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    /// Pictures and videos in display order.
    pub media: Vec<Media>,
    /// Its approved reviews' ratings, per star.
    pub ratings: RatingSpread,
}

/// The category a product belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRef {
    pub id: CategoryId,
    pub name: String,
    /// The owner's Urdu name, if any.
    pub name_ur: Option<String>,
}

/// A category with its place in the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: CategoryId,
    pub name: String,
    /// The owner's Urdu name, if any.
    pub name_ur: Option<String>,
    /// `None` for a root category.
    pub parent: Option<CategoryId>,
    /// The names from the root down to this one, joined by " > ".
    pub full_path: String,
    pub views: i64,
}

/// A category to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCategory {
    pub name: CategoryName,
    pub name_ur: Option<CategoryName>,
    pub parent: Option<CategoryId>,
}

/// A product to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProduct {
    pub name: String,
    pub name_ur: Option<String>,
    pub category: CategoryId,
    pub price: PriceTag,
    pub description: String,
    pub description_ur: Option<String>,
    pub color: Option<String>,
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    pub media: Vec<Media>,
}

/// The owner's product list by stock: every product, none left, or few left (1 to
/// [`LOW_STOCK_PAGE_AT_MOST`](domain::stock::LOW_STOCK_PAGE_AT_MOST), when the product page says 'Only N left!').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StockFilter {
    #[default]
    Any,
    Out,
    Low,
}

/// The owner's search of the products: by a piece of the name (any case), a category (products directly in
/// it) and stock. Every part is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProductQuery {
    /// Trimmed, 1 to [`MAX_PRODUCT_QUERY_CHARS`] characters.
    pub name: Option<String>,
    pub category: Option<CategoryId>,
    pub stock: StockFilter,
}

/// The longest name search the owner's list takes.
pub const MAX_PRODUCT_QUERY_CHARS: usize = 100;

/// Which products a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductFilter {
    All,
    Featured,
    /// Products directly in one category.
    InCategory(CategoryId),
}

/// What a shopper searches for: trimmed, lower-cased, 1 to 100 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchTerms(String);

impl SearchTerms {
    /// Trims and lower-cases what the shopper typed; control characters become spaces and bidirectional
    /// controls are dropped (unseen, they join the letters around them).
    ///
    /// # Errors
    /// [`SearchTermsError`] when nothing is left or more than 100 characters are.
    pub fn parse(text: &str) -> Result<Self, SearchTermsError> {
        let cleaned: String = text
            .chars()
            .filter(|c| !is_bidi_control(*c))
            .map(|c| if c.is_control() || is_unseen(c) { ' ' } else { c })
            .collect();
        let terms = cleaned.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        match terms.chars().count() {
            0 => Err(SearchTermsError::Empty),
            n if n > MAX_SEARCH_CHARS => Err(SearchTermsError::TooLong),
            _ => Ok(Self(terms)),
        }
    }

    /// The terms, lower-cased, single-spaced.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The longest search accepted, in characters.
pub const MAX_SEARCH_CHARS: usize = 100;

/// Search terms that cannot be searched for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchTermsError {
    #[error("Enter something to search for.")]
    Empty,
    #[error("Search terms are limited to {} characters.", MAX_SEARCH_CHARS)]
    TooLong,
}

/// A category page: the category, its own products and a section per child category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryPage {
    pub category: Category,
    pub products: Vec<Product>,
    pub children: Vec<(CategoryRef, Vec<Product>)>,
}

/// Every category and product with the time it last changed, each list in id order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LastChanges {
    pub categories: Vec<(CategoryId, DateTime<Utc>)>,
    pub products: Vec<(ProductId, DateTime<Utc>)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_terms_are_trimmed_lower_cased_and_single_spaced() {
        assert_eq!(SearchTerms::parse("  iPhone \t  CASE\n").unwrap().as_str(), "iphone case");
    }

    #[test]
    fn bidirectional_controls_are_dropped_from_a_search_and_separators_become_spaces() {
        let typed = "\u{202E}ipho\u{2066}ne\u{2069}\u{2028}case\u{202C}";

        assert_eq!(SearchTerms::parse(typed).unwrap().as_str(), "iphone case");
        assert_eq!(SearchTerms::parse("\u{202E}\u{2069}"), Err(SearchTermsError::Empty));
    }

    #[test]
    fn blank_and_overlong_searches_are_refused() {
        assert_eq!(SearchTerms::parse(" \t "), Err(SearchTermsError::Empty));
        assert_eq!(SearchTerms::parse(&"a".repeat(101)), Err(SearchTermsError::TooLong));
        assert!(SearchTerms::parse(&"a".repeat(100)).is_ok());
        assert_eq!(SearchTermsError::TooLong.to_string(), "Search terms are limited to 100 characters.");
    }
}
