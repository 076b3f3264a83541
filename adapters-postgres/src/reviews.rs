//! Reviews, their pictures and tokens, and the products' approved-rating counts, which every status change
//! and deletion recounts in its own transaction with the product row locked.

use std::collections::HashMap;

use application::common::error::RepositoryError;
use application::common::page::Page;
use application::common::token::LinkDigest;
use application::media::model::MediaVariant;
use application::reviews::model::{NewReview, Purchase, Review, ReviewFilter, ReviewImage, ReviewedPair, TokenInfo};
use application::reviews::ports::{ReviewRepository, ReviewTx, ReviewsTx};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use domain::ids::{CustomerId, OrderId, ProductId, ReviewId};
use domain::review::{Rating, ReviewStatus};

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{customers, order_items, orders, products, review_images, review_tokens, reviews};
use crate::unit_of_work::PgTransaction;

/// Stored reviews in PostgreSQL.
#[derive(Clone)]
pub struct PgReviewRepository {
    pool: PgPool,
}

impl PgReviewRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = reviews)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ReviewRow {
    id: i64,
    product_id: i64,
    order_id: i64,
    customer_id: i64,
    reviewer_name: String,
    rating: i16,
    comment: String,
    status: String,
    admin_reply: Option<String>,
    created_at: DateTime<Utc>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = review_images)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ImageRow {
    review_id: i64,
    url: String,
    width: Option<i32>,
    variant_widths: Vec<i32>,
    variant_urls: Vec<String>,
}

fn to_image(row: ImageRow) -> Result<ReviewImage, RepositoryError> {
    let variants = row
        .variant_widths
        .into_iter()
        .zip(row.variant_urls)
        .map(|(width, url)| Ok(MediaVariant { url, width: u32::try_from(width).map_err(corrupt)? }))
        .collect::<Result<_, RepositoryError>>()?;
    Ok(ReviewImage { url: row.url, width: row.width.map(u32::try_from).transpose().map_err(corrupt)?, variants })
}

fn to_review(
    row: ReviewRow,
    product_name: String,
    customer_name: String,
    images: Vec<ReviewImage>,
) -> Result<Review, RepositoryError> {
    Ok(Review {
        id: ReviewId::new(row.id).map_err(corrupt)?,
        product: ProductId::new(row.product_id).map_err(corrupt)?,
        product_name,
        order: OrderId::new(row.order_id).map_err(corrupt)?,
        customer: CustomerId::new(row.customer_id).map_err(corrupt)?,
        customer_name,
        reviewer_name: row.reviewer_name,
        rating: Rating::try_from(i64::from(row.rating)).map_err(corrupt)?,
        comment: row.comment,
        status: row.status.parse::<ReviewStatus>().map_err(corrupt)?,
        admin_reply: row.admin_reply,
        images,
        created_at: row.created_at,
    })
}

type Joined = (ReviewRow, String, String);

/// Loads the pictures of all `rows` in one query and assembles the reviews, keeping the rows' order.
fn with_images(conn: &mut PgConnection, rows: Vec<Joined>) -> Result<Vec<Review>, RepositoryError> {
    let ids: Vec<i64> = rows.iter().map(|(row, _, _)| row.id).collect();
    let image_rows: Vec<ImageRow> = review_images::table
        .filter(review_images::review_id.eq_any(&ids))
        .order((review_images::review_id, review_images::position))
        .select(ImageRow::as_select())
        .load(conn)
        .map_err(from_diesel)?;
    let mut images: HashMap<i64, Vec<ReviewImage>> = HashMap::new();
    for row in image_rows {
        images.entry(row.review_id).or_default().push(to_image(row)?);
    }
    rows.into_iter()
        .map(|(row, product, customer)| {
            let own = images.remove(&row.id).unwrap_or_default();
            to_review(row, product, customer, own)
        })
        .collect()
}

fn limit_and_offset(page: Page) -> (i64, i64) {
    (i64::from(page.limit()), i64::from(page.offset()))
}

