//! The PostgreSQL adapter against a real PostgreSQL, one test binary (as app-server's `tests/api`), each
//! test in its own database cloned from a migrated template (`adapters_postgres::test_support`): the
//! repositories, the units of work, the orders' and the COD checks' SQL, the courier hand-off, reviews,
//! category views and logins. `shop` holds the fixtures several of them build.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

mod category_views;
mod cod;
mod courier;
mod logins;
mod orders;
mod repositories;
mod reviews;
mod search;
mod shop;
mod unit_of_work;
