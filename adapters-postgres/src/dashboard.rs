//! The owner's dashboard in PostgreSQL: the work waiting (counts over `orders_status_newest_idx`,
//! `reviews_status_newest_idx` and the refused checkouts' hours), and a stretch of days' activity: orders
//! placed then (`orders_newest_idx`), delivered or returned then (their status events, by
//! `order_events_status_at_idx`), and the delivered ones' totals summed exactly in paisa.

use application::analytics::ports::{Activity, DashboardFigures, Waiting};
use application::common::error::RepositoryError;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamptz};
use domain::money::Rupees;

use crate::analytics::PgOrderFigures;
use crate::error::{corrupt, from_diesel};
use crate::pool::with_connection;

#[derive(QueryableByName)]
struct WaitingRow {
    #[diesel(sql_type = BigInt)]
    new_orders: i64,
    #[diesel(sql_type = BigInt)]
    awaiting_confirmation: i64,
    #[diesel(sql_type = BigInt)]
    to_dispatch: i64,
    #[diesel(sql_type = BigInt)]
    reviews: i64,
    #[diesel(sql_type = BigInt)]
    refused_checkouts: i64,
}

#[derive(QueryableByName)]
struct ActivityRow {
    #[diesel(sql_type = BigInt)]
    placed: i64,
    #[diesel(sql_type = BigInt)]
    delivered: i64,
    #[diesel(sql_type = BigInt)]
    returned: i64,
    #[diesel(sql_type = BigInt)]
    cash_paisa: i64,
}

// A refused checkout is stored once per entry, customer and UTC hour with its count; Pakistan's midnight
// falls on a UTC hour, so the hours from `$1` on are exactly the day's.
const WAITING: &str = "\
SELECT COUNT(*) FILTER (WHERE o.status = 'pending' AND o.confirmed_at IS NOT NULL) AS new_orders, \
       COUNT(*) FILTER (WHERE o.status = 'pending' AND o.confirmed_at IS NULL) AS awaiting_confirmation, \
       COUNT(*) FILTER (WHERE o.status = 'approved') AS to_dispatch, \
       (SELECT COUNT(*) FROM reviews r WHERE r.status = 'pending') AS reviews, \
       (SELECT COALESCE(SUM(a.count), 0)::BIGINT FROM blocked_attempts a WHERE a.hour >= $1) AS refused_checkouts \
FROM orders o WHERE o.status IN ('pending', 'approved')";

// An order is delivered or returned once (both are final), so each event is one order.
const ACTIVITY: &str = "\
SELECT (SELECT COUNT(*) FROM orders p WHERE p.created_at >= $1 AND p.created_at < $2) AS placed, \
       COUNT(*) FILTER (WHERE e.status = 'delivered') AS delivered, \
       COUNT(*) FILTER (WHERE e.status = 'returned') AS returned, \
       COALESCE(SUM(o.total_paisa) FILTER (WHERE e.status = 'delivered'), 0)::BIGINT AS cash_paisa \
FROM order_events e JOIN orders o ON o.id = e.order_id \
WHERE e.status IN ('delivered', 'returned') AND e.at >= $1 AND e.at < $2";

fn count(n: i64) -> Result<u64, RepositoryError> {
    u64::try_from(n).map_err(corrupt)
}

#[async_trait]
impl DashboardFigures for PgOrderFigures {
    async fn waiting(&self, refused_since: DateTime<Utc>) -> Result<Waiting, RepositoryError> {
        let row = with_connection(&self.pool, move |conn| {
            diesel::sql_query(WAITING)
                .bind::<Timestamptz, _>(refused_since)
                .get_result::<WaitingRow>(conn)
                .map_err(from_diesel)
        })
        .await?;
        Ok(Waiting {
            new_orders: count(row.new_orders)?,
            awaiting_confirmation: count(row.awaiting_confirmation)?,
            to_dispatch: count(row.to_dispatch)?,
            reviews: count(row.reviews)?,
            refused_checkouts: count(row.refused_checkouts)?,
        })
    }

    async fn activity(&self, start: DateTime<Utc>, end: DateTime<Utc>) -> Result<Activity, RepositoryError> {
        let row = with_connection(&self.pool, move |conn| {
            diesel::sql_query(ACTIVITY)
                .bind::<Timestamptz, _>(start)
                .bind::<Timestamptz, _>(end)
                .get_result::<ActivityRow>(conn)
                .map_err(from_diesel)
        })
        .await?;
        Ok(Activity {
            placed: count(row.placed)?,
            delivered: count(row.delivered)?,
            returned: count(row.returned)?,
            cash_collected: Rupees::from_paisa(row.cash_paisa),
        })
    }
}
