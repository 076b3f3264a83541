//! The pages as a link-preview fetcher or a search engine sees them (docs/seo.md): fetched without
//! JavaScript and read with an HTML parser: heads, JSON-LD, the product drawn in the body and its data,
//! 404s, the admin area without the shell, escaping, freshness after a change, validators and robots.txt.

use std::time::{Duration, Instant};

use domain::ids::ProductId;
use scraper::{Html, Selector};
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app, TestApp, SHOP_NAME};

const DEFAULT_DESCRIPTION: &str =
    "Phone cases, chargers and mobile accessories delivered across Pakistan. Cash on delivery.";

/// A page as fetched: status, headers and the parsed document.
struct Page {
    status: u16,
    headers: reqwest::header::HeaderMap,
    html: String,
    doc: Html,
}

impl Page {
    fn all(&self, selector: &str) -> Vec<scraper::ElementRef<'_>> {
        self.doc.select(&Selector::parse(selector).unwrap()).collect()
    }

    fn text(&self, selector: &str) -> String {
        let found = self.all(selector);
        assert_eq!(found.len(), 1, "one {selector}");
        found[0].text().collect()
    }

    fn attr(&self, selector: &str, name: &str) -> String {
        let found = self.all(selector);
        assert_eq!(found.len(), 1, "one {selector}");
        found[0].value().attr(name).unwrap_or_else(|| panic!("{selector} has {name}")).to_owned()
    }

    fn has(&self, selector: &str) -> bool {
        !self.all(selector).is_empty()
    }

    fn meta(&self, key: &str) -> String {
        let by_property = self.all(&format!("meta[property=\"{key}\"]"));
        let by_name = self.all(&format!("meta[name=\"{key}\"]"));
        let found: Vec<_> = by_property.into_iter().chain(by_name).collect();
        assert_eq!(found.len(), 1, "one meta {key}");
        found[0].value().attr("content").unwrap().to_owned()
    }

    fn title(&self) -> String {
        self.text("head > title")
    }

    fn json_ld(&self) -> Vec<Value> {
        self.all("script[type=\"application/ld+json\"]")
            .iter()
            .map(|s| serde_json::from_str(&s.text().collect::<String>()).expect("JSON-LD parses"))
            .collect()
    }
}

async fn fetch(address: &str, path: &str) -> Page {
    let response = reqwest::get(format!("{address}{path}")).await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let html = response.text().await.unwrap();
    let doc = Html::parse_document(&html);
    Page { status, headers, html, doc }
}

async fn page(app: &TestApp, path: &str) -> Page {
    fetch(&app.address, path).await
}

/// Three reviews of `product` (5, 4 and 4 stars: 4.3), each from its own order, approved by the admin.
async fn three_approved_reviews(app: &TestApp, product: ProductId) {
    let (uid, cookie) = app.customer("ayesha@example.pk").await;
    for stars in [5, 4, 4] {
        let body = json!({
            "userDetails": {
                "province": "Punjab", "city": "Lahore", "name": "Ayesha Khan", "phone1": "0300 1234567",
                "email": "ayesha@example.pk", "address": "House 12, Gulberg III"
            },
            "cart": [{"productId": product.to_string(), "quantity": 1, "price": 1299}],
            "subtotal": 1299, "deliveryCharge": 0, "coupon": null, "couponDiscount": 0, "total": 1299
        });
        let (status, placed) = app.place_order(&cookie, &body, None).await;
        assert_eq!(status, 201, "{placed}");
        let order = placed["order"]["_id"].as_str().unwrap();
        app.sql(&format!(
            "INSERT INTO reviews (product_id, order_id, customer_id, reviewer_name, rating) \
             VALUES ({product}, {order}, {uid}, 'Ayesha', {stars})"
        ))
        .await;
    }
    let admin = app.admin_cookie().await;
    let (_, reviews) = app.send(&admin, "GET", "/api/reviews/all", None).await;
    for review in reviews.as_array().unwrap_or_else(|| panic!("{reviews}")) {
        let id = review["_id"].as_str().unwrap();
        let body = Some(json!({"status": "approved"}));
        assert_eq!(app.send(&admin, "PATCH", &format!("/api/reviews/moderate/{id}"), body).await.0, 200);
    }
}

fn not_indexable(page: &Page) {
    assert_eq!(page.meta("robots"), "noindex");
    assert!(!page.has("link[rel=canonical]"));
}

