use super::*;
use crate::orders::model::IdempotencyKey;
use crate::orders::ports::MockOrderRepository;
use crate::orders::testing::{
    case, customer, now, orders, product_id, request, rs, run_once, stored, Handle, MockUnitOfWork,
};
use domain::coupon::{Coupon, UsageLimits};
use domain::order_status::OrderStatus;

fn save10(limits: UsageLimits, uses: u32) -> LockedCoupon {
    let day = pakistan_date(now());
    LockedCoupon {
        id: CouponId::new(3).unwrap(),
        coupon: Coupon::create("SAVE10", Some(10), None, day, day, None).unwrap().with_limits(limits),
        uses,
    }
}

/// A handle whose reads find the Phone Case with `stock` units, a delivery charge of Rs 200 and `coupon`.
fn reading(stock: u32, coupon: Option<LockedCoupon>) -> Handle {
    let mut handle = Handle::default();
    handle
        .stock
        .expect_lock_products()
        .withf(|ids| ids == [product_id(12)])
        .times(1)
        .returning(move |_| Ok(vec![case(stock)]));
    handle.stock.expect_delivery_charge().returning(|| Ok(DeliveryCharge::new(rs(200)).unwrap()));
    handle.coupons.expect_lock_by_code().returning(move |_| Ok(coupon.clone()));
    handle.coupons.expect_uses_by_customer().returning(|_, _| Ok(0));
    handle
}

fn writing_nothing(mut handle: Handle) -> Handle {
    handle.stock.expect_take().never();
    handle.coupons.expect_take_use().never();
    handle.orders.expect_insert().never();
    handle.outbox.expect_enqueue().never();
    handle
}

fn finding(order: Order) -> MockOrderRepository {
    let mut repository = MockOrderRepository::new();
    repository.expect_find().returning(move |_| Ok(Some(order.clone())));
    repository
}

#[tokio::test]
async fn matching_figures_place_the_order_taking_stock_and_the_coupon_use_and_queuing_the_owners_mail() {
    let mut handle = reading(10, Some(save10(UsageLimits::NONE, 0)));
    handle.stock.expect_take().withf(|lines| lines == [(product_id(12), 2)]).times(1).returning(|_| Ok(true));
    handle.coupons.expect_take_use().withf(|id| id.get() == 3).times(1).returning(|_| Ok(true));
    handle
        .orders
        .expect_insert()
        .withf(|order| {
            order.customer == customer()
                && order.items[0].unit_price == rs(850)
                && order.items[0].name == "Phone Case"
                && (order.subtotal, order.delivery_charge, order.coupon_discount, order.total)
                    == (rs(1700), rs(200), rs(190), rs(1710))
                && order.coupon.as_ref().is_some_and(|(id, code)| id.get() == 3 && code.as_str() == "SAVE10")
        })
        .times(1)
        .returning(|_| Ok(OrderId::new(42).unwrap()));
    handle.orders.expect_save_key().never();
    handle
        .outbox
        .expect_enqueue()
        .withf(|mails| {
            mails.len() == 2
                && mails[0].to.as_str() == "ayesha.k@example.pk"
                && mails[0].subject == "Please confirm your order #42"
                && mails[0].text.contains("Confirm my order: https://shop.pk/confirm-order?order=42&token=token-1\n")
                && mails[0].text.contains("The link works for 24 hours; an order not confirmed by then may be cancelled.")
                && mails[0].text.contains(
                    "Delivery to (please check, and reply to this e-mail if anything is wrong):\nAyesha Khan\nHouse 12, Street 4\nLahore, Punjab\nPhone: 0300 1234567\n"
                )
                && mails[1].to.as_str() == "owner@shop.pk"
                && mails[1].subject == "New order #42: Rs 1,710"
                && mails[1]
                    .text
                    .contains("E-mail: ayesha.k@example.pk\nE-mail typed at checkout (not mailed): ayesha@example.pk\n")
        })
        .times(1)
        .returning(|_| Ok(1));

    let order = orders(finding(stored(42, OrderStatus::Pending)), run_once(handle))
        .place(request(Some("save10"), 190, 1710))
        .await
        .unwrap();

    assert_eq!(order.id.get(), 42);
}

