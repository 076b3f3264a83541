//! The repositories against a real PostgreSQL, each test in its own database.

use adapters_postgres::test_support::TestDb;
use adapters_postgres::{
    PgAdminRepository, PgCatalogRepository, PgCouponRepository, PgCustomerRepository, PgHealthProbe, PgSessionStore,
    PgSettingsRepository,
};
use application::accounts::model::{
    CustomerLogin, CustomerRecord, ExternalIdentity, NewCredential, PasswordCredentials, Principal, Session,
    TokenDigest,
};
use application::accounts::ports::{AdminRepository, CustomerRepository, SessionStore};
use application::catalog::model::{NewCategory, NewProduct, ProductFilter};
use application::catalog::ports::{CatalogDates, CatalogRepository, CatalogWriter};
use application::common::error::{Conflict, RepositoryError};
use application::common::page::Page;
use application::coupons::ports::CouponRepository;
use application::health::ports::HealthProbe;
use application::media::model::{Media, MediaKind, MediaVariant};
use application::settings::ports::SettingsRepository;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use diesel::connection::SimpleConnection;
use domain::category::CategoryName;
use domain::contact::Email;
use domain::coupon::Coupon;
use domain::ids::{AdminId, CategoryId, CustomerId, ProductId};
use domain::money::Rupees;
use domain::pricing::PriceTag;

pub(crate) fn product(name: &str, category: CategoryId, featured: bool, media: &[&str]) -> NewProduct {
    NewProduct {
        name: name.to_owned(),
        category,
        price: PriceTag::from_fields(Rupees::from_whole(1500), Some(Rupees::from_whole(1200)), 20).unwrap(),
        description: format!("{name} description"),
        name_ur: None,
        description_ur: None,
        color: Some("Black".to_owned()),
        quantity: 7,
        featured,
        free_delivery: true,
        media: media
            .iter()
            .map(|url| Media {
                url: (*url).to_owned(),
                kind: MediaKind::Image,
                width: Some(1500),
                variants: [320, 640, 1280]
                    .into_iter()
                    .map(|width| MediaVariant { url: format!("{url}?w={width}"), width })
                    .collect(),
            })
            .collect(),
    }
}

pub(crate) async fn category(repo: &PgCatalogRepository, name: &str, parent: Option<CategoryId>) -> CategoryId {
    repo.create_category(NewCategory { name: CategoryName::parse(name).unwrap(), name_ur: None, parent }).await.unwrap()
}

#[tokio::test]
async fn a_stored_product_reads_back_with_its_category_price_and_media_in_order() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = category(&repo, "Cases", None).await;

    let id =
        repo.create_product(product("Clear case", cases, true, &["/media/a.webp", "/media/b.webp"])).await.unwrap();
    let found = repo.product(id).await.unwrap().unwrap();

    assert_eq!(found.name, "Clear case");
    assert_eq!(found.category.id, cases);
    assert_eq!(found.category.name, "Cases");
    assert_eq!(
        found.price,
        PriceTag::from_fields(Rupees::from_whole(1500), Some(Rupees::from_whole(1200)), 20).unwrap()
    );
    assert_eq!(found.description, "Clear case description");
    assert_eq!(found.color.as_deref(), Some("Black"));
    assert_eq!(found.quantity, 7);
    assert!(found.featured);
    assert!(found.free_delivery);
    let urls: Vec<&str> = found.media.iter().map(|m| m.url.as_str()).collect();
    assert_eq!(urls, ["/media/a.webp", "/media/b.webp"]);
    assert_eq!(found.media[0].width, Some(1500));
    let variants: Vec<(&str, u32)> = found.media[1].variants.iter().map(|v| (v.url.as_str(), v.width)).collect();
    assert_eq!(variants, [("/media/b.webp?w=320", 320), ("/media/b.webp?w=640", 640), ("/media/b.webp?w=1280", 1280)]);
}

#[tokio::test]
async fn an_unknown_product_is_none() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());

    assert!(repo.product(ProductId::new(424_242).unwrap()).await.unwrap().is_none());
}