#[tokio::test]
async fn the_home_page_names_the_shop_and_its_search() {
    let app = spawn_app().await;
    let origin = &app.config.public_url;

    let home = page(&app, "/").await;

    assert_eq!(home.status, 200);
    assert_eq!(home.headers["content-type"], "text/html; charset=utf-8");
    let title = format!("{SHOP_NAME} — Phone accessories in Pakistan");
    assert_eq!(home.title(), title);
    assert_eq!(home.meta("description"), DEFAULT_DESCRIPTION);
    assert_eq!(home.attr("link[rel=canonical]", "href"), format!("{origin}/"));
    assert!(!home.has("meta[name=robots]"));
    assert_eq!(home.meta("og:type"), "website");
    assert_eq!(home.meta("og:title"), title);
    assert_eq!(home.meta("og:site_name"), SHOP_NAME);
    assert_eq!(home.meta("og:url"), format!("{origin}/"));
    assert_eq!(
        home.json_ld(),
        [json!({
            "@context": "https://schema.org", "@type": "WebSite", "name": SHOP_NAME, "url": format!("{origin}/"),
            "potentialAction": {
                "@type": "SearchAction", "target": format!("{origin}/search?q={{search_term_string}}"),
                "query-input": "required name=search_term_string"
            }
        })]
    );
    assert!(home.has("header.site-header") && home.has("main#main"), "the storefront's shell");
    assert_eq!(home.all("head > title").len(), 1);
    assert!(!home.has("#page-data"));
}

#[tokio::test]
async fn a_discounted_product_with_reviews_is_drawn_with_its_head_offer_rating_and_data() {
    let app = spawn_app().await;
    let origin = &app.config.public_url;
    let cases = app.add_category("Cases", None).await;
    let mut product = new_product("Armour Case", cases, (1499, Some(1299), 0), 10, false);
    product.description = "Drop-tested   armour\nfor your phone.".into();
    product.free_delivery = true;
    let id = app.add_product(product).await;
    three_approved_reviews(&app, id).await;
    let (_, api) = app.get_json(&format!("/api/products/{id}")).await;
    let url = format!("{origin}/product/{id}");
    let n = "Armour Case".len();

    let shown = page(&app, &format!("/product/{id}")).await;

    assert_eq!(shown.status, 200);
    assert_eq!(shown.title(), "Armour Case");
    assert_eq!(shown.meta("description"), "Drop-tested armour for your phone.");
    assert_eq!(shown.attr("link[rel=canonical]", "href"), url);
    assert!(!shown.has("meta[name=robots]"));
    for (key, value) in [
        ("og:type", "product".to_owned()),
        ("og:site_name", SHOP_NAME.to_owned()),
        ("og:title", "Armour Case".to_owned()),
        (
            "og:description",
            "Rs 1,299 (was Rs 1,499), free delivery, cash on delivery across Pakistan. Drop-tested armour for your \
             phone."
                .to_owned(),
        ),
        ("og:url", url.clone()),
        ("og:image", format!("{origin}/media/{n}-640.webp")),
        ("og:image:width", "640".to_owned()),
        ("og:image:alt", "Armour Case".to_owned()),
        ("product:price:amount", "1299.00".to_owned()),
        ("product:price:currency", "PKR".to_owned()),
        ("product:availability", "in stock".to_owned()),
        ("twitter:card", "summary_large_image".to_owned()),
        ("twitter:title", "Armour Case".to_owned()),
        (
            "twitter:description",
            "Rs 1,299 (was Rs 1,499), free delivery, cash on delivery across Pakistan. Drop-tested armour for your \
             phone."
                .to_owned(),
        ),
        ("twitter:image", format!("{origin}/media/{n}-640.webp")),
    ] {
        assert_eq!(shown.meta(key), value, "{key}");
    }
    assert_eq!(
        shown.json_ld(),
        [json!({
            "@context": "https://schema.org", "@type": "Product", "name": "Armour Case",
            "description": "Drop-tested   armour\nfor your phone.", "sku": id.to_string(),
            "image": [format!("{origin}/media/{n}.webp")], "category": "Cases", "url": url,
            "offers": {
                "@type": "Offer", "price": "1299.00", "priceCurrency": "PKR",
                "availability": "https://schema.org/InStock", "itemCondition": "https://schema.org/NewCondition",
                "url": url
            },
            "aggregateRating": {
                "@type": "AggregateRating", "ratingValue": 4.3, "reviewCount": 3, "bestRating": 5, "worstRating": 1
            }
        })]
    );

    // The body: the product page as the app first draws it.
    assert_eq!(shown.text("main#main > .product-route > article.product-page h1#product-name"), "Armour Case");
    assert_eq!(shown.attr(".gallery", "aria-label"), "Pictures of Armour Case");
    assert_eq!(shown.attr("img.gallery__media", "src"), format!("{origin}/media/{n}.webp"));
    assert_eq!(
        shown.attr("img.gallery__media", "srcset"),
        format!("{origin}/media/{n}-320.webp 320w, {origin}/media/{n}-640.webp 640w, {origin}/media/{n}.webp 800w")
    );
    assert_eq!(shown.attr("img.gallery__media", "alt"), "Armour Case");
    assert_eq!(shown.attr("img.gallery__media", "width"), "800");
    assert_eq!(shown.attr("img.gallery__media", "fetchpriority"), "high");
    assert!(!shown.has(".gallery__thumbs"), "one picture has no thumbnails");
    assert_eq!(shown.attr(".product-page__rating .stars", "aria-label"), "Rated 4.3 out of 5");
    assert_eq!(shown.all(".product-page__rating .star--full").len(), 4);
    assert_eq!(shown.all(".product-page__rating .star--half").len(), 1);
    assert_eq!(shown.text(".product-page__rating a[href=\"#reviews\"]"), "(3 reviews)");
    assert_eq!(shown.text(".badge--delivery"), "Free Delivery");
    assert_eq!(shown.text(".badge--sale"), format!("{}% OFF", api["discount"]));
    assert_eq!(shown.text(".product-page__price"), "Price: Rs 1,299 Original price: Rs 1,499");
    assert_eq!(shown.text(".product-page__stock.product-page__stock--in"), "In Stock");
    assert!(shown.all(".product-cart__add")[0].value().attr("disabled").is_none());
    assert_eq!(shown.text(".product-page__description p"), "Drop-tested   armour\nfor your phone.");

    // The data: the API's answer, byte for byte.
    let data = shown.text("script#page-data[type=\"application/json\"]");
    assert_eq!(serde_json::from_str::<Value>(&data).unwrap(), json!({"product": api}));
    let api_bytes = app.get(&format!("/api/products/{id}")).await.text().await.unwrap();
    assert_eq!(data, format!("{{\"product\":{api_bytes}}}"));
}

