//! Reviews by verified buyers (docs/contract.md §6, docs/reviews.md): one review per item of a delivered order,
//! through the e-mailed token link or from My Orders, with up to five re-encoded pictures; stored pending,
//! moderated and answered by the admin; only approved ones are listed and counted on the product.

pub mod list_reviews;
pub mod model;
pub mod moderate;
pub mod ports;
pub mod service;
pub mod submit;
#[cfg(test)]
mod testing;