#[tokio::test]
async fn lists_are_newest_first_paged_and_filtered_by_featured() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cables = category(&repo, "Cables", None).await;
    for (name, featured) in [("one", true), ("two", false), ("three", true), ("four", false)] {
        repo.create_product(product(name, cables, featured, &[])).await.unwrap();
    }

    let names = |list: Vec<application::catalog::model::Product>| list.into_iter().map(|p| p.name).collect::<Vec<_>>();
    let all = repo.list_products(ProductFilter::All, Page::FIRST).await.unwrap();
    let featured = repo.list_products(ProductFilter::Featured, Page::FIRST).await.unwrap();
    let second_page = repo.list_products(ProductFilter::All, Page::new(Some(2), Some(2)).unwrap()).await.unwrap();

    assert_eq!(names(all), ["four", "three", "two", "one"]);
    assert_eq!(names(featured), ["three", "one"]);
    assert_eq!(names(second_page), ["two", "one"]);
}

#[tokio::test]
async fn categories_carry_their_full_path_with_parents_first() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = category(&repo, "Cases", None).await;
    let samsung = category(&repo, "Samsung", Some(cases)).await;
    category(&repo, "Galaxy S", Some(samsung)).await;
    category(&repo, "Audio", None).await;

    let tree = repo.categories(Page::FIRST).await.unwrap();

    let paths: Vec<(&str, &str, Option<CategoryId>)> =
        tree.iter().map(|c| (c.name.as_str(), c.full_path.as_str(), c.parent)).collect();
    assert_eq!(
        paths,
        [
            ("Audio", "Audio", None),
            ("Cases", "Cases", None),
            ("Samsung", "Cases > Samsung", Some(cases)),
            ("Galaxy S", "Cases > Samsung > Galaxy S", Some(samsung)),
        ]
    );
    assert!(tree.iter().all(|c| c.views == 0));
}

#[tokio::test]
async fn a_product_in_an_unknown_category_is_not_found_and_nothing_is_written() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    category(&repo, "Cases", None).await;

    let err = repo.create_product(product("Ghost", CategoryId::new(999).unwrap(), false, &["/media/x.webp"])).await;

    assert!(matches!(err, Err(RepositoryError::NotFound)), "{err:?}");
    assert!(repo.list_products(ProductFilter::All, Page::FIRST).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_category_holding_a_product_or_a_sub_category_is_in_use() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cables = category(&repo, "Cables", None).await;
    let phones = category(&repo, "Phones", None).await;
    category(&repo, "Android", Some(phones)).await;
    repo.create_product(product("USB-C cable", cables, false, &[])).await.unwrap();

    let holding_a_product = repo.delete_category(cables).await;
    let holding_a_child = repo.delete_category(phones).await;

    assert!(
        matches!(holding_a_product, Err(RepositoryError::Conflict(Conflict::CategoryInUse))),
        "{holding_a_product:?}"
    );
    assert!(matches!(holding_a_child, Err(RepositoryError::Conflict(Conflict::CategoryInUse))), "{holding_a_child:?}");
    assert_eq!(repo.categories(Page::FIRST).await.unwrap().len(), 3);
}

#[tokio::test]
async fn the_catalogue_is_empty_until_a_category_exists() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());

    assert!(repo.is_empty().await.unwrap());
    category(&repo, "Cases", None).await;
    assert!(!repo.is_empty().await.unwrap());
}

#[tokio::test]
async fn the_delivery_charge_starts_at_zero_and_keeps_what_is_set() {
    let db = TestDb::new();
    let repo = PgSettingsRepository::new(db.pool());

    assert_eq!(repo.delivery_charge().await.unwrap(), Rupees::ZERO);
    repo.set_delivery_charge(Rupees::from_whole(275)).await.unwrap();

    assert_eq!(repo.delivery_charge().await.unwrap(), Rupees::from_whole(275));
}

