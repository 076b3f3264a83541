//! The admin moves an order to its next status (docs/spec.md §4, docs/contract.md §4): a conditional update on the
//! current status, so the same change sent many times at once applies once; stock put back on a rejection
//! or a return, the coupon's use released on a rejection, review tokens made on delivery, the history
//! entry and the customer's e-mail, all in one transaction.

use chrono::{DateTime, Utc};
use domain::ids::OrderId;
use domain::order_status::{
    transition, OrderStatus, RejectionReason, RejectionReasonError, Transition, TransitionError,
};
use domain::text::{Lines, PlainText, TextError};

use crate::common::error::RepositoryError;
use crate::orders::cod_ports::{Contact, RiskScope};
use crate::orders::mail::{status_mail, whatsapp_news};
use crate::orders::model::{Actor, Order, ReviewToken};
use crate::orders::ports::{OrdersTx, ReviewTokens};
use crate::orders::risk::settle;
use crate::orders::service::{OrderMailConfig, Orders};
use crate::orders::whatsapp_messages::queue_update;

/// The answer of a status change.
pub const STATUS_UPDATED: &str = "Order status updated.";

/// Why a status change was refused. Nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum ChangeStatusError {
    #[error(transparent)]
    ReasonRequired(#[from] RejectionReasonError),
    /// The comment holds a character no stored text may (a control character, a bidirectional control).
    #[error(transparent)]
    CommentText(#[from] TextError),
    #[error("Order not found.")]
    NotFound,
    /// The order's status (as it is now, after any change that came first) does not allow this change.
    #[error(transparent)]
    NotAllowed(#[from] TransitionError),
    #[error("the order's status could not be changed")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for ChangeStatusError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// Why a status change's unit of work kept none of its writes.
enum Undone {
    /// The change was refused.
    Refused(ChangeStatusError),
    /// The order was confirmed before the change took its row, or while the change waited for it (reject
    /// unconfirmed only): it is left as it is.
    ConfirmedMeanwhile,
}

impl From<RepositoryError> for Undone {
    fn from(err: RepositoryError) -> Self {
        Self::Refused(err.into())
    }
}

impl Orders {
    /// Moves order `id` to `to`; `comment` is the reason a rejection needs, and is kept in the history.
    ///
    /// # Errors
    /// [`ChangeStatusError`]: a rejection without a reason, an unknown order, a change its status does not
    /// allow, or a store failure.
    pub async fn change_status(
        &self,
        id: OrderId,
        to: OrderStatus,
        comment: Option<String>,
    ) -> Result<Order, ChangeStatusError> {
        self.change(id, to, comment, false, Actor::Admin).await?.ok_or(ChangeStatusError::NotFound)
    }

    /// Moves order `id` to `to` as `actor` did (the shopper's Cancel on WhatsApp), as
    /// [`Orders::change_status`] does for the admin.
    ///
    /// # Errors
    /// As [`Orders::change_status`].
    pub(crate) async fn change_as(
        &self,
        id: OrderId,
        to: OrderStatus,
        comment: &str,
        actor: Actor,
    ) -> Result<Order, ChangeStatusError> {
        self.change(id, to, Some(comment.to_owned()), false, actor).await?.ok_or(ChangeStatusError::NotFound)
    }

    /// Rejects order `id` for `reason` unless it has been confirmed; answers whether it did.
    ///
    /// # Errors
    /// As [`Orders::change_status`].
    pub(crate) async fn reject_if_unconfirmed(&self, id: OrderId, reason: String) -> Result<bool, ChangeStatusError> {
        Ok(self.change(id, OrderStatus::Rejected, Some(reason), true, Actor::Admin).await?.is_some())
    }

    /// The change, or `None` when `unless_confirmed` and the order is confirmed. The pending orders of the
    /// order's phone and e-mail are scored again afterwards, since their history changed.
    async fn change(
        &self,
        id: OrderId,
        to: OrderStatus,
        comment: Option<String>,
        unless_confirmed: bool,
        actor: Actor,
    ) -> Result<Option<Order>, ChangeStatusError> {
        let comment = comment
            .map(|c| PlainText::parse(&c, Lines::Many, "The comment"))
            .transpose()?
            .map(PlainText::into_string)
            .filter(|c| !c.is_empty());
        if to == OrderStatus::Rejected {
            RejectionReason::parse(comment.as_deref().unwrap_or_default())?;
        }
        let now = self.clock.now();
        let tokens = self.tokens.clone();
        let mail = self.mail.clone();
        let changed = self
            .unit_of_work
            .run(move |tx| {
                let Some(order) = tx.orders().find(id)? else {
                    return Err(Undone::Refused(ChangeStatusError::NotFound));
                };
                if unless_confirmed && order.confirmed_at.is_some() {
                    return Err(Undone::ConfirmedMeanwhile);
                }
                let change = transition(order.status, to).map_err(|refused| Undone::Refused(refused.into()))?;
                let Some(made) = apply_change(tx, &order, change, (comment, actor), now, tokens.as_ref(), &mail)?
                else {
                    // Another request changed it first (this update waited for it): refuse from where it is now.
                    let now_status = tx.orders().find(id)?.map_or(order.status, |o| o.status);
                    return Err(Undone::Refused(TransitionError { from: now_status, to }.into()));
                };
                if unless_confirmed && tx.orders().find(id)?.is_some_and(|o| o.confirmed_at.is_some()) {
                    // Confirmed after the first read and before this update took the row: undo the change.
                    return Err(Undone::ConfirmedMeanwhile);
                }
                Ok((Contact::of_order(&order), made))
            })
            .await;
        match changed {
            Ok((contact, made)) => {
                self.rescore_after(RiskScope::Contact(contact)).await;
                let mut changed = self.repository.find(id).await?.ok_or(ChangeStatusError::NotFound)?;
                self.announce_stock(&changed).await;
                changed.review_tokens = made;
                Ok(Some(changed))
            }
            Err(Undone::ConfirmedMeanwhile) => Ok(None),
            Err(Undone::Refused(refusal)) => Err(refusal),
        }
    }
}

/// The writes of one status change of `order` (as read in this transaction), which the status machine
/// allows as `change`: the conditional update with its history entry, stock put back on a rejection or a
/// return, the coupon's use released on a rejection, review tokens on delivery, and the customer's e-mail.
/// Every way an order's status changes goes through here (`change_status`, bulk dispatch). Answers the
/// review tokens made (only their digests are stored, so this is the one time they are known besides the
/// e-mail), or `None`, having written nothing, when the order was no longer in its status (another request
/// changed it first).
///
/// # Errors
/// A store failure.
pub(crate) fn apply_change(
    tx: &mut dyn OrdersTx,
    order: &Order,
    change: Transition,
    (comment, actor): (Option<String>, Actor),
    now: DateTime<Utc>,
    tokens: &dyn ReviewTokens,
    mail: &OrderMailConfig,
) -> Result<Option<Vec<ReviewToken>>, RepositoryError> {
    let (id, to) = (order.id, change.to());
    if order.status == OrderStatus::Pending {
        // Leaving pending, it keeps its last score: score it as it is now, the live figures included.
        settle(tx.risk(), id)?;
    }
    if !tx.orders().change_status(id, order.status, to, now, actor, comment)? {
        return Ok(None);
    }
    if change.restocks() {
        let mut items = order.items.clone();
        items.sort_by_key(|item| item.product_id);
        for item in items {
            if !tx.stock().put_back(item.product_id, item.quantity.get())? {
                tracing::info!(product = %item.product_id, order = %id, "a returned item's product was deleted; not restocked");
            }
        }
    }
    if to == OrderStatus::Rejected {
        if let Some(coupon) = order.coupon_id {
            tx.coupons().release_use(coupon)?;
        }
    }
    let mut links = Vec::new();
    let mut made: Vec<ReviewToken> = Vec::new();
    if to == OrderStatus::Delivered {
        made = order
            .items
            .iter()
            .map(|item| ReviewToken { product_id: item.product_id, token: tokens.generate() })
            .collect();
        tx.orders().add_review_tokens(id, &made)?;
        for (item, token) in order.items.iter().zip(&made) {
            links.push((item.name.clone(), format!("{}/review?token={}", mail.public_url, token.token)));
        }
    }
    let changed = tx.orders().find(id)?.ok_or(RepositoryError::NotFound)?;
    let to = changed.account_email.clone();
    tx.outbox().enqueue(&[status_mail(&changed, to, &links, mail.layout.as_ref())])?;
    if mail.whatsapp {
        queue_update(tx.whatsapp(), &changed, &whatsapp_news(&changed, &links))?;
    }
    Ok(Some(made))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::ports::MockOrderRepository;
    use crate::orders::testing::{orders, product_id, run_once, run_then_rescore, stored, Handle, MockUnitOfWork};

    fn id() -> OrderId {
        OrderId::new(42).unwrap()
    }

    /// A handle whose order 42 reads as `before` until changed, then as `after`.
    fn reading(before: OrderStatus, after: OrderStatus) -> Handle {
        let mut handle = Handle::default();
        let mut reads = 0;
        handle.orders.expect_find().returning(move |_| {
            reads += 1;
            Ok(Some(stored(42, if reads == 1 { before } else { after })))
        });
        handle
    }

    fn found_after(status: OrderStatus) -> MockOrderRepository {
        let mut repository = MockOrderRepository::new();
        repository.expect_find().returning(move |_| Ok(Some(stored(42, status))));
        repository
    }

    #[tokio::test]
    async fn a_rejection_without_a_reason_is_refused_before_anything_is_read() {
        let mut unit_of_work = MockUnitOfWork::new();
        unit_of_work.expect_run_boxed().never();

        let err = orders(MockOrderRepository::new(), unit_of_work)
            .change_status(id(), OrderStatus::Rejected, Some("  ".into()))
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Rejection reason is required.");
    }

    #[tokio::test]
    async fn a_rejection_restocks_every_item_in_product_order_releases_the_coupon_and_mails_the_reason() {
        let mut handle = reading(OrderStatus::Approved, OrderStatus::Rejected);
        handle
            .orders
            .expect_change_status()
            .withf(|_, from, to, _, actor, comment| {
                *from == OrderStatus::Approved
                    && *to == OrderStatus::Rejected
                    && *actor == Actor::Admin
                    && comment.as_deref() == Some("No courier")
            })
            .times(1)
            .returning(|_, _, _, _, _, _| Ok(true));
        let mut seq = mockall::Sequence::new();
        handle
            .stock
            .expect_put_back()
            .withf(|p, n| *p == product_id(12) && *n == 2)
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_, _| Ok(true));
        handle
            .stock
            .expect_put_back()
            .withf(|p, n| *p == product_id(30) && *n == 1)
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_, _| Ok(false));
        handle.coupons.expect_release_use().withf(|c| c.get() == 3).times(1).returning(|_| Ok(()));
        handle.orders.expect_add_review_tokens().never();
        handle
            .outbox
            .expect_enqueue()
            .withf(|mails| {
                mails[0].to.as_str() == "ayesha@example.pk" && mails[0].subject == "Your order #42 is rejected"
            })
            .times(1)
            .returning(|_| Ok(1));

        let order = orders(found_after(OrderStatus::Rejected), run_then_rescore(handle, Handle::default()))
            .change_status(id(), OrderStatus::Rejected, Some(" No courier ".into()))
            .await
            .unwrap();

        assert_eq!(order.status, OrderStatus::Rejected);
    }

    #[tokio::test]
    async fn the_status_mail_goes_to_the_accounts_email_not_to_one_typed_in_the_form() {
        let typed_elsewhere = |status| {
            let mut order = stored(42, status);
            order.details.email = domain::contact::Email::parse("stranger@example.pk").unwrap();
            order.account_email = domain::contact::Email::parse("ayesha.k@example.pk").unwrap();
            order
        };
        let mut handle = Handle::default();
        let mut reads = 0;
        handle.orders.expect_find().returning(move |_| {
            reads += 1;
            Ok(Some(typed_elsewhere(if reads == 1 { OrderStatus::Pending } else { OrderStatus::Approved })))
        });
        handle.orders.expect_change_status().times(1).returning(|_, _, _, _, _, _| Ok(true));
        handle
            .outbox
            .expect_enqueue()
            .withf(|mails| {
                mails.len() == 1
                    && mails[0].to.as_str() == "ayesha.k@example.pk"
                    && mails[0].text.starts_with("Hello Ayesha Khan,\n")
                    && !mails[0].text.contains("stranger@example.pk")
            })
            .times(1)
            .returning(|_| Ok(1));

        orders(found_after(OrderStatus::Approved), run_then_rescore(handle, Handle::default()))
            .change_status(id(), OrderStatus::Approved, None)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_change_that_another_request_made_first_restocks_nothing_and_is_refused_from_the_new_status() {
        let mut handle = reading(OrderStatus::Approved, OrderStatus::Rejected);
        handle.orders.expect_change_status().times(1).returning(|_, _, _, _, _, _| Ok(false));
        handle.stock.expect_put_back().never();
        handle.coupons.expect_release_use().never();
        handle.outbox.expect_enqueue().never();

        let err = orders(MockOrderRepository::new(), run_once(handle))
            .change_status(id(), OrderStatus::Rejected, Some("No courier".into()))
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "An order that is rejected cannot be changed to rejected.");
    }

    #[tokio::test]
    async fn a_change_the_machine_does_not_allow_writes_nothing() {
        let mut handle = reading(OrderStatus::Pending, OrderStatus::Pending);
        handle.orders.expect_change_status().never();

        let err = orders(MockOrderRepository::new(), run_once(handle))
            .change_status(id(), OrderStatus::Delivered, None)
            .await
            .unwrap_err();

        assert!(matches!(err, ChangeStatusError::NotAllowed(_)), "{err:?}");
    }

    #[tokio::test]
    async fn a_change_scores_again_the_pending_orders_of_the_orders_phone_and_email_after_it() {
        let mut handle = reading(OrderStatus::Dispatched, OrderStatus::Returned);
        handle.orders.expect_change_status().times(1).returning(|_, _, _, _, _, _| Ok(true));
        handle.stock.expect_put_back().returning(|_, _| Ok(true));
        handle.outbox.expect_enqueue().returning(|_| Ok(1));
        let mut after = Handle::default();
        let mut risk = crate::orders::cod_ports::MockRiskTx::new();
        risk.expect_lock_phones()
            .withf(|phones| phones.iter().map(domain::contact::Phone::normal).eq(["+923001234567"]))
            .times(1)
            .returning(|_| Ok(()));
        risk.expect_cod_settings().returning(|| Ok(domain::risk::CodSettings::default()));
        risk.expect_risk_facts()
            .withf(|scope| {
                matches!(scope, RiskScope::Contact(Contact { phones, email })
                    if phones.iter().map(domain::contact::Phone::normal).eq(["+923001234567"])
                        && email.as_str() == "ayesha@example.pk")
            })
            .times(1)
            .returning(|_| Ok(vec![]));
        after.risk = risk;

        orders(found_after(OrderStatus::Returned), run_then_rescore(handle, after))
            .change_status(id(), OrderStatus::Returned, None)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_pending_order_is_scored_in_the_change_before_it_leaves_pending_so_it_keeps_its_last_score() {
        let mut handle = reading(OrderStatus::Pending, OrderStatus::Approved);
        let mut sequence = mockall::Sequence::new();
        let mut risk = crate::orders::cod_ports::MockRiskTx::new();
        risk.expect_cod_settings().returning(|| Ok(domain::risk::CodSettings::default()));
        risk.expect_risk_facts()
            .withf(|scope| *scope == RiskScope::Order(id()))
            .times(1)
            .in_sequence(&mut sequence)
            .returning(|_| Ok(vec![]));
        handle.risk = risk;
        handle
            .orders
            .expect_change_status()
            .withf(|_, from, to, _, _, _| *from == OrderStatus::Pending && *to == OrderStatus::Approved)
            .times(1)
            .in_sequence(&mut sequence)
            .returning(|_, _, _, _, _, _| Ok(true));
        handle.outbox.expect_enqueue().returning(|_| Ok(1));

        orders(found_after(OrderStatus::Approved), run_then_rescore(handle, Handle::default()))
            .change_status(id(), OrderStatus::Approved, None)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn rejecting_an_unconfirmed_order_leaves_it_alone_once_it_is_confirmed() {
        let mut handle = Handle::default();
        handle.orders.expect_find().returning(|_| {
            let mut order = stored(42, OrderStatus::Pending);
            order.confirmed_at = Some(crate::orders::testing::now());
            Ok(Some(order))
        });
        handle.orders.expect_change_status().never();
        handle.outbox.expect_enqueue().never();

        let rejected = orders(MockOrderRepository::new(), run_once(handle))
            .reject_if_unconfirmed(id(), "Not confirmed within 24 hours.".into())
            .await
            .unwrap();

        assert!(!rejected);
    }

    #[tokio::test]
    async fn a_rejection_of_an_order_confirmed_while_it_ran_is_rolled_back_and_skipped() {
        let mut handle = Handle::default();
        let mut reads = 0;
        handle.orders.expect_find().returning(move |_| {
            reads += 1;
            let mut order = stored(42, OrderStatus::Pending);
            order.confirmed_at = (reads > 1).then(crate::orders::testing::now);
            Ok(Some(order))
        });
        handle.orders.expect_change_status().times(1).returning(|_, _, _, _, _, _| Ok(true));
        // The change's other writes happen in the transaction that the refusal then rolls back.
        handle.stock.expect_put_back().returning(|_, _| Ok(true));
        handle.coupons.expect_release_use().returning(|_| Ok(()));
        handle.outbox.expect_enqueue().returning(|_| Ok(1));

        let rejected = orders(MockOrderRepository::new(), run_once(handle))
            .reject_if_unconfirmed(id(), "Not confirmed within 24 hours.".into())
            .await
            .unwrap();

        assert!(!rejected);
    }

    #[tokio::test]
    async fn delivery_makes_one_review_token_per_product_and_mails_their_links() {
        let mut handle = reading(OrderStatus::Dispatched, OrderStatus::Delivered);
        handle.orders.expect_change_status().times(1).returning(|_, _, _, _, _, _| Ok(true));
        handle.stock.expect_put_back().never();
        handle
            .orders
            .expect_add_review_tokens()
            .withf(|_, tokens| {
                tokens.iter().map(|t| (t.product_id.get(), t.token.as_str())).collect::<Vec<_>>()
                    == [(30, "token-1"), (12, "token-2")]
            })
            .times(1)
            .returning(|_, _| Ok(()));
        handle
            .outbox
            .expect_enqueue()
            .withf(|mails| {
                mails[0].text.contains("Cable: https://shop.pk/review?token=token-1")
                    && mails[0].text.contains("Phone Case: https://shop.pk/review?token=token-2")
            })
            .times(1)
            .returning(|_| Ok(1));

        let delivered = orders(found_after(OrderStatus::Delivered), run_then_rescore(handle, Handle::default()))
            .change_status(id(), OrderStatus::Delivered, None)
            .await
            .unwrap();

        let answered: Vec<_> = delivered.review_tokens.iter().map(|t| (t.product_id.get(), t.token.as_str())).collect();
        assert_eq!(answered, [(30, "token-1"), (12, "token-2")], "the change's answer is where the tokens are told");
    }
}
