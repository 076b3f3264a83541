//! The demo shop that `seed-demo` creates: a believable phone-accessory catalogue in rupees, with sale
//! prices, percentage discounts, free delivery, low and zero stock, a delivery charge and two coupons.

use application::seed_demo::{DemoCategory, DemoProduct, DemoShop};
use chrono::{Days, NaiveDate};
use domain::coupon::Coupon;
use domain::money::Rupees;
use domain::pricing::PriceTag;

use crate::pictures::{picture, Kind};

/// One demo product: name, price, sale price, percent off, stock, featured, free delivery, colour, text.
type Row = (&'static str, i64, Option<i64>, u8, u32, bool, bool, &'static str, &'static str);

const IPHONE: &[Row] = &[
    (
        "iPhone 15 Pro Silicone Case with MagSafe",
        2499,
        Some(1999),
        0,
        25,
        true,
        false,
        "Navy",
        "Soft-touch silicone with a microfibre lining and built-in magnets that snap to MagSafe chargers.",
    ),
    (
        "iPhone 14 Clear Shockproof Case",
        1299,
        None,
        15,
        40,
        false,
        false,
        "Clear",
        "Crystal-clear back that will not yellow, with air-cushioned corners for drops up to 2 metres.",
    ),
    (
        "iPhone 13 Leather Wallet Case",
        3299,
        None,
        0,
        2,
        false,
        true,
        "Black",
        "Genuine leather folio with three card slots and a stand for watching videos.",
    ),
    (
        "iPhone 15 Rugged Armor Case",
        2199,
        Some(1799),
        0,
        12,
        false,
        false,
        "Black",
        "Dual-layer protection with a carbon-fibre texture and raised lips for the screen and camera.",
    ),
    (
        "iPhone 12 Glitter Case",
        999,
        None,
        0,
        0,
        false,
        false,
        "Pink",
        "Sparkling liquid glitter in a flexible TPU frame.",
    ),
];

const SAMSUNG: &[Row] = &[
    (
        "Galaxy S24 Ultra Tough Armor Case",
        3499,
        Some(2999),
        0,
        18,
        true,
        false,
        "Black",
        "Military-grade drop protection with a built-in kickstand.",
    ),
    (
        "Galaxy A54 Clear Case",
        899,
        None,
        10,
        50,
        false,
        false,
        "Clear",
        "Slim, flexible and clear, with precise cut-outs for every port.",
    ),
    (
        "Galaxy S23 Silicone Cover",
        1599,
        None,
        0,
        1,
        false,
        false,
        "Green",
        "Grippy silicone in a fresh green, washable and soft to hold.",
    ),
    (
        "Galaxy A34 Flip Cover",
        1199,
        Some(999),
        0,
        22,
        false,
        true,
        "Blue",
        "Flip cover with a smart-view window and auto sleep and wake.",
    ),
    (
        "Galaxy Z Flip 5 Hinge Case",
        2799,
        None,
        20,
        7,
        false,
        false,
        "Purple",
        "Two-piece case that protects the hinge without adding bulk.",
    ),
];

const XIAOMI: &[Row] = &[
    (
        "Redmi Note 13 Matte Case",
        799,
        None,
        0,
        35,
        false,
        false,
        "Black",
        "Matte finish that resists fingerprints, with a raised camera ring.",
    ),
    (
        "Xiaomi 13T Carbon Fibre Case",
        1499,
        Some(1199),
        0,
        14,
        false,
        false,
        "Black",
        "Carbon-fibre pattern, thin and light.",
    ),
    ("Redmi 12 Shockproof Case", 699, None, 0, 3, false, false, "Blue", "Reinforced corners in a bright blue."),
];

const INFINIX: &[Row] = &[
    (
        "Infinix Hot 40 Pro Clear Case",
        599,
        None,
        0,
        60,
        false,
        false,
        "Clear",
        "Clear TPU case that shows off the phone's colour.",
    ),
    (
        "Tecno Spark 20 Armour Case",
        899,
        None,
        25,
        16,
        true,
        false,
        "Orange",
        "Rugged armour case with a belt-clip holster.",
    ),
    ("Infinix Note 30 Leather Case", 1399, None, 0, 9, false, false, "Red", "Vegan leather with contrast stitching."),
];

const WALL: &[Row] = &[
    (
        "20W USB-C PD Fast Charger",
        1999,
        Some(1499),
        0,
        45,
        true,
        false,
        "White",
        "Charges an iPhone to 50% in about 30 minutes. Universal 3-pin friendly.",
    ),
    (
        "Samsung 25W Super Fast Charger",
        2999,
        None,
        0,
        20,
        false,
        false,
        "Black",
        "Super Fast Charging for Galaxy phones with Power Delivery 3.0 PPS.",
    ),
    (
        "65W GaN Dual-Port Charger",
        5499,
        Some(4499),
        0,
        6,
        false,
        true,
        "White",
        "Compact gallium-nitride charger that powers a laptop and a phone at once.",
    ),
    ("Dual USB 2.4A Home Charger", 699, None, 0, 80, false, false, "White", "Two USB-A ports for everyday charging."),
];

const CAR: &[Row] = &[
    (
        "Dual-Port 38W Car Charger",
        1499,
        None,
        10,
        30,
        false,
        false,
        "Black",
        "USB-C PD and Quick Charge ports for long drives on the motorway.",
    ),
    (
        "Car Charger with Coiled USB-C Cable",
        1199,
        None,
        0,
        2,
        false,
        false,
        "Black",
        "Coiled cable that stretches to the back seat.",
    ),
];

const WIRELESS: &[Row] = &[
    (
        "15W Magnetic Wireless Charger",
        2999,
        Some(2499),
        0,
        11,
        true,
        false,
        "White",
        "Snaps onto MagSafe iPhones and charges through thin cases.",
    ),
    (
        "3-in-1 Wireless Charging Stand",
        6999,
        None,
        0,
        0,
        false,
        true,
        "Black",
        "Phone, earbuds and watch on one stand.",
    ),
];

const USB_C: &[Row] = &[
    (
        "USB-C to USB-C Braided Cable 1m 60W",
        899,
        None,
        0,
        100,
        false,
        false,
        "Black",
        "Nylon-braided cable rated for 10,000 bends.",
    ),
    (
        "USB-C to USB-C Cable 2m 100W",
        1499,
        Some(1299),
        0,
        40,
        false,
        false,
        "White",
        "Long cable with an e-marker chip for laptops.",
    ),
    ("USB-A to USB-C Fast Charging Cable", 499, None, 0, 150, false, false, "Red", "3A fast charging and data sync."),
];

const LIGHTNING: &[Row] = &[
    (
        "USB-C to Lightning Cable 1m",
        1299,
        None,
        10,
        55,
        false,
        false,
        "White",
        "Fast-charges an iPhone with a PD charger.",
    ),
    (
        "Braided Lightning Cable 2m",
        1199,
        None,
        0,
        1,
        false,
        false,
        "Black",
        "Extra-long braided cable for charging in bed.",
    ),
];

const MICRO_USB: &[Row] = &[
    (
        "Micro-USB Charging Cable 1m",
        299,
        None,
        0,
        120,
        false,
        false,
        "Black",
        "For older phones, speakers and power banks.",
    ),
    ("Micro-USB Braided Cable 2m", 449, Some(399), 0, 70, false, false, "Blue", "Tangle-free braid in blue."),
];

const EARBUDS: &[Row] = &[
    (
        "Wireless Earbuds Pro with ANC",
        7999,
        Some(5999),
        0,
        15,
        true,
        true,
        "White",
        "Active noise cancelling, six hours of music and a wireless charging case.",
    ),
    (
        "Sports Earbuds with Ear Hooks",
        3499,
        None,
        20,
        24,
        false,
        false,
        "Black",
        "Sweat-resistant earbuds that stay put on a run.",
    ),
    ("Budget TWS Earbuds", 1999, None, 0, 2, true, false, "Black", "Bluetooth 5.3 earbuds with touch controls."),
    ("Gaming Earbuds Low Latency", 4499, None, 0, 0, false, false, "Red", "45 ms game mode for PUBG and Free Fire."),
];

const WIRED: &[Row] = &[
    (
        "Handsfree with Mic 3.5mm",
        399,
        None,
        0,
        90,
        false,
        false,
        "White",
        "Classic wired handsfree with in-line controls.",
    ),
    (
        "USB-C Wired Earphones",
        999,
        None,
        10,
        33,
        false,
        false,
        "White",
        "Digital sound for phones without a headphone jack.",
    ),
];

const NECKBANDS: &[Row] = &[
    (
        "Bluetooth Neckband 30h",
        2499,
        Some(1999),
        0,
        19,
        false,
        false,
        "Black",
        "Thirty hours of battery and magnetic earbuds.",
    ),
    ("Sports Neckband with Mic", 1799, None, 0, 8, false, false, "Blue", "Light, splash-proof and made for the gym."),
];

const POWER_BANKS: &[Row] = &[
    (
        "10000mAh Slim Power Bank 22.5W",
        3999,
        Some(3299),
        0,
        28,
        true,
        false,
        "Black",
        "Slim enough for a pocket, fast enough for load-shedding.",
    ),
    (
        "20000mAh Power Bank with Display",
        5999,
        None,
        15,
        12,
        false,
        true,
        "White",
        "Digital battery display and three outputs.",
    ),
    (
        "Magnetic 5000mAh Power Bank",
        4499,
        None,
        0,
        2,
        false,
        false,
        "Purple",
        "Clips onto the back of a MagSafe iPhone.",
    ),
    (
        "30000mAh Power Bank 65W",
        11999,
        Some(9999),
        0,
        5,
        false,
        true,
        "Black",
        "Charges a laptop; keeps a family's phones alive through an outage.",
    ),
];

const TEMPERED: &[Row] = &[
    (
        "iPhone 15 Tempered Glass (2-Pack)",
        799,
        None,
        0,
        200,
        false,
        false,
        "Clear",
        "9H glass with an easy-install frame.",
    ),
    (
        "Galaxy S24 Full-Glue Glass",
        999,
        None,
        30,
        64,
        false,
        false,
        "Clear",
        "Edge-to-edge adhesive for a bubble-free finish.",
    ),
    (
        "Redmi Note 13 Tempered Glass",
        499,
        None,
        0,
        2,
        false,
        false,
        "Clear",
        "Oleophobic coating that resists fingerprints.",
    ),
];

const PRIVACY: &[Row] = &[
    (
        "iPhone 15 Pro Privacy Glass",
        1499,
        Some(1199),
        0,
        26,
        true,
        false,
        "Black",
        "Keeps your screen private on a crowded bus.",
    ),
    ("Galaxy A54 Privacy Glass", 1199, None, 0, 0, false, false, "Black", "Anti-spy glass with full coverage."),
];

fn products(kind: Kind, rows: &[Row]) -> Vec<DemoProduct> {
    rows.iter()
        .map(|&(name, price, sale, percent, quantity, featured, free_delivery, colour, description)| DemoProduct {
            name: name.to_owned(),
            price: PriceTag::new(Rupees::from_whole(price), sale.map(Rupees::from_whole), percent),
            description: description.to_owned(),
            color: Some(colour.to_owned()),
            quantity,
            featured,
            free_delivery,
            pictures: if featured {
                vec![picture(kind, colour, 0), picture(kind, colour, 1)]
            } else {
                vec![picture(kind, colour, 0)]
            },
        })
        .collect()
}

fn leaf(name: &str, kind: Kind, rows: &[Row]) -> DemoCategory {
    DemoCategory { name: name.to_owned(), products: products(kind, rows), children: vec![] }
}

fn parent(name: &str, children: Vec<DemoCategory>) -> DemoCategory {
    DemoCategory { name: name.to_owned(), products: vec![], children }
}

/// The demo shop, with coupons valid for a year from `today` (Pakistan time).
///
/// # Panics
/// Never in practice: the coupons below are valid by construction.
#[must_use]
pub fn shop(today: NaiveDate) -> DemoShop {
    let in_a_year = today.checked_add_days(Days::new(365)).unwrap_or(today);
    DemoShop {
        categories: vec![
            parent(
                "Phone Cases",
                vec![
                    leaf("iPhone Cases", Kind::Case, IPHONE),
                    leaf("Samsung Cases", Kind::Case, SAMSUNG),
                    leaf("Xiaomi & Redmi Cases", Kind::Case, XIAOMI),
                    leaf("Infinix & Tecno Cases", Kind::Case, INFINIX),
                ],
            ),
            parent(
                "Chargers",
                vec![
                    leaf("Wall Chargers", Kind::Charger, WALL),
                    leaf("Car Chargers", Kind::Charger, CAR),
                    leaf("Wireless Chargers", Kind::Charger, WIRELESS),
                ],
            ),
            parent(
                "Cables",
                vec![
                    leaf("USB-C Cables", Kind::Cable, USB_C),
                    leaf("Lightning Cables", Kind::Cable, LIGHTNING),
                    leaf("Micro-USB Cables", Kind::Cable, MICRO_USB),
                ],
            ),
            parent(
                "Audio",
                vec![
                    leaf("Wireless Earbuds", Kind::Audio, EARBUDS),
                    leaf("Wired Handsfree", Kind::Audio, WIRED),
                    leaf("Neckbands", Kind::Audio, NECKBANDS),
                ],
            ),
            leaf("Power Banks", Kind::PowerBank, POWER_BANKS),
            parent(
                "Screen Protectors",
                vec![
                    leaf("Tempered Glass", Kind::Protector, TEMPERED),
                    leaf("Privacy Glass", Kind::Protector, PRIVACY),
                ],
            ),
        ],
        delivery_charge: Rupees::from_whole(250),
        coupons: vec![
            Coupon::create("WELCOME10", Some(10), None, today, in_a_year, Some(Rupees::from_whole(1500)))
                .expect("a valid demo coupon"),
            Coupon::create(
                "FLAT200",
                None,
                Some(Rupees::from_whole(200)),
                today,
                in_a_year,
                Some(Rupees::from_whole(2000)),
            )
            .expect("a valid demo coupon"),
        ],
    }
}

/// The benchmark's catalogue: `categories` categories (a fifth of them roots, the rest their children)
/// holding `products` products spread over the children, each with one of six shared pictures.
#[must_use]
pub fn bench_shop(categories: usize, products: usize) -> DemoShop {
    const KINDS: [(Kind, &str, &str); 6] = [
        (Kind::Case, "Case", "Black"),
        (Kind::Charger, "Fast Charger", "White"),
        (Kind::Cable, "Braided Cable", "Red"),
        (Kind::Audio, "Wireless Earbuds", "Blue"),
        (Kind::PowerBank, "Power Bank", "Purple"),
        (Kind::Protector, "Tempered Glass", "Clear"),
    ];
    let pictures: Vec<_> = KINDS.iter().map(|(kind, _, colour)| picture(*kind, colour, 0)).collect();
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
                            DemoProduct {
                                name: format!("{noun} Model {made}"),
                                price: PriceTag::new(
                                    Rupees::from_whole(price),
                                    (made % 3 == 0).then(|| Rupees::from_whole(price * 4 / 5)),
                                    0,
                                ),
                                description: format!("Benchmark {noun} number {made} for phones, sold in rupees."),
                                color: Some(colour.to_owned()),
                                quantity: u32::try_from(made % 40).unwrap_or(0),
                                featured: made % 50 == 0,
                                free_delivery: made % 7 == 0,
                                pictures: vec![pictures[kind].clone()],
                            }
                        })
                        .collect();
                    DemoCategory { name: format!("Range {r}-{c}"), products, children: vec![] }
                })
                .collect();
            DemoCategory { name: format!("Department {r}"), products: vec![], children }
        })
        .collect();
    DemoShop { categories: tree, delivery_charge: Rupees::from_whole(250), coupons: vec![] }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_products(categories: &[DemoCategory]) -> Vec<&DemoProduct> {
        categories.iter().flat_map(|c| c.products.iter().chain(all_products(&c.children))).collect()
    }

    #[test]
    fn the_bench_shop_has_the_asked_numbers_of_categories_and_products() {
        let shop = bench_shop(200, 10_000);

        let categories: usize = shop.categories.iter().map(|c| 1 + c.children.len()).sum();

        assert_eq!(categories, 200);
        assert_eq!(all_products(&shop.categories).len(), 10_000);
    }

    #[test]
    fn the_demo_shop_covers_every_case_a_shopper_meets() {
        let shop = shop(NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
        let products = all_products(&shop.categories);

        assert!(products.len() >= 40, "{} products", products.len());
        assert!(products.iter().any(|p| p.price.sale_price().is_some()));
        assert!(products.iter().any(|p| p.price.discount_percent() > 0));
        assert!(products.iter().any(|p| p.free_delivery));
        assert!(products.iter().any(|p| p.quantity == 0));
        assert!(products.iter().any(|p| (1..3).contains(&p.quantity)));
        assert!(products.iter().filter(|p| p.featured).count() >= 8);
        assert!(products.iter().all(|p| !p.pictures.is_empty()));
        assert_eq!(shop.coupons.len(), 2);
        assert_eq!(shop.delivery_charge, Rupees::from_whole(250));
    }
}
