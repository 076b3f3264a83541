//! Browsing the catalogue: product lists, one product, the category list.

use std::sync::Arc;

use domain::ids::{CategoryId, ProductId};
use domain::pricing::PriceTag;

use crate::page::Page;
use crate::ports::{CatalogRepository, RepositoryError};

/// A product as the catalogue shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: ProductId,
    pub name: String,
    pub category: CategoryRef,
    pub price: PriceTag,
    pub description: String,
    pub color: Option<String>,
    /// Units on hand; also the most a cart may hold.
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    /// Pictures and videos in display order.
    pub media: Vec<Media>,
}

/// The category a product belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRef {
    pub id: CategoryId,
    pub name: String,
}

/// A picture or video of a product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Media {
    /// The path the file as uploaded is served at, e.g. `/media/3f9c….png`.
    pub url: String,
    pub kind: MediaKind,
    /// The width in pixels of a picture as uploaded.
    pub width: Option<u32>,
    /// Narrower WebP copies of a picture, narrowest first, so phones need not download the original.
    pub variant_widths: Vec<u32>,
}

/// The widths a picture is resized to when it is wider.
pub const VARIANT_WIDTHS: [u32; 3] = [320, 640, 1280];

impl Media {
    /// The address of the copy `width` pixels wide: the original's address with `-{width}.webp` in place
    /// of its extension.
    #[must_use]
    pub fn variant_url(&self, width: u32) -> String {
        let stem = self.url.rsplit_once('.').map_or(self.url.as_str(), |(stem, _)| stem);
        format!("{stem}-{width}.webp")
    }
}

/// Whether a media file is a picture or a video.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    Image,
    Video,
}

impl MediaKind {
    /// The stored and wire name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Image => "image",
            Self::Video => "video",
        }
    }
}

/// A category with its place in the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: CategoryId,
    pub name: String,
    /// `None` for a root category.
    pub parent: Option<CategoryId>,
    /// The names from the root down to this one, joined by " > ".
    pub full_path: String,
    pub views: i64,
}

/// A category to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCategory {
    pub name: String,
    pub parent: Option<CategoryId>,
}

/// A product to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProduct {
    pub name: String,
    pub category: CategoryId,
    pub price: PriceTag,
    pub description: String,
    pub color: Option<String>,
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    pub media: Vec<Media>,
}

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

/// The longest search accepted, in characters.
pub const MAX_SEARCH_CHARS: usize = 100;

/// Search terms that cannot be searched for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchTermsError {
    #[error("Enter something to search for.")]
    Empty,
    #[error("Search terms are limited to 100 characters.")]
    TooLong,
}

impl SearchTerms {
    /// Trims and lower-cases what the shopper typed; control characters become spaces.
    ///
    /// # Errors
    /// [`SearchTermsError`] when nothing is left or more than 100 characters are.
    pub fn parse(text: &str) -> Result<Self, SearchTermsError> {
        let cleaned: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
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

/// A category page: the category, its own products and a section per child category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryPage {
    pub category: Category,
    pub products: Vec<Product>,
    pub children: Vec<(CategoryRef, Vec<Product>)>,
}

/// Why a catalogue read failed.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("Product not found.")]
    ProductNotFound(ProductId),
    #[error("Category not found.")]
    CategoryNotFound(CategoryId),
    #[error("the catalogue could not be read")]
    Unexpected(#[source] RepositoryError),
}

/// The catalogue use cases.
#[derive(Clone)]
pub struct Catalog {
    repository: Arc<dyn CatalogRepository>,
}

impl Catalog {
    #[must_use]
    pub fn new(repository: Arc<dyn CatalogRepository>) -> Self {
        Self { repository }
    }

    /// A page of products, all or only the featured ones, newest first.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn list_products(&self, filter: ProductFilter, page: Page) -> Result<Vec<Product>, CatalogError> {
        self.repository.list_products(filter, page).await.map_err(CatalogError::Unexpected)
    }

    /// One product.
    ///
    /// # Errors
    /// [`CatalogError::ProductNotFound`] for an unknown id; [`CatalogError::Unexpected`] when the store fails.
    pub async fn product(&self, id: ProductId) -> Result<Product, CatalogError> {
        self.repository.product(id).await.map_err(CatalogError::Unexpected)?.ok_or(CatalogError::ProductNotFound(id))
    }

