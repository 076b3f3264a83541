//! The courier hand-off: orders read together for a booking sheet or an answer, the order holding a
//! tracking number, and the consignment writes of the hand-off's units of work on [`PgTransaction`].

use application::common::error::RepositoryError;
use application::orders::consignments::{ConsignmentTx, LockedOrder};
use application::orders::courier::ports::CourierRepository;
use application::orders::model::Order;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::Text;
use domain::courier::{Consignment, TrackingNumber};
use domain::ids::OrderId;

use crate::error::{corrupt, from_diesel};
use crate::orders::orders_with_ids;
use crate::pool::{with_connection, PgPool};
use crate::schema::orders;
use crate::unit_of_work::PgTransaction;

/// The hand-off's reads in PostgreSQL.
#[derive(Clone)]
pub struct PgCourierRepository {
    pool: PgPool,
}

impl PgCourierRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// `upper(tracking_number)`, the expression the unique index `orders_tracking_number_key` is on, so the
/// look-ups below use it.
fn tracking_key() -> diesel::expression::SqlLiteral<diesel::sql_types::Nullable<Text>> {
    sql("upper(orders.tracking_number)")
}

#[async_trait]
impl CourierRepository for PgCourierRepository {
    async fn orders(&self, ids: Vec<OrderId>) -> Result<Vec<Order>, RepositoryError> {
        with_connection(&self.pool, move |conn| orders_with_ids(conn, &ids)).await
    }

    async fn tracking_owner(&self, number: TrackingNumber) -> Result<Option<OrderId>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            orders::table
                .filter(tracking_key().eq(number.key()))
                .select(orders::id)
                .first::<i64>(conn)
                .optional()
                .map_err(from_diesel)?
                .map(|id| OrderId::new(id).map_err(corrupt))
                .transpose()
        })
        .await
    }
}

impl ConsignmentTx for PgTransaction {
    fn lock(&mut self, ids: &[OrderId]) -> Result<Vec<LockedOrder>, RepositoryError> {
        let ids: Vec<i64> = ids.iter().map(|id| id.get()).collect();
        orders::table
            .filter(orders::id.eq_any(ids))
            .order(orders::id)
            .select((orders::id, orders::status, orders::tracking_number.is_not_null()))
            .for_update()
            .load::<(i64, String, bool)>(self.conn())
            .map_err(from_diesel)?
            .into_iter()
            .map(|(id, status, has_consignment)| {
                Ok(LockedOrder {
                    id: OrderId::new(id).map_err(corrupt)?,
                    status: status.parse().map_err(corrupt)?,
                    has_consignment,
                })
            })
            .collect()
    }

    fn tracking_owners(&mut self, keys: &[String]) -> Result<Vec<(String, OrderId)>, RepositoryError> {
        orders::table
            .filter(tracking_key().eq_any(keys.to_vec()))
            .select((tracking_key().assume_not_null(), orders::id))
            .load::<(String, i64)>(self.conn())
            .map_err(from_diesel)?
            .into_iter()
            .map(|(key, id)| Ok((key, OrderId::new(id).map_err(corrupt)?)))
            .collect()
    }

    fn set_consignment(
        &mut self,
        id: OrderId,
        consignment: &Consignment,
        at: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        let updated = diesel::update(orders::table.find(id.get()))
            .set((
                orders::courier.eq(consignment.courier.as_str()),
                orders::tracking_number.eq(consignment.tracking_number.as_str()),
                orders::updated_at.eq(at),
            ))
            .execute(self.conn())
            .map_err(from_diesel)?;
        if updated == 0 {
            return Err(RepositoryError::NotFound);
        }
        Ok(())
    }
}