#[tokio::test]
async fn a_second_coupon_with_the_same_code_in_another_case_conflicts() {
    let db = TestDb::new();
    let repo = PgCouponRepository::new(db.pool());
    let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
    let coupon = |code: &str| Coupon::create(code, Some(10), None, day(1), day(30), None).unwrap();

    repo.create(coupon("SAVE10")).await.unwrap();
    let err = repo.create(coupon("save10")).await;

    assert!(matches!(err, Err(RepositoryError::Conflict(Conflict::CouponCodeTaken))), "{err:?}");
}

#[tokio::test]
async fn the_health_probe_answers_while_the_database_does() {
    let db = TestDb::new();

    PgHealthProbe::new(db.pool()).ping().await.unwrap();
}

#[tokio::test]
async fn a_coupon_is_found_by_its_code_and_reads_back_whole() {
    let db = TestDb::new();
    let repo = PgCouponRepository::new(db.pool());
    let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
    let stored =
        Coupon::create("flat200", None, Some(Rupees::from_whole(200)), day(1), day(30), Some(Rupees::from_whole(2000)))
            .unwrap()
            .with_active(false)
            .with_limits(domain::coupon::UsageLimits::new(Some(50), Some(2)).unwrap());
    repo.create(stored.clone()).await.unwrap();

    let found = repo.find_by_code(&domain::coupon::CouponCode::parse("FLAT200").unwrap()).await.unwrap();
    let missing = repo.find_by_code(&domain::coupon::CouponCode::parse("NOPE").unwrap()).await.unwrap();

    assert_eq!(found.map(|f| (f.coupon, f.uses)), Some((stored, 0)));
    assert_eq!(missing, None);
}

#[tokio::test]
async fn an_account_made_through_an_external_provider_is_found_by_its_identity_and_has_no_password() {
    let db = TestDb::new();
    let repo = PgCustomerRepository::new(db.pool());
    let google =
        |subject: &str| ExternalIdentity { issuer: "https://accounts.google.com".into(), subject: subject.into() };
    let email = Email::parse("bilal@gmail.com").unwrap();

    let made = repo.create_customer(&email, "Bilal", &NewCredential::External(google("1077"))).await.unwrap();

    assert_eq!(repo.find_by_identity(&google("1077")).await.unwrap(), Some(made.clone()));
    assert_eq!(repo.find_by_identity(&google("2088")).await.unwrap(), None);
    assert_eq!(repo.find_by_email(&email).await.unwrap(), Some(CustomerLogin { customer: made, password_hash: None }));
}

#[tokio::test]
async fn a_taken_address_links_no_identity() {
    let db = TestDb::new();
    let repo = PgCustomerRepository::new(db.pool());
    let email = Email::parse("ayesha@example.pk").unwrap();
    let google = ExternalIdentity { issuer: "https://accounts.google.com".into(), subject: "1077".into() };
    repo.create_customer(&email, "Ayesha", &NewCredential::PasswordHash("$argon2id$stub".into())).await.unwrap();

    let err = repo.create_customer(&email, "Someone", &NewCredential::External(google.clone())).await;

    assert!(matches!(err, Err(RepositoryError::Conflict(Conflict::EmailTaken))), "{err:?}");
    assert_eq!(repo.find_by_identity(&google).await.unwrap(), None);
}

#[tokio::test]
async fn an_identity_linked_twice_leaves_no_half_made_account() {
    let db = TestDb::new();
    let repo = PgCustomerRepository::new(db.pool());
    let google = ExternalIdentity { issuer: "https://accounts.google.com".into(), subject: "1077".into() };
    let first = Email::parse("bilal@gmail.com").unwrap();
    let second = Email::parse("bilal.khan@gmail.com").unwrap();
    repo.create_customer(&first, "Bilal", &NewCredential::External(google.clone())).await.unwrap();

    let err = repo.create_customer(&second, "Bilal", &NewCredential::External(google)).await;

    assert!(matches!(err, Err(RepositoryError::Conflict(Conflict::IdentityLinked))), "{err:?}");
    assert_eq!(repo.find_by_email(&second).await.unwrap(), None);
}

