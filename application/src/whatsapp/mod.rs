//! WhatsApp messages to shoppers (docs/decisions/0038-whatsapp.md): the template messages
//! the orders queue in their own transactions, the worker that sends them through the Business Cloud API
//! with retries, and what the webhook hears back. The orders' replies (Confirm, Cancel, a text) are the
//! orders feature's (`orders::whatsapp`); this feature knows no order rule.

pub mod delivery;
pub mod ports;
