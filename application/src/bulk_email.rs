//! The shop owner's e-mails to customers (docs/contract.md §7): queued in the outbox, then delivered by a worker
//! that retries with growing pauses, so a mail server that is down loses nothing.

use std::sync::Arc;

use chrono::Duration;
use domain::contact::Email;
use domain::text::{Lines, PlainText, TextError};

use crate::accounts::model::CustomerRecord;
use crate::accounts::ports::CustomerRepository;
use crate::common::clock::Clock;
use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::mail::body::MailBody;
use crate::mail::ports::{MailLayout, MailOutbox, Mailer, OutboxCounts, OutgoingMail};

/// Attempts before a mail is given up.
pub const MAX_ATTEMPTS: u32 = 8;
/// The longest subject and message accepted, in characters.
pub const MAX_SUBJECT_CHARS: usize = 200;
pub const MAX_MESSAGE_CHARS: usize = 20_000;

/// Who gets the e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipients {
    AllCustomers,
    Selected(Vec<String>),
}

/// Why a bulk e-mail was refused.
#[derive(Debug, thiserror::Error)]
pub enum BulkEmailError {
    #[error("Subject and message are required.")]
    SubjectAndMessageRequired,
    /// The subject holds a line break or control character.
    #[error(transparent)]
    Subject(TextError),
    /// The message holds a control character other than line breaks and tabs.
    #[error(transparent)]
    Message(TextError),
    #[error("The subject or the message is too long.")]
    TooLong,
    #[error("Choose at least one customer.")]
    NoRecipients,
    #[error("Not a customer's e-mail: {0}")]
    NotACustomer(String),
    #[error("the outbox could not be used")]
    Unexpected(#[from] RepositoryError),
}

/// How long a worker's pass holds the e-mails it claimed before another worker may claim them.
pub const LEASE_MINUTES: i64 = 5;
/// How long before its lease ends a pass stops sending.
pub const LEASE_MARGIN_MINUTES: i64 = 2;

/// What one worker pass did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeliveryPass {
    pub sent: u32,
    pub retried: u32,
    pub given_up: u32,
}

/// The bulk e-mail use cases and the outbox worker's step.
#[derive(Clone)]
pub struct BulkEmail {
    customers: Arc<dyn CustomerRepository>,
    outbox: Arc<dyn MailOutbox>,
    mailer: Arc<dyn Mailer>,
    clock: Arc<dyn Clock>,
    /// The pause after the first failed attempt; it doubles with each further one.
    retry_base: Duration,
    layout: Arc<dyn MailLayout>,
}

impl BulkEmail {
    #[must_use]
    pub fn new(
        customers: Arc<dyn CustomerRepository>,
        outbox: Arc<dyn MailOutbox>,
        mailer: Arc<dyn Mailer>,
        clock: Arc<dyn Clock>,
        retry_base: Duration,
        layout: Arc<dyn MailLayout>,
    ) -> Self {
        Self { customers, outbox, mailer, clock, retry_base, layout }
    }

    /// A page of customers for the recipient list.
    ///
    /// # Errors
    /// A store failure.
    pub async fn customers(&self, page: Page) -> Result<Vec<CustomerRecord>, BulkEmailError> {
        Ok(self.customers.list_customers(page).await?)
    }

    /// Queues the message for every chosen customer; answers how many e-mails were queued.
    ///
    /// # Errors
    /// [`BulkEmailError`] for a subject or message missing or holding a character it may not (the subject is
    /// one line, the message keeps line breaks and tabs), no recipients or an address that is not a
    /// customer's; nothing is queued then.
    pub async fn send(&self, subject: &str, message: &str, recipients: Recipients) -> Result<u64, BulkEmailError> {
        let subject = PlainText::parse(subject, Lines::One, "Subject").map_err(BulkEmailError::Subject)?;
        let message = PlainText::parse(message, Lines::Many, "Message").map_err(BulkEmailError::Message)?;
        let (subject, message) = (subject.as_str(), message.as_str());
        if subject.is_empty() || message.is_empty() {
            return Err(BulkEmailError::SubjectAndMessageRequired);
        }
        if subject.chars().count() > MAX_SUBJECT_CHARS || message.chars().count() > MAX_MESSAGE_CHARS {
            return Err(BulkEmailError::TooLong);
        }
        let customers = self.customers.all_emails().await?;
        let mut chosen: Vec<String> = match recipients {
            Recipients::AllCustomers => customers,
            Recipients::Selected(list) => {
                let mut chosen = Vec::with_capacity(list.len());
                for typed in list {
                    let typed = typed.trim().to_lowercase();
                    let address = Email::parse(&typed).map(|email| email.to_string());
                    match address {
                        Ok(address) if customers.contains(&address) => chosen.push(address),
                        _ => return Err(BulkEmailError::NotACustomer(typed)),
                    }
                }
                chosen
            }
        };
        chosen.sort();
        chosen.dedup();
        if chosen.is_empty() {
            return Err(BulkEmailError::NoRecipients);
        }
        let html = self.layout.html(&MailBody::of_typed_text(message));
        let mails = chosen
            .into_iter()
            .filter_map(|address| Email::parse(&address).ok())
            .map(|to| OutgoingMail { to, subject: subject.to_owned(), text: message.to_owned(), html: html.clone() })
            .collect();
        Ok(self.outbox.enqueue(mails).await?)
    }

