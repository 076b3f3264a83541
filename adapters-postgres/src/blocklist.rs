//! The blocklist in PostgreSQL: entries (unique per kind and value) and the checkouts they refused.

use std::collections::HashMap;

use application::blocklist::model::{BlockEntry, BlockKind, BlockReason, BlockTarget, BlockedAttempt, NewAttempt};
use application::blocklist::ports::BlocklistRepository;
use application::common::error::RepositoryError;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::prelude::*;
use domain::ids::BlockEntryId;
use domain::money::Rupees;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{blocked_attempts, blocklist};

/// The blocklist in PostgreSQL.
#[derive(Clone)]
pub struct PgBlocklistRepository {
    pool: PgPool,
}

impl PgBlocklistRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = blocklist)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct EntryRow {
    id: i64,
    kind: String,
    value: String,
    reason: String,
    created_at: DateTime<Utc>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = blocked_attempts)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct AttemptRow {
    id: i64,
    at: DateTime<Utc>,
    entry_id: Option<i64>,
    kind: String,
    value: String,
    name: String,
    phone: String,
    email: String,
    city: Option<String>,
    total_paisa: i64,
}

fn entry(row: EntryRow, attempts: u64) -> Result<BlockEntry, RepositoryError> {
    Ok(BlockEntry {
        id: BlockEntryId::new(row.id).map_err(corrupt)?,
        kind: row.kind.parse::<BlockKind>().map_err(corrupt)?,
        value: row.value,
        reason: row.reason,
        created_at: row.created_at,
        attempts,
    })
}

fn attempts_of(conn: &mut PgConnection, id: i64) -> Result<u64, RepositoryError> {
    let n: i64 = blocked_attempts::table
        .filter(blocked_attempts::entry_id.eq(id))
        .count()
        .get_result(conn)
        .map_err(from_diesel)?;
    u64::try_from(n).map_err(corrupt)
}

#[async_trait]
impl BlocklistRepository for PgBlocklistRepository {
    async fn list(&self, attempts: u32) -> Result<(Vec<BlockEntry>, Vec<BlockedAttempt>), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let counts: HashMap<i64, i64> = blocked_attempts::table
                .filter(blocked_attempts::entry_id.is_not_null())
                .group_by(blocked_attempts::entry_id)
                .select((blocked_attempts::entry_id.assume_not_null(), count_star()))
                .load::<(i64, i64)>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .collect();
            let entries = blocklist::table
                .order((blocklist::created_at.desc(), blocklist::id.desc()))
                .select(EntryRow::as_select())
                .load(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| {
                    let n = counts.get(&row.id).copied().unwrap_or(0);
                    entry(row, u64::try_from(n).map_err(corrupt)?)
                })
                .collect::<Result<Vec<_>, _>>()?;
            let attempts = blocked_attempts::table
                .order((blocked_attempts::at.desc(), blocked_attempts::id.desc()))
                .limit(i64::from(attempts))
                .select(AttemptRow::as_select())
                .load(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| {
                    Ok(BlockedAttempt {
                        id: row.id,
                        at: row.at,
                        entry: row.entry_id.map(BlockEntryId::new).transpose().map_err(corrupt)?,
                        kind: row.kind.parse::<BlockKind>().map_err(corrupt)?,
                        value: row.value,
                        name: row.name,
                        phone: row.phone,
                        email: row.email,
                        city: row.city,
                        total: Rupees::from_paisa(row.total_paisa),
                    })
                })
                .collect::<Result<Vec<_>, RepositoryError>>()?;
            Ok((entries, attempts))
        })
        .await
    }

    async fn add(
        &self,
        target: &BlockTarget,
        reason: &BlockReason,
        at: DateTime<Utc>,
    ) -> Result<BlockEntry, RepositoryError> {
        let (kind, value, reason) = (target.kind(), target.value().to_owned(), reason.as_str().to_owned());
        with_connection(&self.pool, move |conn| {
            let row = diesel::insert_into(blocklist::table)
                .values((
                    blocklist::kind.eq(kind.as_str()),
                    blocklist::value.eq(value),
                    blocklist::reason.eq(reason),
                    blocklist::created_at.eq(at),
                ))
                .returning(EntryRow::as_returning())
                .get_result(conn)
                .map_err(from_diesel)?;
            entry(row, 0)
        })
        .await
    }

    async fn delete(&self, id: BlockEntryId) -> Result<bool, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let deleted = diesel::delete(blocklist::table.find(id.get())).execute(conn).map_err(from_diesel)?;
            Ok(deleted == 1)
        })
        .await
    }

    async fn matching(&self, phones: &[String], emails: &[String]) -> Result<Option<BlockEntry>, RepositoryError> {
        let (phones, emails) = (phones.to_vec(), emails.to_vec());
        with_connection(&self.pool, move |conn| {
            let found = blocklist::table
                .filter(
                    blocklist::kind
                        .eq(BlockKind::Phone.as_str())
                        .and(blocklist::value.eq_any(phones))
                        .or(blocklist::kind.eq(BlockKind::Email.as_str()).and(blocklist::value.eq_any(emails))),
                )
                .order((blocklist::created_at, blocklist::id))
                .select(EntryRow::as_select())
                .first(conn)
                .optional()
                .map_err(from_diesel)?;
            match found {
                None => Ok(None),
                Some(row) => {
                    let n = attempts_of(conn, row.id)?;
                    entry(row, n).map(Some)
                }
            }
        })
        .await
    }

    async fn record_attempt(&self, attempt: &NewAttempt) -> Result<(), RepositoryError> {
        let a = attempt.clone();
        with_connection(&self.pool, move |conn| {
            diesel::insert_into(blocked_attempts::table)
                .values((
                    blocked_attempts::at.eq(a.at),
                    blocked_attempts::entry_id.eq(a.entry.get()),
                    blocked_attempts::kind.eq(a.kind.as_str()),
                    blocked_attempts::value.eq(a.value),
                    blocked_attempts::name.eq(a.name),
                    blocked_attempts::phone.eq(a.phone),
                    blocked_attempts::email.eq(a.email),
                    blocked_attempts::city.eq(a.city),
                    blocked_attempts::total_paisa.eq(a.total.paisa()),
                ))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }
}
