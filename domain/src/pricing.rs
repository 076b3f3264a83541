//! The price of a product (docs/spec.md §5): which price a cart item is charged, which discount is shown and
//! which price cards and pages display. docs/contract.md §2 makes the cart's rule the only rule: checkout and the
//! server charge exactly what the cart shows.

use crate::money::Rupees;

/// The highest percentage a product may take off its list price (docs/spec.md §9).
pub const MAX_DISCOUNT_PERCENT: u8 = 90;

/// How a product's price is marked down: not at all, to a sale price, or by a percentage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markdown {
    None,
    /// A sale price above 0 and below the list price, which is what is charged; `percent` (0 to 100) is the
    /// discount the owner's form settled with it (docs/spec.md §5), shown as the product's `discountPercent`.
    Sale {
        price: Rupees,
        percent: u8,
    },
    /// A percentage from 1 to [`MAX_DISCOUNT_PERCENT`] off the list price, charged exactly.
    PercentOff(u8),
}

/// Price fields that form none of the three shapes of a [`Markdown`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MarkdownError {
    #[error("a sale price must be above 0 and below the list price")]
    SaleOutOfRange,
    #[error("the percentage set with a sale price must be at most 100")]
    SalePercentTooHigh,
    #[error("a percentage off must be from 1 to {MAX_DISCOUNT_PERCENT}")]
    PercentOutOfRange,
}

/// A product's price: its list price and how it is marked down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceTag {
    price: Rupees,
    markdown: Markdown,
}

impl PriceTag {
    /// A list price with no markdown.
    #[must_use]
    pub const fn list(price: Rupees) -> Self {
        Self { price, markdown: Markdown::None }
    }

    /// `price` marked down as `markdown` says.
    ///
    /// # Errors
    /// [`MarkdownError`] when a sale price is not above 0 and below `price`, its percentage is over 100, or
    /// a percentage off is outside 1 to 90.
    pub fn new(price: Rupees, markdown: Markdown) -> Result<Self, MarkdownError> {
        match markdown {
            Markdown::None => {}
            Markdown::Sale { price: sale, .. } if !sale.is_positive() || sale >= price => {
                return Err(MarkdownError::SaleOutOfRange)
            }
            Markdown::Sale { percent, .. } if percent > 100 => return Err(MarkdownError::SalePercentTooHigh),
            Markdown::Sale { .. } => {}
            Markdown::PercentOff(percent) if !(1..=MAX_DISCOUNT_PERCENT).contains(&percent) => {
                return Err(MarkdownError::PercentOutOfRange)
            }
            Markdown::PercentOff(_) => {}
        }
        Ok(Self { price, markdown })
    }

    /// The price from the fields a product is stored and sent with: no sale price and no percentage, a sale
    /// price with the percentage set with it, or no sale price and a percentage from 1 to 90.
    ///
    /// # Errors
    /// [`MarkdownError`] for fields of none of these shapes.
    pub fn from_fields(price: Rupees, sale_price: Option<Rupees>, discount_percent: u8) -> Result<Self, MarkdownError> {
        let markdown = match (sale_price, discount_percent) {
            (None, 0) => Markdown::None,
            (None, percent) => Markdown::PercentOff(percent),
            (Some(sale), percent) => Markdown::Sale { price: sale, percent },
        };
        Self::new(price, markdown)
    }

    /// The list price.
    #[must_use]
    pub const fn list_price(&self) -> Rupees {
        self.price
    }

    /// How the price is marked down.
    #[must_use]
    pub const fn markdown(&self) -> Markdown {
        self.markdown
    }

    /// The sale price, when the price is marked down to one (the product's `salePrice`).
    #[must_use]
    pub const fn sale_price(&self) -> Option<Rupees> {
        match self.markdown {
            Markdown::Sale { price, .. } => Some(price),
            Markdown::None | Markdown::PercentOff(_) => None,
        }
    }

    /// The percentage set: the one set with a sale price, the percentage off, or 0 (the product's
    /// `discountPercent`).
    #[must_use]
    pub const fn discount_percent(&self) -> u8 {
        match self.markdown {
            Markdown::None => 0,
            Markdown::Sale { percent, .. } | Markdown::PercentOff(percent) => percent,
        }
    }

    /// The unit price a cart item is charged (docs/spec.md §5): the sale price, or the list price less the
    /// percentage off, or the list price. Exact, not rounded.
    #[must_use]
    pub fn unit_price(&self) -> Rupees {
        match self.markdown {
            Markdown::None => self.price,
            Markdown::Sale { price, .. } => price,
            Markdown::PercentOff(percent) => self.price.less_percent(percent),
        }
    }

    /// The percentage shown in the 'N% OFF' badge: the discount actually charged. A sale price shows the
    /// rounded percentage it takes off the list price; a percentage off shows itself; no markdown 0.
    #[must_use]
    pub fn displayed_discount_percent(&self) -> u8 {
        match self.markdown {
            Markdown::None => 0,
            Markdown::Sale { price: sale, .. } => {
                let off = (self.price - sale).percent_of(self.price).unwrap_or(0);
                u8::try_from(off.clamp(0, 100)).unwrap_or(0)
            }
            Markdown::PercentOff(percent) => percent,
        }
    }

    /// Whether the shopper pays less than the list price.
    #[must_use]
    pub fn is_discounted(&self) -> bool {
        self.unit_price() < self.price
    }

