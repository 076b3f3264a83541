//! Coupons.

use application::common::error::RepositoryError;
use application::common::page::Page;
use application::coupons::ports::CouponRepository;
use async_trait::async_trait;
use diesel::prelude::*;
use domain::coupon::{Coupon, CouponCode, CouponDiscount};
use domain::ids::CouponId;
use domain::money::Rupees;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::coupons;

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
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = coupons)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct CouponRow {
    code: String,
    discount_percent: Option<i16>,
    amount_paisa: Option<i64>,
    start_date: chrono::NaiveDate,
    end_date: chrono::NaiveDate,
    min_price_paisa: i64,
    is_active: bool,
}

impl TryFrom<CouponRow> for Coupon {
    type Error = RepositoryError;

    fn try_from(row: CouponRow) -> Result<Self, Self::Error> {
        let percent = row.discount_percent.map(u8::try_from).transpose().map_err(corrupt)?;
        let discount =
            CouponDiscount::from_fields(percent, row.amount_paisa.map(Rupees::from_paisa)).map_err(corrupt)?;
        let code = CouponCode::parse(&row.code).map_err(corrupt)?;
        Coupon::new(
            code,
            discount,
            row.start_date,
            row.end_date,
            Rupees::from_paisa(row.min_price_paisa),
            row.is_active,
        )
        .map_err(corrupt)
    }
}

#[async_trait]
impl CouponRepository for PgCouponRepository {
    async fn list(&self, page: Page) -> Result<Vec<(CouponId, Coupon)>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            coupons::table
                .order((coupons::created_at.desc(), coupons::id.desc()))
                .limit(i64::from(page.limit()))
                .offset(i64::from(page.offset()))
                .select((coupons::id, CouponRow::as_select()))
                .load::<(i64, CouponRow)>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|(id, row)| Ok((CouponId::new(id).map_err(corrupt)?, Coupon::try_from(row)?)))
                .collect()
        })
        .await
    }

    async fn toggle(&self, id: CouponId) -> Result<Option<Coupon>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(coupons::table.find(id.get()))
                .set(coupons::is_active.eq(diesel::dsl::not(coupons::is_active)))
                .returning(CouponRow::as_returning())
                .get_result(conn)
                .optional()
                .map_err(from_diesel)?
                .map(Coupon::try_from)
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

    async fn find_by_code(&self, code: &CouponCode) -> Result<Option<Coupon>, RepositoryError> {
        let code = code.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            coupons::table
                .filter(coupons::code.eq(code))
                .select(CouponRow::as_select())
                .first(conn)
                .optional()
                .map_err(from_diesel)?
                .map(Coupon::try_from)
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
