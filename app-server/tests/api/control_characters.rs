//! Control characters in stored texts: every entry point answers 400 naming the field, and stores nothing.

use reqwest::multipart::Form;
use serde_json::{json, Value};

use crate::helpers::{set_cookie, spawn_app, TestApp};

const IN_LINE: &str = "must not contain line breaks or control characters.";
const IN_TEXT: &str = "must not contain control characters other than line breaks and tabs.";

/// The contract's 400 body naming `field`, with the message `what` + `rule`.
fn refusal(field: &str, what: &str, rule: &str) -> Value {
    let message = format!("{what} {rule}");
    json!({"message": message, "errors": {field: [message]}})
}

async fn post(app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    app.client.post(format!("{}{path}", app.address)).json(&body).send().await.unwrap()
}

#[tokio::test]
async fn a_sign_up_name_with_a_control_character_is_refused_and_creates_no_account() {
    let app = spawn_app().await;

    for name in ["Ayesha\u{0}", "Ayesha\u{7}", "Ayesha\nKhan"] {
        let response = post(
            &app,
            "/api/auth/signup",
            json!({"email": "ayesha@example.pk", "password": "secret-123", "name": name}),
        )
        .await;

        assert_eq!(response.status(), 400, "{name:?}");
        assert_eq!(response.json::<Value>().await.unwrap(), refusal("name", "Name", IN_LINE), "{name:?}");
    }
    let login = post(&app, "/api/auth/login", json!({"email": "ayesha@example.pk", "password": "secret-123"})).await;
    assert_eq!(login.status(), 401);
}

#[tokio::test]
async fn a_saved_name_with_a_control_character_is_refused_and_the_old_one_kept() {
    let app = spawn_app().await;
    let signed_up =
        post(&app, "/api/auth/signup", json!({"email": "bilal@example.pk", "password": "secret-123", "name": "Bilal"}))
            .await;
    let cookie = set_cookie(&signed_up, "shop_session").unwrap().split(';').next().unwrap().to_owned();

    for name in ["Bilal\u{0}", "\u{7}Bilal"] {
        let answer = app.send(&cookie, "POST", "/api/users/auth/save-user", Some(json!({"name": name}))).await;

        assert_eq!(answer, (400, refusal("name", "Name", IN_LINE)), "{name:?}");
    }
    assert_eq!(app.me(&cookie).await.1["name"], "Bilal");
}

#[tokio::test]
async fn a_category_name_with_a_control_character_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await;

    let added = app.send(&cookie, "POST", "/api/categories", Some(json!({"name": "Covers\u{0}"}))).await;
    let renamed =
        app.send(&cookie, "PUT", &format!("/api/categories/{cases}"), Some(json!({"name": "Ca\u{7}ses"}))).await;

    let expected = refusal("name", "Category name", IN_LINE);
    assert_eq!(added, (400, expected.clone()));
    assert_eq!(renamed, (400, expected));
    let (_, categories) = app.get_json("/api/categories").await;
    let names: Vec<&Value> = categories.as_array().unwrap().iter().map(|c| &c["name"]).collect();
    assert_eq!(names, [&json!("Cases")]);
}

