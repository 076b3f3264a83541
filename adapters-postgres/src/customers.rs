//! Customer accounts and password resets.

use application::accounts::model::{CustomerLogin, CustomerRecord, ExternalIdentity, NewCredential, TokenDigest};
use application::accounts::ports::{CustomerRepository, CustomerTx};
use application::common::error::RepositoryError;
use application::common::page::Page;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use domain::contact::Email;
use domain::ids::CustomerId;
use domain::language::Language;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{customer_identities, customers, password_resets, sessions};
use crate::unit_of_work::PgTransaction;

/// Customers in PostgreSQL.
#[derive(Clone)]
pub struct PgCustomerRepository {
    pool: PgPool,
}

impl PgCustomerRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

fn record((id, email, name): (i64, String, String)) -> Result<CustomerRecord, RepositoryError> {
    Ok(CustomerRecord { id: CustomerId::new(id).map_err(corrupt)?, email, name })
}

#[async_trait]
impl CustomerRepository for PgCustomerRepository {
    async fn list_customers(&self, page: Page) -> Result<Vec<CustomerRecord>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            customers::table
                .order(customers::email)
                .limit(i64::from(page.limit()))
                .offset(i64::from(page.offset()))
                .select((customers::id, customers::email, customers::name))
                .load(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(record)
                .collect()
        })
        .await
    }

    async fn all_emails(&self) -> Result<Vec<String>, RepositoryError> {
        with_connection(&self.pool, |conn| {
            customers::table.order(customers::email).select(customers::email).load(conn).map_err(from_diesel)
        })
        .await
    }

    async fn create_customer(
        &self,
        email: &Email,
        name: &str,
        credential: &NewCredential,
    ) -> Result<CustomerRecord, RepositoryError> {
        let (email, name, credential) = (email.as_str().to_owned(), name.to_owned(), credential.clone());
        with_connection(&self.pool, move |conn| {
            let hash = match &credential {
                NewCredential::PasswordHash(hash) => Some(hash.clone()),
                NewCredential::External(_) => None,
            };
            conn.transaction(|conn| {
                let row: (i64, String, String) = diesel::insert_into(customers::table)
                    .values((customers::email.eq(email), customers::name.eq(name), customers::password_hash.eq(hash)))
                    .returning((customers::id, customers::email, customers::name))
                    .get_result(conn)?;
                if let NewCredential::External(identity) = credential {
                    diesel::insert_into(customer_identities::table)
                        .values((
                            customer_identities::issuer.eq(identity.issuer),
                            customer_identities::subject.eq(identity.subject),
                            customer_identities::customer_id.eq(row.0),
                        ))
                        .execute(conn)?;
                }
                Ok(row)
            })
            .map_err(from_diesel)
            .and_then(record)
        })
        .await
    }

    async fn find_by_identity(&self, identity: &ExternalIdentity) -> Result<Option<CustomerRecord>, RepositoryError> {
        let identity = identity.clone();
        with_connection(&self.pool, move |conn| {
            customer_identities::table
                .inner_join(customers::table)
                .filter(customer_identities::issuer.eq(identity.issuer))
                .filter(customer_identities::subject.eq(identity.subject))
                .select((customers::id, customers::email, customers::name))
                .first(conn)
                .optional()
                .map_err(from_diesel)?
                .map(record)
                .transpose()
        })
        .await
    }

    async fn find_by_email(&self, email: &Email) -> Result<Option<CustomerLogin>, RepositoryError> {
        let email = email.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            let row: Option<(i64, String, String, Option<String>)> = customers::table
                .filter(customers::email.eq(email))
                .select((customers::id, customers::email, customers::name, customers::password_hash))
                .first(conn)
                .optional()
                .map_err(from_diesel)?;
            row.map(|(id, email, name, password_hash)| {
                Ok(CustomerLogin { customer: record((id, email, name))?, password_hash })
            })
            .transpose()
        })
        .await
    }

    async fn find_by_id(&self, id: CustomerId) -> Result<Option<CustomerRecord>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            customers::table
                .find(id.get())
                .select((customers::id, customers::email, customers::name))
                .first(conn)
                .optional()
                .map_err(from_diesel)?
                .map(record)
                .transpose()
        })
        .await
    }

    async fn rename(&self, id: CustomerId, name: &str) -> Result<CustomerRecord, RepositoryError> {
        let name = name.to_owned();
        with_connection(&self.pool, move |conn| {
            let row = diesel::update(customers::table.find(id.get()))
                .set(customers::name.eq(name))
                .returning((customers::id, customers::email, customers::name))
                .get_result(conn)
                .map_err(from_diesel)?;
            record(row)
        })
        .await
    }

    async fn language(&self, id: CustomerId) -> Result<Option<Language>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let code: Option<Option<String>> = customers::table
                .find(id.get())
                .select(customers::language)
                .first(conn)
                .optional()
                .map_err(from_diesel)?;
            Ok(code.flatten().as_deref().and_then(Language::from_code))
        })
        .await
    }

    async fn set_language(&self, id: CustomerId, language: Language) -> Result<(), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(customers::table.find(id.get()))
                .set(customers::language.eq(language.code()))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn reset_is_open(&self, digest: &TokenDigest, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let digest = digest.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            diesel::select(diesel::dsl::exists(
                password_resets::table
                    .filter(password_resets::token_hash.eq(digest))
                    .filter(password_resets::used_at.is_null())
                    .filter(password_resets::expires_at.gt(now)),
            ))
            .get_result(conn)
            .map_err(from_diesel)
        })
        .await
    }

    async fn use_reset(
        &self,
        digest: &TokenDigest,
        now: DateTime<Utc>,
        password_hash: &str,
    ) -> Result<bool, RepositoryError> {
        let (digest, hash) = (digest.as_str().to_owned(), password_hash.to_owned());
        with_connection(&self.pool, move |conn| {
            conn.transaction(|conn| {
                let customer: Option<i64> = diesel::update(
                    password_resets::table
                        .filter(password_resets::token_hash.eq(digest))
                        .filter(password_resets::used_at.is_null())
                        .filter(password_resets::expires_at.gt(now)),
                )
                .set(password_resets::used_at.eq(now))
                .returning(password_resets::customer_id)
                .get_result(conn)
                .optional()?;
                let Some(customer) = customer else { return Ok(false) };
                diesel::update(customers::table.find(customer)).set(customers::password_hash.eq(hash)).execute(conn)?;
                diesel::update(
                    password_resets::table
                        .filter(password_resets::customer_id.eq(customer))
                        .filter(password_resets::used_at.is_null()),
                )
                .set(password_resets::used_at.eq(now))
                .execute(conn)?;
                diesel::delete(sessions::table.filter(sessions::customer_id.eq(customer))).execute(conn)?;
                Ok(true)
            })
            .map_err(from_diesel)
        })
        .await
    }
}

impl CustomerTx for PgTransaction {
    fn create_reset(
        &mut self,
        id: CustomerId,
        digest: &TokenDigest,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        diesel::insert_into(password_resets::table)
            .values((
                password_resets::token_hash.eq(digest.as_str()),
                password_resets::customer_id.eq(id.get()),
                password_resets::expires_at.eq(expires_at),
            ))
            .execute(self.conn())
            .map_err(from_diesel)?;
        Ok(())
    }
}
