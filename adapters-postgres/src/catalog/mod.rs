//! The catalogue: products with their category and media, and the category tree. This module holds the
//! rows, their conversions and the SQL; `read` the queries of the storefront, the sitemap and category
//! views, `write` the admin's changes.

mod read;
mod search;
mod synonyms;
mod write;

use std::collections::HashMap;

use application::catalog::model::{
    Category, CategoryPage, CategoryRef, LastChanges, NewCategory, NewProduct, Product, ProductFilter, SearchTerms,
};

use application::catalog::ports::{CatalogDates, CatalogRepository, CatalogWriter, CategoryViewStore};
use application::common::error::RepositoryError;
use application::common::page::Page;
use application::media::model::{Media, MediaKind, MediaVariant};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Nullable, Text};
use domain::category::CategoryName;
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::pricing::PriceTag;
use domain::review::RatingSpread;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{categories, product_media, products, review_images, reviews};

/// The catalogue in PostgreSQL.
#[derive(Clone)]
pub struct PgCatalogRepository {
    pool: PgPool,
}

impl PgCatalogRepository {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct ProductRow {
    id: i64,
    name: String,
    category_id: i64,
    price_paisa: i64,
    sale_price_paisa: Option<i64>,
    discount_percent: i16,
    description: String,
    color: Option<String>,
    quantity: i32,
    featured: bool,
    free_delivery: bool,
    stars_1: i32,
    stars_2: i32,
    stars_3: i32,
    stars_4: i32,
    stars_5: i32,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_media)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct MediaRow {
    product_id: i64,
    kind: String,
    url: String,
    width: Option<i32>,
    variant_widths: Vec<i32>,
    variant_urls: Vec<String>,
}

#[derive(QueryableByName)]
struct CategoryRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    parent_id: Option<i64>,
    #[diesel(sql_type = BigInt)]
    views: i64,
    #[diesel(sql_type = Text)]
    full_path: String,
}

#[derive(Insertable)]
#[diesel(table_name = products)]
struct NewProductRow<'a> {
    name: &'a str,
    category_id: i64,
    price_paisa: i64,
    sale_price_paisa: Option<i64>,
    discount_percent: i16,
    description: &'a str,
    color: Option<&'a str>,
    quantity: i32,
    featured: bool,
    free_delivery: bool,
}

#[derive(Insertable)]
#[diesel(table_name = product_media)]
struct NewMediaRow<'a> {
    product_id: i64,
    position: i32,
    kind: &'a str,
    url: &'a str,
    width: Option<i32>,
    variant_widths: Vec<i32>,
    variant_urls: Vec<&'a str>,
}

/// The rows of a product's media, in order.
fn media_rows(product_id: i64, media: &[Media]) -> Vec<NewMediaRow<'_>> {
    media
        .iter()
        .zip(0..)
        .map(|(m, position)| NewMediaRow {
            product_id,
            position,
            kind: m.kind.as_str(),
            url: &m.url,
            width: m.width.and_then(|w| i32::try_from(w).ok()),
            variant_widths: m.variants.iter().map(|v| i32::try_from(v.width).unwrap_or(i32::MAX)).collect(),
            variant_urls: m.variants.iter().map(|v| v.url.as_str()).collect(),
        })
        .collect()
}

fn media_kind(kind: &str) -> Result<MediaKind, RepositoryError> {
    match kind {
        "image" => Ok(MediaKind::Image),
        "video" => Ok(MediaKind::Video),
        other => Err(corrupt(format!("media kind {other:?}"))),
    }
}

fn to_product(row: ProductRow, category_name: String, media: Vec<Media>) -> Result<Product, RepositoryError> {
    Ok(Product {
        id: ProductId::new(row.id).map_err(corrupt)?,
        name: row.name,
        category: CategoryRef { id: CategoryId::new(row.category_id).map_err(corrupt)?, name: category_name },
        price: PriceTag::from_fields(
            Rupees::from_paisa(row.price_paisa),
            row.sale_price_paisa.map(Rupees::from_paisa),
            u8::try_from(row.discount_percent).map_err(corrupt)?,
        )
        .map_err(corrupt)?,
        description: row.description,
        color: row.color,
        quantity: u32::try_from(row.quantity).map_err(corrupt)?,
        featured: row.featured,
        free_delivery: row.free_delivery,
        media,
        ratings: RatingSpread::new(
            [row.stars_1, row.stars_2, row.stars_3, row.stars_4, row.stars_5].map(|n| u32::try_from(n).unwrap_or(0)),
        ),
    })
}

