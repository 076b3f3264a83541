//! The system tier: the built `app-server` process under abuse (memory, trickled bodies, connections per
//! address, login floods), under races (the last units of a product, the owner's order limits), two
//! instances on one database, media on S3 against moto, the process's log and metrics listener, and the
//! whole demo seed. Slower than the API tests (`tests/api`), and it needs moto installed (`just
//! _system-deps`), so `cargo test` skips this binary (`test = false` in Cargo.toml) and `just test` runs it:
//! `cargo test -p app-server --test system`.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

// The API tests' helpers, shared with them; this binary uses part of them.
#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;

mod connections_per_address;
mod demo;
mod instances;
mod just_run;
mod log_lines;
mod login_flood;
mod media_s3;
mod memory;
mod observability;
mod order_limits;
mod order_races;
mod process;
mod slow_bodies;
