//! The rules the browser runs too, against the case tables its tests read (fixtures/*-cases.json): rounding
//! to whole rupees, stock readings and the product form's recomputations; and the blocklist's mailboxes,
//! whose table the migration that filled them for older entries is tested against.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use domain::money::Rupees;
use domain::product::{discount_from_sale, sale_from_discount};
use domain::stock::{card_reading, StockReading};
use serde_json::Value;

fn table(json: &str) -> Value {
    serde_json::from_str(json).unwrap()
}

fn int(value: &Value) -> i64 {
    value.as_i64().unwrap_or_else(|| panic!("{value} is not an integer"))
}

/// Rupees as the product form holds them: digits with up to two decimals.
fn rupees(text: &Value) -> Rupees {
    let text = text.as_str().unwrap();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let fraction = format!("{fraction:0<2}");
    Rupees::from_paisa(whole.parse::<i64>().unwrap() * 100 + fraction.parse::<i64>().unwrap())
}

#[test]
fn the_shared_rounding_cases_hold() {
    let cases = table(include_str!("fixtures/rounding-cases.json"));

    for case in cases["cases"].as_array().unwrap() {
        let paisa = int(&case["paisa"]);

        assert_eq!(Rupees::from_paisa(paisa).round_to_whole(), int(&case["whole"]), "{paisa} paisa");
    }
}

#[test]
fn the_shared_stock_cases_hold() {
    let cases = table(include_str!("fixtures/stock-cases.json"));

    for case in cases["cases"].as_array().unwrap() {
        let available = int(&case["available"]);
        let page = StockReading::for_page(available);
        let level = match page {
            StockReading::OutOfStock => "out",
            StockReading::Low(_) => "low",
            StockReading::InStock => "in",
        };

        assert_eq!(card_reading(available).as_deref(), case["card"].as_str(), "card at {available}");
        assert_eq!(page.to_string(), case["page"]["text"].as_str().unwrap(), "page at {available}");
        assert_eq!(level, case["page"]["level"].as_str().unwrap(), "page level at {available}");
    }
}

#[test]
fn the_shared_product_form_cases_hold() {
    let cases = table(include_str!("fixtures/product-form-cases.json"));

    for case in cases["discountFromSale"].as_array().unwrap() {
        let discount = discount_from_sale(rupees(&case["price"]), rupees(&case["salePrice"]));

        assert_eq!(i64::from(discount), int(&case["discountPercent"]), "{case}");
    }
    for case in cases["saleFromDiscount"].as_array().unwrap() {
        let percent = u8::try_from(int(&case["discountPercent"])).unwrap();

        let sale = sale_from_discount(rupees(&case["price"]), percent);

        assert_eq!(sale, Rupees::from_whole(int(&case["salePrice"])), "{case}");
    }
}

#[test]
fn the_shared_phone_cases_hold() {
    let cases = table(include_str!("fixtures/phone-cases.json"));

    for case in cases["cases"].as_array().unwrap() {
        let typed = case["typed"].as_str().unwrap();
        let parsed = domain::contact::Phone::parse(typed);
        let mobile = domain::contact::Phone::parse_mobile(typed);

        assert_eq!(case["mobileError"].is_string(), case["kind"] != "mobile", "{typed:?} needs mobileError or none");
        assert_eq!(case["error"].is_string(), case["kind"].is_null(), "{typed:?} needs error or none");
        if let Some(expected) = case["mobileError"].as_str() {
            assert_eq!(mobile.as_ref().map_err(ToString::to_string).err().as_deref(), Some(expected), "{typed:?}");
        }
        if let Some(expected) = case["error"].as_str() {
            assert_eq!(parsed.as_ref().map_err(ToString::to_string).err().as_deref(), Some(expected), "{typed:?}");
        }
        match case["kind"].as_str() {
            None => assert!(parsed.is_err(), "{typed:?} was accepted"),
            Some(kind) => {
                let phone = parsed.unwrap_or_else(|err| panic!("{typed:?} was refused: {err}"));
                assert_eq!(phone.normal(), case["normal"].as_str().unwrap(), "{typed:?}");
                assert_eq!(phone.as_typed(), typed.trim(), "{typed:?}");
                assert_eq!(mobile.is_ok(), kind == "mobile", "{typed:?} as a mobile number");
                assert_eq!(phone.kind() == domain::contact::PhoneKind::Mobile, kind == "mobile", "{typed:?}");
            }
        }
    }
}

#[test]
fn the_shared_mailbox_cases_hold() {
    let cases = table(include_str!("fixtures/mailbox-cases.json"));

    for case in cases["cases"].as_array().unwrap() {
        let address = case["address"].as_str().unwrap();

        assert_eq!(domain::contact::canonical_mailbox(address), case["mailbox"].as_str().unwrap(), "{address:?}");
    }
}
