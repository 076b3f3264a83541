//! The cache of public catalogue answers: kept for an hour here, so that only a catalogue change can drop
//! an answer within a test.

use application::catalog::ports::{CatalogRepository, CatalogWriter};
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app_with, TestApp};

async fn cached_for_an_hour() -> TestApp {
    spawn_app_with(&[("CATALOG_CACHE_MS", "3600000".to_owned())]).await
}

async fn answers(app: &TestApp, paths: &[String]) -> Vec<(u16, Value)> {
    let mut answers = Vec::with_capacity(paths.len());
    for path in paths {
        answers.push(app.get_json(path).await);
    }
    answers
}

#[tokio::test]
async fn counting_a_category_view_keeps_every_cached_catalogue_answer() {
    let app = cached_for_an_hour().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 2, true)).await;
    let paths = [
        format!("/api/products/{id}"),
        "/api/products".to_owned(),
        "/api/products/featured".to_owned(),
        "/api/products/search?q=clear".to_owned(),
        "/api/categories".to_owned(),
        format!("/api/categories/with-products/{cases}"),
    ];
    let before = answers(&app, &paths).await;
    assert_eq!(before[0].1["name"], "Clear case");
    app.catalogue().update_product(id, new_product("Clear case", cases, (1299, None, 0), 0, false)).await.unwrap();
    app.add_category("Chargers", None).await;
    let stored = app.catalogue().product(id).await.unwrap().unwrap();
    assert_eq!((stored.quantity, stored.featured), (0, false), "the data behind the server did change");

    let counted = app.send("", "PUT", &format!("/api/categories/increment-view/{cases}"), None).await;

    assert_eq!(counted, (200, json!({"views": 1})));
    assert_eq!(answers(&app, &paths).await, before, "a view count dropped cached answers");
}

#[tokio::test]
async fn every_change_through_the_admin_api_is_seen_at_once() {
    let app = cached_for_an_hour().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 2, false)).await;
    let product = format!("/api/products/{id}");
    let page = format!("/api/categories/with-products/{cases}");
    let category_names = |list: &Value| list.as_array().unwrap().iter().map(|c| c["name"].clone()).collect::<Vec<_>>();
    assert_eq!(app.get_json("/api/products/featured").await.1, json!([]));
    let (_, shown) = app.get_json(&product).await;
    assert_eq!(shown["price"], 999);
    assert_eq!(category_names(&app.get_json("/api/categories").await.1), ["Cases"]);
    assert_eq!(app.get_json(&page).await.1["category"]["name"], "Cases");

    let toggled = app.send(&cookie, "PATCH", &format!("/api/products/toggle-featured/{id}"), None).await;
    assert_eq!(toggled, (200, json!({"featured": true})));
    assert_eq!(app.get_json("/api/products/featured").await.1[0]["_id"], json!(id.to_string()));

    app.edit_as_clear_case(&cookie, id, cases, 1299, 2).await;
    assert_eq!(app.get_json(&product).await.1["price"], 1299);

    let renamed =
        app.send(&cookie, "PUT", &format!("/api/categories/{cases}"), Some(json!({"name": "Phone cases"}))).await;
    assert_eq!(renamed.0, 200, "{}", renamed.1);
    assert_eq!(category_names(&app.get_json("/api/categories").await.1), ["Phone cases"]);
    assert_eq!(app.get_json(&page).await.1["category"]["name"], "Phone cases");

    let added = app.send(&cookie, "POST", "/api/categories", Some(json!({"name": "Chargers"}))).await;
    assert_eq!(added.0, 201, "{}", added.1);
    assert_eq!(category_names(&app.get_json("/api/categories").await.1), ["Chargers", "Phone cases"]);

    let chargers = added.1["category"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(app.send(&cookie, "DELETE", &format!("/api/categories/{chargers}"), None).await.0, 200);
    assert_eq!(category_names(&app.get_json("/api/categories").await.1), ["Phone cases"]);

    assert_eq!(app.send(&cookie, "DELETE", &product, None).await.0, 200);
    assert_eq!(app.get_json(&product).await.0, 404);
    assert_eq!(app.get_json("/api/products").await.1, json!([]));
}

#[tokio::test]
async fn parameters_no_handler_reads_share_one_cached_answer() {
    let app = cached_for_an_hour().await;
    let cases = app.add_category("Cases", None).await;
    app.add_product(new_product("Clear case", cases, (999, None, 0), 2, true)).await;
    let first = app.get_json("/api/products").await;
    let lists = ["/api/products", "/api/products/featured", "/api/categories", "/api/products/search?q=clear"];

    for junk in 0..40 {
        for list in lists {
            let joiner = if list.contains('?') { '&' } else { '?' };
            let answer = app.get_json(&format!("{list}{joiner}x={junk}&utm_source=ad{junk}")).await;
            assert_eq!(answer.0, 200, "{list}");
        }
        let same_page = app.get_json(&format!("/api/products?limit=100&offset=0&fbclid={junk}")).await;
        assert_eq!(same_page, first, "the default page named or not is one answer");
    }
    let usage = app.catalog_cache.usage().await;

    assert_eq!(usage.answers, 4, "one answer per list, whatever else the query held");
    assert!(usage.bytes < 4 * 1024, "{usage:?}");
}

/// decisions/0041: an order's stock move is seen at once in the product's own answer and page on the
/// instance that made it, with the cache kept for an hour.
#[tokio::test]
async fn a_product_s_own_answer_and_page_show_the_stock_an_order_moved_at_once() {
    let app = cached_for_an_hour().await;
    let cables = app.add_category("Cables", None).await;
    let cable = app.add_product(new_product("USB-C Cable", cables, (100, None, 0), 5, false)).await;
    let (product, page) = (format!("/api/products/{cable}"), format!("/product/{cable}"));
    let stock_on_page = |html: String| html.contains(r#""quantity":3"#);
    assert_eq!(app.get_json(&product).await.1["quantity"], 5);
    assert!(!stock_on_page(app.get(&page).await.text().await.unwrap()));
    let (_, cookie) = app.customer("ayesha@example.pk").await;
    let admin = app.admin_cookie().await;

    let (status, placed) = app.place_order(&cookie, &crate::helpers::cables(cable, 2, "03001234567"), None).await;

    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.get_json(&product).await.1["quantity"], 3, "placed");
    assert!(stock_on_page(app.get(&page).await.text().await.unwrap()), "the page's data block holds the new stock");
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    let status_to = |to: &'static str| {
        let (app, admin, id) = (&app, &admin, &id);
        async move {
            let body = json!({"status": to, "comment": "Out of area"});
            app.send(admin, "PUT", &format!("/api/orders/{id}/status"), Some(body)).await.0
        }
    };
    assert_eq!(status_to("rejected").await, 200);
    assert_eq!(app.get_json(&product).await.1["quantity"], 5, "rejected");
}
