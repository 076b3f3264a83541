//! The HTTP API end to end: the real application on a free port, against its own PostgreSQL database.

mod accounts;
mod admin;
mod analytics;
mod bulk_email;
mod catalogue;
mod catalogue_cache;
mod category_views;
mod control_characters;
mod coupons;
mod courier;
mod demo;
mod edges;
mod google;
mod helpers;
mod log_lines;
mod memory;
mod openapi;
mod operations;
mod order_races;
mod orders;
mod process;
mod products;
mod reviews;
mod rules;
mod slow_bodies;
