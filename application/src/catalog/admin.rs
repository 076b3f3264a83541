//! The shop owner's changes to the catalogue: categories (and, later, products).

use std::sync::Arc;

use domain::category::{check_parent, CategoryName, CategoryNameError, CategoryUrduNameError, CycleError};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::pricing::{Markdown, PriceTag};
use domain::product::{
    check_product_description, check_product_name, discount_from_sale, product_color, product_description,
    product_description_ur, product_name, product_name_ur, sale_from_discount, DiscountPercent, DiscountPercentError,
    PriceError, ProductPrice, ProductTextError,
};
use domain::stock::MAX_QUANTITY;

use crate::catalog::model::{Category, NewCategory, NewProduct, Product, ProductFilter, ProductQuery};

use crate::catalog::ports::{CatalogChanges, CatalogRepository, CatalogWriter};
use crate::common::error::{Conflict, RepositoryError};
use crate::common::page::Page;
use crate::media::model::{Media, MediaKind};
use crate::media::picture::{UnusablePicture, MAX_PRODUCT_PICTURE_WIDTH};
use crate::media::ports::{MediaStore, MediaStoreError, MediaUpload};

/// Why a catalogue change was refused.
#[derive(Debug, thiserror::Error)]
pub enum CatalogAdminError {
    #[error(transparent)]
    Name(#[from] CategoryNameError),
    #[error(transparent)]
    UrduName(#[from] CategoryUrduNameError),
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

/// A product as the admin's form sends it, already parsed from the wire. A required field left empty is
/// `None` (or a blank text), so the use case can name every missing field at once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductForm {
    pub name: String,
    pub category: Option<CategoryId>,
    pub price: Option<Rupees>,
    pub sale_price: Option<Rupees>,
    pub discount_percent: Option<u8>,
    pub description: String,
    pub color: Option<String>,
    /// The Urdu name; absent or blank for none.
    pub name_ur: Option<String>,
    /// The Urdu description; absent or blank for none.
    pub description_ur: Option<String>,
    pub quantity: Option<u32>,
    pub featured: bool,
    pub free_delivery: bool,
}

/// A required product field left empty; its `Display` is the field's own message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MissingField {
    #[error("name is required.")]
    Name,
    #[error("category is required.")]
    Category,
    #[error("price is required.")]
    Price,
    #[error("quantity is required.")]
    Quantity,
    #[error("description is required.")]
    Description,
}

/// Which of a product's current media an edit keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeptMedia {
    /// Every current picture and video, in their order: the form did not mention them.
    All,
    /// Only these addresses, in this order; an empty list removes every current one.
    Only(Vec<String>),
}

