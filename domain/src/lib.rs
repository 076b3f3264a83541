//! The shop's business rules, free of I/O: exact money in paisa, the pricing of docs/spec.md §5 and §9, stock
//! readings, coupon rules, the order-status machine, the province-to-city table and the newtypes that keep
//! invalid values out of the rest of the system. Time and randomness come in as arguments.

pub mod analytics;
pub mod calendar;
pub mod cart;
pub mod category;
pub mod checkout;
pub mod contact;
pub mod coupon;
pub mod courier;
pub mod ids;
pub mod language;
pub mod locations;
pub mod money;
pub mod order_limits;
pub mod order_status;
pub mod password;
pub mod pricing;
pub mod product;
pub mod review;
pub mod risk;
pub mod search;
pub mod shop_info;
pub mod stock;
pub mod text;
pub mod whatsapp;
