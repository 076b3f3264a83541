//! The analytics end to end (docs/cod.md 'Analytics'): orders placed through the API, moved through their
//! statuses and dated into chosen weeks in the database, then every figure of every breakdown checked
//! against what this test works out itself, the period's edges in Pakistan time included.

use chrono::{Datelike, Days};
use domain::calendar::pakistan_date;
use domain::coupon::Coupon;
use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app, TestApp};

struct Shop {
    app: TestApp,
    admin: String,
    customer: String,
    case: ProductId,
    cable: ProductId,
    charger: ProductId,
}

/// A Phone Case at Rs 850, a USB-C Cable at Rs 500 that ships free, a Charger at Rs 999 less 50% (Rs 499.50
/// exactly), delivery Rs 200 and the coupon SAVE10.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let category = app.add_category("Accessories", None).await;
    let case = app.add_product(new_product("Phone Case", category, (850, None, 0), 100, false)).await;
    let mut cable = new_product("USB-C Cable", category, (500, None, 0), 100, false);
    cable.free_delivery = true;
    let cable = app.add_product(cable).await;
    let charger = app.add_product(new_product("Charger", category, (999, None, 50), 100, false)).await;
    app.set_delivery_charge(200).await;
    let today = pakistan_date(chrono::Utc::now());
    app.add_coupon(Coupon::create("SAVE10", Some(10), None, today - Days::new(1), today + Days::new(1), None).unwrap())
        .await;
    let admin = app.admin_cookie().await;
    let (_, customer) = app.customer("ayesha@example.pk").await;
    Shop { app, admin, customer, case, cable, charger }
}

impl Shop {
    /// Places an order to `city` (in its province; none when empty), moves it through `statuses` and dates it
    /// `created_at` (a PostgreSQL timestamptz); answers its id.
    async fn order(
        &self,
        city: (&str, &str),
        lines: &[(ProductId, i64, i64)],
        figures: (i64, i64, Option<&str>, i64, i64),
        statuses: &[&str],
        created_at: &str,
    ) -> String {
        let (subtotal, delivery, coupon, discount, total) = figures;
        let body = json!({
            "userDetails": {"province": city.0, "city": city.1, "name": "Ayesha Khan", "phone1": "0300 1234567",
                            "email": "ayesha@example.pk", "address": "House 12, Street 4"},
            "cart": lines.iter().map(|(id, quantity, price)| json!({"productId": id.to_string(), "quantity": quantity, "price": price})).collect::<Vec<_>>(),
            "subtotal": subtotal, "deliveryCharge": delivery, "coupon": coupon, "couponDiscount": discount, "total": total
        });
        let (status, placed) = self.app.place_order(&self.customer, &body, None).await;
        assert_eq!(status, 201, "{placed}");
        let id = placed["order"]["_id"].as_str().unwrap().to_owned();
        for step in statuses {
            let comment = (*step == "rejected").then_some("Fake order");
            let (status, body) = self
                .app
                .send(
                    &self.admin,
                    "PUT",
                    &format!("/api/orders/{id}/status"),
                    Some(json!({"status": step, "comment": comment})),
                )
                .await;
            assert_eq!(status, 200, "{step}: {body}");
        }
        assert_eq!(self.app.sql(&format!("UPDATE orders SET created_at = '{created_at}' WHERE id = {id}")).await, 1);
        id
    }

    async fn analytics(&self, cookie: &str, query: &str) -> (u16, String) {
        let response = self
            .app
            .client
            .get(format!("{}/api/analytics/orders{query}", self.app.address))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    }

    async fn table(&self, query: &str) -> Value {
        let (status, text) = self.analytics(&self.admin, query).await;
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).unwrap()
    }
}

const LAHORE: (&str, &str) = ("Punjab", "Lahore");
const KARACHI: (&str, &str) = ("Sindh", "Karachi");
const NO_CITY: (&str, &str) = ("Punjab", "");
const DELIVERED: &[&str] = &["approved", "dispatched", "delivered"];
const RETURNED: &[&str] = &["approved", "dispatched", "returned"];

