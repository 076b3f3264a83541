//! The stock, coupon-use and order writes of the orders' units of work, on [`PgTransaction`].

use application::common::token::sha256_hex;
use application::orders::model::CorrectedAddress;

use super::*;

#[derive(Queryable)]
struct StockRow {
    id: i64,
    name: String,
    price_paisa: i64,
    sale_price_paisa: Option<i64>,
    discount_percent: i16,
    free_delivery: bool,
    quantity: i32,
}

impl StockTx for PgTransaction {
    fn lock_products(&mut self, ids: &[ProductId]) -> Result<Vec<StockedProduct>, RepositoryError> {
        let ids: Vec<i64> = ids.iter().map(|id| id.get()).collect();
        products::table
            .filter(products::id.eq_any(ids))
            .order(products::id)
            .select((
                products::id,
                products::name,
                products::price_paisa,
                products::sale_price_paisa,
                products::discount_percent,
                products::free_delivery,
                products::quantity,
            ))
            .for_update()
            .load::<StockRow>(self.conn())
            .map_err(from_diesel)?
            .into_iter()
            .map(|row| {
                Ok(StockedProduct {
                    id: ProductId::new(row.id).map_err(corrupt)?,
                    name: row.name,
                    tag: PriceTag::from_fields(
                        Rupees::from_paisa(row.price_paisa),
                        row.sale_price_paisa.map(Rupees::from_paisa),
                        u8::try_from(row.discount_percent).map_err(corrupt)?,
                    )
                    .map_err(corrupt)?,
                    free_delivery: row.free_delivery,
                    quantity: u32::try_from(row.quantity).map_err(corrupt)?,
                })
            })
            .collect()
    }

    fn delivery_charge(&mut self) -> Result<DeliveryCharge, RepositoryError> {
        let paisa: i64 = shop_settings::table
            .select(shop_settings::delivery_charge_paisa)
            .first(self.conn())
            .map_err(from_diesel)?;
        DeliveryCharge::new(Rupees::from_paisa(paisa)).map_err(corrupt)
    }

    fn take(&mut self, lines: &[(ProductId, u32)]) -> Result<bool, RepositoryError> {
        let ids: Vec<i64> = lines.iter().map(|(id, _)| id.get()).collect();
        let quantities =
            lines.iter().map(|(_, n)| i32::try_from(*n).map_err(corrupt)).collect::<Result<Vec<_>, _>>()?;
        // Every line's product is updated only when none is short (or gone), so a short line takes nothing.
        let taken = diesel::sql_query(
            "WITH wanted AS (SELECT * FROM unnest($1::BIGINT[], $2::INTEGER[]) AS w (id, n))
             UPDATE products p SET quantity = p.quantity - w.n, updated_at = now()
               FROM wanted w
              WHERE p.id = w.id AND p.quantity >= w.n
                AND NOT EXISTS (SELECT 1 FROM wanted s LEFT JOIN products q ON q.id = s.id
                                 WHERE q.id IS NULL OR q.quantity < s.n)",
        )
        .bind::<diesel::sql_types::Array<diesel::sql_types::BigInt>, _>(ids)
        .bind::<diesel::sql_types::Array<Integer>, _>(quantities)
        .execute(self.conn())
        .map_err(from_diesel)?;
        Ok(taken == lines.len())
    }

    fn put_back(&mut self, id: ProductId, quantity: u32) -> Result<bool, RepositoryError> {
        let quantity = i32::try_from(quantity).map_err(corrupt)?;
        let restocked = diesel::update(products::table.find(id.get()))
            .set((products::quantity.eq(products::quantity + quantity), products::updated_at.eq(diesel::dsl::now)))
            .execute(self.conn())
            .map_err(from_diesel)?;
        Ok(restocked == 1)
    }
}

impl CouponUseTx for PgTransaction {
    fn lock_by_code(&mut self, code: &CouponCode) -> Result<Option<LockedCoupon>, RepositoryError> {
        coupons::table
            .filter(coupons::code.eq(code.as_str()))
            .select(CouponRow::as_select())
            .for_update()
            .first(self.conn())
            .optional()
            .map_err(from_diesel)?
            .map(|row| {
                let StoredCoupon { id, coupon, uses } = StoredCoupon::try_from(row)?;
                Ok(LockedCoupon { id, coupon, uses })
            })
            .transpose()
    }

    fn uses_by_customer(&mut self, coupon: CouponId, customer: CustomerId) -> Result<u32, RepositoryError> {
        let count: i64 = orders::table
            .filter(orders::coupon_id.eq(coupon.get()))
            .filter(orders::customer_id.eq(customer.get()))
            .filter(orders::status.ne(OrderStatus::Rejected.as_str()))
            .count()
            .get_result(self.conn())
            .map_err(from_diesel)?;
        u32::try_from(count).map_err(corrupt)
    }

