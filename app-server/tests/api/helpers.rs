//! `spawn_app`: the real server on port 0 with a fresh database, a media directory and a tiny front end.

use std::path::PathBuf;
use std::sync::Arc;

use adapters_http::ResponseCache;
use adapters_mail::test_support::SmtpSink;
use adapters_postgres::test_support::TestDb;
use adapters_postgres::{PgCatalogRepository, PgCouponRepository, PgPool, PgSettingsRepository};
use app_server::Config;
use application::catalog::model::{NewCategory, NewProduct};
use application::catalog::ports::CatalogWriter;
use application::coupons::ports::CouponRepository;
use application::media::model::{Media, MediaKind, MediaVariant};
use application::settings::ports::SettingsRepository;
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::pricing::PriceTag;

/// A directory removed when dropped.
pub struct ScratchDir(pub PathBuf);

impl ScratchDir {
    pub fn new(prefix: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("{prefix}-{}-{}", std::process::id(), rand_suffix()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The admin every test app is set up with.
pub const ADMIN_EMAIL: &str = "owner@shop.test";
pub const ADMIN_PASSWORD: &str = "correct-horse-9";

/// The index page of the stand-in front end, with the markers of a build (docs/seo.md): the shop's name, the
/// default head, the storefront's shell around the main content (with the place of the shop info), and the
/// place of the page's data.
pub const INDEX_HTML: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
    <meta name=\"application-name\" content=\"Test Accessories\" />\n    <!--page-head-->\n    \
    <title>Mobile Accessories</title>\n    <meta name=\"description\" content=\"Phone cases, chargers and mobile \
    accessories delivered across Pakistan. Cash on delivery.\" />\n    <!--/page-head-->\n    \
    <script type=\"module\" crossorigin src=\"/assets/index-abc123.js\"></script>\n  </head>\n  <body>\n    \
    <div id=\"root\"><!--shell--><a class=\"skip-link\" href=\"#main\">Skip to main content</a>\
    <header class=\"site-header\">Test Accessories</header><div id=\"shop-info\" class=\"shop-info\"><!--shop-info--></div>\
    <main id=\"main\" class=\"site-main\" tabindex=\"-1\">\
    <!--page-main--></main><footer class=\"site-footer\">Cash on delivery</footer><!--/shell--></div>\n    \
    <!--page-data-->\n  </body>\n</html>\n";

/// The shop's name the stand-in front end was built with.
pub const SHOP_NAME: &str = "Test Accessories";

pub struct TestApp {
    pub address: String,
    /// The SMTP server the app sends through; `stop` and `restart` it to test delivery retries.
    pub smtp: SmtpSink,
    pub client: reqwest::Client,
    pub config: Config,
    /// The server's cache of public catalogue answers.
    pub catalog_cache: Arc<ResponseCache>,
    server: actix_web::dev::ServerHandle,
    pool: PgPool,
    _db: TestDb,
    _media: ScratchDir,
    _spa: ScratchDir,
}

/// Starts the application against a new database.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Starts the application against a new database with further configuration variables.
pub async fn spawn_app_with(extra: &[(&'static str, String)]) -> TestApp {
    let smtp = SmtpSink::start().await;
    let db = TestDb::new();
    let media = ScratchDir::new("shop-media");
    let spa = ScratchDir::new("shop-spa");
    std::fs::write(spa.0.join("index.html"), INDEX_HTML).unwrap();
    // The Urdu pages' template, as the build writes it beside index.html.
    std::fs::write(
        spa.0.join("index.ur.html"),
        INDEX_HTML.replace("<html lang=\"en\">", "<html lang=\"ur\" dir=\"rtl\">"),
    )
    .unwrap();
    std::fs::create_dir_all(spa.0.join("assets")).unwrap();
    std::fs::write(spa.0.join("assets/index-abc123.js"), "console.log('shop')").unwrap();
    let mut vars = vec![
        ("DATABASE_URL", db.url().to_owned()),
        ("BIND_ADDR", "127.0.0.1:0".to_owned()),
        ("MEDIA_DIR", media.0.display().to_string()),
        ("FRONTEND_DIST", spa.0.display().to_string()),
        ("DB_POOL_SIZE", "4".to_owned()),
        ("WORKERS", "2".to_owned()),
        ("ADMIN_EMAIL", ADMIN_EMAIL.to_owned()),
        ("ADMIN_PASSWORD", ADMIN_PASSWORD.to_owned()),
        ("LOGIN_MAX_FAILURES", "5".to_owned()),
        ("SMTP_URL", smtp.url()),
        ("MAIL_FROM", "Mobile Accessories <shop@localhost>".to_owned()),
        ("OUTBOX_POLL_MS", "100".to_owned()),
        ("OUTBOX_RETRY_BASE_MS", "200".to_owned()),
    ];
    vars.extend(extra.iter().cloned());
    let config = Config::from_vars(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone())).unwrap();
    let running = app_server::start(&config).await.expect("the app starts");
    let server = running.server.handle();
    tokio::spawn(running.server);
    TestApp {
        catalog_cache: running.catalog_cache,
        smtp,
        server,
        address: format!("http://{}", running.addr),
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
        pool: db.pool(),
        config,
        _db: db,
        _media: media,
        _spa: spa,
    }
}

/// Each test's server stops with the test, so no worker of it is left inside libpq when the binary exits.
impl Drop for TestApp {
    fn drop(&mut self) {
        drop(self.server.stop(false));
    }
}

/// The `Set-Cookie` header a response sets for cookie `name`, whole (value and attributes).
pub fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(str::to_owned)
}

impl TestApp {
    /// A request carrying `cookie` (a `Cookie` header value), with a JSON body when given; answers the status
    /// and the JSON answer.
    pub async fn send(
        &self,
        cookie: &str,
        method: &str,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request =
            self.client.request(method.parse().unwrap(), format!("{}{path}", self.address)).header("cookie", cookie);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        (response.status().as_u16(), response.json().await.unwrap())
    }

    /// GET /api/auth/me with a customer's `Cookie` header value.
    pub async fn me(&self, cookie: &str) -> (u16, serde_json::Value) {
        self.send(cookie, "GET", "/api/auth/me", None).await
    }

    /// Waits up to 15 s until the SMTP sink holds `count` messages; answers whether it does.
    pub async fn delivered(&self, count: usize) -> bool {
        for _ in 0..150 {
            if self.smtp.messages().len() >= count {
                return true;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        false
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.address)).send().await.expect("the request is answered")
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        assert_eq!(
            response.headers().get("content-type").and_then(|v| v.to_str().ok()),
            Some("application/json"),
            "{path} must answer JSON"
        );
        (status, response.json().await.expect("a JSON body"))
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let response = self
            .client
            .post(format!("{}{path}", self.address))
            .json(body)
            .send()
            .await
            .expect("the request is answered");
        let status = response.status().as_u16();
        assert_eq!(
            response.headers().get("content-type").and_then(|v| v.to_str().ok()),
            Some("application/json"),
            "{path} must answer JSON"
        );
        (status, response.json().await.expect("a JSON body"))
    }

    /// How many e-mails the outbox holds, by state.
    pub async fn outbox_counts(&self) -> application::mail::ports::OutboxCounts {
        use application::mail::ports::MailOutbox;
        adapters_postgres::PgMailOutbox::new(self.pool.clone()).counts().await.unwrap()
    }

    pub async fn add_coupon(&self, coupon: domain::coupon::Coupon) {
        PgCouponRepository::new(self.pool.clone()).create(coupon).await.unwrap();
    }

    /// Signs the admin in; answers the `Cookie` header value that carries the session.
    pub async fn admin_cookie(&self) -> String {
        admin_login(&self.client, &self.address).await
    }

    pub fn catalogue(&self) -> PgCatalogRepository {
        PgCatalogRepository::new(self.pool.clone())
    }

    pub async fn add_category(&self, name: &str, parent: Option<CategoryId>) -> CategoryId {
        self.catalogue()
            .create_category(NewCategory {
                name: domain::category::CategoryName::parse(name).unwrap(),
                name_ur: None,
                parent,
            })
            .await
            .unwrap()
    }

    pub async fn add_product(&self, product: NewProduct) -> ProductId {
        self.catalogue().create_product(product).await.unwrap()
    }

    /// Edits product `id` into a clear case (see [`edit_as_clear_case`]).
    pub async fn edit_as_clear_case(
        &self,
        cookie: &str,
        id: ProductId,
        category: CategoryId,
        price: u32,
        quantity: u32,
    ) {
        edit_as_clear_case(&self.client, &self.address, cookie, id, (category, price, quantity)).await;
    }

    pub async fn set_delivery_charge(&self, rupees: i64) {
        PgSettingsRepository::new(self.pool.clone()).set_delivery_charge(Rupees::from_whole(rupees)).await.unwrap();
    }
}

/// Edits product `id` through the admin's form (`PUT /api/products/{id}`) of the server at `address` into a
/// clear case of `category` at `price` rupees with `quantity` units, keeping its first picture; the edit
/// must be accepted.
pub async fn edit_as_clear_case(
    client: &reqwest::Client,
    address: &str,
    cookie: &str,
    id: ProductId,
    (category, price, quantity): (CategoryId, u32, u32),
) {
    let shown: serde_json::Value =
        client.get(format!("{address}/api/products/{id}")).send().await.unwrap().json().await.unwrap();
    let picture = shown["media"][0]["url"].as_str().unwrap().to_owned();
    let edit = reqwest::multipart::Form::new()
        .text("name", "Clear case")
        .text("category", category.to_string())
        .text("price", price.to_string())
        .text("description", "Clear.")
        .text("quantity", quantity.to_string())
        .text("existingMedia", picture);
    let edited = client.put(format!("{address}/api/products/{id}")).header("cookie", cookie);
    assert_eq!(edited.multipart(edit).send().await.unwrap().status(), 200, "the product is edited");
}

/// A shop holding `products` (category, name, description), added in this order at Rs 1,000 with 5 in stock,
/// each category made once: the search tests' catalogue.
pub async fn shop_of(products: &[(&str, &str, &str)]) -> TestApp {
    let app = spawn_app().await;
    let mut categories: Vec<(&str, CategoryId)> = Vec::new();
    for &(category, name, description) in products {
        let id = match categories.iter().find(|(n, _)| *n == category) {
            Some((_, id)) => *id,
            None => {
                let id = app.add_category(category, None).await;
                categories.push((category, id));
                id
            }
        };
        let product = new_product(name, id, (1000, None, 0), 5, false);
        app.add_product(NewProduct { description: description.to_owned(), ..product }).await;
    }
    app
}

/// A product of `category` with the given price fields and stock, one picture.
pub fn new_product(
    name: &str,
    category: CategoryId,
    price: (i64, Option<i64>, u8),
    quantity: u32,
    featured: bool,
) -> NewProduct {
    NewProduct {
        name: name.to_owned(),
        category,
        price: PriceTag::from_fields(Rupees::from_whole(price.0), price.1.map(Rupees::from_whole), price.2).unwrap(),
        description: format!("About {name}"),
        name_ur: None,
        description_ur: None,
        color: None,
        quantity,
        featured,
        free_delivery: false,
        media: vec![Media {
            url: format!("/media/{}.webp", name.len()),
            kind: MediaKind::Image,
            width: Some(800),
            variants: [320, 640]
                .into_iter()
                .map(|width| MediaVariant { url: format!("/media/{}-{width}.webp", name.len()), width })
                .collect(),
        }],
    }
}

/// The `name=value` of the admin cookie a response sets.
/// Signs the admin in through the server at `address`; answers the `Cookie` header value of the session.
pub async fn admin_login(client: &reqwest::Client, address: &str) -> String {
    let response = client
        .post(format!("{address}/api/admin/login"))
        .json(&serde_json::json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "the admin signs in");
    session_cookie(&response)
}

/// Raises the owner's limits on orders (docs/security.md 'Orders') of the server at `address` to their
/// bounds through the Order checks settings, as the owner would: for tests that place more orders from one
/// account or one phone, or more units of one product, than the defaults allow, and are not about the limits.
pub async fn lift_order_limits(client: &reqwest::Client, address: &str) {
    let admin = admin_login(client, address).await;
    let settings_url = format!("{address}/api/cod/settings");
    let response = client.get(&settings_url).header("cookie", &admin).send().await.unwrap();
    assert_eq!(response.status(), 200, "the admin reads the settings");
    let mut settings: serde_json::Value = response.json().await.unwrap();
    for limit in settings["limits"].as_array_mut().expect("the settings list the limits") {
        limit["value"] = limit["max"].clone();
    }
    let saved = client.put(&settings_url).header("cookie", &admin).json(&settings).send().await.unwrap();
    assert_eq!(saved.status(), 200, "the limits are raised: {}", saved.text().await.unwrap_or_default());
}

pub fn session_cookie(response: &reqwest::Response) -> String {
    let header = set_cookie(response, "shop_admin").expect("the admin cookie is set");
    header.split(';').next().unwrap().to_owned()
}

/// A customer signed in without a password hash: an account and a session written straight to the store,
/// so tests can make many shoppers cheaply. Answers the customer's id and the `Cookie` header value.
pub async fn customer_session(pool: &PgPool, email: &str) -> (i64, String) {
    use adapters_identity::RandomSessionTokens;
    use application::accounts::model::{NewCredential, Principal, Session};
    use application::accounts::ports::{CustomerRepository, SessionStore, SessionTokens};

    let email = domain::contact::Email::parse(email).unwrap();
    let customer = adapters_postgres::PgCustomerRepository::new(pool.clone())
        .create_customer(&email, "Ayesha Khan", &NewCredential::PasswordHash("not-a-hash".into()))
        .await
        .unwrap();
    let token = RandomSessionTokens.generate();
    let session = Session {
        digest: RandomSessionTokens.digest(&token),
        principal: Principal::Customer(customer.id),
        expires_at: chrono::Utc::now() + chrono::Duration::days(1),
    };
    adapters_postgres::PgSessionStore::new(pool.clone()).create(&session).await.unwrap();
    (customer.id.get(), format!("shop_session={token}"))
}

impl TestApp {
    /// A signed-in customer (see [`customer_session`]).
    pub async fn customer(&self, email: &str) -> (i64, String) {
        customer_session(&self.pool, email).await
    }

    /// POST /api/orders as the customer of `cookie`, with an Idempotency-Key when given.
    pub async fn place_order(
        &self,
        cookie: &str,
        body: &serde_json::Value,
        key: Option<&str>,
    ) -> (u16, serde_json::Value) {
        let mut request = self.client.post(format!("{}/api/orders", self.address)).header("cookie", cookie).json(body);
        if let Some(key) = key {
            request = request.header("idempotency-key", key);
        }
        let response = request.send().await.unwrap();
        (response.status().as_u16(), response.json().await.unwrap())
    }

    /// Raises the owner's limits on orders to their bounds (see [`lift_order_limits`]).
    pub async fn lift_order_limits(&self) {
        lift_order_limits(&self.client, &self.address).await;
    }

    /// How many orders are stored.
    pub async fn orders_count(&self) -> i64 {
        let admin = self.admin_cookie().await;
        let (status, body) = self.send(&admin, "GET", "/api/orders?limit=1", None).await;
        assert_eq!(status, 200, "{body}");
        body["total"].as_i64().unwrap()
    }

    /// The units of product `id` on hand, or `None` when it is deleted.
    pub async fn stock_of(&self, id: ProductId) -> Option<u32> {
        use application::catalog::ports::CatalogRepository;
        self.catalogue().product(id).await.unwrap().map(|p| p.quantity)
    }

    /// The uses of the coupon with this code.
    pub async fn coupon_uses(&self, code: &str) -> u32 {
        PgCouponRepository::new(self.pool.clone())
            .find_by_code(&domain::coupon::CouponCode::parse(code).unwrap())
            .await
            .unwrap()
            .unwrap()
            .uses
    }

    pub async fn delete_product(&self, id: ProductId) {
        self.catalogue().delete_product(id).await.unwrap();
    }

    /// The rows of a query on the app's database whose one column is text named `t`.
    pub async fn sql_texts(&self, query: &str) -> Vec<String> {
        let (pool, query) = (self.pool.clone(), query.to_owned());
        tokio::task::spawn_blocking(move || adapters_postgres::test_support::texts(&pool, &query))
            .await
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Runs one SQL statement on the app's database (what no call can set up); answers the rows touched.
    pub async fn sql(&self, statement: &str) -> usize {
        let (pool, statement) = (self.pool.clone(), statement.to_owned());
        tokio::task::spawn_blocking(move || adapters_postgres::test_support::execute(&pool, &statement))
            .await
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}"))
    }
}

// Shared by tests of both tiers (tests/api and tests/system).

/// The id an answer carries.
pub fn id_of(response: &reqwest::Response) -> String {
    response.headers()["x-request-id"].to_str().unwrap().to_owned()
}

/// The value of the sample `series` (name and labels exactly as written), 0 when absent.
pub fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |value| value.parse().unwrap())
}

/// One phone case (Rs 900) to Lahore with Rs 200 delivery, as the checkout sends it.
pub fn one_case(product: &str) -> serde_json::Value {
    serde_json::json!({
        "userDetails": {"country": "Pakistan", "province": "Punjab", "city": "Lahore", "name": "Ayesha Khan",
                        "phone1": "0300 1234567", "phone2": "", "email": "ayesha@example.pk",
                        "address": "House 12, Street 4, Gulberg III", "paymentMethod": "COD"},
        "cart": [{"productId": product, "quantity": 1, "price": 900}],
        "subtotal": 900, "deliveryCharge": 200, "coupon": null, "couponDiscount": 0, "total": 1100
    })
}

/// `quantity` cables to Lahore for the primary phone `phone`.
pub fn cables(product: ProductId, quantity: i64, phone: &str) -> serde_json::Value {
    serde_json::json!({
        "userDetails": {"name": "Ayesha Khan", "phone1": phone, "email": "ayesha@example.pk",
                        "address": "House 12, Street 4, Gulberg III", "province": "Punjab", "city": "Lahore"},
        "cart": [{"productId": product.to_string(), "quantity": quantity, "price": 100}],
        "subtotal": 100 * quantity, "deliveryCharge": 0, "couponDiscount": 0, "total": 100 * quantity
    })
}
