//! The cart's figures (docs/spec.md §9 'Totals', docs/contract.md §5): subtotal, original total, product discount,
//! delivery charge with its waiver, the coupon base and the grand total. The server computes an order's
//! figures with the same functions, so checkout charges exactly what the cart shows.

use chrono::NaiveDate;

use crate::coupon::{Coupon, CouponError};
use crate::money::Rupees;
use crate::pricing::PriceTag;
use crate::product::MAX_PRICE;
use crate::stock::Quantity;

/// A delivery charge the admin entered that is negative or too large.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("❌ Please enter a valid non-negative number.")]
pub struct DeliveryChargeError;

/// The delivery charge from the settings: from Rs 0 to [`MAX_PRICE`]. Rs 0 is shown as 'Free'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeliveryCharge(Rupees);

impl DeliveryCharge {
    /// No charge, the value before the setting is known.
    pub const FREE: Self = Self(Rupees::ZERO);

    /// A charge from Rs 0 to [`MAX_PRICE`].
    ///
    /// # Errors
    /// [`DeliveryChargeError`] for a negative charge or one above [`MAX_PRICE`].
    pub fn new(charge: Rupees) -> Result<Self, DeliveryChargeError> {
        if charge < Rupees::ZERO || charge > MAX_PRICE {
            Err(DeliveryChargeError)
        } else {
            Ok(Self(charge))
        }
    }

    /// The charge.
    #[must_use]
    pub const fn get(self) -> Rupees {
        self.0
    }

    /// Whether the charge is Rs 0, shown as 'Free'.
    #[must_use]
    pub const fn is_free(self) -> bool {
        !self.0.is_positive()
    }
}

/// One product in a cart or an order: its price tag, how many and whether it ships free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartLine {
    tag: PriceTag,
    quantity: Quantity,
    free_delivery: bool,
}

impl CartLine {
    /// A line of `quantity` units priced by `tag`.
    #[must_use]
    pub const fn new(tag: PriceTag, quantity: Quantity, free_delivery: bool) -> Self {
        Self { tag, quantity, free_delivery }
    }

    /// The product's price tag.
    #[must_use]
    pub const fn tag(&self) -> PriceTag {
        self.tag
    }

    /// How many units.
    #[must_use]
    pub const fn quantity(&self) -> Quantity {
        self.quantity
    }

    /// Whether the product ships free.
    #[must_use]
    pub const fn free_delivery(&self) -> bool {
        self.free_delivery
    }

    /// The unit price times the quantity, exact.
    #[must_use]
    pub fn total(&self) -> Rupees {
        self.tag.unit_price().times(self.quantity.get())
    }

    /// The list price times the quantity.
    #[must_use]
    pub fn original_total(&self) -> Rupees {
        self.tag.list_price().times(self.quantity.get())
    }
}

/// The delivery charge a cart pays: waived (Rs 0) when the cart is empty or every line ships free,
/// otherwise the configured charge.
#[must_use]
pub fn delivery_charge(lines: &[CartLine], configured: DeliveryCharge) -> Rupees {
    if lines.iter().all(CartLine::free_delivery) {
        Rupees::ZERO
    } else {
        configured.get()
    }
}

/// A cart's figures, with or without a coupon discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartTotals {
    subtotal: Rupees,
    original_total: Rupees,
    delivery_charge: Rupees,
    coupon_discount: Rupees,
    item_count: u64,
}

impl CartTotals {
    /// The figures of `lines` with the configured delivery charge and no coupon.
    #[must_use]
    pub fn new(lines: &[CartLine], configured_delivery: DeliveryCharge) -> Self {
        Self {
            subtotal: lines.iter().map(CartLine::total).sum(),
            original_total: lines.iter().map(CartLine::original_total).sum(),
            delivery_charge: delivery_charge(lines, configured_delivery),
            coupon_discount: Rupees::ZERO,
            item_count: lines.iter().map(|line| u64::from(line.quantity.get())).sum(),
        }
    }

    /// The same figures with a coupon discount, rounded to whole rupees; a negative discount counts as 0.
    #[must_use]
    pub fn with_coupon_discount(self, discount: Rupees) -> Self {
        Self { coupon_discount: discount.floored_at_zero().rounded(), ..self }
    }

    /// The same figures with `coupon` applied to [`CartTotals::cart_total`] on `today` (Asia/Karachi).
    ///
    /// # Errors
    /// The [`CouponError`] of [`Coupon::apply`].
    pub fn with_coupon(self, coupon: &Coupon, today: NaiveDate) -> Result<Self, CouponError> {
        coupon.apply(self.cart_total(), today).map(|discount| self.with_coupon_discount(discount))
    }

    /// The sum of unit price times quantity, exact.
    #[must_use]
    pub const fn subtotal(&self) -> Rupees {
        self.subtotal
    }

    /// The sum of list price times quantity.
    #[must_use]
    pub const fn original_total(&self) -> Rupees {
        self.original_total
    }

    /// What the product discounts take off: original total minus subtotal.
    #[must_use]
    pub fn product_discount(&self) -> Rupees {
        self.original_total - self.subtotal
    }

