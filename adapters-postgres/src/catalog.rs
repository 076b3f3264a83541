//! The catalogue: products with their category and media, and the category tree.

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
use diesel::pg::Pg;
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

/// At most this many searched words are looked up; a longer search is matched on its first eight words (and,
/// when it needs it, on the whole phrase).
const MAX_SEARCH_WORDS: i64 = 8;

/// The dictionary words each searched word stands for: itself, the words holding it (`iphon` → `iphone`),
/// the words within about one typo (`chargr` → `charger`, trigram word similarity `<%`, through the
/// dictionary's trigram index) and the words of five or more letters exactly one edit away (`vepiifeg` →
/// `vepilifeg`, through their deletion keys). Short words and numbers are left to the phrase match.
/// Each searched word's matches come closest first: itself, then words one edit away, then by trigram
/// similarity, so 'chargr' ranks 'charger' before 'charging'.
const WORD_MATCHES: &str = "
SELECT t.w AS word, ARRAY(
    SELECT m.word FROM (
        SELECT s.word, FALSE AS one_edit FROM search_words s WHERE t.w <% s.word OR s.word LIKE '%' || t.w || '%'
      UNION ALL
        SELECT d.word, TRUE FROM search_word_deletions d
        WHERE d.key = ANY (deletion_keys(t.w)) AND within_one_edit(t.w, d.word)
    ) m
    GROUP BY m.word
    ORDER BY m.word = t.w DESC, bool_or(m.one_edit) DESC, similarity(t.w, m.word) DESC, m.word
) AS matches
FROM unnest(search_words_of($1)) WITH ORDINALITY AS t(w, n)
WHERE length(t.w) >= 3 AND t.w !~ '^[[:digit:]]+$'
ORDER BY t.n
LIMIT $2";

#[derive(QueryableByName)]
struct WordMatches {
    #[diesel(sql_type = Text)]
    word: String,
    /// Closest first.
    #[diesel(sql_type = Array<Text>)]
    matches: Vec<String>,
}

impl WordMatches {
    /// The words that stand for the searched word: itself and its matches.
    fn all(&self) -> Vec<String> {
        std::iter::once(self.word.clone()).chain(self.matches.iter().cloned()).collect()
    }

    /// The closest: the first match (a known word matches itself most closely), else the word itself.
    fn closest(&self) -> Vec<String> {
        vec![self.matches.first().unwrap_or(&self.word).clone()]
    }
}

/// Whether a search must also be matched as a phrase (`LIKE` over the search document, through its trigram
/// index): when it holds punctuation, a short word or a number, or more words than are looked up, which
/// the word match alone would miss ('%', 'usb-c', 'iphone 14').
fn needs_phrase(term: &str) -> bool {
    let words: Vec<&str> = term.split_whitespace().collect();
    words.len() > usize::try_from(MAX_SEARCH_WORDS).unwrap_or(usize::MAX)
        || words.iter().any(|w| {
            w.chars().count() < 3 || w.chars().any(|c| !c.is_alphanumeric()) || w.chars().all(|c| c.is_ascii_digit())
        })
}

