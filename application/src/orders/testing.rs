//! Mocks and fixtures shared by the orders' unit tests.

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use domain::checkout::{ClientFigures, ClientLine};
use domain::contact::{Email, PersonName, Phone};
use domain::coupon::CouponCode;
use domain::ids::{CustomerId, OrderId, ProductId};
use domain::locations::Location;
use domain::money::Rupees;
use domain::order_status::OrderStatus;
use domain::pricing::PriceTag;
use domain::stock::Quantity;

use crate::blocklist::ports::MockBlocklistRepository;
use crate::common::clock::MockClock;
use crate::common::token::LinkDigest;
use crate::common::unit_of_work::{Made, RolledBack, UnitOfWork, Work};
use crate::mail::ports::{MockOutboxTx, OutboxTx};
use crate::orders::cod_ports::{ContactRecord, MockCodRepository, MockRiskTx, RiskTx};
use crate::orders::consignments::{ConsignmentTx, MockConsignmentTx};
use crate::orders::model::{
    delivery_address, Actor, ContactDetails, Destination, Order, OrderEvent, OrderItem, OrderRequest, RequestedLine,
    StockedProduct, StoredDetails,
};
use crate::orders::ports::{
    CouponUseTx, MockCouponUseTx, MockOrderRepository, MockOrderTx, MockReviewTokens, MockStockTx, OrderTx, OrdersTx,
    StockTx,
};
use crate::orders::service::{CodStores, OrderMailConfig, Orders};
use crate::whatsapp::ports::{MockWhatsAppTx, WhatsAppTx};

mockall::mock! {
    pub UnitOfWork {}

    #[async_trait::async_trait]
    impl UnitOfWork<dyn OrdersTx> for UnitOfWork {
        async fn run_boxed(&self, work: Work<dyn OrdersTx>) -> Result<Made, RolledBack>;
    }
}

/// A transaction handle over mocked repositories. Its risk scores read the default settings, find no
/// pending order to score and store nothing, unless a test sets `risk` itself.
pub struct Handle {
    pub stock: MockStockTx,
    pub orders: MockOrderTx,
    pub coupons: MockCouponUseTx,
    pub outbox: MockOutboxTx,
    pub risk: MockRiskTx,
    pub consignments: MockConsignmentTx,
    pub whatsapp: MockWhatsAppTx,
}

impl Default for Handle {
    fn default() -> Self {
        let mut risk = MockRiskTx::new();
        risk.expect_cod_settings().returning(|| Ok(domain::risk::CodSettings::default()));
        risk.expect_risk_facts().returning(|_| Ok(vec![]));
        risk.expect_store_risk().never();
        risk.expect_lock_phones().returning(|_| Ok(()));
        risk.expect_contact_record().returning(|_, _, _| {
            Ok(ContactRecord { returned: 0, rejected: 0, account_opened: now() - chrono::Duration::days(30) })
        });
        Self {
            stock: MockStockTx::new(),
            orders: placing_freely(),
            coupons: MockCouponUseTx::new(),
            outbox: MockOutboxTx::new(),
            risk,
            consignments: MockConsignmentTx::new(),
            whatsapp: MockWhatsAppTx::new(),
        }
    }
}

impl OrdersTx for Handle {
    fn stock(&mut self) -> &mut dyn StockTx {
        &mut self.stock
    }

    fn orders(&mut self) -> &mut dyn OrderTx {
        &mut self.orders
    }

    fn coupons(&mut self) -> &mut dyn CouponUseTx {
        &mut self.coupons
    }

    fn outbox(&mut self) -> &mut dyn OutboxTx {
        &mut self.outbox
    }

    fn risk(&mut self) -> &mut dyn RiskTx {
        &mut self.risk
    }

    fn consignments(&mut self) -> &mut dyn ConsignmentTx {
        &mut self.consignments
    }

    fn whatsapp(&mut self) -> &mut dyn WhatsAppTx {
        &mut self.whatsapp
    }
}