    fn take_use(&mut self, coupon: CouponId) -> Result<bool, RepositoryError> {
        let taken = diesel::update(
            coupons::table
                .find(coupon.get())
                .filter(coupons::max_uses.is_null().or(coupons::uses.lt(coupons::max_uses.assume_not_null()))),
        )
        .set(coupons::uses.eq(coupons::uses + 1))
        .execute(self.conn())
        .map_err(from_diesel)?;
        Ok(taken == 1)
    }

    fn release_use(&mut self, coupon: CouponId) -> Result<(), RepositoryError> {
        diesel::update(coupons::table.find(coupon.get()).filter(coupons::uses.gt(0)))
            .set(coupons::uses.eq(coupons::uses - 1))
            .execute(self.conn())
            .map_err(from_diesel)?;
        Ok(())
    }
}

impl OrderTx for PgTransaction {
    fn insert(&mut self, order: &NewOrder) -> Result<OrderId, RepositoryError> {
        let d = &order.details;
        let risk = risk_columns(&order.risk);
        let row = NewOrderRow {
            customer_id: order.customer.get(),
            subtotal_paisa: order.subtotal.paisa(),
            delivery_charge_paisa: order.delivery_charge.paisa(),
            coupon_discount_paisa: order.coupon_discount.paisa(),
            total_paisa: order.total.paisa(),
            coupon_code: order.coupon.as_ref().map(|(_, code)| code.as_str()),
            coupon_id: order.coupon.as_ref().map(|(id, _)| id.get()),
            province: d.destination.province(),
            city: d.destination.city(),
            name: d.name.as_str(),
            phone1: d.phone1.as_typed(),
            phone1_normalized: d.phone1.normal(),
            phone2: d.phone2.as_ref().map(|p| p.as_typed()),
            phone2_normalized: d.phone2.as_ref().map(|p| p.normal()),
            email: d.email.as_str(),
            address: d.address.as_str(),
            confirm_token_hash: order.confirm_digest.as_str(),
            created_at: order.at,
            updated_at: order.at,
            risk_score: risk.score,
            risk_score_pending: risk.score_pending,
            risk_reasons: risk.reasons,
            language: order.language.code(),
        };
        let conn = self.conn();
        let id: i64 = diesel::insert_into(orders::table)
            .values(&row)
            .returning(orders::id)
            .get_result(conn)
            .map_err(from_diesel)?;
        let items: Vec<_> = order
            .items
            .iter()
            .enumerate()
            .map(|(position, item)| {
                Ok((
                    order_items::order_id.eq(id),
                    order_items::position.eq(i32::try_from(position).map_err(corrupt)?),
                    order_items::product_id.eq(item.product_id.get()),
                    order_items::name.eq(item.name.as_str()),
                    order_items::unit_price_paisa.eq(item.unit_price.paisa()),
                    order_items::quantity.eq(i32::try_from(item.quantity.get()).map_err(corrupt)?),
                ))
            })
            .collect::<Result<_, RepositoryError>>()?;
        diesel::insert_into(order_items::table).values(&items).execute(conn).map_err(from_diesel)?;
        diesel::insert_into(order_events::table)
            .values((
                order_events::order_id.eq(id),
                order_events::status.eq(OrderStatus::Pending.as_str()),
                order_events::at.eq(order.at),
                order_events::actor.eq(Actor::Customer.as_str()),
            ))
            .execute(conn)
            .map_err(from_diesel)?;
        self.order_placed();
        OrderId::new(id).map_err(corrupt)
    }

    fn save_key(
        &mut self,
        customer: CustomerId,
        key: &IdempotencyKey,
        digest: &str,
        order: OrderId,
    ) -> Result<(), RepositoryError> {
        diesel::insert_into(order_idempotency_keys::table)
            .values((
                order_idempotency_keys::customer_id.eq(customer.get()),
                order_idempotency_keys::key.eq(key.as_str()),
                order_idempotency_keys::request_digest.eq(digest),
                order_idempotency_keys::order_id.eq(order.get()),
            ))
            .execute(self.conn())
            .map_err(from_diesel)?;
        Ok(())
    }

    fn find(&mut self, id: OrderId) -> Result<Option<Order>, RepositoryError> {
        find_order(self.conn(), id)
    }

    fn lock_placements(&mut self, customer: CustomerId, phone: &str) -> Result<(), RepositoryError> {
        // The customer's row, in a mode that lets other rows' foreign keys to it through (they take KEY
        // SHARE) but not another placement's; then the phone, by an advisory lock of its own class.
        customers::table
            .find(customer.get())
            .select(customers::id)
            .for_no_key_update()
            .load::<i64>(self.conn())
            .map_err(from_diesel)?;
        crate::risk_rules::lock_phone(self.conn(), phone)
    }

