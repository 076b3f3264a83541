//! Units of work: the writes of several repositories in one PostgreSQL transaction, on one pooled
//! connection in one blocking task.

use std::sync::Arc;

use application::accounts::ports::{AccountsTx, CustomerTx};
use application::common::error::RepositoryError;
use application::common::unit_of_work::{Made, RolledBack, UnitOfWork, Work};
use application::mail::ports::OutboxTx;
use application::orders::ports::OrdersTx;
use application::reviews::ports::ReviewsTx;
use async_trait::async_trait;
use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, PooledConnection};
use tokio::sync::Notify;

use prometheus_client::metrics::counter::Counter;

use crate::error::{from_diesel, unavailable};
use crate::metrics::PgMetrics;
use crate::pool::{checkout, PgPool};

/// Runs units of work in PostgreSQL transactions. Mail queued by a unit of work wakes the outbox's delivery
/// worker once the transaction has committed, never before (the worker would not see the rows yet) and
/// never for a unit of work that was rolled back. Committed orders are counted likewise.
#[derive(Clone)]
pub struct PgUnitOfWork {
    pool: PgPool,
    outbox_wakeups: Arc<Notify>,
    whatsapp_wakeups: Arc<Notify>,
    orders_placed: Counter,
}

impl PgUnitOfWork {
    /// Units of work on `pool` whose mail wakes the delivery worker waiting on `outbox_wakeups`
    /// ([`PgMailOutbox::wakeups`](crate::PgMailOutbox::wakeups), so the outbox's own queuing and the units of
    /// work wake the same worker).
    #[must_use]
    pub fn new(pool: PgPool, outbox_wakeups: Arc<Notify>) -> Self {
        Self { pool, outbox_wakeups, whatsapp_wakeups: Arc::new(Notify::new()), orders_placed: Counter::default() }
    }

    /// The same units of work, whose WhatsApp messages wake the worker waiting on `wakeups`
    /// ([`PgWhatsApp::wakeups`](crate::PgWhatsApp::wakeups)) after the commit.
    #[must_use]
    pub fn waking_whatsapp(self, wakeups: Arc<Notify>) -> Self {
        Self { whatsapp_wakeups: wakeups, ..self }
    }

    /// The same units of work, counting the orders they place in `metrics`' `orders_placed_total`.
    #[must_use]
    pub fn counting_orders(self, metrics: &PgMetrics) -> Self {
        Self { orders_placed: metrics.orders_placed(), ..self }
    }

    /// Runs `work` in one transaction in one blocking task, as `pool::with_connection` runs a single call:
    /// commits what it made, or rolls back and answers the error it answered.
    async fn transact(&self, work: Work<PgTransaction>) -> Result<Made, RolledBack> {
        let pool = self.pool.clone();
        let span = tracing::Span::current();
        let (made, ended) = tokio::task::spawn_blocking(move || {
            span.in_scope(|| {
                let mut tx =
                    checkout(&pool).map_err(unavailable).and_then(PgTransaction::begin).map_err(RolledBack::Store)?;
                let made = work(&mut tx);
                tx.end(made)
            })
        })
        .await
        .map_err(|err| RolledBack::Store(unavailable(err)))??;
        if ended.mail_queued {
            self.outbox_wakeups.notify_one();
        }
        if ended.whatsapp_queued {
            self.whatsapp_wakeups.notify_one();
        }
        self.orders_placed.inc_by(ended.orders_placed);
        Ok(made)
    }
}

#[async_trait]
impl UnitOfWork<dyn AccountsTx> for PgUnitOfWork {
    async fn run_boxed(&self, work: Work<dyn AccountsTx>) -> Result<Made, RolledBack> {
        self.transact(Box::new(move |tx| work(tx))).await
    }
}

#[async_trait]
impl UnitOfWork<dyn OrdersTx> for PgUnitOfWork {
    async fn run_boxed(&self, work: Work<dyn OrdersTx>) -> Result<Made, RolledBack> {
        self.transact(Box::new(move |tx| work(tx))).await
    }
}

#[async_trait]
impl UnitOfWork<dyn ReviewsTx> for PgUnitOfWork {
    async fn run_boxed(&self, work: Work<dyn ReviewsTx>) -> Result<Made, RolledBack> {
        self.transact(Box::new(move |tx| work(tx))).await
    }
}

/// An open transaction: the handle every feature's units of work write through. Each repository module
/// implements its part of the handle (`CustomerTx` in `customers`, `OutboxTx` in `outbox`).
///
/// It owns its pooled connection, and so begins and ends the transaction itself instead of inside
/// `Connection::transaction`, because a handle a use case receives as `&mut dyn AccountsTx` must not
/// borrow anything. A connection left inside a transaction (a failed rollback, a panic in the work) counts
/// as broken to the pool, which closes it instead of handing it out again.
pub(crate) struct PgTransaction {
    conn: PooledConnection<ConnectionManager<PgConnection>>,
    ended: Ended,
}

/// What a committed transaction did that is acted on after it: mail queued wakes the outbox worker, and
/// orders placed are counted.
#[derive(Debug, Clone, Copy, Default)]
struct Ended {
    mail_queued: bool,
    whatsapp_queued: bool,
    orders_placed: u64,
}

impl PgTransaction {
    fn begin(mut conn: PooledConnection<ConnectionManager<PgConnection>>) -> Result<Self, RepositoryError> {
        AnsiTransactionManager::begin_transaction(&mut *conn).map_err(from_diesel)?;
        Ok(Self { conn, ended: Ended::default() })
    }

    /// Commits after `made`, or rolls back after the work's error; answers what the work made and what the
    /// transaction did, or that error.
    fn end(mut self, made: Result<Made, Made>) -> Result<(Made, Ended), RolledBack> {
        match made {
            Ok(made) => {
                AnsiTransactionManager::commit_transaction(&mut *self.conn)
                    .map_err(|err| RolledBack::Store(from_diesel(err)))?;
                Ok((made, self.ended))
            }
            Err(answered) => {
                if let Err(rollback) = AnsiTransactionManager::rollback_transaction(&mut *self.conn) {
                    tracing::warn!(error = %rollback, "a unit of work could not be rolled back; its connection is closed");
                }
                Err(RolledBack::Answered(answered))
            }
        }
    }

    /// The connection, inside the transaction.
    pub(crate) fn conn(&mut self) -> &mut PgConnection {
        &mut self.conn
    }

    /// Notes that mail was queued, so the worker is woken after the commit.
    pub(crate) fn mail_queued(&mut self) {
        self.ended.mail_queued = true;
    }

    /// Notes that a WhatsApp message was queued, so its worker is woken after the commit.
    pub(crate) fn whatsapp_queued(&mut self) {
        self.ended.whatsapp_queued = true;
    }

    /// Notes that an order was placed, to be counted after the commit.
    pub(crate) fn order_placed(&mut self) {
        self.ended.orders_placed += 1;
    }
}

impl AccountsTx for PgTransaction {
    fn customers(&mut self) -> &mut dyn CustomerTx {
        self
    }

    fn outbox(&mut self) -> &mut dyn OutboxTx {
        self
    }
}
