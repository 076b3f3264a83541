//! The shop info (docs/decisions/0033): what a cash-on-delivery shopper needs to know, set by the owner and
//! carried in the HTML of the home, product and cart pages.

use scraper::{Html, Selector};
use serde_json::json;

use crate::helpers::{new_product, spawn_app, TestApp};

/// The shop info's items as the first answer of `path` draws them, and its WhatsApp link.
async fn shown(app: &TestApp, path: &str) -> (Vec<String>, Option<String>) {
    let html = app.get(path).await.text().await.unwrap();
    let doc = Html::parse_document(&html);
    let items =
        doc.select(&Selector::parse("#shop-info li").unwrap()).map(|li| li.text().collect::<String>()).collect();
    let link = doc
        .select(&Selector::parse("#shop-info a").unwrap())
        .next()
        .and_then(|a| a.value().attr("href").map(str::to_owned));
    (items, link)
}

#[tokio::test]
async fn the_shop_starts_with_the_original_promise_and_no_whatsapp_number() {
    let app = spawn_app().await;
    app.set_delivery_charge(250).await;

    let (status, body) = app.get_json("/api/settings/shop-info").await;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"deliveryCharge": 250, "deliveryTime": "3–4 working days", "whatsapp": null, "whatsappLink": null,
               "whatsappLocal": null})
    );
}

#[tokio::test]
async fn the_owner_sets_the_delivery_time_and_a_whatsapp_number_that_the_pages_show_at_once() {
    let app = spawn_app().await;
    app.set_delivery_charge(1250).await;
    let cases = app.add_category("Cases", None).await;
    let product = app.add_product(new_product("Armour Case", cases, (1499, None, 0), 5, false)).await;
    let admin = app.admin_cookie().await;
    assert_eq!(shown(&app, "/").await.0.len(), 3, "before: no WhatsApp item");

    let (status, body) = app
        .send(
            &admin,
            "PUT",
            "/api/settings/shop-info",
            Some(json!({"deliveryTime": " 2–4 working days ", "whatsapp": "+92 300-1234567"})),
        )
        .await;

    let expected = json!({
        "deliveryCharge": 1250, "deliveryTime": "2–4 working days", "whatsapp": "923001234567",
        "whatsappLink": "https://wa.me/923001234567", "whatsappLocal": "0300 1234567"
    });
    assert_eq!((status, &body), (200, &expected));
    assert_eq!(app.get_json("/api/settings/shop-info").await.1, expected);
    for path in ["/", &format!("/product/{product}"), "/cart"] {
        assert_eq!(
            shown(&app, path).await,
            (
                vec![
                    "Cash on delivery".to_owned(),
                    "Delivery Rs 1,250 (free when every item has Free Delivery)".to_owned(),
                    "Delivered in 2–4 working days".to_owned(),
                    "WhatsApp 0300 1234567".to_owned(),
                ],
                Some("https://wa.me/923001234567".to_owned())
            ),
            "{path}"
        );
    }
    // An Urdu page says the same in Urdu, the owner's delivery time as typed.
    assert_eq!(
        shown(&app, &format!("/ur/product/{product}")).await,
        (
            vec![
                "کیش آن ڈیلیوری".to_owned(),
                "ڈیلیوری Rs 1,250 (ہر چیز پر مفت ڈیلیوری ہو تو مفت)".to_owned(),
                "ڈیلیوری کا وقت: 2–4 working days".to_owned(),
                "واٹس ایپ 0300 1234567".to_owned(),
            ],
            Some("https://wa.me/923001234567".to_owned())
        )
    );
    let admin_page = app.get("/admin/delivery-charge").await.text().await.unwrap();
    assert!(!admin_page.contains("shop-info"), "the admin area has no storefront shell");

    let (status, _) = app
        .send(&admin, "PUT", "/api/settings/shop-info", Some(json!({"deliveryTime": "Next day", "whatsapp": ""})))
        .await;
    app.send(&admin, "PUT", "/api/settings/delivery-charge", Some(json!({"deliveryCharge": 0}))).await;

    assert_eq!(status, 200);
    assert_eq!(
        shown(&app, "/").await,
        (vec!["Cash on delivery".to_owned(), "Free delivery".to_owned(), "Delivered in Next day".to_owned()], None)
    );
}

#[tokio::test]
async fn a_landline_or_an_overlong_delivery_time_is_refused_field_by_field() {
    let app = spawn_app().await;
    let admin = app.admin_cookie().await;

    let refused = app
        .send(
            &admin,
            "PUT",
            "/api/settings/shop-info",
            Some(json!({"deliveryTime": "d".repeat(41), "whatsapp": "042 35761234"})),
        )
        .await;
    let anonymous = app
        .client
        .put(format!("{}/api/settings/shop-info", app.address))
        .json(&json!({"deliveryTime": "2 days"}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16();

    assert_eq!(
        refused,
        (
            400,
            json!({
                "message": "Delivery time must be 1 to 40 characters, e.g. 2–4 working days.",
                "errors": {
                    "deliveryTime": ["Delivery time must be 1 to 40 characters, e.g. 2–4 working days."],
                    "whatsapp": ["Enter a Pakistani mobile number, e.g. 0300 1234567."]
                }
            })
        )
    );
    assert_eq!(anonymous, 401);
    assert_eq!(app.get_json("/api/settings/shop-info").await.1["deliveryTime"], "3–4 working days");
}
