//! Checkout and orders end to end (docs/contract.md §4, docs/orders.md): placing at the server's figures,
//! every tampering refused with nothing stored, idempotent retries, the lists, every status change, coupon
//! limits and the e-mails.

use chrono::Days;
use domain::calendar::pakistan_date;
use domain::coupon::{Coupon, UsageLimits};
use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app_with, TestApp};

/// A shop with a delivery charge of Rs 200, a Phone Case at Rs 850 (list 900, on sale; 10 in stock) and a
/// USB-C Cable at Rs 500 that ships free (100 in stock), and the coupon SAVE10 (10%).
struct Shop {
    app: TestApp,
    case: ProductId,
    cable: ProductId,
}

async fn shop() -> Shop {
    let app = spawn_app_with(&[]).await;
    let category = app.add_category("Cases", None).await;
    let case = app.add_product(new_product("Phone Case", category, (900, Some(850), 0), 10, false)).await;
    let cable = app.add_product(domain_free(new_product("USB-C Cable", category, (500, None, 0), 100, false))).await;
    app.set_delivery_charge(200).await;
    app.add_coupon(coupon("SAVE10", UsageLimits::NONE)).await;
    Shop { app, case, cable }
}

fn domain_free(mut product: application::catalog::model::NewProduct) -> application::catalog::model::NewProduct {
    product.free_delivery = true;
    product
}

fn today() -> chrono::NaiveDate {
    pakistan_date(chrono::Utc::now())
}

fn coupon(code: &str, limits: UsageLimits) -> Coupon {
    Coupon::create(code, Some(10), None, today() - Days::new(1), today() + Days::new(1), None)
        .unwrap()
        .with_limits(limits)
}

fn details() -> Value {
    json!({
        "country": "Pakistan", "province": "Punjab", "city": "Lahore", "name": "Ayesha Khan",
        "phone1": "0300 1234567", "phone2": "", "email": "ayesha@example.pk",
        "address": "House 12, Street 4\nGulberg III", "paymentMethod": "COD"
    })
}

/// An order payload: lines of (product, quantity, unit price) and the figures.
fn order(lines: &[(ProductId, i64, i64)], figures: (i64, i64, Option<&str>, i64, i64)) -> Value {
    let (subtotal, delivery, coupon, discount, total) = figures;
    json!({
        "userId": "someone",
        "userDetails": details(),
        "cart": lines.iter().map(|(id, quantity, price)| json!({
            "productId": id.to_string(), "name": "whatever", "quantity": quantity, "price": price
        })).collect::<Vec<_>>(),
        "subtotal": subtotal, "deliveryCharge": delivery, "coupon": coupon, "couponDiscount": discount, "total": total
    })
}

/// Two Phone Cases with SAVE10: 1700 + 200 − 190 = 1710.
fn two_cases_with_coupon(shop: &Shop) -> Value {
    order(&[(shop.case, 2, 850)], (1700, 200, Some("SAVE10"), 190, 1710))
}

impl Shop {
    /// Asserts that nothing was stored: no order, stock and coupon uses as they started.
    async fn assert_nothing_stored(&self) {
        assert_eq!(self.app.orders_count().await, 0, "no order is stored");
        assert_eq!(self.app.stock_of(self.case).await, Some(10), "the case's stock is untouched");
        assert_eq!(self.app.stock_of(self.cable).await, Some(100), "the cable's stock is untouched");
        assert_eq!(self.app.coupon_uses("SAVE10").await, 0, "no coupon use is counted");
    }

    /// Asserts that stock and coupon uses are as they started, beside one order.
    async fn assert_nothing_stored_but_the_order(&self) {
        assert_eq!(self.app.orders_count().await, 1);
        assert_eq!(self.app.stock_of(self.case).await, Some(10));
        assert_eq!(self.app.stock_of(self.cable).await, Some(100));
        assert_eq!(self.app.coupon_uses("SAVE10").await, 0);
    }

    async fn set_status(&self, admin: &str, id: &str, status: &str, comment: Option<&str>) -> (u16, Value) {
        self.app
            .send(
                admin,
                "PUT",
                &format!("/api/orders/{id}/status"),
                Some(json!({"status": status, "comment": comment})),
            )
            .await
    }
}

#[tokio::test]
async fn an_order_is_placed_at_the_servers_figures_taking_stock_and_a_coupon_use() {
    let shop = shop().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;

    let (status, body) = shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Order placed successfully.");
    let placed = &body["order"];
    assert_eq!(placed["userId"], uid.to_string());
    assert_eq!(placed["status"], "pending");
    assert_eq!(
        placed["cart"],
        json!([{"productId": shop.case.to_string(), "name": "Phone Case", "quantity": 2, "price": 850, "lineTotal": 1700}])
    );
    assert_eq!(
        (
            &placed["subtotal"],
            &placed["deliveryCharge"],
            &placed["coupon"],
            &placed["couponDiscount"],
            &placed["total"]
        ),
        (&json!(1700), &json!(200), &json!("SAVE10"), &json!(190), &json!(1710))
    );
    assert_eq!(
        placed["userDetails"],
        json!({"country": "Pakistan", "province": "Punjab", "city": "Lahore", "cityListed": true, "name": "Ayesha Khan",
               "phone1": "+923001234567", "phone2": null, "phone1Typed": "0300 1234567", "phone2Typed": null,
               "email": "ayesha@example.pk", "address": "House 12, Street 4\nGulberg III", "paymentMethod": "COD"})
    );
    assert_eq!(placed["history"].as_array().unwrap().len(), 1);
    assert_eq!(placed["history"][0]["status"], "pending");
    assert_eq!(placed["reviewTokens"], json!([]));
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 1);
    assert_eq!(shop.app.orders_count().await, 1);
}

#[tokio::test]
async fn a_cart_of_free_delivery_products_pays_no_delivery_charge() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("bilal@example.pk").await;

    let (status, body) =
        shop.app.place_order(&cookie, &order(&[(shop.cable, 2, 500)], (1000, 0, None, 0, 1000)), None).await;
    let (charged, _) =
        shop.app.place_order(&cookie, &order(&[(shop.cable, 1, 500)], (500, 200, None, 0, 700)), None).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!((&body["order"]["deliveryCharge"], &body["order"]["total"]), (&json!(0), &json!(1000)));
    assert_eq!(charged, 409, "a cart that charged delivery on a free-delivery cart is told of the change");
}

