//! Exact money. Amounts are held in integer paisa (1 rupee = 100 paisa); nothing here uses floating point.
//! Shoppers see whole rupees: [`Rupees::round_to_whole`] is the one place where that rounding happens.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Sub};

const PAISA_PER_RUPEE: i64 = 100;

/// An exact amount of Pakistani rupees, stored as integer paisa.
///
/// Arithmetic saturates instead of wrapping. Inputs are bounded where they enter the system (prices up to
/// Rs 10 crore, quantities up to a million), so saturation is unreachable for real carts; it only keeps a
/// hostile number from wrapping round to a small price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Rupees(i64);

impl Rupees {
    /// Nothing.
    pub const ZERO: Self = Self(0);

    /// An amount of whole rupees.
    #[must_use]
    pub const fn from_whole(rupees: i64) -> Self {
        Self(rupees.saturating_mul(PAISA_PER_RUPEE))
    }

    /// An amount given in paisa.
    #[must_use]
    pub const fn from_paisa(paisa: i64) -> Self {
        Self(paisa)
    }

    /// The exact amount in paisa.
    #[must_use]
    pub const fn paisa(self) -> i64 {
        self.0
    }

    /// The amount rounded to whole rupees, halves away from zero (Rs 10.50 shows as Rs 11).
    #[must_use]
    pub const fn round_to_whole(self) -> i64 {
        let whole = self.0 / PAISA_PER_RUPEE;
        let rest = self.0 % PAISA_PER_RUPEE;
        if rest >= PAISA_PER_RUPEE / 2 {
            whole + 1
        } else if rest <= -PAISA_PER_RUPEE / 2 {
            whole - 1
        } else {
            whole
        }
    }

    /// The amount rounded to whole rupees, as an amount.
    #[must_use]
    pub const fn rounded(self) -> Self {
        Self::from_whole(self.round_to_whole())
    }

    /// Whether the amount is above zero.
    #[must_use]
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// The amount times a count, e.g. a unit price times a quantity.
    #[must_use]
    pub const fn times(self, count: u32) -> Self {
        Self(self.0.saturating_mul(count as i64))
    }

    /// This amount reduced by `percent` per cent, rounded to the nearest paisa (halves up).
    /// Whole-rupee prices reduced by a whole percentage are always exact.
    #[must_use]
    pub const fn less_percent(self, percent: u8) -> Self {
        let kept = 100 - (if percent > 100 { 100 } else { percent }) as i64;
        Self(div_round_half_up(self.0.saturating_mul(kept), 100))
    }

    /// `percent` per cent of this amount, rounded to whole rupees (halves up): the coupon rule
    /// `round(cartTotal × percent / 100)`.
    #[must_use]
    pub const fn whole_percent_of(self, percent: u8) -> Self {
        Self::from_whole(div_round_half_up(self.0.saturating_mul(percent as i64), 100 * PAISA_PER_RUPEE))
    }

    /// The share of `whole` that this amount is, as a percentage rounded to the nearest whole number
    /// (halves up). `None` when `whole` is not positive.
    #[must_use]
    pub const fn percent_of(self, whole: Self) -> Option<i64> {
        if whole.0 <= 0 {
            return None;
        }
        Some(div_round_half_up(self.0.saturating_mul(100), whole.0))
    }

    /// This amount, or zero when it is negative.
    #[must_use]
    pub const fn floored_at_zero(self) -> Self {
        if self.0 < 0 {
            Self::ZERO
        } else {
            self
        }
    }
}

/// `numerator / denominator` rounded to the nearest integer, halves towards positive infinity, as
/// JavaScript's `Math.round` does. `denominator` must be positive.
const fn div_round_half_up(numerator: i64, denominator: i64) -> i64 {
    (numerator.saturating_mul(2).saturating_add(denominator)).div_euclid(denominator.saturating_mul(2))
}

impl Add for Rupees {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        Self(self.0.saturating_add(other.0))
    }
}

impl Sub for Rupees {
    type Output = Self;

    fn sub(self, other: Self) -> Self {
        Self(self.0.saturating_sub(other.0))
    }
}

impl Sum for Rupees {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, Add::add)
    }
}

/// Shows the amount as shoppers see it: `Rs 1,299`, rounded to whole rupees, thousands grouped by commas
/// (docs/decisions/0033).
impl fmt::Display for Rupees {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rs {}", grouped(self.round_to_whole()))
    }
}

