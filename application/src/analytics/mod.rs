//! Delivered-versus-returned figures (docs/cod.md 'Analytics'): the orders placed in a period, how many of
//! them are now delivered, returned or rejected, their delivery rate and the cash collected, per week, city,
//! product or coupon.

pub mod ports;
pub mod report;