fn product_form(overrides: &[(&'static str, &str)], category: &str) -> Form {
    let mut fields = vec![
        ("name", "Clear case"),
        ("category", category),
        ("price", "1000"),
        ("description", "Slim."),
        ("quantity", "5"),
        ("color", "Black"),
    ];
    for (name, value) in overrides {
        fields.retain(|(n, _)| n != name);
        fields.push((name, value));
    }
    fields.into_iter().fold(Form::new(), |form, (name, value)| form.text(name, value.to_owned()))
}

async fn send_form(app: &TestApp, cookie: &str, method: &str, path: &str, form: Form) -> (u16, Value) {
    let response = app
        .client
        .request(method.parse().unwrap(), format!("{}{path}", app.address))
        .header("cookie", cookie)
        .multipart(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn product_texts_with_control_characters_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let category = app.add_category("Cases", None).await.to_string();
    let cases: [(&'static str, &str, Value); 5] = [
        ("name", "Clear\u{0}case", refusal("name", "Product name", IN_LINE)),
        ("name", "Clear\ncase", refusal("name", "Product name", IN_LINE)),
        ("description", "Slim\u{0}", refusal("description", "Description", IN_TEXT)),
        ("description", "Slim\u{7}", refusal("description", "Description", IN_TEXT)),
        ("color", "Bla\u{0}ck", refusal("color", "Colour", IN_LINE)),
    ];

    for (field, value, expected) in &cases {
        let answer =
            send_form(&app, &cookie, "POST", "/api/products/upload", product_form(&[(field, value)], &category)).await;

        assert_eq!(answer, (400, expected.clone()), "{field} {value:?}");
    }
    assert_eq!(app.get_json("/api/products").await.1, json!([]));
    let (status, added) = send_form(
        &app,
        &cookie,
        "POST",
        "/api/products/upload",
        product_form(&[("description", "Slim.\r\n\r\n\tGrips well.")], &category),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(added["product"]["description"], "Slim.\n\n\tGrips well.");
    let path = format!("/api/products/{}", added["product"]["_id"].as_str().unwrap());
    for (field, value, expected) in cases {
        let answer = send_form(&app, &cookie, "PUT", &path, product_form(&[(field, value)], &category)).await;

        assert_eq!(answer, (400, expected), "{field} {value:?}");
    }
    let (_, product) = app.get_json(&path).await;
    assert_eq!(
        (&product["name"], &product["description"], &product["color"]),
        (&json!("Clear case"), &json!("Slim.\n\n\tGrips well."), &json!("Black"))
    );
}

#[tokio::test]
async fn a_bulk_e_mail_with_a_control_character_is_refused_and_queues_nothing() {
    let app = spawn_app().await;
    post(&app, "/api/auth/signup", json!({"email": "ali@example.pk", "password": "secret-123"})).await;
    let cookie = app.admin_cookie().await;
    let cases = [
        (json!({"subject": "Eid\u{0}sale", "message": "20% off"}), refusal("subject", "Subject", IN_LINE)),
        (json!({"subject": "Eid\r\nBcc: all@x.pk", "message": "20% off"}), refusal("subject", "Subject", IN_LINE)),
        (json!({"subject": "Eid sale", "message": "20%\u{0} off"}), refusal("message", "Message", IN_TEXT)),
        (json!({"subject": "Eid sale", "message": "20%\u{7} off"}), refusal("message", "Message", IN_TEXT)),
    ];

    for (mut body, expected) in cases {
        body["sendToAll"] = json!(true);
        let answer = app.send(&cookie, "POST", "/api/users/admin/send-bulk-email", Some(body.clone())).await;

        assert_eq!(answer, (400, expected), "{body}");
    }
    let status = app.send(&cookie, "GET", "/api/users/admin/email-status", None).await;
    assert_eq!(status, (200, json!({"queued": 0, "sent": 0, "failed": 0})));
}

#[tokio::test]
async fn a_login_with_a_nul_in_the_e_mail_is_refused_as_any_unknown_address() {
    let app = spawn_app().await;

    let response = post(&app, "/api/auth/login", json!({"email": "a\u{0}@example.pk", "password": "secret-123"})).await;

    assert_eq!(response.status(), 401);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"message": "Invalid email or password."}));
}

/// A bidirectional override or isolate in the middle of `text`: unseen, it would show the rest reversed.
fn with_bidi(text: &str, control: char) -> String {
    let (head, tail) = text.split_at(text.len() / 2);
    format!("{head}{control}{tail}")
}

/// Two of the nine: the right-to-left override (U+202E) and the right-to-left isolate (U+2067); the domain's
/// tests walk all nine.
const BIDI: [char; 2] = ['\u{202E}', '\u{2067}'];

#[tokio::test]
async fn bidirectional_controls_in_names_and_texts_are_refused_like_control_characters_and_change_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let category = app.add_category("Cases", None).await.to_string();

    for control in BIDI {
        let signup = post(
            &app,
            "/api/auth/signup",
            json!({"email": "ayesha@example.pk", "password": "secret-123", "name": with_bidi("Ayesha Khan", control)}),
        )
        .await;
        let category_added =
            app.send(&cookie, "POST", "/api/categories", Some(json!({"name": with_bidi("Covers", control)}))).await;
        let named = send_form(
            &app,
            &cookie,
            "POST",
            "/api/products/upload",
            product_form(&[("name", &with_bidi("Clear case", control))], &category),
        )
        .await;
        let described = send_form(
            &app,
            &cookie,
            "POST",
            "/api/products/upload",
            product_form(&[("description", &with_bidi("Slim.\nGrips well.", control))], &category),
        )
        .await;
        let reason = app
            .send(
                &cookie,
                "POST",
                "/api/blocklist",
                Some(json!({"value": "0300 1234567", "reason": with_bidi("Refused parcels", control)})),
            )
            .await;

        assert_eq!(signup.status(), 400, "U+{:04X}", u32::from(control));
        assert_eq!(signup.json::<Value>().await.unwrap(), refusal("name", "Name", IN_LINE));
        assert_eq!(category_added, (400, refusal("name", "Category name", IN_LINE)));
        assert_eq!(named, (400, refusal("name", "Product name", IN_LINE)));
        assert_eq!(described, (400, refusal("description", "Description", IN_TEXT)));
        assert_eq!((reason.0, &reason.1["errors"]["reason"]), (400, &json!(["The reason must be one line of text."])));
    }
    let login = post(&app, "/api/auth/login", json!({"email": "ayesha@example.pk", "password": "secret-123"})).await;
    assert_eq!(login.status(), 401, "no account was made");
    assert_eq!(app.get_json("/api/products").await.1, json!([]));
    let (_, categories) = app.get_json("/api/categories").await;
    assert_eq!(categories.as_array().unwrap().len(), 1);
    let (_, blocklist) = app.send(&cookie, "GET", "/api/blocklist", None).await;
    assert_eq!(blocklist["entries"], json!([]));
}

#[tokio::test]
async fn a_checkout_with_a_bidirectional_control_in_the_name_or_address_is_refused_and_stores_nothing() {
    let app = spawn_app().await;
    let category = app.add_category("Cables", None).await;
    let mut cable = crate::helpers::new_product("USB-C Cable", category, (500, None, 0), 100, false);
    cable.free_delivery = true;
    let cable = app.add_product(cable).await;
    let (_, cookie) = app.customer("ayesha@example.pk").await;
    let order = |name: &str, address: &str| {
        json!({
            "userDetails": {
                "country": "Pakistan", "province": "Punjab", "city": "Lahore", "name": name,
                "phone1": "0300 1234567", "phone2": "", "email": "ayesha@example.pk", "address": address,
                "paymentMethod": "COD"
            },
            "cart": [{ "productId": cable.to_string(), "quantity": 1, "price": 500 }],
            "subtotal": 500, "deliveryCharge": 0, "couponDiscount": 0, "total": 500
        })
    };
    let address = "House 12, Street 4\nGulberg III";

    for control in BIDI {
        let by_name = app.place_order(&cookie, &order(&with_bidi("Ayesha Khan", control), address), None).await;
        let by_address = app.place_order(&cookie, &order("Ayesha Khan", &with_bidi(address, control)), None).await;

        let name = "Name must not contain line breaks or control characters.";
        assert_eq!((by_name.0, &by_name.1["errors"]["userDetails.name"]), (400, &json!([name])));
        let address = format!("Address {IN_TEXT}");
        assert_eq!((by_address.0, &by_address.1["errors"]["userDetails.address"]), (400, &json!([address])));
    }
    assert_eq!(app.orders_count().await, 0);
    assert_eq!(app.place_order(&cookie, &order("\u{200F}عائشہ خان", address), None).await.0, 201, "a mark is kept");
}
