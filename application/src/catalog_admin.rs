//! The shop owner's changes to the catalogue: categories (and, later, products).

use std::sync::Arc;

use domain::category::{check_parent, CategoryName, CategoryNameError, CycleError};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::product::{
    discount_from_sale, sale_from_discount, DiscountPercent, DiscountPercentError, PriceError, ProductPrice,
};
use domain::stock::MAX_QUANTITY;

use crate::catalog::{Category, Media, MediaKind, NewCategory, NewProduct, Product, ProductFilter};
use crate::page::Page;
use crate::ports::{CatalogRepository, CatalogWriter, MediaStore, MediaStoreError, MediaUpload, RepositoryError};

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

/// The longest product name and description, in characters.
pub const MAX_PRODUCT_NAME_CHARS: usize = 200;
pub const MAX_DESCRIPTION_CHARS: usize = 5000;

/// A product as the admin's form sends it, already parsed from the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductForm {
    pub name: String,
    pub category: CategoryId,
    pub price: Rupees,
    pub sale_price: Option<Rupees>,
    pub discount_percent: Option<u8>,
    pub description: String,
    pub color: Option<String>,
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
}

/// Why a product change was refused.
#[derive(Debug, thiserror::Error)]
pub enum ProductAdminError {
    #[error("Product name is required.")]
    NameRequired,
    #[error("Product name must be at most 200 characters.")]
    NameTooLong,
    #[error("Description is required.")]
    DescriptionRequired,
    #[error("Description must be at most 5000 characters.")]
    DescriptionTooLong,
    #[error("Category not found.")]
    CategoryNotFound,
    #[error(transparent)]
    Price(#[from] PriceError),
    #[error(transparent)]
    Discount(#[from] DiscountPercentError),
    #[error("Quantity must be a whole number from 0 to 1000000.")]
    Quantity,
    #[error("Only image files are allowed when adding a product.")]
    VideoOnAdd,
    #[error("Product not found.")]
    ProductNotFound,
    #[error("the media could not be stored")]
    Media(#[from] MediaStoreError),
    #[error("the product could not be stored")]
    Unexpected(#[source] RepositoryError),
}

impl ProductForm {
    /// Checks the form and settles the sale price and discount into one consistent pair: a sale price
    /// recomputes the discount; otherwise a discount recomputes the sale price (SPEC.md §5).
    fn validated(self, media: Vec<Media>) -> Result<NewProduct, ProductAdminError> {
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            return Err(ProductAdminError::NameRequired);
        }
        if name.chars().count() > MAX_PRODUCT_NAME_CHARS {
            return Err(ProductAdminError::NameTooLong);
        }
        let description = self.description.trim().to_owned();
        if description.is_empty() {
            return Err(ProductAdminError::DescriptionRequired);
        }
        if description.chars().count() > MAX_DESCRIPTION_CHARS {
            return Err(ProductAdminError::DescriptionTooLong);
        }
        if self.quantity > MAX_QUANTITY {
            return Err(ProductAdminError::Quantity);
        }
        let discount = DiscountPercent::new(self.discount_percent.unwrap_or(0))?;
        let price = ProductPrice::new(self.price, self.sale_price)?;
        let tag = match price.sale_price() {
            Some(sale) => {
                domain::pricing::PriceTag::new(price.price(), Some(sale), discount_from_sale(price.price(), sale))
            }
            None if discount.get() > 0 => domain::pricing::PriceTag::new(
                price.price(),
                Some(sale_from_discount(price.price(), discount.get())),
                discount.get(),
            ),
            None => price.price_tag(DiscountPercent::NONE),
        };
        Ok(NewProduct {
            name,
            category: self.category,
            price: tag,
            description,
            color: self.color.map(|c| c.trim().to_owned()).filter(|c| !c.is_empty()),
            quantity: self.quantity,
            featured: self.featured,
            free_delivery: self.free_delivery,
            media,
        })
    }
}

/// An upload recognised by its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedUpload {
    pub kind: MediaKind,
    pub upload: MediaUpload,
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
    media: Arc<dyn MediaStore>,
}

impl CatalogAdmin {
    #[must_use]
    pub fn new(
        catalog: Arc<dyn CatalogRepository>,
        writer: Arc<dyn CatalogWriter>,
        media: Arc<dyn MediaStore>,
    ) -> Self {
        Self { catalog, writer, media }
    }

    /// Keeps the uploads; on a later failure the caller removes them.
    async fn keep(&self, uploads: Vec<CheckedUpload>) -> Result<Vec<Media>, ProductAdminError> {
        let mut kept = Vec::with_capacity(uploads.len());
        for CheckedUpload { kind, upload } in uploads {
            match self.media.save(upload).await {
                Ok(stored) => kept.push(Media {
                    url: stored.url,
                    kind,
                    width: stored.width,
                    variant_widths: stored.variant_widths,
                }),
                Err(err) => {
                    self.media.remove(kept.into_iter().map(|m| m.url).collect()).await;
                    return Err(err.into());
                }
            }
        }
        Ok(kept)
    }

    fn product_error(err: RepositoryError) -> ProductAdminError {
        match err {
            RepositoryError::NotFound => ProductAdminError::CategoryNotFound,
            other => ProductAdminError::Unexpected(other),
        }
    }

    /// Adds a product with its pictures (pictures only). Nothing is kept when anything fails.
    ///
    /// # Errors
    /// The form's first problem, [`ProductAdminError::VideoOnAdd`], [`ProductAdminError::CategoryNotFound`],
    /// or a storage failure.
    pub async fn add_product(
        &self,
        form: ProductForm,
        uploads: Vec<CheckedUpload>,
    ) -> Result<Product, ProductAdminError> {
        if uploads.iter().any(|u| u.kind != MediaKind::Image) {
            return Err(ProductAdminError::VideoOnAdd);
        }
        form.clone().validated(Vec::new())?;
        let media = self.keep(uploads).await?;
        let urls: Vec<String> = media.iter().map(|m| m.url.clone()).collect();
        let product = form.validated(media)?;
        match self.writer.create_product(product).await {
            Ok(id) => self.read_product(id).await,
            Err(err) => {
                self.media.remove(urls).await;
                Err(Self::product_error(err))
            }
        }
    }

    /// Replaces a product's fields; keeps the listed existing media in the given order, then appends the
    /// new uploads (pictures or videos). Media no longer listed are deleted after the change is stored.
    ///
    /// # Errors
    /// As for adding, and [`ProductAdminError::ProductNotFound`].
    pub async fn change_product(
        &self,
        id: ProductId,
        form: ProductForm,
        keep_urls: &[String],
        uploads: Vec<CheckedUpload>,
    ) -> Result<Product, ProductAdminError> {
        let current = self.read_product(id).await?;
        form.clone().validated(Vec::new())?;
        let mut media: Vec<Media> =
            keep_urls.iter().filter_map(|url| current.media.iter().find(|m| &m.url == url).cloned()).collect();
        let added = self.keep(uploads).await?;
        let added_urls: Vec<String> = added.iter().map(|m| m.url.clone()).collect();
        media.extend(added);
        let dropped: Vec<String> =
            current.media.iter().filter(|m| !media.iter().any(|k| k.url == m.url)).map(|m| m.url.clone()).collect();
        let product = form.validated(media)?;
        if let Err(err) = self.writer.update_product(id, product).await {
            self.media.remove(added_urls).await;
            return Err(Self::product_error(err));
        }
        self.media.remove(dropped).await;
        self.read_product(id).await
    }

    /// Deletes a product and its media files. Orders keep their own copy of name and price.
    ///
    /// # Errors
    /// [`ProductAdminError::ProductNotFound`] or `Unexpected`.
    pub async fn delete_product(&self, id: ProductId) -> Result<(), ProductAdminError> {
        let urls = self.writer.delete_product(id).await.map_err(ProductAdminError::Unexpected)?;
        let urls = urls.ok_or(ProductAdminError::ProductNotFound)?;
        self.media.remove(urls).await;
        Ok(())
    }

    /// Flips whether a product is featured; answers the new value.
    ///
    /// # Errors
    /// [`ProductAdminError::ProductNotFound`] or `Unexpected`.
    pub async fn toggle_featured(&self, id: ProductId) -> Result<bool, ProductAdminError> {
        self.writer
            .toggle_featured(id)
            .await
            .map_err(ProductAdminError::Unexpected)?
            .ok_or(ProductAdminError::ProductNotFound)
    }

    /// The products directly in a category, newest first.
    ///
    /// # Errors
    /// [`ProductAdminError::CategoryNotFound`] or `Unexpected`.
    pub async fn products_in(&self, category: CategoryId, page: Page) -> Result<Vec<Product>, ProductAdminError> {
        if self.catalog.category(category).await.map_err(ProductAdminError::Unexpected)?.is_none() {
            return Err(ProductAdminError::CategoryNotFound);
        }
        self.catalog
            .list_products(ProductFilter::InCategory(category), page)
            .await
            .map_err(ProductAdminError::Unexpected)
    }

    async fn read_product(&self, id: ProductId) -> Result<Product, ProductAdminError> {
        self.catalog.product(id).await.map_err(ProductAdminError::Unexpected)?.ok_or(ProductAdminError::ProductNotFound)
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
    use crate::ports::{MockCatalogRepository, MockCatalogWriter, MockMediaStore};

    fn id(n: i64) -> CategoryId {
        CategoryId::new(n).unwrap()
    }

    fn admin(catalog: MockCatalogRepository, writer: MockCatalogWriter) -> CatalogAdmin {
        CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(MockMediaStore::new()))
    }

    fn form() -> ProductForm {
        ProductForm {
            name: " Clear case ".into(),
            category: id(1),
            price: Rupees::from_whole(1000),
            sale_price: None,
            discount_percent: None,
            description: "Clear".into(),
            color: Some(" ".into()),
            quantity: 5,
            featured: false,
            free_delivery: false,
        }
    }

    #[test]
    fn a_sale_price_recomputes_the_discount() {
        let product = ProductForm { sale_price: Some(Rupees::from_whole(750)), discount_percent: Some(5), ..form() }
            .validated(vec![])
            .unwrap();

        assert_eq!(
            product.price,
            domain::pricing::PriceTag::new(Rupees::from_whole(1000), Some(Rupees::from_whole(750)), 25)
        );
        assert_eq!(product.name, "Clear case");
        assert_eq!(product.color, None);
    }

    #[test]
    fn a_discount_recomputes_the_sale_price_in_whole_rupees() {
        let form = ProductForm { price: Rupees::from_whole(999), discount_percent: Some(15), ..form() };

        let product = form.validated(vec![]).unwrap();

        assert_eq!(
            product.price,
            domain::pricing::PriceTag::new(Rupees::from_whole(999), Some(Rupees::from_whole(849)), 15)
        );
    }

    #[test]
    fn a_sale_price_above_the_price_and_a_discount_of_95_are_refused() {
        let above = ProductForm { sale_price: Some(Rupees::from_whole(1200)), ..form() }.validated(vec![]).unwrap_err();
        let too_much = ProductForm { discount_percent: Some(95), ..form() }.validated(vec![]).unwrap_err();
        let negative = ProductForm { price: Rupees::from_whole(-1), ..form() }.validated(vec![]).unwrap_err();

        assert_eq!(above.to_string(), "Sale price must be below the price.");
        assert_eq!(too_much.to_string(), "Discount must be between 0 and 90 per cent.");
        assert_eq!(negative.to_string(), "Price must be above 0.");
    }

    #[tokio::test]
    async fn a_video_is_refused_when_adding_before_anything_is_stored() {
        let upload = CheckedUpload {
            kind: MediaKind::Video,
            upload: MediaUpload { bytes: vec![1], content_type: "video/mp4".into() },
        };

        let err = admin(MockCatalogRepository::new(), MockCatalogWriter::new())
            .add_product(form(), vec![upload])
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Only image files are allowed when adding a product.");
    }

    #[tokio::test]
    async fn pictures_are_removed_again_when_the_category_is_unknown() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_create_product().returning(|_| Err(RepositoryError::NotFound));
        let mut media = MockMediaStore::new();
        media.expect_save().times(1).returning(|_| {
            Ok(crate::ports::StoredMedia {
                url: "/media/a.png".into(),
                width: Some(800),
                variant_widths: vec![320, 640],
            })
        });
        media.expect_remove().withf(|urls| urls == &["/media/a.png".to_owned()]).times(1).returning(|_| ());
        let admin = CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer), Arc::new(media));
        let upload = CheckedUpload {
            kind: MediaKind::Image,
            upload: MediaUpload { bytes: vec![1], content_type: "image/png".into() },
        };

