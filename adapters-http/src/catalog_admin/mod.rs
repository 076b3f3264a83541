//! The admin's catalogue: categories and products.

pub mod categories;
pub mod products;
