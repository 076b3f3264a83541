//! The health check.

pub mod ports;
pub mod service;
