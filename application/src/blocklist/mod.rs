//! The blocklist (docs/cod.md 'Blocklist'): phones and e-mails the shop refuses cash on delivery, with a
//! reason, and the checkouts it refused, for the admin to see. Checkout asks it through its port before
//! anything is priced.

pub mod model;
pub mod ports;
pub mod service;
