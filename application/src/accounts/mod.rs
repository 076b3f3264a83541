//! Accounts: customers (password and external sign-in, password resets), the admin's login, and the
//! throttled password check and the sessions both share.

pub mod addresses;
pub mod admin_auth;
pub mod customers;
pub mod model;
pub mod password_login;
pub mod ports;
pub mod sessions;
