//! Where an order's e-mails go (docs/contract.md §4: the signed-in account's address, never one typed in the
//! form) and how its confirmation link's token is kept (its SHA-256 digest only).

use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app, TestApp, ADMIN_EMAIL};

/// The text of a received message with quoted-printable soft breaks and `=3D` undone.
fn plain(data: &str) -> String {
    data.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

/// A shop selling a Rs 100 cable with free delivery; an order of one, typed with `email`.
async fn shop_and_order(email: &str) -> (TestApp, Value) {
    let app = spawn_app().await;
    let category = app.add_category("Cables", None).await;
    let cable = app.add_product(new_product("USB-C Cable", category, (100, None, 0), 50, false)).await;
    let order = json!({
        "userDetails": {"name": "Ayesha Khan", "phone1": "0300 1234567", "email": email,
                        "address": "House 12, Street 4, Gulberg III", "province": "Punjab", "city": "Lahore"},
        "cart": [{"productId": cable.to_string(), "quantity": 1, "price": 100}],
        "subtotal": 100, "deliveryCharge": 0, "couponDiscount": 0, "total": 100
    });
    (app, order)
}

#[tokio::test]
async fn every_mail_about_an_order_goes_to_the_accounts_address_and_none_to_an_address_typed_in_the_form() {
    let (app, order) = shop_and_order("stranger@example.pk").await;
    let (uid, cookie) = app.customer("ayesha@example.pk").await;
    let (status, placed) = app.place_order(&cookie, &order, None).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    let admin = app.admin_cookie().await;
    for next in ["approved", "dispatched", "delivered"] {
        let (changed, body) =
            app.send(&admin, "PUT", &format!("/api/orders/{id}/status"), Some(json!({"status": next}))).await;
        assert_eq!(changed, 200, "{body}");
    }

    assert!(app.delivered(5).await, "the confirmation, the owner's mail and three status mails are sent");
    let mails: Vec<(Vec<String>, String)> = app.smtp.messages().into_iter().map(|m| (m.to, plain(&m.data))).collect();
    let (_, listed) = app.send(&admin, "GET", &format!("/api/orders?q={id}"), None).await;
    let (_, mine) = app.send(&cookie, "GET", &format!("/api/orders/user/{uid}"), None).await;

    let to_shopper: Vec<&String> =
        mails.iter().filter(|(to, _)| to == &["ayesha@example.pk"]).map(|(_, m)| m).collect();
    let to_owner: Vec<&String> = mails.iter().filter(|(to, _)| to == &[ADMIN_EMAIL]).map(|(_, m)| m).collect();
    assert_eq!((mails.len(), to_shopper.len(), to_owner.len()), (5, 4, 1), "{mails:#?}");
    assert!(mails.iter().all(|(to, _)| !to.contains(&"stranger@example.pk".to_owned())));
    for subject in ["Please confirm your order", "is approved", "is dispatched", "is delivered"] {
        let mail = to_shopper.iter().find(|m| m.contains(subject)).unwrap_or_else(|| panic!("{subject}"));
        assert!(mail.contains("Hello Ayesha Khan,"), "greeted by the name the form gave: {mail}");
        assert!(!mail.contains("stranger@example.pk"), "{mail}");
    }
    assert!(
        to_owner[0].contains("E-mail: ayesha@example.pk")
            && to_owner[0].contains("E-mail typed at checkout (not mailed): stranger@example.pk"),
        "{}",
        to_owner[0]
    );
    let shown = &listed["orders"][0];
    assert_eq!(
        (&shown["accountEmail"], &shown["userDetails"]["email"]),
        (&json!("ayesha@example.pk"), &json!("stranger@example.pk"))
    );
    assert_eq!(mine["orders"][0]["userDetails"]["email"], "stranger@example.pk");
    assert_eq!(mine["orders"][0].get("accountEmail"), None, "the customer's own answer has no account e-mail");
}

#[tokio::test]
async fn the_orders_table_keeps_only_the_digest_of_a_confirmation_token_and_the_mailed_link_still_confirms() {
    let (app, order) = shop_and_order("ayesha@example.pk").await;
    let (_, cookie) = app.customer("ayesha@example.pk").await;
    let (status, placed) = app.place_order(&cookie, &order, None).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    assert!(app.delivered(2).await, "the confirmation and the owner's mail are sent");
    let prefix = format!("Confirm my order: {}/confirm-order?order={id}&token=", app.config.public_url);
    let mail = app.smtp.messages().into_iter().map(|m| plain(&m.data)).find(|m| m.contains(&prefix)).unwrap();
    let at = mail.find(&prefix).unwrap() + prefix.len();
    let token: String =
        mail[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')).collect();

    let rows_holding_it =
        app.sql_texts(&format!("SELECT o.id::text AS t FROM orders o WHERE o::text LIKE '%{token}%'")).await;
    let stored = app
        .sql_texts(&format!(
            "SELECT (confirm_token_hash = encode(sha256(convert_to('{token}', 'UTF8')), 'hex'))::text AS t FROM orders WHERE id = {id}"
        ))
        .await;
    let confirmed = app.post_json(&format!("/api/orders/{id}/confirm"), &json!({"token": token})).await;
    let by_digest = app
        .post_json(&format!("/api/orders/{id}/confirm"), &json!({"token": app.sql_texts(&format!("SELECT confirm_token_hash AS t FROM orders WHERE id = {id}")).await[0]}))
        .await;

    assert_eq!(token.len(), 43);
    assert_eq!(rows_holding_it, Vec::<String>::new(), "no column of the order holds the token");
    assert_eq!(stored, ["true"], "the order holds the token's SHA-256 digest");
    assert_eq!(confirmed.0, 200, "{}", confirmed.1);
    assert_eq!(by_digest, (404, json!({"message": "This confirmation link is not valid."})), "the digest is no link");
}