#[tokio::test]
async fn a_product_without_reviews_has_no_rating_and_one_out_of_stock_says_so() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let plain = app.add_product(new_product("Plain Case", cases, (850, None, 0), 2, false)).await;
    let mut gone = new_product("Gone Case", cases, (500, None, 0), 0, false);
    gone.description = "  ".into();
    gone.media.clear();
    let gone = app.add_product(gone).await;

    let plain = page(&app, &format!("/product/{plain}")).await;
    let gone = page(&app, &format!("/product/{gone}")).await;

    let offer = &plain.json_ld()[0];
    assert!(offer.get("aggregateRating").is_none(), "{offer}");
    assert!(!plain.has(".product-page__rating") && !plain.has(".product-page__badges"));
    assert_eq!(plain.text(".product-page__price"), "Price: Rs 850");
    assert_eq!(plain.text(".product-page__stock--low"), "Only 2 left!");

    assert_eq!(gone.status, 200);
    assert_eq!(gone.meta("product:availability"), "out of stock");
    assert_eq!(gone.json_ld()[0]["offers"]["availability"], "https://schema.org/OutOfStock");
    assert_eq!(gone.json_ld()[0]["image"], json!([]));
    assert_eq!(gone.meta("description"), "Buy Gone Case for Rs 500 with cash on delivery across Pakistan.");
    assert!(!gone.has("meta[property^=\"og:image\"]") && !gone.has("meta[name=\"twitter:image\"]"));
    assert_eq!(gone.meta("twitter:card"), "summary");
    assert_eq!(gone.text(".product-page__stock--out"), "Out of Stock");
    assert_eq!(gone.text(".gallery__empty"), "No image");
    assert_eq!(gone.all(".product-cart__add")[0].value().attr("disabled"), Some(""));
}

