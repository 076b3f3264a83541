//! The COD checks end to end (docs/cod.md): the blocklist and the checkouts it refuses, the confirmation
//! link from the e-mail, rejecting unconfirmed orders, risk scores on real orders and their settings, the
//! admin list's risk order and filters, and an order's contact history. Every bad input answers in words and
//! changes nothing.

use chrono::Days;
use domain::calendar::pakistan_date;
use domain::coupon::{Coupon, UsageLimits};
use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app_with, TestApp};

const REFUSAL: &str = "Sorry, we can't take this order for cash on delivery. Please contact us if you need help.";

/// A shop with a delivery charge of Rs 200, a Phone Case at Rs 850 (10 in stock), a USB-C Cable at Rs 500
/// that ships free (100 in stock) and the coupon SAVE10 (10%).
struct Shop {
    app: TestApp,
    admin: String,
    case: ProductId,
    cable: ProductId,
}

async fn shop() -> Shop {
    let app = spawn_app_with(&[]).await;
    let category = app.add_category("Cases", None).await;
    let case = app.add_product(new_product("Phone Case", category, (900, Some(850), 0), 10, false)).await;
    let mut cable = new_product("USB-C Cable", category, (500, None, 0), 100, false);
    cable.free_delivery = true;
    let cable = app.add_product(cable).await;
    app.set_delivery_charge(200).await;
    let today = pakistan_date(chrono::Utc::now());
    app.add_coupon(
        Coupon::create("SAVE10", Some(10), None, today - Days::new(1), today + Days::new(1), None)
            .unwrap()
            .with_limits(UsageLimits::NONE),
    )
    .await;
    let admin = app.admin_cookie().await;
    Shop { app, admin, case, cable }
}

/// Contact details; `phone1`, `email`, `city` and `address` vary per test.
fn details(phone1: &str, email: &str, city: &str, address: &str) -> Value {
    json!({
        "country": "Pakistan", "province": "Punjab", "city": city, "name": "Ayesha Khan",
        "phone1": phone1, "phone2": "", "email": email, "address": address, "paymentMethod": "COD"
    })
}

fn calm_details() -> Value {
    details("0300 1234567", "ayesha@example.pk", "Lahore", "House 12, Street 4\nGulberg III")
}

/// Two Phone Cases with SAVE10: 1700 + 200 − 190 = 1710.
fn two_cases(shop: &Shop, details: Value) -> Value {
    json!({
        "userDetails": details,
        "cart": [{ "productId": shop.case.to_string(), "quantity": 2, "price": 850 }],
        "subtotal": 1700, "deliveryCharge": 200, "coupon": "SAVE10", "couponDiscount": 190, "total": 1710
    })
}

/// `n` cables, delivered free, no coupon.
fn cables(shop: &Shop, n: i64, details: Value) -> Value {
    json!({
        "userDetails": details,
        "cart": [{ "productId": shop.cable.to_string(), "quantity": n, "price": 500 }],
        "subtotal": 500 * n, "deliveryCharge": 0, "couponDiscount": 0, "total": 500 * n
    })
}

