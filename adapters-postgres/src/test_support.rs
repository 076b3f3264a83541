//! A fresh, migrated database per test, cloned from a template so tests run in parallel (the approach of
//! crates.io's `crates_io_test_db`). The server to use comes from `TEST_DATABASE_URL`, a URL of a database
//! the tests may connect to with the right to create databases; it defaults to the local server's
//! `postgres` database.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test support: a fixture that cannot be made fails its test"
)]

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel_migrations::MigrationHarness;
use rand::Rng;

use crate::pool::{connect, PgPool, MIGRATIONS};

const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";
/// Serialises template creation across test processes.
const TEMPLATE_LOCK: i64 = 0x5_4e0b_7e57;

/// A database that exists for as long as this value; dropped (with any open connections) afterwards.
pub struct TestDb {
    name: String,
    url: String,
    admin_url: String,
}

impl TestDb {
    /// Clones the migrated template into a new database.
    ///
    /// # Panics
    /// When PostgreSQL cannot be reached: the tests cannot run without it.
    #[must_use]
    pub fn new() -> Self {
        let admin_url =
            without_tls(&std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_ADMIN_URL.to_owned()));
        let template = template(&admin_url);
        let name = format!("shop_test_{:016x}", rand::rng().random::<u64>());
        let mut admin = PgConnection::establish(&admin_url)
            .unwrap_or_else(|e| panic!("cannot reach PostgreSQL for tests at TEST_DATABASE_URL: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .execute(&mut admin)
            .expect("create a test database from the template");
        let url = with_database(&admin_url, &name);
        Self { name, url, admin_url }
    }

    /// A database that does not exist yet, for the code under test to create (and migrate); dropped like
    /// the others when it was made.
    #[must_use]
    pub fn not_created() -> Self {
        let admin_url =
            without_tls(&std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_ADMIN_URL.to_owned()));
        let name = format!("shop_test_{:016x}", rand::rng().random::<u64>());
        let url = with_database(&admin_url, &name);
        Self { name, url, admin_url }
    }

    /// A new database with only the migrations whose version sorts before `version` applied, for testing
    /// what a migration makes of rows stored before it; [`TestDb::migrate`] applies the rest.
    ///
    /// # Panics
    /// When PostgreSQL cannot be reached or a migration fails.
    #[must_use]
    pub fn migrated_before(version: &str) -> Self {
        use diesel::migration::MigrationSource;

        let db = Self::not_created();
        let mut admin = PgConnection::establish(&db.admin_url).expect("reach PostgreSQL");
        diesel::sql_query(format!("CREATE DATABASE {}", db.name)).execute(&mut admin).expect("create a database");
        let mut conn = PgConnection::establish(&db.url).expect("connect to the new database");
        diesel::migration::MigrationConnection::setup(&mut conn).expect("diesel's table of migrations");
        let mut migrations = MigrationSource::<diesel::pg::Pg>::migrations(&MIGRATIONS).expect("the migrations");
        // Versions compare as diesel writes them, without the dashes of the directory names.
        let of = |m: &dyn diesel::migration::Migration<diesel::pg::Pg>| m.name().version().to_string().replace('-', "");
        let version = version.replace('-', "");
        migrations.sort_by_key(|m| of(&**m));
        for migration in migrations.iter().filter(|m| of(&***m) < version) {
            conn.run_migration(&**migration).expect("apply an earlier migration");
        }
        db
    }

    /// Applies the migrations not applied yet.
    ///
    /// # Panics
    /// When a migration fails.
    pub fn migrate(&self) {
        let mut conn = PgConnection::establish(&self.url).expect("connect to the database");
        conn.run_pending_migrations(MIGRATIONS).expect("apply the later migrations");
    }

    /// The URL of this database.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A small pool on this database.
    ///
    /// # Panics
    /// When the database cannot be reached.
    #[must_use]
    pub fn pool(&self) -> PgPool {
        connect(&self.url, 4).expect("connect to the test database")
    }
}

/// Runs one SQL statement on `pool` and answers how many rows it touched: for tests that set up what no call
/// can, such as an order placed in an earlier week.
///
/// # Errors
/// PostgreSQL's refusal, in its words.
///
/// # Panics
/// When no connection can be had.
pub fn execute(pool: &PgPool, statement: &str) -> Result<usize, String> {
    let mut conn = pool.get().expect("a connection to the test database");
    diesel::sql_query(statement).execute(&mut conn).map_err(|e| e.to_string())
}

