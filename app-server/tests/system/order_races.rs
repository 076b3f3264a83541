//! Orders under concurrency against the real `app-server` process: many shoppers after the last units of
//! one product, and one status change sent many times at once.

use application::catalog::ports::{CatalogRepository, CatalogWriter};
use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{customer_session, new_product, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::process::{spawn_process, ServerProcess};

/// An order of one unit of `product` at Rs 100.
pub fn one_unit(product: ProductId) -> Value {
    json!({
        "userDetails": {"name": "Shopper", "phone1": "03001234567", "email": "shopper@example.pk",
                        "address": "House 1, Lahore", "province": "Punjab", "city": "Lahore"},
        "cart": [{"productId": product.to_string(), "quantity": 1, "price": 100}],
        "subtotal": 100, "deliveryCharge": 0, "coupon": null, "couponDiscount": 0, "total": 100
    })
}

pub async fn stock_of(server: &ServerProcess, product: ProductId) -> u32 {
    adapters_postgres::PgCatalogRepository::new(server.pool()).product(product).await.unwrap().unwrap().quantity
}

/// Sends `body` with `cookie` to `url` with `method`; answers the status and the JSON answer.
pub async fn send(
    client: reqwest::Client,
    url: String,
    method: reqwest::Method,
    cookie: String,
    body: Value,
) -> (u16, Value) {
    let response = client.request(method, url).header("cookie", cookie).json(&body).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

/// Every shopper orders one unit of `product` (named `name`, Rs 100) at once, shopper `i` through
/// `servers[i % servers.len()]`; each answer must be a 201 or the contract's 409 for a sold-out product.
/// Answers how many orders each server placed.
pub async fn race(servers: &[&ServerProcess], shoppers: &[String], product: ProductId, name: &str) -> Vec<usize> {
    let body = one_unit(product);
    let tasks: Vec<_> = shoppers
        .iter()
        .enumerate()
        .map(|(i, cookie)| {
            let server = servers[i % servers.len()];
            let url = format!("{}/api/orders", server.address);
            (
                i % servers.len(),
                tokio::spawn(send(server.client.clone(), url, reqwest::Method::POST, cookie.clone(), body.clone())),
            )
        })
        .collect();
    let mut placed = vec![0; servers.len()];
    for (through, task) in tasks {
        let (status, answer) = task.await.unwrap();
        match status {
            201 => placed[through] += 1,
            409 => assert_eq!(answer["message"], format!("Only 0 left of {name}.")),
            other => panic!("{name}: {other} {answer}"),
        }
    }
    placed
}

#[tokio::test]
async fn fifty_shoppers_after_the_last_five_units_leave_exactly_five_orders_and_no_stock_in_every_round() {
    let server = spawn_process(&[("DB_POOL_SIZE", "8")]).await;
    server.lift_order_limits().await;
    let catalogue = adapters_postgres::PgCatalogRepository::new(server.pool());
    let category = catalogue
        .create_category(application::catalog::model::NewCategory {
            name: domain::category::CategoryName::parse("Chargers").unwrap(),
            name_ur: None,
            parent: None,
        })
        .await
        .unwrap();
    let mut shoppers = Vec::new();
    for n in 0..50 {
        shoppers.push(customer_session(&server.pool(), &format!("shopper{n}@example.pk")).await.1);
    }

    for round in 0..20 {
        let product = catalogue
            .create_product(new_product(&format!("Charger {round}"), category, (100, None, 0), 5, false))
            .await
            .unwrap();
        let placed: usize = race(&[&server], &shoppers, product, &format!("Charger {round}")).await.iter().sum();

        assert_eq!(placed, 5, "round {round}");
        assert_eq!(stock_of(&server, product).await, 0, "round {round}");
    }
}

#[tokio::test]
async fn the_same_rejection_sent_ten_times_at_once_restocks_once() {
    let server = spawn_process(&[("DB_POOL_SIZE", "8")]).await;
    let catalogue = adapters_postgres::PgCatalogRepository::new(server.pool());
    let category = catalogue
        .create_category(application::catalog::model::NewCategory {
            name: domain::category::CategoryName::parse("Cables").unwrap(),
            name_ur: None,
            parent: None,
        })
        .await
        .unwrap();
    let product = catalogue.create_product(new_product("Cable", category, (100, None, 0), 10, false)).await.unwrap();
    let (_, shopper) = customer_session(&server.pool(), "shopper@example.pk").await;
    let mut body = one_unit(product);
    body["cart"][0]["quantity"] = json!(3);
    body["subtotal"] = json!(300);
    body["total"] = json!(300);
    let (status, placed) =
        send(server.client.clone(), format!("{}/api/orders", server.address), reqwest::Method::POST, shopper, body)
            .await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(stock_of(&server, product).await, 7);
    let login = server
        .client
        .post(format!("{}/api/admin/login", server.address))
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    let admin = crate::helpers::session_cookie(&login);
    let url = format!("{}/api/orders/{}/status", server.address, placed["order"]["_id"].as_str().unwrap());

    let tasks: Vec<_> = (0..10)
        .map(|_| {
            tokio::spawn(send(
                server.client.clone(),
                url.clone(),
                reqwest::Method::PUT,
                admin.clone(),
                json!({"status": "rejected", "comment": "Out of stock at the warehouse"}),
            ))
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap().0);
    }
    statuses.sort_unstable();

    assert_eq!(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    assert_eq!(stock_of(&server, product).await, 10, "restocked exactly once");
}