/// The text of a received message with quoted-printable soft breaks and `=3D` undone.
fn plain(data: &str) -> String {
    data.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

impl Shop {
    async fn place(&self, cookie: &str, body: &Value) -> String {
        let (status, placed) = self.app.place_order(cookie, body, None).await;
        assert_eq!(status, 201, "{placed}");
        placed["order"]["_id"].as_str().unwrap().to_owned()
    }

    async fn admin(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        self.app.send(&self.admin, method, path, body).await
    }

    /// The order as the admin list shows it.
    async fn admin_order(&self, id: &str) -> Value {
        let (status, body) = self.admin("GET", &format!("/api/orders?q={id}&limit=100"), None).await;
        assert_eq!(status, 200, "{body}");
        body["orders"].as_array().unwrap().iter().find(|o| o["_id"] == id).unwrap().clone()
    }

    async fn set_status(&self, id: &str, status: &str, comment: Option<&str>) {
        let (code, body) = self
            .admin("PUT", &format!("/api/orders/{id}/status"), Some(json!({"status": status, "comment": comment})))
            .await;
        assert_eq!(code, 200, "{body}");
    }

    async fn blocklist(&self) -> Value {
        let (status, body) = self.admin("GET", "/api/blocklist", None).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    async fn block(&self, value: &str, reason: &str) -> (u16, Value) {
        self.admin("POST", "/api/blocklist", Some(json!({"value": value, "reason": reason}))).await
    }

    /// The risk of order `id`: (score, level, [(rule, points, text)]).
    async fn risk(&self, id: &str) -> (i64, String, Vec<(String, i64, String)>) {
        let order = self.admin_order(id).await;
        let risk = &order["risk"];
        let reasons = risk["reasons"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["rule"].as_str().unwrap().to_owned(),
                    r["points"].as_i64().unwrap(),
                    r["text"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        (risk["score"].as_i64().unwrap(), risk["level"].as_str().unwrap().to_owned(), reasons)
    }

    /// Makes every customer's account a month old, so the new-account rule stays quiet.
    async fn age_accounts(&self) {
        self.app.sql("UPDATE customers SET created_at = now() - interval '30 days'").await;
    }

    /// Moves an order's placing `hours` into the past.
    async fn age_order(&self, id: &str, hours: i64) {
        let touched = self
            .app
            .sql(&format!(
                "UPDATE orders SET created_at = now() - interval '{hours} hours' WHERE id = {}",
                id.parse::<i64>().unwrap()
            ))
            .await;
        assert_eq!(touched, 1);
    }

    /// The settings as GET answers them, with `change` applied, saved; answers the PUT's status and body.
    async fn change_settings(&self, change: impl FnOnce(&mut Value)) -> (u16, Value) {
        let (status, mut settings) = self.admin("GET", "/api/cod/settings", None).await;
        assert_eq!(status, 200);
        change(&mut settings);
        self.admin("PUT", "/api/cod/settings", Some(settings)).await
    }

    /// Switches the late-night rule off, so scores do not depend on the hour the tests run at.
    async fn daytime_only(&self) {
        let (status, body) = self.change_settings(|s| s["rules"][8]["enabled"] = json!(false)).await;
        assert_eq!(status, 200, "{body}");
    }

    /// The shopper's confirmation link of order `id`, read from the e-mail it was sent in.
    async fn confirmation_token(&self, id: &str) -> String {
        let prefix = format!("Confirm my order: {}/confirm-order?order={id}&token=", self.app.config.public_url);
        for _ in 0..150 {
            let found = self.app.smtp.messages().into_iter().map(|m| plain(&m.data)).find(|m| m.contains(&prefix));
            if let Some(text) = found {
                assert!(text.contains(&format!("Subject: Please confirm your order #{id}")), "{text}");
                let at = text.find(&prefix).unwrap() + prefix.len();
                return text[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no confirmation mail for order #{id}");
    }

    async fn confirm(&self, id: &str, body: Value) -> (u16, Value) {
        self.app.post_json(&format!("/api/orders/{id}/confirm"), &body).await
    }
}

#[tokio::test]
async fn blocklist_entries_are_added_in_normal_form_refused_in_words_when_bad_and_deleted() {
    let shop = shop().await;

    let (phone_status, phone) = shop.block("0300-1234567", " Refused three parcels ").await;
    let (email_status, email) = shop.block("Ayesha@Example.PK", "Fake orders").await;
    let (landline_status, landline) = shop.block("042 35761234", "Wrong number").await;
    let (neither, neither_body) = shop.block("call me maybe", "Fake orders").await;
    let (no_reason, no_reason_body) = shop.block("0333 7654321", "  ").await;
    let (both_bad, both_body) = shop.block("12345", "").await;
    let (long_reason, long_body) = shop.block("0333 7654321", &"r".repeat(501)).await;
    let (again_phone, again_phone_body) = shop.block("+92 300 1234567", "Again").await;
    let (again_email, again_email_body) = shop.block("AYESHA@example.pk", "Again").await;
    let (anonymous, _) = shop.app.send("", "GET", "/api/blocklist", None).await;

    assert_eq!(phone_status, 201, "{phone}");
    assert_eq!((&phone["success"], &phone["message"]), (&json!(true), &json!("Blocked.")));
    let entry = &phone["entry"];
    assert_eq!(
        (&entry["kind"], &entry["value"], &entry["reason"], &entry["attempts"]),
        (&json!("phone"), &json!("+923001234567"), &json!("Refused three parcels"), &json!(0))
    );
    assert_eq!(
        (email_status, &email["entry"]["kind"], &email["entry"]["value"]),
        (201, &json!("email"), &json!("ayesha@example.pk"))
    );
    assert_eq!((landline_status, &landline["entry"]["value"]), (201, &json!("+924235761234")));
    assert_eq!(neither, 400);
    assert_eq!(
        neither_body,
        json!({"message": "Enter a Pakistani phone number or an e-mail address.",
               "errors": {"value": ["Enter a Pakistani phone number or an e-mail address."]}})
    );
    assert_eq!(no_reason, 400);
    assert_eq!(
        no_reason_body,
        json!({"message": "Give a reason for blocking.", "errors": {"reason": ["Give a reason for blocking."]}})
    );
    assert_eq!(both_bad, 400);
    assert_eq!(
        both_body["errors"],
        json!({"value": ["Enter a Pakistani phone number or an e-mail address."], "reason": ["Give a reason for blocking."]})
    );
    assert_eq!(
        (long_reason, &long_body["errors"]["reason"]),
        (400, &json!(["The reason must be at most 500 characters."]))
    );
    assert_eq!((again_phone, &again_phone_body["message"]), (409, &json!("This phone number is already blocked.")));
    assert_eq!((again_email, &again_email_body["message"]), (409, &json!("This e-mail address is already blocked.")));
    assert_eq!(anonymous, 401);
    let list = shop.blocklist().await;
    let values: Vec<&str> = list["entries"].as_array().unwrap().iter().map(|e| e["value"].as_str().unwrap()).collect();
    assert_eq!(values, ["+924235761234", "ayesha@example.pk", "+923001234567"], "newest first, nothing else stored");
    assert_eq!(list["attempts"], json!([]));

    let id = phone["entry"]["_id"].as_str().unwrap();
    let (unknown, unknown_body) = shop.admin("DELETE", "/api/blocklist/999999", None).await;
    let (malformed, _) = shop.admin("DELETE", "/api/blocklist/abc", None).await;
    let (deleted, deleted_body) = shop.admin("DELETE", &format!("/api/blocklist/{id}"), None).await;
    let (twice, _) = shop.admin("DELETE", &format!("/api/blocklist/{id}"), None).await;

    assert_eq!((unknown, &unknown_body["message"]), (404, &json!("Blocklist entry not found.")));
    assert_eq!(malformed, 400);
    assert_eq!((deleted, deleted_body), (200, json!({"success": true, "message": "Unblocked."})));
    assert_eq!(twice, 404);
    assert_eq!(shop.blocklist().await["entries"].as_array().unwrap().len(), 2);
}

/// Nothing of a refused checkout was stored: no order, the stock and the coupon as they were, no e-mail.
async fn assert_nothing_stored(shop: &Shop) {
    assert_eq!(shop.app.orders_count().await, 0, "no order is stored");
    assert_eq!(shop.app.stock_of(shop.case).await, Some(10), "the stock is untouched");
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 0, "no coupon use is counted");
    let mail = shop.app.outbox_counts().await;
    assert_eq!(mail.queued + mail.sent + mail.failed, 0, "no e-mail is queued");
    assert!(shop.app.smtp.messages().is_empty(), "no e-mail reached the mail server");
}

#[tokio::test]
async fn a_blocked_phone_refuses_the_checkout_politely_records_the_attempt_and_stores_nothing() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (_, blocked) = shop.block("+92 300-1234567", "Refused three parcels").await;

    let (status, body) = shop.app.place_order(&cookie, &two_cases(&shop, calm_details()), None).await;
    let mut no_name = two_cases(&shop, calm_details());
    no_name["userDetails"]["name"] = json!("");
    let (bad, bad_body) = shop.app.place_order(&cookie, &no_name, None).await;

    assert_eq!((status, body), (403, json!({"message": REFUSAL})), "names no rule and no field");
    assert_eq!(
        (bad, &bad_body["errors"]["userDetails.name"][0]),
        (400, &json!("Please enter your name.")),
        "bad input is still 400"
    );
    assert_nothing_stored(&shop).await;
    let list = shop.blocklist().await;
    assert_eq!(list["entries"][0]["attempts"], json!(1), "the bad input was no attempt");
    let attempt = &list["attempts"][0];
    assert_eq!(attempt["entryId"], blocked["entry"]["_id"]);
    assert_eq!(
        (
            &attempt["kind"],
            &attempt["value"],
            &attempt["name"],
            &attempt["phone"],
            &attempt["email"],
            &attempt["city"],
            &attempt["total"]
        ),
        (
            &json!("phone"),
            &json!("+923001234567"),
            &json!("Ayesha Khan"),
            &json!("+923001234567"),
            &json!("ayesha@example.pk"),
            &json!("Lahore"),
            &json!(1710)
        )
    );
    assert!(attempt["at"].as_str().unwrap().ends_with('Z'));

    let id = blocked["entry"]["_id"].as_str().unwrap();
    shop.admin("DELETE", &format!("/api/blocklist/{id}"), None).await;
    let (after, _) = shop.app.place_order(&cookie, &two_cases(&shop, calm_details()), None).await;

    let list = shop.blocklist().await;
    assert_eq!(
        (&list["attempts"][0]["entryId"], &list["attempts"][0]["value"]),
        (&Value::Null, &json!("+923001234567"))
    );
    assert_eq!(after, 201, "unblocked, the same checkout goes through");
}

#[tokio::test]
async fn a_blocked_email_in_another_case_or_the_accounts_email_refuses_the_checkout() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("buyer@example.pk").await;
    shop.block("AYESHA@example.PK", "Fake orders").await;

    let (by_order_email, body) = shop.app.place_order(&cookie, &two_cases(&shop, calm_details()), None).await;
    assert_eq!((by_order_email, &body["message"]), (403, &json!(REFUSAL)));
    assert_nothing_stored(&shop).await;

    shop.block("Buyer@Example.pk", "Chargebacks").await;
    let other = details("0333 7654321", "someone.else@example.pk", "Lahore", "House 12, Street 4\nGulberg III");
    let (by_account, body) = shop.app.place_order(&cookie, &two_cases(&shop, other), None).await;

    assert_eq!((by_account, &body["message"]), (403, &json!(REFUSAL)));
    assert_nothing_stored(&shop).await;
    let attempts = shop.blocklist().await["attempts"].clone();
    let matched: Vec<(&str, &str)> = attempts
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["value"].as_str().unwrap(), a["email"].as_str().unwrap()))
        .collect();
    assert_eq!(matched, [("buyer@example.pk", "someone.else@example.pk"), ("ayesha@example.pk", "ayesha@example.pk")]);
}

#[tokio::test]
async fn the_link_in_the_shoppers_email_confirms_the_order_once_even_clicked_twice_at_once() {
    let shop = shop().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (_, placed) = shop.app.place_order(&cookie, &two_cases(&shop, calm_details()), None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    let token = shop.confirmation_token(&id).await;

    let body = json!({ "token": token });
    let (first, second) = tokio::join!(shop.confirm(&id, body.clone()), shop.confirm(&id, body.clone()));
    let (again, again_body) = shop.confirm(&id, body).await;

    assert_eq!(placed["order"]["confirmedAt"], Value::Null);
    assert_eq!(placed["confirmWithinHours"], 24, "the hours the e-mail promises, for the confirmation page");
    assert_eq!(token.len(), 43);
    let mut answers = [first, second];
    answers.sort_by_key(|(status, _)| *status);
    assert_eq!(
        answers[0],
        (200, json!({"success": true, "message": format!("Thank you! Your order #{id} is confirmed."), "orderId": id}))
    );
    assert_eq!(answers[1], (410, json!({"message": "This order is already confirmed."})));
    assert_eq!((again, again_body), (410, json!({"message": "This order is already confirmed."})));
    let (_, mine) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}"), None).await;
    let order = &mine["orders"][0];
    assert!(order["confirmedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(order["history"].as_array().unwrap().len(), 1, "confirming adds nothing to the history");
    assert_eq!(order["status"], "pending");
    let mail =
        shop.app.smtp.messages().into_iter().map(|m| plain(&m.data)).find(|m| m.contains("Please confirm")).unwrap();
    assert!(mail.contains("Phone Case x 2 at Rs 850 = Rs 1,700"), "{mail}");
    assert!(mail.contains("Total (cash on delivery): Rs 1,710"), "{mail}");
    assert!(mail.contains("The link works for 24 hours; an order not confirmed by then may be cancelled."), "{mail}");
    assert!(mail.contains("Delivery to (please check, and reply to this e-mail if anything is wrong):"), "{mail}");
    assert!(mail.contains("Phone: 0300 1234567"), "{mail}");
}

#[tokio::test]
async fn the_signed_in_shopper_confirms_their_own_order_from_my_orders_and_nobody_elses() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (_, stranger) = shop.app.customer("bilal@example.pk").await;
    let (_, placed) = shop.app.place_order(&cookie, &two_cases(&shop, calm_details()), None).await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    let path = format!("/api/orders/{id}/confirm-mine");

    let anonymous = shop.app.send("", "POST", &path, None).await.0;
    let foreign = shop.app.send(&stranger, "POST", &path, None).await;
    let unknown = shop.app.send(&cookie, "POST", "/api/orders/999999/confirm-mine", None).await;
    let own = shop.app.send(&cookie, "POST", &path, None).await;
    let again = shop.app.send(&cookie, "POST", &path, None).await;

    assert_eq!(anonymous, 401);
    assert_eq!(foreign, (404, json!({"message": "This confirmation link is not valid."})));
    assert_eq!(unknown, (404, json!({"message": "This confirmation link is not valid."})));
    assert_eq!(
        own,
        (200, json!({"success": true, "message": format!("Thank you! Your order #{id} is confirmed."), "orderId": id}))
    );
    assert_eq!(again, (410, json!({"message": "This order is already confirmed."})));
    assert!(shop.admin_order(&id).await["confirmedAt"].as_str().is_some_and(|at| at.ends_with('Z')));
}

#[tokio::test]
async fn foreign_malformed_unknown_expired_and_moved_links_are_refused_and_confirm_nothing() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let first = shop.place(&cookie, &two_cases(&shop, calm_details())).await;
    let second = shop.place(&cookie, &cables(&shop, 1, calm_details())).await;
    let (first_token, second_token) = (shop.confirmation_token(&first).await, shop.confirmation_token(&second).await);
    let invalid = json!({"message": "This confirmation link is not valid."});

    let foreign = shop.confirm(&first, json!({"token": second_token})).await;
    let malformed = shop.confirm(&first, json!({"token": "not a token!"})).await;
    let missing = shop.confirm(&first, json!({})).await;
    let unknown = shop.confirm("999999", json!({"token": first_token})).await;
    let bad_id = shop.confirm("abc", json!({"token": first_token})).await;
    // Past 'Reject unconfirmed orders' (24 hours), the figure the e-mail promises, though inside the old 48.
    shop.age_order(&first, 25).await;
    let expired = shop.confirm(&first, json!({"token": first_token})).await;
    shop.set_status(&second, "approved", None).await;
    let moved = shop.confirm(&second, json!({"token": second_token})).await;

    for (answer, what) in
        [(foreign, "foreign"), (malformed, "malformed"), (missing, "missing"), (unknown, "unknown"), (bad_id, "bad id")]
    {
        assert_eq!(answer, (404, invalid.clone()), "{what}");
    }
    assert_eq!(expired, (410, json!({"message": "This confirmation link has expired."})));
    assert_eq!(moved, (410, json!({"message": "This confirmation link has expired."})));
    for id in [&first, &second] {
        assert_eq!(shop.admin_order(id).await["confirmedAt"], Value::Null, "order {id} is not confirmed");
    }
}

#[tokio::test]
async fn rejecting_unconfirmed_orders_restocks_and_mails_the_old_ones_and_leaves_confirmed_and_young_ones_alone() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let old = shop.place(&cookie, &two_cases(&shop, calm_details())).await;
    let older = shop.place(&cookie, &cables(&shop, 3, calm_details())).await;
    let confirmed = shop.place(&cookie, &cables(&shop, 1, calm_details())).await;
    let young = shop.place(&cookie, &cables(&shop, 1, calm_details())).await;
    let approved = shop.place(&cookie, &cables(&shop, 1, calm_details())).await;
    let token = shop.confirmation_token(&confirmed).await;
    assert_eq!(shop.confirm(&confirmed, json!({"token": token})).await.0, 200);
    shop.set_status(&approved, "approved", None).await;
    for (id, hours) in [(&old, 25), (&older, 30), (&confirmed, 25), (&approved, 25), (&young, 23)] {
        shop.age_order(id, hours).await;
    }
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 1);
    assert!(shop.app.delivered(11).await, "the ten placing mails and the approval are out");

    let (status, body) = shop.admin("POST", "/api/orders/reject-unconfirmed", Some(json!({}))).await;
    let (again, again_body) = shop.admin("POST", "/api/orders/reject-unconfirmed", Some(json!({}))).await;
    let (anonymous, _) = shop.app.send("", "POST", "/api/orders/reject-unconfirmed", Some(json!({}))).await;

    assert_eq!(
        (status, body),
        (200, json!({"success": true, "message": "Rejected 2 unconfirmed orders.", "rejected": [older, old]}))
    );
    assert_eq!(
        (again, again_body),
        (200, json!({"success": true, "message": "No unconfirmed orders are older than 24 hours.", "rejected": []}))
    );
    assert_eq!(anonymous, 401);
    let rejected = shop.admin_order(&old).await;
    assert_eq!(
        (&rejected["status"], &rejected["adminComment"]),
        (&json!("rejected"), &json!("Not confirmed within 24 hours."))
    );
    let last = rejected["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((&last["status"], &last["comment"]), (&json!("rejected"), &json!("Not confirmed within 24 hours.")));
    assert_eq!(shop.app.stock_of(shop.case).await, Some(10), "the cases are back in stock");
    assert_eq!(shop.app.stock_of(shop.cable).await, Some(97), "the three cables are back; the others stay sold");
    assert_eq!(shop.app.coupon_uses("SAVE10").await, 0, "the coupon use is released");
    for id in [&confirmed, &young] {
        assert_eq!(shop.admin_order(id).await["status"], "pending", "order {id} is left alone");
    }
    assert_eq!(shop.admin_order(&approved).await["status"], "approved");
    assert!(shop.app.delivered(13).await, "both rejection mails go out");
    let mails: Vec<String> = shop.app.smtp.messages().into_iter().map(|m| plain(&m.data)).collect();
    for id in [&old, &older] {
        let mail = mails.iter().find(|m| m.contains(&format!("Your order #{id} is rejected"))).unwrap();
        assert!(mail.contains("Reason: Not confirmed within 24 hours."), "{mail}");
    }
}

#[tokio::test]
async fn cod_settings_are_read_refused_in_words_when_out_of_bounds_and_saved() {
    let shop = shop().await;

    let (status, settings) = shop.admin("GET", "/api/cod/settings", None).await;

    assert_eq!(status, 200);
    assert_eq!((&settings["confirmWindowHours"], &settings["rejectUnconfirmedAfterHours"]), (&json!(48), &json!(24)));
    assert_eq!(
        settings["rules"][0],
        json!({ "id": "earlier_returns", "label": "Earlier returns",
                "description": "Earlier orders from the same phone or e-mail were returned.",
                "enabled": true, "points": 40,
                "params": [{ "key": "atLeast", "label": "Returned orders", "value": 1, "min": 1, "max": 100 }] })
    );
    let ids: Vec<&str> = settings["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "earlier_returns",
            "earlier_rejections",
            "new_account",
            "vague_address",
            "city_mismatch",
            "large_quantity",
            "large_total",
            "several_pending",
            "late_night"
        ]
    );
    assert_eq!(
        settings["rules"][8]["params"][1],
        json!({"key": "to", "label": "Until hour (Pakistan time)", "value": 6, "min": 0, "max": 23})
    );

    let (bad, bad_body) = shop
        .change_settings(|s| {
            s["rules"][0]["points"] = json!(101);
            s["rules"][0]["params"][0]["value"] = json!(0);
            s["rules"][8]["params"][1]["value"] = json!(24);
            s["rules"][1]["enabled"] = json!(false);
            s["confirmWindowHours"] = json!(0);
            s["rejectUnconfirmedAfterHours"] = json!("721");
        })
        .await;
    let (missing, missing_body) = shop.change_settings(|s| drop(s["rules"].as_array_mut().unwrap().remove(4))).await;
    let (twice, twice_body) = shop.change_settings(|s| s["rules"][4] = s["rules"][0].clone()).await;
    let (anonymous, _) = shop.app.send("", "PUT", "/api/cod/settings", Some(settings.clone())).await;

    assert_eq!(bad, 400);
    assert_eq!(
        bad_body,
        json!({ "message": "Points must be a whole number from 0 to 100.",
                "errors": {
                    "rules[0].points": ["Points must be a whole number from 0 to 100."],
                    "rules[0].params.atLeast": ["Returned orders must be a whole number from 1 to 100."],
                    "rules[8].params.to": ["Until hour (Pakistan time) must be a whole number from 0 to 23."],
                    "confirmWindowHours": ["The confirmation window must be a whole number of hours from 1 to 720."],
                    "rejectUnconfirmedAfterHours": ["The wait before rejecting unconfirmed orders must be a whole number of hours from 1 to 720."]
                } })
    );
    assert_eq!(
        (missing, &missing_body["errors"]),
        (400, &json!({"rules": ["Every rule must be listed once; missing: city_mismatch."]}))
    );
    assert_eq!(
        (twice, &twice_body["errors"]),
        (400, &json!({"rules[4].id": ["The rule 'earlier_returns' is listed more than once."]}))
    );
    assert_eq!(anonymous, 401);
    let (_, unchanged) = shop.admin("GET", "/api/cod/settings", None).await;
    assert_eq!(unchanged, settings, "nothing was saved");

    let (saved, saved_body) = shop
        .change_settings(|s| {
            s["rules"][1]["enabled"] = json!(false);
            s["rules"][8]["params"][0]["value"] = json!(23);
            s["rules"][0]["points"] = json!("55");
            s["confirmWindowHours"] = json!(72);
        })
        .await;
    let (_, read_back) = shop.admin("GET", "/api/cod/settings", None).await;

    assert_eq!(saved, 200, "{saved_body}");
    assert_eq!(saved_body, read_back);
    assert_eq!(
        (
            &read_back["rules"][0]["points"],
            &read_back["rules"][1]["enabled"],
            &read_back["rules"][8]["params"][0]["value"]
        ),
        (&json!(55), &json!(false), &json!(23))
    );
    assert_eq!((&read_back["confirmWindowHours"], &read_back["rejectUnconfirmedAfterHours"]), (&json!(72), &json!(24)));
}

