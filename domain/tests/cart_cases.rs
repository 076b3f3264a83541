//! The cart arithmetic against the case table the frontend's tests read too (fixtures/cart-cases.json), so
//! the browser and the server agree to the rupee.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use chrono::NaiveDate;
use domain::cart::{CartLine, CartTotals, DeliveryCharge};
use domain::coupon::{applied_message, Coupon, CouponDiscount};
use domain::money::Rupees;
use domain::pricing::{Markdown, PriceTag, MAX_DISCOUNT_PERCENT};
use domain::stock::Quantity;
use serde_json::Value;

fn int(value: &Value) -> i64 {
    value.as_i64().unwrap_or_else(|| panic!("{value} is not an integer"))
}

/// Price fields in any combination, as the table writes them (and a browser's saved cart may hold them),
/// read the way the cart's `markdownOf` reads them: a sale price above 0 and below the list price; else a
/// percentage from 1 to 90; else none.
fn loose(price: Rupees, sale: Option<Rupees>, percent: u8) -> PriceTag {
    let markdown = match sale.filter(|sale| sale.is_positive() && *sale < price) {
        Some(sale) => Markdown::Sale { price: sale, percent: percent.min(100) },
        None if (1..=MAX_DISCOUNT_PERCENT).contains(&percent) => Markdown::PercentOff(percent),
        None => Markdown::None,
    };
    PriceTag::new(price, markdown).unwrap()
}

fn line(value: &Value) -> CartLine {
    let tag = loose(
        Rupees::from_whole(int(&value["price"])),
        value["salePrice"].as_i64().map(Rupees::from_whole),
        u8::try_from(int(&value["discountPercent"])).unwrap(),
    );
    let quantity = Quantity::new(u32::try_from(int(&value["quantity"])).unwrap()).unwrap();
    CartLine::new(tag, quantity, value["freeDelivery"].as_bool().unwrap())
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
}

fn coupon(value: &Value) -> Coupon {
    let discount = match value["percent"].as_i64() {
        Some(percent) => CouponDiscount::percent(u8::try_from(percent).unwrap()).unwrap(),
        None => CouponDiscount::amount(Rupees::from_whole(int(&value["amount"]))).unwrap(),
    };
    let code = domain::coupon::CouponCode::parse(value["code"].as_str().unwrap()).unwrap();
    let min_price = Rupees::from_whole(value["minPrice"].as_i64().unwrap_or(0));
    Coupon::new(code, discount, today(), today(), min_price, true).unwrap()
}

#[test]
fn the_shared_cart_cases_hold() {
    let table: Value = serde_json::from_str(include_str!("fixtures/cart-cases.json")).unwrap();
    let cases = table["cases"].as_array().unwrap();
    assert!(cases.len() >= 30, "the table must keep at least 30 cases");

    for case in cases {
        let name = case["name"].as_str().unwrap();
        let expected = &case["expected"];
        let lines: Vec<CartLine> = case["lines"].as_array().unwrap().iter().map(line).collect();
        let charge = DeliveryCharge::new(Rupees::from_whole(int(&case["deliveryCharge"]))).unwrap();
        let mut totals = CartTotals::new(&lines, charge);

        let units: Vec<i64> = lines.iter().map(|l| l.tag().unit_price().paisa()).collect();
        let shown: Vec<i64> = lines.iter().map(|l| l.tag().displayed_price()).collect();
        let badges: Vec<i64> = lines.iter().map(|l| i64::from(l.tag().displayed_discount_percent())).collect();
        let as_ints = |v: &Value| v.as_array().unwrap().iter().map(int).collect::<Vec<_>>();
        assert_eq!(units, as_ints(&expected["unitPrices"]), "{name}: unit prices");
        assert_eq!(shown, as_ints(&expected["displayedPrices"]), "{name}: displayed prices");
        assert_eq!(badges, as_ints(&expected["displayedDiscounts"]), "{name}: displayed discounts");
        assert_eq!(totals.subtotal().paisa(), int(&expected["subtotal"]), "{name}: subtotal");
        assert_eq!(totals.original_total().paisa(), int(&expected["originalTotal"]), "{name}: original total");
        assert_eq!(totals.product_discount().paisa(), int(&expected["productDiscount"]), "{name}: product discount");
        assert_eq!(totals.delivery_charge(), Rupees::from_whole(int(&expected["delivery"])), "{name}: delivery");
        assert_eq!(totals.cart_total().paisa(), int(&expected["cartTotal"]), "{name}: cart total");

        if let Some(definition) = case.get("coupon") {
            let offered = coupon(definition).discount().on(totals.cart_total());
            assert_eq!(offered, Rupees::from_whole(int(&expected["coupon"]["offered"])), "{name}: offered discount");
            let outcome = coupon(definition).apply(totals.cart_total(), today());
            let (applied, discount, message) = match outcome {
                Ok(discount) => (true, discount, applied_message(coupon(definition).code())),
                Err(err) => (false, Rupees::ZERO, err.to_string()),
            };
            assert_eq!(applied, expected["coupon"]["applied"].as_bool().unwrap(), "{name}: applied");
            assert_eq!(discount, Rupees::from_whole(int(&expected["coupon"]["discount"])), "{name}: coupon discount");
            assert_eq!(message, expected["coupon"]["message"].as_str().unwrap(), "{name}: message");
            totals = totals.with_coupon_discount(discount);
        }
        if let Some(discount) = case.get("appliedDiscount") {
            totals = totals.with_coupon_discount(Rupees::from_whole(int(discount)));
        }
        assert_eq!(totals.grand_total(), Rupees::from_whole(int(&expected["total"])), "{name}: total");
    }
}