#[tokio::test]
async fn a_changed_price_writes_nothing_and_answers_the_quote_with_the_change() {
    let mut tampered = request(None, 0, 1900);
    tampered.figures.lines[0].unit_price = rs(800);
    tampered.figures.subtotal = rs(1600);
    tampered.figures.total = rs(1800);

    let err = orders(MockOrderRepository::new(), run_once(writing_nothing(reading(10, None))))
        .place(tampered)
        .await
        .unwrap_err();

    let PlaceOrderError::FiguresChanged { quote } = err else { panic!("{err:?}") };
    assert_eq!(
        quote.changes,
        [
            "Price of Phone Case changed from Rs 800 to Rs 850.",
            "Subtotal changed from Rs 1,600 to Rs 1,700.",
            "Total changed from Rs 1,800 to Rs 1,900."
        ]
    );
    assert_eq!(quote.quote.totals().grand_total(), rs(1900));
}

#[tokio::test]
async fn short_stock_writes_nothing_and_quotes_the_units_left() {
    let err = orders(MockOrderRepository::new(), run_once(writing_nothing(reading(1, None))))
        .place(request(None, 0, 1900))
        .await
        .unwrap_err();

    assert_eq!(err.to_string(), "Only 1 left of Phone Case.");
    let PlaceOrderError::OutOfStock { quote, .. } = err else { panic!() };
    assert_eq!(quote.quote.lines()[0].line.quantity().get(), 1);
}

#[tokio::test]
async fn a_used_up_coupon_is_dropped_with_its_reason_and_nothing_written() {
    let exhausted = save10(UsageLimits::new(Some(5), None).unwrap(), 5);

    let err = orders(MockOrderRepository::new(), run_once(writing_nothing(reading(10, Some(exhausted)))))
        .place(request(Some("SAVE10"), 190, 1710))
        .await
        .unwrap_err();

    let PlaceOrderError::FiguresChanged { quote } = err else { panic!("{err:?}") };
    assert_eq!(quote.quote.coupon(), None);
    assert_eq!(quote.changes[0], "Coupon SAVE10 no longer applies: This coupon has reached its usage limit.");
}

#[tokio::test]
async fn an_unknown_product_is_refused_with_a_quote_of_the_rest() {
    let mut handle = Handle::default();
    handle.stock.expect_lock_products().returning(|_| Ok(vec![]));
    handle.stock.expect_delivery_charge().returning(|| Ok(DeliveryCharge::new(rs(200)).unwrap()));

    let err = orders(MockOrderRepository::new(), run_once(writing_nothing(handle)))
        .place(request(None, 0, 1900))
        .await
        .unwrap_err();

    assert_eq!(err.to_string(), "Product 12 is no longer available.");
}

#[tokio::test]
async fn an_empty_or_repeating_cart_is_refused_before_any_transaction() {
    let mut empty = request(None, 0, 0);
    empty.lines.clear();
    let mut twice = request(None, 0, 1900);
    twice.lines.push(twice.lines[0]);
    let mut unit_of_work = MockUnitOfWork::new();
    unit_of_work.expect_run_boxed().never();
    let orders = orders(MockOrderRepository::new(), unit_of_work);

    assert_eq!(orders.place(empty).await.unwrap_err().to_string(), "Your cart is empty.");
    assert_eq!(orders.place(twice).await.unwrap_err().to_string(), "Product 12 is listed more than once.");
}

#[tokio::test]
async fn a_repeated_key_answers_the_first_order_and_another_request_under_it_is_refused() {
    let keyed = |total| OrderRequest {
        idempotency_key: Some(IdempotencyKey::parse("tap-1").unwrap()),
        ..request(None, 0, total)
    };
    let digest = keyed(1900).digest();
    let mut repository = finding(stored(42, OrderStatus::Pending));
    repository
        .expect_find_key()
        .withf(|who, key| *who == customer() && key.as_str() == "tap-1")
        .returning(move |_, _| Ok(Some((digest.clone(), OrderId::new(42).unwrap()))));
    let mut unit_of_work = MockUnitOfWork::new();
    unit_of_work.expect_run_boxed().never();
    let orders = orders(repository, unit_of_work);

    let again = orders.place(keyed(1900)).await.unwrap();
    let other = orders.place(keyed(1800)).await.unwrap_err();

    assert_eq!(again.id.get(), 42);
    assert_eq!(other.to_string(), "This Idempotency-Key was already used for a different order.");
}