#[tokio::test]
async fn only_files_no_product_shows_any_more_are_answered_for_removal() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = category(&repo, "Cases", None).await;
    let clear = repo
        .create_product(product("Clear case", cases, false, &["/media/shared.webp", "/media/clear.webp"]))
        .await
        .unwrap();
    let dark = repo
        .create_product(product("Dark case", cases, false, &["/media/shared.webp", "/media/dark.webp"]))
        .await
        .unwrap();

    let edited = repo.update_product(clear, product("Clear case", cases, false, &["/media/new.webp"])).await.unwrap();
    let deleted = repo.delete_product(dark).await.unwrap();
    let unknown = repo.delete_product(ProductId::new(424_242).unwrap()).await.unwrap();
    let last = repo.delete_product(clear).await.unwrap();

    assert_eq!(edited, ["/media/clear.webp"], "the dark case still shows the shared picture");
    assert_eq!(deleted, Some(vec!["/media/shared.webp".to_owned(), "/media/dark.webp".to_owned()]));
    assert_eq!(unknown, None);
    assert_eq!(last, Some(vec!["/media/new.webp".to_owned()]));
}

#[tokio::test]
async fn a_file_two_products_share_is_answered_once_the_second_lets_go() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = category(&repo, "Cases", None).await;
    let first = repo.create_product(product("Clear case", cases, false, &["/media/shared.webp"])).await.unwrap();
    let second = repo.create_product(product("Dark case", cases, false, &["/media/shared.webp"])).await.unwrap();

    let kept = repo.delete_product(first).await.unwrap();
    let freed = repo.update_product(second, product("Dark case", cases, false, &[])).await.unwrap();

    assert_eq!(kept, Some(vec![]), "the dark case still shows it");
    assert_eq!(freed, ["/media/shared.webp"]);
}

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, hour, 0, 0).unwrap()
}

fn digest(name: &str) -> TokenDigest {
    TokenDigest::new(format!("digest-of-{name}"))
}

fn session(name: &str, principal: Principal, expires_at: DateTime<Utc>) -> Session {
    Session { digest: digest(name), principal, expires_at }
}

/// A store with the admin and one customer, each with an account to sign in.
struct Accounts {
    sessions: PgSessionStore,
    admins: PgAdminRepository,
    customers: PgCustomerRepository,
    admin: AdminId,
    customer: CustomerRecord,
}

async fn accounts(db: &TestDb) -> Accounts {
    let (admins, customers) = (PgAdminRepository::new(db.pool()), PgCustomerRepository::new(db.pool()));
    let admin = admins.replace_admin(&Email::parse("owner@shop.pk").unwrap(), "admin-hash").await.unwrap();
    let customer = customers
        .create_customer(
            &Email::parse("ayesha@example.pk").unwrap(),
            "Ayesha",
            &NewCredential::PasswordHash("h".into()),
        )
        .await
        .unwrap();
    Accounts { sessions: PgSessionStore::new(db.pool()), admins, customers, admin, customer }
}

#[tokio::test]
async fn sessions_of_both_principals_read_back_expired_or_not_until_deleted() {
    let db = TestDb::new();
    let shop = accounts(&db).await;
    let admins = session("a", Principal::Admin(shop.admin), at(12));
    let customers = session("c", Principal::Customer(shop.customer.id), at(8));
    shop.sessions.create(&admins).await.unwrap();
    shop.sessions.create(&customers).await.unwrap();

    let found = (shop.sessions.find(&digest("a")).await.unwrap(), shop.sessions.find(&digest("c")).await.unwrap());
    shop.sessions.delete(&digest("a")).await.unwrap();
    shop.sessions.delete(&digest("nothing")).await.unwrap();

    assert_eq!(found, (Some(admins), Some(customers.clone())));
    assert_eq!(shop.sessions.find(&digest("a")).await.unwrap(), None);
    assert_eq!(shop.sessions.find(&digest("c")).await.unwrap(), Some(customers));
    assert_eq!(shop.sessions.find(&digest("unknown")).await.unwrap(), None);
}