    /// How many e-mails are queued, sent and given up.
    ///
    /// # Errors
    /// A store failure.
    pub async fn counts(&self) -> Result<OutboxCounts, BulkEmailError> {
        Ok(self.outbox.counts().await?)
    }

    /// One pass of the worker: claims due mails for [`LEASE_MINUTES`] and tries each once; a failure is
    /// retried after `retry_base × 2^attempts`, and given up after [`MAX_ATTEMPTS`]. A pass that is still
    /// sending [`LEASE_MARGIN_MINUTES`] before its lease ends sends no more: the rest of its claim waits for
    /// the lease to end and any instance's worker to claim it again, so no e-mail is sent by two instances
    /// (a slow relay makes a send take up to a minute: several SMTP commands of up to 10 s each).
    ///
    /// # Errors
    /// A store failure (mail failures are recorded, not returned).
    pub async fn deliver_due(&self, limit: u32) -> Result<DeliveryPass, BulkEmailError> {
        let now = self.clock.now();
        let lease_until = now + Duration::minutes(LEASE_MINUTES);
        let claimed = self.outbox.claim_due(limit, now, lease_until).await?;
        let mut pass = DeliveryPass::default();
        for queued in claimed {
            if self.clock.now() >= lease_until - Duration::minutes(LEASE_MARGIN_MINUTES) {
                break;
            }
            match self.mailer.send(queued.mail).await {
                Ok(()) => {
                    self.outbox.mark_sent(queued.id, self.clock.now()).await?;
                    pass.sent += 1;
                }
                Err(err) => {
                    let attempts = queued.attempts + 1;
                    let retry_at = (attempts < MAX_ATTEMPTS)
                        .then(|| self.clock.now() + self.retry_base * 2_i32.saturating_pow(attempts - 1));
                    let reason = std::error::Error::source(&err).map_or_else(|| err.to_string(), ToString::to_string);
                    self.outbox.mark_failed_attempt(queued.id, &reason, retry_at).await?;
                    if retry_at.is_some() {
                        pass.retried += 1;
                    } else {
                        pass.given_up += 1;
                    }
                }
            }
        }
        Ok(pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::MockCustomerRepository;
    use crate::common::clock::MockClock;
    use crate::mail::body::Paragraph;
    use crate::mail::ports::{MailError, MockMailOutbox, MockMailer, QueuedMail};
    use crate::mail::testing::DebugLayout;
    use chrono::{TimeZone, Utc};

    fn now() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn bulk(customers: MockCustomerRepository, outbox: MockMailOutbox, mailer: MockMailer) -> BulkEmail {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        BulkEmail::new(
            Arc::new(customers),
            Arc::new(outbox),
            Arc::new(mailer),
            Arc::new(clock),
            Duration::seconds(5),
            Arc::new(DebugLayout),
        )
    }

    fn with_customers() -> MockCustomerRepository {
        let mut customers = MockCustomerRepository::new();
        customers.expect_all_emails().returning(|| Ok(vec!["a@x.pk".into(), "b@x.pk".into()]));
        customers
    }

    #[tokio::test]
    async fn subject_and_message_are_required() {
        let err = bulk(MockCustomerRepository::new(), MockMailOutbox::new(), MockMailer::new())
            .send("  ", "hello", Recipients::AllCustomers)
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Subject and message are required.");
    }

    #[tokio::test]
    async fn a_subject_is_one_line_and_a_message_keeps_its_lines_but_no_other_control_character() {
        let send = |subject: &'static str, message: &'static str| async move {
            bulk(MockCustomerRepository::new(), MockMailOutbox::new(), MockMailer::new())
                .send(subject, message, Recipients::AllCustomers)
                .await
                .unwrap_err()
        };

        let subject = send("Eid\nBcc: x@y.pk", "Sale").await;
        let message = send("Eid", "Sale\0").await;

        assert!(matches!(subject, BulkEmailError::Subject(_)));
        assert_eq!(subject.to_string(), "Subject must not contain line breaks or control characters.");
        assert!(matches!(message, BulkEmailError::Message(_)));
        assert_eq!(message.to_string(), "Message must not contain control characters other than line breaks and tabs.");
    }

    #[tokio::test]
    async fn all_customers_get_one_mail_each() {
        let mut outbox = MockMailOutbox::new();
        outbox
            .expect_enqueue()
            .withf(|mails| {
                // The mail adapter draws this body as `<p>Eid sale &lt;50%&gt;</p>` (adapters-mail's layout tests).
                let body = MailBody::of(vec![Paragraph::of_lines(["Eid sale <50%>"])]);
                mails.len() == 2 && mails[1].to.as_str() == "b@x.pk" && mails[0].html == DebugLayout.html(&body)
            })
            .times(1)
            .returning(|m| Ok(m.len() as u64));

        let queued = bulk(with_customers(), outbox, MockMailer::new())
            .send("Eid", "Eid sale <50%>", Recipients::AllCustomers)
            .await
            .unwrap();

        assert_eq!(queued, 2);
    }

    #[tokio::test]
    async fn a_selected_address_that_is_not_a_customer_queues_nothing() {
        let err = bulk(with_customers(), MockMailOutbox::new(), MockMailer::new())
            .send("Eid", "Sale", Recipients::Selected(vec!["a@x.pk".into(), "stranger@x.pk".into()]))
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Not a customer's e-mail: stranger@x.pk");
    }

    #[tokio::test]
    async fn a_selected_address_in_another_spelling_is_the_customer_s() {
        let mut outbox = MockMailOutbox::new();
        outbox
            .expect_enqueue()
            .withf(|mails| mails.len() == 1 && mails[0].to.as_str() == "a@x.pk")
            .times(1)
            .returning(|m| Ok(m.len() as u64));

        let queued = bulk(with_customers(), outbox, MockMailer::new())
            .send("Eid", "Sale", Recipients::Selected(vec![" A@ⓧ.PK ".into(), "a@ｘ．pk".into()]))
            .await
            .unwrap();

        assert_eq!(queued, 1);
    }

    fn queued(attempts: u32) -> QueuedMail {
        QueuedMail {
            id: 7,
            attempts,
            mail: OutgoingMail {
                to: Email::parse("a@x.pk").unwrap(),
                subject: "s".into(),
                text: "t".into(),
                html: "h".into(),
            },
        }
    }

    #[tokio::test]
    async fn a_failed_attempt_is_retried_after_a_doubling_pause_then_given_up() {
        let mut outbox = MockMailOutbox::new();
        outbox
            .expect_claim_due()
            .times(1)
            .returning(|_, _, _| Ok(vec![queued(2), QueuedMail { id: 8, ..queued(MAX_ATTEMPTS - 1) }]));
        outbox
            .expect_mark_failed_attempt()
            .withf(|id, _, retry| *id == 7 && *retry == Some(now() + Duration::seconds(20)))
            .times(1)
            .returning(|_, _, _| Ok(()));
        outbox
            .expect_mark_failed_attempt()
            .withf(|id, _, retry| *id == 8 && retry.is_none())
            .times(1)
            .returning(|_, _, _| Ok(()));
        let mut mailer = MockMailer::new();
        mailer.expect_send().returning(|_| Err(MailError("connection refused".into())));

        let pass = bulk(MockCustomerRepository::new(), outbox, mailer).deliver_due(10).await.unwrap();

        assert_eq!(pass, DeliveryPass { sent: 0, retried: 1, given_up: 1 });
    }

    #[tokio::test]
    async fn a_pass_sends_nothing_more_of_its_claim_once_its_lease_is_nearly_over() {
        let mut outbox = MockMailOutbox::new();
        outbox
            .expect_claim_due()
            .withf(|_, at, lease| *at == now() && *lease == now() + Duration::minutes(5))
            .times(1)
            .returning(|_, _, _| {
                Ok(vec![queued(0), QueuedMail { id: 8, ..queued(0) }, QueuedMail { id: 9, ..queued(0) }])
            });
        outbox.expect_mark_sent().withf(|id, _| *id == 7).times(1).returning(|_, _| Ok(()));
        let mut mailer = MockMailer::new();
        mailer.expect_send().times(1).returning(|_| Ok(()));
        // The claim, the first send's check and its mark; the second check comes 3 minutes later (a slow relay).
        let mut times = vec![now(), now(), now(), now() + Duration::minutes(3)].into_iter();
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || times.next().unwrap_or_else(|| now() + Duration::minutes(4)));
        let bulk = BulkEmail::new(
            Arc::new(MockCustomerRepository::new()),
            Arc::new(outbox),
            Arc::new(mailer),
            Arc::new(clock),
            Duration::seconds(5),
            Arc::new(DebugLayout),
        );

        let pass = bulk.deliver_due(10).await.unwrap();

        assert_eq!(pass, DeliveryPass { sent: 1, retried: 0, given_up: 0 });
    }
}