/// Why a product change was refused.
#[derive(Debug, thiserror::Error)]
pub enum ProductAdminError {
    #[error("Name, category, price, quantity and description are required.")]
    Missing(Vec<MissingField>),
    #[error(transparent)]
    Text(#[from] ProductTextError),
    #[error("Category not found.")]
    CategoryNotFound,
    #[error(transparent)]
    Price(#[from] PriceError),
    #[error(transparent)]
    Discount(#[from] DiscountPercentError),
    #[error("Quantity must be a whole number from 0 to {}.", MAX_QUANTITY)]
    Quantity,
    #[error("Only image files are allowed when adding a product.")]
    VideoOnAdd,
    #[error("Product not found.")]
    ProductNotFound,
    /// An uploaded picture too large in pixels or that does not decode.
    #[error(transparent)]
    Picture(UnusablePicture),
    /// The media store failed.
    #[error("the media could not be stored")]
    Media(#[source] MediaStoreError),
    #[error("the product could not be stored")]
    Unexpected(#[source] RepositoryError),
}

impl From<MediaStoreError> for ProductAdminError {
    fn from(err: MediaStoreError) -> Self {
        match err {
            MediaStoreError::Unusable(picture) => Self::Picture(picture),
            failed @ MediaStoreError::Failed(_) => Self::Media(failed),
        }
    }
}

impl ProductForm {
    /// Checks the form and settles the sale price and discount into one consistent pair: a sale price
    /// recomputes the discount; otherwise a discount recomputes the sale price (docs/spec.md §5).
    fn validated(self, media: Vec<Media>) -> Result<NewProduct, ProductAdminError> {
        let name = product_name(&self.name)?.into_string();
        let description = product_description(&self.description)?.into_string();
        let color = self.color.as_deref().map(product_color).transpose()?.flatten().map(|c| c.into_string());
        let name_ur = self.name_ur.as_deref().map(product_name_ur).transpose()?.flatten().map(|n| n.into_string());
        let description_ur =
            self.description_ur.as_deref().map(product_description_ur).transpose()?.flatten().map(|d| d.into_string());
        let (Some(category), Some(price), Some(quantity), false, false) =
            (self.category, self.price, self.quantity, name.is_empty(), description.is_empty())
        else {
            let missing = [
                (name.is_empty(), MissingField::Name),
                (self.category.is_none(), MissingField::Category),
                (self.price.is_none(), MissingField::Price),
                (self.quantity.is_none(), MissingField::Quantity),
                (description.is_empty(), MissingField::Description),
            ];
            return Err(ProductAdminError::Missing(
                missing.into_iter().filter(|(absent, _)| *absent).map(|(_, field)| field).collect(),
            ));
        };
        check_product_name(&name)?;
        check_product_description(&description)?;
        if quantity > MAX_QUANTITY {
            return Err(ProductAdminError::Quantity);
        }
        let discount = DiscountPercent::new(self.discount_percent.unwrap_or(0))?;
        let price = ProductPrice::new(price, self.sale_price)?;
        let list = price.price();
        let tag = match price.sale_price() {
            Some(sale) => PriceTag::new(list, Markdown::Sale { price: sale, percent: discount_from_sale(list, sale) }),
            // A discount whose rounded sale price is not below the price (or is 0) stays a percentage off.
            None if discount.get() > 0 => {
                let sale = sale_from_discount(list, discount.get());
                PriceTag::new(list, Markdown::Sale { price: sale, percent: discount.get() })
                    .or_else(|_| PriceTag::new(list, Markdown::PercentOff(discount.get())))
            }
            None => Ok(PriceTag::list(list)),
        }
        // A checked sale price is above 0 and below the price, a checked discount from 0 to 90: never taken.
        .unwrap_or(PriceTag::list(list));
        Ok(NewProduct {
            name,
            name_ur,
            category,
            price: tag,
            description,
            description_ur,
            color,
            quantity,
            featured: self.featured,
            free_delivery: self.free_delivery,
            media,
        })
    }
}

/// An upload recognised by its bytes.
#[derive(Debug)]
pub struct CheckedUpload {
    pub kind: MediaKind,
    pub upload: MediaUpload,
}

/// A change to a category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryChange {
    pub name: String,
    /// `None` keeps the Urdu name; `Some` of a blank text removes it.
    pub name_ur: Option<String>,
    /// `None` keeps the parent; `Some(None)` makes it a root.
    pub parent: Option<Option<CategoryId>>,
}

/// The catalogue management use cases. Every stored change is announced to `changes`.
#[derive(Clone)]
pub struct CatalogAdmin {
    catalog: Arc<dyn CatalogRepository>,
    writer: Arc<dyn CatalogWriter>,
    media: Arc<dyn MediaStore>,
    changes: Arc<dyn CatalogChanges>,
}

impl CatalogAdmin {
    #[must_use]
    pub fn new(
        catalog: Arc<dyn CatalogRepository>,
        writer: Arc<dyn CatalogWriter>,
        media: Arc<dyn MediaStore>,
        changes: Arc<dyn CatalogChanges>,
    ) -> Self {
        Self { catalog, writer, media, changes }
    }

    /// Keeps the uploads, one at a time: pictures re-encoded (without their camera's metadata) and at most
    /// [`MAX_PRODUCT_PICTURE_WIDTH`] wide, videos as uploaded; on a later failure the caller removes them.
    async fn keep(&self, uploads: Vec<CheckedUpload>) -> Result<Vec<Media>, ProductAdminError> {
        let mut kept = Vec::with_capacity(uploads.len());
        for CheckedUpload { kind, upload } in uploads {
            let saved = match kind {
                MediaKind::Image => self.media.save_reencoded(upload, MAX_PRODUCT_PICTURE_WIDTH).await,
                MediaKind::Video => self.media.save(upload).await,
            };
            match saved {
                Ok(stored) => {
                    kept.push(Media { url: stored.url, kind, width: stored.width, variants: stored.variants })
                }
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
            Ok(id) => {
                self.changes.changed();
                self.read_product(id).await
            }
            Err(err) => {
                self.media.remove(urls).await;
                Err(Self::product_error(err))
            }
        }
    }

    /// Replaces a product's fields; keeps the current media `kept` names, then appends the new uploads
    /// (pictures or videos). Files no longer kept are deleted after the change is stored, unless another
    /// product still shows them.
    ///
    /// # Errors
    /// [`ProductAdminError::ProductNotFound`] before anything else, then as for adding.
    pub async fn change_product(
        &self,
        id: ProductId,
        form: ProductForm,
        kept: KeptMedia,
        uploads: Vec<CheckedUpload>,
    ) -> Result<Product, ProductAdminError> {
        let current = self.read_product(id).await?;
        form.clone().validated(Vec::new())?;
        let mut media: Vec<Media> = match kept {
            KeptMedia::All => current.media.clone(),
            KeptMedia::Only(urls) => {
                urls.iter().filter_map(|url| current.media.iter().find(|m| &m.url == url).cloned()).collect()
            }
        };
        let added = self.keep(uploads).await?;
        let added_urls: Vec<String> = added.iter().map(|m| m.url.clone()).collect();
        media.extend(added);
        let product = form.validated(media)?;
        let unreferenced = match self.writer.update_product(id, product).await {
            Ok(unreferenced) => unreferenced,
            Err(err) => {
                self.media.remove(added_urls).await;
                return Err(Self::product_error(err));
            }
        };
        self.changes.changed();
        self.media.remove(unreferenced).await;
        self.read_product(id).await
    }

    /// Deletes a product and the media files no other product shows. Orders keep their own copy of name and
    /// price.
    ///
    /// # Errors
    /// [`ProductAdminError::ProductNotFound`] or `Unexpected`.
    pub async fn delete_product(&self, id: ProductId) -> Result<(), ProductAdminError> {
        let urls = self.writer.delete_product(id).await.map_err(ProductAdminError::Unexpected)?;
        let urls = urls.ok_or(ProductAdminError::ProductNotFound)?;
        self.changes.changed();
        self.media.remove(urls).await;
        Ok(())
    }

    /// Flips whether a product is featured; answers the new value.
    ///
    /// # Errors
    /// [`ProductAdminError::ProductNotFound`] or `Unexpected`.
    pub async fn toggle_featured(&self, id: ProductId) -> Result<bool, ProductAdminError> {
        let featured = self
            .writer
            .toggle_featured(id)
            .await
            .map_err(ProductAdminError::Unexpected)?
            .ok_or(ProductAdminError::ProductNotFound)?;
        self.changes.changed();
        Ok(featured)
    }

    /// The owner's product list: a page of the products `query` finds, newest first, and how many it finds.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn find_products(
        &self,
        query: ProductQuery,
        page: Page,
    ) -> Result<(Vec<Product>, u64), ProductAdminError> {
        self.catalog.find_products(query, page).await.map_err(ProductAdminError::Unexpected)
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

    /// Adds a category, at the root or under `parent`, with its Urdu name when one is given.
    ///
    /// # Errors
    /// A name error, [`CatalogAdminError::ParentNotFound`], or `Unexpected`.
    pub async fn add_category(
        &self,
        name: &str,
        name_ur: Option<&str>,
        parent: Option<CategoryId>,
    ) -> Result<Category, CatalogAdminError> {
        let name = CategoryName::parse(name)?;
        let name_ur = name_ur.map(CategoryName::parse_urdu).transpose()?.flatten();
        self.ensure_parent(parent).await?;
        let id = self.writer.create_category(NewCategory { name, name_ur, parent }).await.map_err(|err| match err {
            RepositoryError::NotFound => CatalogAdminError::ParentNotFound,
            other => CatalogAdminError::Unexpected(other),
        })?;
        self.changes.changed();
        self.read_back(id).await
    }

    /// Renames and possibly moves a category, and sets or removes its Urdu name when `change` says so; paths
    /// below it follow.
    ///
    /// # Errors
    /// A name error, not-found errors, [`CatalogAdminError::Cycle`], or `Unexpected`.
    pub async fn change_category(&self, id: CategoryId, change: CategoryChange) -> Result<Category, CatalogAdminError> {
        let name = CategoryName::parse(&change.name)?;
        let name_ur = change.name_ur.as_deref().map(CategoryName::parse_urdu).transpose()?;
        if let Some(parent) = change.parent {
            check_parent(id, &self.ensure_parent(parent).await?)?;
        }
        self.writer.update_category(id, name, name_ur, change.parent).await.map_err(|err| match err {
            RepositoryError::NotFound => CatalogAdminError::CategoryNotFound,
            other => CatalogAdminError::Unexpected(other),
        })?;
        self.changes.changed();
        self.read_back(id).await
    }

    /// Deletes an empty category.
    ///
    /// # Errors
    /// [`CatalogAdminError::CategoryNotFound`], [`CatalogAdminError::CategoryInUse`], or `Unexpected`.
    pub async fn delete_category(&self, id: CategoryId) -> Result<(), CatalogAdminError> {
        self.writer.delete_category(id).await.map_err(|err| match err {
            RepositoryError::NotFound => CatalogAdminError::CategoryNotFound,
            RepositoryError::Conflict(Conflict::CategoryInUse) => CatalogAdminError::CategoryInUse,
            other => CatalogAdminError::Unexpected(other),
        })?;
        self.changes.changed();
        Ok(())
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
mod tests;
