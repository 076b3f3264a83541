//! The analytics' aggregates: one `GROUP BY` query per breakdown over the orders placed in a period (the
//! range scan of `orders_newest_idx`), counting statuses with `FILTER` and summing paisa exactly as
//! `bigint` (`SUM` of `bigint` is `numeric`, exact; the cast back cannot overflow for any real shop).

use application::analytics::ports::OrderFigures;
use application::common::error::RepositoryError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Nullable, Text, Timestamptz};
use domain::analytics::OrderCounts;
use domain::ids::ProductId;
use domain::money::Rupees;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};

/// The analytics' reads in PostgreSQL.
#[derive(Clone)]
pub struct PgOrderFigures {
    pub(crate) pool: PgPool,
}

impl PgOrderFigures {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

/// The counts of one group. `cash` is `paisa_expression` summed over the delivered orders.
fn counted(paisa_expression: &str) -> String {
    format!(
        "COUNT(*) AS placed, \
         COUNT(*) FILTER (WHERE o.status = 'delivered') AS delivered, \
         COUNT(*) FILTER (WHERE o.status = 'returned') AS returned, \
         COUNT(*) FILTER (WHERE o.status = 'rejected') AS rejected, \
         COALESCE(SUM({paisa_expression}) FILTER (WHERE o.status = 'delivered'), 0)::BIGINT AS cash_paisa"
    )
}

/// The orders placed in the period: `$1` is its first instant, `$2` the first instant after it.
const IN_PERIOD: &str = "o.created_at >= $1 AND o.created_at < $2";

#[derive(QueryableByName)]
struct CountsRow {
    #[diesel(sql_type = BigInt)]
    placed: i64,
    #[diesel(sql_type = BigInt)]
    delivered: i64,
    #[diesel(sql_type = BigInt)]
    returned: i64,
    #[diesel(sql_type = BigInt)]
    rejected: i64,
    #[diesel(sql_type = BigInt)]
    cash_paisa: i64,
}

impl TryFrom<CountsRow> for OrderCounts {
    type Error = RepositoryError;

    fn try_from(row: CountsRow) -> Result<Self, RepositoryError> {
        let count = |n: i64| u64::try_from(n).map_err(corrupt);
        Ok(Self {
            placed: count(row.placed)?,
            delivered: count(row.delivered)?,
            returned: count(row.returned)?,
            rejected: count(row.rejected)?,
            cash_collected: Rupees::from_paisa(row.cash_paisa),
        })
    }
}

#[derive(QueryableByName)]
struct WeekRow {
    #[diesel(sql_type = Date)]
    week: NaiveDate,
    #[diesel(embed)]
    counts: CountsRow,
}

#[derive(QueryableByName)]
struct NamedRow {
    #[diesel(sql_type = Nullable<Text>)]
    name: Option<String>,
    #[diesel(embed)]
    counts: CountsRow,
}

#[derive(QueryableByName)]
struct ProductRow {
    #[diesel(sql_type = BigInt)]
    product_id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(embed)]
    counts: CountsRow,
}

/// Runs `query` (with the period as `$1`, `$2`) and reads its rows.
async fn load<T>(
    pool: &PgPool,
    query: String,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Result<Vec<T>, RepositoryError>
where
    T: QueryableByName<diesel::pg::Pg> + Send + 'static,
{
    with_connection(pool, move |conn| {
        diesel::sql_query(query)
            .bind::<Timestamptz, _>(start)
            .bind::<Timestamptz, _>(end)
            .load::<T>(conn)
            .map_err(from_diesel)
    })
    .await
}

/// Per group of orders keyed by `key` (an expression over `orders o`).
async fn by_name(
    pool: &PgPool,
    key: &str,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Result<Vec<(Option<String>, OrderCounts)>, RepositoryError> {
    let query =
        format!("SELECT {key} AS name, {} FROM orders o WHERE {IN_PERIOD} GROUP BY 1", counted("o.total_paisa"));
    load::<NamedRow>(pool, query, start, end)
        .await?
        .into_iter()
        .map(|row| Ok((row.name, row.counts.try_into()?)))
        .collect()
}

#[async_trait]
impl OrderFigures for PgOrderFigures {
    async fn totals(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<OrderCounts, RepositoryError> {
        let query = format!("SELECT {} FROM orders o WHERE {IN_PERIOD}", counted("o.total_paisa"));
        load::<CountsRow>(&self.pool, query, start, end)
            .await?
            .pop()
            .ok_or_else(|| corrupt("an aggregate without a row"))?
            .try_into()
    }

    async fn by_week(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(NaiveDate, OrderCounts)>, RepositoryError> {
        // Pakistan keeps UTC+5 all year; `date_trunc('week', ...)` starts weeks on Monday.
        let query = format!(
            "SELECT date_trunc('week', o.created_at AT TIME ZONE INTERVAL '+05:00')::date AS week, {} \
             FROM orders o WHERE {IN_PERIOD} GROUP BY 1",
            counted("o.total_paisa")
        );
        load::<WeekRow>(&self.pool, query, start, end)
            .await?
            .into_iter()
            .map(|row| Ok((row.week, row.counts.try_into()?)))
            .collect()
    }

    async fn by_city(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(Option<String>, OrderCounts)>, RepositoryError> {
        by_name(&self.pool, "o.city", start, end).await
    }

    async fn by_product(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(ProductId, String, OrderCounts)>, RepositoryError> {
        // An order holds each product once (order_items' UNIQUE (order_id, product_id)), so COUNT(*) counts
        // orders.
        let query = format!(
            "SELECT i.product_id, (array_agg(i.name ORDER BY o.created_at DESC, o.id DESC))[1] AS name, {} \
             FROM orders o JOIN order_items i ON i.order_id = o.id WHERE {IN_PERIOD} GROUP BY i.product_id",
            counted("i.unit_price_paisa * i.quantity")
        );
        load::<ProductRow>(&self.pool, query, start, end)
            .await?
            .into_iter()
            .map(|row| Ok((ProductId::new(row.product_id).map_err(corrupt)?, row.name, row.counts.try_into()?)))
            .collect()
    }

    async fn by_coupon(
        &self,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> Result<Vec<(Option<String>, OrderCounts)>, RepositoryError> {
        by_name(&self.pool, "o.coupon_code", start, end).await
    }
}
