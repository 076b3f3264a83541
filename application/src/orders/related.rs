//! An order's contact history (docs/cod.md 'Contact history'): what the other orders of its primary phone
//! (in either phone field) and of its e-mail (any case) did.

use domain::ids::OrderId;

use crate::common::error::RepositoryError;
use crate::orders::cod_ports::ContactHistory;
use crate::orders::service::Orders;

/// The history of an order's phone and e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelatedHistory {
    /// The order's primary phone, normal form.
    pub phone: String,
    pub email: String,
    pub by_phone: ContactHistory,
    pub by_email: ContactHistory,
}

/// Why the history was not read.
#[derive(Debug, thiserror::Error)]
pub enum RelatedError {
    #[error("Order not found.")]
    NotFound,
    #[error("the order's history could not be read")]
    Unexpected(#[from] RepositoryError),
}

impl Orders {
    /// What the other orders of order `id`'s phone and e-mail did.
    ///
    /// # Errors
    /// [`RelatedError::NotFound`] for an unknown order, `Unexpected` when the store fails.
    pub async fn related(&self, id: OrderId) -> Result<RelatedHistory, RelatedError> {
        let order = self.repository.find(id).await?.ok_or(RelatedError::NotFound)?;
        let (phone, email) = (&order.details.phone1, &order.details.email);
        let (by_phone, by_email) = self.cod.history(id, order.customer, phone, email).await?;
        let (phone, email) = (phone.normal().to_owned(), email.as_str().to_owned());
        Ok(RelatedHistory { phone, email, by_phone, by_email })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::cod_ports::MockCodRepository;
    use crate::orders::ports::MockOrderRepository;
    use crate::orders::testing::{orders_with, stored, MockUnitOfWork};
    use domain::order_status::OrderStatus;

    #[tokio::test]
    async fn the_history_is_read_for_the_orders_primary_phone_and_email_leaving_it_out() {
        let mut repository = MockOrderRepository::new();
        repository.expect_find().returning(|_| Ok(Some(stored(42, OrderStatus::Pending))));
        let mut cod = MockCodRepository::new();
        cod.expect_history()
            .withf(|except, customer, phone, email| {
                except.get() == 42
                    && *customer == crate::orders::testing::customer()
                    && phone.normal() == "+923001234567"
                    && email.as_str() == "ayesha@example.pk"
            })
            .times(1)
            .returning(|_, _, _, _| {
                Ok((ContactHistory { placed: 3, returned: 1, ..ContactHistory::default() }, ContactHistory::default()))
            });

        let history =
            orders_with(repository, MockUnitOfWork::new(), cod).related(OrderId::new(42).unwrap()).await.unwrap();

        assert_eq!(
            (history.phone.as_str(), history.by_phone.placed, history.by_phone.returned),
            ("+923001234567", 3, 1)
        );
    }

    #[tokio::test]
    async fn an_unknown_order_has_no_history() {
        let mut repository = MockOrderRepository::new();
        repository.expect_find().returning(|_| Ok(None));
        let mut cod = MockCodRepository::new();
        cod.expect_history().never();

        let err =
            orders_with(repository, MockUnitOfWork::new(), cod).related(OrderId::new(9).unwrap()).await.unwrap_err();

        assert_eq!(err.to_string(), "Order not found.");
    }
}
