//! The COD checks in PostgreSQL: the rules and hours of the settings, the facts of pending orders' risk in
//! one query, stored scores, an order's contact history, the confirmation's conditional update and the
//! unconfirmed orders to reject.

use application::common::error::RepositoryError;
use application::common::token::LinkDigest;
use application::orders::cod_ports::{
    CodRepository, ContactHistory, ContactRecord, RelatedOrder, RiskScope, RiskTx, RELATED_LISTED,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Jsonb, Nullable, SmallInt, Text, Timestamptz};
use domain::contact::{Email, Phone};
use domain::ids::{CustomerId, OrderId};
use domain::money::Rupees;
use domain::order_limits::{LimitId, OrderLimits};
use domain::order_status::OrderStatus;
use domain::risk::{CodSettings, RiskFacts, StoredRisk};
use serde_json::{Map, Value};

use crate::error::{corrupt, from_diesel};
use crate::pool::with_connection;
use crate::risk_rules::{lock_phone, RiskRuleRow};
use crate::schema::{orders, risk_rules, shop_settings};
use crate::stored_risk::{risk_columns, RiskColumns};
use crate::unit_of_work::PgTransaction;
use crate::PgOrderRepository;

diesel::define_sql_function!(fn lower(text: Text) -> Text);

fn read_settings(conn: &mut PgConnection) -> Result<CodSettings, RepositoryError> {
    let rows: Vec<RiskRuleRow> = risk_rules::table
        .select((risk_rules::id, risk_rules::enabled, risk_rules::points, risk_rules::params))
        .load(conn)
        .map_err(from_diesel)?;
    let (confirm, reject, units, pending_account, pending_phone, per_day): (i32, i32, i32, i32, i32, i32) =
        shop_settings::table
            .select((
                shop_settings::confirm_window_hours,
                shop_settings::reject_unconfirmed_after_hours,
                shop_settings::max_units_per_product,
                shop_settings::max_pending_per_account,
                shop_settings::max_pending_per_phone,
                shop_settings::max_orders_per_day,
            ))
            .first(conn)
            .map_err(from_diesel)?;
    let mut rules = Vec::with_capacity(rows.len());
    for row in &rows {
        rules.extend(row.setting()?);
    }
    let limits = OrderLimits::from_stored([units, pending_account, pending_phone, per_day].map(i64::from));
    Ok(CodSettings::new(rules, i64::from(confirm), i64::from(reject)).map_err(corrupt)?.with_limits(limits))
}

#[derive(QueryableByName)]
struct FactsRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    address: String,
    #[diesel(sql_type = Nullable<Text>)]
    province: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    city: Option<String>,
    #[diesel(sql_type = BigInt)]
    total_paisa: i64,
    #[diesel(sql_type = Timestamptz)]
    placed_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    account_opened: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    pieces: i64,
    #[diesel(sql_type = BigInt)]
    returned: i64,
    #[diesel(sql_type = BigInt)]
    rejected: i64,
    #[diesel(sql_type = BigInt)]
    other_pending: i64,
}

/// The facts of the pending orders in scope (`{scope}`, a condition on `o` that [`facts`] writes). Counts are
/// taken once per phone and per phone-e-mail-and-account of the scope, not once per order: the returns and
/// rejections from the partial indexes on returned and rejected orders (by either phone and by e-mail; an
/// order in scope is pending, so it is never one of them), the pending orders of a primary phone from the
/// index of pending orders by phone (the order itself is one of them, hence `- 1`). The two are
/// materialized, so each count runs once, not once per order joined to it. One statement, so every count
/// sees the same orders.
///
/// A return or rejection counts only when it was the same account's or that order was confirmed
/// (`confirmed_at`, the shopper's click or reply): anyone may type someone else's phone or e-mail into a
/// checkout, so an unconfirmed order of another account says nothing about this shopper (docs/security.md
/// 'Risk, blocklist and texts'). The condition is checked on the rows the indexes found, which are read
/// anyway.
const FACTS: &str = "
WITH scope AS (
    SELECT o.id, o.customer_id, o.address, o.province, o.city, o.total_paisa, o.created_at,
           o.phone1_normalized AS phone, lower(o.email) AS email
      FROM orders o
     WHERE o.status = 'pending' AND {scope}
), contacts AS MATERIALIZED (
    SELECT c.phone, c.email, c.customer_id, h.returned, h.rejected
      FROM (SELECT DISTINCT phone, email, customer_id FROM scope) c
     CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE x.status = 'returned') AS returned,
                  count(*) FILTER (WHERE x.status = 'rejected') AS rejected
             FROM orders x
            WHERE x.status IN ('returned', 'rejected')
              AND (x.phone1_normalized = c.phone OR x.phone2_normalized = c.phone OR lower(x.email) = c.email)
              AND (x.customer_id = c.customer_id OR x.confirmed_at IS NOT NULL)) h
), phones AS MATERIALIZED (
    SELECT p.phone,
           (SELECT count(*) FROM orders q WHERE q.status = 'pending' AND q.phone1_normalized = p.phone) AS pending
      FROM (SELECT DISTINCT phone FROM scope) p
)
SELECT s.id, s.address, s.province, s.city, s.total_paisa, s.created_at AS placed_at,
       cu.created_at AS account_opened,
       (SELECT COALESCE(SUM(i.quantity), 0)::BIGINT FROM order_items i WHERE i.order_id = s.id) AS pieces,
       c.returned, c.rejected, p.pending - 1 AS other_pending
  FROM scope s
  JOIN customers cu ON cu.id = s.customer_id
  JOIN contacts c ON c.phone = s.phone AND c.email = s.email AND c.customer_id = s.customer_id
  JOIN phones p ON p.phone = s.phone
 ORDER BY s.id";