/// The search query for `words` searched words: products holding a match of every word, or the phrase
/// when it is needed. Names holding the phrase rank first, then names holding every word's closest match,
/// then names holding any match of every word, then newest first. `$1` is the phrase as a LIKE pattern,
/// `$2`.. each word's matches, then each word's closest match, then limit and offset.
fn search_sql(words: usize, phrase: bool) -> String {
    let every = |column: &str, first: usize| {
        (0..words).map(|i| format!("{column} && ${}", first + i)).collect::<Vec<_>>().join(" AND ")
    };
    let mut matching = Vec::new();
    if phrase {
        matching.push("search_doc LIKE $1 ESCAPE '\\'".to_owned());
    }
    let mut ranking = vec!["(lower(name) LIKE $1 ESCAPE '\\') DESC".to_owned()];
    if words > 0 {
        matching.push(format!("({})", every("search_words", 2)));
        ranking.push(format!("({}) DESC", every("name_words", 2 + words)));
        ranking.push(format!("({}) DESC", every("name_words", 2)));
    }
    let matching = if matching.is_empty() { "FALSE".to_owned() } else { matching.join(" OR ") };
    format!(
        "SELECT id FROM products WHERE {matching} ORDER BY {}, id DESC LIMIT ${} OFFSET ${}",
        ranking.join(", "),
        2 * words + 2,
        2 * words + 3
    )
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
            match filter {
                ProductFilter::All => {}
                ProductFilter::Featured => query = query.filter(products::featured.eq(true)),
                ProductFilter::InCategory(category) => query = query.filter(products::category_id.eq(category.get())),
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
            diesel::sql_query(format!("{CATEGORY_TREE} ORDER BY full_path, id LIMIT $1 OFFSET $2"))
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

    async fn search(&self, terms: &SearchTerms, page: Page) -> Result<Vec<Product>, RepositoryError> {
        let term = terms.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            let words: Vec<WordMatches> = diesel::sql_query(WORD_MATCHES)
                .bind::<Text, _>(&term)
                .bind::<BigInt, _>(MAX_SEARCH_WORDS)
                .load(conn)
                .map_err(from_diesel)?;
            let mut query = diesel::sql_query(search_sql(words.len(), needs_phrase(&term)))
                .into_boxed::<Pg>()
                .bind::<Text, _>(format!("%{}%", escape_like(&term)));
            for word in &words {
                query = query.bind::<Array<Text>, _>(word.all());
            }
            for word in &words {
                query = query.bind::<Array<Text>, _>(word.closest());
            }
            let ids: Vec<i64> = query
                .bind::<BigInt, _>(i64::from(page.limit()))
                .bind::<BigInt, _>(i64::from(page.offset()))
                .load::<IdRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| row.id)
                .collect();
            products_by_ids(conn, &ids)
        })
        .await
    }

    async fn category(&self, id: CategoryId) -> Result<Option<Category>, RepositoryError> {
        with_connection(&self.pool, move |conn| one_category(conn, id)).await
    }

    async fn category_page(&self, id: CategoryId) -> Result<Option<CategoryPage>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let Some(category) = one_category(conn, id)? else { return Ok(None) };
            let children: Vec<(i64, String)> = categories::table
                .filter(categories::parent_id.eq(id.get()))
                .order((categories::name, categories::id))
                .select((categories::id, categories::name))
                .load(conn)
                .map_err(from_diesel)?;
            let ids: Vec<i64> = diesel::sql_query(CATEGORY_PRODUCTS)
                .bind::<BigInt, _>(id.get())
                .load::<IdRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| row.id)
                .collect();
            let mut by_category: HashMap<CategoryId, Vec<Product>> = HashMap::new();
            for product in products_by_ids(conn, &ids)? {
                by_category.entry(product.category.id).or_default().push(product);
            }
            let products = by_category.remove(&id).unwrap_or_default();
            let children = children
                .into_iter()
                .map(|(child, name)| {
                    let child = CategoryId::new(child).map_err(corrupt)?;
                    Ok((CategoryRef { id: child, name }, by_category.remove(&child).unwrap_or_default()))
                })
                .collect::<Result<_, RepositoryError>>()?;
            Ok(Some(CategoryPage { category, products, children }))
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
impl CatalogDates for PgCatalogRepository {
    async fn last_changes(&self) -> Result<LastChanges, RepositoryError> {
        with_connection(&self.pool, |conn| {
            // One snapshot for both lists, so a product never names a category the list lacks.
            conn.build_transaction()
                .read_only()
                .repeatable_read()
                .run(|conn| {
                    let categories = categories::table
                        .select((categories::id, categories::updated_at))
                        .order(categories::id)
                        .load::<(i64, DateTime<Utc>)>(conn)?;
                    let products = products::table
                        .select((products::id, products::updated_at))
                        .order(products::id)
                        .load::<(i64, DateTime<Utc>)>(conn)?;
                    Ok((categories, products))
                })
                .map_err(from_diesel)
                .and_then(|(categories, products)| {
                    Ok(LastChanges {
                        categories: categories
                            .into_iter()
                            .map(|(id, at)| Ok((CategoryId::new(id).map_err(corrupt)?, at)))
                            .collect::<Result<_, RepositoryError>>()?,
                        products: products
                            .into_iter()
                            .map(|(id, at)| Ok((ProductId::new(id).map_err(corrupt)?, at)))
                            .collect::<Result<_, RepositoryError>>()?,
                    })
                })
        })
        .await
    }
}

