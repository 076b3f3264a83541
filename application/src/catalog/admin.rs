//! The shop owner's changes to the catalogue: categories (and, later, products).

use std::sync::Arc;

use domain::category::{check_parent, CategoryName, CategoryNameError, CycleError};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::product::{
    check_product_description, check_product_name, discount_from_sale, product_color, product_description,
    product_name, sale_from_discount, DiscountPercent, DiscountPercentError, PriceError, ProductPrice,
    ProductTextError,
};
use domain::stock::MAX_QUANTITY;

use crate::catalog::model::{Category, NewCategory, NewProduct, Product, ProductFilter};

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
            category,
            price: tag,
            description,
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
        let id = self.writer.create_category(NewCategory { name, parent }).await.map_err(|err| match err {
            RepositoryError::NotFound => CatalogAdminError::ParentNotFound,
            other => CatalogAdminError::Unexpected(other),
        })?;
        self.changes.changed();
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
        self.writer.update_category(id, name, change.parent).await.map_err(|err| match err {
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
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use crate::catalog::model::CategoryRef;
    use crate::catalog::ports::{MockCatalogChanges, MockCatalogRepository, MockCatalogWriter};
    use crate::media::ports::MockMediaStore;

    fn id(n: i64) -> CategoryId {
        CategoryId::new(n).unwrap()
    }

    fn unannounced() -> Arc<MockCatalogChanges> {
        let mut changes = MockCatalogChanges::new();
        changes.expect_changed().never();
        Arc::new(changes)
    }

    fn admin(catalog: MockCatalogRepository, writer: MockCatalogWriter) -> CatalogAdmin {
        CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(MockMediaStore::new()), unannounced())
    }

    /// Counts the announced changes.
    #[derive(Default)]
    struct Announced(AtomicUsize);

    impl CatalogChanges for Announced {
        fn changed(&self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    impl Announced {
        fn count(&self) -> usize {
            self.0.load(Ordering::SeqCst)
        }
    }

    /// A stored product, as the repository answers it, with `media`.
    fn stored_product(product: ProductId, media: Vec<Media>) -> Product {
        Product {
            id: product,
            name: "Clear case".into(),
            category: CategoryRef { id: id(1), name: "Cases".into() },
            price: domain::pricing::PriceTag::new(Rupees::from_whole(1000), None, 0),
            description: "Clear".into(),
            color: None,
            quantity: 5,
            featured: false,
            free_delivery: false,
            media,
            ratings: domain::review::RatingSpread::default(),
        }
    }

    fn form() -> ProductForm {
        ProductForm {
            name: " Clear case ".into(),
            category: Some(id(1)),
            price: Some(Rupees::from_whole(1000)),
            description: "Clear".into(),
            color: Some(" ".into()),
            quantity: Some(5),
            ..ProductForm::default()
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
        let form = ProductForm { price: Some(Rupees::from_whole(999)), discount_percent: Some(15), ..form() };

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
        let negative = ProductForm { price: Some(Rupees::from_whole(-1)), ..form() }.validated(vec![]).unwrap_err();

        assert_eq!(above.to_string(), "Sale price must be below the price.");
        assert_eq!(too_much.to_string(), "Discount must be between 0 and 90 per cent.");
        assert_eq!(negative.to_string(), "Price must be above 0.");
    }

    #[test]
    fn a_control_character_in_a_text_is_refused() {
        let name = ProductForm { name: "Clear\0case".into(), ..form() }.validated(vec![]).unwrap_err();
        let description = ProductForm { description: "\u{7}".into(), ..form() }.validated(vec![]).unwrap_err();
        let color = ProductForm { color: Some("Black\r\nRed".into()), ..form() }.validated(vec![]).unwrap_err();
        let lines = ProductForm { description: "Slim\r\n\tGrip".into(), ..form() }.validated(vec![]).unwrap();

        assert!(matches!(name, ProductAdminError::Text(ProductTextError::Name(_))));
        assert!(matches!(description, ProductAdminError::Text(ProductTextError::Description(_))));
        assert!(matches!(color, ProductAdminError::Text(ProductTextError::Color(_))), "{color:?}");
        assert_eq!(lines.description, "Slim\n\tGrip");
    }

    #[test]
    fn every_missing_required_field_is_named_at_once() {
        let blank = ProductForm { name: "  ".into(), price: None, quantity: None, ..form() };

        let err = blank.validated(vec![]).unwrap_err();

        assert_eq!(err.to_string(), "Name, category, price, quantity and description are required.");
        assert!(matches!(
            err,
            ProductAdminError::Missing(ref fields)
                if fields == &[MissingField::Name, MissingField::Price, MissingField::Quantity]
        ));
    }

    #[tokio::test]
    async fn an_unknown_product_is_not_found_whatever_its_form_lacks() {
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_product().returning(|_| Ok(None));

        let err = admin(catalog, MockCatalogWriter::new())
            .change_product(ProductId::new(9).unwrap(), ProductForm::default(), KeptMedia::All, vec![])
            .await
            .unwrap_err();

        assert!(matches!(err, ProductAdminError::ProductNotFound));
    }

    #[tokio::test]
    async fn a_video_is_refused_when_adding_before_anything_is_stored() {
        let upload = CheckedUpload { kind: MediaKind::Video, upload: MediaUpload::bytes(vec![1], "video/mp4") };

        let err = admin(MockCatalogRepository::new(), MockCatalogWriter::new())
            .add_product(form(), vec![upload])
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Only image files are allowed when adding a product.");
    }

    #[tokio::test]
    async fn pictures_are_kept_re_encoded_and_narrowed_and_videos_as_uploaded() {
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_product().returning(|product| Ok(Some(stored_product(product, vec![]))));
        let mut writer = MockCatalogWriter::new();
        writer
            .expect_update_product()
            .withf(|_, product| product.media.iter().map(|m| m.url.as_str()).eq(["/media/p.webp", "/media/v.mp4"]))
            .times(1)
            .returning(|_, _| Ok(vec![]));
        let mut media = MockMediaStore::new();
        media
            .expect_save_reencoded()
            .withf(|upload, max_width| upload.content_type == "image/jpeg" && *max_width == MAX_PRODUCT_PICTURE_WIDTH)
            .times(1)
            .returning(|_, _| {
                Ok(crate::media::ports::StoredMedia {
                    url: "/media/p.webp".into(),
                    width: Some(2048),
                    variants: vec![],
                })
            });
        media.expect_save().withf(|upload| upload.content_type == "video/mp4").times(1).returning(|_| {
            Ok(crate::media::ports::StoredMedia { url: "/media/v.mp4".into(), width: None, variants: vec![] })
        });
        media.expect_remove().returning(|_| ());
        let admin =
            CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(media), Arc::new(Announced::default()));
        let uploads = vec![
            CheckedUpload { kind: MediaKind::Image, upload: MediaUpload::bytes(vec![1], "image/jpeg") },
            CheckedUpload { kind: MediaKind::Video, upload: MediaUpload::bytes(vec![2], "video/mp4") },
        ];

        admin.change_product(ProductId::new(3).unwrap(), form(), KeptMedia::Only(vec![]), uploads).await.unwrap();
    }

    #[tokio::test]
    async fn pictures_are_removed_again_when_the_category_is_unknown() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_create_product().returning(|_| Err(RepositoryError::NotFound));
        let mut media = MockMediaStore::new();
        media.expect_save_reencoded().times(1).returning(|_, _| {
            Ok(crate::media::ports::StoredMedia { url: "/media/a.webp".into(), width: Some(800), variants: vec![] })
        });
        media.expect_remove().withf(|urls| urls == &["/media/a.webp".to_owned()]).times(1).returning(|_| ());
        let admin =
            CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer), Arc::new(media), unannounced());
        let upload = CheckedUpload { kind: MediaKind::Image, upload: MediaUpload::bytes(vec![1], "image/png") };

        let err = admin.add_product(form(), vec![upload]).await.unwrap_err();

        assert_eq!(err.to_string(), "Category not found.");
    }

    #[tokio::test]
    async fn a_refused_picture_refuses_the_product_and_removes_the_pictures_kept_before_it() {
        let mut media = MockMediaStore::new();
        let mut saved = 0;
        media.expect_save_reencoded().times(2).returning(move |_, _| {
            saved += 1;
            if saved == 1 {
                Ok(crate::media::ports::StoredMedia { url: "/media/a.png".into(), width: Some(800), variants: vec![] })
            } else {
                Err(MediaStoreError::Unusable(UnusablePicture::TooManyPixels { width: 11_000, height: 11_000 }))
            }
        });
        media.expect_remove().withf(|urls| urls == &["/media/a.png".to_owned()]).times(1).returning(|_| ());
        let mut writer = MockCatalogWriter::new();
        writer.expect_create_product().never();
        let admin =
            CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer), Arc::new(media), unannounced());
        let upload = || CheckedUpload { kind: MediaKind::Image, upload: MediaUpload::bytes(vec![1], "image/png") };

        let err = admin.add_product(form(), vec![upload(), upload()]).await.unwrap_err();

        assert!(matches!(err, ProductAdminError::Picture(UnusablePicture::TooManyPixels { width: 11_000, .. })));
    }

    #[tokio::test]
    async fn a_change_removes_only_the_files_the_repository_answers_as_unreferenced() {
        let picture = |url: &str| Media { url: url.into(), kind: MediaKind::Image, width: None, variants: vec![] };
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_product().returning(move |product| {
            Ok(Some(stored_product(product, vec![picture("/media/shared.png"), picture("/media/own.png")])))
        });
        let mut writer = MockCatalogWriter::new();
        writer
            .expect_update_product()
            .withf(|_, product| product.media.is_empty())
            .times(1)
            .returning(|_, _| Ok(vec!["/media/own.png".to_owned()]));
        let mut media = MockMediaStore::new();
        media.expect_remove().withf(|urls| urls == &["/media/own.png".to_owned()]).times(1).returning(|_| ());
        let admin =
            CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(media), Arc::new(Announced::default()));

        admin.change_product(ProductId::new(7).unwrap(), form(), KeptMedia::Only(vec![]), vec![]).await.unwrap();
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
        writer.expect_delete_category().returning(|_| Err(RepositoryError::Conflict(Conflict::CategoryInUse)));
        let admin = admin(MockCatalogRepository::new(), writer);

        let err = admin.delete_category(id(3)).await.unwrap_err();

        assert_eq!(err.to_string(), "This category still has products or sub-categories. Move or delete them first.");
    }

    #[tokio::test]
    async fn every_stored_change_is_announced_once_after_it_is_stored() {
        let product_id = ProductId::new(5).unwrap();
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_product().returning(|product| Ok(Some(stored_product(product, vec![]))));
        catalog.expect_category().returning(|category| {
            Ok(Some(Category { id: category, name: "Cases".into(), parent: None, full_path: "Cases".into(), views: 0 }))
        });
        let changes = Arc::new(Announced::default());
        let mut writer = MockCatalogWriter::new();
        let seen = changes.clone();
        writer.expect_create_product().times(1).returning(move |_| {
            assert_eq!(seen.count(), 0, "announced before it was stored");
            Ok(product_id)
        });
        writer.expect_update_product().times(1).returning(|_, _| Ok(vec![]));
        writer.expect_delete_product().times(1).returning(|_| Ok(Some(vec![])));
        writer.expect_toggle_featured().times(1).returning(|_| Ok(Some(true)));
        writer.expect_create_category().times(1).returning(|_| Ok(id(4)));
        writer.expect_update_category().times(1).returning(|_, _, _| Ok(()));
        writer.expect_delete_category().times(1).returning(|_| Ok(()));
        let mut media = MockMediaStore::new();
        media.expect_remove().returning(|_| ());
        let admin = CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(media), changes.clone());
        let mut counts = Vec::new();

        admin.add_product(form(), vec![]).await.unwrap();
        counts.push(changes.count());
        admin.change_product(product_id, form(), KeptMedia::All, vec![]).await.unwrap();
        counts.push(changes.count());
        admin.toggle_featured(product_id).await.unwrap();
        counts.push(changes.count());
        admin.delete_product(product_id).await.unwrap();
        counts.push(changes.count());
        admin.add_category("Cables", None).await.unwrap();
        counts.push(changes.count());
        admin.change_category(id(4), CategoryChange { name: "Cords".into(), parent: None }).await.unwrap();
        counts.push(changes.count());
        admin.delete_category(id(4)).await.unwrap();
        counts.push(changes.count());

        assert_eq!(counts, [1, 2, 3, 4, 5, 6, 7]);
    }

    #[tokio::test]
    async fn a_change_of_an_unknown_product_or_category_is_not_announced() {
        let mut writer = MockCatalogWriter::new();
        writer.expect_toggle_featured().returning(|_| Ok(None));
        writer.expect_delete_product().returning(|_| Ok(None));
        writer.expect_update_category().returning(|_, _, _| Err(RepositoryError::NotFound));
        writer.expect_delete_category().returning(|_| Err(RepositoryError::NotFound));
        let admin = admin(MockCatalogRepository::new(), writer);
        let product = ProductId::new(9).unwrap();

        let toggled = admin.toggle_featured(product).await.unwrap_err();
        let deleted = admin.delete_product(product).await.unwrap_err();
        let renamed = admin.change_category(id(9), CategoryChange { name: "Cords".into(), parent: None }).await;
        let removed = admin.delete_category(id(9)).await;

        assert_eq!(
            (toggled.to_string(), deleted.to_string()),
            ("Product not found.".into(), "Product not found.".into())
        );
        assert_eq!(renamed.unwrap_err().to_string(), "Category not found.");
        assert_eq!(removed.unwrap_err().to_string(), "Category not found.");
    }
}
