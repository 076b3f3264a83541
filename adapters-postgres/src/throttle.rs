//! Counters of attempts in PostgreSQL, shared by every instance. Each count runs in one transaction that
//! holds the key's row lock while the application's rule decides, so parallel attempts of one key are
//! counted one after another.

use application::common::error::RepositoryError;
use application::common::throttle::{Admission, Counter, Limit, Throttle};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::error::from_diesel;
use crate::pool::{with_connection, PgPool};
use crate::schema::throttles;

/// Attempt counters in PostgreSQL.
#[derive(Clone)]
pub struct PgThrottle {
    pool: PgPool,
}

impl PgThrottle {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl Throttle for PgThrottle {
    async fn count(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> Result<Admission, RepositoryError> {
        let key = key.to_owned();
        with_connection(&self.pool, move |conn| {
            diesel::delete(throttles::table.filter(throttles::forget_at.lt(now))).execute(conn).map_err(from_diesel)?;
            conn.transaction(|conn| {
                diesel::insert_into(throttles::table)
                    .values((
                        throttles::key.eq(&key),
                        throttles::count.eq(0),
                        throttles::since.eq(now),
                        throttles::forget_at.eq(now),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)?;
                let (count, since, blocked_until): (i32, DateTime<Utc>, Option<DateTime<Utc>>) = throttles::table
                    .find(&key)
                    .select((throttles::count, throttles::since, throttles::blocked_until))
                    .for_update()
                    .first(conn)?;
                let stored = u32::try_from(count).ok().filter(|c| *c > 0);
                let counter = stored.map(|count| Counter { count, since, blocked_until });
                let (admission, kept) = limit.count(counter, now);
                diesel::update(throttles::table.find(&key))
                    .set((
                        throttles::count.eq(i32::try_from(kept.count).unwrap_or(i32::MAX)),
                        throttles::since.eq(kept.since),
                        throttles::blocked_until.eq(kept.blocked_until),
                        throttles::forget_at.eq(limit.forgotten_at(&kept)),
                    ))
                    .execute(conn)?;
                Ok(admission)
            })
            .map_err(from_diesel)
        })
        .await
    }

    async fn give_back(&self, key: &str) -> Result<(), RepositoryError> {
        let key = key.to_owned();
        with_connection(&self.pool, move |conn| {
            diesel::update(throttles::table.find(key).filter(throttles::count.gt(0)))
                .set((throttles::count.eq(throttles::count - 1), throttles::blocked_until.eq(None::<DateTime<Utc>>)))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn forget(&self, key: &str) -> Result<(), RepositoryError> {
        let key = key.to_owned();
        with_connection(&self.pool, move |conn| {
            diesel::delete(throttles::table.find(key)).execute(conn).map_err(from_diesel)?;
            Ok(())
        })
        .await
    }
}
