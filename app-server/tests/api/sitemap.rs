//! `/sitemap.xml` and its parts, parsed as XML and compared with what the database holds, up to and past
//! the protocol's 50,000 URLs per file; every page in English and in Urdu (`/ur/...`), each `<url>` naming
//! both and `x-default` as its `xhtml:link` alternates.

use std::collections::HashSet;

use serde_json::json;

use crate::helpers::{new_product, spawn_app, spawn_app_with, TestApp};

const NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML: &str = "http://www.w3.org/1999/xhtml";

/// The sitemap protocol's limit of URLs per file.
const LIMIT: usize = 50_000;

/// A time in the W3C form, as PostgreSQL writes it: the expected `lastmod` read independently of the server.
const W3C: &str = "to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";

/// One `<url>` or `<sitemap>`: its `loc` and `lastmod`.
type Entry = (String, Option<String>);

/// The English and the Urdu address of a page, from its address in either language (the origin has no path).
fn both_addresses(address: &str) -> (String, String) {
    let path_at = address.find("://").map(|i| i + 3).and_then(|host| address[host..].find('/').map(|i| i + host));
    let (origin, path) = address.split_at(path_at.expect("an absolute address"));
    let route = match path.strip_prefix("/ur") {
        Some(route) if route.starts_with('/') => route,
        _ => path,
    };
    let urdu = if route == "/" { "/ur/".to_owned() } else { format!("/ur{route}") };
    (format!("{origin}{route}"), format!("{origin}{urdu}"))
}

/// The root's name and its entries, after checking the document is well-formed XML in the sitemap
/// namespace with nothing in it but `loc` and `lastmod` in each entry, and, in a `<url>`, the page's
/// alternates: its English and Urdu addresses and `x-default` English.
fn parse(xml: &str) -> (String, Vec<Entry>) {
    let document = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("not well-formed XML: {e}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().namespace(), Some(NAMESPACE));
    let entry_name = match root.tag_name().name() {
        "urlset" => "url",
        "sitemapindex" => "sitemap",
        other => panic!("unexpected root {other}"),
    };
    let entries = root
        .children()
        .filter(roxmltree::Node::is_element)
        .map(|entry| {
            assert_eq!((entry.tag_name().namespace(), entry.tag_name().name()), (Some(NAMESPACE), entry_name));
            let fields: Vec<_> = entry.children().filter(roxmltree::Node::is_element).collect();
            let (fields, links): (Vec<_>, Vec<_>) =
                fields.into_iter().partition(|f| f.tag_name().namespace() == Some(NAMESPACE));
            assert!(fields.iter().all(|f| ["loc", "lastmod"].contains(&f.tag_name().name())));
            let text = |name: &str| {
                fields.iter().find(|f| f.tag_name().name() == name).map(|f| f.text().unwrap_or_default().to_owned())
            };
            let loc = text("loc").expect("a loc");
            let alternates: Vec<_> = links
                .iter()
                .map(|link| {
                    assert_eq!(
                        (link.tag_name().namespace(), link.tag_name().name(), link.attribute("rel")),
                        (Some(XHTML), "link", Some("alternate"))
                    );
                    (link.attribute("hreflang").unwrap().to_owned(), link.attribute("href").unwrap().to_owned())
                })
                .collect();
            if entry_name == "url" {
                let (en, ur) = both_addresses(&loc);
                let expected = vec![("en".into(), en.clone()), ("ur".into(), ur), ("x-default".into(), en)];
                assert_eq!(alternates, expected, "{loc}");
            } else {
                assert!(alternates.is_empty());
            }
            (loc, text("lastmod"))
        })
        .collect();
    (root.tag_name().name().to_owned(), entries)
}

/// The answer to a GET of `path`, after checking its status, type and caching.
async fn xml(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    assert_eq!(header("content-type").as_deref(), Some("application/xml; charset=utf-8"));
    assert_eq!(header("cache-control").as_deref(), Some("public, max-age=300"));
    response.text().await.unwrap()
}

/// Every URL the database says the sitemap lists, in order, each with its `lastmod`: each page in English,
/// then in Urdu.
async fn expected(app: &TestApp) -> Vec<Entry> {
    let origin = &app.config.public_url;
    let mut pages = vec![(format!("{origin}/"), None)];
    for (table, path) in [("categories", "category"), ("products", "product")] {
        let rows = app.sql_texts(&format!("SELECT id || ' ' || {W3C} AS t FROM {table} ORDER BY id")).await;
        pages.extend(rows.iter().map(|row| {
            let (id, at) = row.split_once(' ').unwrap();
            (format!("{origin}/{path}/{id}"), Some(at.to_owned()))
        }));
    }
    pages
        .into_iter()
        .flat_map(|(address, at)| [(address.clone(), at.clone()), (both_addresses(&address).1, at)])
        .collect()
}

async fn status_and_body(app: &TestApp, path: &str) -> (u16, serde_json::Value) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.json().await.unwrap_or_default())
}

