//! Orders: their rows, items, history, review tokens and idempotency keys; and the stock, coupon-use and
//! order writes of the orders' units of work, on [`PgTransaction`] (in `tx`).

use std::collections::HashMap;

use application::common::error::RepositoryError;
use application::common::page::Page;
use application::common::token::LinkDigest;
use application::coupons::ports::StoredCoupon;
use application::mail::ports::OutboxTx;
use application::orders::cod_ports::RiskTx;
use application::orders::consignments::ConsignmentTx;
use application::orders::model::{
    delivery_address, Actor, ConfirmedVia, IdempotencyKey, LockedCoupon, NewOrder, Order, OrderEvent, OrderFilter,
    OrderItem, OrderSort, ReviewToken, StockedProduct, StoredDetails, WhatsAppFilter,
};
use application::orders::ports::{CouponUseTx, OrderRepository, OrderTx, OrdersTx, StockTx};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Integer, Nullable, SmallInt, Text};
use domain::cart::DeliveryCharge;
use domain::contact::{Email, PersonName, Phone};
use domain::coupon::CouponCode;
use domain::courier::{Consignment, Courier, TrackingNumber};
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::language::Language;
use domain::locations::Province;
use domain::money::Rupees;
use domain::order_limits::{LimitId, OrderLimits, RecentOrders};
use domain::order_status::OrderStatus;
use domain::pricing::PriceTag;
use domain::risk::{PendingRule, StoredRisk};
use domain::shop_info::WhatsAppNumber;
use domain::stock::Quantity;

use crate::coupons::CouponRow;
use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::risk_rules::pending_rule;
use crate::schema::{
    coupons, customers, order_events, order_idempotency_keys, order_items, orders, products, review_tokens,
    shop_settings,
};
use crate::stored_risk::{reasons_of, risk_columns, risk_of, LIVE_SCORE};
use crate::unit_of_work::PgTransaction;

mod tx;

/// Stored orders in PostgreSQL.
#[derive(Clone)]
pub struct PgOrderRepository {
    pool: PgPool,
}

impl PgOrderRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    pub(crate) fn pool(&self) -> &PgPool {
        &self.pool
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct OrderRow {
    id: i64,
    customer_id: i64,
    status: String,
    subtotal_paisa: i64,
    delivery_charge_paisa: i64,
    coupon_discount_paisa: i64,
    total_paisa: i64,
    coupon_code: Option<String>,
    coupon_id: Option<i64>,
    province: Option<String>,
    city: Option<String>,
    name: String,
    phone1: String,
    phone1_normalized: String,
    phone2: Option<String>,
    phone2_normalized: Option<String>,
    email: String,
    address: String,
    admin_comment: Option<String>,
    confirm_token_hash: Option<String>,
    confirmed_at: Option<DateTime<Utc>>,
    risk_reasons: serde_json::Value,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    courier: Option<String>,
    tracking_number: Option<String>,
    confirmed_via: Option<String>,
    whatsapp_to: Option<String>,
    whatsapp_token_hash: Option<String>,
    language: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_items)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ItemRow {
    order_id: i64,
    product_id: i64,
    name: String,
    unit_price_paisa: i64,
    quantity: i32,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_events)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct EventRow {
    order_id: i64,
    status: String,
    at: DateTime<Utc>,
    actor: String,
    comment: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = orders)]
struct NewOrderRow<'a> {
    customer_id: i64,
    subtotal_paisa: i64,
    delivery_charge_paisa: i64,
    coupon_discount_paisa: i64,
    total_paisa: i64,
    coupon_code: Option<&'a str>,
    coupon_id: Option<i64>,
    province: Option<&'a str>,
    city: Option<&'a str>,
    name: &'a str,
    phone1: &'a str,
    phone1_normalized: &'a str,
    phone2: Option<&'a str>,
    phone2_normalized: Option<&'a str>,
    email: &'a str,
    address: &'a str,
    confirm_token_hash: &'a str,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    risk_score: i16,
    risk_score_pending: i16,
    risk_reasons: serde_json::Value,
    language: &'a str,
}

