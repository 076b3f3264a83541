//! Placing an order (docs/contract.md §4, docs/orders.md): the session's customer owns it; the server prices it
//! from the database with the cart's rule and refuses it, storing nothing, when the shopper's figures
//! differ; stock, the coupon's use, the order, its key and the shop owner's e-mail are written in one
//! transaction.

use std::sync::Arc;

use chrono::NaiveDate;
use domain::calendar::pakistan_date;
use domain::cart::{CartLine, DeliveryCharge};
use domain::checkout::{changes, Quote, QuotedLine};
use domain::contact::canonical_mailbox;
use domain::coupon::CouponError;
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::order_limits::{OrderLimitReached, OrderLimits, TooManyUnits};
use domain::stock::Quantity;

use crate::blocklist::model::NewAttempt;
use crate::common::error::{Conflict, RepositoryError};
use crate::mail::ports::MailLayout;
use crate::orders::cod_ports::Contact;
use crate::orders::mail::{confirmation_mail, new_order_mail};
use crate::orders::model::{
    LockedCoupon, NewOrder, Order, OrderItem, OrderRequest, RequestedLine, StockedProduct, MAX_ORDER_LINES,
};
use crate::orders::ports::OrdersTx;
use crate::orders::service::Orders;

/// The answer of a placed order.
pub const ORDER_PLACED: &str = "Order placed successfully.";

/// The server's figures and what differs from the shopper's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedQuote {
    pub quote: Quote,
    /// What changed, in words; empty when only the stock is short or a product is gone.
    pub changes: Vec<String>,
}

/// Why an order was not placed. Nothing was stored.
#[derive(Debug, thiserror::Error)]
pub enum PlaceOrderError {
    #[error("Your cart is empty.")]
    EmptyCart,
    #[error("An order can hold at most {MAX_ORDER_LINES} products.")]
    TooManyLines,
    #[error("Product {0} is listed more than once.")]
    DuplicateProduct(ProductId),
    /// A price, the delivery charge, the coupon or a total differs from the server's.
    #[error("Prices or delivery changed since your cart was built. Please check the new total.")]
    FiguresChanged { quote: Box<PricedQuote> },
    /// Fewer units are on hand than asked for; the quote has the quantities left.
    #[error("Only {left} left of {name}.")]
    OutOfStock { name: String, left: u32, quote: Box<PricedQuote> },
    /// A product is unknown or deleted; the quote is priced without it.
    #[error("Product {id} is no longer available.")]
    UnknownProduct { id: ProductId, quote: Box<PricedQuote> },
    #[error("This Idempotency-Key was already used for a different order.")]
    KeyReused,
    /// A phone or e-mail of the order is on the blocklist; the attempt was recorded. Names no rule.
    #[error("Sorry, we can't take this order for cash on delivery. Please contact us if you need help.")]
    Blocked,
    /// The line at `line` (counted from 0) holds more of its product than one order may.
    #[error("{refusal}")]
    TooManyUnits { line: usize, refusal: TooManyUnits },
    /// The account or its phone has as many pending orders, or the account placed as many orders in the
    /// last 24 hours, as the owner allows.
    #[error(transparent)]
    TooManyOrders(OrderLimitReached),
    #[error("the order could not be placed")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for PlaceOrderError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// The coupon as the order found it: none asked for, refused (why), or applying.
enum CouponState {
    None,
    Refused(String),
    Applies(LockedCoupon),
}

impl Orders {
    /// Places `request` for its customer.
    ///
    /// # Errors
    /// [`PlaceOrderError`]: an empty, too long or repeating cart; figures, stock or products that changed
    /// (with the server's quote); a reused Idempotency-Key; or a store failure.
    pub async fn place(&self, request: OrderRequest) -> Result<Order, PlaceOrderError> {
        check_lines(&request.lines)?;
        let digest = request.digest();
        if let Some(order) = self.replay(&request, &digest).await? {
            return Ok(order);
        }
        self.refuse_blocked(&request).await?;
        let now = self.clock.now();
        let today = pakistan_date(now);
        let confirm_token = self.tokens.generate();
        let mail = Mails {
            notify: self.mail.notify.clone(),
            public_url: self.mail.public_url.clone(),
            layout: self.mail.layout.clone(),
            confirm_digest: self.tokens.digest(&confirm_token),
            confirm_token,
        };
        let work_request = request.clone();
        let placed = self.unit_of_work.run(move |tx| place_in(tx, &work_request, &digest, today, now, mail)).await;
        let id = match placed {
            Ok(id) => id,
            Err(PlaceOrderError::Unexpected(RepositoryError::Conflict(Conflict::IdempotencyKeyTaken))) => {
                // Another submit with the same key committed first; answer its order like any retry.
                return self.replay(&request, &request.digest()).await?.ok_or(PlaceOrderError::KeyReused);
            }
            Err(PlaceOrderError::Unexpected(other)) => return Err(PlaceOrderError::Unexpected(other)),
            Err(refusal) => {
                // A retry of a submit that was placed while this one waited for its turn answers that order,
                // not the limit or the stock its own order has since used up.
                return match self.replay(&request, &request.digest()).await? {
                    Some(order) => Ok(order),
                    None => Err(refusal),
                };
            }
        };
        self.score_after_placing(id, request.details.phone1.normal().to_owned()).await;
        self.repository.find(id).await?.ok_or(PlaceOrderError::Unexpected(RepositoryError::NotFound))
    }

