//! Urdu names and descriptions of products and categories (issue 30): the owner writes them through the admin
//! API, the storefront's reads return them (null where none), search finds a product by them, and the Urdu
//! pages' heads name it in Urdu while the English pages stay as they were.

use reqwest::multipart::Form;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

const CHARGER_UR: &str = "تیز چارجر";
const CHARGER_ABOUT_UR: &str = "بیس واٹ کا تیز چارجر، ہر ٹائپ سی فون کے لیے۔";

async fn send_form(app: &TestApp, cookie: &str, method: &str, path: &str, fields: &[(&str, &str)]) -> (u16, Value) {
    let form =
        fields.iter().fold(Form::new(), |form, (name, value)| form.text((*name).to_owned(), (*value).to_owned()));
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

/// The admin's category "Chargers" (Urdu "چارجرز") and in it the product "20W Fast Charger" with its Urdu name
/// and description; answers their ids.
async fn urdu_charger(app: &TestApp, cookie: &str) -> (String, String) {
    let (status, body) =
        app.send(cookie, "POST", "/api/categories", Some(json!({"name": "Chargers", "nameUr": " چارجرز "}))).await;
    assert_eq!((status, body["category"]["nameUr"].clone()), (201, json!("چارجرز")), "{body}");
    let category = body["category"]["_id"].as_str().unwrap().to_owned();
    let fields = [
        ("name", "20W Fast Charger"),
        ("nameUr", CHARGER_UR),
        ("category", category.as_str()),
        ("price", "1500"),
        ("description", "PD wall charger for Type-C phones."),
        ("descriptionUr", CHARGER_ABOUT_UR),
        ("quantity", "5"),
    ];
    let (status, body) = send_form(app, cookie, "POST", "/api/products/upload", &fields).await;
    assert_eq!(status, 201, "{body}");
    (category, body["product"]["_id"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn the_owner_gives_a_product_and_a_category_urdu_texts_and_the_storefront_returns_them() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (category, id) = urdu_charger(&app, &cookie).await;

    let (_, product) = app.get_json(&format!("/api/products/{id}")).await;
    assert_eq!(
        (product["name"].clone(), product["nameUr"].clone(), product["descriptionUr"].clone()),
        (json!("20W Fast Charger"), json!(CHARGER_UR), json!(CHARGER_ABOUT_UR))
    );
    assert_eq!(product["category"], json!({"_id": category, "name": "Chargers", "nameUr": "چارجرز"}));
    assert_eq!(app.get_json("/api/products").await.1[0]["nameUr"], CHARGER_UR);
    let (_, page) = app.get_json(&format!("/api/categories/with-products/{category}")).await;
    assert_eq!(page["category"]["nameUr"], "چارجرز", "{page}");
    assert_eq!(page["parentProducts"][0]["descriptionUr"], CHARGER_ABOUT_UR);
    let (_, categories) = app.get_json("/api/categories").await;
    assert_eq!(categories[0]["nameUr"], "چارجرز", "{categories}");

    // An edit without Urdu texts removes them: the English ones show again.
    let edit = [
        ("name", "20W Fast Charger"),
        ("category", category.as_str()),
        ("price", "1400"),
        ("description", "PD wall charger."),
        ("nameUr", " "),
        ("quantity", "5"),
    ];
    let (status, edited) = send_form(&app, &cookie, "PUT", &format!("/api/products/{id}"), &edit).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(
        (edited["product"]["nameUr"].clone(), edited["product"]["descriptionUr"].clone()),
        (json!(null), json!(null))
    );
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await.1["nameUr"], Value::Null, "the cache was cleared");

    // A category's Urdu name: kept by a rename that does not send it, changed, then removed by "".
    let path = format!("/api/categories/{category}");
    let (_, renamed) = app.send(&cookie, "PUT", &path, Some(json!({"name": "Wall chargers"}))).await;
    assert_eq!(
        (renamed["category"]["name"].clone(), renamed["category"]["nameUr"].clone()),
        (json!("Wall chargers"), json!("چارجرز"))
    );
    let (_, changed) =
        app.send(&cookie, "PUT", &path, Some(json!({"name": "Wall chargers", "nameUr": "وال چارجر"}))).await;
    assert_eq!(changed["category"]["nameUr"], "وال چارجر");
    let (_, removed) = app.send(&cookie, "PUT", &path, Some(json!({"name": "Wall chargers", "nameUr": ""}))).await;
    assert_eq!(removed["category"]["nameUr"], Value::Null);
}

#[tokio::test]
async fn urdu_texts_too_long_or_with_control_characters_are_refused_by_field() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (category, _) = urdu_charger(&app, &cookie).await;
    let long_name = "چ".repeat(201);
    let long_description = "د".repeat(5001);
    let base = [
        ("name", "Case"),
        ("category", category.as_str()),
        ("price", "1000"),
        ("description", "A case."),
        ("quantity", "5"),
    ];
    let cases = [
        ("nameUr", long_name.as_str(), "Urdu name must be at most 200 characters."),
        ("nameUr", "کور\nنیا", "Urdu name must not contain line breaks or control characters."),
        ("descriptionUr", long_description.as_str(), "Urdu description must be at most 5000 characters."),
        (
            "descriptionUr",
            "کور\u{7}",
            "Urdu description must not contain control characters other than line breaks and tabs.",
        ),
    ];
    for (field, value, message) in cases {
        let mut fields = base.to_vec();
        fields.push((field, value));
        let (status, body) = send_form(&app, &cookie, "POST", "/api/products/upload", &fields).await;
        assert_eq!((status, body["errors"][field][0].clone()), (400, json!(message)), "{field}: {body}");
    }
    assert_eq!(app.get_json("/api/products").await.1.as_array().unwrap().len(), 1, "nothing more was added");

    let long_category = "چ".repeat(101);
    for (body, message) in [
        (json!({"name": "Cases", "nameUr": long_category}), "Urdu name must be at most 100 characters."),
        (
            json!({"name": "Cases", "nameUr": "کیس\tکور"}),
            "Urdu name must not contain line breaks or control characters.",
        ),
        (json!({"name": "Cases", "nameUr": 5}), "Urdu name must be text."),
    ] {
        let (status, answer) = app.send(&cookie, "POST", "/api/categories", Some(body.clone())).await;
        assert_eq!((status, answer["errors"]["nameUr"][0].clone()), (400, json!(message)), "{body}");
        let (status, answer) =
            app.send(&cookie, "PUT", &format!("/api/categories/{category}"), Some(body.clone())).await;
        assert_eq!((status, answer["errors"]["nameUr"][0].clone()), (400, json!(message)), "{body}");
    }
}

#[tokio::test]
async fn a_search_in_urdu_finds_a_product_by_its_urdu_name_and_description() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (_, id) = urdu_charger(&app, &cookie).await;
    // In a category without an Urdu name: 'چارجرز', the chargers' one, would find it for 'چارجر'.
    let cases = app.add_category("Cases", None).await.to_string();
    let fields = [
        ("name", "Clear case"),
        ("category", cases.as_str()),
        ("price", "500"),
        ("description", "Slim."),
        ("quantity", "5"),
    ];
    assert_eq!(send_form(&app, &cookie, "POST", "/api/products/upload", &fields).await.0, 201);
    let names = |body: Value| -> Vec<String> {
        body.as_array().unwrap().iter().map(|p| p["_id"].as_str().unwrap().to_owned()).collect()
    };

    for q in ["چارجر", "ٹائپ%20سی", "تیز%20چارجر"] {
        let (status, found) = app.get_json(&format!("/api/products/search?q={q}")).await;
        assert_eq!((status, names(found)), (200, vec![id.clone()]), "{q}");
    }
    // English searches find it as before.
    assert_eq!(names(app.get_json("/api/products/search?q=charger").await.1), vec![id.clone()]);
}
