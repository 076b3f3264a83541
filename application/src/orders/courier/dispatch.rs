//! Bulk dispatch: the chosen orders, every one approved and booked under a tracking number, move to
//! `dispatched` together in one transaction, each through the same change as a single status change (its
//! history entry and its e-mail with the courier and tracking number), or none moves.

use domain::ids::OrderId;
use domain::order_status::{transition, OrderStatus};

use crate::common::error::RepositoryError;
use crate::orders::change_status::apply_change;
use crate::orders::courier::selection::SelectionError;
use crate::orders::courier::service::Courier;
use crate::orders::model::{Actor, Order};

/// The answer of a bulk dispatch: "Dispatched 2 orders." / "Dispatched 1 order.".
#[must_use]
pub fn dispatched_message(count: usize) -> String {
    if count == 1 {
        "Dispatched 1 order.".into()
    } else {
        format!("Dispatched {count} orders.")
    }
}

/// Why no order was dispatched.
#[derive(Debug, thiserror::Error)]
pub enum DispatchError {
    #[error(transparent)]
    Selection(#[from] SelectionError),
    #[error("Order #{0} does not exist.")]
    NotFound(OrderId),
    #[error("Order #{0} is not approved.")]
    NotApproved(OrderId),
    #[error("Order #{0} has no tracking number.")]
    NoTracking(OrderId),
    #[error("the orders could not be dispatched")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for DispatchError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

impl Courier {
    /// Moves every order of `ids` from approved to dispatched, or none; answers them in the order of `ids`.
    ///
    /// # Errors
    /// [`DispatchError`]: the first order (in the order of `ids`) that is unknown, not approved or without a
    /// tracking number; a store failure.
    pub async fn dispatch(&self, ids: Vec<OrderId>) -> Result<Vec<Order>, DispatchError> {
        let now = self.clock.now();
        let tokens = self.tokens.clone();
        let mail = self.mail.clone();
        let chosen = ids.clone();
        self.unit_of_work
            .run(move |tx| {
                // Locked first, so nothing changes them between these checks and the updates.
                let locked = tx.consignments().lock(&chosen)?;
                for id in &chosen {
                    let Some(order) = locked.iter().find(|o| o.id == *id) else {
                        return Err(DispatchError::NotFound(*id));
                    };
                    if order.status != OrderStatus::Approved {
                        return Err(DispatchError::NotApproved(*id));
                    }
                    if !order.has_consignment {
                        return Err(DispatchError::NoTracking(*id));
                    }
                }
                let change = transition(OrderStatus::Approved, OrderStatus::Dispatched)
                    .map_err(|e| RepositoryError::Corrupt(e.to_string()))?;
                for id in chosen {
                    let order = tx.orders().find(id)?.ok_or(RepositoryError::NotFound)?;
                    if apply_change(tx, &order, change, (None, Actor::Admin), now, tokens.as_ref(), &mail)?.is_none() {
                        return Err(RepositoryError::Refused(format!("order {id} changed under its row lock")).into());
                    }
                }
                Ok(())
            })
            .await?;
        let mut found = self.repository.orders(ids.clone()).await?;
        let mut orders = Vec::with_capacity(ids.len());
        for id in ids {
            let at = found.iter().position(|o| o.id == id).ok_or(RepositoryError::NotFound)?;
            orders.push(found.swap_remove(at));
        }
        Ok(orders)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::consignments::LockedOrder;
    use crate::orders::courier::ports::MockCourierRepository;
    use crate::orders::courier::testing::{consignment, courier, id};
    use crate::orders::model::Actor;
    use crate::orders::testing::{run_once, stored, Handle};

    fn locked(n: i64, status: OrderStatus, has_consignment: bool) -> LockedOrder {
        LockedOrder { id: id(n), status, has_consignment }
    }

    fn booked(n: i64, status: OrderStatus, number: &str) -> Order {
        let mut order = stored(n, status);
        order.consignment = Some(consignment("Leopards", number));
        order
    }

    #[tokio::test]
    async fn every_order_moves_through_the_status_change_with_its_history_entry_and_courier_mail() {
        let mut handle = Handle::default();
        handle
            .consignments
            .expect_lock()
            .withf(|ids| ids == [id(15), id(12)])
            .times(1)
            .returning(|_| Ok(vec![locked(12, OrderStatus::Approved, true), locked(15, OrderStatus::Approved, true)]));
        let mut reads = std::collections::HashMap::new();
        handle.orders.expect_find().returning(move |order| {
            let n = order.get();
            let count = reads.entry(n).or_insert(0);
            *count += 1;
            let status = if *count == 1 { OrderStatus::Approved } else { OrderStatus::Dispatched };
            Ok(Some(booked(n, status, &format!("LE{n}00"))))
        });
        handle
            .orders
            .expect_change_status()
            .withf(|_, from, to, _, actor, comment| {
                *from == OrderStatus::Approved
                    && *to == OrderStatus::Dispatched
                    && *actor == Actor::Admin
                    && comment.is_none()
            })
            .times(2)
            .returning(|_, _, _, _, _, _| Ok(true));
        handle.stock.expect_put_back().never();
        handle
            .outbox
            .expect_enqueue()
            .withf(|mails| {
                mails[0].subject.ends_with("is dispatched")
                    && mails[0].text.contains("Courier: Leopards\nTracking number: LE")
            })
            .times(2)
            .returning(|_| Ok(1));
        let mut repository = MockCourierRepository::new();
        repository.expect_orders().times(1).returning(|_| {
            Ok(vec![booked(12, OrderStatus::Dispatched, "LE1200"), booked(15, OrderStatus::Dispatched, "LE1500")])
        });

        let orders = courier(repository, run_once(handle)).dispatch(vec![id(15), id(12)]).await.unwrap();

        assert_eq!(orders.iter().map(|o| o.id).collect::<Vec<_>>(), [id(15), id(12)]);
        assert_eq!(dispatched_message(2), "Dispatched 2 orders.");
        assert_eq!(dispatched_message(1), "Dispatched 1 order.");
    }

    #[tokio::test]
    async fn the_first_order_at_fault_stops_the_dispatch_before_anything_is_written() {
        let cases = [
            (vec![id(12), id(999)], "Order #999 does not exist."),
            (vec![id(12), id(16), id(15)], "Order #16 has no tracking number."),
            (vec![id(15), id(12), id(16)], "Order #15 is not approved."),
        ];
        for (ids, message) in cases {
            let mut handle = Handle::default();
            handle.consignments.expect_lock().times(1).returning(|_| {
                Ok(vec![
                    locked(12, OrderStatus::Approved, true),
                    locked(15, OrderStatus::Pending, true),
                    locked(16, OrderStatus::Approved, false),
                ])
            });
            handle.orders.expect_change_status().never();
            handle.outbox.expect_enqueue().never();

            let err = courier(MockCourierRepository::new(), run_once(handle)).dispatch(ids).await.unwrap_err();

            assert_eq!(err.to_string(), message);
        }
    }
}
