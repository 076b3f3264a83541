//! WhatsApp messages in PostgreSQL (`whatsapp_messages`): the outbox the worker drains, the states status
//! callbacks move, the shopper's messages kept once per Meta id, and the templates on `shop_settings`.

use std::collections::HashMap;
use std::sync::Arc;

use application::common::error::RepositoryError;
use application::common::token::LinkDigest;
use application::orders::whatsapp_ports::{IncomingRecord, ThreadMessage, WhatsAppOrders};
use application::whatsapp::ports::{QueuedMessage, TemplateMessage, WhatsAppOutbox, WhatsAppTx};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Jsonb, Text, Timestamptz};
use domain::ids::OrderId;
use domain::order_status::OrderStatus;
use domain::shop_info::WhatsAppNumber;
use domain::whatsapp::{MessageKind, MessageState, Templates};
use serde_json::Value;
use tokio::sync::Notify;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{orders, shop_settings, whatsapp_messages};
use crate::unit_of_work::PgTransaction;

/// The WhatsApp store. Queuing a message inside a unit of work wakes this instance's worker once the
/// transaction commits (see [`PgUnitOfWork`](crate::PgUnitOfWork)); other instances find it when they poll.
#[derive(Clone)]
pub struct PgWhatsApp {
    pool: PgPool,
    wake: Arc<Notify>,
}

impl PgWhatsApp {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool, wake: Arc::new(Notify::new()) }
    }

    /// Notified whenever a message is queued (after its transaction commits).
    #[must_use]
    pub fn wakeups(&self) -> Arc<Notify> {
        self.wake.clone()
    }
}

/// The templates the owner set.
pub(crate) fn read_templates(conn: &mut PgConnection) -> Result<Templates, RepositoryError> {
    let (confirmation, update, language, urdu): (String, String, String, String) = shop_settings::table
        .select((
            shop_settings::whatsapp_confirmation_template,
            shop_settings::whatsapp_update_template,
            shop_settings::whatsapp_template_language,
            shop_settings::whatsapp_template_language_ur,
        ))
        .first(conn)
        .map_err(from_diesel)?;
    Templates::parse(&confirmation, &update, &language).and_then(|t| t.with_urdu_language(&urdu)).map_err(corrupt)
}

