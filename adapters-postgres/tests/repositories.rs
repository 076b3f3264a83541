//! The repositories against a real PostgreSQL, each test in its own database.

use adapters_postgres::test_support::TestDb;
use adapters_postgres::{
    PgCatalogRepository, PgCouponRepository, PgCustomerRepository, PgHealthProbe, PgSettingsRepository,
};
use application::catalog::{Media, MediaKind, NewCategory, NewProduct, ProductFilter, SearchTerms};
use application::page::Page;
use application::ports::{
    CatalogRepository, CatalogWriter, CouponRepository, CustomerRepository, ExternalIdentity, HealthProbe,
    NewCredential, RepositoryError, SettingsRepository,
};
use chrono::NaiveDate;
use domain::contact::Email;
use domain::coupon::Coupon;
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::pricing::PriceTag;

fn product(name: &str, category: CategoryId, featured: bool, media: &[&str]) -> NewProduct {
    NewProduct {
        name: name.to_owned(),
        category,
        price: PriceTag::new(Rupees::from_whole(1500), Some(Rupees::from_whole(1200)), 20),
        description: format!("{name} description"),
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
                variant_widths: vec![320, 640, 1280],
            })
            .collect(),
    }
}

async fn category(repo: &PgCatalogRepository, name: &str, parent: Option<CategoryId>) -> CategoryId {
    repo.create_category(NewCategory { name: name.to_owned(), parent }).await.unwrap()
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
    assert_eq!(found.price, PriceTag::new(Rupees::from_whole(1500), Some(Rupees::from_whole(1200)), 20));
    assert_eq!(found.description, "Clear case description");
    assert_eq!(found.color.as_deref(), Some("Black"));
    assert_eq!(found.quantity, 7);
    assert!(found.featured);
    assert!(found.free_delivery);
    let urls: Vec<&str> = found.media.iter().map(|m| m.url.as_str()).collect();
    assert_eq!(urls, ["/media/a.webp", "/media/b.webp"]);
    assert_eq!(found.media[0].width, Some(1500));
    assert_eq!(found.media[0].variant_widths, [320, 640, 1280]);
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

    let names = |list: Vec<application::catalog::Product>| list.into_iter().map(|p| p.name).collect::<Vec<_>>();
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

    assert!(matches!(err, Err(RepositoryError::Conflict(ref name)) if name == "coupons_code_key"), "{err:?}");
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
            .with_active(false);
    repo.create(stored.clone()).await.unwrap();

    let found = repo.find_by_code(&domain::coupon::CouponCode::parse("FLAT200").unwrap()).await.unwrap();
    let missing = repo.find_by_code(&domain::coupon::CouponCode::parse("NOPE").unwrap()).await.unwrap();

    assert_eq!(found, Some(stored));
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
    assert_eq!(repo.find_by_email(&email).await.unwrap(), Some((made, None)));
}

#[tokio::test]
async fn a_taken_address_links_no_identity() {
    let db = TestDb::new();
    let repo = PgCustomerRepository::new(db.pool());
    let email = Email::parse("ayesha@example.pk").unwrap();
    let google = ExternalIdentity { issuer: "https://accounts.google.com".into(), subject: "1077".into() };
    repo.create_customer(&email, "Ayesha", &NewCredential::PasswordHash("$argon2id$stub".into())).await.unwrap();

    let err = repo.create_customer(&email, "Someone", &NewCredential::External(google.clone())).await;

    assert!(matches!(err, Err(RepositoryError::Conflict(ref name)) if name == "customers_email_key"), "{err:?}");
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

    assert!(matches!(err, Err(RepositoryError::Conflict(ref name)) if name == "customer_identities_pkey"), "{err:?}");
    assert_eq!(repo.find_by_email(&second).await.unwrap(), None);
}

#[tokio::test]
async fn search_finds_new_words_with_a_typo_and_follows_a_renamed_category() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let banks = category(&repo, "Power Banks", None).await;
    let older = repo.create_product(product("Zorbax Mini 10000mAh", banks, false, &[])).await.unwrap();
    let newer = repo.create_product(product("Slim Pack", banks, false, &[])).await.unwrap();
    let search = |q: &str| {
        let (repo, q) = (repo.clone(), q.to_owned());
        async move {
            let found = repo.search(&SearchTerms::parse(&q).unwrap(), Page::FIRST).await.unwrap();
            found.into_iter().map(|p| p.id).collect::<Vec<ProductId>>()
        }
    };

    assert_eq!(search("zorbx").await, [older], "a word first seen in this product, one letter short");
    assert_eq!(search("power bankz").await, [newer, older], "both words of the category, newest first");
    assert_eq!(search("slim power").await, [newer], "every word must match");
    assert_eq!(search("jumpstartr").await, []);
    repo.update_category(banks, "Jumpstarters".to_owned(), None).await.unwrap();
    assert_eq!(search("jumpstartr").await, [newer, older], "the renamed category's word");
    assert_eq!(search("mini 10000").await, [older], "a number is matched as part of the phrase");
}

#[tokio::test]
async fn the_closest_word_ranks_first_then_newest() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let chargers = category(&repo, "Chargers", None).await;
    let charger = repo.create_product(product("Fast Charger 20W", chargers, false, &[])).await.unwrap();
    let cable = repo.create_product(product("USB Charging Cable", chargers, false, &[])).await.unwrap();
    let stand = repo.create_product(product("Phone Stand", chargers, false, &[])).await.unwrap();

    let found = repo.search(&SearchTerms::parse("chargr").unwrap(), Page::FIRST).await.unwrap();

    // 'charger' is nearer 'chargr' than 'charging'; the stand matches only through its category.
    assert_eq!(found.into_iter().map(|p| p.id).collect::<Vec<_>>(), [charger, cable, stand]);
}
