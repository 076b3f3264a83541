//! Every place in Pakistan end to end (docs/decisions/0035-every-place-in-pakistan.md): a city found by any
//! spelling is stored as the table's place, a city the table lacks is kept as typed and flagged for the
//! owner, the booking sheet writes the couriers' spellings, and the owner corrects an order's province, city
//! and address before dispatch with the history saying what changed.

use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app, TestApp};

struct Shop {
    app: TestApp,
    admin: String,
    customer: String,
    case: ProductId,
}

async fn shop() -> Shop {
    let app = spawn_app().await;
    let category = app.add_category("Cases", None).await;
    let case = app.add_product(new_product("Phone Case", category, (850, None, 0), 100, false)).await;
    app.set_delivery_charge(200).await;
    app.lift_order_limits().await;
    let admin = app.admin_cookie().await;
    let (_, customer) = app.customer("ayesha@example.pk").await;
    Shop { app, admin, customer, case }
}

impl Shop {
    fn order_to(&self, province: &str, city: &str) -> Value {
        json!({
            "userDetails": {"province": province, "city": city, "name": "Ayesha Khan", "phone1": "0300 1234567",
                            "email": "ayesha@example.pk", "address": "House 12\nStreet 4"},
            "cart": [{"productId": self.case.to_string(), "quantity": 1, "price": 850}],
            "subtotal": 850, "deliveryCharge": 200, "total": 1050
        })
    }

    async fn place(&self, province: &str, city: &str) -> (u16, Value) {
        self.app.place_order(&self.customer, &self.order_to(province, city), None).await
    }

    /// Places an order and answers it.
    async fn placed(&self, province: &str, city: &str) -> Value {
        let (status, body) = self.place(province, city).await;
        assert_eq!(status, 201, "{body}");
        body["order"].clone()
    }

    async fn correct(&self, cookie: &str, id: &str, body: Value) -> (u16, Value) {
        self.app.send(cookie, "PUT", &format!("/api/orders/{id}/delivery-address"), Some(body)).await
    }

    async fn admin_put(&self, path: &str, body: Value) -> (u16, Value) {
        self.app.send(&self.admin, "PUT", path, Some(body)).await
    }