#[tokio::test]
async fn pruning_deletes_the_sessions_of_every_principal_that_ended_at_or_before_now() {
    let db = TestDb::new();
    let shop = accounts(&db).await;
    let (admin, customer) = (Principal::Admin(shop.admin), Principal::Customer(shop.customer.id));
    for (name, principal, ends) in [
        ("a-old", admin, at(9)),
        ("a-now", admin, at(10)),
        ("a-live", admin, at(11)),
        ("c-old", customer, at(8)),
        ("c-live", customer, at(11)),
    ] {
        shop.sessions.create(&session(name, principal, ends)).await.unwrap();
    }

    let pruned = shop.sessions.delete_expired(at(10)).await.unwrap();

    assert_eq!(pruned, 3);
    for (name, kept) in [("a-old", false), ("a-now", false), ("a-live", true), ("c-old", false), ("c-live", true)] {
        assert_eq!(shop.sessions.find(&digest(name)).await.unwrap().is_some(), kept, "{name}");
    }
}

#[tokio::test]
async fn a_session_of_an_unknown_principal_is_not_found_and_a_digest_is_stored_once() {
    let db = TestDb::new();
    let shop = accounts(&db).await;

    let nobody = shop.sessions.create(&session("x", Principal::Customer(CustomerId::new(999).unwrap()), at(12))).await;
    shop.sessions.create(&session("y", Principal::Admin(shop.admin), at(12))).await.unwrap();
    let twice = shop.sessions.create(&session("y", Principal::Customer(shop.customer.id), at(12))).await;

    assert!(matches!(nobody, Err(RepositoryError::NotFound)), "{nobody:?}");
    assert!(matches!(twice, Err(RepositoryError::Refused(ref c)) if c == "sessions_pkey"), "{twice:?}");
    assert_eq!(
        shop.sessions.find(&digest("y")).await.unwrap().map(|s| s.principal),
        Some(Principal::Admin(shop.admin))
    );
}

#[tokio::test]
async fn a_used_reset_ends_every_session_of_its_customer_and_no_one_elses() {
    let db = TestDb::new();
    let shop = accounts(&db).await;
    let other = shop
        .customers
        .create_customer(&Email::parse("bilal@example.pk").unwrap(), "Bilal", &NewCredential::PasswordHash("h".into()))
        .await
        .unwrap();
    for (name, principal) in [
        ("mine-1", Principal::Customer(shop.customer.id)),
        ("mine-2", Principal::Customer(shop.customer.id)),
        ("bilal", Principal::Customer(other.id)),
        ("admin", Principal::Admin(shop.admin)),
    ] {
        shop.sessions.create(&session(name, principal, at(20))).await.unwrap();
    }
    let pool = db.pool();
    let mut conn = pool.get().unwrap();
    conn.batch_execute(&format!(
        "INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES ('digest-of-reset', {}, '2026-11-22T11:00:00Z')",
        shop.customer.id
    ))
    .unwrap();

    let used = shop.customers.use_reset(&digest("reset"), at(10), "new-hash").await.unwrap();

    assert!(used);
    for (name, kept) in [("mine-1", false), ("mine-2", false), ("bilal", true), ("admin", true)] {
        assert_eq!(shop.sessions.find(&digest(name)).await.unwrap().is_some(), kept, "{name}");
    }
    let found = shop.customers.find_by_email(&Email::parse("ayesha@example.pk").unwrap()).await.unwrap();
    assert_eq!(found.and_then(|f| f.password_hash).as_deref(), Some("new-hash"));
}

