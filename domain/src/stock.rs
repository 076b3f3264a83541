//! Stock and quantities (docs/spec.md §4 'Product stock states' and 'Cart'): how many units a shopper may still
//! add, the stock message a product card and a product page show, and the [`Quantity`] of a cart line or
//! order item.

use std::fmt;
use std::str::FromStr;

/// A product card shows 'Only N left' while fewer than this many units are available (docs/spec.md §9).
pub const LOW_STOCK_CARD_BELOW: i64 = 3;

/// A product page shows 'Only {n} left!' while at most this many units are available (docs/spec.md §9).
pub const LOW_STOCK_PAGE_AT_MOST: i64 = 3;

/// The largest quantity accepted for one line; it keeps totals far from overflow.
pub const MAX_QUANTITY: u32 = 1_000_000;

/// The units a shopper may still add: the stock minus the quantity already in the cart. Negative when the
/// cart holds more than the stock now allows.
#[must_use]
pub fn available(stock: u32, in_cart: u32) -> i64 {
    i64::from(stock) - i64::from(in_cart)
}

/// Whether nothing more can be added: available is 0 or less. Add and Buy are then disabled.
#[must_use]
pub fn is_out_of_stock(available: i64) -> bool {
    available <= 0
}

/// Whether the plus of a cart stepper may raise the quantity: only while it is below the stock.
#[must_use]
pub fn can_increment(cart_quantity: u32, stock: u32) -> bool {
    cart_quantity < stock
}

/// The stock text of a product card: [`StockReading::OutOfStock`]'s at 0 or less, 'Only N left' while
/// 0 < available < 3, otherwise nothing.
#[must_use]
pub fn card_reading(available: i64) -> Option<String> {
    if is_out_of_stock(available) {
        Some(StockReading::OutOfStock.to_string())
    } else if available < LOW_STOCK_CARD_BELOW {
        Some(low_stock_on_card(available))
    } else {
        None
    }
}

/// A product card's low-stock text: 'Only N left'.
#[must_use]
pub fn low_stock_on_card(available: i64) -> String {
    format!("Only {available} left")
}

/// The stock message of a product page. Its `Display` is the text shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockReading {
    /// Nothing available: 'Out of Stock'.
    OutOfStock,
    /// 1 to 3 available: 'Only {n} left!'.
    Low(u32),
    /// More than 3 available: 'In Stock'.
    InStock,
}

impl StockReading {
    /// The reading for the units available (stock minus the quantity already in the cart).
    #[must_use]
    pub fn for_page(available: i64) -> Self {
        if is_out_of_stock(available) {
            Self::OutOfStock
        } else if available <= LOW_STOCK_PAGE_AT_MOST {
            u32::try_from(available).map_or(Self::InStock, Self::Low)
        } else {
            Self::InStock
        }
    }
}

impl fmt::Display for StockReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfStock => f.write_str("Out of Stock"),
            Self::Low(n) => write!(f, "Only {n} left!"),
            Self::InStock => f.write_str("In Stock"),
        }
    }
}

/// A quantity that is not a whole number from 1 to [`MAX_QUANTITY`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// Zero, negative or not a whole number.
    #[error("Quantity must be a whole number from 1.")]
    Invalid,
    /// Above [`MAX_QUANTITY`].
    #[error("Quantity must be at most {}.", MAX_QUANTITY)]
    TooLarge,
}

/// How many units of one product a cart line or order item holds: a whole number from 1 to
/// [`MAX_QUANTITY`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Quantity(u32);

impl Quantity {
    /// One unit, the quantity a product enters the cart with.
    pub const ONE: Self = Self(1);

    /// A quantity from a count.
    ///
    /// # Errors
    /// [`QuantityError::Invalid`] for 0, [`QuantityError::TooLarge`] above [`MAX_QUANTITY`].
    pub fn new(count: u32) -> Result<Self, QuantityError> {
        match count {
            0 => Err(QuantityError::Invalid),
            n if n > MAX_QUANTITY => Err(QuantityError::TooLarge),
            n => Ok(Self(n)),
        }
    }

    /// The count.
    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }

    /// One more, or `None` when the quantity has reached the stock.
    #[must_use]
    pub fn incremented(self, stock: u32) -> Option<Self> {
        if can_increment(self.0, stock) {
            Self::new(self.0 + 1).ok()
        } else {
            None
        }
    }

    /// One fewer, or `None` when that reaches 0 and the line is removed.
    #[must_use]
    pub fn decremented(self) -> Option<Self> {
        Self::new(self.0 - 1).ok()
    }
}

impl TryFrom<i64> for Quantity {
    type Error = QuantityError;

    fn try_from(count: i64) -> Result<Self, Self::Error> {
        if count < 1 {
            return Err(QuantityError::Invalid);
        }
        u32::try_from(count).map_or(Err(QuantityError::TooLarge), Self::new)
    }
}

