//! Filling an empty shop with demo content, for `app-server seed-demo` and `just run`.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use domain::coupon::Coupon;
use domain::ids::CategoryId;
use domain::money::Rupees;
use domain::pricing::PriceTag;

use crate::catalog::{CatalogError, Media, MediaKind, NewCategory, NewProduct};
use crate::ports::{
    CatalogRepository, CatalogWriter, CouponRepository, MediaStore, MediaStoreError, MediaUpload, RepositoryError,
    SettingsRepository, StoredMedia,
};

/// The demo shop to create.
#[derive(Debug, Clone)]
pub struct DemoShop {
    pub categories: Vec<DemoCategory>,
    pub delivery_charge: Rupees,
    pub coupons: Vec<Coupon>,
}

/// A demo category with its products and sub-categories.
#[derive(Debug, Clone)]
pub struct DemoCategory {
    pub name: String,
    pub products: Vec<DemoProduct>,
    pub children: Vec<DemoCategory>,
}

/// A demo product with its pictures.
#[derive(Debug, Clone)]
pub struct DemoProduct {
    pub name: String,
    pub price: PriceTag,
    pub description: String,
    pub color: Option<String>,
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    pub pictures: Vec<MediaUpload>,
}

/// What seeding did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedOutcome {
    Seeded {
        categories: usize,
        products: usize,
    },
    /// The catalogue already held categories; nothing was written.
    AlreadySeeded,
}