#[tokio::test]
async fn a_placed_order_is_scored_in_its_own_transaction_from_its_contacts_record_and_no_other_order_is() {
    use crate::orders::cod_ports::{ContactRecord, MockRiskTx};
    use domain::risk::CodSettings;

    let mut handle = reading(10, None);
    handle.stock.expect_take().returning(|_| Ok(true));
    let mut risk = MockRiskTx::new();
    risk.expect_cod_settings().times(1).returning(|| Ok(CodSettings::default()));
    risk.expect_contact_record()
        .withf(|customer_id, phone, email| {
            *customer_id == customer() && phone.normal() == "+923001234567" && email.as_str() == "ayesha@example.pk"
        })
        .times(1)
        .returning(|_, _, _| {
            Ok(ContactRecord { returned: 1, rejected: 0, account_opened: now() - chrono::Duration::days(30) })
        });
    risk.expect_risk_facts().never();
    risk.expect_store_risk().never();
    risk.expect_lock_phones().never();
    handle.risk = risk;
    handle
        .orders
        .expect_insert()
        .withf(|order| {
            order.risk.scores() == (55, 75)
                && order.risk.live(1).reasons().iter().map(|r| r.text.as_str()).eq([
                    "1 earlier order from this phone or e-mail was returned.",
                    "The address is shorter than 20 characters.",
                    "This phone has 1 other pending order.",
                ])
        })
        .times(1)
        .returning(|_| Ok(OrderId::new(42).unwrap()));
    handle.outbox.expect_enqueue().returning(|_| Ok(2));

    orders(finding(stored(42, OrderStatus::Pending)), run_once(handle)).place(request(None, 0, 1900)).await.unwrap();
}

#[tokio::test]
async fn a_blocked_phone_or_account_email_refuses_the_order_before_pricing_and_records_the_attempt() {
    use crate::blocklist::model::{BlockEntry, BlockKind};
    use crate::blocklist::ports::MockBlocklistRepository;
    use crate::orders::cod_ports::MockCodRepository;
    use crate::orders::testing::orders_blocking;

    let mut blocklist = MockBlocklistRepository::new();
    blocklist
        .expect_matching()
        .withf(|phones, emails| {
            phones.iter().map(domain::contact::Phone::normal).eq(["+923001234567"])
                && emails.iter().map(domain::contact::Email::canonical).eq(["ayesha@example.pk", "ayesha.k@example.pk"])
        })
        .times(1)
        .returning(|_, _| {
            Ok(Some(BlockEntry {
                id: domain::ids::BlockEntryId::new(5).unwrap(),
                kind: BlockKind::Email,
                value: "ayesha.k@example.pk".into(),
                reason: "Fake orders".into(),
                created_at: now(),
                attempts: 0,
            }))
        });
    blocklist
        .expect_record_attempt()
        .withf(|a| {
            a.entry.get() == 5
                && a.customer == customer()
                && a.value == "ayesha.k@example.pk"
                && a.phone == "+923001234567"
                && a.email == "ayesha@example.pk"
                && a.city.as_deref() == Some("Lahore")
                && a.total == rs(1710)
        })
        .times(1)
        .returning(|_| Ok(()));
    let mut unit_of_work = MockUnitOfWork::new();
    unit_of_work.expect_run_boxed().never();

    let err = orders_blocking(MockOrderRepository::new(), unit_of_work, MockCodRepository::new(), blocklist)
        .place(request(Some("SAVE10"), 190, 1710))
        .await
        .unwrap_err();

    assert_eq!(
        err.to_string(),
        "Sorry, we can't take this order for cash on delivery. Please contact us if you need help."
    );
}

