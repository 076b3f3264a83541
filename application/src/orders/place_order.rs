//! Placing an order (docs/contract.md §4, docs/orders.md): the session's customer owns it; the server prices it
//! from the database with the cart's rule and refuses it, storing nothing, when the shopper's figures
//! differ; stock, the coupon's use, the order, its key and the shop owner's e-mail are written in one
//! transaction.

use std::sync::Arc;

use chrono::NaiveDate;
use domain::calendar::pakistan_date;
use domain::cart::{CartLine, DeliveryCharge};
use domain::checkout::{changes, Quote, QuotedLine};
use domain::coupon::CouponError;
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::language::{Bilingual, Localized};
use domain::order_limits::{OrderLimitReached, OrderLimits, TooManyUnits};
use domain::risk::{assess_stored, RiskFacts, StoredRisk};
use domain::stock::Quantity;

use crate::blocklist::model::NewAttempt;
use crate::common::error::{Conflict, RepositoryError};
use crate::common::token::LinkDigest;
use crate::mail::ports::MailLayout;
use crate::orders::cod_ports::{Contact, ContactRecord};
use crate::orders::mail::{confirmation_mail, new_order_mail};
use crate::orders::model::{
    LockedCoupon, NewOrder, Order, OrderItem, OrderRequest, RequestedLine, StockedProduct, MAX_ORDER_LINES,
};
use crate::orders::ports::OrdersTx;
use crate::orders::service::Orders;
use crate::orders::whatsapp_messages::{queue_confirmation, whatsapp_to};

/// The answer of a placed order.
pub const ORDER_PLACED: Bilingual =
    Bilingual { english: "Order placed successfully.", urdu: "آرڈر کامیابی سے دے دیا گیا۔" };

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
            whatsapp: self.mail.whatsapp.then(|| {
                let secret = self.tokens.generate();
                (self.tokens.digest(&secret), secret)
            }),
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
        let order = self.repository.find(id).await?.ok_or(PlaceOrderError::Unexpected(RepositoryError::NotFound))?;
        self.announce_stock(&order).await;
        Ok(order)
    }

    /// Refuses the order when one of its phones, its e-mail or the account's e-mail is blocked, recording
    /// the attempt in a write of its own (the refusal stores nothing else).
    async fn refuse_blocked(&self, request: &OrderRequest) -> Result<(), PlaceOrderError> {
        let d = &request.details;
        let contact = Contact::of_details(d);
        let emails = [contact.email, request.account_email.clone()];
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
    confirm_digest: LinkDigest,
    /// The digest and the secret of the WhatsApp message's buttons, when WhatsApp is on.
    whatsapp: Option<(LinkDigest, String)>,
}

/// The unit of work: checks the owner's limits on what one account may order, reads the contact's record,
/// reads and locks what the price depends on, decides, and writes the order with its risk score (docs/cod.md
/// 'Risk score'); a refusal rolls back whatever was written.
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
    let d = &request.details;
    let record = tx.risk().contact_record(request.customer, &d.phone1, &d.email)?;
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
    let lines: Vec<(ProductId, u32)> = quote.lines().iter().map(|l| (l.product_id, l.line.quantity().get())).collect();
    if !tx.stock().take(&lines)? {
        // The rows are locked, so this cannot happen; refuse rather than oversell if it does.
        return Err(RepositoryError::Refused("stock changed under its lock".to_owned()).into());
    }
    if let Some(coupon_id) = coupon_id {
        if !tx.coupons().take_use(coupon_id)? {
            return Err(RepositoryError::Refused(format!("coupon {coupon_id} was used up under its lock")).into());
        }
    }
    let mut order = new_order(request.customer, &quote, coupon_id, request, mail.confirm_digest, now);
    order.risk = assess_stored(&settings, &placed_facts(&order, &record));
    let id = tx.orders().insert(&order)?;
    if let Some(((digest, secret), to)) = mail.whatsapp.as_ref().zip(whatsapp_to(&request.details.phone1)) {
        tx.whatsapp().attach(id, &to, digest)?;
        queue_confirmation(tx.whatsapp(), id, &order, &to, secret)?;
    }
    if let Some(key) = &request.idempotency_key {
        tx.orders().save_key(request.customer, key, digest, id)?;
    }
    let link = format!("{}/confirm-order?order={id}&token={}", mail.public_url, mail.confirm_token);
    let account = &request.account_email;
    let layout = mail.layout.as_ref();
    let mut mails =
        vec![confirmation_mail(id, &order, account, &link, settings.reject_unconfirmed_after_hours(), layout)];
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
    confirm_digest: LinkDigest,
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
        risk: StoredRisk::default(),
        language: request.language,
    }
}

/// The facts of the risk score of `order`, about to be placed, whose contact has `record` (its count of
/// other pending orders is read live, not stored).
#[must_use]
pub fn placed_facts(order: &NewOrder, record: &ContactRecord) -> RiskFacts {
    let d = &order.details;
    RiskFacts {
        returned: record.returned,
        rejected: record.rejected,
        other_pending: 0,
        account_opened: record.account_opened,
        placed_at: order.at,
        address: d.address.as_str().to_owned(),
        province: d.destination.province().map(str::to_owned),
        city: d.destination.city().map(str::to_owned),
        pieces: order.items.iter().map(|item| u64::from(item.quantity.get())).sum(),
        total: order.total,
    }
}

impl Localized for PlaceOrderError {
    fn urdu(&self) -> String {
        match self {
            Self::EmptyCart => "آپ کی ٹوکری خالی ہے۔".to_owned(),
            Self::TooManyLines => format!("ایک آرڈر میں زیادہ سے زیادہ {MAX_ORDER_LINES} چیزیں ہو سکتی ہیں۔"),
            Self::DuplicateProduct(id) => format!("پروڈکٹ {id} ایک سے زیادہ بار درج ہے۔"),
            Self::FiguresChanged { .. } => {
                "آپ کی ٹوکری بننے کے بعد قیمتیں یا ڈیلیوری بدل گئی ہیں۔ براہِ کرم نئی کل رقم دیکھ لیں۔".to_owned()
            }
            Self::OutOfStock { name, left, .. } => format!("{name} کے صرف {left} عدد باقی ہیں۔"),
            Self::UnknownProduct { id, .. } => format!("پروڈکٹ {id} اب دستیاب نہیں۔"),
            Self::KeyReused => "یہ Idempotency-Key کسی دوسرے آرڈر کے لیے استعمال ہو چکی ہے۔".to_owned(),
            Self::Blocked => {
                "معذرت، ہم یہ آرڈر کیش آن ڈیلیوری پر نہیں لے سکتے۔ مدد کے لیے ہم سے رابطہ کریں۔".to_owned()
            }
            Self::TooManyUnits { refusal, .. } => refusal.urdu(),
            Self::TooManyOrders(reached) => reached.urdu(),
            Self::Unexpected(_) => "آرڈر نہیں دیا جا سکا۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests;
