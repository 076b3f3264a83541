//! The admin account.

use application::accounts::model::PasswordCredentials;
use application::accounts::ports::AdminRepository;

use application::common::error::RepositoryError;
use async_trait::async_trait;
use diesel::prelude::*;
use domain::contact::Email;
use domain::ids::AdminId;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::admins;

/// The admin in PostgreSQL.
#[derive(Clone)]
pub struct PgAdminRepository {
    pool: PgPool,
}

impl PgAdminRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl AdminRepository for PgAdminRepository {
    async fn replace_admin(&self, email: &Email, password_hash: &str) -> Result<AdminId, RepositoryError> {
        let (email, hash) = (email.as_str().to_owned(), password_hash.to_owned());
        with_connection(&self.pool, move |conn| {
            let id = conn
                .transaction(|conn| {
                    diesel::delete(admins::table.filter(admins::email.ne(&email))).execute(conn)?;
                    diesel::insert_into(admins::table)
                        .values((admins::email.eq(&email), admins::password_hash.eq(&hash)))
                        .on_conflict(admins::email)
                        .do_update()
                        .set((admins::password_hash.eq(&hash), admins::updated_at.eq(diesel::dsl::now)))
                        .returning(admins::id)
                        .get_result::<i64>(conn)
                })
                .map_err(from_diesel)?;
            AdminId::new(id).map_err(corrupt)
        })
        .await
    }

    async fn find_admin(&self, email: &Email) -> Result<Option<PasswordCredentials<AdminId>>, RepositoryError> {
        let email = email.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            let row: Option<(i64, String)> = admins::table
                .filter(admins::email.eq(email))
                .select((admins::id, admins::password_hash))
                .first(conn)
                .optional()
                .map_err(from_diesel)?;
            row.map(|(id, password_hash)| {
                Ok(PasswordCredentials { account: AdminId::new(id).map_err(corrupt)?, password_hash })
            })
            .transpose()
        })
        .await
    }

    async fn admin_email(&self, id: AdminId) -> Result<Option<Email>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let email: Option<String> =
                admins::table.find(id.get()).select(admins::email).first(conn).optional().map_err(from_diesel)?;
            email.map(|email| Email::parse(&email).map_err(corrupt)).transpose()
        })
        .await
    }
}
