//! Coupons.

use application::common::error::RepositoryError;
use application::common::page::Page;
use application::coupons::ports::{CouponRepository, StoredCoupon};
use async_trait::async_trait;
use chrono::NaiveDate;
use diesel::prelude::*;
use domain::coupon::{Coupon, CouponCode, CouponDiscount, UsageLimits};
use domain::ids::{CouponId, CustomerId};
use domain::money::Rupees;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{coupons, orders};

/// Coupons in PostgreSQL.
#[derive(Clone)]
pub struct PgCouponRepository {
    pool: PgPool,
}

impl PgCouponRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Insertable)]
#[diesel(table_name = coupons)]
struct NewCouponRow {
    code: String,
    discount_percent: Option<i16>,
    amount_paisa: Option<i64>,
    start_date: chrono::NaiveDate,
    end_date: chrono::NaiveDate,
    min_price_paisa: i64,
    is_active: bool,
    max_uses: Option<i32>,
    max_uses_per_customer: Option<i32>,
}

/// A limit as stored; limits are bounded far below `i32::MAX` by the domain.
fn limit_column(limit: Option<u32>) -> Option<i32> {
    limit.map(|l| i32::try_from(l).unwrap_or(i32::MAX))
}

impl From<&Coupon> for NewCouponRow {
    fn from(coupon: &Coupon) -> Self {
        let discount = coupon.discount();
        Self {
            code: coupon.code().as_str().to_owned(),
            discount_percent: discount.percent_value().map(i16::from),
            amount_paisa: discount.amount_value().map(Rupees::paisa),
            start_date: coupon.start_date(),
            end_date: coupon.end_date(),
            min_price_paisa: coupon.min_price().paisa(),
            is_active: coupon.is_active(),
            max_uses: limit_column(coupon.limits().total()),
            max_uses_per_customer: limit_column(coupon.limits().per_customer()),
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = coupons)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub(crate) struct CouponRow {
    id: i64,
    code: String,
    discount_percent: Option<i16>,
    amount_paisa: Option<i64>,
    start_date: chrono::NaiveDate,
    end_date: chrono::NaiveDate,
    min_price_paisa: i64,
    is_active: bool,
    max_uses: Option<i32>,
    max_uses_per_customer: Option<i32>,
    uses: i32,
}

impl TryFrom<CouponRow> for StoredCoupon {
    type Error = RepositoryError;

    fn try_from(row: CouponRow) -> Result<Self, Self::Error> {
        let percent = row.discount_percent.map(u8::try_from).transpose().map_err(corrupt)?;
        let discount =
            CouponDiscount::from_fields(percent, row.amount_paisa.map(Rupees::from_paisa)).map_err(corrupt)?;
        let code = CouponCode::parse(&row.code).map_err(corrupt)?;
        let limits =
            UsageLimits::new(row.max_uses.map(i64::from), row.max_uses_per_customer.map(i64::from)).map_err(corrupt)?;
        let coupon = Coupon::new(
            code,
            discount,
            row.start_date,
            row.end_date,
            Rupees::from_paisa(row.min_price_paisa),
            row.is_active,
        )
        .map_err(corrupt)?
        .with_limits(limits);
        Ok(StoredCoupon {
            id: CouponId::new(row.id).map_err(corrupt)?,
            coupon,
            uses: u32::try_from(row.uses).map_err(corrupt)?,
        })
    }
}

#[async_trait]
impl CouponRepository for PgCouponRepository {
    async fn list(&self, page: Page) -> Result<Vec<StoredCoupon>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            coupons::table
                .order((coupons::created_at.desc(), coupons::id.desc()))
                .limit(i64::from(page.limit()))
                .offset(i64::from(page.offset()))
                .select(CouponRow::as_select())
                .load::<CouponRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(StoredCoupon::try_from)
                .collect()
        })
        .await
    }

    async fn toggle(&self, id: CouponId) -> Result<Option<StoredCoupon>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(coupons::table.find(id.get()))
                .set(coupons::is_active.eq(diesel::dsl::not(coupons::is_active)))
                .returning(CouponRow::as_returning())
                .get_result(conn)
                .optional()
                .map_err(from_diesel)?
                .map(StoredCoupon::try_from)
                .transpose()
        })
        .await
    }

    async fn set_dates(
        &self,
        id: CouponId,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Option<StoredCoupon>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(coupons::table.find(id.get()))
                .set((coupons::start_date.eq(start), coupons::end_date.eq(end)))
                .returning(CouponRow::as_returning())
                .get_result(conn)
                .optional()
                .map_err(from_diesel)?
                .map(StoredCoupon::try_from)
                .transpose()
        })
        .await
    }

    async fn set_limits(&self, id: CouponId, limits: UsageLimits) -> Result<Option<StoredCoupon>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(coupons::table.find(id.get()))
                .set((
                    coupons::max_uses.eq(limit_column(limits.total())),
                    coupons::max_uses_per_customer.eq(limit_column(limits.per_customer())),
                ))
                .returning(CouponRow::as_returning())
                .get_result(conn)
                .optional()
                .map_err(from_diesel)?
                .map(StoredCoupon::try_from)
                .transpose()
        })
        .await
    }

    async fn delete(&self, id: CouponId) -> Result<bool, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            Ok(diesel::delete(coupons::table.find(id.get())).execute(conn).map_err(from_diesel)? > 0)
        })
        .await
    }

    async fn uses_by_customer(&self, coupon: CouponId, customer: CustomerId) -> Result<u32, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let count: i64 = orders::table
                .filter(orders::coupon_id.eq(coupon.get()))
                .filter(orders::customer_id.eq(customer.get()))
                .filter(orders::status.ne("rejected"))
                .count()
                .get_result(conn)
                .map_err(from_diesel)?;
            u32::try_from(count).map_err(corrupt)
        })
        .await
    }

    async fn find_by_code(&self, code: &CouponCode) -> Result<Option<StoredCoupon>, RepositoryError> {
        let code = code.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            coupons::table
                .filter(coupons::code.eq(code))
                .select(CouponRow::as_select())
                .first(conn)
                .optional()
                .map_err(from_diesel)?
                .map(StoredCoupon::try_from)
                .transpose()
        })
        .await
    }

    async fn create(&self, coupon: Coupon) -> Result<CouponId, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let id: i64 = diesel::insert_into(coupons::table)
                .values(NewCouponRow::from(&coupon))
                .returning(coupons::id)
                .get_result(conn)
                .map_err(from_diesel)?;
            CouponId::new(id).map_err(corrupt)
        })
        .await
    }
}