/// Stores the templates.
fn save_templates(conn: &mut PgConnection, templates: &Templates) -> Result<(), RepositoryError> {
    diesel::update(shop_settings::table)
        .set((
            shop_settings::whatsapp_confirmation_template.eq(templates.confirmation()),
            shop_settings::whatsapp_update_template.eq(templates.update()),
            shop_settings::whatsapp_template_language.eq(templates.language()),
            shop_settings::whatsapp_template_language_ur.eq(templates.urdu_language()),
            shop_settings::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .map_err(from_diesel)?;
    Ok(())
}

impl WhatsAppTx for PgTransaction {
    fn templates(&mut self) -> Result<Templates, RepositoryError> {
        read_templates(self.conn())
    }

    fn save_templates(&mut self, templates: &Templates) -> Result<(), RepositoryError> {
        save_templates(self.conn(), templates)
    }

    fn attach(&mut self, order: OrderId, to: &WhatsAppNumber, digest: &LinkDigest) -> Result<(), RepositoryError> {
        diesel::update(orders::table.find(order.get()))
            .set((orders::whatsapp_to.eq(to.as_str()), orders::whatsapp_token_hash.eq(digest.as_str())))
            .execute(self.conn())
            .map_err(from_diesel)?;
        Ok(())
    }

    fn queue(
        &mut self,
        order: OrderId,
        kind: MessageKind,
        message: &TemplateMessage,
        text: &str,
    ) -> Result<(), RepositoryError> {
        diesel::insert_into(whatsapp_messages::table)
            .values((
                whatsapp_messages::order_id.eq(order.get()),
                whatsapp_messages::direction.eq("out"),
                whatsapp_messages::kind.eq(kind.as_str()),
                whatsapp_messages::phone.eq(&message.to),
                whatsapp_messages::text.eq(text),
                whatsapp_messages::template.eq(&message.template),
                whatsapp_messages::language.eq(&message.language),
                whatsapp_messages::body_parameters.eq(Value::from(message.body.clone())),
                whatsapp_messages::button_payloads.eq(Value::from(message.buttons.clone())),
                whatsapp_messages::state.eq(MessageState::Queued.as_str()),
            ))
            .execute(self.conn())
            .map_err(from_diesel)?;
        self.whatsapp_queued();
        Ok(())
    }
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    phone: String,
    #[diesel(sql_type = Text)]
    template: String,
    #[diesel(sql_type = Text)]
    language: String,
    #[diesel(sql_type = Jsonb)]
    body_parameters: Value,
    #[diesel(sql_type = Jsonb)]
    button_payloads: Value,
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

/// Leases due messages to this worker; rows another worker holds are skipped, not waited for.
const CLAIM: &str = "
UPDATE whatsapp_messages SET next_attempt_at = $3
WHERE id IN (
    SELECT id FROM whatsapp_messages WHERE state = 'queued' AND next_attempt_at <= $2
    ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
)
RETURNING id, phone, template, language, body_parameters, button_payloads, attempts";

fn strings(value: &Value) -> Result<Vec<String>, RepositoryError> {
    value
        .as_array()
        .ok_or_else(|| corrupt("a WhatsApp message's parameters are no list"))?
        .iter()
        .map(|v| v.as_str().map(str::to_owned).ok_or_else(|| corrupt("a WhatsApp message's parameter is no text")))
        .collect()
}

fn state(text: &str) -> Result<MessageState, RepositoryError> {
    MessageState::parse(text).ok_or_else(|| corrupt(format!("WhatsApp message state {text:?}")))
}

#[async_trait]
impl WhatsAppOutbox for PgWhatsApp {
    async fn claim_due(
        &self,
        limit: u32,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<QueuedMessage>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::sql_query(CLAIM)
                .bind::<BigInt, _>(i64::from(limit))
                .bind::<Timestamptz, _>(now)
                .bind::<Timestamptz, _>(lease_until)
                .load::<ClaimedRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| {
                    Ok(QueuedMessage {
                        id: row.id,
                        attempts: u32::try_from(row.attempts).map_err(corrupt)?,
                        message: TemplateMessage {
                            to: row.phone,
                            template: row.template,
                            language: row.language,
                            body: strings(&row.body_parameters)?,
                            buttons: strings(&row.button_payloads)?,
                        },
                    })
                })
                .collect()
        })
        .await
    }

    async fn mark_sent(&self, id: i64, meta_id: &str, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        let meta_id = meta_id.to_owned();
        with_connection(&self.pool, move |conn| {
            diesel::update(whatsapp_messages::table.find(id).filter(whatsapp_messages::state.eq("queued")))
                .set((
                    whatsapp_messages::state.eq(MessageState::Sent.as_str()),
                    whatsapp_messages::meta_id.eq(meta_id),
                    whatsapp_messages::attempts.eq(whatsapp_messages::attempts + 1),
                    whatsapp_messages::error.eq(None::<String>),
                    whatsapp_messages::updated_at.eq(at),
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
            let target = whatsapp_messages::table.find(id);
            let changes = (
                whatsapp_messages::attempts.eq(whatsapp_messages::attempts + 1),
                whatsapp_messages::error.eq(error),
                whatsapp_messages::updated_at.eq(diesel::dsl::now),
            );
            match retry_at {
                Some(at) => {
                    diesel::update(target).set((changes, whatsapp_messages::next_attempt_at.eq(at))).execute(conn)
                }
                None => diesel::update(target)
                    .set((changes, whatsapp_messages::state.eq(MessageState::Failed.as_str())))
                    .execute(conn),
            }
            .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn state_of(&self, meta_id: &str) -> Result<Option<MessageState>, RepositoryError> {
        let meta_id = meta_id.to_owned();
        with_connection(&self.pool, move |conn| {
            whatsapp_messages::table
                .filter(whatsapp_messages::meta_id.eq(meta_id))
                .filter(whatsapp_messages::direction.eq("out"))
                .select(whatsapp_messages::state)
                .first::<String>(conn)
                .optional()
                .map_err(from_diesel)?
                .map(|s| state(&s))
                .transpose()
        })
        .await
    }

    async fn move_state(
        &self,
        meta_id: &str,
        from: MessageState,
        to: MessageState,
        error: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let meta_id = meta_id.to_owned();
        with_connection(&self.pool, move |conn| {
            let target = whatsapp_messages::table
                .filter(whatsapp_messages::meta_id.eq(meta_id))
                .filter(whatsapp_messages::state.eq(from.as_str()));
            let moved = match error {
                Some(error) => diesel::update(target)
                    .set((
                        whatsapp_messages::state.eq(to.as_str()),
                        whatsapp_messages::error.eq(error.chars().take(500).collect::<String>()),
                        whatsapp_messages::updated_at.eq(at),
                    ))
                    .execute(conn),
                None => diesel::update(target)
                    .set((whatsapp_messages::state.eq(to.as_str()), whatsapp_messages::updated_at.eq(at)))
                    .execute(conn),
            }
            .map_err(from_diesel)?;
            Ok(moved == 1)
        })
        .await
    }
}

#[derive(Queryable)]
struct ThreadRow {
    order_id: Option<i64>,
    kind: String,
    text: String,
    state: String,
    error: Option<String>,
    created_at: DateTime<Utc>,
}

#[async_trait]
impl WhatsAppOrders for PgWhatsApp {
    async fn latest_order_of(&self, phone: &str, pending_only: bool) -> Result<Option<OrderId>, RepositoryError> {
        let phone = phone.to_owned();
        with_connection(&self.pool, move |conn| {
            let mut query = orders::table.filter(orders::phone1_normalized.eq(phone)).into_boxed();
            if pending_only {
                query = query.filter(orders::status.eq(OrderStatus::Pending.as_str()));
            }
            query
                .order((orders::created_at.desc(), orders::id.desc()))
                .select(orders::id)
                .first::<i64>(conn)
                .optional()
                .map_err(from_diesel)?
                .map(|id| OrderId::new(id).map_err(corrupt))
                .transpose()
        })
        .await
    }

    async fn record_incoming(&self, incoming: &IncomingRecord) -> Result<bool, RepositoryError> {
        let incoming = incoming.clone();
        with_connection(&self.pool, move |conn| {
            let kept = diesel::insert_into(whatsapp_messages::table)
                .values((
                    whatsapp_messages::order_id.eq(incoming.order.map(OrderId::get)),
                    whatsapp_messages::direction.eq("in"),
                    whatsapp_messages::kind.eq(incoming.kind.as_str()),
                    whatsapp_messages::phone.eq(&incoming.from),
                    whatsapp_messages::text.eq(incoming.text.chars().take(4096).collect::<String>()),
                    whatsapp_messages::state.eq(MessageState::Received.as_str()),
                    whatsapp_messages::meta_id.eq(&incoming.meta_id),
                    whatsapp_messages::created_at.eq(incoming.at),
                    whatsapp_messages::updated_at.eq(incoming.at),
                ))
                .on_conflict(whatsapp_messages::meta_id)
                .do_nothing()
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(kept == 1)
        })
        .await
    }

    async fn confirm(&self, id: OrderId, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let confirmed = diesel::update(
                orders::table
                    .find(id.get())
                    .filter(orders::confirmed_at.is_null())
                    .filter(orders::status.eq(OrderStatus::Pending.as_str())),
            )
            .set((orders::confirmed_at.eq(at), orders::confirmed_via.eq("whatsapp"), orders::updated_at.eq(at)))
            .execute(conn)
            .map_err(from_diesel)?;
            Ok(confirmed == 1)
        })
        .await
    }

    async fn thread(&self, id: OrderId) -> Result<Vec<ThreadMessage>, RepositoryError> {
        Ok(self.threads(&[id]).await?.remove(&id).unwrap_or_default())
    }

    async fn threads(&self, ids: &[OrderId]) -> Result<HashMap<OrderId, Vec<ThreadMessage>>, RepositoryError> {
        let ids: Vec<i64> = ids.iter().map(|id| id.get()).collect();
        with_connection(&self.pool, move |conn| {
            let mut threads: HashMap<OrderId, Vec<ThreadMessage>> = HashMap::new();
            let rows = whatsapp_messages::table
                .filter(whatsapp_messages::order_id.eq_any(ids))
                .order(whatsapp_messages::id)
                .select((
                    whatsapp_messages::order_id,
                    whatsapp_messages::kind,
                    whatsapp_messages::text,
                    whatsapp_messages::state,
                    whatsapp_messages::error,
                    whatsapp_messages::created_at,
                ))
                .load::<ThreadRow>(conn)
                .map_err(from_diesel)?;
            for row in rows {
                let Some(order) = row.order_id else { continue };
                let message = ThreadMessage {
                    kind: MessageKind::parse(&row.kind).ok_or_else(|| corrupt(format!("kind {:?}", row.kind)))?,
                    text: row.text,
                    state: state(&row.state)?,
                    error: row.error,
                    at: row.created_at,
                };
                threads.entry(OrderId::new(order).map_err(corrupt)?).or_default().push(message);
            }
            Ok(threads)
        })
        .await
    }
}
