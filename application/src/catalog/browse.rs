//! Browsing the catalogue: product lists, one product, the category list.

use std::sync::Arc;

use crate::catalog::model::{Category, CategoryPage, Product, ProductFilter, SearchTerms};
use crate::catalog::ports::CatalogRepository;
use crate::catalog::synonyms::Synonyms;
use crate::common::error::RepositoryError;
use crate::common::page::Page;
use domain::ids::{CategoryId, ProductId};
use domain::language::Localized;
use domain::search::{SynonymGroups, SynonymListError};

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

/// Why the synonym groups were not replaced.
#[derive(Debug, thiserror::Error)]
pub enum ReplaceSynonymsError {
    #[error(transparent)]
    Invalid(#[from] SynonymListError),
    #[error("the synonym groups could not be stored")]
    Unexpected(#[source] RepositoryError),
}

/// The catalogue use cases.
#[derive(Clone)]
pub struct Catalog {
    repository: Arc<dyn CatalogRepository>,
    synonyms: Synonyms,
}

impl Catalog {
    #[must_use]
    pub fn new(repository: Arc<dyn CatalogRepository>, synonyms: Synonyms) -> Self {
        Self { repository, synonyms }
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
    /// typo or a missing letter; a word or phrase of a synonym group stands for the whole group.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn search(&self, terms: &SearchTerms, page: Page) -> Result<Vec<Product>, CatalogError> {
        let synonyms = self.synonyms.current().await.map_err(CatalogError::Unexpected)?;
        self.repository.search(terms, &synonyms, page).await.map_err(CatalogError::Unexpected)
    }

    /// What the shopper probably meant when a search finds nothing ('charger' for 'chrgaer'): `None` when
    /// the search finds something or no word has a likely replacement.
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn correction(&self, terms: &SearchTerms) -> Result<Option<String>, CatalogError> {
        let one = Page::new(Some(1), None).unwrap_or(Page::FIRST);
        if !self.search(terms, one).await?.is_empty() {
            return Ok(None);
        }
        self.repository.correction(terms).await.map_err(CatalogError::Unexpected)
    }

    /// The synonym groups as stored (admin).
    ///
    /// # Errors
    /// [`CatalogError::Unexpected`] when the store fails.
    pub async fn synonyms(&self) -> Result<SynonymGroups, CatalogError> {
        self.synonyms.stored().await.map_err(CatalogError::Unexpected)
    }

    /// Replaces the synonym groups (admin); searches use them at once on this instance and within
    /// [`crate::catalog::synonyms::SYNONYMS_LIFETIME`] on others.
    ///
    /// # Errors
    /// [`SynonymListError`] for groups that break the rules; [`CatalogError::Unexpected`] when the store fails.
    pub async fn replace_synonyms(&self, typed: &[Vec<String>]) -> Result<SynonymGroups, ReplaceSynonymsError> {
        let groups = SynonymGroups::parse(typed)?;
        let kept = self.synonyms.replace(groups).await.map_err(ReplaceSynonymsError::Unexpected)?;
        Ok((*kept).clone())
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

impl Localized for CatalogError {
    fn urdu(&self) -> String {
        match self {
            Self::ProductNotFound(_) => "پروڈکٹ نہیں ملی۔".to_owned(),
            Self::CategoryNotFound(_) => "کیٹیگری نہیں ملی۔".to_owned(),
            Self::Unexpected(_) => "کچھ غلط ہو گیا۔ براہِ کرم دوبارہ کوشش کریں۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::model::CategoryRef;
    use crate::catalog::ports::MockCatalogRepository;
    use domain::money::Rupees;
    use domain::pricing::PriceTag;

    use crate::catalog::ports::MockCatalogChanges;
    use crate::catalog::synonyms::MockSynonymStore;

    fn catalog(repository: MockCatalogRepository) -> Catalog {
        let synonyms = Synonyms::new(Arc::new(MockSynonymStore::new()), Arc::new(MockCatalogChanges::new()));
        Catalog::new(Arc::new(repository), synonyms)
    }

    fn product(id: i64) -> Product {
        Product {
            id: ProductId::new(id).unwrap(),
            name: "USB-C cable".into(),
            name_ur: None,
            category: CategoryRef { id: CategoryId::new(1).unwrap(), name: "Cables".into(), name_ur: None },
            price: PriceTag::list(Rupees::from_whole(500)),
            description: "1 m".into(),
            description_ur: None,
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
        let catalog = catalog(repository);

        let found = catalog.product(ProductId::new(7).unwrap()).await.unwrap();

        assert_eq!(found.id.get(), 7);
    }

    #[tokio::test]
    async fn an_unknown_product_is_not_found() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_product().times(1).returning(|_| Ok(None));
        let catalog = catalog(repository);

        let err = catalog.product(ProductId::new(9).unwrap()).await.unwrap_err();

        assert!(matches!(err, CatalogError::ProductNotFound(id) if id.get() == 9));
        assert_eq!(err.to_string(), "Product not found.");
    }

    #[tokio::test]
    async fn an_unknown_category_page_is_not_found() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_category_page().times(1).returning(|_| Ok(None));

        let err = catalog(repository).category_page(CategoryId::new(3).unwrap()).await.unwrap_err();

        assert_eq!(err.to_string(), "Category not found.");
    }

    #[tokio::test]
    async fn a_storage_failure_is_unexpected() {
        let mut repository = MockCatalogRepository::new();
        repository.expect_list_products().times(1).returning(|_, _| Err(RepositoryError::Unavailable("down".into())));
        let catalog = catalog(repository);

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
        let catalog = catalog(repository);

        let products =
            catalog.list_products(ProductFilter::Featured, Page::new(Some(8), Some(16)).unwrap()).await.unwrap();

        assert_eq!(products.len(), 2);
    }

    fn searched(repository: &mut MockCatalogRepository, found: Vec<Product>) {
        repository.expect_search().times(1).returning(move |_, _, _| Ok(found.clone()));
    }

    fn with_no_synonyms() -> Synonyms {
        let mut store = MockSynonymStore::new();
        store.expect_synonyms().returning(|| Ok(SynonymGroups::default()));
        Synonyms::new(Arc::new(store), Arc::new(MockCatalogChanges::new()))
    }

    #[tokio::test]
    async fn a_search_that_finds_something_offers_no_correction() {
        let mut repository = MockCatalogRepository::new();
        searched(&mut repository, vec![product(1)]);
        repository.expect_correction().times(0);
        let catalog = Catalog::new(Arc::new(repository), with_no_synonyms());

        let correction = catalog.correction(&SearchTerms::parse("chargr").unwrap()).await.unwrap();

        assert_eq!(correction, None);
    }

    #[tokio::test]
    async fn a_search_that_finds_nothing_asks_for_the_correction() {
        let mut repository = MockCatalogRepository::new();
        searched(&mut repository, vec![]);
        repository.expect_correction().times(1).returning(|_| Ok(Some("earphones".into())));
        let catalog = Catalog::new(Arc::new(repository), with_no_synonyms());

        let correction = catalog.correction(&SearchTerms::parse("earfones").unwrap()).await.unwrap();

        assert_eq!(correction.as_deref(), Some("earphones"));
    }

    #[tokio::test]
    async fn groups_breaking_a_rule_are_refused_before_the_store() {
        let catalog = Catalog::new(Arc::new(MockCatalogRepository::new()), with_no_synonyms());

        let err = catalog.replace_synonyms(&[vec!["cover".into()]]).await.unwrap_err();

        assert!(matches!(err, ReplaceSynonymsError::Invalid(ref e) if e.group == Some(0)), "{err:?}");
    }
}
