//! The shop's settings (the delivery charge).

pub mod ports;
pub mod service;
