//! The sessions of the admin and of customers, in one table: a row names its principal through exactly one
//! of two foreign keys, so a deleted account takes its sessions with it.

use application::accounts::model::{Principal, Session, TokenDigest};
use application::accounts::ports::SessionStore;
use application::common::error::RepositoryError;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use domain::ids::{AdminId, CustomerId};

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::sessions;

/// Sessions in PostgreSQL.
#[derive(Clone)]
pub struct PgSessionStore {
    pool: PgPool,
}

impl PgSessionStore {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// The principal of a row, from its two foreign keys.
fn principal(admin: Option<i64>, customer: Option<i64>) -> Result<Principal, RepositoryError> {
    match (admin, customer) {
        (Some(id), None) => Ok(Principal::Admin(AdminId::new(id).map_err(corrupt)?)),
        (None, Some(id)) => Ok(Principal::Customer(CustomerId::new(id).map_err(corrupt)?)),
        _ => Err(corrupt("a session signs in exactly one principal")),
    }
}

#[async_trait]
impl SessionStore for PgSessionStore {
    async fn create(&self, session: &Session) -> Result<(), RepositoryError> {
        let (admin, customer) = match session.principal {
            Principal::Admin(id) => (Some(id.get()), None),
            Principal::Customer(id) => (None, Some(id.get())),
        };
        let (digest, expires_at) = (session.digest.as_str().to_owned(), session.expires_at);
        with_connection(&self.pool, move |conn| {
            diesel::insert_into(sessions::table)
                .values((
                    sessions::token_hash.eq(digest),
                    sessions::admin_id.eq(admin),
                    sessions::customer_id.eq(customer),
                    sessions::expires_at.eq(expires_at),
                ))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn find(&self, digest: &TokenDigest) -> Result<Option<Session>, RepositoryError> {
        let digest = digest.clone();
        with_connection(&self.pool, move |conn| {
            let row: Option<(Option<i64>, Option<i64>, DateTime<Utc>)> = sessions::table
                .find(digest.as_str())
                .select((sessions::admin_id, sessions::customer_id, sessions::expires_at))
                .first(conn)
                .optional()
                .map_err(from_diesel)?;
            row.map(|(admin, customer, expires_at)| {
                Ok(Session { digest, principal: principal(admin, customer)?, expires_at })
            })
            .transpose()
        })
        .await
    }

    async fn delete(&self, digest: &TokenDigest) -> Result<(), RepositoryError> {
        let digest = digest.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            diesel::delete(sessions::table.find(digest)).execute(conn).map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn delete_expired(&self, now: DateTime<Utc>) -> Result<u64, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let deleted = diesel::delete(sessions::table.filter(sessions::expires_at.le(now)))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(u64::try_from(deleted).unwrap_or(u64::MAX))
        })
        .await
    }
}
