//! Pieces every feature shares: the repositories' error, paging and the clock.

pub mod clock;
pub mod error;
pub mod page;
