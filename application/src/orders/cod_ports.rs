//! What the COD checks need from outside (docs/cod.md): the settings and the facts of orders' risk inside a
//! unit of work, and outside one the settings, an order's contact history, the confirmation's conditional
//! update and the unconfirmed orders to reject.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::contact::{Email, Phone};
use domain::ids::{CustomerId, OrderId};
use domain::money::Rupees;
use domain::order_status::OrderStatus;
use domain::risk::{CodSettings, RiskFacts, StoredRisk};

use crate::common::error::RepositoryError;
use crate::common::token::LinkDigest;

/// Which orders to score again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RiskScope {
    /// This order alone.
    Order(OrderId),
    /// These orders.
    Orders(Vec<OrderId>),
    /// The pending orders of this contact.
    Contact(Contact),
    /// Every pending order.
    AllPending,
}

/// A phone and e-mail whose orders' facts changed: the pending orders whose primary phone is one of
/// `phones` (by normal form) or whose e-mail is `email` (any case) count them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub phones: Vec<Phone>,
    pub email: Email,
}

/// The COD settings and risk scores, inside a unit of work.
#[cfg_attr(test, mockall::automock)]
pub trait RiskTx {
    /// The settings in force: the stored rules over their defaults and the two hours.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn cod_settings(&mut self) -> Result<CodSettings, RepositoryError>;

    /// Stores every rule (one row each) and the two hours.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn save_cod_settings(&mut self, settings: &CodSettings) -> Result<(), RepositoryError>;

    /// The facts of the pending orders in `scope`, in one query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn risk_facts(&mut self, scope: &RiskScope) -> Result<Vec<(OrderId, RiskFacts)>, RepositoryError>;

    /// Stores each pending order's score, in one statement.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn store_risk(&mut self, scores: &[(OrderId, StoredRisk)]) -> Result<(), RepositoryError>;

    /// Waits until no placement with one of these primary phones and no other rescoring of their orders is
    /// under way, and keeps them waiting until this unit of work ends, so its facts see every order of theirs
    /// placed before; phones are taken in sorted order, so two such waits cannot deadlock.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn lock_phones(&mut self, phones: &[Phone]) -> Result<(), RepositoryError>;

    /// What a new order of `customer` with primary phone `phone` and e-mail `email` finds about its contact:
    /// the earlier returns and rejections that count ([`RiskFacts::returned`], [`RiskFacts::rejected`]) and
    /// when the account was opened, in one query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    fn contact_record(
        &mut self,
        customer: CustomerId,
        phone: &Phone,
        email: &Email,
    ) -> Result<ContactRecord, RepositoryError>;
}

/// What a contact's earlier orders and its account say about a new order ([`RiskTx::contact_record`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactRecord {
    pub returned: u32,
    pub rejected: u32,
    pub account_opened: DateTime<Utc>,
}

/// Another order of the same phone or e-mail, as the history lists it, labelled with what decides whether
/// its return or rejection counts towards the risk score (docs/security.md 'Risk, blocklist and texts').
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelatedOrder {
    pub id: OrderId,
    pub status: OrderStatus,
    pub total: Rupees,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// Whether it was placed by the account of the order whose history this is.
    pub same_account: bool,
    /// Whether its shopper confirmed it (`confirmed_at` set).
    pub confirmed: bool,
}

/// What the other orders of one phone or one e-mail did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContactHistory {
    /// How many other orders there are.
    pub placed: u64,
    pub delivered: u64,
    pub returned: u64,
    pub rejected: u64,
    /// The newest of them, at most [`RELATED_LISTED`].
    pub orders: Vec<RelatedOrder>,
}

/// The most orders a contact history lists.
pub const RELATED_LISTED: u32 = 20;

/// COD reads and the confirmation's write, outside any unit of work.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CodRepository: Send + Sync + 'static {
    /// The settings in force.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn cod_settings(&self) -> Result<CodSettings, RepositoryError>;

    /// The other orders (not `except`) whose either phone is `phone`, and those whose e-mail is `email` in
    /// any case, each listed one saying whether it is of `customer`'s account and whether it was confirmed.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn history(
        &self,
        except: OrderId,
        customer: CustomerId,
        phone: &Phone,
        email: &Email,
    ) -> Result<(ContactHistory, ContactHistory), RepositoryError>;

    /// Sets the order's confirmation time when its link's token has the digest `digest`, it is pending and
    /// not confirmed yet; answers whether it did. Two at once confirm once.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn confirm(&self, id: OrderId, digest: &LinkDigest, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// The pending, unconfirmed orders placed before `cutoff`, oldest first.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn unconfirmed_before(&self, cutoff: DateTime<Utc>) -> Result<Vec<OrderId>, RepositoryError>;
}
