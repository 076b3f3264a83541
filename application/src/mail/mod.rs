//! E-mail: the mail server and the outbox every e-mail is queued in.

pub mod ports;