#[tokio::test]
async fn the_original_clients_payload_is_accepted_and_the_order_is_the_sessions_whatever_user_id_says() {
    let shop = shop().await;
    let (other, _) = shop.app.customer("other@example.pk").await;
    let (uid, cookie) = shop.app.customer("zara@example.pk").await;
    let payload = json!({
        "userId": other.to_string(),
        "userDetails": {"country": "India", "province": "Sindh", "city": "Karachi", "name": "Zara",
                        "phone1": "+92 321-7654321", "phone2": "021 34567890", "email": "zara@example.pk",
                        "address": "Flat 3, Clifton", "paymentMethod": "Card"},
        "cart": [{"productId": shop.case.to_string(), "name": "Phone Case", "quantity": 1, "price": 850},
                 {"productId": shop.cable.to_string(), "name": "USB-C Cable", "quantity": 1, "price": 500}],
        "subtotal": 1350, "deliveryCharge": 200, "coupon": null, "couponDiscount": 0, "total": 1550
    });

    let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!(body["order"]["userId"], uid.to_string());
    assert_eq!(body["order"]["userDetails"]["country"], "Pakistan");
    assert_eq!(body["order"]["userDetails"]["paymentMethod"], "COD");
    assert_eq!(body["order"]["userDetails"]["phone1"], "+923217654321");
    assert_eq!(body["order"]["userDetails"]["phone2"], "+922134567890");
    let admin = shop.app.admin_cookie().await;
    let (_, theirs) = shop.app.send(&admin, "GET", "/api/orders", None).await;
    assert_eq!(theirs["orders"][0]["userId"], uid.to_string(), "not the other customer's");
}

#[tokio::test]
async fn changed_prices_totals_delivery_or_coupon_discount_are_refused_with_the_servers_quote_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let cases = [
        (
            order(&[(shop.case, 2, 900)], (1800, 200, Some("SAVE10"), 200, 1800)),
            vec![
                "Price of Phone Case changed from Rs 900 to Rs 850.",
                "Coupon discount changed from Rs 200 to Rs 190.",
                "Subtotal changed from Rs 1,800 to Rs 1,700.",
                "Total changed from Rs 1,800 to Rs 1,710.",
            ],
        ),
        (
            order(&[(shop.case, 2, 850)], (1700, 200, Some("SAVE10"), 190, 10)),
            vec!["Total changed from Rs 10 to Rs 1,710."],
        ),
        (
            order(&[(shop.case, 2, 850)], (1700, 0, Some("SAVE10"), 190, 1510)),
            vec!["Delivery charge changed from Rs 0 to Rs 200.", "Total changed from Rs 1,510 to Rs 1,710."],
        ),
        (
            order(&[(shop.case, 2, 850)], (1700, 200, Some("SAVE10"), 1000, 900)),
            vec!["Coupon discount changed from Rs 1,000 to Rs 190.", "Total changed from Rs 900 to Rs 1,710."],
        ),
        (
            order(&[(shop.case, 2, 1)], (2, 200, None, 0, 202)),
            vec![
                "Price of Phone Case changed from Rs 1 to Rs 850.",
                "Subtotal changed from Rs 2 to Rs 1,700.",
                "Total changed from Rs 202 to Rs 1,900.",
            ],
        ),
    ];

    for (payload, changes) in cases {
        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

        assert_eq!(status, 409, "{body}");
        assert_eq!(
            body["message"],
            "Prices or delivery changed since your cart was built. Please check the new total."
        );
        assert_eq!(body["quote"]["changes"], json!(changes), "{payload}");
        shop.assert_nothing_stored().await;
    }
}

#[tokio::test]
async fn the_quote_of_a_refusal_places_the_order_when_sent_back() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (_, refused) = shop
        .app
        .place_order(&cookie, &order(&[(shop.case, 2, 900)], (1800, 200, Some("SAVE10"), 200, 1800)), None)
        .await;
    let quote = &refused["quote"];
    let again = json!({
        "userDetails": details(), "cart": quote["cart"], "subtotal": quote["subtotal"],
        "deliveryCharge": quote["deliveryCharge"], "coupon": quote["coupon"],
        "couponDiscount": quote["couponDiscount"], "total": quote["total"]
    });

    let (status, body) = shop.app.place_order(&cookie, &again, None).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!(body["order"]["total"], 1710);
}

