//! The owner's limits on what one account may order (docs/security.md 'Orders'): units of one product per
//! order (400), pending orders per account and per primary phone, orders per account in 24 hours (429);
//! each refusal stores and takes nothing, and the limits hold when orders arrive at once.

use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{cables, new_product, spawn_app, TestApp};

struct Shop {
    app: TestApp,
    cable: ProductId,
}

/// A shop selling a Rs 100 cable (500 in stock) with free delivery.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let category = app.add_category("Cables", None).await;
    let cable = app.add_product(new_product("USB-C Cable", category, (100, None, 0), 500, false)).await;
    Shop { app, cable }
}

impl Shop {
    /// Places `quantity` cables for the customer of `cookie` with phone `phone`: the status and the answer.
    async fn order(&self, cookie: &str, quantity: i64, phone: &str) -> (u16, Value) {
        self.app.place_order(cookie, &cables(self.cable, quantity, phone), None).await
    }

    /// Saves the limits `limits` (key, value) as the owner, keeping the rest of the settings.
    async fn set_limits(&self, limits: &[(&str, i64)]) -> (u16, Value) {
        let admin = self.app.admin_cookie().await;
        let (status, mut settings) = self.app.send(&admin, "GET", "/api/cod/settings", None).await;
        assert_eq!(status, 200, "{settings}");
        settings["limits"] = limits.iter().map(|(key, value)| json!({"key": key, "value": value})).collect();
        self.app.send(&admin, "PUT", "/api/cod/settings", Some(settings)).await
    }

    async fn stock(&self) -> u32 {
        self.app.stock_of(self.cable).await.unwrap()
    }
}

const PHONE: &str = "0300 1234567";

#[tokio::test]
async fn eleven_of_one_product_are_refused_in_words_taking_nothing_until_the_owner_allows_more() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;

    let (ten, _) = shop.order(&cookie, 10, PHONE).await;
    let (eleven, refused) = shop.order(&cookie, 11, PHONE).await;
    let stock_after_refusal = shop.stock().await;
    let orders_after_refusal = shop.app.orders_count().await;
    let (saved, _) = shop.set_limits(&[("unitsPerProduct", 11)]).await;
    let (allowed, _) = shop.order(&cookie, 11, PHONE).await;

    assert_eq!(ten, 201);
    assert_eq!(eleven, 400);
    let text = "You can order at most 10 of one item. Please contact us for larger orders.";
    assert_eq!(refused, json!({"message": text, "errors": {"cart[0].quantity": [text]}}));
    assert_eq!((stock_after_refusal, orders_after_refusal), (490, 1), "the refusal took and stored nothing");
    assert_eq!((saved, allowed), (200, 201));
}

#[tokio::test]
async fn a_fourth_pending_order_of_an_account_is_refused_until_one_of_them_is_dealt_with() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let phones = ["0300 1111111", "0300 2222222", "0300 3333333", "0300 4444444"];
    let mut placed = Vec::new();
    for phone in &phones[..3] {
        let (status, body) = shop.order(&cookie, 1, phone).await;
        assert_eq!(status, 201, "{body}");
        placed.push(body["order"]["_id"].as_str().unwrap().to_owned());
    }

    let response = shop
        .app
        .client
        .post(format!("{}/api/orders", shop.app.address))
        .header("cookie", &cookie)
        .json(&cables(shop.cable, 1, phones[3]))
        .send()
        .await
        .unwrap();
    let (status, retry_after) = (response.status().as_u16(), response.headers()["retry-after"].clone());
    let refused: Value = response.json().await.unwrap();
    let (stock, count) = (shop.stock().await, shop.app.orders_count().await);
    let admin = shop.app.admin_cookie().await;
    let change = json!({"status": "rejected", "comment": "Duplicate"});
    let (rejected, _) = shop.app.send(&admin, "PUT", &format!("/api/orders/{}/status", placed[0]), Some(change)).await;
    let (again, _) = shop.order(&cookie, 1, phones[3]).await;

    assert_eq!(status, 429);
    assert_eq!(
        refused,
        json!({"message": "You can have at most 3 orders waiting for approval. Please wait until we have checked them, or contact us."})
    );
    assert_eq!(retry_after, "3600");
    assert_eq!((stock, count), (497, 3), "the refusal took and stored nothing");
    assert_eq!((rejected, again), (200, 201), "a rejected order no longer counts");
}

#[tokio::test]
async fn a_phone_with_three_pending_orders_of_other_accounts_refuses_a_fourth_account() {
    let shop = shop().await;
    for n in 0..3 {
        let (_, cookie) = shop.app.customer(&format!("shopper{n}@example.pk")).await;
        let (status, body) = shop.order(&cookie, 1, PHONE).await;
        assert_eq!(status, 201, "{body}");
    }
    let (_, fourth) = shop.app.customer("shopper3@example.pk").await;

    let (same_phone, refused) = shop.order(&fourth, 1, "+92 300 123-4567").await;
    let (other_phone, _) = shop.order(&fourth, 1, "0333 7654321").await;

    assert_eq!(same_phone, 429);
    assert_eq!(
        refused["message"],
        "This phone number can have at most 3 orders waiting for approval. Please wait until we have checked them, or contact us."
    );
    assert_eq!(other_phone, 201);
}

