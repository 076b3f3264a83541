//! The catalogue read: products, search, categories, the sitemap's dates and category views.

use super::*;
use application::catalog::model::{ProductQuery, StockFilter};
use domain::search::SynonymGroups;
use domain::stock::LOW_STOCK_PAGE_AT_MOST;

#[async_trait]
impl CatalogRepository for PgCatalogRepository {
    async fn list_products(&self, filter: ProductFilter, page: Page) -> Result<Vec<Product>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let (sql, category) = match filter {
                ProductFilter::All => (ALL_PRODUCTS, None),
                ProductFilter::Featured => (FEATURED_PRODUCTS, None),
                ProductFilter::InCategory(category) => (CATEGORY_PRODUCT_PAGE, Some(category.get())),
            };
            let mut query = Prepared::new(sql)
                .bind(Bind::BigInt(i64::from(page.limit())))
                .bind(Bind::BigInt(i64::from(page.offset())));
            if let Some(category) = category {
                query = query.bind(Bind::BigInt(category));
            }
            cards(query.load(conn).map_err(from_diesel)?)
        })
        .await
    }

    async fn find_products(&self, query: ProductQuery, page: Page) -> Result<(Vec<Product>, u64), RepositoryError> {
        with_connection(&self.pool, move |conn| {
            // A piece of the name, its LIKE wildcards taken literally.
            let pattern = query.name.as_ref().map(|name| {
                let escaped = name.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                format!("%{escaped}%")
            });
            let low = i32::try_from(LOW_STOCK_PAGE_AT_MOST).unwrap_or(i32::MAX);
            macro_rules! filtered {
                ($query:expr) => {{
                    let mut q = $query;
                    if let Some(pattern) = &pattern {
                        q = q.filter(products::name.ilike(pattern.clone()));
                    }
                    if let Some(category) = query.category {
                        q = q.filter(products::category_id.eq(category.get()));
                    }
                    match query.stock {
                        StockFilter::Any => {}
                        StockFilter::Out => q = q.filter(products::quantity.le(0)),
                        StockFilter::Low => q = q.filter(products::quantity.between(1, low)),
                    }
                    q
                }};
            }
            let total: i64 = filtered!(products::table.select(diesel::dsl::count_star()).into_boxed())
                .first(conn)
                .map_err(from_diesel)?;
            let rows = filtered!(products::table
                .inner_join(categories::table)
                .select((ProductRow::as_select(), (categories::name, categories::name_ur)))
                .order((products::created_at.desc(), products::id.desc()))
                .limit(i64::from(page.limit()))
                .offset(i64::from(page.offset()))
                .into_boxed())
            .load::<(ProductRow, CategoryNames)>(conn)
            .map_err(from_diesel)?;
            Ok((with_media(conn, rows)?, u64::try_from(total).unwrap_or_default()))
        })
        .await
    }

    async fn product(&self, id: ProductId) -> Result<Option<Product>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let rows = Prepared::new(ONE_PRODUCT).bind(Bind::BigInt(id.get())).load(conn).map_err(from_diesel)?;
            Ok(cards(rows)?.pop())
        })
        .await
    }

    async fn categories(&self, page: Page) -> Result<Vec<Category>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            Prepared::new(format!("{CATEGORY_TREE} ORDER BY full_path, id LIMIT $1 OFFSET $2"))
                .bind(Bind::BigInt(i64::from(page.limit())))
                .bind(Bind::BigInt(i64::from(page.offset())))
                .load::<CategoryRow>(conn)
                .map_err(from_diesel)?
                .into_iter()
                .map(to_category)
                .collect()
        })
        .await
    }

    async fn search(
        &self,
        terms: &SearchTerms,
        synonyms: &SynonymGroups,
        page: Page,
    ) -> Result<Vec<Product>, RepositoryError> {
        let (terms, synonyms) = (terms.clone(), synonyms.clone());
        with_connection(&self.pool, move |conn| search::search(conn, &terms, &synonyms, page)).await
    }

    async fn correction(&self, terms: &SearchTerms) -> Result<Option<String>, RepositoryError> {
        let terms = terms.clone();
        with_connection(&self.pool, move |conn| search::correction(conn, &terms)).await
    }

    async fn category(&self, id: CategoryId) -> Result<Option<Category>, RepositoryError> {
        with_connection(&self.pool, move |conn| one_category(conn, id)).await
    }

    async fn category_page(&self, id: CategoryId) -> Result<Option<CategoryPage>, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let found = Prepared::new(CATEGORY_WITH_CHILDREN)
                .bind(Bind::BigInt(id.get()))
                .get_result::<CategoryWithChildrenRow>(conn)
                .optional()
                .map_err(from_diesel)?;
            let Some(CategoryWithChildrenRow { category, child_ids, child_names, child_names_ur }) = found else {
                return Ok(None);
            };
            let category = to_category(category)?;
            let rows = Prepared::new(CATEGORY_PRODUCTS).bind(Bind::BigInt(id.get())).load(conn).map_err(from_diesel)?;
            let mut by_category: HashMap<CategoryId, Vec<Product>> = HashMap::new();
            for product in cards(rows)? {
                by_category.entry(product.category.id).or_default().push(product);
            }
            let products = by_category.remove(&id).unwrap_or_default();
            let children = child_ids
                .into_iter()
                .zip(child_names.into_iter().zip(child_names_ur))
                .map(|(child, (name, name_ur))| {
                    let child = CategoryId::new(child).map_err(corrupt)?;
                    Ok((CategoryRef { id: child, name, name_ur }, by_category.remove(&child).unwrap_or_default()))
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
