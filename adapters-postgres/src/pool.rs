//! The connection pool, migrations, and running a unit of work off the async runtime.

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use application::common::error::RepositoryError;
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;

use crate::error::unavailable;

/// The migrations in `/migrations`, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

/// The advisory lock (`pg_advisory_lock`) taken while migrating or creating the database, so that instances
/// started at once do it one after the other: the second finds the work done instead of failing on the first's
/// half-made tables.
pub const SCHEMA_LOCK: i64 = 0x5_4e0b_0516;

/// A pool of PostgreSQL connections.
pub type PgPool = Pool<ConnectionManager<PgConnection>>;

/// The pool could not be built or the migrations failed.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    #[error("cannot connect to PostgreSQL: {0}")]
    Connect(#[source] diesel::r2d2::PoolError),
    #[error("cannot apply the migrations: {0}")]
    Migrate(String),
    #[error("cannot create the database: {0}")]
    Create(String),
}

/// Builds a pool of at most `max_size` connections. Fails when no connection can be made.
///
/// Connections are opened only when asked for, never in the background: a pool that keeps an idle
/// connection ready opens a replacement in a worker thread whenever one is taken, and a process that ended
/// while such a thread was inside libpq crashed (SIGSEGV in 13 of 40 runs of the release `seed-bench`, and
/// a "double free" as the API test binary exited). Used connections stay in the pool until idle for 10
/// minutes.
///
/// # Errors
/// [`PoolError::Connect`] when PostgreSQL does not answer at `url`.
pub fn connect(url: &str, max_size: u32) -> Result<PgPool, PoolError> {
    let pool = Pool::builder()
        .max_size(max_size)
        .min_idle(Some(0))
        .connection_timeout(Duration::from_secs(5))
        .build(ConnectionManager::new(url))
        .map_err(PoolError::Connect)?;
    drop(pool.get().map_err(PoolError::Connect)?);
    Ok(pool)
}

/// Applies the migrations not yet applied; answers the versions it applied.
///
/// # Errors
/// [`PoolError`] when no connection can be had or a migration fails.
pub fn run_migrations(pool: &PgPool) -> Result<Vec<String>, PoolError> {
    use diesel::RunQueryDsl;

    let migrate = |e: &dyn std::fmt::Display| PoolError::Migrate(e.to_string());
    let mut conn = pool.get().map_err(|e| migrate(&e))?;
    // Nothing to apply (every instance of a rollout after `app-server migrate`): no lock either, so an
    // instance behind a transaction-mode pooler never takes a session lock it might not give back.
    if !has_pending(&mut conn)? {
        return Ok(Vec::new());
    }
    diesel::sql_query(format!("SELECT pg_advisory_lock({SCHEMA_LOCK})"))
        .execute(&mut *conn)
        .map_err(|e| migrate(&e))?;
    let applied: Result<Vec<String>, PoolError> = conn
        .run_pending_migrations(MIGRATIONS)
        .map(|applied| applied.iter().map(ToString::to_string).collect())
        .map_err(|e| migrate(&e));
    // The connection goes back to the pool, so the lock is given back here rather than at disconnection.
    diesel::sql_query(format!("SELECT pg_advisory_unlock({SCHEMA_LOCK})"))
        .execute(&mut *conn)
        .map_err(|e| migrate(&e))?;
    applied
}

/// Whether a migration compiled into the binary is not yet recorded as applied, read without creating
/// diesel's table (which two instances doing at once would race on).
fn has_pending(conn: &mut PgConnection) -> Result<bool, PoolError> {
    use diesel::migration::MigrationSource;
    use diesel::sql_types::{Nullable, Text};
    use diesel::RunQueryDsl;

    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = Nullable<Text>)]
        t: Option<String>,
    }
    let migrate = |e: &dyn std::fmt::Display| PoolError::Migrate(e.to_string());
    let table = diesel::sql_query("SELECT to_regclass('__diesel_schema_migrations')::text AS t")
        .load::<Row>(conn)
        .map_err(|e| migrate(&e))?;
    let applied: Vec<String> = if table.first().and_then(|row| row.t.as_ref()).is_some() {
        diesel::sql_query("SELECT version AS t FROM __diesel_schema_migrations")
            .load::<Row>(conn)
            .map_err(|e| migrate(&e))?
            .into_iter()
            .filter_map(|row| row.t)
            .collect()
    } else {
        Vec::new()
    };
    let known = MigrationSource::<diesel::pg::Pg>::migrations(&MIGRATIONS).map_err(|e| migrate(&e))?;
    Ok(known.iter().any(|migration| !applied.contains(&migration.name().version().to_string())))
}

