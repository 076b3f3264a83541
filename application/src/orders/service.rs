//! The orders' use cases share one service holding their ports; each use case is in its own module.

use std::sync::Arc;

use domain::contact::Email;

use crate::blocklist::ports::BlocklistRepository;
use crate::catalog::ports::StockChanges;
use crate::common::clock::Clock;
use crate::common::unit_of_work::UnitOfWork;
use crate::mail::ports::MailLayout;
use crate::orders::cod_ports::CodRepository;
use crate::orders::ports::{OrderRepository, OrdersTx, ReviewTokens};
use crate::orders::whatsapp_ports::WhatsAppOrders;

/// Where order e-mails point and go, and how their HTML is drawn.
#[derive(Debug, Clone)]
pub struct OrderMailConfig {
    /// PUBLIC_URL, without a trailing slash, for review and confirmation links.
    pub public_url: String,
    /// Who hears of each new order (ORDER_NOTIFY_EMAIL, else ADMIN_EMAIL); nobody when `None`.
    pub notify: Option<Email>,
    pub layout: Arc<dyn MailLayout>,
    /// Whether orders and their status changes are told on WhatsApp too (WhatsApp is set up).
    pub whatsapp: bool,
}

/// The stores the COD checks read outside a unit of work: settings, history and confirmations, and the
/// blocklist checkout asks.
#[derive(Clone)]
pub struct CodStores {
    pub cod: Arc<dyn CodRepository>,
    pub blocklist: Arc<dyn BlocklistRepository>,
}

/// Who hears that an order moved stock (the catalogue's answer cache).
pub type StockWatchers = Arc<dyn StockChanges>;

/// The orders' use cases: placing (`place_order`), listing (`list_orders`), changing status
/// (`change_status`), and the COD checks: risk scores and their settings (`risk`), confirmation links
/// (`confirm`) and contact history (`related`).
#[derive(Clone)]
pub struct Orders {
    pub(crate) repository: Arc<dyn OrderRepository>,
    pub(crate) unit_of_work: Arc<dyn UnitOfWork<dyn OrdersTx>>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) tokens: Arc<dyn ReviewTokens>,
    pub(crate) mail: OrderMailConfig,
    pub(crate) cod: Arc<dyn CodRepository>,
    pub(crate) blocklist: Arc<dyn BlocklistRepository>,
    pub(crate) stock: StockWatchers,
    /// The orders' WhatsApp store, when WhatsApp is set up.
    pub(crate) whatsapp: Option<Arc<dyn WhatsAppOrders>>,
}

impl Orders {
    #[must_use]
    pub fn new(
        repository: Arc<dyn OrderRepository>,
        unit_of_work: Arc<dyn UnitOfWork<dyn OrdersTx>>,
        clock: Arc<dyn Clock>,
        tokens: Arc<dyn ReviewTokens>,
        mail: OrderMailConfig,
        stores: CodStores,
        stock: StockWatchers,
    ) -> Self {
        Self {
            repository,
            unit_of_work,
            clock,
            tokens,
            mail,
            cod: stores.cod,
            blocklist: stores.blocklist,
            stock,
            whatsapp: None,
        }
    }

    /// The same use cases with WhatsApp on: replies are read from `store`.
    #[must_use]
    pub fn with_whatsapp(self, store: Arc<dyn WhatsAppOrders>) -> Self {
        Self { whatsapp: Some(store), ..self }
    }

    /// Whether WhatsApp is on.
    #[must_use]
    pub fn whatsapp_on(&self) -> bool {
        self.whatsapp.is_some()
    }

    /// Tells the stock's watchers that the products of `order` moved.
    pub(crate) async fn announce_stock(&self, order: &crate::orders::model::Order) {
        let mut products: Vec<_> = order.items.iter().map(|item| item.product_id).collect();
        products.sort_unstable();
        products.dedup();
        self.stock.stock_changed(products).await;
    }
}