/// Runs one query on `pool` whose single column is text named `t`, and answers its rows: for tests that
/// compare an answer with what is stored, read independently of the code under test.
///
/// # Errors
/// PostgreSQL's refusal, in its words.
///
/// # Panics
/// When no connection can be had.
pub fn texts(pool: &PgPool, query: &str) -> Result<Vec<String>, String> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        t: String,
    }
    let mut conn = pool.get().expect("a connection to the test database");
    diesel::sql_query(query)
        .load::<Row>(&mut conn)
        .map(|rows| rows.into_iter().map(|row| row.t).collect())
        .map_err(|e| e.to_string())
}

impl Default for TestDb {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Ok(mut admin) = PgConnection::establish(&self.admin_url) {
            let _ =
                diesel::sql_query(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)).execute(&mut admin);
        }
    }
}

/// `url` asking for a connection without TLS, unless it chooses an `sslmode` itself.
///
/// A test binary ends while the servers its tests started still hold pooled connections. With TLS, libpq's
/// threads can be inside OpenSSL while the exiting process runs OpenSSL's and libldap's clean-up, which
/// crashed the API test binary after every test had passed (SIGSEGV, or 'double free'); a program with four
/// threads connecting in a loop and exiting crashed 3 times in 60 that way, and never without TLS. Tests
/// talk to a server on this machine, where TLS protects nothing.
fn without_tls(url: &str) -> String {
    if url.contains("sslmode=") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&sslmode=disable")
    } else {
        format!("{url}?sslmode=disable")
    }
}

/// `url` with its database name replaced.
#[must_use]
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

/// The name of the template for the current migrations, created once (per server) under an advisory lock.
fn template(admin_url: &str) -> String {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE
        .get_or_init(|| {
            let name = format!("shop_template_{:016x}", migrations_fingerprint());
            let mut admin = PgConnection::establish(admin_url)
                .unwrap_or_else(|e| panic!("cannot reach PostgreSQL for tests at TEST_DATABASE_URL: {e}"));
            diesel::sql_query("SELECT pg_advisory_lock($1)")
                .bind::<BigInt, _>(TEMPLATE_LOCK)
                .execute(&mut admin)
                .expect("lock");
            if !database_exists(&mut admin, &name) {
                build_template(&mut admin, admin_url, &name);
            }
            diesel::sql_query("SELECT pg_advisory_unlock($1)")
                .bind::<BigInt, _>(TEMPLATE_LOCK)
                .execute(&mut admin)
                .expect("unlock");
            name
        })
        .clone()
}

fn build_template(admin: &mut PgConnection, admin_url: &str, name: &str) {
    let building = format!("{name}_building");
    diesel::sql_query(format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"))
        .execute(admin)
        .expect("drop stale template");
    diesel::sql_query(format!("CREATE DATABASE {building}")).execute(admin).expect("create template");
    {
        let mut conn = PgConnection::establish(&with_database(admin_url, &building)).expect("connect to template");
        conn.run_pending_migrations(MIGRATIONS).expect("migrate the template");
    }
    diesel::sql_query(format!("ALTER DATABASE {building} RENAME TO {name}")).execute(admin).expect("publish template");
}

#[derive(QueryableByName)]
struct Found {
    #[diesel(sql_type = BigInt)]
    #[allow(dead_code)]
    n: i64,
}

fn database_exists(conn: &mut PgConnection, name: &str) -> bool {
    diesel::sql_query("SELECT 1::int8 AS n FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(name)
        .get_results::<Found>(conn)
        .map(|rows| !rows.is_empty())
        .expect("look up the template")
}

/// A hash of the migration files, so a changed migration gets a new template.
fn migrations_fingerprint() -> u64 {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    let mut entries: Vec<_> = walk(&dir);
    entries.sort();
    let mut hasher = DefaultHasher::new();
    for path in entries {
        path.strip_prefix(&dir).unwrap_or(&path).hash(&mut hasher);
        std::fs::read(&path).unwrap_or_default().hash(&mut hasher);
    }
    hasher.finish()
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else { return Vec::new() };
    read.flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                walk(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}
