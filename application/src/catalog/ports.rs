//! What the catalogue needs from storage: reads for shoppers, writes for the admin.

use async_trait::async_trait;
use domain::category::CategoryName;
use domain::ids::{CategoryId, ProductId};
use domain::search::SynonymGroups;

use crate::catalog::model::{
    Category, CategoryPage, LastChanges, NewCategory, NewProduct, Product, ProductFilter, ProductQuery, SearchTerms,
};
#[cfg(doc)]
use crate::common::error::Conflict;
use crate::common::error::RepositoryError;
use crate::common::page::Page;

/// Reads of the public catalogue.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CatalogRepository: Send + Sync + 'static {
    /// A page of products, newest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn list_products(&self, filter: ProductFilter, page: Page) -> Result<Vec<Product>, RepositoryError>;

    /// One product, or `None` when there is none with that id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn product(&self, id: ProductId) -> Result<Option<Product>, RepositoryError>;

    /// A page of the products `query` finds, newest first, and how many it finds in all.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_products(&self, query: ProductQuery, page: Page) -> Result<(Vec<Product>, u64), RepositoryError>;

    /// A page of categories, ordered by their full path.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn categories(&self, page: Page) -> Result<Vec<Category>, RepositoryError>;

    /// Products matching the terms, best first, each searched word or phrase standing also for the other
    /// terms of its synonym group.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn search(
        &self,
        terms: &SearchTerms,
        synonyms: &SynonymGroups,
        page: Page,
    ) -> Result<Vec<Product>, RepositoryError>;

    /// The terms with each word that no product holds replaced by the closest word one does, or `None`
    /// when no word has such a replacement.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn correction(&self, terms: &SearchTerms) -> Result<Option<String>, RepositoryError>;

    /// One category with its full path, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn category(&self, id: CategoryId) -> Result<Option<Category>, RepositoryError>;

    /// A category with its own products and each child's products (at most 100 each, cheapest first), or
    /// `None` when there is no such category.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn category_page(&self, id: CategoryId) -> Result<Option<CategoryPage>, RepositoryError>;

    /// Whether the catalogue holds no category at all.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn is_empty(&self) -> Result<bool, RepositoryError>;
}

/// The stored view counts of category pages.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CategoryViewStore: Send + Sync + 'static {
    /// Adds one to a category's views; answers the new count, or `None` when there is no such category.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn increment_views(&self, id: CategoryId) -> Result<Option<i64>, RepositoryError>;

    /// A category's stored views, or `None` when there is no such category.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn views(&self, id: CategoryId) -> Result<Option<i64>, RepositoryError>;

    /// Adds each count to its category's views in one write; answers the new counts of the categories
    /// that exist (a count for a category deleted meanwhile is dropped).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails; then nothing was added.
    async fn add_views(&self, counts: Vec<(CategoryId, u64)>) -> Result<Vec<(CategoryId, i64)>, RepositoryError>;
}

/// Changes to the catalogue.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CatalogWriter: Send + Sync + 'static {
    /// Stores a new category.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the parent does not exist.
    async fn create_category(&self, category: NewCategory) -> Result<CategoryId, RepositoryError>;

    /// Renames a category; when `name_ur` is given, sets its Urdu name (`Some(None)` removes it); when
    /// `parent` is given, moves it (`Some(None)` makes it a root).
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the category or the new parent does not exist.
    async fn update_category(
        &self,
        id: CategoryId,
        name: CategoryName,
        name_ur: Option<Option<CategoryName>>,
        parent: Option<Option<CategoryId>>,
    ) -> Result<(), RepositoryError>;

    /// Deletes a category that holds no product and no sub-category.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] for an unknown id; [`Conflict::CategoryInUse`] while it holds any.
    async fn delete_category(&self, id: CategoryId) -> Result<(), RepositoryError>;

    /// The category and its ancestors, from itself up to its root; empty for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn category_line(&self, id: CategoryId) -> Result<Vec<CategoryId>, RepositoryError>;

    /// Replaces a product's fields and media, in one transaction; answers the addresses of the media it
    /// held that nothing references any more (files another product still shows are not among them).
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the product or the category does not exist.
    async fn update_product(&self, id: ProductId, product: NewProduct) -> Result<Vec<String>, RepositoryError>;

    /// Deletes a product; answers the addresses of its media that nothing references any more, or `None`
    /// when there was no such product.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn delete_product(&self, id: ProductId) -> Result<Option<Vec<String>>, RepositoryError>;

    /// Flips a product's featured flag; answers the new value, or `None` for an unknown id.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn toggle_featured(&self, id: ProductId) -> Result<Option<bool>, RepositoryError>;

    /// Stores a new product with its media, in one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::NotFound`] when the category does not exist.
    async fn create_product(&self, product: NewProduct) -> Result<ProductId, RepositoryError>;
}

/// Hears of every committed change to the catalogue (products, prices, stock, featuring, categories), so
/// that copies of catalogue answers kept elsewhere, such as the HTTP cache, are dropped at once. A view
/// count is not a change: it is not announced.
#[cfg_attr(test, mockall::automock)]
pub trait CatalogChanges: Send + Sync + 'static {
    /// The catalogue has changed; called after the change is stored.
    fn changed(&self);
}

/// Hears of stock that moved outside the catalogue's own use cases: an order placed takes units, a
/// rejection or return puts them back, and an approval is announced too, so a product's own answer and page
/// show its new stock at once on the instance that made the change (lists may keep theirs for the cache's
/// life; decisions/0041).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait StockChanges: Send + Sync + 'static {
    /// The stock of `products` has changed; called after the change is stored.
    async fn stock_changed(&self, products: Vec<ProductId>);
}

/// When each page of the public catalogue last changed: what the sitemap lists.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CatalogDates: Send + Sync + 'static {
    /// Every category and every product with its last change, each list in id order.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn last_changes(&self) -> Result<LastChanges, RepositoryError>;
}
