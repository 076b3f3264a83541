//! The HTTP API end to end: the real application on a free port, against its own PostgreSQL database.

mod accounts;
mod admin;
mod bulk_email;
mod catalogue;
mod catalogue_cache;
mod category_views;
mod coupons;
mod demo;
mod google;
mod helpers;
mod memory;
mod openapi;
mod operations;
mod products;
mod rules;
