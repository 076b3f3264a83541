//! Filling an empty benchmark database with many products fast, for `app-server seed-bench` (`just bench`
//! only, into its own database and media directory). Unlike the demo shop, this writes products straight
//! to the catalogue, past the admin's rules, and its products share a few picture files: it is never a
//! shop anyone edits.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use domain::category::{CategoryName, CategoryNameError};
use domain::ids::CategoryId;
use domain::money::Rupees;
use domain::pricing::PriceTag;

use crate::catalog::browse::CatalogError;
use crate::catalog::model::{NewCategory, NewProduct};
use crate::catalog::ports::{CatalogRepository, CatalogWriter};
use crate::common::error::RepositoryError;
use crate::media::model::{Media, MediaKind};
use crate::media::ports::{MediaStore, MediaStoreError, MediaUpload, StoredMedia};
use crate::seed_demo::{DrawError, SeedOutcome};
use crate::settings::ports::SettingsRepository;

/// The benchmark catalogue to create.
#[derive(Debug, Clone)]
pub struct BenchShop {
    pub categories: Vec<BenchCategory>,
    pub delivery_charge: Rupees,
}

/// A benchmark category with its products and sub-categories.
#[derive(Debug, Clone)]
pub struct BenchCategory {
    pub name: String,
    pub products: Vec<BenchProduct>,
    pub children: Vec<BenchCategory>,
}

/// A benchmark product with its pictures.
#[derive(Debug, Clone)]
pub struct BenchProduct {
    pub name: String,
    pub price: PriceTag,
    pub description: String,
    pub color: Option<String>,
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    /// Its pictures: WebP files, each kept as it is.
    pub pictures: Vec<Vec<u8>>,
}

