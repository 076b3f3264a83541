//! The shop owner's e-mails to customers (docs/contract.md §7): queued in the outbox, then delivered by a worker
//! that retries with growing pauses, so a mail server that is down loses nothing.

use std::collections::HashSet;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use domain::contact::{canonical_mailbox, Email};
use domain::ids::CustomerId;
use domain::text::{Lines, PlainText, TextError};

use crate::accounts::model::CustomerRecord;
use crate::accounts::ports::CustomerRepository;
use crate::common::clock::Clock;
use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::common::token::{well_formed, LinkDigest};
use crate::mail::body::{Link, MailBody, Paragraph, Span};
use crate::mail::ports::{MailLayout, MailOutbox, Mailer, OutboxCounts, OutgoingMail};
use crate::orders::ports::ReviewTokens;

/// Attempts before a mail is given up.
pub const MAX_ATTEMPTS: u32 = 8;
/// The longest subject and message accepted, in characters.
pub const MAX_SUBJECT_CHARS: usize = 200;
pub const MAX_MESSAGE_CHARS: usize = 20_000;

/// The footer every bulk e-mail ends with, before its link.
pub const UNSUBSCRIBE_NOTE: &str = "You get this e-mail as a customer of the shop.";
/// The footer's link text.
pub const UNSUBSCRIBE_LABEL: &str = "Unsubscribe";
/// What the unsubscribe page and call say once a customer is unsubscribed.
pub const UNSUBSCRIBED: &str =
    "You are unsubscribed: the shop sends you no more offers by e-mail. E-mails about your orders still come.";
/// What they say for a link the shop never made (or whose customer is gone).
pub const UNKNOWN_UNSUBSCRIBE_LINK: &str = "This unsubscribe link is not valid.";

/// A customer as bulk e-mail sees them: whether they unsubscribed, and whether one of their orders gave a
/// blocked phone. (A blocked e-mail is matched by the use case, by the canonical mailbox.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AudienceMember {
    pub id: CustomerId,
    pub email: String,
    pub unsubscribed: bool,
    pub blocked_phone: bool,
}

/// Bulk e-mail's audience and unsubscribe links in the store.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MailingList: Send + Sync + 'static {
    /// Every customer, by e-mail.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn audience(&self) -> Result<Vec<AudienceMember>, RepositoryError>;

    /// The canonical mailboxes of the blocklist's e-mail entries.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn blocked_mailboxes(&self) -> Result<Vec<String>, RepositoryError>;

    /// Stores unsubscribe links by their digests, each for its customer.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn add_links(&self, links: Vec<(CustomerId, LinkDigest)>) -> Result<(), RepositoryError>;

    /// The e-mail of the link's customer and whether they are unsubscribed; `None` for an unknown link.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn link_owner(&self, digest: &LinkDigest) -> Result<Option<(String, bool)>, RepositoryError>;

    /// Marks the link's customer unsubscribed at `at` (kept when already); answers their e-mail, or `None`
    /// for an unknown link.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn unsubscribe(&self, digest: &LinkDigest, at: DateTime<Utc>) -> Result<Option<String>, RepositoryError>;
}

/// What bulk e-mail's unsubscribe links need: the store, the links' tokens and where they point.
#[derive(Clone)]
pub struct Unsubscribes {
    pub list: Arc<dyn MailingList>,
    pub tokens: Arc<dyn ReviewTokens>,
    /// PUBLIC_URL, without a trailing slash.
    pub public_url: String,
}

/// Who would get an e-mail, and who is left out and why.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Audience {
    /// The recipients, by e-mail, sorted.
    pub recipients: Vec<(CustomerId, String)>,
    /// Chosen customers left out: on the blocklist (by account e-mail or an order's phone).
    pub blocked: u64,
    /// Chosen customers left out: they unsubscribed.
    pub unsubscribed: u64,
}

/// A bulk e-mail as it would go out: to how many, and what it says (drawn with a sample link).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    pub audience: Audience,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Who gets the e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipients {
    AllCustomers,
    Selected(Vec<String>),
}

