//! The shop the order, COD, courier and review tests build: Ayesha's account, categories and products, the
//! units of work, and orders from their usual parts, which a test changes with struct update syntax.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use adapters_postgres::test_support::TestDb;
use adapters_postgres::{PgCatalogRepository, PgCustomerRepository, PgMailOutbox, PgOrderRepository, PgUnitOfWork};
use application::accounts::model::NewCredential;
use application::accounts::ports::CustomerRepository;
use application::catalog::model::{NewCategory, NewProduct};
use application::catalog::ports::CatalogWriter;
use application::common::token::LinkDigest;
use application::common::unit_of_work::UnitOfWork;
use application::orders::model::{delivery_address, ContactDetails, Destination, NewOrder, OrderItem};
use application::orders::ports::OrdersTx;
use chrono::{DateTime, Utc};
use domain::category::CategoryName;
use domain::contact::{Email, PersonName, Phone};
use domain::ids::{CategoryId, CustomerId, OrderId, ProductId};
use domain::locations::Location;
use domain::money::Rupees;
use domain::pricing::PriceTag;
use domain::stock::Quantity;

/// The e-mail address of the shop's customer, Ayesha.
pub const AYESHA: &str = "ayesha@example.pk";

/// A database with Ayesha's account, and the orders' repository and units of work on it.
pub struct Shop {
    pub db: TestDb,
    pub unit_of_work: Arc<dyn UnitOfWork<dyn OrdersTx>>,
    pub orders: PgOrderRepository,
    pub customer: CustomerId,
}

impl Shop {
    pub async fn new() -> Self {
        let db = TestDb::new();
        let customer = customer(&db, AYESHA, "Ayesha").await;
        Self { unit_of_work: units_of_work(&db), orders: PgOrderRepository::new(db.pool()), db, customer }
    }

    /// Stores `order` in a unit of work of its own.
    pub async fn insert(&self, order: NewOrder) -> OrderId {
        self.unit_of_work.run(move |tx| tx.orders().insert(&order)).await.unwrap()
    }
}

/// Units of work on `db`, their mail waking an outbox of their own.
pub fn units_of_work(db: &TestDb) -> Arc<PgUnitOfWork> {
    Arc::new(PgUnitOfWork::new(db.pool(), PgMailOutbox::new(db.pool()).wakeups()))
}

/// An account of `email` and `name` with a password (whose hash is never checked here).
pub async fn customer(db: &TestDb, email: &str, name: &str) -> CustomerId {
    PgCustomerRepository::new(db.pool())
        .create_customer(&Email::parse(email).unwrap(), name, &NewCredential::PasswordHash("h".into()))
        .await
        .unwrap()
        .id
}

/// A top-level category.
pub async fn category(db: &TestDb, name: &str) -> CategoryId {
    PgCatalogRepository::new(db.pool())
        .create_category(NewCategory { name: CategoryName::parse(name).unwrap(), name_ur: None, parent: None })
        .await
        .unwrap()
}

/// A product of `category` at `price` with `quantity` on hand: no picture, colour or delivery offer.
pub async fn product(
    db: &TestDb,
    category: CategoryId,
    name: &str,
    description: &str,
    price: PriceTag,
    quantity: u32,
) -> ProductId {
    let product = NewProduct {
        name: name.into(),
        category,
        price,
        description: description.into(),
        name_ur: None,
        description_ur: None,
        color: None,
        quantity,
        featured: false,
        free_delivery: false,
        media: vec![],
    };
    PgCatalogRepository::new(db.pool()).create_product(product).await.unwrap()
}

/// `quantity` of product `product` named `name` at `unit_price`.
pub fn item(product: ProductId, name: &str, quantity: u32, unit_price: Rupees) -> OrderItem {
    OrderItem { product_id: product, name: name.into(), quantity: Quantity::new(quantity).unwrap(), unit_price }
}

/// Ayesha Khan in Lahore: primary phone 0300 1234567, no second phone, her account's e-mail, "House 12".
pub fn ayesha() -> ContactDetails {
    ContactDetails {
        destination: Destination::City(Location::parse("Punjab", "Lahore").unwrap()),
        name: PersonName::parse("Ayesha Khan").unwrap(),
        phone1: Phone::parse_mobile("0300 1234567").unwrap(),
        phone2: None,
        email: Email::parse(AYESHA).unwrap(),
        address: delivery_address("House 12").unwrap(),
    }
}

/// An order of `customer` for `items` placed `at`, to [`ayesha`]'s details: its total their sum, with no
/// delivery charge or coupon, and a confirmation digest no other order of this binary has.
pub fn order(customer: CustomerId, items: Vec<OrderItem>, at: DateTime<Utc>) -> NewOrder {
    let subtotal =
        Rupees::from_paisa(items.iter().map(|item| item.unit_price.paisa() * i64::from(item.quantity.get())).sum());
    NewOrder {
        customer,
        items,
        subtotal,
        delivery_charge: Rupees::ZERO,
        coupon: None,
        coupon_discount: Rupees::ZERO,
        total: subtotal,
        details: ayesha(),
        confirm_digest: unique_digest(),
        at,
        risk: domain::risk::StoredRisk::default(),
        language: domain::language::Language::English,
    }
}

/// A confirmation token's digest (64 hexadecimal digits) no other order of this binary has.
pub fn unique_digest() -> LinkDigest {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    LinkDigest::from_stored(format!("{:064x}", NEXT.fetch_add(1, Ordering::Relaxed)))
}
