//! Sending e-mail behind the application's [`Mailer`](application::mail::ports::Mailer) port: SMTP through
//! lettre when `SMTP_URL` is set, otherwise `.eml` files in an outbox directory for development. Nobody
//! outside this crate knows the protocol. And drawing the e-mails' HTML behind the
//! [`MailLayout`](application::mail::ports::MailLayout) port.

mod layout;
#[cfg(feature = "test-support")]
pub mod test_support;

pub use layout::HtmlMailLayout;

use std::path::PathBuf;

use application::mail::ports::{MailError, Mailer, OutgoingMail};
use async_trait::async_trait;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use rand::Rng;

/// A mail setting that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MailConfigError {
    #[error("SMTP_URL is invalid: {0}")]
    SmtpUrl(String),
    #[error("MAIL_FROM is invalid: {0}")]
    From(String),
}

fn build(from: &Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    let to: Mailbox = mail.to.as_str().parse().map_err(|e| MailError(Box::new(e)))?;
    let mut builder = Message::builder().from(from.clone()).to(to).subject(mail.subject.clone());
    if let Some(url) = &mail.unsubscribe {
        // RFC 2369's header with RFC 8058's one-click POST: a mail client's 'Unsubscribe' posts
        // `List-Unsubscribe=One-Click` to the link, which the shop answers without a session.
        builder = builder
            .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{url}>")))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    builder
        .multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone()))
        .map_err(|e| MailError(Box::new(e)))
}

fn sender(from: &str) -> Result<Mailbox, MailConfigError> {
    from.parse().map_err(|e: lettre::address::AddressError| MailConfigError::From(e.to_string()))
}

/// Sends through an SMTP server: `smtp://host:port` in plain text (a relay on loopback), `smtps://user:pass@host:465`
/// over TLS.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

/// The URL may hold a password: `Debug` shows only the sender.
impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpMailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// # Errors
    /// [`MailConfigError`] for a URL lettre cannot use or a bad sender address.
    pub fn new(smtp_url: &str, from: &str) -> Result<Self, MailConfigError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| MailConfigError::SmtpUrl(e.to_string()))?
            .timeout(Some(std::time::Duration::from_secs(10)))
            .build();
        Ok(Self { transport, from: sender(from)? })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError> {
        let message = build(&self.from, &mail)?;
        self.transport.send(message).await.map_err(|e| MailError(Box::new(e)))?;
        Ok(())
    }
}

/// Writes each message as an `.eml` file into a directory, for development without a mail server.
#[derive(Debug, Clone)]
pub struct OutboxMailer {
    dir: PathBuf,
    from: Mailbox,
}

impl OutboxMailer {
    /// # Errors
    /// [`MailConfigError::From`] for a bad sender address.
    pub fn new(dir: PathBuf, from: &str) -> Result<Self, MailConfigError> {
        Ok(Self { dir, from: sender(from)? })
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError> {
        let message = build(&self.from, &mail)?;
        tokio::fs::create_dir_all(&self.dir).await.map_err(|e| MailError(Box::new(e)))?;
        let name = format!("{:016x}.eml", rand::rng().random::<u64>());
        tokio::fs::write(self.dir.join(&name), message.formatted()).await.map_err(|e| MailError(Box::new(e)))?;
        tracing::info!(file = %name, subject = %mail.subject, "mail written to the outbox");
        Ok(())
    }
}
