//! What orders need from outside: stored orders to read, the writes of placing and changing an order in
//! one transaction (stock, orders, coupons and the e-mail outbox), and random review tokens.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::cart::DeliveryCharge;
use domain::coupon::CouponCode;
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::order_limits::{OrderLimits, RecentOrders};
use domain::order_status::OrderStatus;

use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::common::token::LinkDigest;
use crate::mail::ports::OutboxTx;
use crate::orders::cod_ports::RiskTx;
use crate::orders::consignments::ConsignmentTx;
use crate::orders::model::CorrectedAddress;
use crate::orders::model::{
    Actor, IdempotencyKey, LockedCoupon, NewOrder, Order, OrderFilter, ReviewToken, StockedProduct,
};
use crate::whatsapp::ports::WhatsAppTx;

/// Stored orders, read outside any unit of work.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait OrderRepository: Send + Sync + 'static {
    /// The order with this id, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails, [`RepositoryError::Corrupt`] for a row that
    /// does not read back.
    async fn find(&self, id: OrderId) -> Result<Option<Order>, RepositoryError>;

    /// A page of one customer's orders, newest first, and how many they have in all.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn customer_orders(&self, customer: CustomerId, page: Page) -> Result<(Vec<Order>, u64), RepositoryError>;

    /// A page of the orders that pass `filter`, newest first, and how many pass it in all.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn search(&self, filter: OrderFilter, page: Page) -> Result<(Vec<Order>, u64), RepositoryError>;

    /// The request digest and order stored under a customer's Idempotency-Key, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn find_key(
        &self,
        customer: CustomerId,
        key: &IdempotencyKey,
    ) -> Result<Option<(String, OrderId)>, RepositoryError>;
}

/// Products' stock and the delivery charge, inside a unit of work.
#[cfg_attr(test, mockall::automock)]
pub trait StockTx {
    /// The products with these ids that exist, each locked until the transaction ends, locked in id order
    /// (so two orders never wait on each other's locks), answered in id order.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn lock_products(&mut self, ids: &[ProductId]) -> Result<Vec<StockedProduct>, RepositoryError>;

    /// The configured delivery charge.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn delivery_charge(&mut self) -> Result<DeliveryCharge, RepositoryError>;

    /// Takes each line's quantity of its product, in one statement, when every product has at least that many
    /// on hand, and nothing otherwise; answers whether it did. Taking or putting back stock is a change of the
    /// product (its availability shows in search results): it records when.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn take(&mut self, lines: &[(ProductId, u32)]) -> Result<bool, RepositoryError>;

    /// Puts `quantity` units back; answers `false` when the product has been deleted since.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn put_back(&mut self, id: ProductId, quantity: u32) -> Result<bool, RepositoryError>;
}

/// Coupons' uses, inside a unit of work.
#[cfg_attr(test, mockall::automock)]
pub trait CouponUseTx {
    /// The coupon with this code, locked until the transaction ends, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn lock_by_code(&mut self, code: &CouponCode) -> Result<Option<LockedCoupon>, RepositoryError>;

    /// How many orders of `customer` hold the coupon and were not rejected.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn uses_by_customer(&mut self, coupon: CouponId, customer: CustomerId) -> Result<u32, RepositoryError>;

    /// Counts one use when the total limit allows it; answers whether it did.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn take_use(&mut self, coupon: CouponId) -> Result<bool, RepositoryError>;

    /// Gives one use back (an order holding the coupon was rejected).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn release_use(&mut self, coupon: CouponId) -> Result<(), RepositoryError>;
}

/// Order writes, inside a unit of work.
#[cfg_attr(test, mockall::automock)]
pub trait OrderTx {
    /// Stores an order with its items and its first history entry (pending, by the customer).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn insert(&mut self, order: &NewOrder) -> Result<OrderId, RepositoryError>;

    /// Keeps a customer's Idempotency-Key with the digest of its request and the order it placed.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] (`IdempotencyKeyTaken`) when the customer has used the key already.
    fn save_key(
        &mut self,
        customer: CustomerId,
        key: &IdempotencyKey,
        digest: &str,
        order: OrderId,
    ) -> Result<(), RepositoryError>;

    /// The order, or `None`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn find(&mut self, id: OrderId) -> Result<Option<Order>, RepositoryError>;

    /// Waits until no other unit of work is placing an order for `customer` or with the primary phone `phone`
    /// (normal form), and keeps others from doing so until this one ends, so the counts of
    /// [`OrderTx::recent_orders`] stay true until the order is stored. The customer is taken before the
    /// phone, so two placements never wait on each other in a circle.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn lock_placements(&mut self, customer: CustomerId, phone: &str) -> Result<(), RepositoryError>;

    /// What `customer` and the primary phone `phone` have ordered, as `limits` need it: each count stops at
    /// its limit.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn recent_orders(
        &mut self,
        customer: CustomerId,
        phone: &str,
        limits: &OrderLimits,
    ) -> Result<RecentOrders, RepositoryError>;

    /// Moves the order from `from` to `to` only if it is still `from` (waiting for any other transaction
    /// changing it), records the history entry, and keeps `comment` as the admin comment of a rejection.
    /// Answers whether it moved.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn change_status(
        &mut self,
        id: OrderId,
        from: OrderStatus,
        to: OrderStatus,
        at: DateTime<Utc>,
        actor: Actor,
        comment: Option<String>,
    ) -> Result<bool, RepositoryError>;

    /// Replaces the order's province, city and address with `corrected` only if it is still `status`
    /// (waiting for any other transaction changing it), and records the history entry (`status`, by the
    /// admin, with `note`). Answers whether it changed.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn correct_address(
        &mut self,
        id: OrderId,
        status: OrderStatus,
        corrected: &CorrectedAddress,
        at: DateTime<Utc>,
        note: &str,
    ) -> Result<bool, RepositoryError>;

    /// Stores review tokens of the order.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn add_review_tokens(&mut self, id: OrderId, tokens: &[ReviewToken]) -> Result<(), RepositoryError>;
}

/// The transaction handle of the orders' units of work: the repositories they may write together.
pub trait OrdersTx {
    /// Products' stock and the delivery charge, in this transaction.
    fn stock(&mut self) -> &mut dyn StockTx;

    /// Orders, in this transaction.
    fn orders(&mut self) -> &mut dyn OrderTx;

    /// Coupons' uses, in this transaction.
    fn coupons(&mut self) -> &mut dyn CouponUseTx;

    /// The e-mail outbox, in this transaction.
    fn outbox(&mut self) -> &mut dyn OutboxTx;

    /// The COD settings and orders' risk scores, in this transaction.
    fn risk(&mut self) -> &mut dyn RiskTx;
    /// Couriers and tracking numbers, in this transaction.
    fn consignments(&mut self) -> &mut dyn ConsignmentTx;

    /// WhatsApp messages, in this transaction.
    fn whatsapp(&mut self) -> &mut dyn WhatsAppTx;
}

/// Random, single-use tokens of e-mailed links: review links and order confirmation links.
#[cfg_attr(test, mockall::automock)]
pub trait ReviewTokens: Send + Sync + 'static {
    /// A new token: 32 random bytes in URL-safe base64.
    fn generate(&self) -> String;

    /// What is stored in place of `token`, and looked up by: its SHA-256 digest in lower-case hex, so the
    /// database holds no usable link.
    fn digest(&self, token: &str) -> LinkDigest;
}
