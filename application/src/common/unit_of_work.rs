//! One database transaction over the writes of several repositories: a use case hands the whole unit of
//! work to the port as one closure, and the adapter runs it on one connection, committing when it answers
//! `Ok` and rolling everything back when it answers `Err`.
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

/// What a unit of work made, before [`run`](trait.UnitOfWork.html#method.run) gives it back its type.
pub type Made = Box<dyn Any + Send>;

/// The writes of one unit of work, made through the transaction handle `Tx`.
pub type Work<Tx> = Box<dyn FnOnce(&mut Tx) -> Result<Made, RepositoryError> + Send>;

/// Runs writes of several repositories in one transaction. `Tx` is a feature's handle trait, such as
/// `dyn AccountsTx`.
///
/// Adapters implement [`run_boxed`](Self::run_boxed), which stays object-safe so use cases can hold an
/// `Arc<dyn UnitOfWork<dyn AccountsTx>>`; use cases call [`run`](trait.UnitOfWork.html#method.run), which
/// takes any closure and answers what it made, typed.
///
/// Unit tests mock it for one handle with `mockall::mock!` (an automock generic over `Tx` would need the
/// handle to be `Sync`, which a database connection is not), expect `run_boxed`, and run the work against
/// a handle of mocked repositories: see the tests of `accounts::customers`.
#[async_trait]
pub trait UnitOfWork<Tx: ?Sized + 'static>: Send + Sync + 'static {
    /// Runs `work` in one transaction: commits when it answers `Ok`, rolls back every write when it answers
    /// `Err`, and answers what it answered.
    ///
    /// # Errors
    /// The error `work` answered, or [`RepositoryError::Unavailable`] when the transaction cannot be
    /// begun or committed.
    async fn run_boxed(&self, work: Work<Tx>) -> Result<Made, RepositoryError>;
}

impl<Tx: ?Sized + 'static> dyn UnitOfWork<Tx> {
    /// Runs `work` in one transaction, as [`UnitOfWork::run_boxed`] does, and answers what it made.
    ///
    /// # Errors
    /// The error `work` answered, or [`RepositoryError::Unavailable`] when the transaction cannot be
    /// begun or committed; [`RepositoryError::Corrupt`] when the adapter answered something other than what
    /// `work` made, a bug of that adapter.
    pub async fn run<T, F>(&self, work: F) -> Result<T, RepositoryError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Tx) -> Result<T, RepositoryError> + Send + 'static,
    {
        let made = self.run_boxed(Box::new(move |tx| work(tx).map(|made| Box::new(made) as Made))).await?;
        made.downcast::<T>().map(|made| *made).map_err(|_| {
            RepositoryError::Corrupt(format!("a unit of work answered other than its {}", std::any::type_name::<T>()))
        })
    }
}