/// The subject (one line) and message (line breaks and tabs kept), checked.
fn checked(subject: &str, message: &str) -> Result<(String, String), BulkEmailError> {
    let subject = PlainText::parse(subject, Lines::One, "Subject").map_err(BulkEmailError::Subject)?;
    let message = PlainText::parse(message, Lines::Many, "Message").map_err(BulkEmailError::Message)?;
    let (subject, message) = (subject.as_str(), message.as_str());
    if subject.is_empty() || message.is_empty() {
        return Err(BulkEmailError::SubjectAndMessageRequired);
    }
    if subject.chars().count() > MAX_SUBJECT_CHARS || message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(BulkEmailError::TooLong);
    }
    Ok((subject.to_owned(), message.to_owned()))
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
    /// Every chosen customer is blocked or unsubscribed.
    #[error("None of the chosen customers takes bulk e-mail: each is blocked or unsubscribed.")]
    NobodyToSend,
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
    unsubscribes: Unsubscribes,
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
        unsubscribes: Unsubscribes,
    ) -> Self {
        Self { customers, outbox, mailer, clock, retry_base, layout, unsubscribes }
    }

    /// A page of customers for the recipient list.
    ///
    /// # Errors
    /// A store failure.
    pub async fn customers(&self, page: Page) -> Result<Vec<CustomerRecord>, BulkEmailError> {
        Ok(self.customers.list_customers(page).await?)
    }

    /// Who an e-mail to `recipients` would reach and what it would say, each recipient's own link drawn as
    /// a sample; nothing is stored.
    ///
    /// # Errors
    /// As [`Self::send`].
    pub async fn preview(
        &self,
        subject: &str,
        message: &str,
        recipients: Recipients,
    ) -> Result<Preview, BulkEmailError> {
        let (subject, message) = checked(subject, message)?;
        let audience = self.audience(recipients).await?;
        let sample = format!("{}/unsubscribe?token=…", self.unsubscribes.public_url);
        let (text, html) = self.bodies(&message, &sample);
        Ok(Preview { audience, subject, text, html })
    }

    /// Queues the message for every chosen customer who takes bulk e-mail (not blocked, not unsubscribed),
    /// each with an unsubscribe link of their own; answers who got it and who was left out.
    ///
    /// # Errors
    /// [`BulkEmailError`] for a subject or message missing or holding a character it may not (the subject is
    /// one line, the message keeps line breaks and tabs), no recipients, an address that is not a
    /// customer's, or chosen customers who all are blocked or unsubscribed; nothing is queued then.
    pub async fn send(&self, subject: &str, message: &str, recipients: Recipients) -> Result<Audience, BulkEmailError> {
        let (subject, message) = checked(subject, message)?;
        let audience = self.audience(recipients).await?;
        let mut links = Vec::with_capacity(audience.recipients.len());
        let mut mails = Vec::with_capacity(audience.recipients.len());
        for (id, address) in &audience.recipients {
            let Ok(to) = Email::parse(address) else { continue };
            let token = self.unsubscribes.tokens.generate();
            links.push((*id, self.unsubscribes.tokens.digest(&token)));
            let url = format!("{}/unsubscribe?token={token}", self.unsubscribes.public_url);
            let (text, html) = self.bodies(&message, &url);
            mails.push(OutgoingMail { to, subject: subject.clone(), text, html, unsubscribe: Some(url) });
        }
        self.unsubscribes.list.add_links(links).await?;
        self.outbox.enqueue(mails).await?;
        Ok(audience)
    }

    /// The text and HTML of `message` with the footer and its unsubscribe link `url`.
    fn bodies(&self, message: &str, url: &str) -> (String, String) {
        let text = format!("{message}\n\n--\n{UNSUBSCRIBE_NOTE} {UNSUBSCRIBE_LABEL}: {url}\n");
        let mut body = MailBody::of_typed_text(message);
        body.paragraphs.push(Paragraph::of_spans(vec![
            Span::Text(format!("{UNSUBSCRIBE_NOTE} ")),
            Span::Link(Link::new(UNSUBSCRIBE_LABEL, url)),
        ]));
        (text, self.layout.html(&body))
    }

    /// The chosen customers who take bulk e-mail, and how many were left out and why.
    async fn audience(&self, recipients: Recipients) -> Result<Audience, BulkEmailError> {
        let members = self.unsubscribes.list.audience().await?;
        let blocked: HashSet<String> = self.unsubscribes.list.blocked_mailboxes().await?.into_iter().collect();
        let chosen: Vec<&AudienceMember> = match recipients {
            Recipients::AllCustomers => members.iter().collect(),
            Recipients::Selected(list) => {
                let mut chosen = Vec::with_capacity(list.len());
                for typed in list {
                    let typed = typed.trim().to_lowercase();
                    let address = Email::parse(&typed).map(|email| email.to_string());
                    match address.ok().and_then(|address| members.iter().find(|m| m.email == address)) {
                        Some(member) => chosen.push(member),
                        None => return Err(BulkEmailError::NotACustomer(typed)),
                    }
                }
                if chosen.is_empty() {
                    return Err(BulkEmailError::NoRecipients);
                }
                chosen
            }
        };
        let mut audience = Audience::default();
        for member in chosen {
            if member.blocked_phone || blocked.contains(&canonical_mailbox(&member.email)) {
                audience.blocked += 1;
            } else if member.unsubscribed {
                audience.unsubscribed += 1;
            } else {
                audience.recipients.push((member.id, member.email.clone()));
            }
        }
        audience.recipients.sort_by(|a, b| a.1.cmp(&b.1));
        audience.recipients.dedup_by(|a, b| a.0 == b.0);
        if audience.recipients.is_empty() {
            return Err(if audience.blocked + audience.unsubscribed == 0 {
                BulkEmailError::NoRecipients
            } else {
                BulkEmailError::NobodyToSend
            });
        }
        Ok(audience)
    }

    /// The e-mail of an unsubscribe link's customer and whether they are unsubscribed already; `None` for
    /// a link the shop never made.
    ///
    /// # Errors
    /// A store failure.
    pub async fn unsubscribe_link(&self, token: &str) -> Result<Option<(String, bool)>, BulkEmailError> {
        if !well_formed(token) {
            return Ok(None);
        }
        Ok(self.unsubscribes.list.link_owner(&self.unsubscribes.tokens.digest(token)).await?)
    }

    /// Unsubscribes the link's customer from bulk e-mail (again is fine); their e-mail, or `None` for a link
    /// the shop never made.
    ///
    /// # Errors
    /// A store failure.
    pub async fn unsubscribe(&self, token: &str) -> Result<Option<String>, BulkEmailError> {
        if !well_formed(token) {
            return Ok(None);
        }
        Ok(self.unsubscribes.list.unsubscribe(&self.unsubscribes.tokens.digest(token), self.clock.now()).await?)
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
    use crate::mail::ports::{MailError, MockMailOutbox, MockMailer, QueuedMail};
    use crate::mail::testing::DebugLayout;
    use crate::orders::ports::MockReviewTokens;
    use chrono::{TimeZone, Utc};

    fn now() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn unsubscribes(list: MockMailingList) -> Unsubscribes {
        let mut tokens = MockReviewTokens::new();
        let mut n = 0;
        tokens.expect_generate().returning(move || {
            n += 1;
            format!("token-{n}")
        });
        tokens.expect_digest().returning(|token| LinkDigest::from_stored(format!("digest-of-{token}")));
        Unsubscribes { list: Arc::new(list), tokens: Arc::new(tokens), public_url: "https://shop.pk".into() }
    }

    fn bulk(list: MockMailingList, outbox: MockMailOutbox, mailer: MockMailer) -> BulkEmail {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        BulkEmail::new(
            Arc::new(MockCustomerRepository::new()),
            Arc::new(outbox),
            Arc::new(mailer),
            Arc::new(clock),
            Duration::seconds(5),
            Arc::new(DebugLayout),
            unsubscribes(list),
        )
    }

    fn member(id: i64, email: &str) -> AudienceMember {
        AudienceMember {
            id: CustomerId::new(id).unwrap(),
            email: email.into(),
            unsubscribed: false,
            blocked_phone: false,
        }
    }

    /// Customers a@x.pk and b@x.pk, neither blocked nor unsubscribed; their links are stored.
    fn with_customers() -> MockMailingList {
        with_members(vec![member(1, "a@x.pk"), member(2, "b@x.pk")], vec![])
    }

    fn with_members(members: Vec<AudienceMember>, blocked: Vec<String>) -> MockMailingList {
        let mut list = MockMailingList::new();
        list.expect_audience().returning(move || Ok(members.clone()));
        list.expect_blocked_mailboxes().returning(move || Ok(blocked.clone()));
        list.expect_add_links().returning(|_| Ok(()));
        list
    }

    #[tokio::test]
    async fn subject_and_message_are_required() {
        let err = bulk(MockMailingList::new(), MockMailOutbox::new(), MockMailer::new())
            .send("  ", "hello", Recipients::AllCustomers)
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Subject and message are required.");
    }

    #[tokio::test]
    async fn a_subject_is_one_line_and_a_message_keeps_its_lines_but_no_other_control_character() {
        let send = |subject: &'static str, message: &'static str| async move {
            bulk(MockMailingList::new(), MockMailOutbox::new(), MockMailer::new())
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
    async fn all_customers_get_one_mail_each_with_a_link_of_their_own() {
        let mut outbox = MockMailOutbox::new();
        outbox
            .expect_enqueue()
            .withf(|mails| {
                // The mail adapter draws this body as `<p>Eid sale &lt;50%&gt;</p>` (adapters-mail's layout tests).
                let link = "https://shop.pk/unsubscribe?token=token-1";
                let body = MailBody::of(vec![
                    Paragraph::of_lines(["Eid sale <50%>"]),
                    Paragraph::of_spans(vec![
                        Span::Text("You get this e-mail as a customer of the shop. ".into()),
                        Span::Link(Link::new("Unsubscribe", link)),
                    ]),
                ]);
                mails.len() == 2
                    && mails[1].to.as_str() == "b@x.pk"
                    && mails[0].html == DebugLayout.html(&body)
                    && mails[0].text == format!("Eid sale <50%>\n\n--\nYou get this e-mail as a customer of the shop. Unsubscribe: {link}\n")
                    && mails[0].unsubscribe.as_deref() == Some(link)
                    && mails[1].unsubscribe.as_deref() == Some("https://shop.pk/unsubscribe?token=token-2")
            })
            .times(1)
            .returning(|m| Ok(m.len() as u64));
        let mut list = MockMailingList::new();
        list.expect_audience().returning(|| Ok(vec![member(1, "a@x.pk"), member(2, "b@x.pk")]));
        list.expect_blocked_mailboxes().returning(|| Ok(vec![]));
        list.expect_add_links()
            .withf(|links| {
                links.iter().map(|(id, digest)| (id.get(), digest.as_str().to_owned())).collect::<Vec<_>>()
                    == [(1, "digest-of-token-1".to_owned()), (2, "digest-of-token-2".to_owned())]
            })
            .times(1)
            .returning(|_| Ok(()));

        let sent = bulk(list, outbox, MockMailer::new())
            .send("Eid", "Eid sale <50%>", Recipients::AllCustomers)
            .await
            .unwrap();

        assert_eq!(sent.recipients.len(), 2);
    }

    #[tokio::test]
    async fn blocked_and_unsubscribed_customers_are_left_out_and_counted() {
        let mut outbox = MockMailOutbox::new();
        outbox
            .expect_enqueue()
            .withf(|mails| mails.iter().map(|m| m.to.as_str()).collect::<Vec<_>>() == ["d@x.pk"])
            .times(1)
            .returning(|m| Ok(m.len() as u64));
        let members = vec![
            AudienceMember { unsubscribed: true, ..member(1, "a@x.pk") },
            AudienceMember { blocked_phone: true, ..member(2, "b@x.pk") },
            member(3, "c.c@gmail.com"),
            member(4, "d@x.pk"),
        ];

        let sent = bulk(with_members(members, vec!["cc@gmail.com".into()]), outbox, MockMailer::new())
            .send("Eid", "Sale", Recipients::AllCustomers)
            .await
            .unwrap();

        assert_eq!((sent.recipients.len(), sent.blocked, sent.unsubscribed), (1, 2, 1));
    }

    #[tokio::test]
    async fn choosing_only_customers_who_take_no_bulk_e_mail_queues_nothing() {
        let members = vec![AudienceMember { unsubscribed: true, ..member(1, "a@x.pk") }];

        let err = bulk(with_members(members, vec![]), MockMailOutbox::new(), MockMailer::new())
            .send("Eid", "Sale", Recipients::Selected(vec!["a@x.pk".into()]))
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "None of the chosen customers takes bulk e-mail: each is blocked or unsubscribed.");
    }

    #[tokio::test]
    async fn a_preview_counts_the_recipients_and_stores_nothing() {
        let members = vec![member(1, "a@x.pk"), AudienceMember { unsubscribed: true, ..member(2, "b@x.pk") }];

        let preview = bulk(with_members(members, vec![]), MockMailOutbox::new(), MockMailer::new())
            .preview("Eid", "Sale", Recipients::AllCustomers)
            .await
            .unwrap();

        assert_eq!((preview.audience.recipients.len(), preview.audience.unsubscribed), (1, 1));
        assert_eq!(preview.text, "Sale\n\n--\nYou get this e-mail as a customer of the shop. Unsubscribe: https://shop.pk/unsubscribe?token=…\n");
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

        assert_eq!(queued.recipients.len(), 1);
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
                unsubscribe: None,
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

        let pass = bulk(MockMailingList::new(), outbox, mailer).deliver_due(10).await.unwrap();

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
            unsubscribes(MockMailingList::new()),
        );

        let pass = bulk.deliver_due(10).await.unwrap();

        assert_eq!(pass, DeliveryPass { sent: 1, retried: 0, given_up: 0 });
    }
}