#[tokio::test]
async fn an_urdu_product_page_is_drawn_in_urdu_from_the_first_byte() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let plain = app.add_product(new_product("Plain Case", cases, (1850, None, 0), 2, false)).await;
    let mut gone = new_product("Gone Case", cases, (500, None, 0), 0, false);
    gone.media.clear();
    let gone = app.add_product(gone).await;

    let plain = page(&app, &format!("/ur/product/{plain}")).await;
    let gone = page(&app, &format!("/ur/product/{gone}")).await;

    // The product catalogue's Urdu (frontend/src/i18n/ur/product.json, products.json), as the app draws it.
    assert_eq!(plain.text(".product-page__price"), "قیمت: Rs\u{a0}1,850");
    assert_eq!(plain.text(".product-page__stock--low"), "صرف 2 باقی!");
    assert_eq!(plain.text(".product-cart__add"), "ٹوکری میں ڈالیں");
    assert_eq!(plain.text("#product-description-title"), "تفصیل");
    assert_eq!(plain.attr(".gallery", "aria-label"), "Plain Case کی تصاویر");
    assert_eq!(gone.text(".product-page__stock--out"), "اسٹاک ختم");
    assert_eq!(gone.text(".gallery__empty"), "تصویر نہیں");
}

#[tokio::test]
async fn a_sub_category_has_its_breadcrumbs_and_counts_its_products() {
    let app = spawn_app().await;
    let origin = &app.config.public_url;
    let cases = app.add_category("Cases", None).await;
    let clear = app.add_category("Clear cases", Some(cases)).await;
    app.add_product(new_product("Clear One", clear, (700, None, 0), 5, false)).await;
    let n = "Clear One".len();

    let child = page(&app, &format!("/category/{clear}")).await;
    let parent = page(&app, &format!("/category/000{cases}")).await;

    assert_eq!(child.status, 200);
    assert_eq!(child.title(), "Clear cases");
    let description = format!("Shop Clear cases at {SHOP_NAME}: 1 product, cash on delivery across Pakistan.");
    assert_eq!(child.meta("description"), description);
    assert_eq!(child.attr("link[rel=canonical]", "href"), format!("{origin}/category/{clear}"));
    assert_eq!(child.meta("og:type"), "website");
    assert_eq!(child.meta("og:title"), "Clear cases");
    assert_eq!(child.meta("og:description"), description);
    assert_eq!(child.meta("og:url"), format!("{origin}/category/{clear}"));
    assert_eq!(child.meta("og:image"), format!("{origin}/media/{n}-640.webp"));
    let crumb = |position: u32, name: &str, item: String| json!({"@type": "ListItem", "position": position, "name": name, "item": item});
    assert_eq!(
        child.json_ld(),
        [json!({
            "@context": "https://schema.org", "@type": "BreadcrumbList",
            "itemListElement": [
                crumb(1, "Home", format!("{origin}/")),
                crumb(2, "Cases", format!("{origin}/category/{cases}")),
                crumb(3, "Clear cases", format!("{origin}/category/{clear}")),
            ]
        })]
    );
    assert!(!child.has("#page-data") && !child.has(".product-route"), "the app draws the grid");

    assert_eq!(parent.attr("link[rel=canonical]", "href"), format!("{origin}/category/{cases}"));
    assert_eq!(
        parent.meta("description"),
        format!("Shop Cases at {SHOP_NAME}: 1 product, cash on delivery across Pakistan.")
    );
    assert_eq!(parent.json_ld()[0]["itemListElement"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn unknown_or_malformed_ids_and_unknown_paths_are_404_pages_not_indexed() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;

    for (path, title) in [
        ("/product/999999", "Product not found"),
        ("/product/abc", "Product not found"),
        ("/product/0", "Product not found"),
        ("/category/999999", "Category not found"),
        ("/category/-1", "Category not found"),
        ("/no-such-page", "Page not found"),
        ("/product/1/more", "Page not found"),
        ("/index.html", "Page not found"),
        ("/admin/no-such-page", "Page not found"),
    ] {
        let shown = page(&app, path).await;

        assert_eq!(shown.status, 404, "{path}");
        assert_eq!(shown.headers["content-type"], "text/html; charset=utf-8", "{path}");
        assert_eq!(shown.title(), title, "{path}");
        not_indexable(&shown);
        assert!(shown.json_ld().is_empty() && !shown.has("#page-data"), "{path}");
    }
    assert!(page(&app, "/no-such-page").await.has("header.site-header"));
    assert!(!page(&app, "/admin/no-such-page").await.has("header.site-header"));
    assert_eq!(page(&app, &format!("/category/{cases}")).await.status, 200);
}

#[tokio::test]
async fn the_other_pages_have_their_titles_and_the_admin_area_has_no_shell() {
    let app = spawn_app().await;
    let origin = &app.config.public_url;

    let products = page(&app, "/products").await;
    let cart = page(&app, "/cart/").await;
    let search = page(&app, "/search?q=%20%20clear%20case%20").await;
    let checkout = page(&app, "/checkout").await;
    let admin_login = page(&app, "/admin/login").await;
    let coupons = page(&app, "/admin/coupons").await;
    let edit = page(&app, "/admin/edit-product/7").await;

    assert_eq!(products.title(), "All Products");
    assert_eq!(products.attr("link[rel=canonical]", "href"), format!("{origin}/products"));
    assert_eq!(cart.title(), "Cart Overview");
    assert_eq!(cart.attr("link[rel=canonical]", "href"), format!("{origin}/cart"));
    assert_eq!(search.title(), "Search Results for \"clear case\"");
    assert_eq!(search.meta("robots"), "noindex, follow");
    assert!(!search.has("link[rel=canonical]"));
    for (shown, title) in
        [(&checkout, "Checkout"), (&admin_login, "Admin Login"), (&coupons, SHOP_NAME), (&edit, SHOP_NAME)]
    {
        assert_eq!(shown.status, 200);
        assert_eq!(shown.title(), title);
        assert_eq!(shown.meta("description"), DEFAULT_DESCRIPTION);
        not_indexable(shown);
    }
    assert!(checkout.has("header.site-header") && admin_login.has("header.site-header"));
    for admin in [&coupons, &edit] {
        assert!(!admin.has("header.site-header") && !admin.has("main") && !admin.has("footer"));
        assert!(!admin.html.contains("<!--shell-->"));
        assert_eq!(admin.all("#root").len(), 1);
    }
}

#[tokio::test]
async fn a_hostile_product_name_stays_text() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let name = "</script><script>alert(1)</script> \"<&' \u{2028}";
    let mut product = new_product(name, cases, (999, None, 0), 5, false);
    product.description = format!("{name} -->");
    let id = app.add_product(product).await;
    let ordinary = app.add_product(new_product("Ordinary", cases, (999, None, 0), 5, false)).await;

    let hostile = page(&app, &format!("/product/{id}")).await;
    let plain = page(&app, &format!("/product/{ordinary}")).await;

    assert_eq!(hostile.status, 200);
    assert_eq!(hostile.all("script").len(), plain.all("script").len(), "no script element was added");
    assert_eq!(hostile.title(), name);
    assert_eq!(hostile.meta("og:title"), name);
    assert_eq!(hostile.text("h1#product-name"), name);
    assert_eq!(hostile.attr("img.gallery__media", "alt"), name);
    assert_eq!(hostile.json_ld()[0]["name"], name);
    let data: Value = serde_json::from_str(&hostile.text("script#page-data")).unwrap();
    assert_eq!(data["product"]["name"], name);
    assert_eq!(data["product"]["description"], format!("{name} -->"));
    assert!(hostile.html.contains("<!--/page-head-->"), "the markers' comments are intact");
}

/// Fetches `path` from `address` until its `og:price` is `price`, for at most `within`; answers how long.
async fn wait_for_price(address: &str, path: &str, price: &str, within: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let shown = fetch(address, path).await;
        if shown.meta("product:price:amount") == price {
            return start.elapsed();
        }
        assert!(start.elapsed() < within, "{path} still shows {}", shown.meta("product:price:amount"));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_price_change_is_in_the_next_page_here_and_within_the_cache_lifetime_elsewhere() {
    let app = spawn_app().await;
    let second = app_server::start(&app.config).await.expect("a second instance starts");
    let second_address = format!("http://{}", second.addr);
    let second_server = second.server.handle();
    tokio::spawn(second.until_stopped());
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 5, false)).await;
    let path = format!("/product/{id}");
    assert_eq!(page(&app, &path).await.meta("product:price:amount"), "999.00");
    assert_eq!(fetch(&second_address, &path).await.meta("product:price:amount"), "999.00", "cached there");

    app.edit_as_clear_case(&cookie, id, cases, 1299, 5).await;

    let here = page(&app, &path).await;
    assert_eq!(here.meta("product:price:amount"), "1299.00", "at once on the instance that changed it");
    assert_eq!(here.text(".product-page__price strong"), "Rs 1,299");
    let lifetime = Duration::from_millis(app.config.catalog_cache_ms);
    let took = wait_for_price(&second_address, &path, "1299.00", lifetime + Duration::from_secs(5)).await;
    assert!(took <= lifetime + Duration::from_millis(500), "seen after {took:?}");
    second_server.stop(true).await;
}