    /// The price shown on cards and pages: the unit price rounded to whole rupees.
    #[must_use]
    pub fn displayed_price(&self) -> i64 {
        self.unit_price().round_to_whole()
    }
}

/// Price fields in any combination, as the shared case tables and the browser's saved carts may hold them,
/// read the way the cart reads them: a sale price above 0 and below the list price; else a percentage from 1
/// to 90; else none.
#[cfg(test)]
pub(crate) fn loose(price: Rupees, sale: Option<Rupees>, percent: u8) -> PriceTag {
    let markdown = match sale.filter(|sale| sale.is_positive() && *sale < price) {
        Some(sale) => Markdown::Sale { price: sale, percent: percent.min(100) },
        None if (1..=MAX_DISCOUNT_PERCENT).contains(&percent) => Markdown::PercentOff(percent),
        None => Markdown::None,
    };
    PriceTag { price, markdown }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(price: i64, sale: Option<i64>, percent: u8) -> PriceTag {
        loose(Rupees::from_whole(price), sale.map(Rupees::from_whole), percent)
    }

    #[test]
    fn the_stored_fields_form_one_of_three_shapes_and_nothing_else() {
        let rs = Rupees::from_whole;

        assert_eq!(PriceTag::from_fields(rs(1000), None, 0), Ok(PriceTag::list(rs(1000))));
        assert_eq!(
            PriceTag::from_fields(rs(1000), Some(rs(750)), 25).map(|t| (t.markdown(), t.discount_percent())),
            Ok((Markdown::Sale { price: rs(750), percent: 25 }, 25))
        );
        assert_eq!(PriceTag::from_fields(rs(1000), None, 90).map(|t| t.markdown()), Ok(Markdown::PercentOff(90)));
        assert_eq!(PriceTag::from_fields(rs(1000), Some(rs(1000)), 0), Err(MarkdownError::SaleOutOfRange));
        assert_eq!(PriceTag::from_fields(rs(1000), Some(Rupees::ZERO), 0), Err(MarkdownError::SaleOutOfRange));
        assert_eq!(PriceTag::from_fields(rs(1000), None, 91), Err(MarkdownError::PercentOutOfRange));
        assert_eq!(PriceTag::from_fields(rs(1000), Some(rs(1)), 101), Err(MarkdownError::SalePercentTooHigh));
    }

    #[test]
    fn a_sale_price_below_the_list_price_is_charged() {
        assert_eq!(tag(1000, Some(750), 0).unit_price(), Rupees::from_whole(750));
    }

    #[test]
    fn a_sale_price_wins_over_a_percentage() {
        assert_eq!(tag(1000, Some(750), 10).unit_price(), Rupees::from_whole(750));
    }

    #[test]
    fn a_sale_price_equal_to_the_list_price_is_ignored() {
        assert_eq!(tag(1000, Some(1000), 10).unit_price(), Rupees::from_whole(900));
        assert_eq!(tag(1000, Some(1000), 0).unit_price(), Rupees::from_whole(1000));
    }

    #[test]
    fn a_sale_price_above_the_list_price_is_ignored() {
        assert_eq!(tag(1000, Some(1200), 0).unit_price(), Rupees::from_whole(1000));
    }

    #[test]
    fn a_zero_sale_price_is_ignored() {
        assert_eq!(tag(1000, Some(0), 0).unit_price(), Rupees::from_whole(1000));
    }

    #[test]
    fn a_percentage_discount_reduces_the_list_price_exactly() {
        assert_eq!(tag(999, None, 15).unit_price(), Rupees::from_paisa(84_915));
    }

    #[test]
    fn ninety_percent_is_honoured_and_ninety_one_is_not() {
        assert_eq!(tag(1000, None, 90).unit_price(), Rupees::from_whole(100));
        assert_eq!(tag(1000, None, 91).unit_price(), Rupees::from_whole(1000));
    }

    #[test]
    fn the_displayed_discount_of_a_sale_price_is_its_rounded_percentage() {
        assert_eq!(tag(1500, Some(1000), 0).displayed_discount_percent(), 33);
        assert_eq!(tag(1500, Some(999), 0).displayed_discount_percent(), 33);
        assert_eq!(tag(1500, Some(992), 0).displayed_discount_percent(), 34);
    }

    #[test]
    fn the_displayed_discount_of_a_percentage_is_the_percentage() {
        assert_eq!(tag(1000, None, 25).displayed_discount_percent(), 25);
    }

    #[test]
    fn no_honoured_discount_displays_zero() {
        assert_eq!(tag(1000, None, 0).displayed_discount_percent(), 0);
        assert_eq!(tag(1000, None, 91).displayed_discount_percent(), 0);
        assert_eq!(tag(1000, Some(1000), 0).displayed_discount_percent(), 0);
    }

    #[test]
    fn the_displayed_price_is_the_unit_price_rounded() {
        assert_eq!(tag(999, None, 15).displayed_price(), 849);
        assert_eq!(tag(999, None, 5).displayed_price(), 949);
        assert_eq!(tag(1000, Some(750), 0).displayed_price(), 750);
        assert_eq!(tag(1000, None, 0).displayed_price(), 1000);
    }

    #[test]
    fn only_a_reduced_price_counts_as_discounted() {
        assert!(tag(1000, Some(750), 0).is_discounted());
        assert!(tag(1000, None, 10).is_discounted());
        assert!(!tag(1000, Some(1200), 95).is_discounted());
    }
}
