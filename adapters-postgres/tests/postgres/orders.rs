//! The orders' repositories and transaction handle against a real PostgreSQL, each test in its own
//! database.

use std::sync::Arc;

use adapters_postgres::test_support::{execute, TestDb};
use adapters_postgres::{PgCatalogRepository, PgCouponRepository, PgOrderRepository};
use application::catalog::ports::{CatalogDates, CatalogRepository, CatalogWriter};
use application::common::error::{Conflict, RepositoryError};
use application::common::page::Page;
use application::common::token::LinkDigest;
use application::common::unit_of_work::UnitOfWork;
use application::coupons::ports::CouponRepository;
use application::orders::model::{
    delivery_address, Actor, ContactDetails, IdempotencyKey, NewOrder, OrderFilter, ReviewToken,
};
use application::orders::ports::{OrderRepository, OrdersTx};
use chrono::{TimeZone, Utc};
use domain::contact::Phone;
use domain::coupon::{Coupon, CouponCode, UsageLimits};
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::money::Rupees;
use domain::order_limits::{LimitId, OrderLimits, RecentOrders};
use domain::order_status::OrderStatus;
use domain::pricing::PriceTag;

use crate::shop::{ayesha, category, customer, item, order, product, units_of_work, AYESHA};

struct Shop {
    db: TestDb,
    unit_of_work: Arc<dyn UnitOfWork<dyn OrdersTx>>,
    orders: PgOrderRepository,
    customer: CustomerId,
    case: ProductId,
    coupon: CouponId,
}

async fn shop() -> Shop {
    let db = TestDb::new();
    let cases = category(&db, "Cases").await;
    let case = product(
        &db,
        cases,
        "Phone Case",
        "A case",
        PriceTag::from_fields(Rupees::from_whole(900), Some(Rupees::from_whole(850)), 0).unwrap(),
        5,
    )
    .await;
    let customer = customer(&db, AYESHA, "Ayesha").await;
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let coupon = PgCouponRepository::new(db.pool())
        .create(
            Coupon::create("SAVE10", Some(10), None, day, day, None)
                .unwrap()
                .with_limits(UsageLimits::new(Some(2), Some(1)).unwrap()),
        )
        .await
        .unwrap();
    Shop { orders: PgOrderRepository::new(db.pool()), unit_of_work: units_of_work(&db), db, customer, case, coupon }
}

fn at(minute: u32) -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 6, minute, 0).unwrap()
}

/// Two cases at Rs 850 with Rs 200 delivery, and SAVE10's Rs 190 off when `coupon`, to Ayesha's details with
/// primary phone `phone` and a landline.
fn new_order(shop: &Shop, phone: &str, minute: u32, coupon: bool) -> NewOrder {
    NewOrder {
        delivery_charge: Rupees::from_whole(200),
        coupon: coupon.then(|| (shop.coupon, CouponCode::parse("SAVE10").unwrap())),
        coupon_discount: Rupees::from_whole(if coupon { 190 } else { 0 }),
        total: Rupees::from_whole(if coupon { 1710 } else { 1900 }),
        details: ContactDetails {
            phone1: Phone::parse_mobile(phone).unwrap(),
            phone2: Some(Phone::parse("042 35761234").unwrap()),
            address: delivery_address("House 12\nGulberg").unwrap(),
            ..ayesha()
        },
        ..order(shop.customer, vec![item(shop.case, "Phone Case", 2, Rupees::from_whole(850))], at(minute))
    }
}

impl Shop {
    async fn insert(&self, order: NewOrder) -> OrderId {
        self.unit_of_work.run(move |tx| tx.orders().insert(&order)).await.unwrap()
    }
}

#[tokio::test]
async fn an_order_reads_back_whole_with_its_items_history_tokens_and_details() {
    let shop = shop().await;
    let id = shop.insert(new_order(&shop, "0300-1234567", 0, true)).await;
    shop.unit_of_work
        .run(move |tx| {
            tx.orders()
                .add_review_tokens(id, &[ReviewToken { product_id: ProductId::new(12).unwrap(), token: "t1".into() }])
        })
        .await
        .unwrap();

    let order = shop.orders.find(id).await.unwrap().unwrap();

    assert_eq!(order.status, OrderStatus::Pending);
    assert_eq!(
        (order.items.len(), order.items[0].name.as_str(), order.items[0].unit_price),
        (1, "Phone Case", Rupees::from_whole(850))
    );
    assert_eq!(
        (order.subtotal, order.total, order.coupon_discount),
        (Rupees::from_whole(1700), Rupees::from_whole(1710), Rupees::from_whole(190))
    );
    assert_eq!((order.coupon_code.as_deref(), order.coupon_id), (Some("SAVE10"), Some(shop.coupon)));
    assert_eq!((order.details.phone1.as_typed(), order.details.phone1.normal()), ("0300-1234567", "+923001234567"));
    assert_eq!(order.details.phone2.as_ref().map(|p| p.normal()), Some("+924235761234"));
    assert_eq!(
        (order.details.city.as_deref(), order.details.province.map(|p| p.name())),
        (Some("Lahore"), Some("Punjab"))
    );
    assert_eq!(order.details.address.as_str(), "House 12\nGulberg");
    assert_eq!(order.history.len(), 1);
    assert_eq!(
        (order.history[0].status, order.history[0].actor, order.history[0].at),
        (OrderStatus::Pending, Actor::Customer, at(0))
    );
    assert_eq!(order.review_tokens, [], "only the tokens' digests are stored");
    let stored = adapters_postgres::test_support::texts(&shop.db.pool(), "SELECT token_hash AS t FROM review_tokens");
    // SHA-256 of "t1".
    assert_eq!(stored.unwrap(), ["628b49d96dcde97a430dd4f597705899e09a968f793491e4b704cae33a40dc02"]);
    assert_eq!(shop.orders.find(OrderId::new(999).unwrap()).await.unwrap(), None);
}