fn reasons(list: &[(&str, i64, &str)]) -> Vec<(String, i64, String)> {
    list.iter().map(|(rule, points, text)| ((*rule).to_owned(), *points, (*text).to_owned())).collect()
}

#[tokio::test]
async fn risk_scores_on_real_orders_follow_the_rules_and_are_scored_again_when_history_or_settings_change() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    shop.daytime_only().await;
    let (uid, cookie) = shop.app.customer("ayesha@example.pk").await;

    let first = shop.place(&cookie, &two_cases(&shop, calm_details())).await;
    let first_risk = shop.risk(&first).await;
    shop.age_accounts().await;
    let second = shop.place(&cookie, &cables(&shop, 1, calm_details())).await;
    let vague = details("0333 7654321", "bilal@example.pk", "Lahore", "Near Clifton, Karachi");
    let large = shop.place(&cookie, &cables(&shop, 41, vague)).await;
    let no_city = details("0345 1112223", "sana@example.pk", "", "House 7, Street 2, Model Town");
    let no_city = shop.place(&cookie, &cables(&shop, 1, no_city)).await;

    assert_eq!(first_risk, (0, "low".to_owned(), reasons(&[])), "a genuine first order from a new account is calm");
    // Its account was young when it was placed (the test ages the accounts only afterwards): a fact fixed at
    // placement, which now counts beside the other pending order of its phone.
    assert_eq!(
        shop.risk(&first).await,
        (
            30,
            "medium".to_owned(),
            reasons(&[
                (
                    "new_account",
                    10,
                    "The account was opened less than 24 hours before the order, with another warning sign."
                ),
                ("several_pending", 20, "This phone has 1 other pending order.")
            ])
        ),
        "read with the second order of its phone"
    );
    assert_eq!(
        shop.risk(&second).await,
        (20, "low".to_owned(), reasons(&[("several_pending", 20, "This phone has 1 other pending order.")]))
    );
    assert_eq!(
        shop.risk(&large).await,
        (
            65,
            "high".to_owned(),
            reasons(&[
                ("vague_address", 15, "The address has no house, street or plot number."),
                ("city_mismatch", 20, "The address names Karachi, but the city chosen is Lahore."),
                ("large_quantity", 15, "The order holds 41 pieces (more than 5)."),
                ("large_total", 15, "The total of Rs 20,500 is above Rs 20,000."),
            ])
        )
    );
    assert_eq!(
        shop.risk(&no_city).await,
        (20, "low".to_owned(), reasons(&[("city_mismatch", 20, "No city was chosen.")]))
    );

    for step in ["approved", "dispatched", "returned"] {
        shop.set_status(&first, step, None).await;
    }

    assert_eq!(
        shop.risk(&second).await,
        (
            40,
            "medium".to_owned(),
            reasons(&[("earlier_returns", 40, "1 earlier order from this phone or e-mail was returned.")])
        ),
        "scored again when the other order of its phone was returned"
    );
    assert_eq!(shop.risk(&first).await.0, 20, "an order that left pending keeps its last score");

    let (status, _) = shop.change_settings(|s| s["rules"][0]["points"] = json!(70)).await;

    assert_eq!(status, 200);
    assert_eq!(shop.risk(&second).await.0, 70, "every pending order is scored again with the new settings");
    assert_eq!(shop.risk(&second).await.1, "high");
    assert_eq!(shop.risk(&first).await.0, 20, "the returned order keeps its score");

    let (_, mine) = shop.app.send(&cookie, "GET", &format!("/api/orders/user/{uid}"), None).await;
    for order in mine["orders"].as_array().unwrap() {
        assert!(order.get("risk").is_none(), "the customer never sees a risk score: {order}");
        assert!(order.get("confirmedAt").is_some());
    }
    let (_, placed) = shop.app.place_order(&cookie, &cables(&shop, 1, calm_details()), None).await;
    assert!(placed["order"].get("risk").is_none(), "{placed}");
}

