//! Sending e-mail. The SMTP adapter (lettre) and the outbox adapter (.eml files in `MAIL_OUTBOX_DIR`) will
//! implement the application's mail port here; nothing outside this crate will know the protocol.
//!
//! Not built yet: the first use case that sends mail (password reset, issue 5) brings the port and both
//! adapters with their tests against a real SMTP server on loopback.