#[tokio::test]
async fn pages_are_revalidated_with_an_etag() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 5, false)).await;
    let path = format!("{}/product/{id}", app.address);
    let first = page(&app, &format!("/product/{id}")).await;
    let etag = first.headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(first.headers["cache-control"], "no-cache");
    assert!(etag.starts_with("W/\"") && etag.ends_with('"') && etag.len() == 36, "{etag}");

    let again = app.client.get(&path).header("if-none-match", &etag).send().await.unwrap();
    let other = app.client.get(&path).header("if-none-match", "\"0123\"").send().await.unwrap();
    let strong = etag.trim_start_matches("W/");
    let head = app.client.head(&path).header("if-none-match", format!("\"0123\", {strong}")).send().await.unwrap();

    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], etag.as_str());
    assert_eq!(again.headers()["cache-control"], "no-cache");
    assert_eq!(again.text().await.unwrap(), "");
    assert_eq!(other.status(), 200);
    assert_eq!(other.text().await.unwrap(), first.html);
    assert_eq!(head.status(), 304);
    assert_eq!(page(&app, "/").await.headers["cache-control"], "no-cache");
}

#[tokio::test]
async fn a_rebuilt_front_end_is_served_without_a_restart_with_its_route_chunks_preloaded() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 5, false)).await;
    let before = page(&app, &format!("/product/{id}")).await;
    assert!(!before.has("link[rel=modulepreload]"), "no manifest, no preloads");
    let dist = &app.config.spa_dir;
    std::fs::create_dir_all(dist.join(".vite")).unwrap();
    std::fs::write(
        dist.join(".vite/manifest.json"),
        json!({
            "index.html": {"file": "assets/index-abc123.js", "isEntry": true, "imports": ["_vendor-v.js"]},
            "_vendor-v.js": {"file": "assets/vendor-v.js"},
            "_grid-g.js": {"file": "assets/grid-g.js", "imports": ["_vendor-v.js"]},
            "src/app/routes/product.tsx": {"file": "assets/product-p.js", "imports": ["index.html", "_grid-g.js"]},
            "src/app/routes/category.tsx": {"file": "assets/category-c.js", "imports": ["_grid-g.js"]}
        })
        .to_string(),
    )
    .unwrap();
    let index = std::fs::read_to_string(dist.join("index.html")).unwrap();
    std::fs::write(dist.join("index.html"), index.replace(SHOP_NAME, "Rebuilt Shop")).unwrap();

    let product = page(&app, &format!("/product/{id}")).await;
    let category = page(&app, &format!("/category/{cases}")).await;
    let home = page(&app, "/").await;

    let preloads = |page: &Page| -> Vec<String> {
        page.all("head link[rel=modulepreload]").iter().map(|l| l.value().attr("href").unwrap().to_owned()).collect()
    };
    assert_eq!(preloads(&product), ["/assets/product-p.js", "/assets/grid-g.js"]);
    assert_eq!(preloads(&category), ["/assets/category-c.js", "/assets/grid-g.js"]);
    assert!(preloads(&home).is_empty());
    assert_eq!(home.title(), "Rebuilt Shop — Phone accessories in Pakistan");
    assert_eq!(product.meta("og:site_name"), "Rebuilt Shop");
}