#[tokio::test]
async fn the_eleventh_order_of_an_account_in_24_hours_is_refused_whatever_became_of_the_others() {
    let shop = shop().await;
    let (saved, _) = shop.set_limits(&[("pendingPerAccount", 100), ("pendingPerPhone", 100)]).await;
    assert_eq!(saved, 200);
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    for n in 0..10 {
        let (status, body) = shop.order(&cookie, 1, PHONE).await;
        assert_eq!(status, 201, "{body}");
        if n % 2 == 0 {
            let id = body["order"]["_id"].as_str().unwrap();
            let change = json!({"status": "rejected", "comment": "Test"});
            assert_eq!(shop.app.send(&admin, "PUT", &format!("/api/orders/{id}/status"), Some(change)).await.0, 200);
        }
    }

    let response = shop
        .app
        .client
        .post(format!("{}/api/orders", shop.app.address))
        .header("cookie", &cookie)
        .json(&cables(shop.cable, 1, PHONE))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let retry_after: i64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    let refused: Value = response.json().await.unwrap();
    let moved = shop
        .app
        .sql(&format!(
            "UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = (SELECT min(id) FROM orders WHERE customer_id = {uid})"
        ))
        .await;
    let (after_a_day, _) = shop.order(&cookie, 1, PHONE).await;

    assert_eq!(status, 429);
    assert_eq!(
        refused["message"],
        "You can place at most 10 orders in 24 hours. Please try again later, or contact us."
    );
    assert!((86_000..=86_400).contains(&retry_after), "until the oldest order is a day old: {retry_after}");
    assert_eq!(shop.app.orders_count().await, 11);
    assert_eq!((moved, after_a_day), (1, 201), "an order placed more than 24 hours ago no longer counts");
}

#[tokio::test]
async fn a_retry_of_an_order_that_reached_the_limit_answers_that_order_and_places_nothing() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    for _ in 0..2 {
        assert_eq!(shop.order(&cookie, 1, PHONE).await.0, 201);
    }
    let body = cables(shop.cable, 1, PHONE);
    let (first, placed) = shop.app.place_order(&cookie, &body, Some("tap-3")).await;

    let (again, replayed) = shop.app.place_order(&cookie, &body, Some("tap-3")).await;
    let (other, refused) = shop.app.place_order(&cookie, &body, Some("tap-4")).await;

    assert_eq!((first, again), (201, 201));
    assert_eq!(replayed["order"]["_id"], placed["order"]["_id"]);
    assert_eq!(other, 429, "{refused}");
    assert_eq!(shop.app.orders_count().await, 3);
}

#[tokio::test]
async fn the_limits_are_listed_with_their_bounds_refused_by_key_out_of_them_and_kept_when_not_sent() {
    let shop = shop().await;
    let admin = shop.app.admin_cookie().await;

    let (_, before) = shop.app.send(&admin, "GET", "/api/cod/settings", None).await;
    let (_, public_before) = shop.app.get_json("/api/settings/order-limits").await;
    let (bad, refusal) = shop.set_limits(&[("unitsPerProduct", 0), ("perWeek", 5), ("ordersPerDay", 100_001)]).await;
    let (saved, _) = shop.set_limits(&[("unitsPerProduct", 25)]).await;
    let mut rules_only = before.clone();
    rules_only.as_object_mut().unwrap().remove("limits");
    let (resaved, after) = shop.app.send(&admin, "PUT", "/api/cod/settings", Some(rules_only)).await;
    let (public_status, public_after) = shop.app.get_json("/api/settings/order-limits").await;

    assert_eq!(
        before["limits"][0],
        json!({"key": "unitsPerProduct", "label": "Units of one product per order",
               "description": "More of one product in an order is refused before anything is taken from stock.",
               "value": 10, "min": 1, "max": 1_000_000})
    );
    let keys: Vec<_> =
        before["limits"].as_array().unwrap().iter().map(|l| (l["key"].clone(), l["value"].clone())).collect();
    assert_eq!(
        keys,
        [
            (json!("unitsPerProduct"), json!(10)),
            (json!("pendingPerAccount"), json!(3)),
            (json!("pendingPerPhone"), json!(3)),
            (json!("ordersPerDay"), json!(10))
        ]
    );
    assert_eq!(public_before, json!({"unitsPerProduct": 10}));
    assert_eq!(bad, 400);
    assert_eq!(
        refusal["errors"],
        json!({
            "limits.unitsPerProduct": ["Units of one product per order must be a whole number from 1 to 1000000."],
            "limits.perWeek": ["There is no limit 'perWeek'."],
            "limits.ordersPerDay": ["Orders per account in 24 hours must be a whole number from 1 to 100000."]
        })
    );
    assert_eq!((saved, resaved), (200, 200));
    assert_eq!(after["limits"][0]["value"], 25, "a save without limits keeps those in force");
    assert_eq!((public_status, public_after), (200, json!({"unitsPerProduct": 25})));
}
