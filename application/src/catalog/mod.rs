//! The catalogue: shoppers browse and search it, the admin edits it.

pub mod admin;
pub mod browse;
pub mod model;
pub mod ports;
pub mod sitemap;
pub mod synonyms;
pub mod views;
