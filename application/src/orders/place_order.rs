//! Placing an order (CONTRACT.md §4, docs/orders.md): the session's customer owns it; the server prices it
//! from the database with the cart's rule and refuses it, storing nothing, when the shopper's figures
//! differ; stock, the coupon's use, the order, its key and the shop owner's e-mail are written in one
//! transaction.

use chrono::NaiveDate;
use domain::calendar::pakistan_date;
use domain::cart::{CartLine, DeliveryCharge};
use domain::checkout::{changes, Quote, QuotedLine};
use domain::coupon::CouponError;
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::stock::Quantity;

use crate::common::error::{Conflict, RepositoryError};
use crate::orders::mail::new_order_mail;
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
    #[error("the order could not be placed")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for PlaceOrderError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// What the transaction did: placed the order, or refused it having written nothing.
enum Outcome {
    Placed(OrderId),
    Refused(PlaceOrderError),
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
        let now = self.clock.now();
        let today = pakistan_date(now);
        let notify = self.mail.notify.clone();
        let work_request = request.clone();
        let outcome = self
            .unit_of_work
            .run(move |tx| place_in(tx, &work_request, &digest, today, now, notify))
            .await;
        let id = match outcome {
            Ok(Outcome::Placed(id)) => id,
            Ok(Outcome::Refused(refusal)) => return Err(refusal),
            Err(RepositoryError::Conflict(Conflict::IdempotencyKeyTaken)) => {
                // Another submit with the same key committed first; answer its order like any retry.
                return self.replay(&request, &request.digest()).await?.ok_or(PlaceOrderError::KeyReused);
            }
            Err(other) => return Err(other.into()),
        };
        self.repository.find(id).await?.ok_or(PlaceOrderError::Unexpected(RepositoryError::NotFound))
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

/// The unit of work: reads and locks what the price depends on, decides, and writes only when the order
/// is placed.
fn place_in(
    tx: &mut dyn OrdersTx,
    request: &OrderRequest,
    digest: &str,
    today: NaiveDate,
    now: chrono::DateTime<chrono::Utc>,
    notify: Option<domain::contact::Email>,
) -> Result<Outcome, RepositoryError> {
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
    let (quote, coupon_id) = match decide(request, &products, delivery, &coupon, today) {
        Ok(decided) => decided,
        Err(refusal) => return Ok(Outcome::Refused(refusal)),
    };
    for line in quote.lines() {
        if !tx.stock().take(line.product_id, line.line.quantity().get())? {
            // The rows are locked, so this cannot happen; refuse rather than oversell if it does.
            return Err(RepositoryError::Refused(format!("stock of product {} changed under its lock", line.product_id)));
        }
    }
    if let Some(coupon_id) = coupon_id {
        if !tx.coupons().take_use(coupon_id)? {
            return Err(RepositoryError::Refused(format!("coupon {coupon_id} was used up under its lock")));
        }
    }
    let order = new_order(request.customer, &quote, coupon_id, request, now);
    let id = tx.orders().insert(&order)?;
    if let Some(key) = &request.idempotency_key {
        tx.orders().save_key(request.customer, key, digest, id)?;
    }
    if let Some(to) = notify {
        tx.outbox().enqueue(&[new_order_mail(id, &order, to)])?;
    }
    Ok(Outcome::Placed(id))
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
        let left: Vec<(&StockedProduct, Quantity)> = found
            .iter()
            .filter_map(|(p, q)| Quantity::new(q.get().min(p.quantity)).ok().map(|q| (*p, q)))
            .collect();
        return Err(PlaceOrderError::OutOfStock { name: short.name.clone(), left: short.quantity, quote: quoted(&left) });
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
        at: now,
    }
}