#[tokio::test]
async fn a_placed_orders_score_reads_in_full_from_its_commit_on_and_equals_a_full_recompute() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    shop.daytime_only().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    shop.age_accounts().await;
    let short = details("0300 1234567", "ayesha@example.pk", "Lahore", "House 7, Lahore");
    let placing = async {
        let mut ids = Vec::new();
        for _ in 0..6 {
            ids.push(shop.place(&cookie, &cables(&shop, 1, short.clone())).await);
        }
        ids
    };
    // The owner's list, read over and over while the orders come in: an order is listed from its commit on,
    // and from then on with its whole score (its short address, and the other pending orders of its phone).
    let reading = async {
        let mut seen = 0;
        while seen < 6 {
            let (status, list) = shop.admin("GET", "/api/orders?limit=100", None).await;
            assert_eq!(status, 200, "{list}");
            let orders = list["orders"].as_array().unwrap();
            for order in orders {
                let rules: Vec<&str> =
                    order["risk"]["reasons"].as_array().unwrap().iter().map(|r| r["rule"].as_str().unwrap()).collect();
                let expected = if orders.len() > 1 {
                    (35, vec!["vague_address", "several_pending"])
                } else {
                    (15, vec!["vague_address"])
                };
                assert_eq!((order["risk"]["score"].as_i64().unwrap(), rules), expected, "{order}");
            }
            seen = orders.len();
        }
    };
    let (ids, ()) = tokio::join!(placing, reading);
    let mut read_at_once = Vec::new();
    for id in &ids {
        read_at_once.push(shop.risk(id).await);
    }

    // Saving the settings unchanged scores every pending order again from its facts: a full recompute.
    let (status, _) = shop.change_settings(|_| {}).await;
    assert_eq!(status, 200);

    for (id, before) in ids.iter().zip(&read_at_once) {
        assert_eq!(&shop.risk(id).await, before, "order #{id}");
    }
    assert_eq!(
        read_at_once[0],
        (
            35,
            "medium".to_owned(),
            reasons(&[
                ("vague_address", 15, "The address is shorter than 20 characters."),
                ("several_pending", 20, "This phone has 5 other pending orders."),
            ])
        )
    );
}

