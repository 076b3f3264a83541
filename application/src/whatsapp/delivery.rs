//! The WhatsApp worker's step and the status callbacks: queued messages are sent through the Graph API and
//! tried again after growing pauses while Meta (or the way to it) fails in a way that may pass; a refusal
//! that will not pass, or the last attempt, leaves the message `failed` with Meta's error, for the owner
//! to see. Callbacks move a message's state forward only (`MessageState::moves_to`).

use std::sync::Arc;

use chrono::Duration;
use domain::whatsapp::MessageState;

use crate::common::clock::Clock;
use crate::common::error::RepositoryError;
use crate::whatsapp::ports::{WhatsAppOutbox, WhatsAppSender};

/// How a worker retries: the pause after the first failed attempt (doubled after each further one) and the
/// attempts before a message is marked failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetrySchedule {
    pub first_pause: Duration,
    pub max_attempts: u32,
}

impl Default for RetrySchedule {
    /// 30 seconds, doubling, 8 attempts: about two hours before a message is given up.
    fn default() -> Self {
        Self { first_pause: Duration::seconds(30), max_attempts: 8 }
    }
}

/// How long a pass holds the messages it claimed before another worker may claim them.
pub const LEASE_MINUTES: i64 = 5;

/// What one pass did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SendPass {
    pub sent: u32,
    pub retried: u32,
    pub failed: u32,
}

/// A status callback, as Meta sends it in `statuses[]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusUpdate {
    pub meta_id: String,
    pub state: MessageState,
    /// Meta's error of a failure (`131026: Message undeliverable`).
    pub error: Option<String>,
}

/// Sending WhatsApp messages and following their states.
#[derive(Clone)]
pub struct WhatsAppDelivery {
    outbox: Arc<dyn WhatsAppOutbox>,
    sender: Arc<dyn WhatsAppSender>,
    clock: Arc<dyn Clock>,
    retries: RetrySchedule,
}

impl WhatsAppDelivery {
    #[must_use]
    pub fn new(
        outbox: Arc<dyn WhatsAppOutbox>,
        sender: Arc<dyn WhatsAppSender>,
        clock: Arc<dyn Clock>,
        retries: RetrySchedule,
    ) -> Self {
        Self { outbox, sender, clock, retries }
    }

    /// One pass of the worker: claims up to `limit` due messages and tries each once.
    ///
    /// # Errors
    /// A store failure (Meta's failures are recorded, not returned).
    pub async fn send_due(&self, limit: u32) -> Result<SendPass, RepositoryError> {
        let now = self.clock.now();
        let claimed = self.outbox.claim_due(limit, now, now + Duration::minutes(LEASE_MINUTES)).await?;
        let mut pass = SendPass::default();
        for queued in claimed {
            match self.sender.send(&queued.message).await {
                Ok(meta_id) => {
                    self.outbox.mark_sent(queued.id, &meta_id, self.clock.now()).await?;
                    pass.sent += 1;
                }
                Err(failure) => {
                    let attempts = queued.attempts + 1;
                    let retry_at = (failure.retry && attempts < self.retries.max_attempts)
                        .then(|| self.clock.now() + self.retries.first_pause * 2_i32.saturating_pow(attempts - 1));
                    self.outbox.mark_failed_attempt(queued.id, &failure.error, retry_at).await?;
                    if retry_at.is_some() {
                        pass.retried += 1;
                    } else {
                        pass.failed += 1;
                    }
                }
            }
        }
        Ok(pass)
    }

    /// Applies a status callback; answers whether the message's state moved. A callback for a message the
    /// shop did not send, or one that would move it backwards, changes nothing.
    ///
    /// # Errors
    /// A store failure.
    pub async fn status(&self, update: StatusUpdate) -> Result<bool, RepositoryError> {
        // Two callbacks of one message may race: move only from the state read, and read again if another
        // moved it first.
        for _ in 0..4 {
            let Some(from) = self.outbox.state_of(&update.meta_id).await? else { return Ok(false) };
            if !from.moves_to(update.state) {
                return Ok(false);
            }
            let error = (update.state == MessageState::Failed).then(|| update.error.clone()).flatten();
            if self.outbox.move_state(&update.meta_id, from, update.state, error, self.clock.now()).await? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::clock::MockClock;
    use crate::whatsapp::ports::{MockWhatsAppOutbox, MockWhatsAppSender, QueuedMessage, SendFailure, TemplateMessage};
    use chrono::{TimeZone, Utc};

    fn now() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 5, 10, 0, 0).unwrap()
    }

