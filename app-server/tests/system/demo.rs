//! The demo shop: seeded once through the admin's use cases, each product with picture files of its own.

use std::collections::HashSet;

use serde_json::json;

use crate::helpers::{spawn_app, ScratchDir};

#[tokio::test]
async fn the_demo_seed_fills_an_empty_shop_once() {
    let app = spawn_app().await;

    let first = app_server::seed_demo(&app.config).await.unwrap();
    let second = app_server::seed_demo(&app.config).await.unwrap();

    assert_eq!(first, application::seed_demo::SeedOutcome::Seeded { categories: 21, products: 48 });
    assert_eq!(second, application::seed_demo::SeedOutcome::AlreadySeeded);
    let (_, featured) = app.get_json("/api/products/featured").await;
    let first_picture = featured[0]["media"][0]["url"].as_str().unwrap().to_owned();
    let picture = app.get(&first_picture).await;
    assert_eq!(picture.status(), 200);
    assert_eq!(picture.headers()["content-type"], "image/webp");
    assert_eq!(picture.headers()["x-content-type-options"], "nosniff");
    assert!(picture.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let variant = featured[0]["media"][0]["variants"][0].clone();
    assert_eq!(variant["width"], 320, "the 480 px demo pictures get a 320 px copy");
    let copy = app.get(variant["url"].as_str().unwrap()).await;
    assert_eq!((copy.status().as_u16(), copy.headers()["content-type"].to_str().unwrap()), (200, "image/webp"));
    let (_, charge) = app.get_json("/api/settings/delivery-charge").await;
    assert_eq!(charge, json!({"deliveryCharge": 250}));
    let (status, applied) = app.post_json("/api/coupons/apply", &json!({"code": "WELCOME10", "cartTotal": 2000})).await;
    assert_eq!((status, applied["discount"].clone()), (200, json!(200)));
}

#[tokio::test]
async fn every_demo_product_has_picture_files_of_its_own_and_deleting_one_keeps_the_others() {
    let app = spawn_app().await;
    app_server::seed_demo(&app.config).await.unwrap();
    let cookie = app.admin_cookie().await;

    let (_, products) = app.get_json("/api/products?limit=100").await;

    let products = products.as_array().unwrap().clone();
    assert_eq!(products.len(), 48);
    let mut seen = HashSet::new();
    let files = |product: &serde_json::Value| -> Vec<String> {
        let media = product["media"].as_array().unwrap();
        assert!(!media.is_empty(), "{}", product["name"]);
        media
            .iter()
            .flat_map(|m| {
                let variants = m["variants"].as_array().unwrap().iter().map(|v| v["url"].as_str().unwrap().to_owned());
                std::iter::once(m["url"].as_str().unwrap().to_owned()).chain(variants).collect::<Vec<_>>()
            })
            .collect()
    };
    for product in &products {
        for file in files(product) {
            assert!(seen.insert(file.clone()), "{file} of {} is shared", product["name"]);
        }
    }

    let (first, rest) = products.split_first().unwrap();
    let deleted = app
        .client
        .delete(format!("{}/api/products/{}", app.address, first["_id"].as_str().unwrap()))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 200);
    for file in files(first) {
        assert_eq!(app.get(&file).await.status(), 404, "{file} is deleted with its product");
    }
    for product in rest {
        for file in files(product) {
            assert_eq!(app.get(&file).await.status(), 200, "{file} of {}", product["name"]);
        }
    }
}

#[tokio::test]
async fn a_shop_file_of_its_own_is_seeded_through_the_admin_rules() {
    let app = spawn_app().await;
    let scratch = ScratchDir::new("shop-file");
    let file = scratch.0.join("shop.json");
    let shop = json!({
        "deliveryCharge": 150,
        "coupons": [],
        "categories": [{"name": "Stands", "picture": "powerBank", "products": [
            {"name": "Folding Stand", "price": 1200, "discountPercent": 25, "quantity": 4, "color": "Grey", "description": "Folds flat."}
        ]}]
    });
    std::fs::write(&file, shop.to_string()).unwrap();
    let unreadable = scratch.0.join("missing.json");

    let seeded = app_server::seed(&app.config, app_server::Seed::File(file)).await.unwrap();
    let missing = app_server::seed(&app.config, app_server::Seed::File(unreadable)).await.unwrap_err();

    assert_eq!(seeded, application::seed_demo::SeedOutcome::Seeded { categories: 1, products: 1 });
    let (_, products) = app.get_json("/api/products").await;
    assert_eq!((products[0]["name"].clone(), products[0]["salePrice"].clone()), (json!("Folding Stand"), json!(900)));
    assert_eq!(app.get_json("/api/settings/delivery-charge").await.1, json!({"deliveryCharge": 150}));
    assert!(missing.to_string().starts_with("the shop file "), "{missing}");
}