/// Order writes whose limits' counts find nothing: the customer and the phone have no orders yet. A test
/// about the counts makes its own.
pub fn placing_freely() -> MockOrderTx {
    let mut orders = MockOrderTx::new();
    orders.expect_lock_placements().returning(|_, _| Ok(()));
    orders.expect_recent_orders().returning(|_, _, _| {
        Ok(domain::order_limits::RecentOrders { pending_by_account: 0, pending_by_phone: 0, nth_newest_placed: None })
    });
    orders
}

/// A unit of work run once, against `handle`.
pub fn run_once(handle: Handle) -> MockUnitOfWork {
    let mut unit_of_work = MockUnitOfWork::new();
    unit_of_work.expect_run_boxed().times(1).return_once(move |work| {
        let mut handle = handle;
        work(&mut handle).map_err(RolledBack::Answered)
    });
    unit_of_work
}

/// A unit of work run twice: the change against `handle`, then the rescoring after it against `after`.
pub fn run_then_rescore(handle: Handle, after: Handle) -> MockUnitOfWork {
    let mut unit_of_work = MockUnitOfWork::new();
    let mut sequence = mockall::Sequence::new();
    for handle in [handle, after] {
        unit_of_work.expect_run_boxed().times(1).in_sequence(&mut sequence).return_once(move |work| {
            let mut handle = handle;
            work(&mut handle).map_err(RolledBack::Answered)
        });
    }
    unit_of_work
}

/// The risk facts of an order of 2 pieces for `total` to Lahore, by a customer of 30 days with no other
/// orders; tests change the counts they are about.
pub fn risk_facts(total: Rupees) -> domain::risk::RiskFacts {
    domain::risk::RiskFacts {
        returned: 0,
        rejected: 0,
        other_pending: 0,
        account_opened: now() - chrono::Duration::days(30),
        placed_at: now(),
        address: "House 12, Street 4, Gulberg III".into(),
        province: Some("Punjab".into()),
        city: Some("Lahore".into()),
        pieces: 2,
        total,
    }
}

pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 6, 0, 0).unwrap()
}

/// The orders' use cases over these mocks, with a blocklist that blocks nothing.
pub fn orders(repository: MockOrderRepository, unit_of_work: MockUnitOfWork) -> Orders {
    orders_with(repository, unit_of_work, MockCodRepository::new())
}

/// The orders' use cases over these mocks and COD store, with a blocklist that blocks nothing.
pub fn orders_with(repository: MockOrderRepository, unit_of_work: MockUnitOfWork, cod: MockCodRepository) -> Orders {
    let mut blocklist = MockBlocklistRepository::new();
    blocklist.expect_matching().returning(|_, _| Ok(None));
    blocklist.expect_record_attempt().never();
    orders_blocking(repository, unit_of_work, cod, blocklist)
}

/// The orders' use cases over these mocks.
pub fn orders_blocking(
    repository: MockOrderRepository,
    unit_of_work: MockUnitOfWork,
    cod: MockCodRepository,
    blocklist: MockBlocklistRepository,
) -> Orders {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    let mut tokens = MockReviewTokens::new();
    let mut n = 0;
    tokens.expect_generate().returning(move || {
        n += 1;
        format!("token-{n}")
    });
    tokens.expect_digest().returning(|token| LinkDigest::from_stored(format!("digest-of-{token}")));
    Orders::new(
        Arc::new(repository),
        Arc::new(unit_of_work),
        Arc::new(clock),
        Arc::new(tokens),
        OrderMailConfig {
            public_url: "https://shop.pk".into(),
            notify: Some(Email::parse("owner@shop.pk").unwrap()),
            layout: Arc::new(crate::mail::testing::DebugLayout),
            whatsapp: false,
        },
        CodStores { cod: Arc::new(cod), blocklist: Arc::new(blocklist) },
        Arc::new(NoStockWatchers),
    )
}

/// Nobody listens to stock changes in the use cases' tests.
pub struct NoStockWatchers;