#[derive(QueryableByName)]
struct CategoryViewsRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    views: i64,
}

#[async_trait]
impl CategoryViewStore for PgCatalogRepository {
    async fn increment_views(&self, id: CategoryId) -> Result<Option<i64>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            // View counts are written without waiting for the disk: a crash may lose the last moment's
            // counts, never anything else.
            conn.transaction(|conn| {
                diesel::sql_query("SET LOCAL synchronous_commit TO OFF").execute(conn)?;
                diesel::update(categories::table.find(id.get()))
                    .set(categories::views.eq(categories::views + 1))
                    .returning(categories::views)
                    .get_result(conn)
                    .optional()
            })
            .map_err(from_diesel)
        })
        .await
    }

    async fn views(&self, id: CategoryId) -> Result<Option<i64>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            categories::table.find(id.get()).select(categories::views).first(conn).optional().map_err(from_diesel)
        })
        .await
    }

    async fn add_views(&self, counts: Vec<(CategoryId, u64)>) -> Result<Vec<(CategoryId, i64)>, RepositoryError> {
        let (ids, added): (Vec<i64>, Vec<i64>) =
            counts.iter().map(|(id, n)| (id.get(), i64::try_from(*n).unwrap_or(i64::MAX))).unzip();
        with_connection(&self.pool, move |conn| {
            conn.transaction(|conn| {
                diesel::sql_query("SET LOCAL synchronous_commit TO OFF").execute(conn)?;
                diesel::sql_query(
                    "UPDATE categories SET views = categories.views + added.n \
                     FROM unnest($1::int8[], $2::int8[]) AS added(id, n) WHERE categories.id = added.id \
                     RETURNING categories.id, categories.views",
                )
                .bind::<Array<BigInt>, _>(ids)
                .bind::<Array<BigInt>, _>(added)
                .load::<CategoryViewsRow>(conn)
            })
            .map_err(from_diesel)?
            .into_iter()
            .map(|row| Ok((CategoryId::new(row.id).map_err(corrupt)?, row.views)))
            .collect()
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
                    categories::name.eq(category.name.as_str()),
                    categories::parent_id.eq(category.parent.map(CategoryId::get)),
                ))
                .returning(categories::id)
                .get_result(conn)
                .map_err(from_diesel)?;
            CategoryId::new(id).map_err(corrupt)
        })
        .await
    }

    async fn update_category(
        &self,
        id: CategoryId,
        name: CategoryName,
        parent: Option<Option<CategoryId>>,
    ) -> Result<(), RepositoryError> {
        let name = name.as_str().to_owned();
        with_connection(&self.pool, move |conn| {
            let target = categories::table.find(id.get());
            let changed = match parent {
                None => diesel::update(target)
                    .set((categories::name.eq(&name), categories::updated_at.eq(diesel::dsl::now)))
                    .execute(conn),
                Some(parent) => diesel::update(target)
                    .set((
                        categories::name.eq(&name),
                        categories::parent_id.eq(parent.map(CategoryId::get)),
                        categories::updated_at.eq(diesel::dsl::now),
                    ))
                    .execute(conn),
            }
            .map_err(from_diesel)?;
            if changed == 0 {
                Err(RepositoryError::NotFound)
            } else {
                Ok(())
            }
        })
        .await
    }

    async fn delete_category(&self, id: CategoryId) -> Result<(), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            // Products and sub-categories reference it with ON DELETE RESTRICT: a conflict while any remain.
            match diesel::delete(categories::table.find(id.get())).execute(conn).map_err(from_diesel)? {
                0 => Err(RepositoryError::NotFound),
                _ => Ok(()),
            }
        })
        .await
    }

    async fn category_line(&self, id: CategoryId) -> Result<Vec<CategoryId>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::sql_query(CATEGORY_LINE)
                .bind::<BigInt, _>(id.get())
                .load::<IdRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(|row| CategoryId::new(row.id).map_err(corrupt))
                .collect()
        })
        .await
    }

    async fn update_product(&self, id: ProductId, product: NewProduct) -> Result<Vec<String>, RepositoryError> {
        let quantity = i32::try_from(product.quantity).map_err(|_| RepositoryError::Refused("quantity".into()))?;
        with_connection(&self.pool, move |conn| {
            conn.transaction(|conn| {
                let held = lock_media_of(conn, id)?;
                let changed = diesel::update(products::table.find(id.get()))
                    .set((
                        products::name.eq(&product.name),
                        products::category_id.eq(product.category.get()),
                        products::price_paisa.eq(product.price.list_price().paisa()),
                        products::sale_price_paisa.eq(product.price.sale_price().map(Rupees::paisa)),
                        products::discount_percent.eq(i16::from(product.price.discount_percent())),
                        products::description.eq(&product.description),
                        products::color.eq(product.color.as_deref()),
                        products::quantity.eq(quantity),
                        products::featured.eq(product.featured),
                        products::free_delivery.eq(product.free_delivery),
                        products::updated_at.eq(diesel::dsl::now),
                    ))
                    .execute(conn)?;
                if changed == 0 {
                    return Err(diesel::result::Error::NotFound);
                }
                diesel::delete(product_media::table.filter(product_media::product_id.eq(id.get()))).execute(conn)?;
                diesel::insert_into(product_media::table)
                    .values(&media_rows(id.get(), &product.media))
                    .execute(conn)?;
                unreferenced(conn, held)
            })
            .map_err(from_diesel)
        })
        .await
    }

    async fn delete_product(&self, id: ProductId) -> Result<Option<Vec<String>>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            conn.transaction(|conn| {
                let mut held = lock_media_of(conn, id)?;
                // Its reviews go with it (ON DELETE CASCADE), and their pictures' files with them.
                held.extend(
                    review_images::table
                        .inner_join(reviews::table)
                        .filter(reviews::product_id.eq(id.get()))
                        .select(review_images::url)
                        .load::<String>(conn)?,
                );
                if diesel::delete(products::table.find(id.get())).execute(conn)? == 0 {
                    return Ok(None);
                }
                unreferenced(conn, held).map(Some)
            })
            .map_err(from_diesel)
        })
        .await
    }

    async fn toggle_featured(&self, id: ProductId) -> Result<Option<bool>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            diesel::update(products::table.find(id.get()))
                .set(products::featured.eq(diesel::dsl::not(products::featured)))
                .returning(products::featured)
                .get_result(conn)
                .optional()
                .map_err(from_diesel)
        })
        .await
    }

    async fn create_product(&self, product: NewProduct) -> Result<ProductId, RepositoryError> {
        let quantity = i32::try_from(product.quantity).map_err(|_| RepositoryError::Refused("quantity".into()))?;
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
                    let media = media_rows(id, &product.media);
                    diesel::insert_into(product_media::table).values(&media).execute(conn)?;
                    Ok(id)
                })
                .map_err(from_diesel)?;
            ProductId::new(id).map_err(corrupt)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_are_matched_by_words_alone_and_anything_else_also_as_a_phrase() {
        for plain in ["chargr", "iphon case", "fast wireless charger"] {
            assert!(!needs_phrase(plain), "{plain}");
        }
        for phrase in ["%", "usb-c", "iphone 14", "ab", "a b c", "one two three four five six seven eight nine"] {
            assert!(needs_phrase(phrase), "{phrase}");
        }
    }

    #[test]
    fn the_query_asks_for_every_word_and_binds_limit_and_offset_after_them() {
        assert_eq!(
            search_sql(2, false),
            "SELECT id FROM products WHERE (search_words && $2 AND search_words && $3) ORDER BY \
             (lower(name) LIKE $1 ESCAPE '\\') DESC, (name_words && $4 AND name_words && $5) DESC, \
             (name_words && $2 AND name_words && $3) DESC, id DESC LIMIT $6 OFFSET $7"
        );
        assert_eq!(
            search_sql(0, true),
            "SELECT id FROM products WHERE search_doc LIKE $1 ESCAPE '\\' ORDER BY \
             (lower(name) LIKE $1 ESCAPE '\\') DESC, id DESC LIMIT $2 OFFSET $3"
        );
        assert!(search_sql(1, true).contains("WHERE search_doc LIKE $1 ESCAPE '\\' OR (search_words && $2) ORDER BY"));
    }
}
