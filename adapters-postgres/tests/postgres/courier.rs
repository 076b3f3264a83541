//! The courier hand-off's reads and consignment writes, and the analytics' aggregates, against a real
//! PostgreSQL, each test in its own database.

use adapters_postgres::test_support::execute;
use adapters_postgres::{PgCourierRepository, PgOrderFigures};
use application::analytics::ports::OrderFigures;
use application::common::error::{Conflict, RepositoryError};
use application::orders::courier::ports::CourierRepository;
use application::orders::model::{ContactDetails, Destination, NewOrder};
use chrono::{NaiveDate, TimeZone, Utc};
use domain::analytics::OrderCounts;
use domain::courier::{Consignment, Courier, TrackingNumber};
use domain::ids::{OrderId, ProductId};
use domain::locations::Location;
use domain::money::Rupees;
use domain::order_status::OrderStatus;

use crate::shop::{ayesha, item, Shop};

async fn shop() -> Shop {
    Shop::new().await
}

fn consignment(courier: &str, number: &str) -> Consignment {
    Consignment { courier: Courier::parse(courier).unwrap(), tracking_number: TrackingNumber::parse(number).unwrap() }
}

impl Shop {
    /// An order of `lines` (product, quantity, unit price in paisa) to `city` (none when empty), with a total
    /// of `total_paisa`.
    async fn order(&self, city: &str, lines: &[(i64, u32, i64)], total_paisa: i64) -> OrderId {
        let items = lines
            .iter()
            .map(|(product, quantity, paisa)| {
                item(
                    ProductId::new(*product).unwrap(),
                    &format!("Product {product}"),
                    *quantity,
                    Rupees::from_paisa(*paisa),
                )
            })
            .collect();
        let destination = if city.is_empty() {
            Destination::Unstated
        } else {
            Destination::City(Location::parse("Punjab", city).unwrap())
        };
        self.insert(NewOrder {
            subtotal: Rupees::from_paisa(total_paisa),
            total: Rupees::from_paisa(total_paisa),
            details: ContactDetails { destination, ..ayesha() },
            ..crate::shop::order(self.customer, items, Utc::now())
        })
        .await
    }

    async fn book(&self, id: OrderId, courier: &str, number: &str) -> Result<(), RepositoryError> {
        let booked = consignment(courier, number);
        self.unit_of_work.run(move |tx| tx.consignments().set_consignment(id, &booked, Utc::now())).await
    }

    fn sql(&self, statement: &str) -> Result<usize, String> {
        execute(&self.db.pool(), statement)
    }
}

#[tokio::test]
async fn a_tracking_number_held_by_another_order_in_any_case_is_the_named_conflict() {
    let shop = shop().await;
    let first = shop.order("Lahore", &[(1, 1, 85_000)], 85_000).await;
    let second = shop.order("Lahore", &[(1, 1, 85_000)], 85_000).await;
    shop.book(first, "Leopards", "LE-1001").await.unwrap();

    let taken = shop.book(second, "TCS", "le-1001").await;
    let again = shop.book(first, "TCS", "le-1001").await;

    assert!(matches!(taken, Err(RepositoryError::Conflict(Conflict::TrackingNumberTaken))), "{taken:?}");
    assert!(again.is_ok(), "an order may take its own number again, in another case");
    let courier = PgCourierRepository::new(shop.db.pool());
    assert_eq!(courier.tracking_owner(TrackingNumber::parse("LE-1001").unwrap()).await.unwrap(), Some(first));
    assert_eq!(courier.tracking_owner(TrackingNumber::parse("LE-1002").unwrap()).await.unwrap(), None);
    let orders = courier.orders(vec![second, first]).await.unwrap();
    let booked = orders.iter().find(|o| o.id == first).unwrap();
    assert_eq!(booked.consignment, Some(consignment("TCS", "le-1001")));
    assert_eq!(orders.iter().find(|o| o.id == second).unwrap().consignment, None);
    assert!(matches!(shop.book(OrderId::new(999).unwrap(), "TCS", "TCS-9").await, Err(RepositoryError::NotFound)));
}

#[tokio::test]
async fn an_order_has_a_courier_and_a_tracking_number_together_or_neither() {
    let shop = shop().await;
    let id = shop.order("Lahore", &[(1, 1, 85_000)], 85_000).await;

    let half = shop.sql(&format!("UPDATE orders SET courier = 'TCS' WHERE id = {id}"));

    assert!(half.unwrap_err().contains("orders_consignment_whole"), "the CHECK refuses a courier without a number");
}

#[tokio::test]
async fn orders_are_locked_in_id_order_with_their_status_and_numbers_are_found_in_upper_case() {
    let shop = shop().await;
    let first = shop.order("Lahore", &[(1, 1, 85_000)], 85_000).await;
    let second = shop.order("Lahore", &[(1, 1, 85_000)], 85_000).await;
    shop.sql(&format!("UPDATE orders SET status = 'approved' WHERE id = {second}")).unwrap();
    shop.book(second, "Leopards", "le-2002").await.unwrap();
    let unknown = OrderId::new(999).unwrap();

    let (locked, owners) = shop
        .unit_of_work
        .run(move |tx| -> Result<_, RepositoryError> {
            let locked = tx.consignments().lock(&[second, unknown, first])?;
            let owners = tx.consignments().tracking_owners(&["LE2002".into(), "LE9999".into()])?;
            Ok((locked, owners))
        })
        .await
        .unwrap();

    assert_eq!(
        locked.iter().map(|o| (o.id, o.status, o.has_consignment)).collect::<Vec<_>>(),
        [(first, OrderStatus::Pending, false), (second, OrderStatus::Approved, true)]
    );
    // Booked as "le-2002": the number is kept as couriers mean it, upper case without the dash.
    assert_eq!(owners, [("LE2002".to_owned(), second)]);
}

