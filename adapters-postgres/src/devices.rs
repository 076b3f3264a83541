//! The devices that signed in to a login before, in PostgreSQL: one row per device and login, under the
//! digest of the device cookie's token.

use application::accounts::model::{DeviceSignIn, TokenDigest};
use application::accounts::ports::KnownDevices;
use application::common::error::RepositoryError;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::error::from_diesel;
use crate::pool::{with_connection, PgPool};
use crate::schema::known_devices;

/// Known devices in PostgreSQL.
#[derive(Clone)]
pub struct PgKnownDevices {
    pool: PgPool,
}

impl PgKnownDevices {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl KnownDevices for PgKnownDevices {
    async fn is_known(&self, digest: &TokenDigest, login: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let (digest, login) = (digest.as_str().to_owned(), login.to_owned());
        with_connection(&self.pool, move |conn| {
            diesel::select(diesel::dsl::exists(
                known_devices::table.find((digest, login)).filter(known_devices::expires_at.gt(now)),
            ))
            .get_result(conn)
            .map_err(from_diesel)
        })
        .await
    }

    async fn remember(&self, sign_in: &DeviceSignIn, now: DateTime<Utc>) -> Result<(), RepositoryError> {
        let sign_in = sign_in.clone();
        with_connection(&self.pool, move |conn| {
            conn.transaction(|conn| {
                diesel::delete(known_devices::table.filter(known_devices::expires_at.le(now))).execute(conn)?;
                if let Some(previous) = &sign_in.previous {
                    diesel::update(known_devices::table.filter(known_devices::digest.eq(previous.as_str())))
                        .set((
                            known_devices::digest.eq(sign_in.digest.as_str()),
                            known_devices::expires_at.eq(sign_in.until),
                        ))
                        .execute(conn)?;
                }
                diesel::insert_into(known_devices::table)
                    .values((
                        known_devices::digest.eq(sign_in.digest.as_str()),
                        known_devices::login.eq(&sign_in.login),
                        known_devices::expires_at.eq(sign_in.until),
                    ))
                    .on_conflict((known_devices::digest, known_devices::login))
                    .do_update()
                    .set(known_devices::expires_at.eq(sign_in.until))
                    .execute(conn)?;
                Ok(())
            })
            .map_err(from_diesel)
        })
        .await
    }
}