/// `whole` with its thousands grouped by commas: `125000` as `125,000`, `-1299` as `-1,299`.
#[must_use]
pub fn grouped(whole: i64) -> String {
    let digits = whole.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if whole < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn amounts_show_with_thousands_separators() {
        assert_eq!(Rupees::from_whole(3299).to_string(), "Rs 3,299");
        assert_eq!(Rupees::from_whole(999).to_string(), "Rs 999");
        assert_eq!(Rupees::from_whole(125_000).to_string(), "Rs 125,000");
        assert_eq!(Rupees::from_whole(1_000_000).to_string(), "Rs 1,000,000");
        assert_eq!(Rupees::from_whole(-1299).to_string(), "Rs -1,299");
        assert_eq!(Rupees::ZERO.to_string(), "Rs 0");
    }

    #[test]
    fn whole_rupees_are_held_as_paisa() {
        assert_eq!(Rupees::from_whole(1299).paisa(), 129_900);
    }

    #[test]
    fn rounding_to_whole_rupees_takes_halves_up() {
        assert_eq!(Rupees::from_paisa(1049).round_to_whole(), 10);
        assert_eq!(Rupees::from_paisa(1050).round_to_whole(), 11);
        assert_eq!(Rupees::from_paisa(1099).round_to_whole(), 11);
        assert_eq!(Rupees::from_paisa(-1049).round_to_whole(), -10);
        assert_eq!(Rupees::from_paisa(-1050).round_to_whole(), -11);
    }

    #[test]
    fn display_is_rs_and_whole_rupees() {
        assert_eq!(Rupees::from_paisa(84_915).to_string(), "Rs 849");
        assert_eq!(Rupees::from_paisa(84_950).to_string(), "Rs 850");
    }

    #[test]
    fn a_percentage_off_a_whole_rupee_price_is_exact() {
        assert_eq!(Rupees::from_whole(999).less_percent(15), Rupees::from_paisa(84_915));
    }

    #[test]
    fn a_percentage_of_an_amount_rounds_to_whole_rupees() {
        assert_eq!(Rupees::from_whole(1999).whole_percent_of(10), Rupees::from_whole(200));
        assert_eq!(Rupees::from_whole(1994).whole_percent_of(10), Rupees::from_whole(199));
        assert_eq!(Rupees::from_whole(1995).whole_percent_of(10), Rupees::from_whole(200));
    }

    #[test]
    fn percent_of_rounds_and_refuses_a_zero_whole() {
        assert_eq!(Rupees::from_whole(250).percent_of(Rupees::from_whole(1000)), Some(25));
        assert_eq!(Rupees::from_whole(1).percent_of(Rupees::from_whole(3)), Some(33));
        assert_eq!(Rupees::from_whole(2).percent_of(Rupees::from_whole(3)), Some(67));
        assert_eq!(Rupees::from_whole(1).percent_of(Rupees::ZERO), None);
    }

    #[test]
    fn flooring_turns_a_negative_amount_into_zero() {
        assert_eq!(Rupees::from_whole(-5).floored_at_zero(), Rupees::ZERO);
        assert_eq!(Rupees::from_whole(5).floored_at_zero(), Rupees::from_whole(5));
    }

    proptest! {
        #[test]
        fn addition_and_subtraction_are_exact(a in -1_000_000_000i64..1_000_000_000, b in -1_000_000_000i64..1_000_000_000) {
            let (x, y) = (Rupees::from_paisa(a), Rupees::from_paisa(b));

            prop_assert_eq!((x + y) - y, x);
            prop_assert_eq!((x + y).paisa(), a + b);
        }

        #[test]
        fn a_sum_equals_the_sum_of_its_paisa(amounts in proptest::collection::vec(0i64..10_000_000_000, 0..50)) {
            let total: Rupees = amounts.iter().copied().map(Rupees::from_paisa).sum();

            prop_assert_eq!(total.paisa(), amounts.iter().sum::<i64>());
        }

        #[test]
        fn rounding_moves_by_at_most_half_a_rupee(paisa in -10_000_000_000i64..10_000_000_000) {
            let amount = Rupees::from_paisa(paisa);

            let moved = (amount.rounded().paisa() - paisa).abs();

            prop_assert!(moved <= 50);
            prop_assert_eq!(amount.rounded().paisa() % 100, 0);
        }

        #[test]
        fn a_discount_never_raises_a_price_nor_goes_below_zero(rupees in 0i64..100_000_000, percent in 0u8..=100) {
            let price = Rupees::from_whole(rupees);

            let reduced = price.less_percent(percent);

            prop_assert!(reduced <= price);
            prop_assert!(reduced >= Rupees::ZERO);
            prop_assert_eq!(reduced.paisa() * 100, price.paisa() * i64::from(100 - percent));
        }

        #[test]
        fn times_is_repeated_addition(paisa in 0i64..1_000_000_000, count in 0u32..1000) {
            let amount = Rupees::from_paisa(paisa);

            let repeated: Rupees = std::iter::repeat_n(amount, count as usize).sum();

            prop_assert_eq!(amount.times(count), repeated);
        }
    }
}