#[tokio::test]
async fn a_late_night_order_is_scored_by_pakistan_time() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    shop.age_accounts().await;
    // A window around the hour it is now in Pakistan, so the order falls inside it whenever the test runs.
    let hour = (chrono::Utc::now() + chrono::Duration::hours(5)).format("%H").to_string().parse::<i64>().unwrap();
    let (status, body) = shop
        .change_settings(|s| {
            s["rules"][8]["params"][0]["value"] = json!(hour);
            s["rules"][8]["params"][1]["value"] = json!((hour + 1) % 24);
        })
        .await;
    assert_eq!(status, 200, "{body}");

    let id = shop.place(&cookie, &two_cases(&shop, calm_details())).await;

    let order = shop.admin_order(&id).await;
    let placed = chrono::DateTime::parse_from_rfc3339(order["createdAt"].as_str().unwrap()).unwrap()
        + chrono::Duration::hours(5);
    let text = format!("Placed at {} at night (Pakistan time).", placed.format("%H:%M"));
    assert_eq!(shop.risk(&id).await, (10, "low".to_owned(), reasons(&[("late_night", 10, &text)])));
}

#[tokio::test]
async fn the_admin_list_sorts_by_risk_and_filters_by_lowest_score_and_confirmation() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    shop.daytime_only().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    shop.age_accounts().await;
    let calm = shop.place(&cookie, &two_cases(&shop, calm_details())).await;
    let risky = shop
        .place(
            &cookie,
            &cables(&shop, 41, details("0333 7654321", "bilal@example.pk", "Lahore", "Near Clifton, Karachi")),
        )
        .await;
    let vague = shop
        .place(&cookie, &cables(&shop, 1, details("0345 1112223", "sana@example.pk", "Lahore", "Gulberg, Lahore")))
        .await;
    let token = shop.confirmation_token(&vague).await;
    shop.confirm(&vague, json!({"token": token})).await;
    let ids = |body: &Value| -> Vec<String> {
        body["orders"].as_array().unwrap().iter().map(|o| o["_id"].as_str().unwrap().to_owned()).collect()
    };

    let (_, newest) = shop.admin("GET", "/api/orders", None).await;
    let (_, by_risk) = shop.admin("GET", "/api/orders?sort=risk", None).await;
    let (_, at_least) = shop.admin("GET", "/api/orders?sort=risk&minRisk=15", None).await;
    let (_, confirmed) = shop.admin("GET", "/api/orders?confirmed=true", None).await;
    let (_, unconfirmed) = shop.admin("GET", "/api/orders?confirmed=false&minRisk=0", None).await;
    let bad: Vec<(u16, Value)> = get_each(
        &shop,
        &[
            "/api/orders?sort=oldest",
            "/api/orders?minRisk=101",
            "/api/orders?minRisk=abc",
            "/api/orders?minRisk=-1",
            "/api/orders?confirmed=yes",
        ],
    )
    .await;

    assert_eq!(ids(&newest), [vague.clone(), risky.clone(), calm.clone()]);
    assert_eq!(ids(&by_risk), [risky.clone(), vague.clone(), calm.clone()]);
    assert_eq!((ids(&at_least), &at_least["total"]), (vec![risky.clone(), vague.clone()], &json!(2)));
    assert_eq!(ids(&confirmed), std::slice::from_ref(&vague));
    assert_eq!(ids(&unconfirmed), [risky.clone(), calm.clone()]);
    assert_eq!(newest["orders"][2]["risk"], json!({"score": 0, "level": "low", "reasons": []}));
    assert_eq!(newest["orders"][0]["risk"]["score"], json!(15));
    assert!(newest["orders"][0]["confirmedAt"].as_str().unwrap().ends_with('Z'));
    let texts: Vec<(u16, &str)> = bad.iter().map(|(s, b)| (*s, b["message"].as_str().unwrap())).collect();
    assert_eq!(
        texts,
        [
            (400, "sort must be newest or risk."),
            (400, "minRisk must be a whole number from 0 to 100."),
            (400, "minRisk must be a whole number from 0 to 100."),
            (400, "minRisk must be a whole number from 0 to 100."),
            (400, "confirmed must be true or false."),
        ]
    );
}

