//! Accounts: customers (password and external sign-in, sessions, password resets), the admin's login, and
//! the throttled password check both share.

pub mod admin_auth;
pub mod customers;
pub mod model;
pub mod password_login;
pub mod ports;
