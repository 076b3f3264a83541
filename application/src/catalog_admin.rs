//! The shop owner's changes to the catalogue: categories (and, later, products).

use std::sync::Arc;

use domain::category::{check_parent, CategoryName, CategoryNameError, CycleError};
use domain::ids::CategoryId;

use crate::catalog::{Category, NewCategory};
use crate::page::Page;
use crate::ports::{CatalogRepository, CatalogWriter, RepositoryError};

/// Why a catalogue change was refused.
#[derive(Debug, thiserror::Error)]
pub enum CatalogAdminError {
    #[error(transparent)]
    Name(#[from] CategoryNameError),
    #[error("Parent category not found.")]
    ParentNotFound,
    #[error("Category not found.")]
    CategoryNotFound,
    #[error(transparent)]
    Cycle(#[from] CycleError),
    #[error("This category still has products or sub-categories. Move or delete them first.")]
    CategoryInUse,
    #[error("the catalogue could not be changed")]
    Unexpected(#[source] RepositoryError),
}

/// A change to a category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryChange {
    pub name: String,
    /// `None` keeps the parent; `Some(None)` makes it a root.
    pub parent: Option<Option<CategoryId>>,
}

/// The catalogue management use cases.
#[derive(Clone)]
pub struct CatalogAdmin {
    catalog: Arc<dyn CatalogRepository>,
    writer: Arc<dyn CatalogWriter>,
}

impl CatalogAdmin {
    #[must_use]
    pub fn new(catalog: Arc<dyn CatalogRepository>, writer: Arc<dyn CatalogWriter>) -> Self {
        Self { catalog, writer }
    }

    async fn ensure_parent(&self, parent: Option<CategoryId>) -> Result<Vec<CategoryId>, CatalogAdminError> {
        let Some(parent) = parent else { return Ok(Vec::new()) };
        let line = self.writer.category_line(parent).await.map_err(CatalogAdminError::Unexpected)?;
        if line.is_empty() {
            return Err(CatalogAdminError::ParentNotFound);
        }
        Ok(line)
    }

    async fn read_back(&self, id: CategoryId) -> Result<Category, CatalogAdminError> {
        self.catalog
            .category(id)
            .await
            .map_err(CatalogAdminError::Unexpected)?
            .ok_or(CatalogAdminError::CategoryNotFound)
    }

    /// Adds a category, at the root or under `parent`.
    ///
    /// # Errors
    /// A name error, [`CatalogAdminError::ParentNotFound`], or `Unexpected`.
    pub async fn add_category(&self, name: &str, parent: Option<CategoryId>) -> Result<Category, CatalogAdminError> {
        let name = CategoryName::parse(name)?;
        self.ensure_parent(parent).await?;
        let id = self.writer.create_category(NewCategory { name: name.as_str().to_owned(), parent }).await.map_err(
            |err| match err {
                RepositoryError::NotFound => CatalogAdminError::ParentNotFound,
                other => CatalogAdminError::Unexpected(other),
            },
        )?;
        self.read_back(id).await
    }

    /// Renames and possibly moves a category; paths below it follow.
    ///
    /// # Errors
    /// A name error, not-found errors, [`CatalogAdminError::Cycle`], or `Unexpected`.
    pub async fn change_category(&self, id: CategoryId, change: CategoryChange) -> Result<Category, CatalogAdminError> {
        let name = CategoryName::parse(&change.name)?;
        if let Some(parent) = change.parent {
            check_parent(id, &self.ensure_parent(parent).await?)?;
        }
        self.writer.update_category(id, name.as_str().to_owned(), change.parent).await.map_err(|err| match err {
            RepositoryError::NotFound => CatalogAdminError::CategoryNotFound,
            other => CatalogAdminError::Unexpected(other),
        })?;
        self.read_back(id).await
    }

    /// Deletes an empty category.
    ///
    /// # Errors
    /// [`CatalogAdminError::CategoryNotFound`], [`CatalogAdminError::CategoryInUse`], or `Unexpected`.
    pub async fn delete_category(&self, id: CategoryId) -> Result<(), CatalogAdminError> {
        self.writer.delete_category(id).await.map_err(|err| match err {
            RepositoryError::NotFound => CatalogAdminError::CategoryNotFound,
            RepositoryError::Conflict(_) => CatalogAdminError::CategoryInUse,
            other => CatalogAdminError::Unexpected(other),
        })
    }

    /// Every category with its full path and views, for the analytics table.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn category_views(&self, page: Page) -> Result<Vec<Category>, CatalogAdminError> {
        self.catalog.categories(page).await.map_err(CatalogAdminError::Unexpected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockCatalogRepository, MockCatalogWriter};

    fn id(n: i64) -> CategoryId {
        CategoryId::new(n).unwrap()
    }

    #[tokio::test]
    async fn a_blank_name_is_refused_before_anything_is_written() {
        let admin = CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(MockCatalogWriter::new()));

        let err = admin.add_category("   ", None).await.unwrap_err();

        assert_eq!(err.to_string(), "Category name is required.");
    }

    #[tokio::test]
    async fn an_unknown_parent_is_refused_before_anything_is_written() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_category_line().returning(|_| Ok(vec![]));
        let admin = CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer));

        let err = admin.add_category("Samsung", Some(id(99))).await.unwrap_err();

        assert_eq!(err.to_string(), "Parent category not found.");
    }

    #[tokio::test]
    async fn moving_a_category_under_its_own_child_is_a_cycle() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_category_line().withf(|p| *p == id(7)).returning(|_| Ok(vec![id(7), id(3), id(1)]));
        writer.expect_update_category().never();
        let admin = CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer));

        let err = admin
            .change_category(id(3), CategoryChange { name: "Cases".into(), parent: Some(Some(id(7))) })
            .await
            .unwrap_err();

        assert!(matches!(err, CatalogAdminError::Cycle(_)));
    }

    #[tokio::test]
    async fn a_category_in_use_cannot_be_deleted() {
        let mut writer = MockCatalogWriter::new();
        writer
            .expect_delete_category()
            .returning(|_| Err(RepositoryError::Conflict("products_category_id_fkey".into())));
        let admin = CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer));

        let err = admin.delete_category(id(3)).await.unwrap_err();

        assert_eq!(err.to_string(), "This category still has products or sub-categories. Move or delete them first.");
    }
}
