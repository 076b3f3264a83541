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
use diesel::sql_types::{Array, BigInt, Integer, Nullable, Text};
use domain::category::CategoryName;
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::pricing::PriceTag;
use domain::review::RatingSpread;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::prepared::{Bind, Prepared};
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

#[derive(Queryable, Selectable, QueryableByName)]
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
    name_ur: Option<String>,
    description_ur: Option<String>,
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
    #[diesel(sql_type = Nullable<Text>)]
    name_ur: Option<String>,
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
    name_ur: Option<&'a str>,
    description_ur: Option<&'a str>,
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

/// One media item from its row's fields.
fn media_of(
    kind: &str,
    url: String,
    width: Option<i32>,
    variant_widths: Vec<i32>,
    variant_urls: Vec<String>,
) -> Result<Media, RepositoryError> {
    let width = width.map(u32::try_from).transpose().map_err(corrupt)?;
    let variants = variant_widths
        .into_iter()
        .zip(variant_urls)
        .map(|(width, url)| Ok(MediaVariant { url, width: u32::try_from(width).map_err(corrupt)? }))
        .collect::<Result<_, RepositoryError>>()?;
    Ok(Media { url, kind: media_kind(kind)?, width, variants })
}

fn media_kind(kind: &str) -> Result<MediaKind, RepositoryError> {
    match kind {
        "image" => Ok(MediaKind::Image),
        "video" => Ok(MediaKind::Video),
        other => Err(corrupt(format!("media kind {other:?}"))),
    }
}

/// A category's name and Urdu name.
type CategoryNames = (String, Option<String>);