#[tokio::test]
async fn quantities_that_are_not_whole_numbers_from_one_are_refused_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let cases = [
        (json!(0), "Quantity must be a whole number from 1."),
        (json!(-1), "Quantity must be a whole number from 1."),
        (json!(1.5), "cart[0].quantity must be a whole number."),
        (json!("2"), "cart[0].quantity must be a whole number."),
        (json!(1_000_000_000_000_i64), "Quantity must be at most 1000000."),
    ];

    for (quantity, message) in cases {
        let mut payload = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
        payload["cart"][0]["quantity"] = quantity.clone();

        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

        assert_eq!(status, 400, "{quantity}: {body}");
        assert_eq!(body["message"], message, "{quantity}");
        assert_eq!(body["errors"]["cart[0].quantity"], json!([message]), "{quantity}");
    }
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn an_unknown_or_deleted_product_is_refused_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let category = shop.app.add_category("Gone", None).await;
    let gone = shop.app.add_product(new_product("Old Charger", category, (700, None, 0), 5, false)).await;
    shop.app.delete_product(gone).await;

    for missing in [ProductId::new(999_999).unwrap(), gone] {
        let payload = order(&[(shop.case, 1, 850), (missing, 1, 700)], (1550, 200, None, 0, 1750));

        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

        assert_eq!(status, 404, "{body}");
        assert_eq!(body["message"], format!("Product {missing} is no longer available."));
        assert_eq!(body["quote"]["cart"].as_array().unwrap().len(), 1, "the quote holds the products left");
        assert_eq!(body["quote"]["total"], 1050);
    }
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn short_stock_is_refused_with_the_units_left_and_nothing_stored() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;

    let (status, body) =
        shop.app.place_order(&cookie, &order(&[(shop.case, 11, 850)], (9350, 200, None, 0, 9550)), None).await;

    assert_eq!(status, 409, "{body}");
    assert_eq!(body["message"], "Only 10 left of Phone Case.");
    assert_eq!(body["quote"]["cart"][0]["quantity"], 10);
    assert_eq!(body["quote"]["total"], 8700);
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn paused_expired_and_exhausted_coupons_are_dropped_with_their_reason_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    shop.app.add_coupon(coupon("PAUSED", UsageLimits::NONE).with_active(false)).await;
    shop.app
        .add_coupon(
            Coupon::create("ENDED", Some(10), None, today() - Days::new(9), today() - Days::new(1), None).unwrap(),
        )
        .await;
    shop.app.add_coupon(coupon("ONCE", UsageLimits::new(Some(1), None).unwrap())).await;
    let (_, first) = shop.app.customer("first@example.pk").await;
    let (status, _) =
        shop.app.place_order(&first, &order(&[(shop.cable, 1, 500)], (500, 0, Some("ONCE"), 50, 450)), None).await;
    assert_eq!(status, 201, "the one use is taken");
    let cases = [
        ("PAUSED", "Coupon PAUSED no longer applies: Invalid or expired coupon."),
        ("ENDED", "Coupon ENDED no longer applies: Invalid or expired coupon."),
        ("NOSUCH", "Coupon NOSUCH no longer applies: Invalid or expired coupon."),
        ("ONCE", "Coupon ONCE no longer applies: This coupon has reached its usage limit."),
    ];

    for (code, change) in cases {
        let payload = order(&[(shop.case, 2, 850)], (1700, 200, Some(code), 190, 1710));

        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

        assert_eq!(status, 409, "{code}: {body}");
        assert_eq!(body["quote"]["coupon"], Value::Null, "{code}");
        assert_eq!(body["quote"]["changes"], json!([change, "Total changed from Rs 1,710 to Rs 1,900."]), "{code}");
    }
    assert_eq!(shop.app.orders_count().await, 1, "only the first order is stored");
    assert_eq!(shop.app.stock_of(shop.case).await, Some(10));
    assert_eq!(shop.app.coupon_uses("ONCE").await, 1);
}

#[tokio::test]
async fn bad_contact_details_are_refused_field_by_field_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let cases = [
        (
            "city",
            json!("X"),
            Some(("province", json!("Sindh"))),
            "userDetails.city",
            "City must be 2 to 60 characters.",
        ),
        ("city", json!("Lahore"), Some(("province", json!(""))), "userDetails.city", "Choose a province first."),
        (
            "province",
            json!("Texas"),
            Some(("city", json!(""))),
            "userDetails.province",
            "'Texas' is not one of the provinces we deliver to.",
        ),
        ("name", json!(""), None, "userDetails.name", "Please enter your name."),
        ("name", json!(123), None, "userDetails.name", "userDetails.name must be text."),
        ("phone1", json!("  "), None, "userDetails.phone1", "Phone number is required."),
        (
            "phone1",
            json!("042 35761234"),
            None,
            "userDetails.phone1",
            "This is a landline number; enter a mobile number (03XX XXXXXXX).",
        ),
        (
            "phone2",
            json!("12345"),
            None,
            "userDetails.phone2",
            "Enter a Pakistani mobile or landline number, e.g. 0300 1234567 or 042 35761234.",
        ),
        ("email", json!(""), None, "userDetails.email", "Email is required."),
        ("email", json!("not-an-email"), None, "userDetails.email", "Please enter a valid email address."),
        ("address", json!(null), None, "userDetails.address", "Please enter your complete address."),
    ];

    for (field, value, other, key, message) in cases {
        let mut payload = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
        payload["userDetails"][field] = value;
        if let Some((other, value)) = other {
            payload["userDetails"][other] = value;
        }

        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

        assert_eq!(status, 400, "{field}: {body}");
        assert_eq!(body["message"], message, "{field}");
        assert_eq!(body["errors"][key], json!([message]), "{field}");
    }
    let mut without = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
    without.as_object_mut().unwrap().remove("userDetails");
    let (status, body) = shop.app.place_order(&cookie, &without, None).await;
    assert_eq!(status, 400);
    assert_eq!(body["errors"].as_object().unwrap().len(), 4, "name, phone1, email and address: {body}");
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn a_body_that_is_not_json_or_an_empty_cart_is_refused_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;

    let not_json = shop
        .app
        .client
        .post(format!("{}/api/orders", shop.app.address))
        .header("cookie", &cookie)
        .header("content-type", "application/json")
        .body("{\"cart\": [")
        .send()
        .await
        .unwrap();
    let (empty, empty_body) = shop.app.place_order(&cookie, &order(&[], (0, 0, None, 0, 0)), None).await;

    assert_eq!(not_json.status(), 400);
    assert_eq!(
        not_json.json::<Value>().await.unwrap()["message"],
        "The request body is not valid JSON: it ends too soon."
    );
    assert_eq!((empty, &empty_body["message"]), (400, &json!("Your cart is empty.")));
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn placing_needs_a_customer_session_and_a_same_site_origin() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;

    let (anonymous, body) = shop.app.place_order("", &two_cases_with_coupon(&shop), None).await;
    let (as_admin, _) = shop.app.place_order(&admin, &two_cases_with_coupon(&shop), None).await;
    let cross_site = shop
        .app
        .client
        .post(format!("{}/api/orders", shop.app.address))
        .header("cookie", &cookie)
        .header("origin", "https://evil.example")
        .json(&two_cases_with_coupon(&shop))
        .send()
        .await
        .unwrap();

    assert_eq!((anonymous, &body["message"]), (401, &json!("Please log in.")));
    assert_eq!(as_admin, 401);
    assert_eq!(cross_site.status(), 403);
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn a_stale_session_is_refused_before_a_malformed_parameter_or_idempotency_key_is_judged() {
    let shop = shop().await;
    let unknown = "A".repeat(43);
    let (stale_admin, stale_customer) = (format!("shop_admin={unknown}"), format!("shop_session={unknown}"));
    let payload = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));

    let (list, listed) = shop.app.send(&stale_admin, "GET", "/api/orders?sort=oldest&minRisk=101", None).await;
    let (reviews, reviewed) = shop.app.send(&stale_admin, "GET", "/api/reviews/all?status=lost", None).await;
    let (items, itemised) = shop.app.send(&stale_customer, "GET", "/api/review-tokens/status?userId=x", None).await;
    let (placed, refused) = shop.app.place_order(&stale_customer, &payload, Some("has space")).await;

    assert_eq!((list, &listed["message"]), (401, &json!("Admin login required.")));
    assert_eq!((reviews, &reviewed["message"]), (401, &json!("Admin login required.")));
    assert_eq!((items, &itemised["message"]), (401, &json!("Please log in.")));
    assert_eq!((placed, &refused["message"]), (401, &json!("Please log in.")));
    assert_eq!(shop.app.orders_count().await, 0);
}