#[tokio::test]
async fn more_units_of_one_product_than_the_limit_are_refused_before_anything_is_locked() {
    let mut handle = Handle::default();
    let mut orders_tx = crate::orders::ports::MockOrderTx::new();
    orders_tx.expect_lock_placements().never();
    orders_tx.expect_insert().never();
    handle.orders = orders_tx;
    handle.stock.expect_lock_products().never();
    let mut eleven = request(None, 0, 9550);
    eleven.lines[0].quantity = Quantity::new(11).unwrap();

    let err = orders(MockOrderRepository::new(), run_once(writing_nothing(handle))).place(eleven).await.unwrap_err();

    assert!(matches!(err, PlaceOrderError::TooManyUnits { line: 0, .. }), "{err:?}");
    assert_eq!(err.to_string(), "You can order at most 10 of one item. Please contact us for larger orders.");
}

/// Order writes whose counts find `pending` pending orders of the account, taking the turn first.
fn counting(pending: u32) -> crate::orders::ports::MockOrderTx {
    use domain::order_limits::RecentOrders;

    let mut orders_tx = crate::orders::ports::MockOrderTx::new();
    let mut sequence = mockall::Sequence::new();
    orders_tx
        .expect_lock_placements()
        .withf(|who, phone| *who == customer() && phone == "+923001234567")
        .times(1)
        .in_sequence(&mut sequence)
        .returning(|_, _| Ok(()));
    orders_tx
        .expect_recent_orders()
        .withf(|who, phone, limits| {
            *who == customer()
                && phone == "+923001234567"
                && limits.get(domain::order_limits::LimitId::PendingPerAccount) == 3
        })
        .times(1)
        .in_sequence(&mut sequence)
        .returning(move |_, _, _| {
            Ok(RecentOrders { pending_by_account: pending, pending_by_phone: pending, nth_newest_placed: None })
        });
    orders_tx.expect_insert().never();
    orders_tx
}

#[tokio::test]
async fn a_fourth_pending_order_of_the_account_is_refused_under_its_lock_writing_nothing() {
    let mut handle = Handle { orders: counting(3), ..Handle::default() };
    handle.stock.expect_lock_products().never();

    let err = orders(MockOrderRepository::new(), run_once(writing_nothing(handle)))
        .place(request(None, 0, 1900))
        .await
        .unwrap_err();

    assert!(matches!(err, PlaceOrderError::TooManyOrders(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        "You can have at most 3 orders waiting for approval. Please wait until we have checked them, or contact us."
    );
}

#[tokio::test]
async fn a_retry_refused_by_a_limit_its_first_submit_reached_answers_that_first_order() {
    let keyed =
        OrderRequest { idempotency_key: Some(IdempotencyKey::parse("tap-1").unwrap()), ..request(None, 0, 1900) };
    let digest = keyed.digest();
    let mut repository = finding(stored(42, OrderStatus::Pending));
    let mut sequence = mockall::Sequence::new();
    repository.expect_find_key().times(1).in_sequence(&mut sequence).returning(|_, _| Ok(None));
    repository
        .expect_find_key()
        .times(1)
        .in_sequence(&mut sequence)
        .returning(move |_, _| Ok(Some((digest.clone(), OrderId::new(42).unwrap()))));
    let handle = Handle { orders: counting(3), ..Handle::default() };

    let order = orders(repository, run_once(writing_nothing(handle))).place(keyed).await.unwrap();

    assert_eq!(order.id.get(), 42);
}

#[test]
fn the_digest_of_a_request_is_stable_and_changes_with_what_is_asked_for() {
    let same = request(Some("SAVE10"), 190, 1710);
    let other_total = request(Some("SAVE10"), 190, 1711);
    let mut other_phone = request(Some("SAVE10"), 190, 1710);
    other_phone.details.phone1 = domain::contact::Phone::parse_mobile("0333 1234567").unwrap();
    let mut retyped_phone = request(Some("SAVE10"), 190, 1710);
    retyped_phone.details.phone1 = domain::contact::Phone::parse_mobile("+92 300-1234567").unwrap();

    assert_eq!(same.digest(), request(Some("SAVE10"), 190, 1710).digest());
    assert_eq!(same.digest().len(), 16);
    assert_ne!(same.digest(), other_total.digest());
    assert_ne!(same.digest(), other_phone.digest());
    assert_eq!(same.digest(), retyped_phone.digest(), "the same number written another way is the same order");
}
