//! The connection pool, migrations, and running a unit of work off the async runtime.

use std::time::Duration;

use application::ports::RepositoryError;
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::error::unavailable;

/// The migrations in `/migrations`, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

/// A pool of PostgreSQL connections.
pub type PgPool = Pool<ConnectionManager<PgConnection>>;

/// The pool could not be built or the migrations failed.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    #[error("cannot connect to PostgreSQL: {0}")]
    Connect(#[source] diesel::r2d2::PoolError),
    #[error("cannot apply the migrations: {0}")]
    Migrate(String),
}

/// Builds a pool of at most `max_size` connections. Fails when no connection can be made.
///
/// # Errors
/// [`PoolError::Connect`] when PostgreSQL does not answer at `url`.
pub fn connect(url: &str, max_size: u32) -> Result<PgPool, PoolError> {
    Pool::builder()
        .max_size(max_size)
        .min_idle(Some(1))
        .connection_timeout(Duration::from_secs(5))
        .build(ConnectionManager::new(url))
        .map_err(PoolError::Connect)
}

/// Applies the migrations not yet applied; answers the versions it applied.
///
/// # Errors
/// [`PoolError`] when no connection can be had or a migration fails.
pub fn run_migrations(pool: &PgPool) -> Result<Vec<String>, PoolError> {
    let mut conn = pool.get().map_err(|e| PoolError::Migrate(e.to_string()))?;
    let applied = conn.run_pending_migrations(MIGRATIONS).map_err(|e| PoolError::Migrate(e.to_string()))?;
    Ok(applied.iter().map(ToString::to_string).collect())
}

/// Runs `work` with a pooled connection in a blocking task, so diesel never blocks an async worker.
pub(crate) async fn with_connection<T, F>(pool: &PgPool, work: F) -> Result<T, RepositoryError>
where
    T: Send + 'static,
    F: FnOnce(&mut PgConnection) -> Result<T, RepositoryError> + Send + 'static,
{
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(unavailable)?;
        work(&mut conn)
    })
    .await
    .map_err(unavailable)?
}