#[tokio::test]
async fn a_retried_submit_with_the_same_key_answers_the_first_order_and_a_different_body_is_refused() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let payload = two_cases_with_coupon(&shop);

    let (first, placed) = shop.app.place_order(&cookie, &payload, Some("checkout-7f3a")).await;
    let (again, replayed) = shop.app.place_order(&cookie, &payload, Some("checkout-7f3a")).await;
    let other = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
    let (different, refused) = shop.app.place_order(&cookie, &other, Some("checkout-7f3a")).await;
    let (bad_key, bad) = shop.app.place_order(&cookie, &payload, Some("has space")).await;

    assert_eq!((first, again), (201, 201));
    assert_eq!(replayed["order"]["_id"], placed["order"]["_id"]);
    assert_eq!(different, 409);
    assert_eq!(
        refused,
        json!({"message": "This Idempotency-Key was already used for a different order.", "quote": null})
    );
    assert_eq!(bad_key, 400, "{bad}");
    assert_eq!(shop.app.orders_count().await, 1);
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 1);
}

#[tokio::test]
async fn the_same_key_sent_at_once_places_one_order() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let payload = two_cases_with_coupon(&shop);

    let place = || shop.app.place_order(&cookie, &payload, Some("double-tap"));
    let (a, b, c, d, e, f) = tokio::join!(place(), place(), place(), place(), place(), place());

    let ids: std::collections::BTreeSet<String> = [a, b, c, d, e, f]
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 201, "{body}");
            body["order"]["_id"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1);
    assert_eq!(shop.app.orders_count().await, 1);
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));
}

#[tokio::test]
async fn both_order_lists_answer_up_to_a_hundred_orders_unless_told_so_a_client_that_never_pages_sees_all_23() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;
    for _ in 0..23 {
        let payload = order(&[(shop.cable, 1, 500)], (500, 0, None, 0, 500));
        assert_eq!(shop.app.place_order(&cookie, &payload, None).await.0, 201);
    }
    let admin = shop.app.admin_cookie().await;

    let (mine_status, mine) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}"), None).await;
    let (all_status, all) = shop.app.send(&admin, "GET", "/api/orders", None).await;
    let (_, paged) = shop.app.send(&admin, "GET", "/api/orders?limit=20&offset=20", None).await;
    let (too_many, refusal) = shop.app.send(&admin, "GET", "/api/orders?limit=101", None).await;

    assert_eq!((mine_status, mine["orders"].as_array().unwrap().len(), &mine["total"]), (200, 23, &json!(23)));
    assert_eq!(mine["confirmWithinHours"], 24, "the hours My Orders counts a pending order's confirmation in");
    assert_eq!((all_status, all["orders"].as_array().unwrap().len(), &all["total"]), (200, 23, &json!(23)));
    assert_eq!(paged["orders"].as_array().unwrap().len(), 3, "the screens still page as they ask");
    assert_eq!(too_many, 400, "{refusal}");
}

#[tokio::test]
async fn a_customer_sees_only_their_own_orders_newest_first_page_by_page() {
    let shop = shop().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (other, other_cookie) = shop.app.customer("other@example.pk").await;
    for quantity in 1..=3 {
        let payload = order(&[(shop.cable, quantity, 500)], (500 * quantity, 0, None, 0, 500 * quantity));
        assert_eq!(shop.app.place_order(&cookie, &payload, None).await.0, 201);
    }
    shop.app.place_order(&other_cookie, &order(&[(shop.cable, 1, 500)], (500, 0, None, 0, 500)), None).await;

    let (status, all) = shop.app.send(&cookie, "GET", &format!("/orders/user/{uid}"), None).await;
    let (_, page) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}?limit=2&offset=2"), None).await;
    let (forbidden, refusal) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{other}"), None).await;
    let (anonymous, _) = shop.app.send("", "GET", &format!("/orders/user/{uid}"), None).await;
    let (malformed, _) = shop.app.send(&cookie, "GET", "/api/orders/user/abc", None).await;
    let (bad_limit, _) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}?limit=0"), None).await;

    assert_eq!(status, 200);
    assert_eq!(all["success"], true);
    assert_eq!(all["total"], 3);
    let quantities: Vec<&Value> = all["orders"].as_array().unwrap().iter().map(|o| &o["cart"][0]["quantity"]).collect();
    assert_eq!(quantities, [&json!(3), &json!(2), &json!(1)], "newest first");
    assert_eq!(page["orders"].as_array().unwrap().len(), 1);
    assert_eq!(page["orders"][0]["cart"][0]["quantity"], 1);
    assert_eq!((forbidden, &refusal["message"]), (403, &json!("You can only see your own orders.")));
    assert_eq!(anonymous, 401);
    assert_eq!(malformed, 400);
    assert_eq!(bad_limit, 400);
    let personal = shop
        .app
        .client
        .get(format!("{}/api/orders/user/{uid}", shop.app.address))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(personal.headers().get("cache-control").unwrap(), "no-store");
}