/// Why seeding failed.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the demo shop could not be stored")]
    Repository(#[from] RepositoryError),
    #[error("a demo picture could not be stored")]
    Media(#[from] MediaStoreError),
    #[error("the catalogue could not be read")]
    Catalog(#[from] CatalogError),
}

/// The seeding use case.
pub struct SeedDemo {
    catalog: Arc<dyn CatalogRepository>,
    writer: Arc<dyn CatalogWriter>,
    settings: Arc<dyn SettingsRepository>,
    coupons: Arc<dyn CouponRepository>,
    media: Arc<dyn MediaStore>,
}

impl SeedDemo {
    #[must_use]
    pub fn new(
        catalog: Arc<dyn CatalogRepository>,
        writer: Arc<dyn CatalogWriter>,
        settings: Arc<dyn SettingsRepository>,
        coupons: Arc<dyn CouponRepository>,
        media: Arc<dyn MediaStore>,
    ) -> Self {
        Self { catalog, writer, settings, coupons, media }
    }

    /// Stores the demo shop that `build` describes, unless the catalogue already has categories. `build` is
    /// called only when the shop is empty, so its pictures are drawn only then.
    ///
    /// # Errors
    /// [`SeedError`] when a store fails.
    pub async fn run(&self, build: impl FnOnce() -> DemoShop + Send) -> Result<SeedOutcome, SeedError> {
        if !self.catalog.is_empty().await? {
            return Ok(SeedOutcome::AlreadySeeded);
        }
        let shop = build();
        let mut counts = (0, 0);
        let mut stored: HashMap<u64, StoredMedia> = HashMap::new();
        let mut pending: Vec<(Option<CategoryId>, DemoCategory)> =
            shop.categories.into_iter().rev().map(|c| (None, c)).collect();
        while let Some((parent, category)) = pending.pop() {
            let id = self.writer.create_category(NewCategory { name: category.name, parent }).await?;
            counts.0 += 1;
            for product in category.products {
                self.create_product(id, product, &mut stored).await?;
                counts.1 += 1;
            }
            pending.extend(category.children.into_iter().rev().map(|c| (Some(id), c)));
        }
        self.settings.set_delivery_charge(shop.delivery_charge).await?;
        for coupon in shop.coupons {
            self.coupons.create(coupon).await?;
        }
        Ok(SeedOutcome::Seeded { categories: counts.0, products: counts.1 })
    }

    /// Creates a product; identical pictures are stored once and shared.
    async fn create_product(
        &self,
        category: CategoryId,
        product: DemoProduct,
        kept: &mut HashMap<u64, StoredMedia>,
    ) -> Result<(), SeedError> {
        let mut media = Vec::with_capacity(product.pictures.len());
        for picture in product.pictures {
            let fingerprint = {
                let mut hasher = DefaultHasher::new();
                picture.bytes.hash(&mut hasher);
                hasher.finish()
            };
            let stored = match kept.get(&fingerprint) {
                Some(stored) => stored.clone(),
                None => {
                    let stored = self.media.save(picture).await?;
                    kept.insert(fingerprint, stored.clone());
                    stored
                }
            };
            media.push(Media {
                url: stored.url,
                kind: MediaKind::Image,
                width: stored.width,
                variant_widths: stored.variant_widths,
            });
        }
        self.writer
            .create_product(NewProduct {
                name: product.name,
                category,
                price: product.price,
                description: product.description,
                color: product.color,
                quantity: product.quantity,
                featured: product.featured,
                free_delivery: product.free_delivery,
                media,
            })
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{
        MockCatalogRepository, MockCatalogWriter, MockCouponRepository, MockMediaStore, MockSettingsRepository,
    };
    use domain::ids::ProductId;

    fn demo() -> DemoShop {
        let product = |name: &str| DemoProduct {
            name: name.into(),
            price: PriceTag::new(Rupees::from_whole(1000), None, 0),
            description: "demo".into(),
            color: None,
            quantity: 5,
            featured: false,
            free_delivery: false,
            pictures: vec![MediaUpload { bytes: vec![1, 2, 3], content_type: "image/png".into() }],
        };
        DemoShop {
            categories: vec![DemoCategory {
                name: "Cases".into(),
                products: vec![],
                children: vec![DemoCategory {
                    name: "Samsung".into(),
                    products: vec![product("A"), product("B")],
                    children: vec![],
                }],
            }],
            delivery_charge: Rupees::from_whole(200),
            coupons: vec![],
        }
    }

    fn unused_ports() -> (MockCatalogWriter, MockSettingsRepository, MockCouponRepository, MockMediaStore) {
        (MockCatalogWriter::new(), MockSettingsRepository::new(), MockCouponRepository::new(), MockMediaStore::new())
    }

    #[tokio::test]
    async fn a_shop_with_categories_is_left_alone() {
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_is_empty().times(1).returning(|| Ok(false));
        let (writer, settings, coupons, media) = unused_ports();
        let seed =
            SeedDemo::new(Arc::new(catalog), Arc::new(writer), Arc::new(settings), Arc::new(coupons), Arc::new(media));

        let outcome = seed.run(|| panic!("the demo must not be built")).await.unwrap();

        assert_eq!(outcome, SeedOutcome::AlreadySeeded);
    }

    #[tokio::test]
    async fn an_empty_shop_gets_the_tree_products_pictures_and_charge() {
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_is_empty().times(1).returning(|| Ok(true));
        let (mut writer, mut settings, coupons, mut media) = unused_ports();
        writer
            .expect_create_category()
            .withf(|c| c.name == "Cases" && c.parent.is_none())
            .times(1)
            .returning(|_| Ok(CategoryId::new(1).unwrap()));
        writer
            .expect_create_category()
            .withf(|c| c.name == "Samsung" && c.parent.map(CategoryId::get) == Some(1))
            .times(1)
            .returning(|_| Ok(CategoryId::new(2).unwrap()));
        writer
            .expect_create_product()
            .withf(|p| {
                p.category.get() == 2
                    && p.media.len() == 1
                    && p.media[0].url == "/media/x.png"
                    && p.media[0].variant_widths == [320]
            })
            .times(2)
            .returning(|_| Ok(ProductId::new(10).unwrap()));
        media.expect_save().times(1).returning(|_| {
            Ok(crate::ports::StoredMedia { url: "/media/x.png".into(), width: Some(480), variant_widths: vec![320] })
        });
        settings.expect_set_delivery_charge().withf(|c| *c == Rupees::from_whole(200)).times(1).returning(|_| Ok(()));
        let seed =
            SeedDemo::new(Arc::new(catalog), Arc::new(writer), Arc::new(settings), Arc::new(coupons), Arc::new(media));

        let outcome = seed.run(demo).await.unwrap();

        assert_eq!(outcome, SeedOutcome::Seeded { categories: 2, products: 2 });
        // The two products' identical pictures were stored once (`times(1)` above).
    }
}