        let err = admin.add_product(form(), vec![upload]).await.unwrap_err();

        assert_eq!(err.to_string(), "Category not found.");
    }

    #[tokio::test]
    async fn a_blank_name_is_refused_before_anything_is_written() {
        let admin = admin(MockCatalogRepository::new(), MockCatalogWriter::new());

        let err = admin.add_category("   ", None).await.unwrap_err();

        assert_eq!(err.to_string(), "Category name is required.");
    }

    #[tokio::test]
    async fn an_unknown_parent_is_refused_before_anything_is_written() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_category_line().returning(|_| Ok(vec![]));
        let admin = admin(MockCatalogRepository::new(), writer);

        let err = admin.add_category("Samsung", Some(id(99))).await.unwrap_err();

        assert_eq!(err.to_string(), "Parent category not found.");
    }

    #[tokio::test]
    async fn moving_a_category_under_its_own_child_is_a_cycle() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_category_line().withf(|p| *p == id(7)).returning(|_| Ok(vec![id(7), id(3), id(1)]));
        writer.expect_update_category().never();
        let admin = admin(MockCatalogRepository::new(), writer);

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
        let admin = admin(MockCatalogRepository::new(), writer);

        let err = admin.delete_category(id(3)).await.unwrap_err();

        assert_eq!(err.to_string(), "This category still has products or sub-categories. Move or delete them first.");
    }
}
