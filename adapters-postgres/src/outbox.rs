//! The e-mail outbox.

use std::sync::Arc;

use application::common::error::RepositoryError;

use application::mail::ports::{MailOutbox, OutboxCounts, OutboxTx, OutgoingMail, QueuedMail};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamptz};
use domain::contact::Email;
use tokio::sync::Notify;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::email_outbox;
use crate::unit_of_work::PgTransaction;

/// The outbox in PostgreSQL. Queuing mail also wakes this instance's delivery worker (see [`Self::wakeups`]),
/// so a mail goes out at once instead of at the next poll; other instances find it when they poll. Mail
/// queued inside a unit of work wakes the worker once its transaction commits (see
/// [`PgUnitOfWork`](crate::PgUnitOfWork)).
#[derive(Clone)]
pub struct PgMailOutbox {
    pool: PgPool,
    wake: Arc<Notify>,
}

impl PgMailOutbox {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool, wake: Arc::new(Notify::new()) }
    }

    /// Notified whenever mail is queued through this outbox.
    #[must_use]
    pub fn wakeups(&self) -> Arc<Notify> {
        self.wake.clone()
    }
}

/// Inserts queued mails; answers how many.
fn insert(conn: &mut PgConnection, mails: &[OutgoingMail]) -> Result<u64, RepositoryError> {
    let rows: Vec<_> = mails
        .iter()
        .map(|m| {
            (
                email_outbox::recipient.eq(m.to.as_str()),
                email_outbox::subject.eq(&m.subject),
                email_outbox::text_body.eq(&m.text),
                email_outbox::html_body.eq(&m.html),
                email_outbox::unsubscribe_url.eq(m.unsubscribe.as_deref()),
            )
        })
        .collect();
    let count = diesel::insert_into(email_outbox::table).values(&rows).execute(conn).map_err(from_diesel)?;
    Ok(count as u64)
}

impl OutboxTx for PgTransaction {
    fn enqueue(&mut self, mails: &[OutgoingMail]) -> Result<u64, RepositoryError> {
        let queued = insert(self.conn(), mails)?;
        self.mail_queued();
        Ok(queued)
    }
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    recipient: String,
    #[diesel(sql_type = Text)]
    subject: String,
    #[diesel(sql_type = Text)]
    text_body: String,
    #[diesel(sql_type = Text)]
    html_body: String,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    unsubscribe_url: Option<String>,
}

/// Leases due rows to this worker; rows another worker holds are skipped, not waited for.
const CLAIM: &str = "
UPDATE email_outbox SET next_attempt_at = $3
WHERE id IN (
    SELECT id FROM email_outbox WHERE status = 'queued' AND next_attempt_at <= $2
    ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
)
RETURNING id, recipient, subject, text_body, html_body, attempts, unsubscribe_url";

#[async_trait]
impl MailOutbox for PgMailOutbox {
    async fn enqueue(&self, mails: Vec<OutgoingMail>) -> Result<u64, RepositoryError> {
        let queued = with_connection(&self.pool, move |conn| insert(conn, &mails)).await?;
        self.wake.notify_one();
        Ok(queued)
    }

    async fn claim_due(
        &self,
        limit: u32,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<QueuedMail>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::sql_query(CLAIM)
                .bind::<BigInt, _>(i64::from(limit))
                .bind::<Timestamptz, _>(now)
                .bind::<Timestamptz, _>(lease_until)
                .load::<ClaimedRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| {
                    Ok(QueuedMail {
                        id: row.id,
                        attempts: u32::try_from(row.attempts).map_err(corrupt)?,
                        mail: OutgoingMail {
                            to: Email::parse(&row.recipient).map_err(corrupt)?,
                            subject: row.subject,
                            text: row.text_body,
                            html: row.html_body,
                            unsubscribe: row.unsubscribe_url,
                        },
                    })
                })
                .collect()
        })
        .await
    }

    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(email_outbox::table.find(id))
                .set((
                    email_outbox::status.eq("sent"),
                    email_outbox::sent_at.eq(at),
                    email_outbox::attempts.eq(email_outbox::attempts + 1),
                ))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn mark_failed_attempt(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), RepositoryError> {
        let error: String = error.chars().take(500).collect();
        with_connection(&self.pool, move |conn| {
            let target = email_outbox::table.find(id);
            let changes = (email_outbox::attempts.eq(email_outbox::attempts + 1), email_outbox::last_error.eq(error));
            match retry_at {
                Some(at) => diesel::update(target).set((changes, email_outbox::next_attempt_at.eq(at))).execute(conn),
                None => diesel::update(target).set((changes, email_outbox::status.eq("failed"))).execute(conn),
            }
            .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn counts(&self) -> Result<OutboxCounts, RepositoryError> {
        with_connection(&self.pool, |conn| {
            let rows: Vec<(String, i64)> = email_outbox::table
                .group_by(email_outbox::status)
                .select((email_outbox::status, diesel::dsl::count_star()))
                .load(conn)
                .map_err(from_diesel)?;
            let mut counts = OutboxCounts::default();
            for (status, count) in rows {
                let count = u64::try_from(count).map_err(corrupt)?;
                match status.as_str() {
                    "queued" => counts.queued = count,
                    "sent" => counts.sent = count,
                    "failed" => counts.failed = count,
                    other => return Err(corrupt(format!("outbox status {other:?}"))),
                }
            }
            Ok(counts)
        })
        .await
    }
}
