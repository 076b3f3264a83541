//! The blocklist in PostgreSQL: entries (unique per kind and canonical form, matched by it) and the checkouts
//! they refused, counted per entry, account and hour.

use std::collections::HashMap;

use application::blocklist::model::{BlockEntry, BlockKind, BlockReason, BlockTarget, BlockedAttempt, NewAttempt};
use application::blocklist::ports::BlocklistRepository;
use application::common::error::{Conflict, RepositoryError};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::sum;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text, Timestamptz};
use domain::contact::{Email, Phone};
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
    count: i32,
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

/// How many checkouts entry `id` refused: the sum of its rows' counts.
fn attempts_of(conn: &mut PgConnection, id: i64) -> Result<u64, RepositoryError> {
    let n: Option<i64> = blocked_attempts::table
        .filter(blocked_attempts::entry_id.eq(id))
        .select(sum(blocked_attempts::count))
        .get_result(conn)
        .map_err(from_diesel)?;
    u64::try_from(n.unwrap_or(0)).map_err(corrupt)
}

/// The class of the advisory lock that takes adding entries of one canonical form in turns (two-key form,
/// like the risk scores' locks).
const BLOCKLIST_LOCKS: i32 = 0x424C_4B4C;

/// Adds one refusal to the row of its entry, account and clock hour (UTC), or starts that row; the row keeps
/// the details of the latest refusal written. One statement, so refusals at once all count.
const RECORD_ATTEMPT: &str = "
INSERT INTO blocked_attempts (at, hour, entry_id, customer_id, kind, value, name, phone, email, city, total_paisa)
VALUES ($1, date_trunc('hour', $1, 'UTC'), $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT ON CONSTRAINT blocked_attempts_entry_customer_hour_key DO UPDATE
   SET count = blocked_attempts.count + 1,
       at = EXCLUDED.at,
       name = EXCLUDED.name,
       phone = EXCLUDED.phone,
       email = EXCLUDED.email,
       city = EXCLUDED.city,
       total_paisa = EXCLUDED.total_paisa";

#[async_trait]
impl BlocklistRepository for PgBlocklistRepository {
    async fn list(&self, attempts: u32) -> Result<(Vec<BlockEntry>, Vec<BlockedAttempt>), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let counts: HashMap<i64, i64> = blocked_attempts::table
                .filter(blocked_attempts::entry_id.is_not_null())
                .group_by(blocked_attempts::entry_id)
                .select((blocked_attempts::entry_id.assume_not_null(), sum(blocked_attempts::count)))
                .load::<(i64, Option<i64>)>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|(id, n)| (id, n.unwrap_or(0)))
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
                        count: u64::try_from(row.count).map_err(corrupt)?,
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
        let canonical = target.canonical().to_owned();
        with_connection(&self.pool, move |conn| {
            let added = conn
                .transaction(|conn| {
                    // Two spellings of one mailbox added at once: the second waits here, then finds the first.
                    diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
                        .bind::<Integer, _>(BLOCKLIST_LOCKS)
                        .bind::<Text, _>(&canonical)
                        .execute(conn)?;
                    let taken: bool = diesel::select(diesel::dsl::exists(
                        blocklist::table
                            .filter(blocklist::kind.eq(kind.as_str()))
                            .filter(blocklist::canonical.eq(&canonical)),
                    ))
                    .get_result(conn)?;
                    if taken {
                        return Ok(None);
                    }
                    diesel::insert_into(blocklist::table)
                        .values((
                            blocklist::kind.eq(kind.as_str()),
                            blocklist::value.eq(&value),
                            blocklist::canonical.eq(&canonical),
                            blocklist::reason.eq(&reason),
                            blocklist::created_at.eq(at),
                        ))
                        .returning(EntryRow::as_returning())
                        .get_result(conn)
                        .map(Some)
                })
                .map_err(from_diesel)?;
            match added {
                Some(row) => entry(row, 0),
                None => Err(RepositoryError::Conflict(Conflict::AlreadyBlocked)),
            }
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

    async fn matching(&self, phones: &[Phone], emails: &[Email]) -> Result<Option<BlockEntry>, RepositoryError> {
        let phones: Vec<String> = phones.iter().map(|phone| phone.normal().to_owned()).collect();
        let emails: Vec<String> = emails.iter().map(Email::canonical).collect();
        with_connection(&self.pool, move |conn| {
            let found = blocklist::table
                .filter(
                    blocklist::kind
                        .eq(BlockKind::Phone.as_str())
                        .and(blocklist::canonical.eq_any(phones))
                        .or(blocklist::kind.eq(BlockKind::Email.as_str()).and(blocklist::canonical.eq_any(emails))),
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
            diesel::sql_query(RECORD_ATTEMPT)
                .bind::<Timestamptz, _>(a.at)
                .bind::<BigInt, _>(a.entry.get())
                .bind::<BigInt, _>(a.customer.get())
                .bind::<Text, _>(a.kind.as_str())
                .bind::<Text, _>(a.value)
                .bind::<Text, _>(a.name)
                .bind::<Text, _>(a.phone)
                .bind::<Text, _>(a.email)
                .bind::<Nullable<Text>, _>(a.city)
                .bind::<BigInt, _>(a.total.paisa())
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }
}