#[tokio::test]
async fn lists_are_newest_first_paged_and_searched_by_any_writing_of_a_phone_with_literal_wildcards() {
    let shop = shop().await;
    let first = shop.insert(new_order(&shop, "0300 1234567", 0, false)).await;
    let second = shop.insert(new_order(&shop, "0333-7654321", 1, false)).await;
    let ids = |page: (Vec<application::orders::model::Order>, u64)| {
        (page.0.into_iter().map(|o| o.id).collect::<Vec<_>>(), page.1)
    };
    let search = |text: &str, phone: Option<&str>| OrderFilter {
        status: None,
        search: Some(text.into()),
        phone: phone.map(str::to_owned),
        ..OrderFilter::default()
    };

    let mine = shop.orders.customer_orders(shop.customer, Page::new(Some(1), Some(1)).unwrap()).await.unwrap();
    let all = shop.orders.search(OrderFilter::default(), Page::FIRST).await.unwrap();
    let by_typed = shop.orders.search(search("0300 123", None), Page::FIRST).await.unwrap();
    let by_normal = shop.orders.search(search("+92333", None), Page::FIRST).await.unwrap();
    let by_other_writing = shop.orders.search(search("03001234567", Some("+923001234567")), Page::FIRST).await.unwrap();
    let wildcard = shop.orders.search(search("%", None), Page::FIRST).await.unwrap();
    let by_status = shop
        .orders
        .search(OrderFilter { status: Some(OrderStatus::Approved), ..OrderFilter::default() }, Page::FIRST)
        .await
        .unwrap();

    assert_eq!(ids(mine), (vec![first], 2));
    assert_eq!(ids(all), (vec![second, first], 2));
    assert_eq!(ids(by_typed), (vec![first], 1));
    assert_eq!(ids(by_normal), (vec![second], 1));
    assert_eq!(ids(by_other_writing), (vec![first], 1));
    assert_eq!(ids(wildcard), (vec![], 0));
    assert_eq!(ids(by_status), (vec![], 0));
}

#[tokio::test]
async fn stock_is_taken_only_while_every_line_has_enough_on_hand_and_put_back_skips_deleted_products() {
    let shop = shop().await;
    let case = shop.case;

    let taken = shop
        .unit_of_work
        .run(move |tx| -> Result<_, RepositoryError> {
            let gone = ProductId::new(999).unwrap();
            let locked = tx.stock().lock_products(&[case, gone])?;
            let stock = tx.stock();
            Ok((
                locked.len(),
                locked[0].quantity,
                stock.take(&[(case, 4)])?,
                stock.take(&[(case, 1), (gone, 1)])?,
                stock.take(&[(case, 2)])?,
            ))
        })
        .await
        .unwrap();
    let quantity = PgCatalogRepository::new(shop.db.pool()).product(case).await.unwrap().unwrap().quantity;
    PgCatalogRepository::new(shop.db.pool()).delete_product(case).await.unwrap();
    let put_back = shop.unit_of_work.run(move |tx| tx.stock().put_back(case, 4)).await.unwrap();

    assert_eq!(taken, (1, 5, true, false, false));
    assert_eq!(quantity, 1, "a line of a product gone takes nothing from the other line");
    assert!(!put_back);
}