#[tokio::test]
async fn replacing_the_admin_ends_the_old_admins_sessions() {
    let db = TestDb::new();
    let shop = accounts(&db).await;
    shop.sessions.create(&session("old", Principal::Admin(shop.admin), at(20))).await.unwrap();

    let new = shop.admins.replace_admin(&Email::parse("new@shop.pk").unwrap(), "new-hash").await.unwrap();

    assert_eq!(shop.sessions.find(&digest("old")).await.unwrap(), None);
    assert_eq!(shop.admins.admin_email(shop.admin).await.unwrap(), None);
    assert_eq!(shop.admins.admin_email(new).await.unwrap(), Some(Email::parse("new@shop.pk").unwrap()));
    assert_eq!(
        shop.admins.find_admin(&Email::parse("new@shop.pk").unwrap()).await.unwrap(),
        Some(PasswordCredentials { account: new, password_hash: "new-hash".into() })
    );
}

#[tokio::test]
async fn a_customer_is_found_by_id() {
    let db = TestDb::new();
    let shop = accounts(&db).await;

    assert_eq!(shop.customers.find_by_id(shop.customer.id).await.unwrap(), Some(shop.customer.clone()));
    assert_eq!(shop.customers.find_by_id(CustomerId::new(999).unwrap()).await.unwrap(), None);
}

/// The sessions migration, run again over the two tables it replaced (rebuilt by its down.sql).
#[tokio::test]
async fn the_sessions_migration_keeps_the_admins_and_the_customers_sessions() {
    let db = TestDb::new();
    let shop = accounts(&db).await;
    let pool = db.pool();
    let mut conn = pool.get().unwrap();
    let sql = |conn: &mut diesel::PgConnection, text: &str| conn.batch_execute(text).unwrap();
    sql(&mut conn, include_str!("../../../migrations/2026-11-24-000010_sessions/down.sql"));
    sql(
        &mut conn,
        &format!(
            "INSERT INTO admin_sessions (token_hash, admin_id, expires_at) VALUES ('digest-of-a', {}, '2026-11-22T12:00:00Z');
             INSERT INTO customer_sessions (token_hash, customer_id, expires_at) VALUES ('digest-of-c', {}, '2026-11-22T08:00:00Z');",
            shop.admin, shop.customer.id
        ),
    );

    sql(&mut conn, include_str!("../../../migrations/2026-11-24-000010_sessions/up.sql"));

    assert_eq!(
        shop.sessions.find(&digest("a")).await.unwrap(),
        Some(session("a", Principal::Admin(shop.admin), at(12)))
    );
    assert_eq!(
        shop.sessions.find(&digest("c")).await.unwrap(),
        Some(session("c", Principal::Customer(shop.customer.id), at(8)))
    );
}

/// 2026-01-01, long before any test runs: a row set to it shows whether a change moved its time.
const LONG_AGO: &str = "2026-01-01T00:00:00Z";

fn long_ago() -> DateTime<Utc> {
    LONG_AGO.parse().unwrap()
}

#[tokio::test]
async fn last_changes_list_categories_and_products_in_id_order_and_edits_move_them() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = category(&repo, "Cases", None).await;
    let cables = category(&repo, "Cables", None).await;
    let first = repo.create_product(product("First", cables, false, &[])).await.unwrap();
    let second = repo.create_product(product("Second", cases, false, &[])).await.unwrap();
    let third = repo.create_product(product("Third", cases, false, &[])).await.unwrap();
    for table in ["products", "categories"] {
        adapters_postgres::test_support::execute(&db.pool(), &format!("UPDATE {table} SET updated_at = '{LONG_AGO}'"))
            .unwrap();
    }
    let started = Utc::now() - chrono::Duration::seconds(5);

    repo.update_product(second, product("Second", cases, false, &[])).await.unwrap();
    repo.update_category(cables, CategoryName::parse("Cables and adapters").unwrap(), None, None).await.unwrap();
    repo.toggle_featured(third).await.unwrap();
    let changes = repo.last_changes().await.unwrap();

    let ids = |list: &[(ProductId, DateTime<Utc>)]| list.iter().map(|(id, _)| *id).collect::<Vec<_>>();
    assert_eq!(ids(&changes.products), [first, second, third]);
    assert_eq!(changes.categories.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [cases, cables]);
    assert_eq!(changes.products[0].1, long_ago());
    assert!(changes.products[1].1 > started, "an edit moves the product's time");
    assert_eq!(changes.products[2].1, long_ago(), "featuring does not change the product's page");
    assert_eq!(changes.categories[0].1, long_ago());
    assert!(changes.categories[1].1 > started, "a rename moves the category's time");
}

