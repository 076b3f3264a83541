//! Category views are counted in memory and written in batches: every view reaches the database, from
//! every instance, and none is lost when a server stops. A client counts once per category and hour.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use application::catalog::ports::CatalogRepository;
use domain::ids::CategoryId;

use crate::helpers::{spawn_app_with, TestApp};

/// The tests' requests come through a trusted proxy on loopback, which names each shopper.
fn trusted_loopback() -> (&'static str, String) {
    ("TRUSTED_PROXIES", "127.0.0.1".to_owned())
}

/// The stored views of `id`, read past the server and its cache.
async fn stored_views(app: &TestApp, id: CategoryId) -> i64 {
    app.catalogue().category(id).await.unwrap().unwrap().views
}

/// Waits up to 15 s until `id` has `expected` stored views; answers the count it saw last.
async fn wait_for_views(app: &TestApp, id: CategoryId, expected: i64) -> i64 {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let views = stored_views(app, id).await;
        if views >= expected || Instant::now() > deadline {
            return views;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The next client address of this file's tests, never the same twice.
fn new_shopper() -> String {
    static SHOPPERS: AtomicUsize = AtomicUsize::new(0);
    let n = SHOPPERS.fetch_add(1, Ordering::SeqCst);
    format!("198.51.{}.{}", n / 250, n % 250 + 1)
}

/// `times` views of `id`, each from a shopper of its own (through the trusted proxy on loopback).
async fn count_views(client: &reqwest::Client, address: &str, id: CategoryId, times: usize) {
    let url = format!("{address}/api/categories/increment-view/{id}");
    let mut views = tokio::task::JoinSet::new();
    for _ in 0..times {
        views.spawn(client.put(&url).header("x-forwarded-for", new_shopper()).send());
    }
    while let Some(answer) = views.join_next().await {
        assert_eq!(answer.unwrap().unwrap().status(), 200);
    }
}

#[tokio::test]
async fn views_counted_by_two_instances_on_one_database_all_reach_it() {
    let app = spawn_app_with(&[("VIEW_FLUSH_MS", "50".to_owned()), trusted_loopback()]).await;
    let second = app_server::start(&app.config).await.expect("a second instance starts");
    let second_address = format!("http://{}", second.addr);
    let second_server = second.server.handle();
    tokio::spawn(second.until_stopped());
    let cases = app.add_category("Cases", None).await;
    let chargers = app.add_category("Chargers", None).await;

    tokio::join!(
        count_views(&app.client, &app.address, cases, 40),
        count_views(&app.client, &second_address, cases, 35),
        count_views(&app.client, &second_address, chargers, 3),
    );

    assert_eq!(wait_for_views(&app, cases, 75).await, 75);
    assert_eq!(wait_for_views(&app, chargers, 3).await, 3);
    second_server.stop(true).await;
}

#[tokio::test]
async fn a_stopping_server_writes_the_views_it_has_not_written_yet() {
    let app = spawn_app_with(&[("VIEW_FLUSH_MS", "3600000".to_owned()), trusted_loopback()]).await;
    let cases = app.add_category("Cases", None).await;
    let other = app_server::start(&app.config).await.expect("a second instance starts");
    let address = format!("http://{}", other.addr);
    let handle = other.server.handle();
    let serving = tokio::spawn(other.until_stopped());
    count_views(&app.client, &address, cases, 1).await;
    count_views(&app.client, &address, cases, 4).await;
    assert_eq!(stored_views(&app, cases).await, 1, "only the first view is written at once");

    handle.stop(true).await;
    serving.await.unwrap().unwrap();

    assert_eq!(stored_views(&app, cases).await, 5);
}

/// A view of `id` by the shopper at `shopper`; answers the count it was told.
async fn view_as(app: &TestApp, id: CategoryId, shopper: &str) -> i64 {
    let url = format!("{}/api/categories/increment-view/{id}", app.address);
    let answer = app.client.put(url).header("x-forwarded-for", shopper).send().await.unwrap();
    assert_eq!(answer.status(), 200);
    answer.json::<serde_json::Value>().await.unwrap()["views"].as_i64().unwrap()
}

#[tokio::test]
async fn a_hundred_views_from_one_client_add_one_and_a_second_client_adds_one_more() {
    let app = spawn_app_with(&[("VIEW_FLUSH_MS", "50".to_owned()), trusted_loopback()]).await;
    let cases = app.add_category("Cases", None).await;

    let mut from_one_client = Vec::new();
    for _ in 0..100 {
        from_one_client.push(view_as(&app, cases, "203.0.113.7").await);
    }
    let same_64_network =
        [view_as(&app, cases, "2001:db8:1:2::1").await, view_as(&app, cases, "2001:db8:1:2::99").await];
    let second_client = view_as(&app, cases, "198.51.100.4").await;

    assert!(from_one_client.iter().all(|views| *views == 1), "{from_one_client:?}");
    assert_eq!(same_64_network, [2, 2], "one IPv6 /64 is one client");
    assert_eq!(second_client, 3);
    assert_eq!(wait_for_views(&app, cases, 3).await, 3);
}
