//! The PostgreSQL side of `/metrics` (docs/production.md 'Metrics'): the pool's connections and waits,
//! and the shop's truths read at scrape time (the outbox's pending and failed mail, orders by status), so
//! every instance reports the same figures; plus the orders this instance placed.

use application::common::error::RepositoryError;
use diesel::prelude::*;
use domain::order_status::OrderStatus;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, CHECKOUTS};
use crate::schema::{email_outbox, orders};
use crate::PgPool;

/// One label, e.g. `state="idle"`.
type Label = [(&'static str, &'static str); 1];

/// The series of one pool and its database.
#[derive(Debug, Clone)]
pub struct PgMetrics {
    pool: PgPool,
    connections: Family<Label, Gauge>,
    max_connections: Gauge,
    outbox_pending: Gauge,
    outbox_failed: Gauge,
    orders: Family<Label, Gauge>,
    orders_placed: Counter,
}

impl PgMetrics {
    /// The series of `pool`; nothing is read until [`PgMetrics::refresh`].
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            connections: Family::default(),
            max_connections: Gauge::default(),
            outbox_pending: Gauge::default(),
            outbox_failed: Gauge::default(),
            orders: Family::default(),
            orders_placed: Counter::default(),
        }
    }

    /// Adds the series to `registry` under the contract's names.
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "db_pool_connections",
            "PostgreSQL connections of the pool by state (idle, in_use)",
            self.connections.clone(),
        );
        registry.register("db_pool_max_connections", "The pool's size (DB_POOL_SIZE)", self.max_connections.clone());
        registry.register(
            "db_pool_waiting",
            "Tasks of this process waiting for a pooled connection now",
            CHECKOUTS.waiting.clone(),
        );
        registry.register(
            "db_pool_wait_seconds",
            "How long taking a connection from the pool took",
            CHECKOUTS.wait_seconds.clone(),
        );
        registry.register(
            "outbox_pending",
            "E-mails of the outbox due or waiting for a retry (the whole shop, read at scrape time)",
            self.outbox_pending.clone(),
        );
        registry.register(
            "outbox_failed",
            "E-mails of the outbox given up after their last attempt (the whole shop, read at scrape time)",
            self.outbox_failed.clone(),
        );
        registry.register("orders", "Orders by status (the whole shop, read at scrape time)", self.orders.clone());
        registry.register("orders_placed", "Orders placed through this instance", self.orders_placed.clone());
    }

    /// The counter the unit of work adds each committed order to.
    pub(crate) fn orders_placed(&self) -> Counter {
        self.orders_placed.clone()
    }

    /// Reads the pool's state and, in one query each, the outbox's and the orders' counts.
    ///
    /// # Errors
    /// [`RepositoryError`] when PostgreSQL cannot be read; the gauges keep their last values.
    pub async fn refresh(&self) -> Result<(), RepositoryError> {
        let (outbox, by_status) = with_connection(&self.pool, |conn| {
            let outbox: Vec<(String, i64)> = email_outbox::table
                .filter(email_outbox::status.eq_any(["queued", "failed"]))
                .group_by(email_outbox::status)
                .select((email_outbox::status, diesel::dsl::count_star()))
                .load(conn)
                .map_err(from_diesel)?;
            let by_status: Vec<(String, i64)> = orders::table
                .group_by(orders::status)
                .select((orders::status, diesel::dsl::count_star()))
                .load(conn)
                .map_err(from_diesel)?;
            Ok((outbox, by_status))
        })
        .await?;
        let count = |rows: &[(String, i64)], name: &str| rows.iter().find(|(n, _)| n == name).map_or(0, |(_, c)| *c);
        self.outbox_pending.set(count(&outbox, "queued"));
        self.outbox_failed.set(count(&outbox, "failed"));
        if let Some((unknown, _)) =
            by_status.iter().find(|(name, _)| !OrderStatus::ALL.iter().any(|s| s.as_str() == name))
        {
            return Err(corrupt(format!("order status {unknown:?}")));
        }
        for status in OrderStatus::ALL {
            self.orders.get_or_create(&[("status", status.as_str())]).set(count(&by_status, status.as_str()));
        }
        let state = self.pool.state();
        let idle = i64::from(state.idle_connections);
        self.connections.get_or_create(&[("state", "idle")]).set(idle);
        self.connections.get_or_create(&[("state", "in_use")]).set(i64::from(state.connections) - idle);
        self.max_connections.set(i64::from(self.pool.max_size()));
        Ok(())
    }
}