macro_rules! joined_reviews {
    () => {
        reviews::table.inner_join(products::table).inner_join(customers::table).select((
            ReviewRow::as_select(),
            products::name,
            customers::name,
        ))
    };
}

fn find_review(conn: &mut PgConnection, id: ReviewId) -> Result<Option<Review>, RepositoryError> {
    let rows: Vec<Joined> = joined_reviews!().filter(reviews::id.eq(id.get())).load(conn).map_err(from_diesel)?;
    Ok(with_images(conn, rows)?.into_iter().next())
}

fn purchase_in(
    conn: &mut PgConnection,
    customer: CustomerId,
    order: OrderId,
    product: ProductId,
    lock: bool,
) -> Result<Purchase, RepositoryError> {
    let query = orders::table
        .inner_join(order_items::table)
        .filter(orders::id.eq(order.get()))
        .filter(orders::customer_id.eq(customer.get()))
        .filter(order_items::product_id.eq(product.get()))
        .select(orders::status);
    let status: Option<String> =
        if lock { query.for_share().first(conn).optional() } else { query.first(conn).optional() }
            .map_err(from_diesel)?;
    Ok(match status.as_deref() {
        None => Purchase::None,
        Some("delivered") => Purchase::Delivered,
        Some(_) => Purchase::NotDelivered,
    })
}

#[async_trait]
impl ReviewRepository for PgReviewRepository {
    async fn token(&self, digest: &LinkDigest) -> Result<Option<TokenInfo>, RepositoryError> {
        let digest = digest.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            let row: Option<(i64, i64, i64, Option<DateTime<Utc>>, Option<String>)> = review_tokens::table
                .inner_join(orders::table)
                .left_join(products::table.on(products::id.eq(review_tokens::product_id)))
                .filter(review_tokens::token_hash.eq(&digest))
                .select((
                    review_tokens::product_id,
                    review_tokens::order_id,
                    orders::customer_id,
                    review_tokens::used_at,
                    products::name.nullable(),
                ))
                .first(conn)
                .optional()
                .map_err(from_diesel)?;
            row.map(|(product, order, customer, used_at, product_name)| {
                Ok(TokenInfo {
                    product: ProductId::new(product).map_err(corrupt)?,
                    product_name,
                    order: OrderId::new(order).map_err(corrupt)?,
                    customer: CustomerId::new(customer).map_err(corrupt)?,
                    used: used_at.is_some(),
                })
            })
            .transpose()
        })
        .await
    }

    async fn purchase(
        &self,
        customer: CustomerId,
        order: OrderId,
        product: ProductId,
    ) -> Result<Purchase, RepositoryError> {
        with_connection(&self.pool, move |conn| purchase_in(conn, customer, order, product, false)).await
    }

    async fn is_reviewed(&self, order: OrderId, product: ProductId) -> Result<bool, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::select(diesel::dsl::exists(
                reviews::table.filter(reviews::order_id.eq(order.get())).filter(reviews::product_id.eq(product.get())),
            ))
            .get_result(conn)
            .map_err(from_diesel)
        })
        .await
    }

    async fn reviewed_pairs(&self, customer: CustomerId) -> Result<Vec<ReviewedPair>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let rows: Vec<(i64, i64)> = reviews::table
                .filter(reviews::customer_id.eq(customer.get()))
                .order((reviews::created_at.desc(), reviews::id.desc()))
                .select((reviews::product_id, reviews::order_id))
                .load(conn)
                .map_err(from_diesel)?;
            rows.into_iter()
                .map(|(product, order)| {
                    Ok(ReviewedPair {
                        product: ProductId::new(product).map_err(corrupt)?,
                        order: OrderId::new(order).map_err(corrupt)?,
                    })
                })
                .collect()
        })
        .await
    }

    async fn approved(&self, product: ProductId, page: Page) -> Result<Vec<Review>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let (limit, offset) = limit_and_offset(page);
            let rows: Vec<Joined> = joined_reviews!()
                .filter(reviews::product_id.eq(product.get()))
                .filter(reviews::status.eq(ReviewStatus::Approved.as_str()))
                .order((reviews::created_at.desc(), reviews::id.desc()))
                .limit(limit)
                .offset(offset)
                .load(conn)
                .map_err(from_diesel)?;
            with_images(conn, rows)
        })
        .await
    }

    async fn list(&self, filter: ReviewFilter, page: Page) -> Result<Vec<Review>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let (limit, offset) = limit_and_offset(page);
            let mut query = joined_reviews!()
                .order((
                    reviews::status.eq(ReviewStatus::Pending.as_str()).desc(),
                    reviews::created_at.desc(),
                    reviews::id.desc(),
                ))
                .limit(limit)
                .offset(offset)
                .into_boxed();
            if let Some(status) = filter.status {
                query = query.filter(reviews::status.eq(status.as_str()));
            }
            let rows: Vec<Joined> = query.load(conn).map_err(from_diesel)?;
            with_images(conn, rows)
        })
        .await
    }

    async fn find(&self, id: ReviewId) -> Result<Option<Review>, RepositoryError> {
        with_connection(&self.pool, move |conn| find_review(conn, id)).await
    }
}