    /// Products matching `terms` in their name, category or description, best matches first; tolerant of a
    /// typo or a missing letter.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn search(&self, terms: &SearchTerms, page: Page) -> Result<Vec<Product>, CatalogError> {
        self.repository.search(terms, page).await.map_err(CatalogError::Unexpected)
    }

    /// A category with its products and its children's products.
    ///
    /// # Errors
    /// [`CatalogError::CategoryNotFound`] for an unknown id; [`CatalogError::Unexpected`] when the store fails.
    pub async fn category_page(&self, id: CategoryId) -> Result<CategoryPage, CatalogError> {
        self.repository
            .category_page(id)
            .await
            .map_err(CatalogError::Unexpected)?
            .ok_or(CatalogError::CategoryNotFound(id))
    }

    /// Counts one more view of a category page; answers the new count.
    ///
    /// # Errors
    /// [`CatalogError::CategoryNotFound`] for an unknown id; [`CatalogError::Unexpected`] when the store fails.
    pub async fn count_view(&self, id: CategoryId) -> Result<i64, CatalogError> {
        self.repository
            .increment_views(id)
            .await
            .map_err(CatalogError::Unexpected)?
            .ok_or(CatalogError::CategoryNotFound(id))
    }

    /// A page of categories, ordered by full path so a tree can be built in one pass.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn categories(&self, page: Page) -> Result<Vec<Category>, CatalogError> {
        self.repository.categories(page).await.map_err(CatalogError::Unexpected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::MockCatalogRepository;
    use domain::money::Rupees;

    fn product(id: i64) -> Product {
        Product {
            id: ProductId::new(id).unwrap(),
            name: "USB-C cable".into(),
            category: CategoryRef { id: CategoryId::new(1).unwrap(), name: "Cables".into() },
            price: PriceTag::new(Rupees::from_whole(500), None, 0),
            description: "1 m".into(),
            color: None,
            quantity: 4,
            featured: false,
            free_delivery: false,
            media: vec![],
        }
    }

    #[tokio::test]
    async fn a_known_product_is_returned() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_product().withf(|id| id.get() == 7).times(1).returning(|_| Ok(Some(product(7))));
        let catalog = Catalog::new(Arc::new(repository));

        let found = catalog.product(ProductId::new(7).unwrap()).await.unwrap();

        assert_eq!(found.id.get(), 7);
    }

    #[tokio::test]
    async fn an_unknown_product_is_not_found() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_product().times(1).returning(|_| Ok(None));
        let catalog = Catalog::new(Arc::new(repository));

        let err = catalog.product(ProductId::new(9).unwrap()).await.unwrap_err();

        assert!(matches!(err, CatalogError::ProductNotFound(id) if id.get() == 9));
        assert_eq!(err.to_string(), "Product not found.");
    }

    #[test]
    fn a_variant_lives_beside_its_original() {
        let media = Media {
            url: "/media/ab12.png".into(),
            kind: MediaKind::Image,
            width: Some(2000),
            variant_widths: vec![320],
        };

        assert_eq!(media.variant_url(320), "/media/ab12-320.webp");
    }

    #[test]
    fn search_terms_are_trimmed_lower_cased_and_single_spaced() {
        assert_eq!(SearchTerms::parse("  iPhone \t  CASE\n").unwrap().as_str(), "iphone case");
    }

    #[test]
    fn blank_and_overlong_searches_are_refused() {
        assert_eq!(SearchTerms::parse(" \t "), Err(SearchTermsError::Empty));
        assert_eq!(SearchTerms::parse(&"a".repeat(101)), Err(SearchTermsError::TooLong));
        assert!(SearchTerms::parse(&"a".repeat(100)).is_ok());
        assert_eq!(SearchTermsError::TooLong.to_string(), "Search terms are limited to 100 characters.");
    }

    #[tokio::test]
    async fn an_unknown_category_page_is_not_found() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_category_page().times(1).returning(|_| Ok(None));

        let err = Catalog::new(Arc::new(repository)).category_page(CategoryId::new(3).unwrap()).await.unwrap_err();

        assert_eq!(err.to_string(), "Category not found.");
    }

    #[tokio::test]
    async fn counting_a_view_of_an_unknown_category_is_not_found() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_increment_views().times(1).returning(|_| Ok(None));

        let err = Catalog::new(Arc::new(repository)).count_view(CategoryId::new(3).unwrap()).await.unwrap_err();

        assert!(matches!(err, CatalogError::CategoryNotFound(id) if id.get() == 3));
    }

    #[tokio::test]
    async fn a_storage_failure_is_unexpected() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_list_products().times(1).returning(|_, _| Err(RepositoryError::Unavailable("down".into())));
        let catalog = Catalog::new(Arc::new(repository));

        let err = catalog.list_products(ProductFilter::All, Page::FIRST).await.unwrap_err();

        assert!(matches!(err, CatalogError::Unexpected(RepositoryError::Unavailable(_))));
    }

    #[tokio::test]
    async fn the_filter_and_page_reach_the_repository() {
        let mut repository = MockCatalogRepository::new();
        repository
            .expect_list_products()
            .withf(|filter, page| *filter == ProductFilter::Featured && page.limit() == 8 && page.offset() == 16)
            .times(1)
            .returning(|_, _| Ok(vec![product(1), product(2)]));
        let catalog = Catalog::new(Arc::new(repository));

        let products =
            catalog.list_products(ProductFilter::Featured, Page::new(Some(8), Some(16)).unwrap()).await.unwrap();

        assert_eq!(products.len(), 2);
    }
}