    fn delivery(outbox: MockWhatsAppOutbox, sender: MockWhatsAppSender) -> WhatsAppDelivery {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        let retries = RetrySchedule { first_pause: Duration::seconds(10), max_attempts: 3 };
        WhatsAppDelivery::new(Arc::new(outbox), Arc::new(sender), Arc::new(clock), retries)
    }

    fn queued(attempts: u32) -> QueuedMessage {
        QueuedMessage {
            id: 7,
            attempts,
            message: TemplateMessage {
                to: "923001234567".into(),
                template: "order_update".into(),
                language: "en".into(),
                body: vec!["#42".into()],
                buttons: vec![],
            },
        }
    }

    fn claiming(attempts: u32) -> MockWhatsAppOutbox {
        let mut outbox = MockWhatsAppOutbox::new();
        outbox.expect_claim_due().returning(move |_, _, _| Ok(vec![queued(attempts)]));
        outbox
    }

    fn failing(retry: bool) -> MockWhatsAppSender {
        let mut sender = MockWhatsAppSender::new();
        sender.expect_send().returning(move |_| Err(SendFailure { error: "HTTP 500".into(), retry }));
        sender
    }

    #[tokio::test]
    async fn an_accepted_message_keeps_metas_id() {
        let mut outbox = claiming(0);
        outbox
            .expect_mark_sent()
            .withf(|id, meta, at| *id == 7 && meta == "wamid.1" && *at == now())
            .times(1)
            .returning(|_, _, _| Ok(()));
        let mut sender = MockWhatsAppSender::new();
        sender.expect_send().returning(|_| Ok("wamid.1".into()));

        let pass = delivery(outbox, sender).send_due(10).await.unwrap();

        assert_eq!(pass, SendPass { sent: 1, retried: 0, failed: 0 });
    }

    #[tokio::test]
    async fn a_passing_failure_is_retried_after_a_doubling_pause_and_the_last_attempt_fails_for_good() {
        let mut outbox = claiming(1);
        outbox
            .expect_mark_failed_attempt()
            .withf(|id, error, at| *id == 7 && error == "HTTP 500" && *at == Some(now() + Duration::seconds(20)))
            .times(1)
            .returning(|_, _, _| Ok(()));
        let retried = delivery(outbox, failing(true)).send_due(10).await.unwrap();
        let mut outbox = claiming(2);
        outbox.expect_mark_failed_attempt().withf(|_, _, at| at.is_none()).times(1).returning(|_, _, _| Ok(()));
        let given_up = delivery(outbox, failing(true)).send_due(10).await.unwrap();

        assert_eq!(retried, SendPass { sent: 0, retried: 1, failed: 0 });
        assert_eq!(given_up, SendPass { sent: 0, retried: 0, failed: 1 });
    }

    #[tokio::test]
    async fn a_refusal_that_will_not_pass_fails_at_once() {
        let mut outbox = claiming(0);
        outbox.expect_mark_failed_attempt().withf(|_, _, at| at.is_none()).times(1).returning(|_, _, _| Ok(()));

        let pass = delivery(outbox, failing(false)).send_due(10).await.unwrap();

        assert_eq!(pass.failed, 1);
    }

    #[tokio::test]
    async fn a_status_never_moves_a_message_backwards() {
        let mut outbox = MockWhatsAppOutbox::new();
        outbox.expect_state_of().returning(|_| Ok(Some(MessageState::Read)));
        outbox.expect_move_state().never();
        let update = StatusUpdate { meta_id: "wamid.1".into(), state: MessageState::Delivered, error: None };

        assert!(!delivery(outbox, MockWhatsAppSender::new()).status(update).await.unwrap());
    }

    #[tokio::test]
    async fn a_failure_keeps_metas_error() {
        let mut outbox = MockWhatsAppOutbox::new();
        outbox.expect_state_of().returning(|_| Ok(Some(MessageState::Sent)));
        outbox
            .expect_move_state()
            .withf(|id, from, to, error, _| {
                id == "wamid.1"
                    && *from == MessageState::Sent
                    && *to == MessageState::Failed
                    && error.as_deref() == Some("131026: Message undeliverable")
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        let update = StatusUpdate {
            meta_id: "wamid.1".into(),
            state: MessageState::Failed,
            error: Some("131026: Message undeliverable".into()),
        };

        assert!(delivery(outbox, MockWhatsAppSender::new()).status(update).await.unwrap());
    }
}
