//! The demo shop that `seed-demo` creates, read from `demo/shop.json` (or another shop file in its format,
//! such as the browser tests' own): a believable phone-accessory catalogue
//! in rupees, with sale prices, percentage discounts, free delivery, low and zero stock, a delivery charge
//! and two coupons. Each product gets pictures drawn for it (`pictures.rs`); featured products get a second
//! angle. The benchmark's catalogue is generated here too, and seeded on a separate fast path.

use application::coupons::service::CouponForm;
use application::seed_bench::{BenchCategory, BenchProduct, BenchShop};
use application::seed_demo::{DemoCategory, DemoProduct, DemoShop};
use chrono::{Days, NaiveDate};
use domain::cart::DeliveryCharge;
use domain::money::Rupees;
use domain::pricing::PriceTag;
use image::ImageError;
use serde::Deserialize;

use crate::pictures::{picture, Kind};

/// The demo shop's data, as the admin would type it.
pub const SHOP_JSON: &str = include_str!("../demo/shop.json");

/// Why a shop file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum DemoDataError {
    #[error("the shop file does not parse: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the shop file's delivery charge is out of range")]
    DeliveryCharge,
    #[error("the shop file's category {0:?} has products but no picture kind")]
    PictureKind(String),
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ShopFile {
    delivery_charge: i64,
    coupons: Vec<CouponRow>,
    categories: Vec<CategoryRow>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CouponRow {
    code: String,
    percent: Option<u8>,
    amount: Option<i64>,
    min_price: Option<i64>,
    /// Valid from the day of seeding for this many days.
    valid_days: u64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CategoryRow {
    name: String,
    /// What the drawn pictures of its products show.
    picture: Option<Kind>,
    #[serde(default)]
    products: Vec<ProductRow>,
    #[serde(default)]
    children: Vec<CategoryRow>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ProductRow {
    name: String,
    price: i64,
    sale_price: Option<i64>,
    discount_percent: Option<u8>,
    quantity: u32,
    #[serde(default)]
    featured: bool,
    #[serde(default)]
    free_delivery: bool,
    color: String,
    description: String,
}

impl ProductRow {
    fn into_demo(self, kind: Kind) -> Result<DemoProduct, ImageError> {
        let angles = if self.featured { 0..2 } else { 0..1 };
        Ok(DemoProduct {
            pictures: angles.map(|angle| picture(kind, &self.color, angle)).collect::<Result<_, _>>()?,
            name: self.name,
            price: Rupees::from_whole(self.price),
            sale_price: self.sale_price.map(Rupees::from_whole),
            discount_percent: self.discount_percent,
            description: self.description,
            color: Some(self.color),
            quantity: self.quantity,
            featured: self.featured,
            free_delivery: self.free_delivery,
        })
    }
}

impl CategoryRow {
    /// Checks what JSON alone cannot: products need a picture kind to be drawn.
    fn check(&self) -> Result<(), DemoDataError> {
        if self.picture.is_none() && !self.products.is_empty() {
            return Err(DemoDataError::PictureKind(self.name.clone()));
        }
        self.children.iter().try_for_each(CategoryRow::check)
    }

    fn into_demo(self) -> Result<DemoCategory, ImageError> {
        let kind = self.picture;
        Ok(DemoCategory {
            name: self.name,
            products: self.products.into_iter().filter_map(|p| Some(p.into_demo(kind?))).collect::<Result<_, _>>()?,
            children: self.children.into_iter().map(CategoryRow::into_demo).collect::<Result<_, _>>()?,
        })
    }
}

/// The demo shop as read, before its pictures are drawn.
#[derive(Debug)]
pub struct DemoData {
    file: ShopFile,
    delivery_charge: DeliveryCharge,
    today: NaiveDate,
}

/// Reads a shop file (`SHOP_JSON` for the demo), with coupons valid from `today` (Pakistan time). The
/// admin's rules check its rows when they are seeded.
///
/// # Errors
/// [`DemoDataError`] when `json` does not describe a shop.
pub fn load(json: &str, today: NaiveDate) -> Result<DemoData, DemoDataError> {
    let file: ShopFile = serde_json::from_str(json)?;
    file.categories.iter().try_for_each(CategoryRow::check)?;
    let delivery_charge =
        DeliveryCharge::new(Rupees::from_whole(file.delivery_charge)).map_err(|_| DemoDataError::DeliveryCharge)?;
    Ok(DemoData { file, delivery_charge, today })
}

impl DemoData {
    /// The demo shop with its pictures drawn.
    ///
    /// # Errors
    /// When a picture cannot be encoded (see [`picture`]).
    pub fn draw(self) -> Result<DemoShop, ImageError> {
        let today = self.today;
        let coupons = self
            .file
            .coupons
            .into_iter()
            .map(|c| CouponForm {
                code: c.code,
                percent: c.percent,
                amount: c.amount.map(Rupees::from_whole),
                start: today,
                end: today.checked_add_days(Days::new(c.valid_days)).unwrap_or(today),
                min_price: c.min_price.map(Rupees::from_whole),
                active: true,
                max_uses: None,
                max_uses_per_customer: None,
            })
            .collect();
        Ok(DemoShop {
            categories: self.file.categories.into_iter().map(CategoryRow::into_demo).collect::<Result<_, _>>()?,
            delivery_charge: self.delivery_charge,
            coupons,
        })
    }
}

/// The benchmark's catalogue: `categories` categories (a fifth of them roots, the rest their children)
/// holding `products` products spread over the children, each with one of six shared pictures.
///
/// # Errors
/// When a picture cannot be encoded (see [`picture`]).
pub fn bench_shop(categories: usize, products: usize) -> Result<BenchShop, ImageError> {
    const KINDS: [(Kind, &str, &str); 6] = [
        (Kind::Case, "Case", "Black"),
        (Kind::Charger, "Fast Charger", "White"),
        (Kind::Cable, "Braided Cable", "Red"),
        (Kind::Audio, "Wireless Earbuds", "Blue"),
        (Kind::PowerBank, "Power Bank", "Purple"),
        (Kind::Protector, "Tempered Glass", "Clear"),
    ];
    let pictures: Vec<_> = KINDS.iter().map(|(kind, _, colour)| picture(*kind, colour, 0)).collect::<Result<_, _>>()?;
    let roots = (categories / 5).max(1);
    let children_per_root = (categories - roots) / roots;
    let leaves = (roots * children_per_root).max(1);
    let mut made = 0;
    let tree = (0..roots)
        .map(|r| {
            let children = (0..children_per_root)
                .map(|c| {
                    let leaf = r * children_per_root + c;
                    let count = products / leaves + usize::from(leaf < products % leaves);
                    let products = (0..count)
                        .map(|_| {
                            made += 1;
                            let kind = made % KINDS.len();
                            let (_, noun, colour) = KINDS[kind];
                            let price = 300 + (made as i64 * 37) % 9700;
                            BenchProduct {
                                name: format!("{noun} Model {made}"),
                                price: PriceTag::from_fields(
                                    Rupees::from_whole(price),
                                    (made % 3 == 0).then(|| Rupees::from_whole(price * 4 / 5)),
                                    0,
                                )
                                .unwrap_or(PriceTag::list(Rupees::from_whole(price))),
                                description: format!("Benchmark {noun} number {made} for phones, sold in rupees."),
                                color: Some(colour.to_owned()),
                                quantity: u32::try_from(made % 40).unwrap_or(0),
                                featured: made % 50 == 0,
                                free_delivery: made % 7 == 0,
                                pictures: vec![pictures[kind].clone()],
                            }
                        })
                        .collect();
                    BenchCategory { name: format!("Range {r}-{c}"), products, children: vec![] }
                })
                .collect();
            BenchCategory { name: format!("Department {r}"), products: vec![], children }
        })
        .collect();
    Ok(BenchShop { categories: tree, delivery_charge: Rupees::from_whole(250) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bench_products(categories: &[BenchCategory]) -> Vec<&BenchProduct> {
        categories.iter().flat_map(|c| c.products.iter().chain(bench_products(&c.children))).collect()
    }

    fn demo_products(categories: &[DemoCategory]) -> Vec<&DemoProduct> {
        categories.iter().flat_map(|c| c.products.iter().chain(demo_products(&c.children))).collect()
    }

    #[test]
    fn the_bench_shop_has_the_asked_numbers_of_categories_and_products() {
        let shop = bench_shop(200, 10_000).unwrap();

        let categories: usize = shop.categories.iter().map(|c| 1 + c.children.len()).sum();

        assert_eq!(categories, 200);
        assert_eq!(bench_products(&shop.categories).len(), 10_000);
    }

    #[test]
    fn the_demo_shop_covers_every_case_a_shopper_meets() {
        let shop = load(SHOP_JSON, NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()).unwrap().draw().unwrap();
        let products = demo_products(&shop.categories);

        assert_eq!(products.len(), 48);
        assert!(products.iter().any(|p| p.sale_price.is_some()));
        assert!(products.iter().any(|p| p.discount_percent.is_some()));
        assert!(products.iter().any(|p| p.free_delivery));
        assert!(products.iter().any(|p| p.quantity == 0));
        assert!(products.iter().any(|p| (1..3).contains(&p.quantity)));
        assert!(products.iter().filter(|p| p.featured).count() >= 8);
        assert!(products.iter().all(|p| !p.pictures.is_empty()));
        assert_eq!(shop.coupons.len(), 2);
        assert_eq!(shop.coupons[0].end, NaiveDate::from_ymd_opt(2027, 11, 22).unwrap());
        assert_eq!(shop.delivery_charge.get(), Rupees::from_whole(250));
    }
}