/// Why seeding failed.
#[derive(Debug, thiserror::Error)]
pub enum SeedBenchError {
    #[error("the benchmark catalogue could not be stored")]
    Repository(#[from] RepositoryError),
    #[error("a picture could not be stored")]
    Media(#[from] MediaStoreError),
    #[error("the catalogue could not be read")]
    Catalog(#[from] CatalogError),
    #[error("a category's name is not one")]
    CategoryName(#[from] CategoryNameError),
    #[error("the benchmark catalogue could not be drawn")]
    Draw(#[source] DrawError),
}

/// The seeding use case.
pub struct SeedBench {
    catalog: Arc<dyn CatalogRepository>,
    writer: Arc<dyn CatalogWriter>,
    settings: Arc<dyn SettingsRepository>,
    media: Arc<dyn MediaStore>,
}

impl SeedBench {
    #[must_use]
    pub fn new(
        catalog: Arc<dyn CatalogRepository>,
        writer: Arc<dyn CatalogWriter>,
        settings: Arc<dyn SettingsRepository>,
        media: Arc<dyn MediaStore>,
    ) -> Self {
        Self { catalog, writer, settings, media }
    }

    /// Stores the catalogue that `build` describes, unless the catalogue already has categories. `build` is
    /// called only when the shop is empty, so its pictures are drawn only then.
    ///
    /// # Errors
    /// [`SeedBenchError`] when a store fails or `build` answers an error.
    pub async fn run(
        &self,
        build: impl FnOnce() -> Result<BenchShop, DrawError> + Send,
    ) -> Result<SeedOutcome, SeedBenchError> {
        if !self.catalog.is_empty().await? {
            return Ok(SeedOutcome::AlreadySeeded);
        }
        let shop = build().map_err(SeedBenchError::Draw)?;
        let mut counts = (0, 0);
        let mut stored: HashMap<u64, StoredMedia> = HashMap::new();
        let mut pending: Vec<(Option<CategoryId>, BenchCategory)> =
            shop.categories.into_iter().rev().map(|c| (None, c)).collect();
        while let Some((parent, category)) = pending.pop() {
            let name = CategoryName::parse(&category.name)?;
            let id = self.writer.create_category(NewCategory { name, name_ur: None, parent }).await?;
            counts.0 += 1;
            for product in category.products {
                self.create_product(id, product, &mut stored).await?;
                counts.1 += 1;
            }
            pending.extend(category.children.into_iter().rev().map(|c| (Some(id), c)));
        }
        self.settings.set_delivery_charge(shop.delivery_charge).await?;
        Ok(SeedOutcome::Seeded { categories: counts.0, products: counts.1 })
    }

    /// Creates a product; identical pictures are stored once and shared.
    async fn create_product(
        &self,
        category: CategoryId,
        product: BenchProduct,
        kept: &mut HashMap<u64, StoredMedia>,
    ) -> Result<(), SeedBenchError> {
        let mut media = Vec::with_capacity(product.pictures.len());
        for picture in product.pictures {
            let fingerprint = {
                let mut hasher = DefaultHasher::new();
                picture.hash(&mut hasher);
                hasher.finish()
            };
            let stored = match kept.get(&fingerprint) {
                Some(stored) => stored.clone(),
                None => {
                    let stored = self.media.save(MediaUpload::bytes(picture, "image/webp")).await?;
                    kept.insert(fingerprint, stored.clone());
                    stored
                }
            };
            media.push(Media {
                url: stored.url,
                kind: MediaKind::Image,
                width: stored.width,
                variants: stored.variants,
            });
        }
        self.writer
            .create_product(NewProduct {
                name: product.name,
                category,
                price: product.price,
                description: product.description,
                name_ur: None,
                description_ur: None,
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
    use crate::catalog::ports::{MockCatalogRepository, MockCatalogWriter};
    use crate::media::model::MediaVariant;
    use crate::media::ports::MockMediaStore;
    use crate::settings::ports::MockSettingsRepository;
    use domain::ids::ProductId;

    fn bench() -> BenchShop {
        let product = |name: &str| BenchProduct {
            name: name.into(),
            price: PriceTag::list(Rupees::from_whole(1000)),
            description: "bench".into(),
            color: None,
            quantity: 5,
            featured: false,
            free_delivery: false,
            pictures: vec![vec![1, 2, 3]],
        };
        BenchShop {
            categories: vec![BenchCategory {
                name: "Cases".into(),
                products: vec![],
                children: vec![BenchCategory {
                    name: "Samsung".into(),
                    products: vec![product("A"), product("B")],
                    children: vec![],
                }],
            }],
            delivery_charge: Rupees::from_whole(200),
        }
    }

    fn unused_ports() -> (MockCatalogWriter, MockSettingsRepository, MockMediaStore) {
        (MockCatalogWriter::new(), MockSettingsRepository::new(), MockMediaStore::new())
    }

    #[tokio::test]
    async fn a_shop_with_categories_is_left_alone() {
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_is_empty().times(1).returning(|| Ok(false));
        let (writer, settings, media) = unused_ports();
        let seed = SeedBench::new(Arc::new(catalog), Arc::new(writer), Arc::new(settings), Arc::new(media));

        let outcome = seed.run(|| panic!("the catalogue must not be built")).await.unwrap();

        assert_eq!(outcome, SeedOutcome::AlreadySeeded);
    }

    #[tokio::test]
    async fn an_empty_shop_gets_the_tree_products_pictures_and_charge() {
        let mut catalog = MockCatalogRepository::new();
        catalog.expect_is_empty().times(1).returning(|| Ok(true));
        let (mut writer, mut settings, mut media) = unused_ports();
        writer
            .expect_create_category()
            .withf(|c| c.name.as_str() == "Cases" && c.parent.is_none())
            .times(1)
            .returning(|_| Ok(CategoryId::new(1).unwrap()));
        writer
            .expect_create_category()
            .withf(|c| c.name.as_str() == "Samsung" && c.parent.map(CategoryId::get) == Some(1))
            .times(1)
            .returning(|_| Ok(CategoryId::new(2).unwrap()));
        writer
            .expect_create_product()
            .withf(|p| {
                p.category.get() == 2
                    && p.media.len() == 1
                    && p.media[0].url == "/media/x.png"
                    && p.media[0].variants.len() == 1
            })
            .times(2)
            .returning(|_| Ok(ProductId::new(10).unwrap()));
        media.expect_save().times(1).returning(|_| {
            Ok(StoredMedia {
                url: "/media/x.png".into(),
                width: Some(480),
                variants: vec![MediaVariant { url: "/media/x-320.webp".into(), width: 320 }],
            })
        });
        settings.expect_set_delivery_charge().withf(|c| *c == Rupees::from_whole(200)).times(1).returning(|_| Ok(()));
        let seed = SeedBench::new(Arc::new(catalog), Arc::new(writer), Arc::new(settings), Arc::new(media));

        let outcome = seed.run(|| Ok(bench())).await.unwrap();

        assert_eq!(outcome, SeedOutcome::Seeded { categories: 2, products: 2 });
        // The two products' identical pictures were stored once (`times(1)` above).
    }
}
