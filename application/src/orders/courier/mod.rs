//! The courier hand-off (docs/cod.md 'Courier hand-off'): the booking sheet of chosen approved orders, their
//! tracking numbers entered one by one or imported from a courier's CSV file, and the bulk dispatch of
//! orders that have one.

pub mod booking;
pub mod dispatch;
pub mod import;
pub mod ports;
pub mod selection;
pub mod service;
#[cfg(test)]
mod testing;
pub mod tracking;