#[tokio::test]
async fn the_admin_finds_orders_by_phone_in_any_writing_and_filters_by_status() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let (_, placed) =
        shop.app.place_order(&cookie, &order(&[(shop.cable, 1, 500)], (500, 0, None, 0, 500)), None).await;
    let mut other = order(&[(shop.cable, 1, 500)], (500, 0, None, 0, 500));
    other["userDetails"]["phone1"] = json!("0333-7654321");
    other["userDetails"]["city"] = json!("Multan");
    let (_, second) = shop.app.place_order(&cookie, &other, None).await;
    let first_id = placed["order"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(shop.set_status(&admin, &first_id, "approved", None).await.0, 200);

    let search = |q: &str| {
        let path = format!("/api/orders?q={}", urlencode(q));
        let admin = admin.clone();
        let app = &shop.app;
        async move {
            let (status, body) = app.send(&admin, "GET", &path, None).await;
            assert_eq!(status, 200, "{body}");
            body["orders"].as_array().unwrap().iter().map(|o| o["_id"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
        }
    };
    let second_id = second["order"]["_id"].as_str().unwrap().to_owned();

    assert_eq!(search("0300 1234567").await, [first_id.as_str()], "as typed");
    assert_eq!(search("+923001234567").await, [first_id.as_str()], "normalised");
    assert_eq!(search("0300-1234567").await, [first_id.as_str()], "written another way");
    assert_eq!(search("0333").await, [second_id.as_str()]);
    assert_eq!(search("multan").await, [second_id.as_str()]);
    assert_eq!(search("APPROVED").await, [first_id.as_str()]);
    assert_eq!(search("100%_").await, Vec::<String>::new(), "wildcards are literal");
    let (_, pending) = shop.app.send(&admin, "GET", "/api/orders?status=pending", None).await;
    assert_eq!(pending["total"], 1);
    assert_eq!(pending["orders"][0]["_id"], second_id);
    let (bad, _) = shop.app.send(&admin, "GET", "/api/orders?status=lost", None).await;
    assert_eq!(bad, 400);
    let (customer, _) = shop.app.send(&cookie, "GET", "/api/orders", None).await;
    assert_eq!(customer, 401);
}

#[tokio::test]
async fn phones_typed_in_urdu_arabic_indic_or_full_width_digits_are_read_and_kept_as_typed_beside_the_normal_form() {
    let shop = shop().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let mut payload = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
    payload["userDetails"]["phone1"] = json!("۰۳۰۰-۱۲۳۴۵۶۷");
    payload["userDetails"]["phone2"] = json!("٠٤٢ ٣٥٧٦١٢٣٤");
    let (_, other) = shop.app.customer("bilal@example.pk").await;
    let mut full_width = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
    full_width["userDetails"]["phone1"] = json!(" ０３２１－７６５４３２１ ");

    let (status, body) = shop.app.place_order(&cookie, &payload, None).await;
    let (wide_status, wide) = shop.app.place_order(&other, &full_width, None).await;

    assert_eq!(status, 201, "{body}");
    let details = &body["order"]["userDetails"];
    assert_eq!(
        (&details["phone1"], &details["phone1Typed"], &details["phone2"], &details["phone2Typed"]),
        (&json!("+923001234567"), &json!("۰۳۰۰-۱۲۳۴۵۶۷"), &json!("+924235761234"), &json!("٠٤٢ ٣٥٧٦١٢٣٤"))
    );
    assert_eq!(wide_status, 201, "{wide}");
    assert_eq!(
        (&wide["order"]["userDetails"]["phone1"], &wide["order"]["userDetails"]["phone1Typed"]),
        (&json!("+923217654321"), &json!("０３２１－７６５４３２１"))
    );
    let (_, mine) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}"), None).await;
    assert_eq!(mine["orders"][0]["userDetails"]["phone1Typed"], "۰۳۰۰-۱۲۳۴۵۶۷");
    let (_, listed) = shop.app.send(&admin, "GET", "/api/orders", None).await;
    let typed: Vec<_> =
        listed["orders"].as_array().unwrap().iter().map(|o| o["userDetails"]["phone1Typed"].clone()).collect();
    assert_eq!(typed, [json!("０３２１－７６５４３２１"), json!("۰۳۰۰-۱۲۳۴۵۶۷")]);
}

#[tokio::test]
async fn a_wrong_phone_number_is_told_what_is_wrong_with_it_and_nothing_stored() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let cases = [
        ("phone1", "0300 123456", "This number has 10 digits; a mobile number has 11 (03XX XXXXXXX)."),
        ("phone1", "۰۳۰۰-۱۲۳۴۵۶۷۸", "This number has 12 digits; a mobile number has 11 (03XX XXXXXXX)."),
        ("phone1", "+92 300 123456", "This number has 9 digits after +92; a mobile number has 10 (+92 3XX XXXXXXX)."),
        ("phone1", "1300 1234567", "A mobile number starts with 03."),
        ("phone1", "0300 CALL ME", "A phone number has only digits, e.g. 0300 1234567."),
        ("phone1", "+44 20 7946 0958", "Only Pakistani numbers can be used: start with 0 or +92."),
        ("phone1", "0300 1234567 0300 1234567 0300 1", "This phone number is too long."),
        ("phone2", "0300 12345", "This number has 9 digits; a mobile number has 11 (03XX XXXXXXX)."),
        ("phone2", "042 123", "Enter a Pakistani mobile or landline number, e.g. 0300 1234567 or 042 35761234."),
    ];

    for (field, typed, message) in cases {
        let mut payload = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
        payload["userDetails"][field] = json!(typed);

        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;

        assert_eq!(status, 400, "{typed}: {body}");
        assert_eq!(body["errors"][format!("userDetails.{field}")], json!([message]), "{typed}");
    }
    shop.assert_nothing_stored().await;
}

