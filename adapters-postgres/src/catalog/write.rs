//! The catalogue written: categories and products with their media, in one transaction each.

use super::*;

#[async_trait]
impl CatalogWriter for PgCatalogRepository {
    async fn create_category(&self, category: NewCategory) -> Result<CategoryId, RepositoryError> {
        with_connection(&self.pool, move |conn| {
            let id: i64 = diesel::insert_into(categories::table)
                .values((
                    categories::name.eq(category.name.as_str()),
                    categories::name_ur.eq(category.name_ur.as_ref().map(CategoryName::as_str)),
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
        name_ur: Option<Option<CategoryName>>,
        parent: Option<Option<CategoryId>>,
    ) -> Result<(), RepositoryError> {
        let name = name.into_string();
        let name_ur = name_ur.map(|n| n.map(CategoryName::into_string));
        with_connection(&self.pool, move |conn| {
            // An assignment left `None` is not written: the column keeps its value.
            let changed = diesel::update(categories::table.find(id.get()))
                .set((
                    categories::name.eq(&name),
                    name_ur.map(|n| categories::name_ur.eq(n)),
                    parent.map(|p| categories::parent_id.eq(p.map(CategoryId::get))),
                    categories::updated_at.eq(diesel::dsl::now),
                ))
                .execute(conn)
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
                        products::name_ur.eq(product.name_ur.as_deref()),
                        products::description_ur.eq(product.description_ur.as_deref()),
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
                        name_ur: product.name_ur.as_deref(),
                        description_ur: product.description_ur.as_deref(),
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
