//! Filling an empty shop with the demo shop, for `app-server seed-demo` and `just run`, through the same use
//! cases as the admin's own forms: every category, product, picture, coupon and the delivery charge passes
//! the admin's rules, and each product's pictures are files of its own.

use std::sync::Arc;

use domain::cart::DeliveryCharge;
use domain::ids::CategoryId;
use domain::money::Rupees;

use crate::catalog::admin::{CatalogAdmin, CatalogAdminError, CheckedUpload, ProductAdminError, ProductForm};
use crate::catalog::ports::CatalogRepository;
use crate::common::error::RepositoryError;
use crate::coupons::service::{CouponAdminError, CouponForm, Coupons};
use crate::media::ports::MediaUpload;
use crate::media::sniff::{sniff, UnsupportedMedia};
use crate::settings::service::{Settings, SettingsError};

/// The demo shop to create.
#[derive(Debug, Clone)]
pub struct DemoShop {
    pub categories: Vec<DemoCategory>,
    pub delivery_charge: DeliveryCharge,
    pub coupons: Vec<CouponForm>,
}

/// A demo category with its products and sub-categories.
#[derive(Debug, Clone)]
pub struct DemoCategory {
    pub name: String,
    pub products: Vec<DemoProduct>,
    pub children: Vec<DemoCategory>,
}

/// A demo product as the admin's form would send it, with its pictures.
#[derive(Debug, Clone)]
pub struct DemoProduct {
    pub name: String,
    pub price: Rupees,
    pub sale_price: Option<Rupees>,
    pub discount_percent: Option<u8>,
    pub description: String,
    pub color: Option<String>,
    pub quantity: u32,
    pub featured: bool,
    pub free_delivery: bool,
    /// Its pictures' files (drawn WebP pictures, or any file the admin's form would take).
    pub pictures: Vec<Vec<u8>>,
}