#[tokio::test]
async fn without_a_built_front_end_pages_are_503_and_robots_still_answer() {
    let app = spawn_app().await;
    std::fs::remove_file(app.config.spa_dir.join("index.html")).unwrap();

    let (status, body) = app.get_json("/product/1").await;
    let robots = app.get("/robots.txt").await;

    assert_eq!(status, 503, "{body}");
    assert_eq!(robots.status(), 200);
}

#[tokio::test]
async fn robots_txt_keeps_crawlers_out_of_the_pages_that_are_not_indexed() {
    let app = spawn_app().await;

    let robots = app.get("/robots.txt").await;

    assert_eq!(robots.status(), 200);
    assert_eq!(robots.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(robots.headers()["cache-control"], "public, max-age=3600");
    assert_eq!(
        robots.text().await.unwrap(),
        format!(
            "User-agent: *\nDisallow: /admin\nDisallow: /api/\nDisallow: /checkout\nDisallow: /orders\n\
             Disallow: /order-confirmation\nDisallow: /confirm-order\nDisallow: /login\nDisallow: /signup\n\
             Disallow: /forgot-password\nDisallow: /reset-password\nDisallow: /add-review\nDisallow: /review\n\
             Disallow: /internal-review\nDisallow: /search\nDisallow: /ur/checkout\nDisallow: /ur/orders\n\
             Disallow: /ur/order-confirmation\nDisallow: /ur/confirm-order\nDisallow: /ur/login\nDisallow: /ur/signup\n\
             Disallow: /ur/forgot-password\nDisallow: /ur/reset-password\nDisallow: /ur/add-review\n\
             Disallow: /ur/review\nDisallow: /ur/internal-review\nDisallow: /ur/search\n\nSitemap: {}/sitemap.xml\n",
            app.config.public_url
        )
    );
}

/// The `hreflang` alternates of a page: (language, address), in order.
fn alternates(page: &Page) -> Vec<(String, String)> {
    page.all("head link[rel=alternate][hreflang]")
        .iter()
        .map(|l| (l.value().attr("hreflang").unwrap().to_owned(), l.value().attr("href").unwrap().to_owned()))
        .collect()
}

fn alternates_of(origin: &str, route: &str, urdu: &str) -> Vec<(String, String)> {
    [("en", format!("{origin}{route}")), ("ur", format!("{origin}{urdu}")), ("x-default", format!("{origin}{route}"))]
        .into_iter()
        .map(|(language, href)| (language.to_owned(), href))
        .collect()
}

#[tokio::test]
async fn urdu_pages_are_right_to_left_under_ur_and_every_indexable_page_names_both_languages() {
    let app = spawn_app().await;
    let origin = &app.config.public_url;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 0), 5, false)).await;

    let home = page(&app, "/ur/").await;
    let bare = page(&app, "/ur").await;
    let english = page(&app, "/").await;
    let product = page(&app, &format!("/ur/product/{id}")).await;
    let category = page(&app, &format!("/ur/category/{cases}")).await;
    let cart = page(&app, "/ur/cart").await;
    let checkout = page(&app, "/ur/checkout").await;
    let admin = page(&app, "/ur/admin/orders").await;
    let missing = page(&app, "/ur/nothing-here").await;

    assert_eq!((home.status, bare.status), (200, 200));
    assert!(home.html.contains("<html lang=\"ur\" dir=\"rtl\">"), "{}", home.html);
    assert!(english.html.contains("<html lang=\"en\">"));
    assert_eq!(home.title(), format!("{SHOP_NAME} — پاکستان میں موبائل لوازمات"));
    assert_eq!(home.attr("link[rel=canonical]", "href"), format!("{origin}/ur/"));
    assert_eq!(home.meta("og:url"), format!("{origin}/ur/"));
    assert_eq!(alternates(&home), alternates_of(origin, "/", "/ur/"));
    assert_eq!(english.attr("link[rel=canonical]", "href"), format!("{origin}/"));
    assert_eq!(alternates(&english), alternates_of(origin, "/", "/ur/"));
    assert_eq!(english.headers["vary"], "cookie");

    assert_eq!(product.status, 200);
    assert!(product.html.contains("dir=\"rtl\""));
    assert_eq!(product.attr("link[rel=canonical]", "href"), format!("{origin}/ur/product/{id}"));
    assert_eq!(alternates(&product), alternates_of(origin, &format!("/product/{id}"), &format!("/ur/product/{id}")));
    assert_eq!(alternates(&page(&app, &format!("/product/{id}")).await), alternates(&product));
    assert_eq!(category.attr("link[rel=canonical]", "href"), format!("{origin}/ur/category/{cases}"));
    assert_eq!(
        alternates(&category),
        alternates_of(origin, &format!("/category/{cases}"), &format!("/ur/category/{cases}"))
    );

    assert_eq!(cart.title(), "آپ کی ٹوکری");
    assert_eq!(cart.attr("link[rel=canonical]", "href"), format!("{origin}/ur/cart"));
    assert_eq!(alternates(&cart), alternates_of(origin, "/cart", "/ur/cart"));
    assert_eq!(checkout.title(), "چیک آؤٹ");
    not_indexable(&checkout);
    assert!(alternates(&checkout).is_empty());
    // The management area stays English: it has no Urdu pages.
    assert_eq!((admin.status, admin.title()), (404, "صفحہ نہیں ملا".to_owned()));
    assert_eq!(missing.status, 404);
}