    async fn booking_cities(&self, ids: &[&str]) -> Vec<String> {
        let response = self
            .app
            .client
            .get(format!("{}/api/orders/courier-booking.csv?ids={}", self.app.address, ids.join(",")))
            .header("cookie", &self.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let text = response.text().await.unwrap();
        let mut reader = csv::ReaderBuilder::new().from_reader(text.trim_start_matches('\u{feff}').as_bytes());
        reader.records().map(|row| row.unwrap()[3].to_owned()).collect()
    }
}

#[tokio::test]
async fn a_city_typed_in_another_spelling_is_stored_as_the_tables_place_and_listed() {
    let shop = shop().await;

    let dg_khan = shop.placed("Punjab", "D.G Khan").await;
    let sialkot = shop.placed("Punjab", "sialkot").await;

    let where_to = |order: &Value| (order["userDetails"]["city"].clone(), order["userDetails"]["cityListed"].clone());
    assert_eq!(where_to(&dg_khan), (json!("Dera Ghazi Khan"), json!(true)));
    assert_eq!(where_to(&sialkot), (json!("Sialkot"), json!(true)));
}

#[tokio::test]
async fn a_city_the_table_lacks_is_kept_as_typed_and_flagged_and_the_sheet_writes_courier_spellings() {
    let shop = shop().await;
    let unlisted = shop.placed("Punjab", "  Kot   Sultan ").await;
    let dg_khan = shop.placed("Punjab", "dg khan").await;
    let (unlisted_id, dg_khan_id) = (unlisted["_id"].as_str().unwrap(), dg_khan["_id"].as_str().unwrap());
    for id in [unlisted_id, dg_khan_id] {
        assert_eq!(shop.admin_put(&format!("/api/orders/{id}/status"), json!({"status": "approved"})).await.0, 200);
    }

    let cities = shop.booking_cities(&[unlisted_id, dg_khan_id]).await;

    assert_eq!(
        (&unlisted["userDetails"]["city"], &unlisted["userDetails"]["cityListed"]),
        (&json!("Kot Sultan"), &json!(false))
    );
    assert_eq!(cities, ["KOT SULTAN", "D.G. KHAN"]);
}

#[tokio::test]
async fn a_city_that_cannot_be_a_places_name_is_a_400_naming_the_field() {
    let shop = shop().await;

    let short = shop.place("Punjab", "X").await;
    let lines = shop.place("Sindh", "Kot\nSultan").await;
    let digits = shop.place("Sindh", "12345").await;

    let refusal = |message: &str| (400, json!({"message": message, "errors": {"userDetails.city": [message]}}));
    assert_eq!(short, refusal("City must be 2 to 60 characters."));
    assert_eq!(lines, refusal("City must be one line naming a place."));
    assert_eq!(digits, refusal("City must be one line naming a place."));
    assert_eq!(shop.app.orders_count().await, 0);
}

#[tokio::test]
async fn the_owner_corrects_a_flagged_city_and_the_address_and_the_history_records_old_and_new() {
    let shop = shop().await;
    let order = shop.placed("Punjab", "Sialkt").await;
    let id = order["_id"].as_str().unwrap();

    let (status, body) = shop
        .correct(&shop.admin, id, json!({"province": "Punjab", "city": "sialkot", "address": "House 9\nParis Road"}))
        .await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Delivery address updated.");
    let corrected = &body["order"];
    assert_eq!(corrected["status"], "pending");
    assert_eq!(
        (
            &corrected["userDetails"]["province"],
            &corrected["userDetails"]["city"],
            &corrected["userDetails"]["cityListed"]
        ),
        (&json!("Punjab"), &json!("Sialkot"), &json!(true))
    );
    assert_eq!(corrected["userDetails"]["address"], "House 9\nParis Road");
    let history = corrected["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[1]["status"], "pending");
    assert_eq!(
        history[1]["comment"],
        "Delivery address corrected by the owner: city Sialkt, Punjab → Sialkot, Punjab; \
         address 'House 12, Street 4' → 'House 9, Paris Road'."
    );
}

#[tokio::test]
async fn a_correction_that_changes_nothing_records_nothing_and_an_approved_order_may_be_corrected() {
    let shop = shop().await;
    let id = shop.placed("Punjab", "Lahore").await["_id"].as_str().unwrap().to_owned();
    assert_eq!(shop.admin_put(&format!("/api/orders/{id}/status"), json!({"status": "approved"})).await.0, 200);

    let same = shop
        .correct(&shop.admin, &id, json!({"province": "Punjab", "city": "lahore", "address": "House 12\nStreet 4"}))
        .await;
    let moved = shop
        .correct(&shop.admin, &id, json!({"province": "Sindh", "city": "Tando Adam", "address": "House 12\nStreet 4"}))
        .await;

    assert_eq!((same.0, same.1["order"]["history"].as_array().unwrap().len()), (200, 2));
    assert_eq!(moved.0, 200, "{}", moved.1);
    assert_eq!(moved.1["order"]["userDetails"]["province"], "Sindh");
    assert_eq!(moved.1["order"]["userDetails"]["city"], "Tando Adam");
    assert_eq!(
        moved.1["order"]["history"][2]["comment"],
        "Delivery address corrected by the owner: city Lahore, Punjab → Tando Adam, Sindh."
    );
}

#[tokio::test]
async fn a_correction_is_refused_after_dispatch_for_bad_input_an_unknown_order_and_without_the_admin() {
    let shop = shop().await;
    let id = shop.placed("Punjab", "Lahore").await["_id"].as_str().unwrap().to_owned();
    let good = json!({"province": "Punjab", "city": "Sialkot", "address": "House 9"});

    let anonymous = shop.correct("", &id, good.clone()).await;
    let unknown = shop.correct(&shop.admin, "999999", good.clone()).await;
    let empty = shop.correct(&shop.admin, &id, json!({})).await;
    let bad_province =
        shop.correct(&shop.admin, &id, json!({"province": "Atlantis", "city": "Sialkot", "address": "House 9"})).await;
    assert_eq!(shop.admin_put(&format!("/api/orders/{id}/status"), json!({"status": "approved"})).await.0, 200);
    let tracked = shop
        .admin_put(
            &format!("/api/orders/{id}/tracking"),
            json!({"courier": "Leopards", "trackingNumber": "LE123456789"}),
        )
        .await;
    assert_eq!(tracked.0, 200, "{}", tracked.1);
    let (dispatched, _) = shop.app.send(&shop.admin, "POST", "/api/orders/dispatch", Some(json!({"ids": [id]}))).await;
    assert_eq!(dispatched, 200);
    let late = shop.correct(&shop.admin, &id, good).await;

    assert_eq!(anonymous.0, 401);
    assert_eq!(unknown.0, 404);
    assert_eq!(empty.0, 400);
    let fields: Vec<&String> = empty.1["errors"].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["address", "city", "province"]);
    assert_eq!(empty.1["errors"]["province"], json!(["Province is required."]));
    assert_eq!(empty.1["errors"]["city"], json!(["City is required."]));
    assert_eq!(
        bad_province,
        (
            400,
            json!({"message": "'Atlantis' is not one of the provinces we deliver to.", "errors": {"province": ["'Atlantis' is not one of the provinces we deliver to."]}})
        )
    );
    assert_eq!(
        late,
        (409, json!({"message": format!("Order #{id} is dispatched: its delivery address can no longer be changed.")}))
    );
    let history =
        shop.app.send(&shop.admin, "GET", "/api/orders?limit=1", None).await.1["orders"][0]["history"].clone();
    assert_eq!(
        history
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["comment"].as_str().is_some_and(|c| c.starts_with("Delivery")))
            .count(),
        0
    );
}