#[tokio::test]
async fn the_admin_finds_an_order_by_the_beginning_of_its_number_however_it_was_typed() {
    let shop = shop().await;
    let admin = shop.app.admin_cookie().await;
    let mut ids = Vec::new();
    for (email, phone1) in
        [("a@example.pk", "0301 2345678"), ("b@example.pk", "۰۳۲۱-۷۶۵۴۳۲۱"), ("c@example.pk", "0333 3012345")]
    {
        let (_, cookie) = shop.app.customer(email).await;
        let mut payload = order(&[(shop.cable, 1, 500)], (500, 0, None, 0, 500));
        payload["userDetails"]["phone1"] = json!(phone1);
        let (status, body) = shop.app.place_order(&cookie, &payload, None).await;
        assert_eq!(status, 201, "{body}");
        ids.push(body["order"]["_id"].as_str().unwrap().to_owned());
    }
    let search = |q: &str| {
        let path = format!("/api/orders?q={}", urlencode(q));
        let admin = admin.clone();
        let app = &shop.app;
        async move {
            let (status, body) = app.send(&admin, "GET", &path, None).await;
            assert_eq!(status, 200, "{body}");
            body["orders"].as_array().unwrap().iter().map(|o| o["_id"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
        }
    };

    assert_eq!(search("0301").await, [ids[0].as_str()], "not the number holding 301 further on");
    assert_eq!(search("0301-234").await, [ids[0].as_str()], "written another way than typed");
    assert_eq!(search("+92 301").await, [ids[0].as_str()]);
    assert_eq!(search("0321 765").await, [ids[1].as_str()], "typed in Urdu digits");
    assert_eq!(search("۰۳۲۱").await, [ids[1].as_str()], "searched in Urdu digits");
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'-' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

const STATUSES: [&str; 6] = ["pending", "approved", "dispatched", "delivered", "rejected", "returned"];

/// The steps that lead from pending to `status`.
fn path_to(status: &str) -> &'static [&'static str] {
    match status {
        "pending" => &[],
        "approved" => &["approved"],
        "dispatched" => &["approved", "dispatched"],
        "delivered" => &["approved", "dispatched", "delivered"],
        "rejected" => &["rejected"],
        _ => &["approved", "dispatched", "returned"],
    }
}

#[tokio::test]
async fn exactly_the_transitions_of_the_spec_are_allowed_and_the_rest_are_409() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let allowed = [
        ("pending", "approved"),
        ("pending", "rejected"),
        ("approved", "dispatched"),
        ("approved", "rejected"),
        ("dispatched", "delivered"),
        ("dispatched", "returned"),
    ];

    for from in STATUSES {
        for to in STATUSES {
            let (_, placed) =
                shop.app.place_order(&cookie, &order(&[(shop.cable, 1, 500)], (500, 0, None, 0, 500)), None).await;
            let id = placed["order"]["_id"].as_str().unwrap().to_owned();
            for step in path_to(from) {
                let (status, body) = shop.set_status(&admin, &id, step, Some("out of stock")).await;
                assert_eq!(status, 200, "{from}: {step}: {body}");
            }

            let (status, body) = shop.set_status(&admin, &id, to, Some("a reason")).await;

            if allowed.contains(&(from, to)) {
                assert_eq!(status, 200, "{from} -> {to}: {body}");
                assert_eq!(body["message"], "Order status updated.");
                assert_eq!(body["order"]["status"], to);
            } else {
                assert_eq!(status, 409, "{from} -> {to}: {body}");
                assert_eq!(body["message"], format!("An order that is {from} cannot be changed to {to}."));
            }
        }
    }
}

#[tokio::test]
async fn a_status_comment_holding_a_control_character_is_refused_naming_the_comment_and_changes_nothing() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let (_, placed) = shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    let message = "The comment must not contain control characters other than line breaks and tabs.";

    let nul = shop.set_status(&admin, &id, "rejected", Some("Fake\u{0} order")).await;
    let override_ = shop.set_status(&admin, &id, "approved", Some("Called \u{202E}1234")).await;
    let status = shop.app.sql_texts(&format!("SELECT status AS t FROM orders WHERE id = {id}")).await;

    for refused in [nul, override_] {
        assert_eq!(refused, (400, json!({"message": message, "errors": {"comment": [message]}})));
    }
    assert_eq!(status, ["pending"]);
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));
}

#[tokio::test]
async fn a_rejection_needs_a_reason_and_puts_stock_and_the_coupon_use_back_once() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let (_, placed) = shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();

    let (no_reason, refusal) = shop.set_status(&admin, &id, "rejected", Some("   ")).await;
    let (approved, _) = shop.set_status(&admin, &id, "approved", None).await;
    let (rejected, body) = shop.set_status(&admin, &id, "rejected", Some("Address not reachable")).await;
    let (again, _) = shop.set_status(&admin, &id, "rejected", Some("again")).await;

    assert_eq!((no_reason, &refusal["message"]), (400, &json!("Rejection reason is required.")));
    assert_eq!(approved, 200);
    assert_eq!(rejected, 200);
    assert_eq!(again, 409);
    assert_eq!(body["order"]["adminComment"], "Address not reachable");
    let history: Vec<(&Value, &Value)> =
        body["order"]["history"].as_array().unwrap().iter().map(|e| (&e["status"], &e["comment"])).collect();
    assert_eq!(
        history,
        [
            (&json!("pending"), &Value::Null),
            (&json!("approved"), &Value::Null),
            (&json!("rejected"), &json!("Address not reachable"))
        ]
    );
    assert_eq!(shop.app.stock_of(shop.case).await, Some(10), "restocked once");
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 0, "the coupon's use is released");
}

#[tokio::test]
async fn a_return_restocks_once_and_skips_products_deleted_since() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let payload = order(&[(shop.case, 2, 850), (shop.cable, 3, 500)], (3200, 200, None, 0, 3400));
    let (_, placed) = shop.app.place_order(&cookie, &payload, None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    for step in ["approved", "dispatched"] {
        assert_eq!(shop.set_status(&admin, &id, step, None).await.0, 200);
    }
    shop.app.delete_product(shop.cable).await;

    let (returned, body) = shop.set_status(&admin, &id, "returned", None).await;
    let (again, _) = shop.set_status(&admin, &id, "returned", None).await;

    assert_eq!(returned, 200, "{body}");
    assert_eq!(again, 409);
    assert_eq!(shop.app.stock_of(shop.case).await, Some(10));
    assert_eq!(shop.app.stock_of(shop.cable).await, None);
    assert_eq!(body["order"]["cart"][1]["name"], "USB-C Cable", "the deleted product's item is kept");
}

#[tokio::test]
async fn deleting_a_product_and_its_category_leaves_its_orders_readable() {
    let shop = shop().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;
    let category = shop.app.add_category("Chargers", None).await;
    let charger = shop.app.add_product(new_product("Fast Charger", category, (1200, None, 0), 3, false)).await;
    let payload = order(&[(shop.case, 2, 850), (charger, 1, 1200)], (2900, 200, None, 0, 3100));
    assert_eq!(shop.app.place_order(&cookie, &payload, None).await.0, 201);

    shop.app.delete_product(shop.case).await;
    shop.app.delete_product(charger).await;
    application::catalog::ports::CatalogWriter::delete_category(&shop.app.catalogue(), category).await.unwrap();
    let (status, body) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}"), None).await;

    assert_eq!(status, 200);
    assert_eq!(
        body["orders"][0]["cart"],
        json!([
            {"productId": shop.case.to_string(), "name": "Phone Case", "quantity": 2, "price": 850, "lineTotal": 1700},
            {"productId": charger.to_string(), "name": "Fast Charger", "quantity": 1, "price": 1200, "lineTotal": 1200}
        ])
    );
    assert_eq!(body["orders"][0]["total"], 3100);
}