/// A row's figures: placed, delivered, returned, rejected, delivery rate, cash collected.
fn figures(placed: i64, delivered: i64, returned: i64, rejected: i64, rate: Option<f64>, cash: i64) -> Value {
    json!({"placed": placed, "delivered": delivered, "returned": returned, "rejected": rejected,
           "deliveryRate": rate, "cashCollected": cash})
}

fn row(key: &str, label: &str, figures: Value) -> Value {
    let mut row = json!({"key": key, "label": label});
    row.as_object_mut().unwrap().extend(figures.as_object().unwrap().clone());
    row
}

#[tokio::test]
async fn every_breakdown_counts_the_orders_placed_in_the_period_in_pakistan_time_exactly() {
    let shop = shop().await;
    let (case, cable, charger) = (shop.case, shop.cable, shop.charger);
    let one_case = (850, 200, None, 0, 1050);
    let one_cable = (500, 0, None, 0, 500);
    // Rs 499.50 a charger: the line keeps 49,950 paisa, the order's total is rounded to Rs 700.
    let one_charger = (500, 200, None, 0, 700);
    shop.order(LAHORE, &[(case, 2, 850)], (1700, 200, Some("SAVE10"), 190, 1710), DELIVERED, "2026-10-05 10:00+05")
        .await;
    shop.order(
        KARACHI,
        &[(case, 1, 850), (cable, 1, 500)],
        (1350, 200, None, 0, 1550),
        RETURNED,
        "2026-10-06 12:00+05",
    )
    .await;
    shop.order(LAHORE, &[(charger, 1, 500)], one_charger, DELIVERED, "2026-10-19 09:00+05").await;
    shop.order(KARACHI, &[(case, 1, 850)], one_case, &["rejected"], "2026-10-20 09:00+05").await;
    shop.order(KARACHI, &[(cable, 1, 500)], one_cable, DELIVERED, "2026-10-21 09:00+05").await;
    shop.order(LAHORE, &[(case, 1, 850)], one_case, RETURNED, "2026-10-22 09:00+05").await;
    // The last second of 31 October in Pakistan is in the period, the next one is not.
    shop.order(LAHORE, &[(charger, 1, 500)], one_charger, DELIVERED, "2026-10-31 18:59:59+00").await;
    shop.order(LAHORE, &[(case, 1, 850)], one_case, DELIVERED, "2026-10-31 19:00:00+00").await;
    // The first second of 1 October in Pakistan is in the period, the one before is not.
    shop.order(NO_CITY, &[(cable, 1, 500)], one_cable, &[], "2026-09-30 19:00:00+00").await;
    shop.order(LAHORE, &[(cable, 1, 500)], one_cable, DELIVERED, "2026-09-30 18:59:59+00").await;
    let period = "?from=2026-10-01&to=2026-10-31";
    // Delivered: 1710 + 700 + 500 + 700.
    let totals = figures(8, 4, 2, 1, Some(66.7), 3610);

    let weeks = shop.table(&format!("{period}&by=week")).await;
    let cities = shop.table(&format!("{period}&by=city")).await;
    let products = shop.table(&format!("{period}&by=product")).await;
    let coupons = shop.table(&format!("{period}&by=coupon")).await;

    assert_eq!(
        weeks,
        json!({
            "success": true, "from": "2026-10-01", "to": "2026-10-31", "by": "week",
            "rows": [
                row("2026-09-28", "Week of 28 Sep 2026", figures(1, 0, 0, 0, None, 0)),
                row("2026-10-05", "Week of 5 Oct 2026", figures(2, 1, 1, 0, Some(50.0), 1710)),
                row("2026-10-12", "Week of 12 Oct 2026", figures(0, 0, 0, 0, None, 0)),
                row("2026-10-19", "Week of 19 Oct 2026", figures(4, 2, 1, 1, Some(66.7), 1200)),
                row("2026-10-26", "Week of 26 Oct 2026", figures(1, 1, 0, 0, Some(100.0), 700)),
            ],
            "totals": totals
        })
    );
    assert_eq!(
        cities["rows"],
        json!([
            row("Lahore", "Lahore", figures(4, 3, 1, 0, Some(75.0), 3110)),
            row("Karachi", "Karachi", figures(3, 1, 1, 1, Some(50.0), 500)),
            row("", "No city", figures(1, 0, 0, 0, None, 0)),
        ])
    );
    assert_eq!(
        products["rows"],
        json!([
            row(&case.to_string(), "Phone Case", figures(4, 1, 2, 1, Some(33.3), 1700)),
            row(&cable.to_string(), "USB-C Cable", figures(3, 1, 1, 0, Some(50.0), 500)),
            // Two lines of exactly Rs 499.50, summed in paisa and rounded once (not Rs 500 + Rs 500).
            row(&charger.to_string(), "Charger", figures(2, 2, 0, 0, Some(100.0), 999)),
        ])
    );
    assert_eq!(
        coupons["rows"],
        json!([
            row("", "No coupon", figures(7, 3, 2, 1, Some(60.0), 1900)),
            row("SAVE10", "SAVE10", figures(1, 1, 0, 0, Some(100.0), 1710)),
        ])
    );
    for table in [&cities, &products, &coupons] {
        assert_eq!(table["totals"], totals, "the totals always count whole orders");
    }
    let (_, text) = shop.analytics(&shop.admin, period).await;
    assert!(text.contains("\"deliveryRate\":66.7,") && text.contains("\"deliveryRate\":100.0,"), "{text}");
}