fn count(n: i64) -> Result<u32, RepositoryError> {
    u32::try_from(n).map_err(corrupt)
}

fn facts(conn: &mut PgConnection, scope: &RiskScope) -> Result<Vec<(OrderId, RiskFacts)>, RepositoryError> {
    // One text per kind of scope, so each is planned for what it asks.
    let query = |condition: &str| diesel::sql_query(FACTS.replace("{scope}", condition)).into_boxed::<Pg>();
    let query = match scope {
        RiskScope::AllPending => query("TRUE"),
        RiskScope::Order(id) => query("o.id = $1").bind::<BigInt, _>(id.get()),
        RiskScope::Orders(ids) => {
            query("o.id = ANY($1)").bind::<Array<BigInt>, _>(ids.iter().map(|id| id.get()).collect::<Vec<_>>())
        }
        RiskScope::Contact(contact) => query("(o.phone1_normalized = ANY($1) OR lower(o.email) = lower($2))")
            .bind::<Array<Text>, _>(contact.phones.iter().map(|phone| phone.normal().to_owned()).collect::<Vec<_>>())
            .bind::<Text, _>(contact.email.as_str().to_owned()),
    };
    let rows: Vec<FactsRow> = query.load(conn).map_err(from_diesel)?;
    rows.into_iter()
        .map(|row| {
            Ok((
                OrderId::new(row.id).map_err(corrupt)?,
                RiskFacts {
                    returned: count(row.returned)?,
                    rejected: count(row.rejected)?,
                    other_pending: count(row.other_pending)?,
                    account_opened: row.account_opened,
                    placed_at: row.placed_at,
                    address: row.address,
                    province: row.province,
                    city: row.city,
                    pieces: u64::try_from(row.pieces).map_err(corrupt)?,
                    total: Rupees::from_paisa(row.total_paisa),
                },
            ))
        })
        .collect()
}

impl RiskTx for PgTransaction {
    fn cod_settings(&mut self) -> Result<CodSettings, RepositoryError> {
        read_settings(self.conn())
    }

    fn save_cod_settings(&mut self, settings: &CodSettings) -> Result<(), RepositoryError> {
        let conn = self.conn();
        for rule in settings.rules() {
            let params: Map<String, Value> =
                rule.params().map(|(spec, value)| (spec.key.to_owned(), Value::from(value))).collect();
            let row = || {
                (
                    risk_rules::enabled.eq(rule.enabled()),
                    risk_rules::points.eq(i16::from(rule.points())),
                    risk_rules::params.eq(Value::Object(params.clone())),
                    risk_rules::updated_at.eq(diesel::dsl::now),
                )
            };
            diesel::insert_into(risk_rules::table)
                .values((risk_rules::id.eq(rule.rule().as_str()), row()))
                .on_conflict(risk_rules::id)
                .do_update()
                .set(row())
                .execute(conn)
                .map_err(from_diesel)?;
        }
        let hours = |h: u32| i32::try_from(h).map_err(corrupt);
        let limit = |id| i32::try_from(settings.limits().get(id)).map_err(corrupt);
        diesel::update(shop_settings::table)
            .set((
                shop_settings::confirm_window_hours.eq(hours(settings.confirm_window_hours())?),
                shop_settings::reject_unconfirmed_after_hours.eq(hours(settings.reject_unconfirmed_after_hours())?),
                shop_settings::max_units_per_product.eq(limit(LimitId::UnitsPerProduct)?),
                shop_settings::max_pending_per_account.eq(limit(LimitId::PendingPerAccount)?),
                shop_settings::max_pending_per_phone.eq(limit(LimitId::PendingPerPhone)?),
                shop_settings::max_orders_per_day.eq(limit(LimitId::OrdersPerDay)?),
            ))
            .execute(conn)
            .map_err(from_diesel)?;
        Ok(())
    }

