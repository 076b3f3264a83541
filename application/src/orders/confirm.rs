//! The shopper's confirmation link (docs/cod.md 'Confirmation link'): a conditional update sets the order's
//! confirmation time once, while it is pending and inside its approval window; and the admin's one action
//! that rejects the pending orders left unconfirmed too long, each through the usual status change. The
//! link's token is compared and looked up by its digest, as it is stored.

use chrono::Duration;
use domain::ids::{CustomerId, OrderId};
use domain::order_status::OrderStatus;

use crate::common::error::RepositoryError;
use crate::common::token::{well_formed, LinkDigest};
use crate::orders::change_status::ChangeStatusError;
use crate::orders::model::Order;
use crate::orders::service::Orders;

/// Why an order was not confirmed. Nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum ConfirmError {
    /// An unknown order, a malformed token, or another order's token.
    #[error("This confirmation link is not valid.")]
    Invalid,
    #[error("This order is already confirmed.")]
    AlreadyConfirmed,
    /// The order is no longer pending, or its approval window has passed.
    #[error("This confirmation link has expired.")]
    Expired,
    #[error("the order could not be confirmed")]
    Unexpected(#[from] RepositoryError),
}

/// The answer to a confirmation.
#[must_use]
pub fn confirmed_message(id: OrderId) -> String {
    format!("Thank you! Your order #{id} is confirmed.")
}

fn hours(n: u32) -> String {
    if n == 1 {
        "1 hour".to_owned()
    } else {
        format!("{n} hours")
    }
}

/// What one reject-unconfirmed action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RejectedUnconfirmed {
    /// The orders rejected, oldest first.
    pub rejected: Vec<OrderId>,
    /// The setting it used.
    pub after_hours: u32,
}

impl RejectedUnconfirmed {
    /// 'Rejected 2 unconfirmed orders.', 'Rejected 1 unconfirmed order.' or 'No unconfirmed orders are older
    /// than 24 hours.'
    #[must_use]
    pub fn message(&self) -> String {
        match self.rejected.len() {
            0 => format!("No unconfirmed orders are older than {}.", hours(self.after_hours)),
            1 => "Rejected 1 unconfirmed order.".to_owned(),
            n => format!("Rejected {n} unconfirmed orders."),
        }
    }
}

/// Why the unconfirmed orders were not all rejected; those rejected before the failure stay rejected.
#[derive(Debug, thiserror::Error)]
#[error("the unconfirmed orders could not be rejected")]
pub struct RejectUnconfirmedError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

impl Orders {
    /// Confirms order `id` by the token of its e-mailed link.
    ///
    /// # Errors
    /// [`ConfirmError`]: an unknown order or a token that is not its own, a link used before, an order no
    /// longer pending or past its approval window, or a store failure.
    pub async fn confirm(&self, id: OrderId, token: &str) -> Result<OrderId, ConfirmError> {
        if !well_formed(token) {
            return Err(ConfirmError::Invalid);
        }
        let order = self.repository.find(id).await?.ok_or(ConfirmError::Invalid)?;
        let digest = self.tokens.digest(token);
        if order.confirm_digest.as_ref() != Some(&digest) {
            return Err(ConfirmError::Invalid);
        }
        self.confirm_found(order, digest).await
    }

    /// Confirms order `id` for the signed-in `customer` whose order it is ('Confirm my order' in My Orders):
    /// the link goes to the account's own e-mail, so the account's session proves what a click would.
    ///
    /// # Errors
    /// [`ConfirmError`]: [`ConfirmError::Invalid`] for an unknown order, another customer's, or one placed
    /// before links existed; an order confirmed before, no longer pending or past its window; a store failure.
    pub async fn confirm_own(&self, id: OrderId, customer: CustomerId) -> Result<OrderId, ConfirmError> {
        let order = self.repository.find(id).await?.ok_or(ConfirmError::Invalid)?;
        if order.customer != customer {
            return Err(ConfirmError::Invalid);
        }
        let digest = order.confirm_digest.clone().ok_or(ConfirmError::Invalid)?;
        self.confirm_found(order, digest).await
    }

    /// When `order` may be confirmed now (the link's rule, which WhatsApp's Confirm keeps too): unconfirmed,
    /// pending, and inside the hours of 'Reject unconfirmed orders'.
    async fn confirmable(&self, order: &Order) -> Result<chrono::DateTime<chrono::Utc>, ConfirmError> {
        if order.confirmed_at.is_some() {
            return Err(ConfirmError::AlreadyConfirmed);
        }
        // The e-mail promises the hours of 'Reject unconfirmed orders', and the link keeps that promise.
        let window = Duration::hours(i64::from(self.cod.cod_settings().await?.reject_unconfirmed_after_hours()));
        let now = self.clock.now();
        if order.status != OrderStatus::Pending || now - order.created_at > window {
            return Err(ConfirmError::Expired);
        }
        Ok(now)
    }

