//! Pieces every feature shares: the repositories' error, paging, the clock, the unit of work and the
//! throttle that limits attempts.

pub mod clock;
pub mod error;
pub mod page;
pub mod throttle;
pub mod token;
pub mod unit_of_work;