#[tokio::test]
async fn a_coupon_use_is_counted_only_below_its_limit_and_released_again() {
    let shop = shop().await;
    let coupon = shop.coupon;
    let customer = shop.customer;
    let id = shop.insert(new_order(&shop, "0300 1234567", 0, true)).await;

    let counted = shop
        .unit_of_work
        .run(move |tx| -> Result<_, RepositoryError> {
            let code = CouponCode::parse("save10").unwrap();
            let before = tx.coupons().lock_by_code(&code)?.unwrap().uses;
            let takes =
                [tx.coupons().take_use(coupon)?, tx.coupons().take_use(coupon)?, tx.coupons().take_use(coupon)?];
            let mine = tx.coupons().uses_by_customer(coupon, customer)?;
            tx.coupons().release_use(coupon)?;
            let after = tx.coupons().lock_by_code(&code)?.unwrap().uses;
            Ok((before, takes, mine, after))
        })
        .await
        .unwrap();
    shop.unit_of_work
        .run(move |tx| {
            tx.orders().change_status(
                id,
                OrderStatus::Pending,
                OrderStatus::Rejected,
                at(5),
                Actor::Admin,
                Some("x".into()),
            )
        })
        .await
        .unwrap();
    let after_rejection =
        shop.unit_of_work.run(move |tx| tx.coupons().uses_by_customer(coupon, customer)).await.unwrap();

    assert_eq!(counted, (0, [true, true, false], 1, 1));
    assert_eq!(after_rejection, 0, "a rejected order's use no longer counts for its customer");
}

#[tokio::test]
async fn a_status_changes_only_from_the_status_the_order_is_in_and_records_its_history() {
    let shop = shop().await;
    let id = shop.insert(new_order(&shop, "0300 1234567", 0, false)).await;

    let moves = shop
        .unit_of_work
        .run(move |tx| -> Result<_, RepositoryError> {
            Ok([
                tx.orders().change_status(
                    id,
                    OrderStatus::Pending,
                    OrderStatus::Rejected,
                    at(1),
                    Actor::Admin,
                    Some("No courier".into()),
                )?,
                tx.orders().change_status(
                    id,
                    OrderStatus::Pending,
                    OrderStatus::Approved,
                    at(2),
                    Actor::Admin,
                    None,
                )?,
            ])
        })
        .await
        .unwrap();
    let order = shop.orders.find(id).await.unwrap().unwrap();

    assert_eq!(moves, [true, false]);
    assert_eq!(order.status, OrderStatus::Rejected);
    assert_eq!(order.admin_comment.as_deref(), Some("No courier"));
    assert_eq!(order.updated_at, at(1));
    assert_eq!(
        order.history.iter().map(|e| (e.status, e.comment.clone())).collect::<Vec<_>>(),
        [(OrderStatus::Pending, None), (OrderStatus::Rejected, Some("No courier".into()))]
    );
}

#[tokio::test]
async fn an_idempotency_key_is_kept_once_per_customer() {
    let shop = shop().await;
    let id = shop.insert(new_order(&shop, "0300 1234567", 0, false)).await;
    let (customer, key) = (shop.customer, IdempotencyKey::parse("tap-1").unwrap());
    let (first, second) = (key.clone(), key.clone());

    shop.unit_of_work.run(move |tx| tx.orders().save_key(customer, &first, "abc", id)).await.unwrap();
    let again = shop.unit_of_work.run(move |tx| tx.orders().save_key(customer, &second, "def", id)).await;
    let found = shop.orders.find_key(customer, &key).await.unwrap();

    assert!(matches!(again, Err(RepositoryError::Conflict(Conflict::IdempotencyKeyTaken))), "{again:?}");
    assert_eq!(found, Some(("abc".into(), id)));
}

#[tokio::test]
async fn taking_and_putting_back_stock_moves_the_products_last_change() {
    let shop = shop().await;
    let case = shop.case;
    let long_ago: chrono::DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
    let age = || {
        adapters_postgres::test_support::execute(
            &shop.db.pool(),
            "UPDATE products SET updated_at = '2026-01-01T00:00:00Z'",
        )
        .unwrap()
    };
    let last_change = || async { PgCatalogRepository::new(shop.db.pool()).last_changes().await.unwrap().products[0].1 };
    let started = Utc::now() - chrono::Duration::seconds(5);
    age();
    assert_eq!(last_change().await, long_ago);

    shop.unit_of_work.run(move |tx| tx.stock().take(&[(case, 2)])).await.unwrap();
    let after_taking = last_change().await;
    age();
    let refused = shop.unit_of_work.run(move |tx| tx.stock().take(&[(case, 99)])).await.unwrap();
    let after_refusal = last_change().await;
    shop.unit_of_work.run(move |tx| tx.stock().put_back(case, 2)).await.unwrap();
    let after_putting_back = last_change().await;

    assert!(after_taking > started, "{after_taking}");
    assert!(!refused);
    assert_eq!(after_refusal, long_ago, "stock not taken is no change");
    assert!(after_putting_back > started, "{after_putting_back}");
}

impl Shop {
    /// Another customer, with this e-mail.
    async fn other_customer(&self, email: &str) -> CustomerId {
        customer(&self.db, email, "Zara").await
    }