    fn risk_facts(&mut self, scope: &RiskScope) -> Result<Vec<(OrderId, RiskFacts)>, RepositoryError> {
        facts(self.conn(), scope)
    }

    fn store_risk(&mut self, scores: &[(OrderId, StoredRisk)]) -> Result<(), RepositoryError> {
        if scores.is_empty() {
            return Ok(());
        }
        let ids: Vec<i64> = scores.iter().map(|(id, _)| id.get()).collect();
        let columns: Vec<RiskColumns> = scores.iter().map(|(_, risk)| risk_columns(risk)).collect();
        let score: Vec<i16> = columns.iter().map(|c| c.score).collect();
        let score_pending: Vec<i16> = columns.iter().map(|c| c.score_pending).collect();
        let reasons: Vec<Value> = columns.into_iter().map(|c| c.reasons).collect();
        // A score that did not change is not written again.
        diesel::sql_query(
            "UPDATE orders o SET risk_score = s.score, risk_score_pending = s.score_pending, risk_reasons = s.reasons
               FROM unnest($1::BIGINT[], $2::SMALLINT[], $3::SMALLINT[], $4::JSONB[])
                    AS s (id, score, score_pending, reasons)
              WHERE o.id = s.id AND o.status = 'pending'
                AND (o.risk_score, o.risk_score_pending, o.risk_reasons)
                    IS DISTINCT FROM (s.score, s.score_pending, s.reasons)",
        )
        .bind::<Array<BigInt>, _>(ids)
        .bind::<Array<SmallInt>, _>(score)
        .bind::<Array<SmallInt>, _>(score_pending)
        .bind::<Array<Jsonb>, _>(reasons)
        .execute(self.conn())
        .map_err(from_diesel)?;
        Ok(())
    }

    fn lock_phones(&mut self, phones: &[Phone]) -> Result<(), RepositoryError> {
        let mut phones: Vec<&str> = phones.iter().map(Phone::normal).collect();
        phones.sort_unstable();
        phones.dedup();
        for phone in phones {
            lock_phone(self.conn(), phone)?;
        }
        Ok(())
    }

    fn contact_record(
        &mut self,
        customer: CustomerId,
        phone: &Phone,
        email: &Email,
    ) -> Result<ContactRecord, RepositoryError> {
        let row: RecordRow = diesel::sql_query(RECORD)
            .bind::<BigInt, _>(customer.get())
            .bind::<Text, _>(phone.normal())
            .bind::<Text, _>(email.as_str())
            .get_result(self.conn())
            .map_err(from_diesel)?;
        Ok(ContactRecord {
            returned: count(row.returned)?,
            rejected: count(row.rejected)?,
            account_opened: row.account_opened,
        })
    }
}

/// A new order's contact record (`$1` the account, `$2` the primary phone's normal form, `$3` the e-mail): the
/// returns and rejections counted as [`FACTS`] counts them, and when the account was opened.
const RECORD: &str = "
SELECT cu.created_at AS account_opened, h.returned, h.rejected
  FROM customers cu
 CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE x.status = 'returned') AS returned,
              count(*) FILTER (WHERE x.status = 'rejected') AS rejected
         FROM orders x
        WHERE x.status IN ('returned', 'rejected')
          AND (x.phone1_normalized = $2 OR x.phone2_normalized = $2 OR lower(x.email) = lower($3))
          AND (x.customer_id = $1 OR x.confirmed_at IS NOT NULL)) h
 WHERE cu.id = $1";

#[derive(QueryableByName)]
struct RecordRow {
    #[diesel(sql_type = Timestamptz)]
    account_opened: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    returned: i64,
    #[diesel(sql_type = BigInt)]
    rejected: i64,
}

type BoxedOrders<'a> = orders::BoxedQuery<'a, Pg>;

