//! The HTTP API end to end: the real application on a free port, against its own PostgreSQL database. The
//! built process under abuse, races, two instances, S3 and the demo seed are the system tier (tests/system).

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

mod accounts;
mod addresses;
mod admin;
mod analytics;
mod bulk_email;
mod catalogue;
mod catalogue_cache;
mod category_views;
mod cod_checks;
mod control_characters;
mod coupons;
mod courier;
mod dashboard;
mod edges;
mod google;
mod helpers;
mod observability;
mod openapi;
mod operations;
mod order_limits;
mod order_mail;
mod orders;
mod pages;
mod places;
mod products;
mod reviews;
mod rules;
mod search;
mod shop_info;
mod sitemap;
mod urdu_names;
mod whatsapp;