#[tokio::test]
async fn an_empty_catalogue_has_no_last_changes() {
    let db = TestDb::new();

    let changes = PgCatalogRepository::new(db.pool()).last_changes().await.unwrap();

    assert_eq!((changes.categories.len(), changes.products.len()), (0, 0));
}

#[tokio::test]
async fn a_migrated_database_migrates_nothing_and_waits_for_no_lock() {
    let db = TestDb::new();
    let holder = db.pool();
    let mut held = holder.get().unwrap();
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!("SELECT pg_advisory_lock({})", adapters_postgres::SCHEMA_LOCK)),
        &mut *held,
    )
    .unwrap();
    let pool = db.pool();

    let applied = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        tokio::task::spawn_blocking(move || adapters_postgres::run_migrations(&pool)),
    )
    .await
    .expect("the migrations did not wait for the lock another session holds");

    assert_eq!(applied.unwrap().unwrap(), Vec::<String>::new());
}

/// Price fields as `(sale_price_paisa, discount_percent)` inserted for a product of Rs 1,000.
fn insert_price(pool: &adapters_postgres::PgPool, id: i64, sale: Option<i64>, percent: i16) -> Result<usize, String> {
    let sale = sale.map_or("NULL".to_owned(), |paisa| paisa.to_string());
    adapters_postgres::test_support::execute(
        pool,
        &format!(
            "INSERT INTO products (id, name, category_id, price_paisa, sale_price_paisa, discount_percent, \
             description, quantity) VALUES ({id}, 'P{id}', 1, 100000, {sale}, {percent}, 'd', 1)"
        ),
    )
}

#[tokio::test]
async fn the_markdown_migration_keeps_what_each_product_charges_and_the_database_refuses_other_shapes() {
    let db = TestDb::migrated_before("2026-12-02-000022");
    let pool = db.pool();
    adapters_postgres::test_support::execute(&pool, "INSERT INTO categories (id, name) VALUES (1, 'Cases')").unwrap();
    let before = [
        (Some(75_000), 25),
        (Some(75_000), 0),
        (Some(100_000), 10),
        (Some(120_000), 0),
        (Some(0), 95),
        (None, 15),
        (None, 91),
        (None, 0),
    ];
    for (id, (sale, percent)) in (1..).zip(before) {
        insert_price(&pool, id, sale, percent).unwrap();
    }

    db.migrate();

    let stored = adapters_postgres::test_support::texts(
        &pool,
        "SELECT coalesce(sale_price_paisa::text, '-') || ' ' || discount_percent AS t FROM products ORDER BY id",
    )
    .unwrap();
    assert_eq!(stored, ["75000 25", "75000 0", "- 10", "- 0", "- 0", "- 15", "- 0", "- 0"]);
    let repo = PgCatalogRepository::new(pool.clone());
    let mut charged = Vec::new();
    for id in 1..=8 {
        let product = repo.product(ProductId::new(id).unwrap()).await.unwrap().unwrap();
        charged.push(product.price.unit_price().round_to_whole());
    }
    assert_eq!(charged, [750, 750, 900, 1000, 1000, 850, 1000, 1000], "what the pricing rule charged before");
    let refused = [(Some(100_000), 0), (Some(100_001), 0), (Some(0), 0), (None, 91)];
    for (id, (sale, percent)) in (20..).zip(refused) {
        let err = insert_price(&pool, id, sale, percent).unwrap_err();
        assert!(err.contains("products_markdown_shape"), "{sale:?} {percent}: {err}");
    }
    for (id, (sale, percent)) in (30..).zip([(Some(1), 100), (Some(99_999), 0), (None, 90), (None, 0)]) {
        insert_price(&pool, id, sale, percent).unwrap();
    }
}