#[tokio::test]
async fn the_sitemap_lists_home_then_every_category_and_product_once_with_its_last_change() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let clear = app.add_category("Clear cases", Some(cases)).await;
    let cables = app.add_category("Cables", None).await;
    for (name, category) in [("Clear case", clear), ("USB-C cable", cables), ("Leather case", cases)] {
        app.add_product(new_product(name, category, (999, None, 0), 3, false)).await;
    }
    app.sql("UPDATE products SET updated_at = '2026-11-24T10:15:00.999Z' WHERE name = 'USB-C cable'").await;

    let (root, entries) = parse(&xml(&app, "/sitemap.xml").await);

    assert_eq!(root, "urlset");
    let expected = expected(&app).await;
    assert_eq!(expected.len(), 14, "seven pages, each in two languages");
    assert_eq!(entries, expected);
    assert_eq!(entries[0], (format!("{}/", app.config.public_url), None), "home first, without a lastmod");
    assert_eq!(entries[1], (format!("{}/ur/", app.config.public_url), None), "then the Urdu home page");
    assert_eq!(
        entries[10..12],
        [
            (format!("{}/product/2", app.config.public_url), Some("2026-11-24T10:15:00Z".into())),
            (format!("{}/ur/product/2", app.config.public_url), Some("2026-11-24T10:15:00Z".into()))
        ],
        "the USB-C cable's time, to the second, in UTC, in both languages"
    );
    let unique: HashSet<_> = entries.iter().map(|(loc, _)| loc).collect();
    assert_eq!(unique.len(), entries.len(), "each URL once");
    for malformed in ["/sitemap-1.xml", "/sitemap-0.xml", "/sitemap-.xml", "/sitemap-x.xml"] {
        assert_eq!(
            status_and_body(&app, malformed).await,
            (404, json!({"message": "No such sitemap."})),
            "{malformed}"
        );
    }
}

#[tokio::test]
async fn a_price_change_moves_the_products_lastmod_at_once_though_the_sitemap_is_cached() {
    let app = spawn_app_with(&[("CATALOG_CACHE_MS", "3600000".to_owned())]).await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 2, false)).await;
    let other = app.add_product(new_product("Leather case", cases, (1999, None, 0), 2, false)).await;
    app.sql("UPDATE products SET updated_at = '2026-01-01T00:00:00Z'").await;
    let product = format!("{}/product/{id}", app.config.public_url);
    let lastmod = |entries: &[Entry], loc: &str| entries.iter().find(|(l, _)| l == loc).unwrap().1.clone().unwrap();
    let (_, before) = parse(&xml(&app, "/sitemap.xml").await);
    assert_eq!(lastmod(&before, &product), "2026-01-01T00:00:00Z");
    app.sql(&format!("UPDATE products SET updated_at = '2026-02-02T00:00:00Z' WHERE id = {other}")).await;
    assert_eq!(parse(&xml(&app, "/sitemap.xml").await).1, before, "kept in the cache: no change was announced");

    app.edit_as_clear_case(&cookie, id, cases, 1299, 2).await;
    let (_, after) = parse(&xml(&app, "/sitemap.xml").await);

    let stored = app.sql_texts(&format!("SELECT {W3C} AS t FROM products WHERE id = {id}")).await;
    assert_ne!(stored[0], "2026-01-01T00:00:00Z");
    assert_eq!(lastmod(&after, &product), stored[0]);
    assert_eq!(after, expected(&app).await);
}