async fn get_each(shop: &Shop, paths: &[&str]) -> Vec<(u16, Value)> {
    let mut answers = Vec::new();
    for path in paths {
        answers.push(shop.admin("GET", path, None).await);
    }
    answers
}

#[tokio::test]
async fn the_contact_history_counts_and_lists_the_other_orders_of_the_phone_and_the_email() {
    let shop = shop().await;
    shop.app.lift_order_limits().await;
    shop.daytime_only().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let address = "House 12, Street 4\nGulberg III";
    let delivered =
        shop.place(&cookie, &cables(&shop, 1, details("0300 1234567", "ayesha@example.pk", "Lahore", address))).await;
    let mut as_second = details("0333 7654321", "bilal@example.pk", "Lahore", address);
    as_second["phone2"] = json!("+92 300 1234567");
    let rejected = shop.place(&cookie, &cables(&shop, 2, as_second)).await;
    let returned =
        shop.place(&cookie, &cables(&shop, 3, details("0345 1112223", "AYESHA@example.pk", "Lahore", address))).await;
    let stranger =
        shop.place(&cookie, &cables(&shop, 1, details("0321 9998887", "zara@example.pk", "Lahore", address))).await;
    let this =
        shop.place(&cookie, &two_cases(&shop, details("0300-1234567", "Ayesha@example.pk", "Lahore", address))).await;
    for step in ["approved", "dispatched", "delivered"] {
        shop.set_status(&delivered, step, None).await;
    }
    shop.set_status(&rejected, "rejected", Some("No answer")).await;
    for step in ["approved", "dispatched", "returned"] {
        shop.set_status(&returned, step, None).await;
    }

    let (status, history) = shop.admin("GET", &format!("/api/orders/{this}/related"), None).await;
    let (unknown, unknown_body) = shop.admin("GET", "/api/orders/999999/related", None).await;
    let (malformed, _) = shop.admin("GET", "/api/orders/abc/related", None).await;
    let (anonymous, _) = shop.app.send("", "GET", &format!("/api/orders/{this}/related"), None).await;

    assert_eq!(status, 200, "{history}");
    assert_eq!(
        (&history["success"], &history["phone"], &history["email"]),
        (&json!(true), &json!("+923001234567"), &json!("Ayesha@example.pk"))
    );
    let counts =
        |h: &Value| (h["placed"].clone(), h["delivered"].clone(), h["returned"].clone(), h["rejected"].clone());
    assert_eq!(counts(&history["byPhone"]), (json!(2), json!(1), json!(0), json!(1)));
    assert_eq!(counts(&history["byEmail"]), (json!(2), json!(1), json!(1), json!(0)));
    let listed = |h: &Value| -> Vec<String> {
        h["orders"].as_array().unwrap().iter().map(|o| o["_id"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(listed(&history["byPhone"]), [rejected.clone(), delivered.clone()], "newest first, this order left out");
    assert_eq!(listed(&history["byEmail"]), [returned.clone(), delivered.clone()]);
    assert!(!listed(&history["byPhone"]).contains(&stranger));
    let first = &history["byPhone"]["orders"][0];
    assert_eq!(
        (&first["status"], &first["total"], &first["name"]),
        (&json!("rejected"), &json!(1000), &json!("Ayesha Khan"))
    );
    assert!(first["createdAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!((unknown, &unknown_body["message"]), (404, &json!("Order not found.")));
    assert_eq!(malformed, 400);
    assert_eq!(anonymous, 401);
    assert_eq!(
        shop.risk(&this).await,
        (
            75,
            "high".to_owned(),
            reasons(&[
                ("earlier_returns", 40, "1 earlier order from this phone or e-mail was returned."),
                ("earlier_rejections", 25, "1 earlier order from this phone or e-mail was rejected."),
                (
                    "new_account",
                    10,
                    "The account was opened less than 24 hours before the order, with another warning sign."
                ),
            ])
        ),
        "the return (by e-mail) and the rejection (by second phone) scored the pending order again"
    );
}

#[tokio::test]
async fn a_blocked_landline_given_as_the_second_phone_refuses_the_checkout() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (blocked, _) = shop.block("042-35761234", "Shop's own number used as a fake").await;
    assert_eq!(blocked, 201);
    let mut with_landline = calm_details();
    with_landline["phone2"] = json!("042 35761234");

    let (status, body) = shop.app.place_order(&cookie, &two_cases(&shop, with_landline), None).await;

    assert_eq!((status, body), (403, json!({"message": REFUSAL})));
    assert_nothing_stored(&shop).await;
    assert_eq!(shop.blocklist().await["attempts"][0]["value"], json!("+924235761234"));
}

#[tokio::test]
async fn a_strangers_rejections_on_my_phone_do_not_raise_my_score_but_confirmed_ones_and_my_own_do() {
    let shop = shop().await;
    shop.daytime_only().await;
    let (_, me) = shop.app.customer("ayesha@example.pk").await;
    let (_, stranger) = shop.app.customer("stranger@example.pk").await;
    shop.age_accounts().await;
    let on_my_phone = || details("0300 1234567", "stranger@example.pk", "Lahore", "House 12, Street 4\nGulberg III");
    let unconfirmed = shop.place(&stranger, &cables(&shop, 1, on_my_phone())).await;
    shop.set_status(&unconfirmed, "rejected", Some("Refused")).await;

    let mine = shop.place(&me, &cables(&shop, 1, calm_details())).await;
    let after_unconfirmed = shop.risk(&mine).await;
    let confirmed = shop.place(&stranger, &cables(&shop, 1, on_my_phone())).await;
    let token = shop.confirmation_token(&confirmed).await;
    assert_eq!(shop.confirm(&confirmed, json!({"token": token})).await.0, 200);
    shop.set_status(&confirmed, "rejected", Some("Refused")).await;
    let after_confirmed = shop.risk(&mine).await;
    let my_own = shop.place(&me, &cables(&shop, 1, calm_details())).await;
    shop.set_status(&my_own, "rejected", Some("Refused")).await;
    let after_my_own = shop.risk(&mine).await;

    assert_eq!(after_unconfirmed, (0, "low".to_owned(), vec![]), "a stranger's unconfirmed rejection on my phone");
    let rejected = |text: &str| (25, "low".to_owned(), reasons(&[("earlier_rejections", 25, text)]));
    assert_eq!(after_confirmed, rejected("1 earlier order from this phone or e-mail was rejected."));
    assert_eq!(after_my_own, rejected("2 earlier orders from this phone or e-mail were rejected."));
    let (status, history) = shop.admin("GET", &format!("/api/orders/{mine}/related"), None).await;
    assert_eq!(status, 200, "{history}");
    let labels: Vec<(String, bool, bool)> = history["byPhone"]["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["_id"].as_str().unwrap().to_owned(), o["sameAccount"] == true, o["confirmed"] == true))
        .collect();
    assert_eq!(
        labels,
        [(my_own.clone(), true, false), (confirmed.clone(), false, true), (unconfirmed.clone(), false, false)],
        "the history lists every order of the phone, labelled"
    );
    assert_eq!(history["byPhone"]["rejected"], json!(3));
}

#[tokio::test]
async fn fifty_refused_checkouts_in_a_row_leave_one_row_with_a_count_of_fifty() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (_, blocked) = shop.block("0300 1234567", "Refused three parcels").await;
    let hour = || chrono::Utc::now().format("%Y-%m-%dT%H").to_string();

    let started = hour();
    for _ in 0..50 {
        let (status, _) = shop.app.place_order(&cookie, &two_cases(&shop, calm_details()), None).await;
        assert_eq!(status, 403);
    }
    let ended = hour();

    let list = shop.blocklist().await;
    assert_eq!(list["entries"][0]["attempts"], json!(50), "the entry counts every refusal");
    let rows = list["attempts"].as_array().unwrap();
    let counts: Vec<i64> = rows.iter().map(|a| a["count"].as_i64().unwrap()).collect();
    if started == ended {
        assert_eq!(counts, [50], "one row for the account, the entry and the hour");
    } else {
        assert_eq!((counts.len(), counts.iter().sum::<i64>()), (2, 50), "the refusals crossed an hour: {counts:?}");
    }
    assert_eq!(rows[0]["entryId"], blocked["entry"]["_id"]);
    assert_eq!((&rows[0]["name"], &rows[0]["total"]), (&json!("Ayesha Khan"), &json!(1710)));
    assert_nothing_stored(&shop).await;
}

#[tokio::test]
async fn a_blocked_e_mail_is_caught_in_any_spelling_of_its_mailbox() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("x+promo@example.pk").await;
    let with_email =
        |email: &str| two_cases(&shop, details("0333 7654321", email, "Lahore", "House 12, Street 4\nGulberg III"));
    let (_, gmail) = shop.block("abc@gmail.com", "Fake orders").await;

    let (dotted, _) = shop.app.place_order(&cookie, &with_email("a.b.c+x@googlemail.com"), None).await;
    let (again, again_body) = shop.block("A.B.C+other@gmail.com", "Again").await;
    shop.admin("DELETE", &format!("/api/blocklist/{}", gmail["entry"]["_id"].as_str().unwrap()), None).await;
    let (reverse_status, reverse) = shop.block("p.q.r+y@googlemail.com", "Fake orders").await;
    let (plain, _) = shop.app.place_order(&cookie, &with_email("PQR@gmail.com"), None).await;
    let (passes, _) = shop.app.place_order(&cookie, &with_email("abc@gmail.com"), None).await;
    shop.block("x@example.pk", "Chargebacks").await;
    let (tagged_account, body) = shop.app.place_order(&cookie, &with_email("someone@example.pk"), None).await;

    assert_eq!(dotted, 403, "a.b.c+x@googlemail.com is abc@gmail.com");
    assert_eq!((again, &again_body["message"]), (409, &json!("This e-mail address is already blocked.")));
    assert_eq!((reverse_status, &reverse["entry"]["value"]), (201, &json!("p.q.r+y@googlemail.com")), "kept as typed");
    assert_eq!(plain, 403, "pqr@gmail.com is blocked by p.q.r+y@googlemail.com");
    assert_eq!(passes, 201, "unblocked, the mailbox goes through");
    assert_eq!((tagged_account, body), (403, json!({"message": REFUSAL})), "the account's x+promo@ is x@");
    let matched: Vec<String> = shop.blocklist().await["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| format!("{} {}", a["value"].as_str().unwrap(), a["email"].as_str().unwrap()))
        .collect();
    assert_eq!(
        matched,
        [
            "x@example.pk someone@example.pk",
            "p.q.r+y@googlemail.com PQR@gmail.com",
            "abc@gmail.com a.b.c+x@googlemail.com"
        ]
    );
}