#[derive(QueryableByName)]
struct UsedToken {
    #[diesel(sql_type = BigInt)]
    product_id: i64,
    #[diesel(sql_type = BigInt)]
    order_id: i64,
    #[diesel(sql_type = BigInt)]
    customer_id: i64,
}

/// Recounts a product's approved ratings per star. The caller has locked the product row first, so a
/// concurrent change of another of its reviews waits, and its recount (a later statement, with a later
/// snapshot) sees this one's. The product's `updated_at` moves only when its counts do: its rating shows in
/// search results, so the sitemap tells of it.
const RECOUNT: &str = "
UPDATE products p SET
    stars_1 = c.s1, stars_2 = c.s2, stars_3 = c.s3, stars_4 = c.s4, stars_5 = c.s5, updated_at = now()
FROM (
    SELECT count(*) FILTER (WHERE rating = 1)::int AS s1, count(*) FILTER (WHERE rating = 2)::int AS s2,
           count(*) FILTER (WHERE rating = 3)::int AS s3, count(*) FILTER (WHERE rating = 4)::int AS s4,
           count(*) FILTER (WHERE rating = 5)::int AS s5
    FROM reviews WHERE product_id = $1 AND status = 'approved'
) c
WHERE p.id = $1
  AND (p.stars_1, p.stars_2, p.stars_3, p.stars_4, p.stars_5) IS DISTINCT FROM (c.s1, c.s2, c.s3, c.s4, c.s5)";

/// The product of a review with the product row locked, or `None` for an unknown review.
fn lock_product_of(conn: &mut PgConnection, id: ReviewId) -> QueryResult<Option<i64>> {
    let Some(product) = reviews::table.find(id.get()).select(reviews::product_id).first::<i64>(conn).optional()? else {
        return Ok(None);
    };
    products::table.find(product).select(products::id).for_update().first::<i64>(conn).optional()
}

fn recount(conn: &mut PgConnection, product: i64) -> QueryResult<usize> {
    diesel::sql_query(RECOUNT).bind::<BigInt, _>(product).execute(conn)
}

impl ReviewTx for PgTransaction {
    fn use_token(&mut self, digest: &LinkDigest) -> Result<Option<TokenInfo>, RepositoryError> {
        let used: Option<UsedToken> = diesel::sql_query(
            "UPDATE review_tokens t SET used_at = now() FROM orders o \
             WHERE t.token_hash = $1 AND t.used_at IS NULL AND o.id = t.order_id \
             RETURNING t.product_id, t.order_id, o.customer_id",
        )
        .bind::<Text, _>(digest.as_str())
        .get_result(self.conn())
        .optional()
        .map_err(from_diesel)?;
        used.map(|row| {
            Ok(TokenInfo {
                product: ProductId::new(row.product_id).map_err(corrupt)?,
                product_name: None,
                order: OrderId::new(row.order_id).map_err(corrupt)?,
                customer: CustomerId::new(row.customer_id).map_err(corrupt)?,
                used: true,
            })
        })
        .transpose()
    }