/// Loads the media of all `rows` in one query and assembles the products, keeping the rows' order.
fn with_media(conn: &mut PgConnection, rows: Vec<(ProductRow, String)>) -> Result<Vec<Product>, RepositoryError> {
    let ids: Vec<i64> = rows.iter().map(|(row, _)| row.id).collect();
    let media_rows: Vec<MediaRow> = product_media::table
        .filter(product_media::product_id.eq_any(&ids))
        .order((product_media::product_id, product_media::position))
        .select(MediaRow::as_select())
        .load(conn)
        .map_err(from_diesel)?;
    let mut media: HashMap<i64, Vec<Media>> = HashMap::new();
    for row in media_rows {
        let width = row.width.map(u32::try_from).transpose().map_err(corrupt)?;
        let variants = row
            .variant_widths
            .into_iter()
            .zip(row.variant_urls)
            .map(|(width, url)| Ok(MediaVariant { url, width: u32::try_from(width).map_err(corrupt)? }))
            .collect::<Result<_, RepositoryError>>()?;
        media.entry(row.product_id).or_default().push(Media {
            url: row.url,
            kind: media_kind(&row.kind)?,
            width,
            variants,
        });
    }
    rows.into_iter()
        .map(|(row, category)| {
            let own = media.remove(&row.id).unwrap_or_default();
            to_product(row, category, own)
        })
        .collect()
}

/// The addresses of a product's media, after locking every row that references one of them: a concurrent
/// change of another product sharing a file waits, and then sees this one's rows gone, so exactly one of
/// them finds the file unreferenced.
fn lock_media_of(conn: &mut PgConnection, id: ProductId) -> QueryResult<Vec<String>> {
    let held: Vec<String> =
        product_media::table.filter(product_media::product_id.eq(id.get())).select(product_media::url).load(conn)?;
    product_media::table
        .filter(product_media::url.eq_any(&held))
        .order(product_media::id)
        .select(product_media::id)
        .for_update()
        .load::<i64>(conn)?;
    Ok(held)
}

/// Of `urls`, those nothing references any more, each once. Every table that holds media addresses is
/// asked here: products' media and review pictures.
fn unreferenced(conn: &mut PgConnection, mut urls: Vec<String>) -> QueryResult<Vec<String>> {
    let mut referenced: Vec<String> =
        product_media::table.filter(product_media::url.eq_any(&urls)).select(product_media::url).load(conn)?;
    referenced.extend(
        review_images::table
            .filter(review_images::url.eq_any(&urls))
            .select(review_images::url)
            .load::<String>(conn)?,
    );
    let mut seen = std::collections::HashSet::new();
    urls.retain(|url| !referenced.contains(url) && seen.insert(url.clone()));
    Ok(urls)
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// The products with these ids, in the order of `ids`.
fn products_by_ids(conn: &mut PgConnection, ids: &[i64]) -> Result<Vec<Product>, RepositoryError> {
    let mut rows = products::table
        .inner_join(categories::table)
        .filter(products::id.eq_any(ids))
        .select((ProductRow::as_select(), categories::name))
        .load::<(ProductRow, String)>(conn)
        .map_err(from_diesel)?;
    let position: HashMap<i64, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    rows.sort_by_key(|(row, _)| position.get(&row.id).copied().unwrap_or(usize::MAX));
    with_media(conn, rows)
}

/// `text` with LIKE's wildcards and escape character taken literally.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// The products of a category and of its direct children, at most 100 per category, newest first.
const CATEGORY_PRODUCTS: &str = "
SELECT id FROM (
    SELECT p.id, row_number() OVER (PARTITION BY p.category_id ORDER BY p.created_at DESC, p.id DESC) AS n
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE c.id = $1 OR c.parent_id = $1
) ranked WHERE n <= 100";

/// The category tree with each category's path from its root, ordered so parents come before children.
const CATEGORY_TREE: &str = "
WITH RECURSIVE tree AS (
    SELECT id, name, parent_id, views, name AS full_path, ARRAY[id] AS trail
    FROM categories WHERE parent_id IS NULL
  UNION ALL
    SELECT c.id, c.name, c.parent_id, c.views, tree.full_path || ' > ' || c.name, tree.trail || c.id
    FROM categories c JOIN tree ON c.parent_id = tree.id
    WHERE NOT c.id = ANY (tree.trail)
)
SELECT id, name, parent_id, views, full_path FROM tree";

/// One category with its full path.
fn one_category(conn: &mut PgConnection, id: CategoryId) -> Result<Option<Category>, RepositoryError> {
    diesel::sql_query(format!("{CATEGORY_TREE} WHERE id = $1"))
        .bind::<BigInt, _>(id.get())
        .get_result::<CategoryRow>(conn)
        .optional()
        .map_err(from_diesel)?
        .map(to_category)
        .transpose()
}

/// A category and its ancestors, from itself up to its root (depth-capped against a corrupt cycle).
const CATEGORY_LINE: &str = "
WITH RECURSIVE up AS (
    SELECT id, parent_id, 1 AS depth FROM categories WHERE id = $1
  UNION ALL
    SELECT c.id, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 50
)
SELECT id FROM up ORDER BY depth";

fn to_category(row: CategoryRow) -> Result<Category, RepositoryError> {
    Ok(Category {
        id: CategoryId::new(row.id).map_err(corrupt)?,
        name: row.name,
        parent: row.parent_id.map(CategoryId::new).transpose().map_err(corrupt)?,
        full_path: row.full_path,
        views: row.views,
    })
}
