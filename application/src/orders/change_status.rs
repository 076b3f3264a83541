//! The admin moves an order to its next status (SPEC.md §4, CONTRACT.md §4): a conditional update on the
//! current status, so the same change sent many times at once applies once; stock put back on a rejection
//! or a return, the coupon's use released on a rejection, review tokens made on delivery, the history
//! entry and the customer's e-mail, all in one transaction.

use domain::contact::Email;
use domain::ids::OrderId;
use domain::order_status::{transition, OrderStatus, RejectionReason, RejectionReasonError, TransitionError};

use crate::common::error::RepositoryError;
use crate::orders::mail::status_mail;
use crate::orders::model::{Actor, Order, ReviewToken};
use crate::orders::service::Orders;

/// The answer of a status change.
pub const STATUS_UPDATED: &str = "Order status updated.";

/// Why a status change was refused. Nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum ChangeStatusError {
    #[error(transparent)]
    ReasonRequired(#[from] RejectionReasonError),
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

enum Outcome {
    Changed,
    Refused(ChangeStatusError),
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
        let comment = comment.map(|c| c.trim().to_owned()).filter(|c| !c.is_empty());
        if to == OrderStatus::Rejected {
            RejectionReason::parse(comment.as_deref().unwrap_or_default())?;
        }
        let now = self.clock.now();
        let tokens = self.tokens.clone();
        let public_url = self.mail.public_url.clone();
        let outcome = self
            .unit_of_work
            .run(move |tx| {
                let Some(order) = tx.orders().find(id)? else { return Ok(Outcome::Refused(ChangeStatusError::NotFound)) };
                let change = match transition(order.status, to) {
                    Ok(change) => change,
                    Err(refused) => return Ok(Outcome::Refused(refused.into())),
                };
                if !tx.orders().change_status(id, order.status, to, now, Actor::Admin, comment.clone())? {
                    // Another request changed it first (this update waited for it): refuse from where it is now.
                    let now_status = tx.orders().find(id)?.map_or(order.status, |o| o.status);
                    return Ok(Outcome::Refused(TransitionError { from: now_status, to }.into()));
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
                if to == OrderStatus::Delivered {
                    let made: Vec<ReviewToken> = order
                        .items
                        .iter()
                        .map(|item| ReviewToken { product_id: item.product_id, token: tokens.generate() })
                        .collect();
                    tx.orders().add_review_tokens(id, &made)?;
                    for (item, token) in order.items.iter().zip(&made) {
                        links.push((item.name.clone(), format!("{public_url}/review?token={}", token.token)));
                    }
                }
                let changed = tx.orders().find(id)?.ok_or(RepositoryError::NotFound)?;
                match Email::parse(&changed.details.email) {
                    Ok(to) => {
                        tx.outbox().enqueue(&[status_mail(&changed, to, &links)])?;
                    }
                    Err(err) => tracing::warn!(order = %id, error = %err, "an order's e-mail address does not parse; no mail"),
                }
                Ok(Outcome::Changed)
            })
            .await?;
        match outcome {
            Outcome::Changed => self.repository.find(id).await?.ok_or(ChangeStatusError::NotFound),
            Outcome::Refused(refusal) => Err(refusal),
        }
    }
}