    fn use_pair_token(&mut self, order: OrderId, product: ProductId) -> Result<(), RepositoryError> {
        diesel::update(
            review_tokens::table
                .filter(review_tokens::order_id.eq(order.get()))
                .filter(review_tokens::product_id.eq(product.get()))
                .filter(review_tokens::used_at.is_null()),
        )
        .set(review_tokens::used_at.eq(diesel::dsl::now))
        .execute(self.conn())
        .map_err(from_diesel)?;
        Ok(())
    }

    fn purchase(
        &mut self,
        customer: CustomerId,
        order: OrderId,
        product: ProductId,
    ) -> Result<Purchase, RepositoryError> {
        purchase_in(self.conn(), customer, order, product, true)
    }

    fn insert(&mut self, review: &NewReview) -> Result<ReviewId, RepositoryError> {
        let conn = self.conn();
        let id: i64 = diesel::insert_into(reviews::table)
            .values((
                reviews::product_id.eq(review.product.get()),
                reviews::order_id.eq(review.order.get()),
                reviews::customer_id.eq(review.customer.get()),
                reviews::reviewer_name.eq(&review.reviewer_name),
                reviews::rating.eq(i16::from(review.rating.get())),
                reviews::comment.eq(&review.comment),
            ))
            .returning(reviews::id)
            .get_result(conn)
            .map_err(from_diesel)?;
        let images: Vec<_> = review
            .images
            .iter()
            .zip(0..)
            .map(|(image, position): (&ReviewImage, i32)| {
                (
                    review_images::review_id.eq(id),
                    review_images::position.eq(position),
                    review_images::url.eq(image.url.as_str()),
                    review_images::width.eq(image.width.and_then(|w| i32::try_from(w).ok())),
                    review_images::variant_widths.eq(image
                        .variants
                        .iter()
                        .map(|v| i32::try_from(v.width).unwrap_or(i32::MAX))
                        .collect::<Vec<i32>>()),
                    review_images::variant_urls.eq(image
                        .variants
                        .iter()
                        .map(|v| v.url.clone())
                        .collect::<Vec<String>>()),
                )
            })
            .collect();
        if !images.is_empty() {
            diesel::insert_into(review_images::table).values(&images).execute(conn).map_err(from_diesel)?;
        }
        ReviewId::new(id).map_err(corrupt)
    }

    fn set_status(&mut self, id: ReviewId, status: ReviewStatus) -> Result<bool, RepositoryError> {
        let conn = self.conn();
        let Some(product) = lock_product_of(conn, id).map_err(from_diesel)? else {
            return Ok(false);
        };
        diesel::update(reviews::table.find(id.get()))
            .set(reviews::status.eq(status.as_str()))
            .execute(conn)
            .map_err(from_diesel)?;
        recount(conn, product).map_err(from_diesel)?;
        Ok(true)
    }

    fn set_reply(&mut self, id: ReviewId, reply: Option<String>) -> Result<bool, RepositoryError> {
        let changed = diesel::update(reviews::table.find(id.get()))
            .set(reviews::admin_reply.eq(reply))
            .execute(self.conn())
            .map_err(from_diesel)?;
        Ok(changed > 0)
    }

    fn delete(&mut self, id: ReviewId) -> Result<Option<Vec<String>>, RepositoryError> {
        let conn = self.conn();
        let Some(product) = lock_product_of(conn, id).map_err(from_diesel)? else {
            return Ok(None);
        };
        let urls: Vec<String> = review_images::table
            .filter(review_images::review_id.eq(id.get()))
            .order(review_images::position)
            .select(review_images::url)
            .load(conn)
            .map_err(from_diesel)?;
        diesel::delete(reviews::table.find(id.get())).execute(conn).map_err(from_diesel)?;
        recount(conn, product).map_err(from_diesel)?;
        Ok(Some(urls))
    }
}

impl ReviewsTx for PgTransaction {
    fn reviews(&mut self) -> &mut dyn ReviewTx {
        self
    }
}