fn status(text: &str) -> Result<OrderStatus, RepositoryError> {
    text.parse().map_err(corrupt)
}

fn actor(text: &str) -> Result<Actor, RepositoryError> {
    match text {
        "customer" => Ok(Actor::Customer),
        "admin" => Ok(Actor::Admin),
        other => Err(corrupt(format!("'{other}' is not an actor"))),
    }
}

/// The consignment of a row: both columns or neither (the table's CHECK).
fn consignment(courier: Option<String>, number: Option<String>) -> Result<Option<Consignment>, RepositoryError> {
    match (courier, number) {
        (Some(courier), Some(number)) => Ok(Some(Consignment {
            courier: Courier::parse(&courier).map_err(corrupt)?,
            tracking_number: TrackingNumber::parse(&number).map_err(corrupt)?,
        })),
        (None, None) => Ok(None),
        _ => Err(corrupt("an order has a courier or a tracking number without the other")),
    }
}

/// The orders with these ids, with their items, history and tokens, in any order.
pub(crate) fn orders_with_ids(conn: &mut PgConnection, ids: &[OrderId]) -> Result<Vec<Order>, RepositoryError> {
    let ids: Vec<i64> = ids.iter().map(|id| id.get()).collect();
    let rows =
        orders::table.filter(orders::id.eq_any(ids)).select(OrderRow::as_select()).load(conn).map_err(from_diesel)?;
    assemble(conn, rows)
}

