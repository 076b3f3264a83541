//! The owner's limits on orders when orders arrive at once at the built process (docs/security.md 'Orders'):
//! one account's or one phone's orders sent together place exactly as many as the limit allows.

use serde_json::Value;

use crate::helpers::{cables, customer_session, new_product};
use crate::order_races::{send, stock_of};
use crate::process::spawn_process;

const PHONE: &str = "0300 1234567";

#[tokio::test]
async fn six_orders_sent_at_once_by_one_account_with_a_limit_of_three_place_exactly_three() {
    let server = spawn_process(&[("DB_POOL_SIZE", "8")]).await;
    let catalogue = adapters_postgres::PgCatalogRepository::new(server.pool());
    let category = {
        use application::catalog::ports::CatalogWriter;
        let name = domain::category::CategoryName::parse("Cables").unwrap();
        catalogue
            .create_category(application::catalog::model::NewCategory { name, name_ur: None, parent: None })
            .await
            .unwrap()
    };
    let product = {
        use application::catalog::ports::CatalogWriter;
        catalogue.create_product(new_product("Cable", category, (100, None, 0), 1000, false)).await.unwrap()
    };
    let url = format!("{}/api/orders", server.address);

    for round in 0..5 {
        let (_, cookie) = customer_session(&server.pool(), &format!("shopper{round}@example.pk")).await;
        let phone = format!("0300 100000{round}");
        let tasks: Vec<_> = (0..6)
            .map(|_| {
                let body = cables(product, 1, &phone);
                tokio::spawn(send(server.client.clone(), url.clone(), reqwest::Method::POST, cookie.clone(), body))
            })
            .collect();
        let mut statuses = Vec::new();
        for task in tasks {
            let (status, answer) = task.await.unwrap();
            assert!(
                status == 201 || answer["message"].as_str().unwrap().starts_with("You can have at most 3"),
                "{answer}"
            );
            statuses.push(status);
        }
        statuses.sort_unstable();

        assert_eq!(statuses, [201, 201, 201, 429, 429, 429], "round {round}");
    }
    let stock = stock_of(&server, product).await;
    assert_eq!(stock, 1000 - 15, "only the placed orders took stock");
}

#[tokio::test]
async fn six_orders_sent_at_once_by_six_accounts_with_one_phone_place_exactly_three() {
    let server = spawn_process(&[("DB_POOL_SIZE", "8")]).await;
    let catalogue = adapters_postgres::PgCatalogRepository::new(server.pool());
    let product = {
        use application::catalog::ports::CatalogWriter;
        let name = domain::category::CategoryName::parse("Cables").unwrap();
        let category = catalogue
            .create_category(application::catalog::model::NewCategory { name, name_ur: None, parent: None })
            .await
            .unwrap();
        catalogue.create_product(new_product("Cable", category, (100, None, 0), 1000, false)).await.unwrap()
    };
    let url = format!("{}/api/orders", server.address);
    let mut shoppers = Vec::new();
    for n in 0..6 {
        shoppers.push(customer_session(&server.pool(), &format!("shopper{n}@example.pk")).await.1);
    }

    let tasks: Vec<_> = shoppers
        .iter()
        .map(|cookie| {
            let body = cables(product, 1, PHONE);
            tokio::spawn(send(server.client.clone(), url.clone(), reqwest::Method::POST, cookie.clone(), body))
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap().0);
    }
    statuses.sort_unstable();

    assert_eq!(statuses, [201, 201, 201, 429, 429, 429]);
}

#[tokio::test]
async fn the_same_keyed_order_sent_four_times_at_once_at_the_limit_answers_the_one_order_placed() {
    let server = spawn_process(&[("DB_POOL_SIZE", "8")]).await;
    let catalogue = adapters_postgres::PgCatalogRepository::new(server.pool());
    let product = {
        use application::catalog::ports::CatalogWriter;
        let name = domain::category::CategoryName::parse("Cables").unwrap();
        let category = catalogue
            .create_category(application::catalog::model::NewCategory { name, name_ur: None, parent: None })
            .await
            .unwrap();
        catalogue.create_product(new_product("Cable", category, (100, None, 0), 1000, false)).await.unwrap()
    };
    let url = format!("{}/api/orders", server.address);
    let (_, cookie) = customer_session(&server.pool(), "ayesha@example.pk").await;
    for _ in 0..2 {
        let (status, body) =
            send(server.client.clone(), url.clone(), reqwest::Method::POST, cookie.clone(), cables(product, 1, PHONE))
                .await;
        assert_eq!(status, 201, "{body}");
    }

    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let request = server
                .client
                .post(&url)
                .header("cookie", &cookie)
                .header("idempotency-key", "tap-3")
                .json(&cables(product, 1, PHONE));
            tokio::spawn(async move {
                let response = request.send().await.unwrap();
                (response.status().as_u16(), response.json::<Value>().await.unwrap())
            })
        })
        .collect();
    let mut ids = Vec::new();
    for task in tasks {
        let (status, answer) = task.await.unwrap();
        assert_eq!(status, 201, "{answer}");
        ids.push(answer["order"]["_id"].clone());
    }

    ids.dedup();
    assert_eq!(ids.len(), 1, "every retry answers the one order: {ids:?}");
    assert_eq!(stock_of(&server, product).await, 997);
}