#[tokio::test]
async fn a_rejection_straight_from_pending_restocks_too() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let (_, placed) = shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));

    let (status, _) = shop.set_status(&admin, &id, "rejected", Some("Duplicate order")).await;

    assert_eq!(status, 200);
    shop.assert_nothing_stored_but_the_order().await;
}

#[tokio::test]
async fn coupon_limits_count_per_customer_and_in_all_and_two_customers_cannot_both_take_the_last_use() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    shop.app.add_coupon(coupon("ONEEACH", UsageLimits::new(Some(3), Some(1)).unwrap())).await;
    let with = |code: &str| order(&[(shop.cable, 1, 500)], (500, 0, Some(code), 50, 450));
    let (_, ayesha) = shop.app.customer("ayesha@example.pk").await;

    let (first, _) = shop.app.place_order(&ayesha, &with("ONEEACH"), None).await;
    let (second, refused) = shop.app.place_order(&ayesha, &with("ONEEACH"), None).await;
    let (applied, apply_refusal) =
        shop.app.send(&ayesha, "POST", "/api/coupons/apply", Some(json!({"code": "oneeach", "cartTotal": 500}))).await;

    assert_eq!(first, 201);
    assert_eq!(second, 409);
    assert_eq!(refused["quote"]["changes"][0], "Coupon ONEEACH no longer applies: You have already used this coupon.");
    assert_eq!((applied, &apply_refusal["message"]), (400, &json!("You have already used this coupon.")));

    let (_, bilal) = shop.app.customer("bilal@example.pk").await;
    let (_, sana) = shop.app.customer("sana@example.pk").await;
    let (_, hina) = shop.app.customer("hina@example.pk").await;
    let (b, _) = shop.app.place_order(&bilal, &with("ONEEACH"), None).await;
    assert_eq!(b, 201, "the second of three uses");
    let last_use = with("ONEEACH");
    let (s, h) =
        tokio::join!(shop.app.place_order(&sana, &last_use, None), shop.app.place_order(&hina, &last_use, None));
    let mut statuses = [s.0, h.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "one of the two racing customers gets the last use");
    assert_eq!(shop.app.coupon_uses("ONEEACH").await, 3);
    let (exhausted, message) =
        shop.app.post_json("/api/coupons/apply", &json!({"code": "ONEEACH", "cartTotal": 500})).await;
    assert_eq!((exhausted, &message["message"]), (400, &json!("This coupon has reached its usage limit.")));
}

#[tokio::test]
async fn the_admin_sets_usage_limits_and_sees_the_uses() {
    let shop = shop().await;
    let admin = shop.app.admin_cookie().await;
    let body = json!({"code": "LIMITED", "discountPercent": "10", "startDate": today().to_string(),
                      "endDate": today().to_string(), "maxUses": "5", "maxUsesPerCustomer": ""});

    let (status, created) = shop.app.send(&admin, "POST", "/api/coupons", Some(body)).await;
    let (bad, refusal) = shop
        .app
        .send(
            &admin,
            "POST",
            "/api/coupons",
            Some(json!({"code": "BAD", "amount": 100, "startDate": today().to_string(),
                        "endDate": today().to_string(), "maxUses": 0})),
        )
        .await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    shop.app.place_order(&cookie, &order(&[(shop.cable, 1, 500)], (500, 0, Some("LIMITED"), 50, 450)), None).await;
    let (_, list) = shop.app.send(&admin, "GET", "/api/coupons", None).await;

    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (&created["coupon"]["maxUses"], &created["coupon"]["maxUsesPerCustomer"], &created["coupon"]["uses"]),
        (&json!(5), &Value::Null, &json!(0))
    );
    assert_eq!((bad, &refusal["message"]), (400, &json!("Usage limits must be whole numbers from 1 to 1000000.")));
    let limited = list.as_array().unwrap().iter().find(|c| c["code"] == "LIMITED").unwrap();
    assert_eq!((&limited["uses"], &limited["maxUses"]), (&json!(1), &json!(5)));
}