    /// Confirms `order` on WhatsApp (its Confirm button, or a 'yes' from its phone) by the link's rule: once,
    /// while pending, inside the same window.
    ///
    /// # Errors
    /// As [`Orders::confirm`]; [`ConfirmError::Invalid`] when WhatsApp is off.
    pub(crate) async fn confirm_on_whatsapp(&self, order: Order) -> Result<OrderId, ConfirmError> {
        let store = self.whatsapp.clone().ok_or(ConfirmError::Invalid)?;
        let id = order.id;
        let now = self.confirmable(&order).await?;
        if store.confirm(id, now).await? {
            return Ok(id);
        }
        match self.repository.find(id).await? {
            Some(order) if order.confirmed_at.is_some() => Err(ConfirmError::AlreadyConfirmed),
            _ => Err(ConfirmError::Expired),
        }
    }

    async fn confirm_found(&self, order: Order, digest: LinkDigest) -> Result<OrderId, ConfirmError> {
        let id = order.id;
        let now = self.confirmable(&order).await?;
        if self.cod.confirm(id, &digest, now).await? {
            return Ok(id);
        }
        // Another click, or a status change, came first: say which.
        match self.repository.find(id).await? {
            Some(order) if order.confirmed_at.is_some() => Err(ConfirmError::AlreadyConfirmed),
            _ => Err(ConfirmError::Expired),
        }
    }

