//! Saved delivery addresses (docs/decisions/0036-details-remembered.md): saved from placed orders without
//! duplicates, capped at 10, listed newest first, and saved, edited and deleted only by their own customer.

use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app_with, TestApp};

async fn shop() -> (TestApp, String) {
    let app = spawn_app_with(&[]).await;
    let category = app.add_category("Cables", None).await;
    let mut cable = new_product("USB-C Cable", category, (500, None, 0), 100, false);
    cable.free_delivery = true;
    let cable = app.add_product(cable).await;
    (app, cable.to_string())
}

fn details(address: &str, phone1: &str) -> Value {
    json!({"province": "Punjab", "city": "Lahore", "name": "Ayesha Khan", "phone1": phone1, "phone2": "",
           "address": address})
}

fn order(cable: &str, address: &str, phone1: &str) -> Value {
    let mut user = details(address, phone1);
    user["email"] = json!("ayesha@example.pk");
    json!({"userDetails": user, "cart": [{"productId": cable, "name": "x", "quantity": 1, "price": 500}],
           "subtotal": 500, "deliveryCharge": 0, "coupon": null, "couponDiscount": 0, "total": 500})
}

async fn list(app: &TestApp, cookie: &str) -> Vec<Value> {
    let (status, body) = app.send(cookie, "GET", "/api/account/addresses", None).await;
    assert_eq!(status, 200, "{body}");
    body["addresses"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_placed_order_saves_its_details_once_and_the_latest_comes_first() {
    let (app, cable) = shop().await;
    let (_, cookie) = app.customer("ayesha@example.pk").await;

    let (first, body) = app.place_order(&cookie, &order(&cable, "House 12, Gulberg III", "0300 1234567"), None).await;
    assert_eq!(first, 201, "{body}");
    let (again, _) = app.place_order(&cookie, &order(&cable, " house 12, gulberg iii ", "+92 300 1234567"), None).await;
    assert_eq!(again, 201);
    let once = list(&app, &cookie).await;
    let (other, _) = app.place_order(&cookie, &order(&cable, "Flat 3, DHA Phase 5", "0321 7654321"), None).await;
    assert_eq!(other, 201);
    let both = list(&app, &cookie).await;

    assert_eq!(once.len(), 1, "the same details typed another way are one address: {once:?}");
    let saved = &once[0];
    assert_eq!(
        (
            &saved["province"],
            &saved["city"],
            &saved["name"],
            &saved["phone1"],
            &saved["phone2"],
            &saved["phone1Normal"]
        ),
        (
            &json!("Punjab"),
            &json!("Lahore"),
            &json!("Ayesha Khan"),
            &json!("+92 300 1234567"),
            &json!(null),
            &json!("+923001234567")
        )
    );
    assert_eq!(saved["address"], "House 12, Gulberg III");
    let addresses: Vec<_> = both.iter().map(|a| a["address"].as_str().unwrap()).collect();
    assert_eq!(addresses, ["Flat 3, DHA Phase 5", "House 12, Gulberg III"]);
}

#[tokio::test]
async fn a_customer_saves_edits_and_deletes_their_own_addresses_and_never_anothers() {
    let (app, _) = shop().await;
    let (_, cookie) = app.customer("ayesha@example.pk").await;
    let (_, stranger) = app.customer("bilal@example.pk").await;

    let (created, body) =
        app.send(&cookie, "POST", "/api/account/addresses", Some(details("House 12", "۰۳۰۰-۱۲۳۴۵۶۷"))).await;
    assert_eq!(created, 201, "{body}");
    let id = body["address"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(body["address"]["phone1"], "۰۳۰۰-۱۲۳۴۵۶۷");
    assert_eq!(body["address"]["phone1Normal"], "+923001234567");
    let path = format!("/api/account/addresses/{id}");
    let mut edited = details("House 14", "0300 1234567");
    edited["province"] = json!("Sindh");
    edited["city"] = json!("Karachi");
    edited["phone2"] = json!("021 34567890");

    let (theirs_put, theirs_body) = app.send(&stranger, "PUT", &path, Some(edited.clone())).await;
    let (theirs_delete, _) = app.send(&stranger, "DELETE", &path, None).await;
    let theirs_list = list(&app, &stranger).await;
    let (put, put_body) = app.send(&cookie, "PUT", &path, Some(edited)).await;
    let (bad_id, bad_body) = app.send(&cookie, "DELETE", "/api/account/addresses/abc", None).await;
    let (anonymous, _) = app.send("", "GET", "/api/account/addresses", None).await;
    let (deleted, deleted_body) = app.send(&cookie, "DELETE", &path, None).await;
    let (gone, _) = app.send(&cookie, "DELETE", &path, None).await;

    assert_eq!((theirs_put, theirs_delete), (404, 404), "{theirs_body}");
    assert_eq!(theirs_body["message"], "Address not found.");
    assert!(theirs_list.is_empty());
    assert_eq!(put, 200, "{put_body}");
    assert_eq!(
        (&put_body["address"]["_id"], &put_body["address"]["province"], &put_body["address"]["city"]),
        (&json!(id), &json!("Sindh"), &json!("Karachi"))
    );
    assert_eq!(
        (&put_body["address"]["address"], &put_body["address"]["phone2"]),
        (&json!("House 14"), &json!("021 34567890"))
    );
    assert_eq!(bad_id, 400, "{bad_body}");
    assert_eq!(bad_body["errors"]["id"], json!(["'abc' is not a valid id."]));
    assert_eq!(anonymous, 401);
    assert_eq!((deleted, &deleted_body["message"]), (200, &json!("Address deleted.")));
    assert_eq!(gone, 404);
    assert!(list(&app, &cookie).await.is_empty());
}

#[tokio::test]
async fn bad_details_are_refused_field_by_field_with_the_checkouts_texts_and_nothing_saved() {
    let (app, _) = shop().await;
    let (_, cookie) = app.customer("ayesha@example.pk").await;
    let body = json!({"name": " ", "phone1": "0300 123456", "phone2": "12", "province": "Sindh", "city": "Lahore",
                      "address": ""});

    let (status, answer) = app.send(&cookie, "POST", "/api/account/addresses", Some(body)).await;

    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        answer["errors"],
        json!({
            "name": ["Please enter your name."],
            "phone1": ["This number has 10 digits; a mobile number has 11 (03XX XXXXXXX)."],
            "phone2": ["Enter a Pakistani mobile or landline number, e.g. 0300 1234567 or 042 35761234."],
            "city": ["'Lahore' is in Punjab, not Sindh."],
            "address": ["Please enter your complete address."],
        })
    );
    assert!(list(&app, &cookie).await.is_empty());
}

#[tokio::test]
async fn an_account_keeps_ten_addresses_an_order_past_them_drops_the_least_recently_used_and_a_duplicate_edit_is_409() {
    let (app, cable) = shop().await;
    let (_, cookie) = app.customer("ayesha@example.pk").await;
    for n in 1..=10 {
        let (status, body) = app
            .send(&cookie, "POST", "/api/account/addresses", Some(details(&format!("House {n}"), "0300 1234567")))
            .await;
        assert_eq!(status, 201, "{body}");
    }

    let (full, full_body) =
        app.send(&cookie, "POST", "/api/account/addresses", Some(details("House 11", "0300 1234567"))).await;
    let (again, _) =
        app.send(&cookie, "POST", "/api/account/addresses", Some(details("House 1", "0300 1234567"))).await;
    let second = list(&app, &cookie).await[9].clone();
    let (duplicate, duplicate_body) = app
        .send(
            &cookie,
            "PUT",
            &format!("/api/account/addresses/{}", second["_id"].as_str().unwrap()),
            Some(details("House 3", "0300 1234567")),
        )
        .await;
    let (placed, _) = app.place_order(&cookie, &order(&cable, "House 12", "0300 1234567"), None).await;
    let after = list(&app, &cookie).await;

    assert_eq!(full, 409);
    assert_eq!(full_body["message"], "You can save at most 10 addresses. Delete one first.");
    assert_eq!(again, 201, "the same details again only move up");
    assert_eq!(second["address"], "House 2");
    assert_eq!((duplicate, &duplicate_body["message"]), (409, &json!("You have saved these details already.")));
    assert_eq!(placed, 201);
    let addresses: Vec<_> = after.iter().map(|a| a["address"].as_str().unwrap()).collect();
    assert_eq!(
        addresses,
        [
            "House 12", "House 1", "House 10", "House 9", "House 8", "House 7", "House 6", "House 5", "House 4",
            "House 3"
        ]
    );
}