/// The text of a received message with quoted-printable soft breaks and `=3D` undone.
fn plain(data: &str) -> String {
    data.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

#[tokio::test]
async fn the_owner_hears_of_each_order_and_the_customer_of_each_status_with_review_links_on_delivery() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    let payload = order(&[(shop.case, 1, 850), (shop.cable, 1, 500)], (1350, 200, None, 0, 1550));
    let (_, placed) = shop.app.place_order(&cookie, &payload, None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    assert!(shop.app.delivered(2).await, "the owner's mail and the shopper's confirmation link arrive");
    let placed_mails = shop.app.smtp.messages();
    let owners = placed_mails.iter().find(|m| m.to == [crate::helpers::ADMIN_EMAIL]).unwrap();
    assert!(plain(&owners.data).contains(&format!("New order #{id}: Rs 1,550")));

    let mut last = Value::Null;
    for (n, step) in ["approved", "dispatched", "delivered"].into_iter().enumerate() {
        let (status, body) = shop.set_status(&admin, &id, step, None).await;
        assert_eq!(status, 200);
        last = body;
        assert!(shop.app.delivered(n + 3).await, "the {step} mail arrives");
    }

    let mails = shop.app.smtp.messages();
    assert_eq!(mails.len(), 5);
    for (mail, step) in mails[2..].iter().zip(["approved", "dispatched", "delivered"]) {
        assert_eq!(mail.to, ["ayesha@example.pk"]);
        assert!(plain(&mail.data).contains(&format!("Your order #{id} is {step}")), "{step}");
    }
    let tokens = last["order"]["reviewTokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 2);
    let delivered = plain(&mails[4].data);
    for token in tokens {
        let link = format!("{}/review?token={}", shop.app.config.public_url, token["token"].as_str().unwrap());
        assert!(delivered.contains(&link), "the delivered mail holds {link}");
        assert_eq!(token["token"].as_str().unwrap().len(), 43);
    }
}

#[tokio::test]
async fn a_rejection_mail_gives_the_reason_and_an_smtp_outage_only_delays_it() {
    let mut shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    shop.app.smtp.stop();
    let (_, placed) = shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();

    let (status, _) = shop.set_status(&admin, &id, "rejected", Some("We cannot deliver to this address")).await;
    let queued = shop.app.outbox_counts().await;
    shop.app.smtp.restart().await;

    assert_eq!(status, 200);
    assert_eq!(queued.sent, 0, "nothing could be sent while the mail server was down");
    assert!(shop.app.delivered(3).await, "the three mails go out once it is back");
    let rejection = shop
        .app
        .smtp
        .messages()
        .into_iter()
        .find(|m| m.to == ["ayesha@example.pk"] && plain(&m.data).contains("is rejected"))
        .unwrap();
    let text = plain(&rejection.data);
    assert!(text.contains(&format!("Your order #{id} is rejected")));
    assert!(text.contains("Reason: We cannot deliver to this address"));
}

#[tokio::test]
async fn the_admin_changes_a_coupons_limits_but_not_below_its_uses_so_far() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let admin = shop.app.admin_cookie().await;
    assert_eq!(shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await.0, 201);
    assert_eq!(shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await.0, 201);
    let (_, list) = shop.app.send(&admin, "GET", "/api/coupons", None).await;
    let id = list[0]["_id"].as_str().unwrap().to_owned();
    let limits = |body: Value| {
        let (app, admin, path) = (&shop.app, admin.clone(), format!("/api/coupons/limits/{id}"));
        async move { app.send(&admin, "PATCH", &path, Some(body)).await }
    };

    let raised = limits(json!({"maxUses": "2", "maxUsesPerCustomer": 5})).await;
    let below = limits(json!({"maxUses": 1, "maxUsesPerCustomer": ""})).await;
    let zero = limits(json!({"maxUses": 0})).await;
    let words = limits(json!({"maxUsesPerCustomer": "many"})).await;
    let third = shop.app.place_order(&cookie, &two_cases_with_coupon(&shop), None).await;
    let cleared = limits(json!({"maxUses": "", "maxUsesPerCustomer": null})).await;
    let unknown = shop.app.send(&admin, "PATCH", "/api/coupons/limits/999999", Some(json!({}))).await;
    let customer =
        shop.app.send(&cookie, "PATCH", &format!("/api/coupons/limits/{id}"), Some(json!({"maxUses": 9}))).await;

    assert_eq!(raised.0, 200, "{}", raised.1);
    assert_eq!(
        (&raised.1["coupon"]["uses"], &raised.1["coupon"]["maxUses"], &raised.1["coupon"]["maxUsesPerCustomer"]),
        (&json!(2), &json!(2), &json!(5))
    );
    assert_eq!(below, (409, json!({"message": "This coupon has already been used more often than that limit."})));
    assert_eq!(zero, (400, json!({"message": "Usage limits must be whole numbers from 1 to 1000000."})));
    assert_eq!(words.0, 400, "{}", words.1);
    assert_eq!(
        words.1["errors"]["maxUsesPerCustomer"],
        json!(["Usage limits must be whole numbers from 1 to 1000000."])
    );
    assert_eq!(third.0, 409, "the third use is over the limit of 2: {}", third.1);
    assert_eq!(third.1["quote"]["coupon"], Value::Null);
    assert_eq!(cleared.0, 200, "{}", cleared.1);
    assert_eq!(
        (&cleared.1["coupon"]["maxUses"], &cleared.1["coupon"]["maxUsesPerCustomer"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(unknown, (404, json!({"message": "Coupon not found."})));
    assert_eq!(customer.0, 401, "a customer session is no admin session");
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 2, "uses stay counted through every change");
}

/// POST /api/orders as the customer of `cookie` from a page in `language` (its `Accept-Language`).
async fn place_order_in(app: &TestApp, language: &str, cookie: &str, body: &Value) -> (u16, Value) {
    let response = app
        .client
        .post(format!("{}/api/orders", app.address))
        .header("cookie", cookie)
        .header("accept-language", language)
        .json(body)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn an_urdu_checkout_is_refused_in_urdu_and_an_english_one_as_before() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let mut no_name = order(&[(shop.case, 1, 850)], (850, 200, None, 0, 1050));
    no_name["userDetails"]["name"] = json!("");
    no_name["userDetails"]["phone1"] = json!("0300 12345");
    let short = order(&[(shop.case, 11, 850)], (9350, 200, None, 0, 9550));
    let changed = order(&[(shop.case, 2, 800)], (1600, 200, None, 0, 1800));

    let field = place_order_in(&shop.app, "ur", &cookie, &no_name).await;
    let field_en = place_order_in(&shop.app, "en", &cookie, &no_name).await;
    let stock = place_order_in(&shop.app, "ur-PK,ur;q=0.9,en;q=0.8", &cookie, &short).await;
    let stock_en = place_order_in(&shop.app, "en", &cookie, &short).await;
    let price = place_order_in(&shop.app, "ur", &cookie, &changed).await;

    assert_eq!(field.0, 400, "{}", field.1);
    assert_eq!(field.1["message"], "براہِ کرم اپنا نام درج کریں۔");
    assert_eq!(
        field.1["errors"],
        json!({
            "userDetails.name": ["براہِ کرم اپنا نام درج کریں۔"],
            "userDetails.phone1": ["اس نمبر میں 9 ہندسے ہیں؛ موبائل نمبر میں 11 ہندسے ہوتے ہیں (03XX XXXXXXX)۔"]
        })
    );
    assert_eq!(field_en.0, 400);
    assert_eq!(
        field_en.1,
        json!({
            "message": "Please enter your name.",
            "errors": {
                "userDetails.name": ["Please enter your name."],
                "userDetails.phone1": ["This number has 9 digits; a mobile number has 11 (03XX XXXXXXX)."]
            }
        })
    );
    assert_eq!(stock.0, 409, "{}", stock.1);
    assert_eq!(stock.1["message"], "Phone Case کے صرف 10 عدد باقی ہیں۔");
    assert_eq!(stock.1["quote"]["cart"][0]["quantity"], 10, "the quote is the same in either language");
    assert_eq!(stock_en.1["message"], "Only 10 left of Phone Case.");
    assert_eq!(price.0, 409, "{}", price.1);
    assert_eq!(
        price.1["message"],
        "آپ کی ٹوکری بننے کے بعد قیمتیں یا ڈیلیوری بدل گئی ہیں۔ براہِ کرم نئی کل رقم دیکھ لیں۔"
    );
    shop.assert_nothing_stored().await;
}