    /// The delivery charge after any waiver.
    #[must_use]
    pub const fn delivery_charge(&self) -> Rupees {
        self.delivery_charge
    }

    /// The base a coupon applies to: subtotal plus delivery charge (docs/contract.md §5).
    #[must_use]
    pub fn cart_total(&self) -> Rupees {
        self.subtotal + self.delivery_charge
    }

    /// The coupon discount in whole rupees; Rs 0 without a coupon.
    #[must_use]
    pub const fn coupon_discount(&self) -> Rupees {
        self.coupon_discount
    }

    /// What the shopper pays: rounded subtotal plus delivery minus the coupon discount, at least Rs 0.
    #[must_use]
    pub fn grand_total(&self) -> Rupees {
        (self.subtotal.rounded() + self.delivery_charge - self.coupon_discount).floored_at_zero()
    }

    /// How many units the cart holds, for the cart badge.
    #[must_use]
    pub const fn item_count(&self) -> u64 {
        self.item_count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coupon::{CouponCode, CouponDiscount};
    use proptest::prelude::*;

    fn rs(whole: i64) -> Rupees {
        Rupees::from_whole(whole)
    }

    fn line(price: i64, sale: Option<i64>, percent: u8, quantity: u32, free_delivery: bool) -> CartLine {
        let tag = crate::pricing::loose(rs(price), sale.map(rs), percent);
        CartLine::new(tag, Quantity::new(quantity).unwrap(), free_delivery)
    }

    fn charge(whole: i64) -> DeliveryCharge {
        DeliveryCharge::new(rs(whole)).unwrap()
    }

    #[test]
    fn a_delivery_charge_from_zero_to_ten_crore_is_accepted() {
        assert_eq!(charge(0).get(), Rupees::ZERO);
        assert_eq!(charge(250).get(), rs(250));
        assert_eq!(charge(100_000_000).get(), rs(100_000_000));
    }

    #[test]
    fn a_negative_or_huge_delivery_charge_is_rejected() {
        assert_eq!(DeliveryCharge::new(Rupees::from_paisa(-1)), Err(DeliveryChargeError));
        assert_eq!(DeliveryCharge::new(rs(100_000_001)), Err(DeliveryChargeError));
        assert_eq!(DeliveryChargeError.to_string(), "❌ Please enter a valid non-negative number.");
    }

    #[test]
    fn a_zero_delivery_charge_is_free() {
        assert!(DeliveryCharge::FREE.is_free());
        assert!(charge(0).is_free());
        assert!(!charge(1).is_free());
    }

    #[test]
    fn a_line_totals_unit_price_and_list_price_times_quantity() {
        let line = line(999, None, 15, 3, false);

        assert_eq!(line.total(), Rupees::from_paisa(254_745));
        assert_eq!(line.original_total(), rs(2997));
        assert_eq!(line.quantity().get(), 3);
        assert!(!line.free_delivery());
        assert_eq!(line.tag().discount_percent(), 15);
    }

    #[test]
    fn an_empty_cart_pays_no_delivery() {
        assert_eq!(delivery_charge(&[], charge(200)), Rupees::ZERO);
    }

    #[test]
    fn a_cart_of_free_delivery_items_pays_no_delivery() {
        let lines = [line(100, None, 0, 1, true), line(200, None, 0, 2, true)];

        assert_eq!(delivery_charge(&lines, charge(200)), Rupees::ZERO);
    }

    #[test]
    fn one_item_without_free_delivery_brings_the_charge_back() {
        let lines = [line(100, None, 0, 1, true), line(200, None, 0, 2, false)];

        assert_eq!(delivery_charge(&lines, charge(200)), rs(200));
    }

    #[test]
    fn the_totals_follow_the_rules_of_the_cart() {
        let lines = [line(999, None, 15, 1, false), line(1000, Some(750), 0, 2, true)];

        let totals = CartTotals::new(&lines, charge(200));

        assert_eq!(totals.subtotal(), Rupees::from_paisa(234_915));
        assert_eq!(totals.original_total(), rs(2999));
        assert_eq!(totals.product_discount(), Rupees::from_paisa(64_985));
        assert_eq!(totals.delivery_charge(), rs(200));
        assert_eq!(totals.cart_total(), Rupees::from_paisa(254_915));
        assert_eq!(totals.coupon_discount(), Rupees::ZERO);
        assert_eq!(totals.grand_total(), rs(2549));
        assert_eq!(totals.item_count(), 3);
    }

    #[test]
    fn the_grand_total_rounds_the_subtotal_then_adds_delivery_and_takes_off_the_coupon() {
        let lines = [line(999, None, 15, 1, false)];

        let totals = CartTotals::new(&lines, charge(150)).with_coupon_discount(Rupees::from_paisa(10_040));

        assert_eq!(totals.coupon_discount(), rs(100));
        assert_eq!(totals.grand_total(), rs(849 + 150 - 100));
    }

    #[test]
    fn a_negative_coupon_discount_counts_as_zero() {
        let totals = CartTotals::new(&[line(100, None, 0, 1, false)], charge(0)).with_coupon_discount(rs(-50));

        assert_eq!(totals.coupon_discount(), Rupees::ZERO);
        assert_eq!(totals.grand_total(), rs(100));
    }

    #[test]
    fn the_grand_total_never_goes_below_zero() {
        let totals = CartTotals::new(&[line(100, None, 0, 1, true)], charge(50)).with_coupon_discount(rs(500));

        assert_eq!(totals.grand_total(), Rupees::ZERO);
    }

    #[test]
    fn an_empty_cart_totals_zero() {
        let totals = CartTotals::new(&[], charge(200));

        assert_eq!(totals.subtotal(), Rupees::ZERO);
        assert_eq!(totals.delivery_charge(), Rupees::ZERO);
        assert_eq!(totals.grand_total(), Rupees::ZERO);
        assert_eq!(totals.item_count(), 0);
    }

    #[test]
    fn a_coupon_applies_to_subtotal_plus_delivery() {
        let today = NaiveDate::from_ymd_opt(2025, 3, 15).unwrap();
        let start = NaiveDate::from_ymd_opt(2025, 3, 1).unwrap();
        let coupon = Coupon::new(
            CouponCode::parse("TEN").unwrap(),
            CouponDiscount::percent(10).unwrap(),
            start,
            today,
            rs(1000),
            true,
        )
        .unwrap();
        let totals = CartTotals::new(&[line(900, None, 0, 1, false)], charge(150));

        let with_coupon = totals.with_coupon(&coupon, today).unwrap();

        assert_eq!(with_coupon.coupon_discount(), rs(105));
        assert_eq!(with_coupon.grand_total(), rs(945));
    }

    #[test]
    fn a_coupon_that_does_not_apply_leaves_its_error() {
        let today = NaiveDate::from_ymd_opt(2025, 3, 15).unwrap();
        let coupon = Coupon::new(
            CouponCode::parse("TEN").unwrap(),
            CouponDiscount::percent(10).unwrap(),
            today,
            today,
            rs(1000),
            true,
        )
        .unwrap();
        let totals = CartTotals::new(&[line(900, None, 0, 1, true)], charge(150));

        assert_eq!(totals.with_coupon(&coupon, today), Err(CouponError::MinimumNotReached { minimum: 1000 }));
    }

    fn any_line() -> impl Strategy<Value = CartLine> {
        (1i64..=10_000_000, proptest::option::of(0i64..=10_000_000), 0u8..=100, 1u32..=1000, any::<bool>()).prop_map(
            |(price, sale, percent, quantity, free)| {
                let tag = crate::pricing::loose(Rupees::from_paisa(price), sale.map(Rupees::from_paisa), percent);
                CartLine::new(tag, Quantity::new(quantity).unwrap(), free)
            },
        )
    }

    proptest! {
        #[test]
        fn the_figures_of_any_cart_keep_their_invariants(
            lines in proptest::collection::vec(any_line(), 0..20),
            delivery in 0i64..=100_000,
            coupon in 0i64..=100_000_000,
        ) {
            let totals = CartTotals::new(&lines, charge(delivery)).with_coupon_discount(Rupees::from_paisa(coupon));

            prop_assert!(totals.subtotal() <= totals.original_total());
            prop_assert!(totals.product_discount() >= Rupees::ZERO);
            prop_assert_eq!(totals.product_discount() + totals.subtotal(), totals.original_total());
            prop_assert!(totals.grand_total() >= Rupees::ZERO);
            prop_assert!(totals.grand_total() <= totals.subtotal().rounded() + totals.delivery_charge());
            prop_assert_eq!(totals.coupon_discount().paisa() % 100, 0);
        }

        #[test]
        fn the_subtotal_is_the_exact_sum_of_the_lines(lines in proptest::collection::vec(any_line(), 0..20)) {
            let totals = CartTotals::new(&lines, DeliveryCharge::FREE);

            let expected: i64 = lines.iter().map(|l| l.tag().unit_price().paisa() * i64::from(l.quantity().get())).sum();

            prop_assert_eq!(totals.subtotal().paisa(), expected);
        }

        #[test]
        fn delivery_is_waived_exactly_when_every_line_ships_free(
            lines in proptest::collection::vec(any_line(), 0..10),
            delivery in 1i64..=100_000,
        ) {
            let totals = CartTotals::new(&lines, charge(delivery));

            let waived = lines.iter().all(CartLine::free_delivery);

            prop_assert_eq!(totals.delivery_charge() == Rupees::ZERO, waived);
        }

        #[test]
        fn without_a_coupon_the_grand_total_is_the_rounded_subtotal_plus_delivery(
            lines in proptest::collection::vec(any_line(), 0..20),
            delivery in 0i64..=100_000,
        ) {
            let totals = CartTotals::new(&lines, charge(delivery));

            prop_assert_eq!(totals.grand_total(), totals.subtotal().rounded() + totals.delivery_charge());
        }
    }
}