    fn recent_orders(
        &mut self,
        customer: CustomerId,
        phone: &str,
        limits: &OrderLimits,
    ) -> Result<RecentOrders, RepositoryError> {
        // Each count reads at most its limit's entries of an index (`orders_pending_customer_idx`,
        // `orders_pending_phone1_idx`, `orders_customer_newest_idx`), however many orders there are; the three
        // statements are prepared once per connection.
        let limit = |id| i64::from(limits.get(id));
        let pending = || orders::table.filter(orders::status.eq(OrderStatus::Pending.as_str()));
        let conn = self.conn();
        let by_account: Vec<i64> = pending()
            .filter(orders::customer_id.eq(customer.get()))
            .select(orders::id)
            .limit(limit(LimitId::PendingPerAccount))
            .load(conn)
            .map_err(from_diesel)?;
        let by_phone: Vec<i64> = pending()
            .filter(orders::phone1_normalized.eq(phone))
            .select(orders::id)
            .limit(limit(LimitId::PendingPerPhone))
            .load(conn)
            .map_err(from_diesel)?;
        let nth_newest_placed: Option<DateTime<Utc>> = orders::table
            .filter(orders::customer_id.eq(customer.get()))
            .order((orders::created_at.desc(), orders::id.desc()))
            .select(orders::created_at)
            .offset(limit(LimitId::OrdersPerDay) - 1)
            .first(conn)
            .optional()
            .map_err(from_diesel)?;
        Ok(RecentOrders {
            pending_by_account: u32::try_from(by_account.len()).map_err(corrupt)?,
            pending_by_phone: u32::try_from(by_phone.len()).map_err(corrupt)?,
            nth_newest_placed,
        })
    }

    fn change_status(
        &mut self,
        id: OrderId,
        from: OrderStatus,
        to: OrderStatus,
        at: DateTime<Utc>,
        actor: Actor,
        comment: Option<String>,
    ) -> Result<bool, RepositoryError> {
        let conn = self.conn();
        let target = orders::table.find(id.get()).filter(orders::status.eq(from.as_str()));
        let moved = if to == OrderStatus::Rejected {
            diesel::update(target)
                .set((
                    orders::status.eq(to.as_str()),
                    orders::updated_at.eq(at),
                    orders::admin_comment.eq(comment.as_deref()),
                ))
                .execute(conn)
        } else {
            diesel::update(target).set((orders::status.eq(to.as_str()), orders::updated_at.eq(at))).execute(conn)
        }
        .map_err(from_diesel)?;
        if moved == 0 {
            return Ok(false);
        }
        diesel::insert_into(order_events::table)
            .values((
                order_events::order_id.eq(id.get()),
                order_events::status.eq(to.as_str()),
                order_events::at.eq(at),
                order_events::actor.eq(actor.as_str()),
                order_events::comment.eq(comment.as_deref()),
            ))
            .execute(conn)
            .map_err(from_diesel)?;
        Ok(true)
    }

    fn correct_address(
        &mut self,
        id: OrderId,
        status: OrderStatus,
        corrected: &CorrectedAddress,
        at: DateTime<Utc>,
        note: &str,
    ) -> Result<bool, RepositoryError> {
        let conn = self.conn();
        let changed = diesel::update(orders::table.find(id.get()).filter(orders::status.eq(status.as_str())))
            .set((
                orders::province.eq(corrected.city.province().name()),
                orders::city.eq(corrected.city.name()),
                orders::address.eq(corrected.address.as_str()),
                orders::updated_at.eq(at),
            ))
            .execute(conn)
            .map_err(from_diesel)?;
        if changed == 0 {
            return Ok(false);
        }
        diesel::insert_into(order_events::table)
            .values((
                order_events::order_id.eq(id.get()),
                order_events::status.eq(status.as_str()),
                order_events::at.eq(at),
                order_events::actor.eq(Actor::Admin.as_str()),
                order_events::comment.eq(note),
            ))
            .execute(conn)
            .map_err(from_diesel)?;
        Ok(true)
    }

    fn add_review_tokens(&mut self, id: OrderId, tokens: &[ReviewToken]) -> Result<(), RepositoryError> {
        let rows: Vec<_> = tokens
            .iter()
            .map(|t| {
                (
                    review_tokens::token_hash.eq(sha256_hex(&t.token)),
                    review_tokens::order_id.eq(id.get()),
                    review_tokens::product_id.eq(t.product_id.get()),
                )
            })
            .collect();
        diesel::insert_into(review_tokens::table).values(&rows).execute(self.conn()).map_err(from_diesel)?;
        Ok(())
    }
}

impl OrdersTx for PgTransaction {
    fn stock(&mut self) -> &mut dyn StockTx {
        self
    }

    fn orders(&mut self) -> &mut dyn OrderTx {
        self
    }

    fn coupons(&mut self) -> &mut dyn CouponUseTx {
        self
    }

    fn outbox(&mut self) -> &mut dyn OutboxTx {
        self
    }

    fn risk(&mut self) -> &mut dyn RiskTx {
        self
    }

    fn consignments(&mut self) -> &mut dyn ConsignmentTx {
        self
    }

    fn whatsapp(&mut self) -> &mut dyn application::whatsapp::ports::WhatsAppTx {
        self
    }
}