fn counts(placed: u64, delivered: u64, returned: u64, rejected: u64, paisa: i64) -> OrderCounts {
    OrderCounts { placed, delivered, returned, rejected, cash_collected: Rupees::from_paisa(paisa) }
}

#[tokio::test]
async fn the_aggregates_count_statuses_and_sum_paisa_exactly_within_the_period() {
    let shop = shop().await;
    let lahore = shop.order("Lahore", &[(1, 2, 49_950), (2, 1, 50_000)], 149_900).await;
    let multan = shop.order("Multan", &[(1, 1, 49_950)], 49_950).await;
    let returned = shop.order("Lahore", &[(2, 3, 50_000)], 150_000).await;
    let nowhere = shop.order("", &[(2, 1, 50_000)], 50_000).await;
    let before = shop.order("Lahore", &[(1, 1, 49_950)], 49_950).await;
    for (id, status, at) in [
        (lahore, "delivered", "2026-11-02 00:00:00+05"),
        (multan, "delivered", "2026-11-08 23:59:59+05"),
        (returned, "returned", "2026-11-09 00:00:00+05"),
        (nowhere, "rejected", "2026-11-15 12:00:00+05"),
        (before, "delivered", "2026-11-01 23:59:59+05"),
    ] {
        shop.sql(&format!("UPDATE orders SET status = '{status}', created_at = '{at}' WHERE id = {id}")).unwrap();
    }
    let figures = PgOrderFigures::new(shop.db.pool());
    // 2 to 15 November in Pakistan.
    let (start, end) =
        (Utc.with_ymd_and_hms(2026, 11, 1, 19, 0, 0).unwrap(), Utc.with_ymd_and_hms(2026, 11, 15, 19, 0, 0).unwrap());

    let totals = figures.totals(start, end).await.unwrap();
    let mut weeks = figures.by_week(start, end).await.unwrap();
    let mut cities = figures.by_city(start, end).await.unwrap();
    let mut products = figures.by_product(start, end).await.unwrap();
    let coupons = figures.by_coupon(start, end).await.unwrap();

    assert_eq!(totals, counts(4, 2, 1, 1, 199_850));
    weeks.sort_by_key(|(monday, _)| *monday);
    let monday = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
    assert_eq!(weeks, [(monday(2), counts(2, 2, 0, 0, 199_850)), (monday(9), counts(2, 0, 1, 1, 0))]);
    cities.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        cities,
        [
            (None, counts(1, 0, 0, 1, 0)),
            (Some("Lahore".into()), counts(2, 1, 1, 0, 149_900)),
            (Some("Multan".into()), counts(1, 1, 0, 0, 49_950))
        ]
    );
    products.sort_by_key(|(id, _, _)| *id);
    let product = |id| ProductId::new(id).unwrap();
    assert_eq!(
        products,
        [
            (product(1), "Product 1".to_owned(), counts(2, 2, 0, 0, 149_850)),
            (product(2), "Product 2".to_owned(), counts(3, 1, 1, 1, 50_000))
        ]
    );
    assert_eq!(coupons, [(None, counts(4, 2, 1, 1, 199_850))]);
}

#[tokio::test]
async fn tracking_numbers_saved_with_dashes_are_stored_without_them_unless_another_order_has_that_number() {
    let db = adapters_postgres::test_support::TestDb::migrated_before("2026-12-06-000090");
    let pool = db.pool();
    execute(&pool, "INSERT INTO customers (id, email, name) VALUES (1, 'ayesha@example.pk', 'Ayesha Khan')").unwrap();
    let order = |id: i64, number: &str| {
        format!(
            "INSERT INTO orders (id, customer_id, status, subtotal_paisa, delivery_charge_paisa, coupon_discount_paisa, \
             total_paisa, name, phone1, phone1_normalized, email, address, courier, tracking_number) \
             VALUES ({id}, 1, 'dispatched', 90000, 0, 0, 90000, 'Ayesha', '0300 1234567', '+923001234567', \
             'ayesha@example.pk', 'House 12', 'Leopards', '{number}')"
        )
    };
    let rows = [
        (1, "LE-7788-990011"),
        (2, "TCS-0001"),
        (3, "TCS0001X"),
        (4, "tcs-0001-x"),
        (5, "A-B-C"),
        (6, "PX-55"),
        (7, "P-X55"),
        (8, "AB1234"),
    ];
    for (id, number) in rows {
        execute(&pool, &order(id, number)).unwrap();
    }

    adapters_postgres::run_migrations(&pool).unwrap();

    let stored =
        adapters_postgres::test_support::texts(&pool, "SELECT tracking_number AS t FROM orders ORDER BY id").unwrap();
    assert_eq!(
        stored,
        [
            "LE7788990011",
            "TCS0001",
            "TCS0001X",
            // Another order already has this number (in another case): left for the owner.
            "tcs-0001-x",
            // Three characters without its dashes: no tracking number, left as it was.
            "A-B-C",
            // Two orders whose numbers undash alike: the first keeps the number.
            "PX55",
            "P-X55",
            "AB1234",
        ]
    );
}
