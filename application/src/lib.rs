//! The shop's use cases, one folder per feature: each holds its model, its ports (the traits the adapters
//! implement) and its use cases. The composition root (`app-server`) wires adapters to ports. Nothing here
//! knows SQL, HTTP or the file system. Features depend on `common` and on each other without a circle
//! (`app-server/tests/architecture.rs` checks it).

pub mod accounts;
pub mod analytics;
pub mod blocklist;
pub mod bulk_email;
pub mod catalog;
pub mod common;
pub mod coupons;
pub mod health;
pub mod mail;
pub mod media;
pub mod orders;
pub mod reviews;
pub mod seed_bench;
pub mod seed_demo;
pub mod settings;
pub mod whatsapp;