#[tokio::test]
async fn the_lang_cookie_sends_an_urdu_shopper_from_the_home_page_on_to_the_urdu_one() {
    let app = spawn_app().await;
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let home = |cookie: &'static str| client.get(format!("{}/", app.address)).header("cookie", cookie).send();

    let urdu = home("theme=dark; lang=ur").await.unwrap();
    let english = home("lang=en").await.unwrap();
    let cart = client.get(format!("{}/cart", app.address)).header("cookie", "lang=ur").send().await.unwrap();

    assert_eq!(urdu.status(), 302);
    assert_eq!(urdu.headers()["location"], "/ur/");
    assert_eq!(urdu.headers()["vary"], "cookie");
    assert_eq!(english.status(), 200);
    // Only the home page follows the cookie: a shared English link stays English.
    assert_eq!(cart.status(), 200);
}

#[tokio::test]
async fn urdu_pages_name_a_product_and_a_category_in_urdu_where_the_owner_wrote_it() {
    use application::catalog::model::{NewCategory, NewProduct};
    use application::catalog::ports::CatalogWriter;
    use domain::category::CategoryName;

    let app = spawn_app().await;
    let origin = &app.config.public_url;
    let chargers = app
        .catalogue()
        .create_category(NewCategory {
            name: CategoryName::parse("Chargers").unwrap(),
            name_ur: CategoryName::parse_urdu("چارجرز").unwrap(),
            parent: None,
        })
        .await
        .unwrap();
    let plain = app.add_category("Cables", None).await;
    let charger = new_product("20W Fast Charger", chargers, (1500, None, 0), 5, false);
    let id = app
        .add_product(NewProduct {
            name_ur: Some("تیز چارجر".into()),
            description_ur: Some("بیس واٹ کا تیز چارجر۔".into()),
            ..charger
        })
        .await;
    let cable = app.add_product(new_product("USB-C Cable", plain, (500, None, 0), 5, false)).await;

    let urdu = page(&app, &format!("/ur/product/{id}")).await;
    let english = page(&app, &format!("/product/{id}")).await;
    let category = page(&app, &format!("/ur/category/{chargers}")).await;
    let untranslated = page(&app, &format!("/ur/product/{cable}")).await;
    let untranslated_category = page(&app, &format!("/ur/category/{plain}")).await;

    assert_eq!(urdu.title(), "تیز چارجر");
    assert_eq!(urdu.meta("description"), "بیس واٹ کا تیز چارجر۔");
    assert_eq!((urdu.meta("og:title"), urdu.meta("twitter:title")), ("تیز چارجر".to_owned(), "تیز چارجر".to_owned()));
    let product_ld = &urdu.json_ld()[0];
    assert_eq!(
        (product_ld["name"].clone(), product_ld["description"].clone(), product_ld["category"].clone()),
        (json!("تیز چارجر"), json!("بیس واٹ کا تیز چارجر۔"), json!("چارجرز"))
    );
    assert_eq!(product_ld["url"], format!("{origin}/ur/product/{id}"));
    assert_eq!(english.title(), "20W Fast Charger", "the English page is unchanged");
    assert_eq!(english.meta("description"), "About 20W Fast Charger");
    assert_eq!(english.json_ld()[0]["name"], "20W Fast Charger");

    assert_eq!(category.title(), "چارجرز");
    assert_eq!(
        category.meta("description"),
        format!("{SHOP_NAME} پر چارجرز: ایک چیز، پورے پاکستان میں ادائیگی بوقتِ وصولی۔")
    );
    assert_eq!(category.json_ld()[0]["itemListElement"][1]["name"], "چارجرز");
    assert_eq!(page(&app, &format!("/category/{chargers}")).await.title(), "Chargers");

    // Without Urdu texts an Urdu page shows the English ones.
    assert_eq!(untranslated.title(), "USB-C Cable");
    assert_eq!(untranslated.json_ld()[0]["name"], "USB-C Cable");
    assert_eq!(untranslated_category.title(), "Cables");
}