/// The checkouts of this process's pools: how many tasks wait for a connection now, and how long taking
/// one took. Process-wide, because r2d2's pool has no room for them and a server process has one pool.
pub(crate) struct Checkouts {
    pub(crate) waiting: Gauge,
    pub(crate) wait_seconds: Histogram,
}

pub(crate) static CHECKOUTS: LazyLock<Checkouts> = LazyLock::new(|| Checkouts {
    waiting: Gauge::default(),
    wait_seconds: Histogram::new([0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0]),
});

/// A connection from `pool`, counted in [`CHECKOUTS`]. Blocks (up to the pool's 5 s) while none is free.
pub(crate) fn checkout(
    pool: &PgPool,
) -> Result<PooledConnection<ConnectionManager<PgConnection>>, diesel::r2d2::PoolError> {
    let started = Instant::now();
    CHECKOUTS.waiting.inc();
    let conn = pool.get();
    CHECKOUTS.waiting.dec();
    CHECKOUTS.wait_seconds.observe(started.elapsed().as_secs_f64());
    conn
}

/// Runs `work` with a pooled connection in a blocking task, so diesel never blocks an async worker. The
/// task runs in the caller's span, so what it logs carries the request's id.
pub(crate) async fn with_connection<T, F>(pool: &PgPool, work: F) -> Result<T, RepositoryError>
where
    T: Send + 'static,
    F: FnOnce(&mut PgConnection) -> Result<T, RepositoryError> + Send + 'static,
{
    let pool = pool.clone();
    let span = tracing::Span::current();
    tokio::task::spawn_blocking(move || {
        span.in_scope(|| {
            let mut conn = checkout(&pool).map_err(unavailable)?;
            work(&mut conn)
        })
    })
    .await
    .map_err(unavailable)?
}

/// Creates the database `url` names when the server answers but has no such database, so a fresh machine
/// needs no manual `createdb`. Answers whether it created one.
///
/// # Errors
/// [`PoolError::Create`] when the server cannot be reached or refuses to create the database.
pub fn create_database_if_missing(url: &str) -> Result<bool, PoolError> {
    use diesel::Connection;
    use diesel::RunQueryDsl;

    match PgConnection::establish(url) {
        Ok(_) => Ok(false),
        Err(diesel::ConnectionError::BadConnection(message)) if message.contains("does not exist") => {
            let (name, maintenance) =
                database_name(url).ok_or_else(|| PoolError::Create("DATABASE_URL names no database".into()))?;
            if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(PoolError::Create(format!("will not create a database named {name:?}")));
            }
            let mut conn = PgConnection::establish(&maintenance).map_err(|e| PoolError::Create(e.to_string()))?;
            // Another instance starting at the same moment may be creating it: one at a time, and the second
            // finds it made. The lock ends with this connection.
            diesel::sql_query(format!("SELECT pg_advisory_lock({SCHEMA_LOCK})"))
                .execute(&mut conn)
                .map_err(|e| PoolError::Create(e.to_string()))?;
            if PgConnection::establish(url).is_ok() {
                return Ok(false);
            }
            diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
                .execute(&mut conn)
                .map_err(|e| PoolError::Create(e.to_string()))?;
            Ok(true)
        }
        Err(err) => Err(PoolError::Create(format!("cannot connect: {err}"))),
    }
}

/// The database name in `url` and the URL of the same server's `postgres` database.
fn database_name(url: &str) -> Option<(String, String)> {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let (prefix, name) = base.rsplit_once('/')?;
    if name.is_empty() || prefix.ends_with('/') {
        return None;
    }
    let maintenance = match query {
        Some(q) => format!("{prefix}/postgres?{q}"),
        None => format!("{prefix}/postgres"),
    };
    Some((name.to_owned(), maintenance))
}

#[cfg(test)]
mod tests {
    use super::database_name;

    #[test]
    fn the_database_name_and_maintenance_url_come_from_the_url() {
        assert_eq!(
            database_name("postgres://u@h:5432/shop_dev?sslmode=disable"),
            Some(("shop_dev".into(), "postgres://u@h:5432/postgres?sslmode=disable".into()))
        );
        assert_eq!(database_name("postgres://u@h:5432"), None);
    }
}