#[tokio::test]
async fn past_fifty_thousand_urls_the_sitemap_is_an_index_of_parts_that_list_every_url_once_in_both_languages() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    // 25,001 products and a category: with home, 25,003 pages, 50,006 URLs in two languages, in two parts.
    // Their times are a permutation of the seconds of one day, so each part's newest is not simply its last.
    let inserted = app
        .sql(&format!(
            "INSERT INTO products (name, category_id, price_paisa, description, quantity, updated_at) \
             SELECT 'Case', {cases}, 99900, '', 1, \
                    timestamptz '2026-11-01T00:00:00Z' + ((n * 7919) % 86400) * interval '1 second' \
             FROM generate_series(1, 25001) AS n"
        ))
        .await;
    assert_eq!(inserted, 25_001);
    let expected = expected(&app).await;
    assert_eq!(expected.len(), 50_006);
    let origin = &app.config.public_url;

    // Every request made before any document is parsed: a part is 20 MB, and parsing it in a debug build
    // outlasts the server's keep-alive, while this test's one-thread runtime cannot notice the pooled
    // connection closing, so a request after it would go out on a closed connection.
    let documents =
        [xml(&app, "/sitemap.xml").await, xml(&app, "/sitemap-1.xml").await, xml(&app, "/sitemap-2.xml").await];
    for missing in ["/sitemap-3.xml", "/sitemap-0.xml", "/sitemap-02.xml", "/sitemap-99999999999999999999.xml"] {
        assert_eq!(status_and_body(&app, missing).await, (404, json!({"message": "No such sitemap."})), "{missing}");
    }
    let head = app.client.head(format!("{}/sitemap-2.xml", app.address)).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-type"], "application/xml; charset=utf-8");
    assert_eq!(head.text().await.unwrap(), "");
    let [(root, index), first, second] = documents.map(|document| parse(&document));

    let newest = |part: &[Entry]| part.iter().filter_map(|(_, at)| at.clone()).max();
    assert_eq!(root, "sitemapindex");
    assert_eq!(
        index,
        vec![
            (format!("{origin}/sitemap-1.xml"), newest(&expected[..LIMIT])),
            (format!("{origin}/sitemap-2.xml"), newest(&expected[LIMIT..])),
        ]
    );
    assert_eq!((first.0.as_str(), second.0.as_str()), ("urlset", "urlset"));
    assert_eq!((first.1.len(), second.1.len()), (LIMIT, 6));
    assert_eq!([first.1, second.1].concat(), expected, "together every URL once, in order");
}

#[tokio::test]
async fn the_sitemap_takes_get_and_head_only() {
    let app = spawn_app().await;

    let head = app.client.head(format!("{}/sitemap.xml", app.address)).send().await.unwrap();
    let post = app.client.post(format!("{}/sitemap.xml", app.address)).send().await.unwrap();
    let allow = post.headers().get("allow").map(|v| v.to_str().unwrap().to_owned());
    let delete = app.client.delete(format!("{}/sitemap-1.xml", app.address)).send().await.unwrap();

    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["cache-control"], "public, max-age=300");
    assert_eq!(head.text().await.unwrap(), "");
    assert_eq!(post.status(), 405);
    assert_eq!(allow.as_deref(), Some("GET, HEAD"));
    assert_eq!(
        post.json::<serde_json::Value>().await.unwrap(),
        json!({"message": "POST is not allowed here; use GET, HEAD."})
    );
    assert_eq!(delete.status(), 405);
}
