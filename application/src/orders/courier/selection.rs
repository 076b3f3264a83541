//! The orders the admin chose for a booking sheet or a bulk dispatch: 1 to 500 order references, each once.

use domain::courier::OrderReference;
use domain::ids::OrderId;

/// The most orders one booking sheet or one bulk dispatch takes.
pub const MAX_SELECTED_ORDERS: usize = 500;

/// A choice of orders that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SelectionError {
    #[error("Choose at least one order.")]
    Empty,
    #[error("Choose at most {} orders.", MAX_SELECTED_ORDERS)]
    TooMany,
    #[error("Order references are numbers.")]
    Malformed,
    #[error("Order #{0} is chosen twice.")]
    Repeated(OrderId),
}

/// The orders referred to by `references` (`12` or `#12` each), in their order.
///
/// # Errors
/// [`SelectionError`]: none, more than [`MAX_SELECTED_ORDERS`], one that is not a number, or one twice.
pub fn select<'a>(references: impl IntoIterator<Item = &'a str>) -> Result<Vec<OrderId>, SelectionError> {
    let mut ids = Vec::new();
    for reference in references {
        if ids.len() == MAX_SELECTED_ORDERS {
            return Err(SelectionError::TooMany);
        }
        let id = reference.parse::<OrderReference>().map_err(|_| SelectionError::Malformed)?.id();
        if ids.contains(&id) {
            return Err(SelectionError::Repeated(id));
        }
        ids.push(id);
    }
    if ids.is_empty() {
        return Err(SelectionError::Empty);
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_read_in_their_order_with_or_without_a_hash() {
        let ids = select(["12", " #15 ", "3"]).unwrap();

        assert_eq!(ids.iter().map(|id| id.get()).collect::<Vec<_>>(), [12, 15, 3]);
    }

    #[test]
    fn none_too_many_malformed_or_repeated_references_are_refused() {
        let many: Vec<String> = (1..=501).map(|n| n.to_string()).collect();

        assert_eq!(select([]), Err(SelectionError::Empty));
        assert_eq!(select(many.iter().map(String::as_str)), Err(SelectionError::TooMany));
        assert!(select(many[..500].iter().map(String::as_str)).is_ok());
        assert_eq!(select(["12", "x"]), Err(SelectionError::Malformed));
        assert_eq!(select(["12", ""]), Err(SelectionError::Malformed));
        assert_eq!(select(["12", "#12"]).unwrap_err().to_string(), "Order #12 is chosen twice.");
        assert_eq!(SelectionError::Empty.to_string(), "Choose at least one order.");
        assert_eq!(SelectionError::TooMany.to_string(), "Choose at most 500 orders.");
        assert_eq!(SelectionError::Malformed.to_string(), "Order references are numbers.");
    }
}
