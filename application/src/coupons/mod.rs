//! Coupons: shoppers apply them to a cart, the admin creates, pauses and deletes them.

pub mod ports;
pub mod service;