/// Orders with their items, history, tokens and their accounts' e-mails, in the order of `rows`.
fn assemble(conn: &mut PgConnection, rows: Vec<OrderRow>) -> Result<Vec<Order>, RepositoryError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut customer_ids: Vec<i64> = rows.iter().map(|r| r.customer_id).collect();
    customer_ids.sort_unstable();
    customer_ids.dedup();
    let accounts: HashMap<i64, String> = customers::table
        .filter(customers::id.eq_any(customer_ids))
        .select((customers::id, customers::email))
        .load(conn)
        .map_err(from_diesel)?
        .into_iter()
        .collect();
    let mut items: HashMap<i64, Vec<OrderItem>> = HashMap::new();
    for row in order_items::table
        .filter(order_items::order_id.eq_any(&ids))
        .order((order_items::order_id, order_items::position))
        .select(ItemRow::as_select())
        .load(conn)
        .map_err(from_diesel)?
    {
        items.entry(row.order_id).or_default().push(OrderItem {
            product_id: ProductId::new(row.product_id).map_err(corrupt)?,
            name: row.name,
            quantity: Quantity::new(u32::try_from(row.quantity).map_err(corrupt)?).map_err(corrupt)?,
            unit_price: Rupees::from_paisa(row.unit_price_paisa),
        });
    }
    let mut history: HashMap<i64, Vec<OrderEvent>> = HashMap::new();
    for row in order_events::table
        .filter(order_events::order_id.eq_any(&ids))
        .order((order_events::order_id, order_events::at, order_events::id))
        .select(EventRow::as_select())
        .load(conn)
        .map_err(from_diesel)?
    {
        history.entry(row.order_id).or_default().push(OrderEvent {
            status: status(&row.status)?,
            at: row.at,
            actor: actor(&row.actor)?,
            comment: row.comment,
        });
    }
    let pending = pending_by_phone(conn, &rows)?;
    rows.into_iter()
        .map(|row| {
            let risk = if let Some((rule, counts)) =
                pending.as_ref().filter(|_| row.status == OrderStatus::Pending.as_str())
            {
                let others = counts.get(&row.phone1_normalized).map_or(Ok(0), |count| u32::try_from(count - 1));
                StoredRisk::new(reasons_of(&row.risk_reasons)?, *rule).live(others.map_err(corrupt)?)
            } else {
                risk_of(&row.risk_reasons)?
            };
            let details = stored_details(&row)?;
            Ok(Order {
                id: OrderId::new(row.id).map_err(corrupt)?,
                customer: CustomerId::new(row.customer_id).map_err(corrupt)?,
                status: status(&row.status)?,
                items: items.remove(&row.id).unwrap_or_default(),
                subtotal: Rupees::from_paisa(row.subtotal_paisa),
                delivery_charge: Rupees::from_paisa(row.delivery_charge_paisa),
                coupon_code: row.coupon_code,
                coupon_id: row.coupon_id.map(CouponId::new).transpose().map_err(corrupt)?,
                coupon_discount: Rupees::from_paisa(row.coupon_discount_paisa),
                total: Rupees::from_paisa(row.total_paisa),
                details,
                admin_comment: row.admin_comment,
                consignment: consignment(row.courier, row.tracking_number)?,
                // Only their digests are stored: the tokens are known to the change that makes them.
                review_tokens: Vec::new(),
                history: history.remove(&row.id).unwrap_or_default(),
                account_email: accounts
                    .get(&row.customer_id)
                    .map(|email| Email::parse(email))
                    .ok_or_else(|| corrupt(format!("order {} has no customer", row.id)))?
                    .map_err(|e| corrupt(format!("order {}'s account e-mail: {e}", row.id)))?,
                confirm_digest: row.confirm_token_hash.map(LinkDigest::from_stored),
                confirmed_at: row.confirmed_at,
                confirmed_via: row
                    .confirmed_via
                    .as_deref()
                    .map(|via| ConfirmedVia::parse(via).ok_or_else(|| corrupt(format!("confirmed via {via:?}"))))
                    .transpose()?,
                whatsapp_to: row
                    .whatsapp_to
                    .as_deref()
                    .map(|to| {
                        WhatsAppNumber::parse(to).map_err(|e| corrupt(format!("order {}'s WhatsApp: {e}", row.id)))
                    })
                    .transpose()?,
                whatsapp_digest: row.whatsapp_token_hash.map(LinkDigest::from_stored),
                language: Language::from_code(&row.language)
                    .ok_or_else(|| corrupt(format!("order {}'s language {:?}", row.id, row.language)))?,
                risk,
                created_at: row.created_at,
                updated_at: row.updated_at,
            })
        })
        .collect()
}

/// The contact details of `row`, in the types they were placed with; a column that does not convert is
/// corrupt data.
fn stored_details(row: &OrderRow) -> Result<StoredDetails, RepositoryError> {
    let id = row.id;
    let bad = |column: &str, e: &dyn std::fmt::Display| corrupt(format!("order {id}'s {column}: {e}"));
    let phone = |column: &str, typed: &str, normal: &str| {
        let phone = Phone::parse(typed).map_err(|e| bad(column, &e))?;
        if phone.normal() == normal {
            Ok(phone)
        } else {
            Err(bad(column, &format!("{typed} is stored as {normal}")))
        }
    };
    let phone2 = match (&row.phone2, &row.phone2_normalized) {
        (Some(typed), Some(normal)) => Some(phone("phone2", typed, normal)?),
        (None, None) => None,
        _ => return Err(bad("phone2", &"one of its two columns is empty")),
    };
    Ok(StoredDetails {
        province: row.province.as_deref().map(str::parse::<Province>).transpose().map_err(|e| bad("province", &e))?,
        city: row.city.clone(),
        name: PersonName::parse(&row.name).map_err(|e| bad("name", &e))?,
        phone1: phone("phone1", &row.phone1, &row.phone1_normalized)?,
        phone2,
        email: Email::parse(&row.email).map_err(|e| bad("email", &e))?,
        address: delivery_address(&row.address).map_err(|e| bad("address", &e))?,
    })
}

