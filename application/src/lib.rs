//! The shop's use cases. Each module is one capability written against the ports in [`ports`]; the adapters
//! implement those ports and the composition root (`app-server`) wires them together. Nothing here knows
//! SQL, HTTP or the file system.

pub mod accounts;
pub mod admin_auth;
pub mod bulk_email;
pub mod catalog;
pub mod catalog_admin;
pub mod coupons;
pub mod health;
pub mod media;
pub mod page;
pub mod password_login;
pub mod ports;
pub mod seed_demo;
pub mod settings;
