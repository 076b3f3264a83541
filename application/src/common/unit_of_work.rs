//! One database transaction over the writes of several repositories: a use case hands the whole unit of
//! work to the port as one closure, and the adapter runs it on one connection, committing when it answers
//! `Ok` and rolling everything back when it answers `Err`. The closure answers the use case's own error
//! type, so a refusal (an order over a limit, a used review link) rolls back whatever was written before
//! it, and the use case gets the refusal back as it was made.
//!
//! Why a closure over a transaction handle, and not one command per use case: a command ("store this reset
//! and queue this mail") needs a new adapter method for every combination of writes, and a later write
//! cannot use what an earlier one answered (an order's mail needs the order's id). With a closure the use
//! case keeps its own sequence and rules, and each feature names the repositories it may write in one
//! handle trait of its own (`accounts::ports::AccountsTx`; an orders feature would add `OrdersTx` with
//! `stock()`, `orders()` and the same `outbox()`), so features do not depend on each other through one
//! shared handle. The handle's operations are synchronous: the closure runs inside the adapter's one
//! blocking task, never on an async worker, so it cannot await anything; it can only write.

use std::any::Any;

use async_trait::async_trait;

use crate::common::error::RepositoryError;

/// What a unit of work made, or the error it answered, before [`run`](trait.UnitOfWork.html#method.run)
/// gives it back its type.
pub type Made = Box<dyn Any + Send>;

/// Why a unit of work kept none of its writes.
#[derive(Debug)]
pub enum RolledBack {
    /// The work answered an error of its own (a refusal, or a store's error it passed on): the transaction
    /// was rolled back and the error is handed back as it was answered.
    Answered(Made),
    /// The transaction could not be begun or committed.
    Store(RepositoryError),
}

/// The writes of one unit of work, made through the transaction handle `Tx`: `Ok` to commit, `Err` with
/// the work's own error to roll back.
pub type Work<Tx> = Box<dyn FnOnce(&mut Tx) -> Result<Made, Made> + Send>;

/// Runs writes of several repositories in one transaction. `Tx` is a feature's handle trait, such as
/// `dyn AccountsTx`.
///
/// Adapters implement [`run_boxed`](Self::run_boxed), which stays object-safe so use cases can hold an
/// `Arc<dyn UnitOfWork<dyn AccountsTx>>`; use cases call [`run`](trait.UnitOfWork.html#method.run), which
/// takes any closure and answers what it made, or the error it answered, typed.
///
/// Unit tests mock it for one handle with `mockall::mock!` (an automock generic over `Tx` would need the
/// handle to be `Sync`, which a database connection is not), expect `run_boxed`, and run the work against
/// a handle of mocked repositories: see the tests of `accounts::customers`.
#[async_trait]
pub trait UnitOfWork<Tx: ?Sized + 'static>: Send + Sync + 'static {
    /// Runs `work` in one transaction: commits when it answers `Ok` and answers what it made; rolls back
    /// every write when it answers `Err`, and answers that error as [`RolledBack::Answered`].
    ///
    /// # Errors
    /// [`RolledBack::Answered`] with the error `work` answered, or [`RolledBack::Store`] with
    /// [`RepositoryError::Unavailable`] when the transaction cannot be begun or committed.
    async fn run_boxed(&self, work: Work<Tx>) -> Result<Made, RolledBack>;
}

impl<Tx: ?Sized + 'static> dyn UnitOfWork<Tx> {
    /// Runs `work` in one transaction, as [`UnitOfWork::run_boxed`] does, and answers what it made. Any
    /// `Err` of `work`'s rolls every write back, so a refusal decided after a write cannot commit that write.
    ///
    /// # Errors
    /// The error `work` answered, typed; `E` from [`RepositoryError::Unavailable`] when the transaction
    /// cannot be begun or committed; `E` from [`RepositoryError::Corrupt`] when the adapter answered
    /// something other than what `work` made, a bug of that adapter.
    pub async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<RepositoryError> + Send + 'static,
        F: FnOnce(&mut Tx) -> Result<T, E> + Send + 'static,
    {
        let ran = self
            .run_boxed(Box::new(move |tx| match work(tx) {
                Ok(made) => Ok(Box::new(made) as Made),
                Err(answered) => Err(Box::new(answered) as Made),
            }))
            .await;
        match ran {
            Ok(made) => made.downcast::<T>().map(|made| *made).map_err(|_| mismatch::<T>().into()),
            Err(RolledBack::Answered(answered)) => {
                Err(answered.downcast::<E>().map_or_else(|_| mismatch::<E>().into(), |answered| *answered))
            }
            Err(RolledBack::Store(err)) => Err(err.into()),
        }
    }
}

/// The error of an adapter that answered other than the `T` its unit of work made or answered.
fn mismatch<T>() -> RepositoryError {
    RepositoryError::Corrupt(format!("a unit of work answered other than its {}", std::any::type_name::<T>()))
}