impl DemoProduct {
    /// The admin's product form for this product in `category`, and its pictures.
    fn into_form(self, category: CategoryId) -> (ProductForm, Vec<Vec<u8>>) {
        let form = ProductForm {
            name: self.name,
            category: Some(category),
            price: Some(self.price),
            sale_price: self.sale_price,
            discount_percent: self.discount_percent,
            description: self.description,
            color: self.color,
            name_ur: None,
            description_ur: None,
            quantity: Some(self.quantity),
            featured: self.featured,
            free_delivery: self.free_delivery,
        };
        (form, self.pictures)
    }
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

/// Why seeding failed: the admin's own refusal, naming the row.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("the catalogue could not be read")]
    Catalog(#[source] RepositoryError),
    #[error("demo category {name:?}: {source}")]
    Category {
        name: String,
        #[source]
        source: CatalogAdminError,
    },
    #[error("demo product {name:?}: {source}")]
    Product {
        name: String,
        #[source]
        source: ProductAdminError,
    },
    #[error("a picture of demo product {name:?}: {source}")]
    Picture {
        name: String,
        #[source]
        source: UnsupportedMedia,
    },
    #[error("demo coupon {code:?}: {source}")]
    Coupon {
        code: String,
        #[source]
        source: CouponAdminError,
    },
    #[error("the delivery charge could not be set")]
    Settings(#[from] SettingsError),
    #[error("the demo shop could not be drawn")]
    Draw(#[source] DrawError),
}

/// Why the adapter that draws a shop's pictures could not draw them.
pub type DrawError = Box<dyn std::error::Error + Send + Sync>;

/// The seeding use case.
pub struct SeedDemo {
    catalog: Arc<dyn CatalogRepository>,
    admin: CatalogAdmin,
    coupons: Coupons,
    settings: Settings,
}

impl SeedDemo {
    #[must_use]
    pub fn new(catalog: Arc<dyn CatalogRepository>, admin: CatalogAdmin, coupons: Coupons, settings: Settings) -> Self {
        Self { catalog, admin, coupons, settings }
    }

    /// Stores the demo shop that `build` describes, unless the catalogue already has categories. `build` is
    /// called only when the shop is empty, so its pictures are drawn only then.
    ///
    /// # Errors
    /// [`SeedError`] naming the first row the admin's rules refuse, a store failure, or what `build` answered.
    pub async fn run(
        &self,
        build: impl FnOnce() -> Result<DemoShop, DrawError> + Send,
    ) -> Result<SeedOutcome, SeedError> {
        if !self.catalog.is_empty().await.map_err(SeedError::Catalog)? {
            return Ok(SeedOutcome::AlreadySeeded);
        }
        let shop = build().map_err(SeedError::Draw)?;
        let (mut categories, mut products) = (0, 0);
        let mut pending: Vec<(Option<CategoryId>, DemoCategory)> =
            shop.categories.into_iter().rev().map(|c| (None, c)).collect();
        while let Some((parent, category)) = pending.pop() {
            let id = self
                .admin
                .add_category(&category.name, None, parent)
                .await
                .map_err(|source| SeedError::Category { name: category.name.clone(), source })?
                .id;
            categories += 1;
            for product in category.products {
                self.add_product(id, product).await?;
                products += 1;
            }
            pending.extend(category.children.into_iter().rev().map(|c| (Some(id), c)));
        }
        self.settings.set_delivery_charge(shop.delivery_charge).await?;
        for coupon in shop.coupons {
            let code = coupon.code.clone();
            self.coupons.add(coupon).await.map_err(|source| SeedError::Coupon { code, source })?;
        }
        Ok(SeedOutcome::Seeded { categories, products })
    }

    /// Adds a product as the admin's form does: its pictures recognised by their bytes, each stored anew.
    async fn add_product(&self, category: CategoryId, product: DemoProduct) -> Result<(), SeedError> {
        let name = product.name.clone();
        let (form, pictures) = product.into_form(category);
        let uploads = pictures
            .into_iter()
            .map(|bytes| {
                let (kind, content_type) =
                    sniff(&bytes).map_err(|source| SeedError::Picture { name: name.clone(), source })?;
                Ok(CheckedUpload { kind, upload: MediaUpload::bytes(bytes, content_type) })
            })
            .collect::<Result<Vec<_>, SeedError>>()?;
        self.admin.add_product(form, uploads).await.map_err(|source| SeedError::Product { name, source })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::model::{Category, CategoryRef, Product};
    use crate::catalog::ports::{MockCatalogChanges, MockCatalogRepository, MockCatalogWriter};
    use crate::common::clock::MockClock;
    use crate::coupons::ports::MockCouponRepository;
    use crate::media::model::{Media, MediaKind};
    use crate::media::picture::MAX_PRODUCT_PICTURE_WIDTH;
    use crate::media::ports::{MockMediaStore, StoredMedia};
    use crate::settings::ports::MockSettingsRepository;
    use chrono::NaiveDate;
    use domain::ids::{CouponId, ProductId};
    use domain::pricing::PriceTag;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const WEBP: &[u8] = b"RIFF\x24\x10\0\0WEBPVP8L\x18\x10\0\0\x2f";

    fn product(name: &str, sale_price: Option<i64>) -> DemoProduct {
        DemoProduct {
            name: name.into(),
            price: Rupees::from_whole(1000),
            sale_price: sale_price.map(Rupees::from_whole),
            discount_percent: None,
            description: "demo".into(),
            color: None,
            quantity: 5,
            featured: false,
            free_delivery: false,
            pictures: vec![WEBP.to_vec()],
        }
    }

    fn demo(products: Vec<DemoProduct>) -> DemoShop {
        let day = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        DemoShop {
            categories: vec![DemoCategory {
                name: "Cases".into(),
                products: vec![],
                children: vec![DemoCategory { name: "Samsung".into(), products, children: vec![] }],
            }],
            delivery_charge: DeliveryCharge::new(Rupees::from_whole(200)).unwrap(),
            coupons: vec![CouponForm {
                code: "WELCOME10".into(),
                percent: Some(10),
                amount: None,
                start: day,
                end: day,
                min_price: None,
                active: true,
                max_uses: None,
                max_uses_per_customer: None,
            }],
        }
    }

    fn category(id: i64, name: &str, parent: Option<i64>) -> Category {
        Category {
            id: CategoryId::new(id).unwrap(),
            name: name.into(),
            name_ur: None,
            parent: parent.map(|p| CategoryId::new(p).unwrap()),
            full_path: name.into(),
            views: 0,
        }
    }

    fn read_back(id: ProductId) -> Product {
        Product {
            id,
            name: "read back".into(),
            name_ur: None,
            category: CategoryRef { id: CategoryId::new(2).unwrap(), name: "Samsung".into(), name_ur: None },
            price: PriceTag::list(Rupees::from_whole(1000)),
            description: "demo".into(),
            description_ur: None,
            color: None,
            quantity: 5,
            featured: false,
            free_delivery: false,
            media: vec![],
            ratings: domain::review::RatingSpread::default(),
        }
    }

    struct Ports {
        catalog: MockCatalogRepository,
        writer: MockCatalogWriter,
        media: MockMediaStore,
        coupons: MockCouponRepository,
        settings: MockSettingsRepository,
        changes: MockCatalogChanges,
    }

    impl Ports {
        fn shop(empty: bool) -> Self {
            let mut catalog = MockCatalogRepository::new();
            catalog.expect_is_empty().times(1).returning(move || Ok(empty));
            Self {
                catalog,
                writer: MockCatalogWriter::new(),
                media: MockMediaStore::new(),
                coupons: MockCouponRepository::new(),
                settings: MockSettingsRepository::new(),
                changes: MockCatalogChanges::new(),
            }
        }

        fn seed(self) -> SeedDemo {
            let catalog = Arc::new(self.catalog);
            let admin =
                CatalogAdmin::new(catalog.clone(), Arc::new(self.writer), Arc::new(self.media), Arc::new(self.changes));
            let coupons = Coupons::new(Arc::new(self.coupons), Arc::new(MockClock::new()));
            SeedDemo::new(catalog, admin, coupons, Settings::new(Arc::new(self.settings)))
        }
    }

    #[tokio::test]
    async fn a_shop_with_categories_is_left_alone() {
        let ports = Ports::shop(false);

        let outcome = ports.seed().run(|| panic!("the demo must not be built")).await.unwrap();

        assert_eq!(outcome, SeedOutcome::AlreadySeeded);
    }

    #[tokio::test]
    async fn an_empty_shop_gets_the_tree_products_own_pictures_coupons_and_charge_through_the_admin() {
        let mut ports = Ports::shop(true);
        ports
            .writer
            .expect_category_line()
            .withf(|p| p.get() == 1)
            .returning(|_| Ok(vec![CategoryId::new(1).unwrap()]));
        ports
            .writer
            .expect_create_category()
            .withf(|c| c.name.as_str() == "Cases" && c.parent.is_none())
            .times(1)
            .returning(|_| Ok(CategoryId::new(1).unwrap()));
        ports
            .writer
            .expect_create_category()
            .withf(|c| c.name.as_str() == "Samsung" && c.parent.map(CategoryId::get) == Some(1))
            .times(1)
            .returning(|_| Ok(CategoryId::new(2).unwrap()));
        ports.catalog.expect_category().returning(|id| {
            Ok(Some(if id.get() == 1 { category(1, "Cases", None) } else { category(2, "Samsung", Some(1)) }))
        });
        let saved = Arc::new(AtomicUsize::new(0));
        let counter = saved.clone();
        ports
            .media
            .expect_save_reencoded()
            .withf(|u, max_width| u.content_type == "image/webp" && *max_width == MAX_PRODUCT_PICTURE_WIDTH)
            .times(2)
            .returning(move |_, _| {
                let n = counter.fetch_add(1, Ordering::SeqCst);
                Ok(StoredMedia { url: format!("/media/{n}.webp"), width: Some(480), variants: vec![] })
            });
        ports
            .writer
            .expect_create_product()
            .withf(|p| {
                p.name == "A" && p.category.get() == 2 && p.media.len() == 1 && p.media[0].url == "/media/0.webp"
            })
            .times(1)
            .returning(|_| Ok(ProductId::new(10).unwrap()));
        ports
            .writer
            .expect_create_product()
            .withf(|p| {
                p.name == "B"
                    && p.price
                        == PriceTag::from_fields(Rupees::from_whole(1000), Some(Rupees::from_whole(750)), 25).unwrap()
                    && p.media
                        == [Media {
                            url: "/media/1.webp".into(),
                            kind: MediaKind::Image,
                            width: Some(480),
                            variants: vec![],
                        }]
            })
            .times(1)
            .returning(|_| Ok(ProductId::new(11).unwrap()));
        ports.catalog.expect_product().times(2).returning(|id| Ok(Some(read_back(id))));
        ports.changes.expect_changed().times(4).returning(|| ());
        ports
            .settings
            .expect_set_delivery_charge()
            .withf(|c| *c == Rupees::from_whole(200))
            .times(1)
            .returning(|_| Ok(()));
        ports
            .coupons
            .expect_create()
            .withf(|c| c.code().as_str() == "WELCOME10")
            .times(1)
            .returning(|_| Ok(CouponId::new(1).unwrap()));

        let outcome = ports.seed().run(|| Ok(demo(vec![product("A", None), product("B", Some(750))]))).await.unwrap();

        assert_eq!(outcome, SeedOutcome::Seeded { categories: 2, products: 2 });
        assert_eq!(saved.load(Ordering::SeqCst), 2, "the two identical pictures are two files");
    }

    #[tokio::test]
    async fn a_row_the_admin_would_refuse_stops_the_seed_and_is_named() {
        let mut ports = Ports::shop(true);
        ports.writer.expect_category_line().returning(|_| Ok(vec![CategoryId::new(1).unwrap()]));
        ports
            .writer
            .expect_create_category()
            .returning(|c| Ok(CategoryId::new(if c.parent.is_none() { 1 } else { 2 }).unwrap()));
        ports.catalog.expect_category().returning(|id| Ok(Some(category(id.get(), "Cases", None))));
        ports.writer.expect_create_product().never();
        ports.changes.expect_changed().times(2).returning(|| ());

        let err = ports.seed().run(|| Ok(demo(vec![product("Too dear", Some(1200))]))).await.unwrap_err();

        assert_eq!(err.to_string(), "demo product \"Too dear\": Sale price must be below the price.");
    }
}
