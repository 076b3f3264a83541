//! Units of work: the writes of several repositories in one PostgreSQL transaction, on one pooled
//! connection in one blocking task.

use std::sync::Arc;

use application::accounts::ports::{AccountsTx, CustomerTx};
use application::common::error::RepositoryError;
use application::common::unit_of_work::{Made, UnitOfWork, Work};
use application::mail::ports::OutboxTx;
use application::orders::ports::OrdersTx;
use application::reviews::ports::ReviewsTx;
use async_trait::async_trait;
use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, PooledConnection};
use tokio::sync::Notify;

use crate::error::{from_diesel, unavailable};
use crate::outbox::PgMailOutbox;
use crate::pool::PgPool;

/// Runs units of work in PostgreSQL transactions. Mail queued by a unit of work wakes the outbox's delivery
/// worker once the transaction has committed, never before (the worker would not see the rows yet) and
/// never for a unit of work that was rolled back.
#[derive(Clone)]
pub struct PgUnitOfWork {
    pool: PgPool,
    outbox_wakeups: Arc<Notify>,
}

impl PgUnitOfWork {
    /// Units of work on `pool` whose mail wakes the worker of `outbox`.
    #[must_use]
    pub fn new(pool: PgPool, outbox: &PgMailOutbox) -> Self {
        Self { pool, outbox_wakeups: outbox.wakeups() }
    }

    /// Runs `work` in one transaction in one blocking task, as `pool::with_connection` runs a single call.
    async fn transact<T, F>(&self, work: F) -> Result<T, RepositoryError>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgTransaction) -> Result<T, RepositoryError> + Send + 'static,
    {
        let pool = self.pool.clone();
        let (made, mail_queued) = tokio::task::spawn_blocking(move || {
            let mut tx = PgTransaction::begin(pool.get().map_err(unavailable)?)?;
            let made = work(&mut tx);
            tx.end(made)
        })
        .await
        .map_err(unavailable)??;
        if mail_queued {
            self.outbox_wakeups.notify_one();
        }
        Ok(made)
    }
}

#[async_trait]
impl UnitOfWork<dyn AccountsTx> for PgUnitOfWork {
    async fn run_boxed(&self, work: Work<dyn AccountsTx>) -> Result<Made, RepositoryError> {
        self.transact(move |tx| work(tx)).await
    }
}

#[async_trait]
impl UnitOfWork<dyn OrdersTx> for PgUnitOfWork {
    async fn run_boxed(&self, work: Work<dyn OrdersTx>) -> Result<Made, RepositoryError> {
        self.transact(move |tx| work(tx)).await
    }
}

#[async_trait]
impl UnitOfWork<dyn ReviewsTx> for PgUnitOfWork {
    async fn run_boxed(&self, work: Work<dyn ReviewsTx>) -> Result<Made, RepositoryError> {
        self.transact(move |tx| work(tx)).await
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
    mail_queued: bool,
}

impl PgTransaction {
    fn begin(mut conn: PooledConnection<ConnectionManager<PgConnection>>) -> Result<Self, RepositoryError> {
        AnsiTransactionManager::begin_transaction(&mut *conn).map_err(from_diesel)?;
        Ok(Self { conn, mail_queued: false })
    }

    /// Commits after `made`, or rolls back after an error; answers what the work made and whether it queued
    /// mail.
    fn end<T>(mut self, made: Result<T, RepositoryError>) -> Result<(T, bool), RepositoryError> {
        match made {
            Ok(made) => {
                AnsiTransactionManager::commit_transaction(&mut *self.conn).map_err(from_diesel)?;
                Ok((made, self.mail_queued))
            }
            Err(err) => {
                if let Err(rollback) = AnsiTransactionManager::rollback_transaction(&mut *self.conn) {
                    tracing::warn!(error = %rollback, "a unit of work could not be rolled back; its connection is closed");
                }
                Err(err)
            }
        }
    }

    /// The connection, inside the transaction.
    pub(crate) fn conn(&mut self) -> &mut PgConnection {
        &mut self.conn
    }

    /// Notes that mail was queued, so the worker is woken after the commit.
    pub(crate) fn mail_queued(&mut self) {
        self.mail_queued = true;
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