fn to_product(row: ProductRow, (name, name_ur): CategoryNames, media: Vec<Media>) -> Result<Product, RepositoryError> {
    Ok(Product {
        id: ProductId::new(row.id).map_err(corrupt)?,
        name: row.name,
        name_ur: row.name_ur,
        category: CategoryRef { id: CategoryId::new(row.category_id).map_err(corrupt)?, name, name_ur },
        price: PriceTag::from_fields(
            Rupees::from_paisa(row.price_paisa),
            row.sale_price_paisa.map(Rupees::from_paisa),
            u8::try_from(row.discount_percent).map_err(corrupt)?,
        )
        .map_err(corrupt)?,
        description: row.description,
        description_ur: row.description_ur,
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
fn with_media(
    conn: &mut PgConnection,
    rows: Vec<(ProductRow, CategoryNames)>,
) -> Result<Vec<Product>, RepositoryError> {
    let ids: Vec<i64> = rows.iter().map(|(row, _)| row.id).collect();
    let media_rows: Vec<MediaRow> = product_media::table
        .filter(product_media::product_id.eq_any(&ids))
        .order((product_media::product_id, product_media::position))
        .select(MediaRow::as_select())
        .load(conn)
        .map_err(from_diesel)?;
    let mut media: HashMap<i64, Vec<Media>> = HashMap::new();
    for row in media_rows {
        let one = media_of(&row.kind, row.url, row.width, row.variant_widths, row.variant_urls)?;
        media.entry(row.product_id).or_default().push(one);
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

/// A product with its category's name and one of its media (none when it has none): the row of the storefront's
/// reads, which fetch products, their category and media in one statement, a product's media rows in order
/// one after the other.
#[derive(QueryableByName)]
struct CardRow {
    #[diesel(embed)]
    product: ProductRow,
    #[diesel(sql_type = Text)]
    category_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    category_name_ur: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    kind: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    url: Option<String>,
    #[diesel(sql_type = Nullable<Integer>)]
    width: Option<i32>,
    #[diesel(sql_type = Nullable<Array<Integer>>)]
    variant_widths: Option<Vec<i32>>,
    #[diesel(sql_type = Nullable<Array<Text>>)]
    variant_urls: Option<Vec<String>>,
}

/// The products of [`CardRow`]s, in the rows' order.
fn cards(rows: Vec<CardRow>) -> Result<Vec<Product>, RepositoryError> {
    let mut products: Vec<(ProductRow, CategoryNames, Vec<Media>)> = Vec::new();
    for row in rows {
        let media = match (row.kind, row.url) {
            (Some(kind), Some(url)) => Some(media_of(
                &kind,
                url,
                row.width,
                row.variant_widths.unwrap_or_default(),
                row.variant_urls.unwrap_or_default(),
            )?),
            _ => None,
        };
        match products.last_mut() {
            Some((last, _, list)) if last.id == row.product.id => list.extend(media),
            _ => products.push((row.product, (row.category_name, row.category_name_ur), media.into_iter().collect())),
        }
    }
    products.into_iter().map(|(row, category, media)| to_product(row, category, media)).collect()
}

/// The columns of a [`CardRow`] from products `p`, categories `c` and media `m`.
macro_rules! card_columns {
    () => {
        "p.id, p.name, p.category_id, p.price_paisa, p.sale_price_paisa, p.discount_percent, p.description, \
         p.color, p.quantity, p.featured, p.free_delivery, p.stars_1, p.stars_2, p.stars_3, p.stars_4, p.stars_5, \
         p.name_ur, p.description_ur, c.name AS category_name, c.name_ur AS category_name_ur, m.kind, m.url, m.width, m.variant_widths, m.variant_urls"
    };
}

/// Each product `p`'s media `m` in order, none when it has none: a lateral subquery the planner cannot flatten
/// (its ORDER BY), so every product probes product_media's (product_id, position) key instead of the whole
/// table being read to hash-join a page of products.
macro_rules! media_join {
    () => {
        " LEFT JOIN LATERAL (SELECT kind, url, width, variant_widths, variant_urls, position FROM product_media \
         WHERE product_id = p.id ORDER BY position) m ON TRUE "
    };
}

/// The columns of products a [`CardRow`] reads, for a derived table `p`, with `created_at` to order by.
macro_rules! product_columns {
    () => {
        "id, name, category_id, price_paisa, sale_price_paisa, discount_percent, description, color, quantity, \
         featured, free_delivery, stars_1, stars_2, stars_3, stars_4, stars_5, name_ur, description_ur, created_at"
    };
}

/// A page of products (`$1` limit, `$2` offset) newest first, where `filter` holds, with category and media.
macro_rules! product_page {
    ($filter:literal) => {
        concat!(
            "SELECT ",
            card_columns!(),
            " FROM (SELECT ",
            product_columns!(),
            " FROM products WHERE ",
            $filter,
            " ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) p JOIN categories c ON c.id = p.category_id",
            media_join!(),
            "ORDER BY p.created_at DESC, p.id DESC, m.position"
        )
    };
}

/// Every product, newest first.
const ALL_PRODUCTS: &str = product_page!("TRUE");
/// The featured products, newest first (through products_featured_newest_idx).
const FEATURED_PRODUCTS: &str = product_page!("featured");
/// A category's products (`$3`), newest first (through products_category_newest_idx).
const CATEGORY_PRODUCT_PAGE: &str = product_page!("category_id = $3");

/// One product (`$1`) with its category and media.
const ONE_PRODUCT: &str = concat!(
    "SELECT ",
    card_columns!(),
    " FROM products p JOIN categories c ON c.id = p.category_id",
    media_join!(),
    "WHERE p.id = $1 ORDER BY m.position"
);

/// The products with the ids `$1`, in that order.
const PRODUCTS_BY_IDS: &str = concat!(
    "SELECT ",
    card_columns!(),
    " FROM unnest($1::int8[]) WITH ORDINALITY AS k(id, n) JOIN products p ON p.id = k.id \
     JOIN categories c ON c.id = p.category_id",
    media_join!(),
    "ORDER BY k.n, m.position"
);

/// The products with these ids, in the order of `ids`.
fn products_by_ids(conn: &mut PgConnection, ids: &[i64]) -> Result<Vec<Product>, RepositoryError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = Prepared::new(PRODUCTS_BY_IDS).bind(Bind::BigInts(ids.to_vec())).load(conn).map_err(from_diesel)?;
    cards(rows)
}

/// `text` with LIKE's wildcards and escape character taken literally.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// The products of a category (`$1`) and of its direct children, at most 100 per category, newest first,
/// with their media, by category: for each category the newest 100 through products_category_newest_idx.
const CATEGORY_PRODUCTS: &str = concat!(
    "SELECT ",
    card_columns!(),
    " FROM categories c CROSS JOIN LATERAL (SELECT ",
    product_columns!(),
    " FROM products WHERE category_id = c.id ORDER BY created_at DESC, id DESC LIMIT 100) p",
    media_join!(),
    "WHERE c.id = $1 OR c.parent_id = $1 ORDER BY p.category_id, p.created_at DESC, p.id DESC, m.position"
);

/// The category tree with each category's path from its root, ordered so parents come before children.
const CATEGORY_TREE: &str = "
WITH RECURSIVE tree AS (
    SELECT id, name, name_ur, parent_id, views, name AS full_path, ARRAY[id] AS trail
    FROM categories WHERE parent_id IS NULL
  UNION ALL
    SELECT c.id, c.name, c.name_ur, c.parent_id, c.views, tree.full_path || ' > ' || c.name, tree.trail || c.id
    FROM categories c JOIN tree ON c.parent_id = tree.id
    WHERE NOT c.id = ANY (tree.trail)
)
SELECT id, name, name_ur, parent_id, views, full_path FROM tree";

/// One category (`$1`) with its path from its root, walked up from the category (depth-capped against a
/// corrupt cycle): a category whose walk reaches no root is in no tree, as [`CATEGORY_TREE`] has it.
macro_rules! one_category {
    ($more:literal) => {
        concat!(
            "WITH RECURSIVE up AS (
    SELECT id, parent_id, name, 1 AS depth FROM categories WHERE id = $1
  UNION ALL
    SELECT c.id, c.parent_id, c.name, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 50
)
SELECT c.id, c.name, c.name_ur, c.parent_id, c.views, (SELECT string_agg(up.name, ' > ' ORDER BY up.depth DESC) FROM up) AS full_path",
            $more,
            "
FROM categories c WHERE c.id = $1 AND EXISTS (SELECT FROM up WHERE up.parent_id IS NULL)"
        )
    };
}

/// One category with its full path.
const ONE_CATEGORY: &str = one_category!("");

/// One category with its full path and its children by name.
const CATEGORY_WITH_CHILDREN: &str = one_category!(
    ",
    ARRAY(SELECT k.id FROM categories k WHERE k.parent_id = c.id ORDER BY k.name, k.id) AS child_ids,
    ARRAY(SELECT k.name FROM categories k WHERE k.parent_id = c.id ORDER BY k.name, k.id) AS child_names,
    ARRAY(SELECT k.name_ur FROM categories k WHERE k.parent_id = c.id ORDER BY k.name, k.id) AS child_names_ur"
);

/// A category with its children, in [`CATEGORY_WITH_CHILDREN`]'s order.
#[derive(QueryableByName)]
struct CategoryWithChildrenRow {
    #[diesel(embed)]
    category: CategoryRow,
    #[diesel(sql_type = Array<BigInt>)]
    child_ids: Vec<i64>,
    #[diesel(sql_type = Array<Text>)]
    child_names: Vec<String>,
    #[diesel(sql_type = Array<Nullable<Text>>)]
    child_names_ur: Vec<Option<String>>,
}

/// One category with its full path.
fn one_category(conn: &mut PgConnection, id: CategoryId) -> Result<Option<Category>, RepositoryError> {
    Prepared::new(ONE_CATEGORY)
        .bind(Bind::BigInt(id.get()))
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
        name_ur: row.name_ur,
        parent: row.parent_id.map(CategoryId::new).transpose().map_err(corrupt)?,
        full_path: row.full_path,
        views: row.views,
    })
}
