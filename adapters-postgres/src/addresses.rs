//! Saved delivery addresses in PostgreSQL. A placed order saves its own through the `orders_save_address`
//! trigger (migration 2026-12-04-000030), in the order's transaction; this adapter lists them and makes the
//! customer's own changes.

use application::accounts::addresses::{AddressBook, AddressDetails, AddressWrite, SavedAddress};
use application::common::error::RepositoryError;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use domain::contact::{PersonName, Phone};
use domain::ids::{AddressId, CustomerId};
use domain::locations::Province;
use domain::text::{Lines, PlainText};

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::customer_addresses;

/// Saved addresses in PostgreSQL.
#[derive(Clone)]
pub struct PgAddressBook {
    pool: PgPool,
}

impl PgAddressBook {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = customer_addresses)]
struct AddressRow {
    id: i64,
    province: Option<String>,
    city: Option<String>,
    name: String,
    phone1: String,
    phone2: Option<String>,
    address: String,
    used_at: DateTime<Utc>,
}

impl AddressRow {
    fn into_saved(self) -> Result<SavedAddress, RepositoryError> {
        let id = self.id;
        let bad = |column: &str, e: &dyn std::fmt::Display| corrupt(format!("saved address {id}'s {column}: {e}"));
        Ok(SavedAddress {
            id: AddressId::new(id).map_err(|e| bad("id", &e))?,
            details: AddressDetails {
                province: self
                    .province
                    .as_deref()
                    .map(str::parse::<Province>)
                    .transpose()
                    .map_err(|e| bad("province", &e))?,
                city: self.city,
                name: PersonName::parse(&self.name).map_err(|e| bad("name", &e))?,
                phone1: Phone::parse_mobile(&self.phone1).map_err(|e| bad("phone1", &e))?,
                phone2: self.phone2.as_deref().map(Phone::parse).transpose().map_err(|e| bad("phone2", &e))?,
                address: PlainText::parse(&self.address, Lines::Many, "Address").map_err(|e| bad("address", &e))?,
            },
            used_at: self.used_at,
        })
    }
}

#[derive(QueryableByName)]
struct Upserted {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Bool)]
    inserted: bool,
}

fn find(conn: &mut PgConnection, id: i64) -> Result<SavedAddress, RepositoryError> {
    customer_addresses::table.find(id).select(AddressRow::as_select()).first(conn).map_err(from_diesel)?.into_saved()
}

fn count(conn: &mut PgConnection, customer: CustomerId) -> Result<i64, DieselError> {
    customer_addresses::table.filter(customer_addresses::customer_id.eq(customer.get())).count().get_result(conn)
}

#[async_trait]
impl AddressBook for PgAddressBook {
    async fn addresses(&self, customer: CustomerId) -> Result<Vec<SavedAddress>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            customer_addresses::table
                .filter(customer_addresses::customer_id.eq(customer.get()))
                .order((customer_addresses::used_at.desc(), customer_addresses::id.desc()))
                .select(AddressRow::as_select())
                .load(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(AddressRow::into_saved)
                .collect()
        })
        .await
    }

    async fn save(
        &self,
        customer: CustomerId,
        details: AddressDetails,
        max: usize,
    ) -> Result<AddressWrite, RepositoryError> {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        with_connection(&self.pool, move |conn| {
            let stored = conn.transaction(|conn| {
                // The same conflict target as the trigger's: the same details only move to the top.
                let upserted: Upserted = diesel::sql_query(
                    "INSERT INTO customer_addresses (customer_id, province, city, name, phone1, phone1_normalized, \
                     phone2, phone2_normalized, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                     ON CONFLICT (customer_id, lower(btrim(name)), phone1_normalized, COALESCE(phone2_normalized, ''), \
                     COALESCE(province, ''), COALESCE(city, ''), lower(btrim(address))) \
                     DO UPDATE SET used_at = now(), phone1 = EXCLUDED.phone1, phone2 = EXCLUDED.phone2 \
                     RETURNING id, (xmax = 0) AS inserted",
                )
                .bind::<BigInt, _>(customer.get())
                .bind::<Nullable<Text>, _>(details.province.map(|p| p.name().to_owned()))
                .bind::<Nullable<Text>, _>(details.city.clone())
                .bind::<Text, _>(details.name.as_str())
                .bind::<Text, _>(details.phone1.as_typed())
                .bind::<Text, _>(details.phone1.normal())
                .bind::<Nullable<Text>, _>(details.phone2.as_ref().map(|p| p.as_typed().to_owned()))
                .bind::<Nullable<Text>, _>(details.phone2.as_ref().map(|p| p.normal().to_owned()))
                .bind::<Text, _>(details.address.as_str())
                .get_result(conn)?;
                if upserted.inserted && count(conn, customer)? > max {
                    return Err(DieselError::RollbackTransaction);
                }
                Ok(upserted.id)
            });
            match stored {
                Ok(id) => Ok(AddressWrite::Saved(Box::new(find(conn, id)?))),
                Err(DieselError::RollbackTransaction) => Ok(AddressWrite::Full),
                Err(err) => Err(from_diesel(err)),
            }
        })
        .await
    }

    async fn update(
        &self,
        customer: CustomerId,
        id: AddressId,
        details: AddressDetails,
    ) -> Result<AddressWrite, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let updated = diesel::update(
                customer_addresses::table
                    .filter(customer_addresses::id.eq(id.get()))
                    .filter(customer_addresses::customer_id.eq(customer.get())),
            )
            .set((
                customer_addresses::province.eq(details.province.map(|p| p.name().to_owned())),
                customer_addresses::city.eq(details.city.clone()),
                customer_addresses::name.eq(details.name.as_str()),
                customer_addresses::phone1.eq(details.phone1.as_typed()),
                customer_addresses::phone1_normalized.eq(details.phone1.normal()),
                customer_addresses::phone2.eq(details.phone2.as_ref().map(Phone::as_typed)),
                customer_addresses::phone2_normalized.eq(details.phone2.as_ref().map(Phone::normal)),
                customer_addresses::address.eq(details.address.as_str()),
                customer_addresses::used_at.eq(diesel::dsl::now),
            ))
            .returning(AddressRow::as_returning())
            .get_result(conn)
            .optional();
            match updated {
                Ok(Some(row)) => Ok(AddressWrite::Saved(Box::new(row.into_saved()?))),
                Ok(None) => Ok(AddressWrite::NotFound),
                Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(AddressWrite::Duplicate),
                Err(err) => Err(from_diesel(err)),
            }
        })
        .await
    }

    async fn delete(&self, customer: CustomerId, id: AddressId) -> Result<bool, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let deleted = diesel::delete(
                customer_addresses::table
                    .filter(customer_addresses::id.eq(id.get()))
                    .filter(customer_addresses::customer_id.eq(customer.get())),
            )
            .execute(conn)
            .map_err(from_diesel)?;
            Ok(deleted > 0)
        })
        .await
    }
}