    /// Refuses the order when one of its phones, its e-mail or the account's e-mail is blocked, recording
    /// the attempt in a write of its own (the refusal stores nothing else).
    async fn refuse_blocked(&self, request: &OrderRequest) -> Result<(), PlaceOrderError> {
        let d = &request.details;
        let contact = Contact::of_details(d);
        let emails: Vec<String> =
            [contact.email.as_str(), request.account_email.as_str()].map(canonical_mailbox).into();
        let Some(entry) = self.blocklist.matching(&contact.phones, &emails).await? else { return Ok(()) };
        self.blocklist
            .record_attempt(&NewAttempt {
                at: self.clock.now(),
                entry: entry.id,
                customer: request.customer,
                kind: entry.kind,
                value: entry.value,
                name: d.name.as_str().to_owned(),
                phone: d.phone1.normal().to_owned(),
                email: d.email.as_str().to_owned(),
                city: d.destination.city().map(str::to_owned),
                total: request.figures.total,
            })
            .await?;
        Err(PlaceOrderError::Blocked)
    }

    /// The order placed earlier under the request's Idempotency-Key, when there is one and the request is
    /// the same.
    async fn replay(&self, request: &OrderRequest, digest: &str) -> Result<Option<Order>, PlaceOrderError> {
        let Some(key) = &request.idempotency_key else { return Ok(None) };
        let Some((stored, id)) = self.repository.find_key(request.customer, key).await? else { return Ok(None) };
        if stored != digest {
            return Err(PlaceOrderError::KeyReused);
        }
        Ok(Some(self.repository.find(id).await?.ok_or(RepositoryError::NotFound)?))
    }
}

fn check_lines(lines: &[RequestedLine]) -> Result<(), PlaceOrderError> {
    if lines.is_empty() {
        return Err(PlaceOrderError::EmptyCart);
    }
    if lines.len() > MAX_ORDER_LINES {
        return Err(PlaceOrderError::TooManyLines);
    }
    for (i, line) in lines.iter().enumerate() {
        if lines[..i].iter().any(|earlier| earlier.product_id == line.product_id) {
            return Err(PlaceOrderError::DuplicateProduct(line.product_id));
        }
    }
    Ok(())
}

/// What a placed order's e-mails need: the owner to tell, and the shopper's confirmation link (whose token
/// is stored only as its digest).
struct Mails {
    notify: Option<domain::contact::Email>,
    public_url: String,
    layout: Arc<dyn MailLayout>,
    confirm_token: String,
    confirm_digest: String,
}

/// The unit of work: checks the owner's limits on what one account may order, reads and locks what the
/// price depends on, decides, and writes the order; a refusal rolls back whatever was written.
fn place_in(
    tx: &mut dyn OrdersTx,
    request: &OrderRequest,
    digest: &str,
    today: NaiveDate,
    now: chrono::DateTime<chrono::Utc>,
    mail: Mails,
) -> Result<OrderId, PlaceOrderError> {
    let settings = tx.risk().cod_settings()?;
    if let Some(refusal) = over_limits(tx, request, settings.limits(), now)? {
        return Err(refusal);
    }
    let mut ids: Vec<ProductId> = request.lines.iter().map(|l| l.product_id).collect();
    ids.sort_unstable();
    let products = tx.stock().lock_products(&ids)?;
    let delivery = tx.stock().delivery_charge()?;
    let coupon = match &request.figures.coupon {
        None => CouponState::None,
        Some(code) => match tx.coupons().lock_by_code(code)? {
            None => CouponState::Refused(CouponError::InvalidOrExpired.to_string()),
            Some(locked) => {
                let customer_uses = match locked.coupon.limits().per_customer() {
                    Some(_) => Some(tx.coupons().uses_by_customer(locked.id, request.customer)?),
                    None => None,
                };
                match locked.coupon.limits().check(locked.uses, customer_uses) {
                    Ok(()) => CouponState::Applies(locked),
                    Err(used_up) => CouponState::Refused(used_up.to_string()),
                }
            }
        },
    };
    let (quote, coupon_id) = decide(request, &products, delivery, &coupon, today)?;
    for line in quote.lines() {
        if !tx.stock().take(line.product_id, line.line.quantity().get())? {
            // The rows are locked, so this cannot happen; refuse rather than oversell if it does.
            return Err(RepositoryError::Refused(format!(
                "stock of product {} changed under its lock",
                line.product_id
            ))
            .into());
        }
    }
    if let Some(coupon_id) = coupon_id {
        if !tx.coupons().take_use(coupon_id)? {
            return Err(RepositoryError::Refused(format!("coupon {coupon_id} was used up under its lock")).into());
        }
    }
    let order = new_order(request.customer, &quote, coupon_id, request, mail.confirm_digest, now);
    let id = tx.orders().insert(&order)?;
    if let Some(key) = &request.idempotency_key {
        tx.orders().save_key(request.customer, key, digest, id)?;
    }
    let link = format!("{}/confirm-order?order={id}&token={}", mail.public_url, mail.confirm_token);
    let account = &request.account_email;
    let layout = mail.layout.as_ref();
    let mut mails = vec![confirmation_mail(id, &order, account, &link, settings.confirm_window_hours(), layout)];
    if let Some(to) = mail.notify {
        mails.push(new_order_mail(id, &order, account, to, layout));
    }
    tx.outbox().enqueue(&mails)?;
    Ok(id)
}

/// The refusal when the order passes a limit of the owner's: too many units of one product (before anything
/// is locked), or, once the customer's and the phone's placements are taken in turns, too many pending or
/// recent orders.
fn over_limits(
    tx: &mut dyn OrdersTx,
    request: &OrderRequest,
    limits: OrderLimits,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<PlaceOrderError>, RepositoryError> {
    if let Err((line, refusal)) = limits.check_units(request.lines.iter().map(|l| l.quantity.get())) {
        return Ok(Some(PlaceOrderError::TooManyUnits { line, refusal }));
    }
    let phone = request.details.phone1.normal();
    tx.orders().lock_placements(request.customer, phone)?;
    let recent = tx.orders().recent_orders(request.customer, phone, &limits)?;
    Ok(limits.check_recent(&recent, now).err().map(PlaceOrderError::TooManyOrders))
}

/// The server's quote of `lines` at the quantities given, with the coupon when it applies, and the
/// coupon's refusal otherwise.
fn price(
    lines: &[(&StockedProduct, Quantity)],
    delivery: DeliveryCharge,
    coupon: &CouponState,
    today: NaiveDate,
) -> (Quote, Option<String>, Option<CouponId>) {
    let quoted = lines
        .iter()
        .map(|(product, quantity)| QuotedLine {
            product_id: product.id,
            name: product.name.clone(),
            line: CartLine::new(product.tag, *quantity, product.free_delivery),
        })
        .collect();
    let quote = Quote::new(quoted, delivery);
    match coupon {
        CouponState::None => (quote, None, None),
        CouponState::Refused(reason) => (quote, Some(reason.clone()), None),
        CouponState::Applies(locked) => match locked.coupon.apply(quote.totals().cart_total(), today) {
            Ok(discount) => (quote.with_coupon(locked.coupon.code().clone(), discount), None, Some(locked.id)),
            Err(refusal) => (quote, Some(refusal.to_string()), None),
        },
    }
}

/// The quote to place, or why not: an unknown product, short stock or figures that differ.
fn decide(
    request: &OrderRequest,
    products: &[StockedProduct],
    delivery: DeliveryCharge,
    coupon: &CouponState,
    today: NaiveDate,
) -> Result<(Quote, Option<CouponId>), PlaceOrderError> {
    let found: Vec<(&StockedProduct, Quantity)> = request
        .lines
        .iter()
        .filter_map(|line| products.iter().find(|p| p.id == line.product_id).map(|p| (p, line.quantity)))
        .collect();
    let quoted = |lines: &[(&StockedProduct, Quantity)]| {
        let (quote, refusal, _) = price(lines, delivery, coupon, today);
        let changes = changes(&quote, &request.figures, refusal.as_deref());
        Box::new(PricedQuote { quote, changes })
    };
    if let Some(missing) = request.lines.iter().find(|line| products.iter().all(|p| p.id != line.product_id)) {
        return Err(PlaceOrderError::UnknownProduct { id: missing.product_id, quote: quoted(&found) });
    }
    if let Some((short, _)) = found.iter().find(|(product, quantity)| product.quantity < quantity.get()) {
        let left: Vec<(&StockedProduct, Quantity)> =
            found.iter().filter_map(|(p, q)| Quantity::new(q.get().min(p.quantity)).ok().map(|q| (*p, q))).collect();
        return Err(PlaceOrderError::OutOfStock {
            name: short.name.clone(),
            left: short.quantity,
            quote: quoted(&left),
        });
    }
    let (quote, refusal, coupon_id) = price(&found, delivery, coupon, today);
    let changes = changes(&quote, &request.figures, refusal.as_deref());
    if changes.is_empty() {
        Ok((quote, coupon_id))
    } else {
        Err(PlaceOrderError::FiguresChanged { quote: Box::new(PricedQuote { quote, changes }) })
    }
}

fn new_order(
    customer: CustomerId,
    quote: &Quote,
    coupon_id: Option<CouponId>,
    request: &OrderRequest,
    confirm_digest: String,
    now: chrono::DateTime<chrono::Utc>,
) -> NewOrder {
    let totals = quote.totals();
    NewOrder {
        customer,
        items: quote
            .lines()
            .iter()
            .map(|l| OrderItem {
                product_id: l.product_id,
                name: l.name.clone(),
                quantity: l.line.quantity(),
                unit_price: l.line.tag().unit_price(),
            })
            .collect(),
        subtotal: totals.subtotal(),
        delivery_charge: totals.delivery_charge(),
        coupon: coupon_id.zip(quote.coupon().cloned()),
        coupon_discount: totals.coupon_discount(),
        total: totals.grand_total(),
        details: request.details.clone(),
        confirm_digest,
        at: now,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::model::IdempotencyKey;
    use crate::orders::ports::MockOrderRepository;
    use crate::orders::testing::{
        case, customer, now, orders, product_id, request, rs, run_once, run_then_rescore, stored, Handle,
        MockUnitOfWork,
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
        handle.stock.expect_take().withf(|id, n| *id == product_id(12) && *n == 2).times(1).returning(|_, _| Ok(true));
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
                    && mails[0]
                        .text
                        .contains("Confirm my order: https://shop.pk/confirm-order?order=42&token=token-1\n")
                    && mails[0].text.contains("The link works for 48 hours.")
                    && mails[1].to.as_str() == "owner@shop.pk"
                    && mails[1].subject == "New order #42: Rs 1710"
                    && mails[1].text.contains(
                        "E-mail: ayesha.k@example.pk\nE-mail typed at checkout (not mailed): ayesha@example.pk\n",
                    )
            })
            .times(1)
            .returning(|_| Ok(1));

        let order = orders(finding(stored(42, OrderStatus::Pending)), run_then_rescore(handle, Handle::default()))
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
                "Subtotal changed from Rs 1600 to Rs 1700.",
                "Total changed from Rs 1800 to Rs 1900."
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
    async fn a_placed_order_is_scored_after_its_transaction_with_the_orders_of_its_phone_whose_score_it_moved() {
        use crate::orders::cod_ports::{MockRiskTx, RiskScope};
        use domain::risk::{CodSettings, RiskFacts};

        let facts = |other_pending| RiskFacts { other_pending, ..crate::orders::testing::risk_facts(rs(1900)) };
        let id = |n| OrderId::new(n).unwrap();
        let mut handle = reading(10, None);
        handle.stock.expect_take().returning(|_, _| Ok(true));
        handle
            .orders
            .expect_insert()
            .withf(|order| order.confirm_digest == "digest-of-token-1")
            .returning(|_| Ok(OrderId::new(42).unwrap()));
        handle.outbox.expect_enqueue().returning(|_| Ok(2));
        let mut locked_products = MockRiskTx::new();
        locked_products.expect_cod_settings().times(1).returning(|| Ok(CodSettings::default()));
        locked_products.expect_risk_facts().never();
        locked_products.expect_store_risk().never();
        handle.risk = locked_products;
        let mut after = Handle::default();
        let mut risk = MockRiskTx::new();
        risk.expect_lock_phones().withf(|phones| phones == ["+923001234567"]).times(1).returning(|_| Ok(()));
        risk.expect_cod_settings().times(1).returning(|| Ok(CodSettings::default()));
        risk.expect_risk_facts()
            .withf(move |scope| *scope == RiskScope::Order(id(42)))
            .times(1)
            .returning(move |_| Ok(vec![(id(42), facts(1))]));
        risk.expect_pending_counted()
            .withf(move |phone, counted, except| phone == "+923001234567" && !counted && *except == id(42))
            .times(1)
            .returning(move |_, _, _| Ok(vec![id(41)]));
        risk.expect_risk_facts()
            .withf(move |scope| *scope == RiskScope::Orders(vec![id(41)]))
            .times(1)
            .returning(move |_| Ok(vec![(id(41), facts(1))]));
        risk.expect_store_risk()
            .withf(move |scores| {
                scores.iter().map(|(id, risk)| (id.get(), risk.score())).collect::<Vec<_>>() == [(42, 20), (41, 20)]
                    && scores[1].1.reasons()[0].text == "This phone has 1 other pending order."
            })
            .times(1)
            .returning(|_| Ok(()));
        after.risk = risk;

        orders(finding(stored(42, OrderStatus::Pending)), run_then_rescore(handle, after))
            .place(request(None, 0, 1900))
            .await
            .unwrap();
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
                phones == ["+923001234567"] && emails == ["ayesha@example.pk", "ayesha.k@example.pk"]
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

        let err =
            orders(MockOrderRepository::new(), run_once(writing_nothing(handle))).place(eleven).await.unwrap_err();

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
}
