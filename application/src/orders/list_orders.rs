//! Listing orders: a customer's own (My Orders) and the admin's list, filtered and searched.

use domain::contact::{fold_phone_text, Phone};
use domain::ids::CustomerId;

use crate::common::error::RepositoryError;
use crate::common::page::Page;
use crate::orders::model::{Order, OrderFilter};
use crate::orders::service::Orders;

/// The longest search text the admin list takes, in characters.
pub const MAX_SEARCH_CHARS: usize = 200;

/// Why orders were not listed.
#[derive(Debug, thiserror::Error)]
pub enum ListOrdersError {
    /// A signed-in customer asked for another customer's orders.
    #[error("You can only see your own orders.")]
    NotYours,
    #[error("the orders could not be read")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for ListOrdersError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// A page of orders and how many there are in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPage {
    pub orders: Vec<Order>,
    pub total: u64,
}

impl Orders {
    /// A page of `owner`'s orders, newest first, for the signed-in customer `asking`.
    ///
    /// # Errors
    /// [`ListOrdersError::NotYours`] when they differ, `Unexpected` when the store fails.
    pub async fn customer_orders(
        &self,
        asking: CustomerId,
        owner: CustomerId,
        page: Page,
    ) -> Result<OrderPage, ListOrdersError> {
        if asking != owner {
            return Err(ListOrdersError::NotYours);
        }
        let (orders, total) = self.repository.customer_orders(owner, page).await?;
        Ok(OrderPage { orders, total })
    }

    /// A page of the orders passing `filter`, newest first (the admin's list). A search longer than
    /// [`MAX_SEARCH_CHARS`] is cut there; a blank one searches nothing; NUL characters, which no stored text
    /// holds and PostgreSQL cannot take, are left out of it.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn all_orders(&self, filter: OrderFilter, page: Page) -> Result<OrderPage, ListOrdersError> {
        let search = filter
            .search
            .map(|s| s.trim().chars().filter(|c| *c != '\0').take(MAX_SEARCH_CHARS).collect::<String>())
            .filter(|s| !s.is_empty());
        let phone = search.as_deref().and_then(|s| Phone::parse(s).ok()).map(|p| p.normal().to_owned());
        let phone_start = search.as_deref().and_then(phone_start);
        let (orders, total) =
            self.repository.search(OrderFilter { search, phone, phone_start, ..filter }, page).await?;
        Ok(OrderPage { orders, total })
    }
}

/// The fewest digits a search needs to be read as the beginning of a phone number.
const MIN_PHONE_START_DIGITS: usize = 4;

/// `search` as the beginning of a phone number's normal form, when it is the beginning of a number written
/// nationally (`0301 23` is `+9230123`) or with the country code (`+92 301`, `0092 301`), in any digits
/// (`۰۳۰۱`): at least four digits, spaces and dashes between them.
fn phone_start(search: &str) -> Option<String> {
    let folded: String = fold_phone_text(search).chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    let (plus, digits) = folded.strip_prefix('+').map_or((false, folded.as_str()), |rest| (true, rest));
    if digits.len() < MIN_PHONE_START_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let national = if plus {
        digits.strip_prefix("92")?
    } else if let Some(rest) = digits.strip_prefix("0092") {
        rest
    } else {
        digits.strip_prefix('0').filter(|rest| !rest.starts_with('0'))?
    };
    Some(format!("+92{national}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::ports::MockOrderRepository;
    use crate::orders::testing::{customer, orders, MockUnitOfWork};

    #[tokio::test]
    async fn another_customers_orders_are_not_read() {
        let mut repository = MockOrderRepository::new();
        repository.expect_customer_orders().never();

        let err = orders(repository, MockUnitOfWork::new())
            .customer_orders(customer(), CustomerId::new(8).unwrap(), Page::FIRST)
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "You can only see your own orders.");
    }

    #[tokio::test]
    async fn a_search_is_trimmed_and_read_as_a_phone_number_when_it_is_one() {
        let mut repository = MockOrderRepository::new();
        repository
            .expect_search()
            .withf(|filter, _| {
                filter.search.as_deref() == Some("0300-1234567") && filter.phone.as_deref() == Some("+923001234567")
            })
            .times(1)
            .returning(|_, _| Ok((vec![], 0)));
        repository
            .expect_search()
            .withf(|filter, _| filter.search.is_none() && filter.phone.is_none())
            .times(1)
            .returning(|_, _| Ok((vec![], 0)));
        let orders = orders(repository, MockUnitOfWork::new());

        orders
            .all_orders(OrderFilter { search: Some(" 0300-1234567 ".into()), ..OrderFilter::default() }, Page::FIRST)
            .await
            .unwrap();
        orders
            .all_orders(OrderFilter { search: Some("   ".into()), ..OrderFilter::default() }, Page::FIRST)
            .await
            .unwrap();
    }

    #[test]
    fn a_search_for_the_beginning_of_a_number_is_read_in_the_normal_form() {
        let cases = [
            ("0301", Some("+92301")),
            ("0301 23", Some("+9230123")),
            ("0301-2345678", Some("+923012345678")),
            ("+92 301", Some("+92301")),
            ("0092 301", Some("+92301")),
            ("۰۳۰۱", Some("+92301")),
            ("０３０１", Some("+92301")),
            ("030", None),
            ("3012", None),
            ("+44 20", None),
            ("Ayesha", None),
            ("0301 Ayesha", None),
        ];

        for (search, start) in cases {
            assert_eq!(phone_start(search).as_deref(), start, "{search:?}");
        }
    }

    #[tokio::test]
    async fn nul_characters_are_left_out_of_a_search() {
        let mut repository = MockOrderRepository::new();
        repository
            .expect_search()
            .withf(|filter, _| filter.search.as_deref() == Some("ÚH"))
            .times(1)
            .returning(|_, _| Ok((vec![], 0)));
        repository
            .expect_search()
            .withf(|filter, _| filter.search.is_none())
            .times(1)
            .returning(|_, _| Ok((vec![], 0)));
        let orders = orders(repository, MockUnitOfWork::new());

        for search in ["Ú\0H\t", "\0"] {
            orders
                .all_orders(OrderFilter { search: Some(search.into()), ..OrderFilter::default() }, Page::FIRST)
                .await
                .unwrap();
        }
    }
}