/// The counts by status and the newest orders of `query`, each saying whether it is `customer`'s.
fn history_of(
    conn: &mut PgConnection,
    customer: CustomerId,
    query: impl Fn() -> BoxedOrders<'static>,
) -> Result<ContactHistory, RepositoryError> {
    let filtered = |status: OrderStatus| {
        diesel::dsl::sql::<BigInt>(&format!("count(*) FILTER (WHERE orders.status = '{}')", status.as_str()))
    };
    let (placed, delivered, returned, rejected): (i64, i64, i64, i64) = query()
        .select((
            count_star(),
            filtered(OrderStatus::Delivered),
            filtered(OrderStatus::Returned),
            filtered(OrderStatus::Rejected),
        ))
        .first(conn)
        .map_err(from_diesel)?;
    let of = |n: i64| u64::try_from(n).map_err(corrupt);
    type Listed = (i64, String, i64, String, DateTime<Utc>, i64, Option<DateTime<Utc>>);
    let listed: Vec<Listed> = query()
        .order((orders::created_at.desc(), orders::id.desc()))
        .limit(i64::from(RELATED_LISTED))
        .select((
            orders::id,
            orders::status,
            orders::total_paisa,
            orders::name,
            orders::created_at,
            orders::customer_id,
            orders::confirmed_at,
        ))
        .load(conn)
        .map_err(from_diesel)?;
    Ok(ContactHistory {
        placed: of(placed)?,
        delivered: of(delivered)?,
        returned: of(returned)?,
        rejected: of(rejected)?,
        orders: listed
            .into_iter()
            .map(|(id, status, total, name, created_at, customer_id, confirmed_at)| {
                Ok(RelatedOrder {
                    id: OrderId::new(id).map_err(corrupt)?,
                    status: status.parse().map_err(corrupt)?,
                    total: Rupees::from_paisa(total),
                    name,
                    created_at,
                    same_account: customer_id == customer.get(),
                    confirmed: confirmed_at.is_some(),
                })
            })
            .collect::<Result<_, RepositoryError>>()?,
    })
}

#[async_trait]
impl CodRepository for PgOrderRepository {
    async fn cod_settings(&self) -> Result<CodSettings, RepositoryError> {
        with_connection(self.pool(), read_settings).await
    }

    async fn history(
        &self,
        except: OrderId,
        customer: CustomerId,
        phone: &Phone,
        email: &Email,
    ) -> Result<(ContactHistory, ContactHistory), RepositoryError> {
        let (phone, email) = (phone.normal().to_owned(), email.as_str().to_lowercase());
        with_connection(self.pool(), move |conn| {
            let by_phone = history_of(conn, customer, || {
                let phone = phone.clone();
                orders::table
                    .filter(orders::id.ne(except.get()))
                    .filter(orders::phone1_normalized.eq(phone.clone()).or(orders::phone2_normalized.eq(phone)))
                    .into_boxed()
            })?;
            let by_email = history_of(conn, customer, || {
                orders::table
                    .filter(orders::id.ne(except.get()))
                    .filter(lower(orders::email).eq(email.clone()))
                    .into_boxed()
            })?;
            Ok((by_phone, by_email))
        })
        .await
    }

    async fn confirm(&self, id: OrderId, digest: &LinkDigest, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let digest = digest.as_str().to_owned();
        with_connection(self.pool(), move |conn| {
            let confirmed = diesel::update(
                orders::table
                    .find(id.get())
                    .filter(orders::confirm_token_hash.eq(digest))
                    .filter(orders::confirmed_at.is_null())
                    .filter(orders::status.eq(OrderStatus::Pending.as_str())),
            )
            .set((orders::confirmed_at.eq(at), orders::confirmed_via.eq("link"), orders::updated_at.eq(at)))
            .execute(conn)
            .map_err(from_diesel)?;
            Ok(confirmed == 1)
        })
        .await
    }

    async fn unconfirmed_before(&self, cutoff: DateTime<Utc>) -> Result<Vec<OrderId>, RepositoryError> {
        with_connection(self.pool(), move |conn| {
            orders::table
                .filter(orders::status.eq(OrderStatus::Pending.as_str()))
                .filter(orders::confirmed_at.is_null())
                .filter(orders::confirm_token_hash.is_not_null())
                .filter(orders::created_at.lt(cutoff))
                .order((orders::created_at, orders::id))
                .select(orders::id)
                .load::<i64>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|id| OrderId::new(id).map_err(corrupt))
                .collect()
        })
        .await
    }
}