/// The rule on other pending orders as the settings have it, and how many pending orders each primary phone of
/// the pending `rows` has, from which the rule is applied to their stored scores (docs/cod.md 'Risk score');
/// `None` when no row is pending. One grouped count over `orders_pending_phone1_idx` when the rule is on.
#[allow(clippy::type_complexity)]
fn pending_by_phone(
    conn: &mut PgConnection,
    rows: &[OrderRow],
) -> Result<Option<(Option<PendingRule>, HashMap<String, i64>)>, RepositoryError> {
    let mut phones: Vec<&str> = rows
        .iter()
        .filter(|row| row.status == OrderStatus::Pending.as_str())
        .map(|row| row.phone1_normalized.as_str())
        .collect();
    if phones.is_empty() {
        return Ok(None);
    }
    let Some(rule) = pending_rule(conn)? else { return Ok(Some((None, HashMap::new()))) };
    phones.sort_unstable();
    phones.dedup();
    let counts: Vec<(String, i64)> = orders::table
        .filter(orders::status.eq(OrderStatus::Pending.as_str()))
        .filter(orders::phone1_normalized.eq_any(phones))
        .group_by(orders::phone1_normalized)
        .select((orders::phone1_normalized, diesel::dsl::count_star()))
        .load(conn)
        .map_err(from_diesel)?;
    Ok(Some((Some(rule), counts.into_iter().collect())))
}

fn find_order(conn: &mut PgConnection, id: OrderId) -> Result<Option<Order>, RepositoryError> {
    let row = orders::table.find(id.get()).select(OrderRow::as_select()).first(conn).optional().map_err(from_diesel)?;
    Ok(assemble(conn, row.into_iter().collect())?.pop())
}

/// `text` as a LIKE pattern matching it anywhere, its own wildcards escaped.
fn contains_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

type BoxedOrders<'a> = orders::BoxedQuery<'a, Pg>;

/// The SQL condition on `orders` of the admin list's WhatsApp filter.
const fn whatsapp_condition(filter: WhatsAppFilter) -> &'static str {
    match filter {
        WhatsAppFilter::Confirmed => "orders.confirmed_via = 'whatsapp'",
        WhatsAppFilter::NoReply => {
            "(orders.whatsapp_to IS NOT NULL AND orders.confirmed_at IS NULL AND NOT EXISTS \
             (SELECT 1 FROM whatsapp_messages m WHERE m.order_id = orders.id AND (m.direction = 'in' OR m.state = 'failed')))"
        }
        WhatsAppFilter::Failed => {
            "EXISTS (SELECT 1 FROM whatsapp_messages m WHERE m.order_id = orders.id AND m.state = 'failed')"
        }
    }
}

/// The orders passing `filter`.
fn filtered(filter: &OrderFilter) -> BoxedOrders<'static> {
    let mut query = orders::table.into_boxed();
    if let Some(status) = filter.status {
        query = query.filter(orders::status.eq(status.as_str()));
    }
    if let Some(min) = filter.min_risk {
        query = query.filter(sql::<SmallInt>(LIVE_SCORE).ge(i16::from(min)));
    }
    match filter.confirmed {
        Some(true) => query = query.filter(orders::confirmed_at.is_not_null()),
        Some(false) => query = query.filter(orders::confirmed_at.is_null()),
        None => {}
    }
    if let Some(whatsapp) = filter.whatsapp {
        query = query.filter(sql::<Bool>(whatsapp_condition(whatsapp)));
    }
    if let Some(search) = &filter.search {
        let pattern = contains_pattern(search);
        let phone = filter.phone.clone();
        let start = filter.phone_start.as_ref().map(|start| format!("{start}%"));
        let matches = sql::<Bool>("(orders.id::text ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.name ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.phone1 ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.phone1_normalized ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.phone2 ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.phone2_normalized ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.email ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.city ILIKE ")
            .bind::<Text, _>(pattern.clone())
            .sql(" OR orders.status ILIKE ")
            .bind::<Text, _>(pattern)
            .sql(" OR orders.phone1_normalized = ")
            .bind::<Nullable<Text>, _>(phone.clone())
            .sql(" OR orders.phone2_normalized = ")
            .bind::<Nullable<Text>, _>(phone)
            // A normal form holds only '+' and digits, so the start needs no escaping.
            .sql(" OR orders.phone1_normalized LIKE ")
            .bind::<Nullable<Text>, _>(start.clone())
            .sql(" OR orders.phone2_normalized LIKE ")
            .bind::<Nullable<Text>, _>(start);
        query = query.filter(matches.sql(")"));
    }
    query
}

