//! Pieces every feature shares: the repositories' error, paging, the clock and the unit of work.

pub mod clock;
pub mod error;
pub mod page;
pub mod unit_of_work;