#[async_trait::async_trait]
impl crate::catalog::ports::StockChanges for NoStockWatchers {
    async fn stock_changed(&self, _products: Vec<ProductId>) {}
}

pub fn product_id(id: i64) -> ProductId {
    ProductId::new(id).unwrap()
}

pub fn customer() -> CustomerId {
    CustomerId::new(7).unwrap()
}

pub fn rs(whole: i64) -> Rupees {
    Rupees::from_whole(whole)
}

/// The Phone Case: Rs 850 on sale from Rs 900, `stock` on hand, delivery charged.
pub fn case(stock: u32) -> StockedProduct {
    StockedProduct {
        id: product_id(12),
        name: "Phone Case".into(),
        tag: PriceTag::from_fields(rs(900), Some(rs(850)), 0).unwrap(),
        free_delivery: false,
        quantity: stock,
    }
}

pub fn details() -> ContactDetails {
    ContactDetails {
        destination: Destination::City(Location::parse("Punjab", "Lahore").unwrap()),
        name: PersonName::parse("Ayesha Khan").unwrap(),
        phone1: Phone::parse_mobile("0300 1234567").unwrap(),
        phone2: None,
        email: Email::parse("ayesha@example.pk").unwrap(),
        address: delivery_address("House 12, Street 4").unwrap(),
    }
}

/// Two Phone Cases at Rs 850 with the given coupon and figures.
pub fn request(coupon: Option<&str>, discount: i64, total: i64) -> OrderRequest {
    OrderRequest {
        customer: customer(),
        details: details(),
        lines: vec![RequestedLine { product_id: product_id(12), quantity: Quantity::new(2).unwrap() }],
        figures: ClientFigures {
            lines: vec![ClientLine { product_id: product_id(12), unit_price: rs(850) }],
            subtotal: rs(1700),
            delivery_charge: rs(200),
            coupon: coupon.map(|c| CouponCode::parse(c).unwrap()),
            coupon_discount: rs(discount),
            total: rs(total),
        },
        idempotency_key: None,
        account_email: Email::parse("ayesha.k@example.pk").unwrap(),
        language: domain::language::Language::English,
    }
}

/// A stored order of two Phone Cases and a cable, in `status`, with coupon 3 applied.
pub fn stored(id: i64, status: OrderStatus) -> Order {
    Order {
        id: OrderId::new(id).unwrap(),
        customer: customer(),
        status,
        items: vec![
            OrderItem {
                product_id: product_id(30),
                name: "Cable".into(),
                quantity: Quantity::new(1).unwrap(),
                unit_price: rs(500),
            },
            OrderItem {
                product_id: product_id(12),
                name: "Phone Case".into(),
                quantity: Quantity::new(2).unwrap(),
                unit_price: rs(850),
            },
        ],
        subtotal: rs(2200),
        delivery_charge: rs(200),
        coupon_code: Some("SAVE10".into()),
        coupon_id: Some(domain::ids::CouponId::new(3).unwrap()),
        coupon_discount: rs(240),
        total: rs(2160),
        details: StoredDetails {
            province: Some(domain::locations::Province::Punjab),
            city: Some("Lahore".into()),
            name: PersonName::parse("Ayesha Khan").unwrap(),
            phone1: Phone::parse_mobile("0300 1234567").unwrap(),
            phone2: None,
            email: Email::parse("ayesha@example.pk").unwrap(),
            address: crate::orders::model::delivery_address("House 12").unwrap(),
        },
        admin_comment: None,
        consignment: None,
        review_tokens: vec![],
        history: vec![OrderEvent { status: OrderStatus::Pending, at: now(), actor: Actor::Customer, comment: None }],
        account_email: Email::parse("ayesha@example.pk").unwrap(),
        confirm_digest: Some(LinkDigest::from_stored("digest-of-token-1".into())),
        confirmed_at: None,
        confirmed_via: None,
        whatsapp_to: None,
        whatsapp_digest: None,
        language: domain::language::Language::English,
        risk: domain::risk::Risk::default(),
        created_at: now(),
        updated_at: now(),
    }
}
