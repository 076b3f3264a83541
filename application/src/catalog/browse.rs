//! Browsing the catalogue: product lists, one product, the category list.

use std::sync::Arc;

use crate::catalog::model::{Category, CategoryPage, Product, ProductFilter, SearchTerms};
use crate::catalog::ports::CatalogRepository;
use crate::common::error::RepositoryError;
use crate::common::page::Page;
use domain::ids::{CategoryId, ProductId};

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

    /// One category with its place in the tree.
    ///
    /// # Errors
    /// [`CatalogError::CategoryNotFound`] for an unknown id; [`CatalogError::Unexpected`] when the store fails.
    pub async fn category(&self, id: CategoryId) -> Result<Category, CatalogError> {
        self.repository.category(id).await.map_err(CatalogError::Unexpected)?.ok_or(CatalogError::CategoryNotFound(id))
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
    use crate::catalog::model::CategoryRef;
    use crate::catalog::ports::MockCatalogRepository;
    use domain::money::Rupees;
    use domain::pricing::PriceTag;

    fn product(id: i64) -> Product {
        Product {
            id: ProductId::new(id).unwrap(),
            name: "USB-C cable".into(),
            category: CategoryRef { id: CategoryId::new(1).unwrap(), name: "Cables".into() },
            price: PriceTag::list(Rupees::from_whole(500)),
            description: "1 m".into(),
            color: None,
            quantity: 4,
            featured: false,
            free_delivery: false,
            media: vec![],
            ratings: domain::review::RatingSpread::default(),
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

    #[tokio::test]
    async fn an_unknown_category_page_is_not_found() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_category_page().times(1).returning(|_| Ok(None));

        let err = Catalog::new(Arc::new(repository)).category_page(CategoryId::new(3).unwrap()).await.unwrap_err();

        assert_eq!(err.to_string(), "Category not found.");
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