    async fn recent(&self, customer: CustomerId, phone: &str, limits: OrderLimits) -> RecentOrders {
        let phone = phone.to_owned();
        self.unit_of_work.run(move |tx| tx.orders().recent_orders(customer, &phone, &limits)).await.unwrap()
    }
}

#[tokio::test]
async fn an_order_carries_its_accounts_email_beside_the_one_typed_in_its_form() {
    let shop = shop().await;
    let zara = shop.other_customer("zara@example.pk").await;
    let id = shop.insert(NewOrder { customer: zara, ..new_order(&shop, "0300 1234567", 0, false) }).await;

    let order = shop.orders.find(id).await.unwrap().unwrap();
    let listed = shop.orders.search(OrderFilter::default(), Page::FIRST).await.unwrap().0;

    assert_eq!((order.account_email.as_str(), order.details.email.as_str()), ("zara@example.pk", "ayesha@example.pk"));
    assert_eq!(listed[0].account_email.as_str(), "zara@example.pk");
}

#[tokio::test]
async fn recent_orders_count_pending_ones_up_to_their_limits_and_find_the_nth_newest_placement() {
    let shop = shop().await;
    let zara = shop.other_customer("zara@example.pk").await;
    let mut mine = Vec::new();
    for minute in 0..4 {
        mine.push(shop.insert(new_order(&shop, "0300 1234567", minute, false)).await);
    }
    shop.insert(NewOrder { customer: zara, ..new_order(&shop, "0300-1234567", 5, false) }).await;
    shop.insert(NewOrder { customer: zara, ..new_order(&shop, "0333 7654321", 6, false) }).await;
    let approved = mine[0];
    shop.unit_of_work
        .run(move |tx| {
            tx.orders().change_status(approved, OrderStatus::Pending, OrderStatus::Approved, at(9), Actor::Admin, None)
        })
        .await
        .unwrap();
    let tight = OrderLimits::default()
        .with(LimitId::PendingPerAccount, 2)
        .and_then(|l| l.with(LimitId::PendingPerPhone, 10))
        .and_then(|l| l.with(LimitId::OrdersPerDay, 3))
        .unwrap();

    let by_default = shop.recent(shop.customer, "+923001234567", OrderLimits::default()).await;
    let by_tight = shop.recent(shop.customer, "+923001234567", tight).await;
    let zaras = shop.recent(zara, "+923337654321", tight).await;

    assert_eq!(
        by_default,
        RecentOrders { pending_by_account: 3, pending_by_phone: 3, nth_newest_placed: None },
        "three of mine are pending; the phone's four are counted up to the limit of 3; 4 orders are fewer than 10"
    );
    assert_eq!(
        by_tight,
        RecentOrders { pending_by_account: 2, pending_by_phone: 4, nth_newest_placed: Some(at(1)) },
        "the third newest of mine, approved ones included"
    );
    assert_eq!(zaras, RecentOrders { pending_by_account: 2, pending_by_phone: 1, nth_newest_placed: None });
}

#[tokio::test]
async fn confirmation_tokens_stored_before_are_kept_as_their_digests_and_no_clear_token_is_accepted() {
    let db = TestDb::migrated_before("2026-12-01-000020");
    let pool = db.pool();
    for statement in [
        "INSERT INTO customers (id, email, name) VALUES (1, 'ayesha@example.pk', 'Ayesha Khan')",
        "INSERT INTO orders (id, customer_id, status, subtotal_paisa, delivery_charge_paisa, coupon_discount_paisa, \
         total_paisa, name, phone1, phone1_normalized, email, address, confirm_token) \
         VALUES (7, 1, 'pending', 90000, 0, 0, 90000, 'Ayesha', '0300 1234567', '+923001234567', \
         'ayesha@example.pk', 'House 12', 'abc')",
    ] {
        execute(&pool, statement).unwrap();
    }

    db.migrate();
    let stored =
        PgOrderRepository::new(pool.clone()).find(OrderId::new(7).unwrap()).await.unwrap().unwrap().confirm_digest;
    let clear = execute(&pool, "UPDATE orders SET confirm_token_hash = 'abc' WHERE id = 7");

    assert_eq!(
        stored.as_ref().map(LinkDigest::as_str),
        Some("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    );
    assert!(clear.unwrap_err().contains("orders_confirm_token_hash_hex"));
}

#[tokio::test]
async fn a_stored_order_whose_details_do_not_convert_reads_as_corrupt() {
    let shop = shop().await;
    let id = shop.insert(new_order(&shop, "0300 1234567", 0, false)).await;
    execute(&shop.db.pool(), &format!("UPDATE orders SET email = 'not an e-mail' WHERE id = {id}")).unwrap();

    let err = shop.orders.find(id).await.unwrap_err();

    assert!(matches!(&err, RepositoryError::Corrupt(why) if why.contains("email")), "{err:?}");
}