/// Runs `read` in one read-only REPEATABLE READ snapshot: an order's row and its phone's live count of pending
/// orders (which its live risk score adds) are then read as of one moment, so an order placed meanwhile is in
/// both or in neither.
fn in_snapshot<T>(
    conn: &mut PgConnection,
    read: impl FnOnce(&mut PgConnection) -> Result<T, RepositoryError>,
) -> Result<T, RepositoryError> {
    enum Failed {
        Store(diesel::result::Error),
        Read(RepositoryError),
    }
    impl From<diesel::result::Error> for Failed {
        fn from(err: diesel::result::Error) -> Self {
            Self::Store(err)
        }
    }
    conn.build_transaction().read_only().repeatable_read().run(|conn| read(conn).map_err(Failed::Read)).map_err(
        |failed| match failed {
            Failed::Store(err) => from_diesel(err),
            Failed::Read(err) => err,
        },
    )
}

fn page_of(
    conn: &mut PgConnection,
    query: BoxedOrders<'static>,
    count: BoxedOrders<'static>,
    sort: OrderSort,
    page: Page,
) -> Result<(Vec<Order>, u64), RepositoryError> {
    in_snapshot(conn, |conn| {
        let query = match sort {
            OrderSort::Newest => query.order((orders::created_at.desc(), orders::id.desc())),
            OrderSort::Risk => {
                query.order((sql::<SmallInt>(LIVE_SCORE).desc(), orders::created_at.desc(), orders::id.desc()))
            }
        };
        let rows = query
            .limit(i64::from(page.limit()))
            .offset(i64::from(page.offset()))
            .select(OrderRow::as_select())
            .load(conn)
            .map_err(from_diesel)?;
        let total: i64 = count.count().get_result(conn).map_err(from_diesel)?;
        Ok((assemble(conn, rows)?, u64::try_from(total).map_err(corrupt)?))
    })
}

#[async_trait]
impl OrderRepository for PgOrderRepository {
    async fn find(&self, id: OrderId) -> Result<Option<Order>, RepositoryError> {
        with_connection(&self.pool, move |conn| in_snapshot(conn, |conn| find_order(conn, id))).await
    }

    async fn customer_orders(&self, customer: CustomerId, page: Page) -> Result<(Vec<Order>, u64), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let mine = || orders::table.filter(orders::customer_id.eq(customer.get())).into_boxed();
            page_of(conn, mine(), mine(), OrderSort::Newest, page)
        })
        .await
    }

    async fn search(&self, filter: OrderFilter, page: Page) -> Result<(Vec<Order>, u64), RepositoryError> {
        with_connection(&self.pool, move |conn| page_of(conn, filtered(&filter), filtered(&filter), filter.sort, page))
            .await
    }

    async fn find_key(
        &self,
        customer: CustomerId,
        key: &IdempotencyKey,
    ) -> Result<Option<(String, OrderId)>, RepositoryError> {
        let key = key.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            order_idempotency_keys::table
                .find((customer.get(), key))
                .select((order_idempotency_keys::request_digest, order_idempotency_keys::order_id))
                .first::<(String, i64)>(conn)
                .optional()
                .map_err(from_diesel)?
                .map(|(digest, order)| Ok((digest, OrderId::new(order).map_err(corrupt)?)))
                .transpose()
        })
        .await
    }
}
