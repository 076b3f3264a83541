//! E-mail: what a message says, the mail server, the layout that draws a message's HTML, and the outbox every
//! e-mail is queued in.

pub mod body;
pub mod ports;
#[cfg(test)]
pub(crate) mod testing;