    /// Rejects every pending, unconfirmed order placed more than the setting's hours ago, each through the
    /// usual status change (restock, coupon use released, history entry by the admin, the rejection e-mail)
    /// with the reason 'Not confirmed within 24 hours.'. An order confirmed or changed meanwhile is left
    /// alone.
    ///
    /// # Errors
    /// [`RejectUnconfirmedError`] when the store fails.
    pub async fn reject_unconfirmed(&self) -> Result<RejectedUnconfirmed, RejectUnconfirmedError> {
        let boxed = |err: RepositoryError| RejectUnconfirmedError(Box::new(err));
        let after_hours = self.cod.cod_settings().await.map_err(boxed)?.reject_unconfirmed_after_hours();
        let cutoff = self.clock.now() - Duration::hours(i64::from(after_hours));
        let reason = format!("Not confirmed within {}.", hours(after_hours));
        let mut rejected = Vec::new();
        for id in self.cod.unconfirmed_before(cutoff).await.map_err(boxed)? {
            match self.reject_if_unconfirmed(id, reason.clone()).await {
                Ok(true) => rejected.push(id),
                Ok(false) | Err(ChangeStatusError::NotAllowed(_) | ChangeStatusError::NotFound) => {}
                Err(err) => return Err(RejectUnconfirmedError(Box::new(err))),
            }
        }
        Ok(RejectedUnconfirmed { rejected, after_hours })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::token::LinkDigest;
    use crate::orders::cod_ports::MockCodRepository;
    use crate::orders::ports::MockOrderRepository;
    use crate::orders::testing::{now, orders_with, stored, MockUnitOfWork};
    use domain::risk::CodSettings;

    fn id() -> OrderId {
        OrderId::new(42).unwrap()
    }

    fn pending(token: &str, age_hours: i64, confirmed: bool) -> crate::orders::model::Order {
        let mut order = stored(42, OrderStatus::Pending);
        order.confirm_digest = Some(LinkDigest::from_stored(format!("digest-of-{token}")));
        order.created_at = now() - Duration::hours(age_hours);
        order.confirmed_at = confirmed.then(now);
        order
    }

    fn finding(order: crate::orders::model::Order) -> MockOrderRepository {
        let mut repository = MockOrderRepository::new();
        repository.expect_find().returning(move |_| Ok(Some(order.clone())));
        repository
    }

    fn settings() -> MockCodRepository {
        let mut cod = MockCodRepository::new();
        cod.expect_cod_settings().returning(|| Ok(CodSettings::default()));
        cod
    }

    #[tokio::test]
    async fn the_orders_own_token_inside_its_window_confirms_it_by_a_conditional_update() {
        let mut cod = settings();
        cod.expect_confirm()
            .withf(|id, digest, at| id.get() == 42 && digest.as_str() == "digest-of-tok-42" && *at == now())
            .times(1)
            .returning(|_, _, _| Ok(true));

        let confirmed = orders_with(finding(pending("tok-42", 23, false)), MockUnitOfWork::new(), cod)
            .confirm(id(), "tok-42")
            .await
            .unwrap();

        assert_eq!(confirmed_message(confirmed), "Thank you! Your order #42 is confirmed.");
    }

    #[tokio::test]
    async fn the_signed_in_owner_of_the_order_confirms_it_without_the_link_and_no_one_else_can() {
        let mut cod = settings();
        cod.expect_confirm()
            .withf(|id, digest, at| id.get() == 42 && digest.as_str() == "digest-of-tok-42" && *at == now())
            .times(1)
            .returning(|_, _, _| Ok(true));
        let owner = pending("tok-42", 23, false).customer;
        let stranger = CustomerId::new(owner.get() + 1).unwrap();

        let confirmed = orders_with(finding(pending("tok-42", 23, false)), MockUnitOfWork::new(), cod)
            .confirm_own(id(), owner)
            .await
            .unwrap();
        let refused = orders_with(finding(pending("tok-42", 1, false)), MockUnitOfWork::new(), settings())
            .confirm_own(id(), stranger)
            .await
            .unwrap_err();
        let late = orders_with(finding(pending("tok-42", 25, false)), MockUnitOfWork::new(), settings())
            .confirm_own(id(), owner)
            .await
            .unwrap_err();
        let again = orders_with(finding(pending("tok-42", 1, true)), MockUnitOfWork::new(), settings())
            .confirm_own(id(), owner)
            .await
            .unwrap_err();

        assert_eq!(confirmed, id());
        assert!(matches!(refused, ConfirmError::Invalid), "{refused:?}");
        assert!(matches!(late, ConfirmError::Expired), "past 'Reject unconfirmed orders' (24 hours): {late:?}");
        assert!(matches!(again, ConfirmError::AlreadyConfirmed), "{again:?}");
    }

    #[tokio::test]
    async fn a_malformed_or_foreign_token_and_an_unknown_order_are_not_valid_and_change_nothing() {
        let mut cod = MockCodRepository::new();
        cod.expect_confirm().never();
        let mut none = MockOrderRepository::new();
        none.expect_find().returning(|_| Ok(None));
        let cases = [
            (finding(pending("tok-42", 1, false)), "tok-41"),
            (finding(pending("tok-42", 1, false)), "tok 42"),
            (finding(pending("tok-42", 1, false)), ""),
            (none, "tok-42"),
        ];

        for (repository, token) in cases {
            let mut cod = MockCodRepository::new();
            cod.expect_confirm().never();
            cod.expect_cod_settings().returning(|| Ok(CodSettings::default()));
            let err = orders_with(repository, MockUnitOfWork::new(), cod).confirm(id(), token).await.unwrap_err();

            assert_eq!(err.to_string(), "This confirmation link is not valid.", "{token:?}");
        }
    }

    #[tokio::test]
    async fn a_used_link_says_so_and_an_old_or_moved_order_has_expired() {
        let used = orders_with(finding(pending("tok-42", 1, true)), MockUnitOfWork::new(), settings());
        let old = orders_with(finding(pending("tok-42", 25, false)), MockUnitOfWork::new(), settings());
        let mut approved = pending("tok-42", 1, false);
        approved.status = OrderStatus::Approved;
        let moved = orders_with(finding(approved), MockUnitOfWork::new(), settings());

        assert_eq!(used.confirm(id(), "tok-42").await.unwrap_err().to_string(), "This order is already confirmed.");
        assert_eq!(old.confirm(id(), "tok-42").await.unwrap_err().to_string(), "This confirmation link has expired.");
        assert_eq!(moved.confirm(id(), "tok-42").await.unwrap_err().to_string(), "This confirmation link has expired.");
    }

    #[tokio::test]
    async fn a_second_click_that_lost_the_race_is_told_the_order_is_confirmed() {
        let mut repository = MockOrderRepository::new();
        let mut reads = 0;
        repository.expect_find().returning(move |_| {
            reads += 1;
            Ok(Some(pending("tok-42", 1, reads > 1)))
        });
        let mut cod = settings();
        cod.expect_confirm().times(1).returning(|_, _, _| Ok(false));

        let err = orders_with(repository, MockUnitOfWork::new(), cod).confirm(id(), "tok-42").await.unwrap_err();

        assert!(matches!(err, ConfirmError::AlreadyConfirmed), "{err:?}");
    }

    #[test]
    fn the_reject_unconfirmed_answers_count_in_words() {
        let of = |ids: &[i64], after_hours| RejectedUnconfirmed {
            rejected: ids.iter().map(|i| OrderId::new(*i).unwrap()).collect(),
            after_hours,
        };

        assert_eq!(of(&[12, 15], 24).message(), "Rejected 2 unconfirmed orders.");
        assert_eq!(of(&[12], 24).message(), "Rejected 1 unconfirmed order.");
        assert_eq!(of(&[], 24).message(), "No unconfirmed orders are older than 24 hours.");
        assert_eq!(of(&[], 1).message(), "No unconfirmed orders are older than 1 hour.");
    }
}
