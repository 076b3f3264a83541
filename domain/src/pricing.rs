//! The price of a product (docs/spec.md §5): which price a cart item is charged, which discount is shown and
//! which price cards and pages display. docs/contract.md §2 makes the cart's rule the only rule: checkout and the
//! server charge exactly what the cart shows.

use crate::money::Rupees;

/// The highest percentage discount honoured (docs/spec.md §9).
pub const MAX_DISCOUNT_PERCENT: u8 = 90;

/// A product's price fields as the shop owner set them. Any combination is accepted here; the rules decide
/// which part is honoured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceTag {
    price: Rupees,
    sale_price: Option<Rupees>,
    discount_percent: u8,
}

impl PriceTag {
    /// A price tag with a list price, an optional sale price and a percentage discount (0 for none).
    #[must_use]
    pub const fn new(price: Rupees, sale_price: Option<Rupees>, discount_percent: u8) -> Self {
        Self { price, sale_price, discount_percent }
    }

    /// The list price.
    #[must_use]
    pub const fn list_price(&self) -> Rupees {
        self.price
    }

    /// The sale price as set, honoured or not.
    #[must_use]
    pub const fn sale_price(&self) -> Option<Rupees> {
        self.sale_price
    }

    /// The percentage discount as set, honoured or not.
    #[must_use]
    pub const fn discount_percent(&self) -> u8 {
        self.discount_percent
    }

    /// The sale price when it is honoured: above 0 and below the list price.
    fn honoured_sale_price(&self) -> Option<Rupees> {
        self.sale_price.filter(|sale| sale.is_positive() && *sale < self.price)
    }

    /// The percentage discount when it is honoured: above 0 and at most 90.
    fn honoured_discount_percent(&self) -> Option<u8> {
        Some(self.discount_percent).filter(|p| (1..=MAX_DISCOUNT_PERCENT).contains(p))
    }

    /// The unit price a cart item is charged (docs/spec.md §5): the sale price when it is above 0 and below the
    /// list price; otherwise the list price reduced by a discount above 0 and at most 90 per cent; otherwise
    /// the list price. Exact, not rounded.
    #[must_use]
    pub fn unit_price(&self) -> Rupees {
        if let Some(sale) = self.honoured_sale_price() {
            sale
        } else if let Some(percent) = self.honoured_discount_percent() {
            self.price.less_percent(percent)
        } else {
            self.price
        }
    }

    /// The percentage shown in the 'N% OFF' badge: the discount actually charged. A honoured sale price
    /// shows the rounded percentage it takes off the list price; otherwise a honoured discount shows
    /// itself; otherwise 0. (docs/spec.md shows a set discountPercent first; the admin forms keep the two fields
    /// consistent, and where stored data disagrees we show what the shopper is charged.)
    #[must_use]
    pub fn displayed_discount_percent(&self) -> u8 {
        if let Some(sale) = self.honoured_sale_price() {
            let off = (self.price - sale).percent_of(self.price).unwrap_or(0);
            u8::try_from(off.clamp(0, 100)).unwrap_or(0)
        } else {
            self.honoured_discount_percent().unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(price: i64, sale: Option<i64>, percent: u8) -> PriceTag {
        PriceTag::new(Rupees::from_whole(price), sale.map(Rupees::from_whole), percent)
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