#[tokio::test]
async fn the_default_period_is_this_week_and_the_seven_before_it_through_today() {
    let shop = shop().await;
    let today = pakistan_date(chrono::Utc::now());
    let monday = today - Days::new(u64::from(today.weekday().num_days_from_monday()));

    let table = shop.table("").await;

    assert_eq!(table["by"], "week");
    assert_eq!(table["to"], today.to_string());
    assert_eq!(table["from"], (monday - Days::new(49)).to_string());
    let keys: Vec<String> = (0..8).rev().map(|weeks| (monday - Days::new(7 * weeks)).to_string()).collect();
    assert_eq!(table["rows"].as_array().unwrap().iter().map(|r| r["key"].as_str().unwrap()).collect::<Vec<_>>(), keys);
    assert_eq!(table["totals"], figures(0, 0, 0, 0, None, 0));
}

#[tokio::test]
async fn a_malformed_backwards_or_too_long_period_or_an_unknown_breakdown_is_refused_by_name() {
    let shop = shop().await;
    let refusal = |field: &str, message: &str| json!({"message": message, "errors": {field: [message]}});
    let cases = [
        ("?from=2026-10-1", refusal("from", "Dates are written YYYY-MM-DD.")),
        ("?from=2026-10-01&to=31-10-2026", refusal("to", "Dates are written YYYY-MM-DD.")),
        ("?from=2026-02-30&to=2026-03-01", refusal("from", "Dates are written YYYY-MM-DD.")),
        ("?from=2026-11-01&to=2026-10-31", refusal("from", "The start date must not be after the end date.")),
        ("?from=2025-01-01&to=2026-01-03", refusal("to", "Choose a period of at most 366 days.")),
        ("?from=2026-10-01&to=2026-10-31&by=month", refusal("by", "Choose week, city, product or coupon.")),
    ];

    for (query, answer) in cases {
        let (status, text) = shop.analytics(&shop.admin, query).await;

        assert_eq!((status, serde_json::from_str::<Value>(&text).unwrap()), (400, answer), "{query}");
    }
    assert_eq!(shop.table("?from=2025-01-01&to=2026-01-02").await["rows"].as_array().unwrap().len(), 53);
    assert_eq!(shop.analytics("", "").await.0, 401);
}
