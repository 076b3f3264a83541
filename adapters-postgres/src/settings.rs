//! The shop's settings row.

use application::common::error::RepositoryError;

use application::settings::ports::SettingsRepository;
use async_trait::async_trait;
use diesel::prelude::*;
use domain::money::Rupees;
use domain::shop_info::{DeliveryTime, WhatsAppNumber};

use crate::error::from_diesel;
use crate::pool::{with_connection, PgPool};
use crate::schema::shop_settings;

/// Settings in PostgreSQL: one row created by the first migration.
#[derive(Clone)]
pub struct PgSettingsRepository {
    pool: PgPool,
}

impl PgSettingsRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl SettingsRepository for PgSettingsRepository {
    async fn delivery_charge(&self) -> Result<Rupees, RepositoryError> {
        with_connection(&self.pool, |conn| {
            let paisa: i64 =
                shop_settings::table.select(shop_settings::delivery_charge_paisa).first(conn).map_err(from_diesel)?;
            Ok(Rupees::from_paisa(paisa))
        })
        .await
    }

    async fn set_delivery_charge(&self, charge: Rupees) -> Result<(), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(shop_settings::table)
                .set((
                    shop_settings::delivery_charge_paisa.eq(charge.paisa()),
                    shop_settings::updated_at.eq(diesel::dsl::now),
                ))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }

    async fn contact(&self) -> Result<(DeliveryTime, Option<WhatsAppNumber>), RepositoryError> {
        with_connection(&self.pool, |conn| {
            let (time, number): (String, Option<String>) = shop_settings::table
                .select((shop_settings::delivery_time, shop_settings::whatsapp_number))
                .first(conn)
                .map_err(from_diesel)?;
            let time = DeliveryTime::parse(&time).map_err(|e| RepositoryError::Corrupt(e.to_string()))?;
            let number = number
                .map(|n| WhatsAppNumber::parse(&n))
                .transpose()
                .map_err(|e| RepositoryError::Corrupt(e.to_string()))?;
            Ok((time, number))
        })
        .await
    }

    async fn set_contact(
        &self,
        delivery_time: DeliveryTime,
        whatsapp: Option<WhatsAppNumber>,
    ) -> Result<(), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(shop_settings::table)
                .set((
                    shop_settings::delivery_time.eq(delivery_time.as_str()),
                    shop_settings::whatsapp_number.eq(whatsapp.as_ref().map(WhatsAppNumber::as_str)),
                    shop_settings::updated_at.eq(diesel::dsl::now),
                ))
                .execute(conn)
                .map_err(from_diesel)?;
            Ok(())
        })
        .await
    }
}