impl FromStr for Quantity {
    type Err = QuantityError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(QuantityError::Invalid);
        }
        text.parse::<i64>().map_or(Err(QuantityError::TooLarge), Self::try_from)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn available_is_stock_minus_the_quantity_in_the_cart() {
        assert_eq!(available(10, 3), 7);
        assert_eq!(available(3, 3), 0);
        assert_eq!(available(2, 5), -3);
        assert_eq!(available(u32::MAX, 0), 4_294_967_295);
    }

    #[test]
    fn zero_or_fewer_available_is_out_of_stock() {
        assert!(is_out_of_stock(0));
        assert!(is_out_of_stock(-1));
        assert!(!is_out_of_stock(1));
    }

    #[test]
    fn plus_is_allowed_only_while_the_quantity_is_below_the_stock() {
        assert!(can_increment(4, 5));
        assert!(!can_increment(5, 5));
        assert!(!can_increment(6, 5));
        assert!(!can_increment(0, 0));
    }

    #[test]
    fn the_card_says_only_n_left_under_three() {
        assert_eq!(card_reading(1), Some("Only 1 left".to_owned()));
        assert_eq!(card_reading(2), Some("Only 2 left".to_owned()));
    }

    #[test]
    fn the_card_says_nothing_at_three_or_more() {
        assert_eq!(card_reading(3), None);
        assert_eq!(card_reading(10), None);
    }

    #[test]
    fn the_card_says_out_of_stock_at_zero_or_below() {
        assert_eq!(card_reading(0), Some("Out of Stock".to_owned()));
        assert_eq!(card_reading(-2), Some("Out of Stock".to_owned()));
    }

    #[test]
    fn the_page_says_only_n_left_from_one_to_three() {
        assert_eq!(StockReading::for_page(1), StockReading::Low(1));
        assert_eq!(StockReading::for_page(3), StockReading::Low(3));
        assert_eq!(StockReading::Low(3).to_string(), "Only 3 left!");
        assert_eq!(StockReading::Low(1).to_string(), "Only 1 left!");
    }

    #[test]
    fn the_page_says_in_stock_above_three() {
        let reading = StockReading::for_page(4);

        assert_eq!(reading, StockReading::InStock);
        assert_eq!(reading.to_string(), "In Stock");
    }

    #[test]
    fn the_page_says_out_of_stock_at_zero_or_below() {
        assert_eq!(StockReading::for_page(0), StockReading::OutOfStock);
        assert_eq!(StockReading::for_page(-5), StockReading::OutOfStock);
        assert_eq!(StockReading::OutOfStock.to_string(), "Out of Stock");
    }

    #[test]
    fn card_and_page_disagree_only_at_three() {
        let differing: Vec<i64> = (-1..=10)
            .filter(|&n| {
                let card_low = card_reading(n).is_some_and(|text| text.starts_with("Only"));
                card_low != matches!(StockReading::for_page(n), StockReading::Low(_))
            })
            .collect();

        assert_eq!(differing, vec![3]);
    }

    #[test]
    fn quantities_from_one_to_a_million_are_accepted() {
        assert_eq!(Quantity::new(1).unwrap().get(), 1);
        assert_eq!(Quantity::new(MAX_QUANTITY).unwrap().get(), 1_000_000);
        assert_eq!(Quantity::ONE.get(), 1);
    }

    #[test]
    fn quantity_of_zero_is_rejected() {
        let err = Quantity::new(0).unwrap_err();

        assert_eq!(err, QuantityError::Invalid);
        assert_eq!(err.to_string(), "Quantity must be a whole number from 1.");
    }

    #[test]
    fn quantity_above_a_million_is_rejected() {
        let err = Quantity::new(1_000_001).unwrap_err();

        assert_eq!(err, QuantityError::TooLarge);
        assert_eq!(err.to_string(), "Quantity must be at most 1000000.");
    }

    #[test]
    fn negative_and_huge_wire_numbers_are_rejected() {
        assert_eq!(Quantity::try_from(-1), Err(QuantityError::Invalid));
        assert_eq!(Quantity::try_from(0), Err(QuantityError::Invalid));
        assert_eq!(Quantity::try_from(i64::MAX), Err(QuantityError::TooLarge));
        assert_eq!(Quantity::try_from(7).map(Quantity::get), Ok(7));
    }

    #[test]
    fn quantity_text_must_be_plain_digits() {
        assert_eq!("12".parse::<Quantity>().map(Quantity::get), Ok(12));
        for text in ["", "0", "-1", "+1", "1.5", " 1", "abc", "1e3"] {
            assert_eq!(text.parse::<Quantity>(), Err(QuantityError::Invalid), "{text:?}");
        }
        assert_eq!("1000001".parse::<Quantity>(), Err(QuantityError::TooLarge));
        assert_eq!("99999999999999999999".parse::<Quantity>(), Err(QuantityError::TooLarge));
    }

    #[test]
    fn incrementing_stops_at_the_stock() {
        let two = Quantity::new(2).unwrap();

        assert_eq!(two.incremented(3), Some(Quantity::new(3).unwrap()));
        assert_eq!(two.incremented(2), None);
        assert_eq!(Quantity::new(MAX_QUANTITY).unwrap().incremented(u32::MAX), None);
    }

    #[test]
    fn decrementing_one_removes_the_line() {
        assert_eq!(Quantity::new(2).unwrap().decremented(), Some(Quantity::ONE));
        assert_eq!(Quantity::ONE.decremented(), None);
    }

    #[test]
    fn a_quantity_displays_as_its_count() {
        assert_eq!(Quantity::new(42).unwrap().to_string(), "42");
    }
}
