//! Bulk e-mail's audience and unsubscribe links.

use application::bulk_email::{AudienceMember, MailingList};
use application::common::error::RepositoryError;
use application::common::token::LinkDigest;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};
use domain::ids::CustomerId;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{blocklist, customers, unsubscribe_links};

/// Bulk e-mail's audience and links in PostgreSQL.
#[derive(Clone)]
pub struct PgMailingList {
    pool: PgPool,
}

impl PgMailingList {
    #[must_use]
    pub const fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(QueryableByName)]
struct MemberRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Bool)]
    unsubscribed: bool,
    #[diesel(sql_type = Bool)]
    blocked_phone: bool,
}

/// Every customer, with whether one of their orders gave a phone on the blocklist (the orders' normalised
/// phones are what the blocklist's phone entries hold).
const AUDIENCE: &str = "
SELECT c.id, c.email, c.unsubscribed_at IS NOT NULL AS unsubscribed,
       EXISTS (
           SELECT 1 FROM orders o JOIN blocklist b
             ON b.kind = 'phone' AND (b.canonical = o.phone1_normalized OR b.canonical = o.phone2_normalized)
           WHERE o.customer_id = c.id
       ) AS blocked_phone
FROM customers c
ORDER BY c.email";

#[async_trait]
impl MailingList for PgMailingList {
    async fn audience(&self) -> Result<Vec<AudienceMember>, RepositoryError> {
        with_connection(&self.pool, |conn| {
            diesel::sql_query(AUDIENCE)
                .load::<MemberRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| {
                    Ok(AudienceMember {
                        id: CustomerId::new(row.id).map_err(corrupt)?,
                        email: row.email,
                        unsubscribed: row.unsubscribed,
                        blocked_phone: row.blocked_phone,
                    })
                })
                .collect()
        })
        .await
    }

    async fn blocked_mailboxes(&self) -> Result<Vec<String>, RepositoryError> {
        with_connection(&self.pool, |conn| {
            blocklist::table
                .filter(blocklist::kind.eq("email"))
                .select(blocklist::canonical)
                .load(conn)
                .map_err(from_diesel)
        })
        .await
    }

    async fn add_links(&self, links: Vec<(CustomerId, LinkDigest)>) -> Result<(), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            // Inserted in slices: PostgreSQL takes at most 65,535 parameters in one statement.
            for slice in links.chunks(10_000) {
                let rows: Vec<_> = slice
                    .iter()
                    .map(|(id, digest)| {
                        (unsubscribe_links::digest.eq(digest.as_str()), unsubscribe_links::customer_id.eq(id.get()))
                    })
                    .collect();
                diesel::insert_into(unsubscribe_links::table).values(&rows).execute(conn).map_err(from_diesel)?;
            }
            Ok(())
        })
        .await
    }

    async fn link_owner(&self, digest: &LinkDigest) -> Result<Option<(String, bool)>, RepositoryError> {
        let digest = digest.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            unsubscribe_links::table
                .inner_join(customers::table)
                .filter(unsubscribe_links::digest.eq(digest))
                .select((customers::email, customers::unsubscribed_at.is_not_null()))
                .first::<(String, bool)>(conn)
                .optional()
                .map_err(from_diesel)
        })
        .await
    }

    async fn unsubscribe(&self, digest: &LinkDigest, at: DateTime<Utc>) -> Result<Option<String>, RepositoryError> {
        let digest = digest.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            let owner = unsubscribe_links::table
                .filter(unsubscribe_links::digest.eq(digest))
                .select(unsubscribe_links::customer_id)
                .first::<i64>(conn)
                .optional()
                .map_err(from_diesel)?;
            let Some(owner) = owner else { return Ok(None) };
            diesel::update(
                customers::table.filter(customers::id.eq(owner)).filter(customers::unsubscribed_at.is_null()),
            )
            .set(customers::unsubscribed_at.eq(at))
            .execute(conn)
            .map_err(from_diesel)?;
            customers::table.find(owner).select(customers::email).first::<String>(conn).optional().map_err(from_diesel)
        })
        .await
    }
}
