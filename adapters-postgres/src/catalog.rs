//! The catalogue: products with their category and media, and the category tree.

use std::collections::HashMap;

use application::catalog::{Category, CategoryRef, Media, MediaKind, NewCategory, NewProduct, Product, ProductFilter};
use application::page::Page;
use application::ports::{CatalogRepository, CatalogWriter, RepositoryError};
use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};
use domain::ids::{CategoryId, ProductId};
use domain::money::Rupees;
use domain::pricing::PriceTag;

use crate::error::{corrupt, from_diesel};
use crate::pool::{with_connection, PgPool};
use crate::schema::{categories, product_media, products};

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
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_media)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct MediaRow {
    product_id: i64,
    kind: String,
    url: String,
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
        price: PriceTag::new(
            Rupees::from_paisa(row.price_paisa),
            row.sale_price_paisa.map(Rupees::from_paisa),
            u8::try_from(row.discount_percent).map_err(corrupt)?,
        ),
        description: row.description,
        color: row.color,
        quantity: u32::try_from(row.quantity).map_err(corrupt)?,
        featured: row.featured,
        free_delivery: row.free_delivery,
        media,
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
        media.entry(row.product_id).or_default().push(Media { url: row.url, kind: media_kind(&row.kind)? });
    }
    rows.into_iter()
        .map(|(row, category)| {
            let own = media.remove(&row.id).unwrap_or_default();
            to_product(row, category, own)
        })
        .collect()
}

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
SELECT id, name, parent_id, views, full_path FROM tree ORDER BY full_path, id LIMIT $1 OFFSET $2";

fn to_category(row: CategoryRow) -> Result<Category, RepositoryError> {
    Ok(Category {
        id: CategoryId::new(row.id).map_err(corrupt)?,
        name: row.name,
        parent: row.parent_id.map(CategoryId::new).transpose().map_err(corrupt)?,
        full_path: row.full_path,
        views: row.views,
    })
}

#[async_trait]
impl CatalogRepository for PgCatalogRepository {
    async fn list_products(&self, filter: ProductFilter, page: Page) -> Result<Vec<Product>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let mut query = products::table
                .inner_join(categories::table)
                .select((ProductRow::as_select(), categories::name))
                .order((products::created_at.desc(), products::id.desc()))
                .limit(i64::from(page.limit()))
                .offset(i64::from(page.offset()))
                .into_boxed();
            if filter == ProductFilter::Featured {
                query = query.filter(products::featured.eq(true));
            }
            let rows = query.load::<(ProductRow, String)>(conn).map_err(from_diesel)?;
            with_media(conn, rows)
        })
        .await
    }

    async fn product(&self, id: ProductId) -> Result<Option<Product>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let row = products::table
                .inner_join(categories::table)
                .filter(products::id.eq(id.get()))
                .select((ProductRow::as_select(), categories::name))
                .first::<(ProductRow, String)>(conn)
                .optional()
                .map_err(from_diesel)?;
            match row {
                None => Ok(None),
                Some(row) => Ok(with_media(conn, vec![row])?.pop()),
            }
        })
        .await
    }

    async fn categories(&self, page: Page) -> Result<Vec<Category>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::sql_query(CATEGORY_TREE)
                .bind::<BigInt, _>(i64::from(page.limit()))
                .bind::<BigInt, _>(i64::from(page.offset()))
                .load::<CategoryRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(to_category)
                .collect()
        })
        .await
    }

    async fn is_empty(&self) -> Result<bool, RepositoryError> {
        with_connection(&self.pool, |conn| {
            let any: bool = diesel::select(diesel::dsl::exists(categories::table.select(categories::id)))
                .get_result(conn)
                .map_err(from_diesel)?;
            Ok(!any)
        })
        .await
    }
}

#[async_trait]
impl CatalogWriter for PgCatalogRepository {
    async fn create_category(&self, category: NewCategory) -> Result<CategoryId, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let id: i64 = diesel::insert_into(categories::table)
                .values((
                    categories::name.eq(&category.name),
                    categories::parent_id.eq(category.parent.map(CategoryId::get)),
                ))
                .returning(categories::id)
                .get_result(conn)
                .map_err(from_diesel)?;
            CategoryId::new(id).map_err(corrupt)
        })
        .await
    }

    async fn create_product(&self, product: NewProduct) -> Result<ProductId, RepositoryError> {
        let quantity = i32::try_from(product.quantity).map_err(|_| RepositoryError::Conflict("quantity".into()))?;
        with_connection(&self.pool, move |conn| {
            let id = conn
                .transaction(|conn| {
                    let row = NewProductRow {
                        name: &product.name,
                        category_id: product.category.get(),
                        price_paisa: product.price.list_price().paisa(),
                        sale_price_paisa: product.price.sale_price().map(Rupees::paisa),
                        discount_percent: i16::from(product.price.discount_percent()),
                        description: &product.description,
                        color: product.color.as_deref(),
                        quantity,
                        featured: product.featured,
                        free_delivery: product.free_delivery,
                    };
                    let id: i64 =
                        diesel::insert_into(products::table).values(&row).returning(products::id).get_result(conn)?;
                    let media: Vec<NewMediaRow<'_>> = product
                        .media
                        .iter()
                        .zip(0..)
                        .map(|(m, position)| NewMediaRow {
                            product_id: id,
                            position,
                            kind: m.kind.as_str(),
                            url: &m.url,
                        })
                        .collect();
                    diesel::insert_into(product_media::table).values(&media).execute(conn)?;
                    Ok(id)
                })
                .map_err(from_diesel)?;
            ProductId::new(id).map_err(corrupt)
        })
        .await
    }
}
