//! Coupons (docs/spec.md §5 'Coupon apply' and 'Coupon (admin)', docs/contract.md §5): a code compared without regard
//! to case, a discount that is either a percentage or an amount, an inclusive window of calendar dates in
//! Pakistan time, a minimum order, and the rule that turns a coupon and a cart total into a discount.

use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;

use crate::money::Rupees;
use crate::product::MAX_PRICE;

/// The longest coupon code accepted, in characters.
pub const MAX_COUPON_CODE_CHARS: usize = 40;

/// A coupon code that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponCodeError {
    /// Nothing but white space.
    #[error("Please enter a valid coupon code.")]
    Empty,
    /// More than [`MAX_COUPON_CODE_CHARS`] characters.
    #[error("Coupon code must be at most {} characters.", MAX_COUPON_CODE_CHARS)]
    TooLong,
    /// A character other than A to Z, a to z, 0 to 9, '-' and '_'.
    #[error("Coupon code may contain only letters, digits, '-' and '_'.")]
    InvalidCharacter,
}

/// A coupon code: trimmed, 1 to 40 of A to Z, 0 to 9, '-' and '_', held upper-case so that codes compare
/// without regard to case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CouponCode(String);

impl CouponCode {
    /// Trims and checks a code as typed, and brings it to upper case.
    ///
    /// # Errors
    /// [`CouponCodeError`] when the trimmed text is empty, too long or holds another character.
    pub fn parse(text: &str) -> Result<Self, CouponCodeError> {
        let code = text.trim();
        if code.is_empty() {
            return Err(CouponCodeError::Empty);
        }
        if code.chars().count() > MAX_COUPON_CODE_CHARS {
            return Err(CouponCodeError::TooLong);
        }
        if !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(CouponCodeError::InvalidCharacter);
        }
        Ok(Self(code.to_ascii_uppercase()))
    }

    /// The code in upper case.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for CouponCode {
    type Err = CouponCodeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl fmt::Display for CouponCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A coupon discount that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponDiscountError {
    /// A percentage outside 1 to 100.
    #[error("Coupon percentage must be from 1 to 100.")]
    PercentOutOfRange,
    /// An amount of 0 or less, or above [`MAX_PRICE`].
    #[error("Coupon amount must be above Rs 0 and at most {}.", MAX_PRICE)]
    AmountOutOfRange,
    /// Both a percentage and an amount, or neither.
    #[error("{}", NewCouponError::CodeAndDiscountRequired)]
    NotExactlyOne,
}

/// A coupon's percentage: 1 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CouponPercent(u8);

impl CouponPercent {
    /// A percentage from 1 to 100.
    ///
    /// # Errors
    /// [`CouponDiscountError::PercentOutOfRange`] otherwise.
    pub fn new(percent: u8) -> Result<Self, CouponDiscountError> {
        if (1..=100).contains(&percent) {
            Ok(Self(percent))
        } else {
            Err(CouponDiscountError::PercentOutOfRange)
        }
    }

    /// The percentage.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// A coupon's fixed amount: above Rs 0 and at most [`MAX_PRICE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CouponAmount(Rupees);

impl CouponAmount {
    /// An amount above Rs 0 and at most [`MAX_PRICE`].
    ///
    /// # Errors
    /// [`CouponDiscountError::AmountOutOfRange`] otherwise.
    pub fn new(amount: Rupees) -> Result<Self, CouponDiscountError> {
        if amount.is_positive() && amount <= MAX_PRICE {
            Ok(Self(amount))
        } else {
            Err(CouponDiscountError::AmountOutOfRange)
        }
    }

    /// The amount.
    #[must_use]
    pub const fn get(self) -> Rupees {
        self.0
    }
}

/// What a coupon takes off: a percentage of the cart total or a fixed amount, never both, never neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CouponDiscount {
    /// A percentage of the cart total, rounded to whole rupees.
    Percent(CouponPercent),
    /// A fixed amount, rounded to whole rupees.
    Amount(CouponAmount),
}

impl CouponDiscount {
    /// A percentage discount.
    ///
    /// # Errors
    /// [`CouponDiscountError::PercentOutOfRange`] outside 1 to 100.
    pub fn percent(percent: u8) -> Result<Self, CouponDiscountError> {
        CouponPercent::new(percent).map(Self::Percent)
    }

    /// A fixed-amount discount.
    ///
    /// # Errors
    /// [`CouponDiscountError::AmountOutOfRange`] for 0 or less, or above [`MAX_PRICE`].
    pub fn amount(amount: Rupees) -> Result<Self, CouponDiscountError> {
        CouponAmount::new(amount).map(Self::Amount)
    }

    /// The discount from the two optional fields of a form or a row: exactly one must be given.
    ///
    /// # Errors
    /// [`CouponDiscountError::NotExactlyOne`] for both or neither, otherwise the given field's error.
    pub fn from_fields(percent: Option<u8>, amount: Option<Rupees>) -> Result<Self, CouponDiscountError> {
        match (percent, amount) {
            (Some(p), None) => Self::percent(p),
            (None, Some(a)) => Self::amount(a),
            _ => Err(CouponDiscountError::NotExactlyOne),
        }
    }

    /// The percentage, for a percent coupon.
    #[must_use]
    pub const fn percent_value(&self) -> Option<u8> {
        match self {
            Self::Percent(p) => Some(p.get()),
            Self::Amount(_) => None,
        }
    }

    /// The amount, for an amount coupon.
    #[must_use]
    pub const fn amount_value(&self) -> Option<Rupees> {
        match self {
            Self::Percent(_) => None,
            Self::Amount(a) => Some(a.get()),
        }
    }

    /// The discount on `cart_total`, in whole rupees: round(cartTotal × percent / 100) or the amount rounded.
    #[must_use]
    pub const fn on(&self, cart_total: Rupees) -> Rupees {
        match self {
            Self::Percent(p) => cart_total.whole_percent_of(p.get()),
            Self::Amount(a) => a.get().rounded(),
        }
    }
}

/// Why a coupon does not apply to a cart. The texts are the ones docs/spec.md §5 and docs/contract.md §5 show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponError {
    /// The cart total is 0 or less.
    #[error("Invalid cart total. Cannot apply coupon.")]
    InvalidCartTotal,
    /// The coupon is paused or today is outside its dates.
    #[error("Invalid or expired coupon.")]
    InvalidOrExpired,
    /// The cart total is below the coupon's minimum order, in whole rupees.
    #[error("Minimum order of Rs {minimum} required.")]
    MinimumNotReached {
        /// The minimum order in whole rupees.
        minimum: i64,
    },
    /// The discount would be the whole cart total or more.
    #[error("Cart total is too low for this coupon.")]
    CartTotalTooLow,
}

/// A coupon the admin can create that breaks a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NewCouponError {
    /// The code is empty, or the discount is missing, doubled or out of range.
    #[error("⚠️ Please enter a code and a valid discount.")]
    CodeAndDiscountRequired,
    /// The code holds characters or a length a code cannot have.
    #[error(transparent)]
    Code(CouponCodeError),
    /// The end date is before the start date.
    #[error("The end date cannot be before the start date.")]
    EndBeforeStart,
    /// The minimum order is negative or above [`MAX_PRICE`].
    #[error("Minimum order must be from Rs 0 to {}.", MAX_PRICE)]
    MinimumOutOfRange,
    /// A usage limit that is not a whole number from 1 to [`MAX_COUPON_USES`].
    #[error(transparent)]
    UsageLimit(#[from] UsageLimitError),
}

/// The largest usage limit a coupon may have.
pub const MAX_COUPON_USES: u32 = 1_000_000;

/// A usage limit that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Usage limits must be whole numbers from 1 to {}.", MAX_COUPON_USES)]
pub struct UsageLimitError;

/// How often a coupon may be used: in all, and by one customer; `None` is no limit. A use is an order
/// holding the coupon that was not rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UsageLimits {
    total: Option<u32>,
    per_customer: Option<u32>,
}

/// Why a coupon that is otherwise valid cannot be used again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponUsageError {
    /// Every use of its total limit is taken.
    #[error("This coupon has reached its usage limit.")]
    Exhausted,
    /// This customer has used it as often as one customer may.
    #[error("You have already used this coupon.")]
    AlreadyUsed,
}

impl UsageLimits {
    /// No limit at all.
    pub const NONE: Self = Self { total: None, per_customer: None };

    /// Limits from the admin's form or a row: each absent, or from 1 to [`MAX_COUPON_USES`].
    ///
    /// # Errors
    /// [`UsageLimitError`] for a limit outside that range.
    pub fn new(total: Option<i64>, per_customer: Option<i64>) -> Result<Self, UsageLimitError> {
        let limit = |value: Option<i64>| {
            value
                .map(|v| u32::try_from(v).ok().filter(|v| (1..=MAX_COUPON_USES).contains(v)).ok_or(UsageLimitError))
                .transpose()
        };
        Ok(Self { total: limit(total)?, per_customer: limit(per_customer)? })
    }

    /// The most uses in all, if limited.
    #[must_use]
    pub const fn total(&self) -> Option<u32> {
        self.total
    }

    /// The most uses by one customer, if limited.
    #[must_use]
    pub const fn per_customer(&self) -> Option<u32> {
        self.per_customer
    }

    /// Whether one more use is allowed after `uses` in all and, when a customer is known, `customer_uses`
    /// of theirs.
    ///
    /// # Errors
    /// [`CouponUsageError::Exhausted`] when the total is reached, otherwise
    /// [`CouponUsageError::AlreadyUsed`] when the customer's is.
    pub fn check(&self, uses: u32, customer_uses: Option<u32>) -> Result<(), CouponUsageError> {
        if self.total.is_some_and(|max| uses >= max) {
            return Err(CouponUsageError::Exhausted);
        }
        if let (Some(max), Some(used)) = (self.per_customer, customer_uses) {
            if used >= max {
                return Err(CouponUsageError::AlreadyUsed);
            }
        }
        Ok(())
    }
}

/// A coupon: code, discount, the first and last day it is valid (inclusive, Pakistan time), the minimum
/// cart total it needs and whether the admin has it active or paused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    code: CouponCode,
    discount: CouponDiscount,
    start: NaiveDate,
    end: NaiveDate,
    min_price: Rupees,
    active: bool,
    limits: UsageLimits,
}

impl Coupon {
    /// A coupon from checked parts, as stored.
    ///
    /// # Errors
    /// [`NewCouponError::EndBeforeStart`] or [`NewCouponError::MinimumOutOfRange`].
    pub fn new(
        code: CouponCode,
        discount: CouponDiscount,
        start: NaiveDate,
        end: NaiveDate,
        min_price: Rupees,
        active: bool,
    ) -> Result<Self, NewCouponError> {
        if end < start {
            return Err(NewCouponError::EndBeforeStart);
        }
        if min_price < Rupees::ZERO || min_price > MAX_PRICE {
            return Err(NewCouponError::MinimumOutOfRange);
        }
        Ok(Self { code, discount, start, end, min_price, active, limits: UsageLimits::NONE })
    }

    /// A new, active coupon from the admin's form: a code, exactly one of a percentage and an amount, the
    /// dates and a minimum order (0 when not given).
    ///
    /// # Errors
    /// [`NewCouponError::CodeAndDiscountRequired`] for an empty code or a missing, doubled or out-of-range
    /// discount; otherwise the code's or [`Coupon::new`]'s error.
    pub fn create(
        code: &str,
        percent: Option<u8>,
        amount: Option<Rupees>,
        start: NaiveDate,
        end: NaiveDate,
        min_price: Option<Rupees>,
    ) -> Result<Self, NewCouponError> {
        let code = CouponCode::parse(code).map_err(|err| match err {
            CouponCodeError::Empty => NewCouponError::CodeAndDiscountRequired,
            other => NewCouponError::Code(other),
        })?;
        let discount =
            CouponDiscount::from_fields(percent, amount).map_err(|_| NewCouponError::CodeAndDiscountRequired)?;
        Self::new(code, discount, start, end, min_price.unwrap_or(Rupees::ZERO), true)
    }

    /// The code.
    #[must_use]
    pub const fn code(&self) -> &CouponCode {
        &self.code
    }

    /// The discount.
    #[must_use]
    pub const fn discount(&self) -> CouponDiscount {
        self.discount
    }

    /// The first day the coupon applies.
    #[must_use]
    pub const fn start_date(&self) -> NaiveDate {
        self.start
    }

    /// The last day the coupon applies.
    #[must_use]
    pub const fn end_date(&self) -> NaiveDate {
        self.end
    }

    /// The smallest cart total the coupon applies to.
    #[must_use]
    pub const fn min_price(&self) -> Rupees {
        self.min_price
    }

    /// Whether the admin has the coupon active rather than paused.
    #[must_use]
    pub const fn is_active(&self) -> bool {
        self.active
    }

    /// The same coupon, activated or paused.
    #[must_use]
    pub fn with_active(self, active: bool) -> Self {
        Self { active, ..self }
    }

    /// How often the coupon may be used.
    #[must_use]
    pub const fn limits(&self) -> UsageLimits {
        self.limits
    }

    /// The same coupon with these usage limits.
    #[must_use]
    pub fn with_limits(self, limits: UsageLimits) -> Self {
        Self { limits, ..self }
    }

    /// Whether the coupon is active and `today` (a calendar date in Asia/Karachi) is inside its dates.
    #[must_use]
    pub fn is_valid_on(&self, today: NaiveDate) -> bool {
        self.active && self.start <= today && today <= self.end
    }

    /// The discount this coupon gives on `cart_total` (subtotal plus delivery charge) on `today`, in whole
    /// rupees, checked in the order docs/spec.md §5 gives.
    ///
    /// # Errors
    /// [`CouponError`]: a cart total of 0 or less, a paused or out-of-date coupon, a cart total below the
    /// minimum order, or a discount of the whole cart total or more.
    pub fn apply(&self, cart_total: Rupees, today: NaiveDate) -> Result<Rupees, CouponError> {
        if !cart_total.is_positive() {
            return Err(CouponError::InvalidCartTotal);
        }
        if !self.is_valid_on(today) {
            return Err(CouponError::InvalidOrExpired);
        }
        if cart_total < self.min_price {
            return Err(CouponError::MinimumNotReached { minimum: self.min_price.round_to_whole() });
        }
        let discount = self.discount.on(cart_total);
        if discount >= cart_total {
            return Err(CouponError::CartTotalTooLow);
        }
        Ok(discount)
    }
}

/// The message shown when a coupon applies: `Coupon "{code}" applied!`.
#[must_use]
pub fn applied_message(code: &CouponCode) -> String {
    format!("Coupon \"{code}\" applied!")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs(whole: i64) -> Rupees {
        Rupees::from_whole(whole)
    }

    fn day(month: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, month, day).unwrap()
    }

    fn coupon(discount: CouponDiscount, min_price: i64) -> Coupon {
        Coupon::new(CouponCode::parse("SAVE10").unwrap(), discount, day(3, 1), day(3, 31), rs(min_price), true).unwrap()
    }

    fn ten_percent() -> CouponDiscount {
        CouponDiscount::percent(10).unwrap()
    }

    #[test]
    fn a_code_is_trimmed_and_upper_cased() {
        let code = CouponCode::parse("  save-10_x ").unwrap();

        assert_eq!(code.as_str(), "SAVE-10_X");
        assert_eq!(code.to_string(), "SAVE-10_X");
    }

    #[test]
    fn codes_compare_without_regard_to_case() {
        assert_eq!(CouponCode::parse("Eid2025").unwrap(), "EID2025".parse::<CouponCode>().unwrap());
    }

    #[test]
    fn an_empty_or_blank_code_is_rejected() {
        for text in ["", "   ", "\t\n"] {
            assert_eq!(CouponCode::parse(text), Err(CouponCodeError::Empty), "{text:?}");
        }
        assert_eq!(CouponCodeError::Empty.to_string(), "Please enter a valid coupon code.");
    }

    #[test]
    fn a_code_of_forty_characters_is_accepted_and_forty_one_is_not() {
        assert!(CouponCode::parse(&"A".repeat(40)).is_ok());

        let err = CouponCode::parse(&"A".repeat(41)).unwrap_err();

        assert_eq!(err, CouponCodeError::TooLong);
        assert_eq!(err.to_string(), "Coupon code must be at most 40 characters.");
    }

    #[test]
    fn a_code_with_other_characters_is_rejected() {
        for text in ["SAVE 10", "SAVE%", "ÉTÉ", "a.b", "x/y"] {
            assert_eq!(CouponCode::parse(text), Err(CouponCodeError::InvalidCharacter), "{text:?}");
        }
        assert_eq!(
            CouponCodeError::InvalidCharacter.to_string(),
            "Coupon code may contain only letters, digits, '-' and '_'."
        );
    }

    #[test]
    fn a_coupon_percentage_is_from_one_to_a_hundred() {
        assert_eq!(CouponDiscount::percent(1).unwrap().percent_value(), Some(1));
        assert_eq!(CouponDiscount::percent(100).unwrap().percent_value(), Some(100));
        assert_eq!(CouponDiscount::percent(0), Err(CouponDiscountError::PercentOutOfRange));
        assert_eq!(CouponDiscount::percent(101), Err(CouponDiscountError::PercentOutOfRange));
        assert_eq!(CouponDiscountError::PercentOutOfRange.to_string(), "Coupon percentage must be from 1 to 100.");
    }

    #[test]
    fn a_coupon_amount_is_above_zero_and_at_most_ten_crore() {
        assert_eq!(CouponDiscount::amount(rs(150)).unwrap().amount_value(), Some(rs(150)));
        assert_eq!(CouponDiscount::amount(Rupees::ZERO), Err(CouponDiscountError::AmountOutOfRange));
        assert_eq!(CouponDiscount::amount(rs(-1)), Err(CouponDiscountError::AmountOutOfRange));
        assert_eq!(CouponDiscount::amount(rs(100_000_001)), Err(CouponDiscountError::AmountOutOfRange));
        assert_eq!(
            CouponDiscountError::AmountOutOfRange.to_string(),
            "Coupon amount must be above Rs 0 and at most Rs 100000000."
        );
    }

    #[test]
    fn exactly_one_of_percentage_and_amount_is_required() {
        assert_eq!(CouponDiscount::from_fields(Some(10), None), Ok(ten_percent()));
        assert_eq!(CouponDiscount::from_fields(None, Some(rs(50))), CouponDiscount::amount(rs(50)));
        assert_eq!(CouponDiscount::from_fields(Some(10), Some(rs(50))), Err(CouponDiscountError::NotExactlyOne));
        assert_eq!(CouponDiscount::from_fields(None, None), Err(CouponDiscountError::NotExactlyOne));
        assert_eq!(CouponDiscountError::NotExactlyOne.to_string(), "⚠️ Please enter a code and a valid discount.");
    }

    #[test]
    fn a_discount_exposes_only_its_own_field() {
        assert_eq!(ten_percent().amount_value(), None);
        assert_eq!(CouponDiscount::amount(rs(50)).unwrap().percent_value(), None);
    }

    #[test]
    fn a_percent_coupon_takes_the_rounded_percentage_of_the_cart_total() {
        let coupon = coupon(ten_percent(), 0);

        assert_eq!(coupon.apply(rs(1999), day(3, 15)), Ok(rs(200)));
        assert_eq!(coupon.apply(rs(1994), day(3, 15)), Ok(rs(199)));
        assert_eq!(coupon.apply(Rupees::from_paisa(199_915), day(3, 15)), Ok(rs(200)));
    }

    #[test]
    fn an_amount_coupon_takes_its_amount_rounded() {
        let coupon = coupon(CouponDiscount::amount(Rupees::from_paisa(15_050)).unwrap(), 0);

        assert_eq!(coupon.apply(rs(1000), day(3, 15)), Ok(rs(151)));
    }

    #[test]
    fn a_cart_total_of_zero_or_less_is_refused_first() {
        let paused = coupon(ten_percent(), 500).with_active(false);

        assert_eq!(paused.apply(Rupees::ZERO, day(1, 1)), Err(CouponError::InvalidCartTotal));
        assert_eq!(paused.apply(rs(-10), day(3, 15)), Err(CouponError::InvalidCartTotal));
        assert_eq!(CouponError::InvalidCartTotal.to_string(), "Invalid cart total. Cannot apply coupon.");
    }

    #[test]
    fn a_paused_coupon_is_invalid() {
        let paused = coupon(ten_percent(), 0).with_active(false);

        assert!(!paused.is_active());
        assert_eq!(paused.apply(rs(1000), day(3, 15)), Err(CouponError::InvalidOrExpired));
        assert_eq!(CouponError::InvalidOrExpired.to_string(), "Invalid or expired coupon.");
    }

    #[test]
    fn the_date_window_includes_its_first_and_last_day() {
        let coupon = coupon(ten_percent(), 0);

        assert_eq!(coupon.apply(rs(1000), day(3, 1)), Ok(rs(100)));
        assert_eq!(coupon.apply(rs(1000), day(3, 31)), Ok(rs(100)));
        assert_eq!(coupon.apply(rs(1000), day(2, 28)), Err(CouponError::InvalidOrExpired));
        assert_eq!(coupon.apply(rs(1000), day(4, 1)), Err(CouponError::InvalidOrExpired));
    }

    #[test]
    fn an_expired_coupon_is_refused_before_the_minimum_is_checked() {
        let coupon = coupon(ten_percent(), 5000);

        assert_eq!(coupon.apply(rs(1000), day(4, 1)), Err(CouponError::InvalidOrExpired));
    }

    #[test]
    fn a_cart_total_below_the_minimum_is_refused_with_the_minimum_in_whole_rupees() {
        let coupon = coupon(ten_percent(), 1500);

        let err = coupon.apply(Rupees::from_paisa(149_999), day(3, 15)).unwrap_err();

        assert_eq!(err, CouponError::MinimumNotReached { minimum: 1500 });
        assert_eq!(err.to_string(), "Minimum order of Rs 1500 required.");
        assert_eq!(coupon.apply(rs(1500), day(3, 15)), Ok(rs(150)));
    }

    #[test]
    fn a_discount_of_the_whole_cart_total_or_more_is_refused() {
        let amount = coupon(CouponDiscount::amount(rs(500)).unwrap(), 0);
        let everything = coupon(CouponDiscount::percent(100).unwrap(), 0);

        assert_eq!(amount.apply(rs(500), day(3, 15)), Err(CouponError::CartTotalTooLow));
        assert_eq!(amount.apply(rs(400), day(3, 15)), Err(CouponError::CartTotalTooLow));
        assert_eq!(amount.apply(rs(501), day(3, 15)), Ok(rs(500)));
        assert_eq!(everything.apply(rs(300), day(3, 15)), Err(CouponError::CartTotalTooLow));
        assert_eq!(CouponError::CartTotalTooLow.to_string(), "Cart total is too low for this coupon.");
    }

    #[test]
    fn the_applied_message_names_the_code() {
        let code = CouponCode::parse("eid25").unwrap();

        assert_eq!(applied_message(&code), "Coupon \"EID25\" applied!");
    }

    #[test]
    fn a_new_coupon_from_the_form_is_active_with_a_default_minimum_of_zero() {
        let coupon = Coupon::create(" eid25 ", Some(25), None, day(3, 1), day(3, 1), None).unwrap();

        assert_eq!(coupon.code().as_str(), "EID25");
        assert_eq!(coupon.discount(), CouponDiscount::percent(25).unwrap());
        assert_eq!((coupon.start_date(), coupon.end_date()), (day(3, 1), day(3, 1)));
        assert_eq!(coupon.min_price(), Rupees::ZERO);
        assert!(coupon.is_active());
    }

    #[test]
    fn a_new_coupon_needs_a_code_and_exactly_one_valid_discount() {
        let attempts = [
            ("", Some(10), None),
            ("  ", None, Some(rs(100))),
            ("EID", None, None),
            ("EID", Some(10), Some(rs(100))),
            ("EID", Some(0), None),
            ("EID", Some(101), None),
            ("EID", None, Some(Rupees::ZERO)),
        ];

        for (code, percent, amount) in attempts {
            let err = Coupon::create(code, percent, amount, day(3, 1), day(3, 2), None).unwrap_err();

            assert_eq!(err, NewCouponError::CodeAndDiscountRequired, "{code:?} {percent:?} {amount:?}");
            assert_eq!(err.to_string(), "⚠️ Please enter a code and a valid discount.");
        }
    }

    #[test]
    fn a_new_coupon_with_a_malformed_code_says_what_is_wrong() {
        let err = Coupon::create("EID 25", Some(10), None, day(3, 1), day(3, 2), None).unwrap_err();

        assert_eq!(err, NewCouponError::Code(CouponCodeError::InvalidCharacter));
        assert_eq!(err.to_string(), "Coupon code may contain only letters, digits, '-' and '_'.");
    }

    #[test]
    fn a_coupon_cannot_end_before_it_starts() {
        let err = Coupon::create("EID", Some(10), None, day(3, 2), day(3, 1), None).unwrap_err();

        assert_eq!(err, NewCouponError::EndBeforeStart);
        assert_eq!(err.to_string(), "The end date cannot be before the start date.");
    }

    #[test]
    fn a_minimum_order_must_be_from_zero_to_ten_crore() {
        let code = CouponCode::parse("EID").unwrap();

        let negative = Coupon::new(code.clone(), ten_percent(), day(3, 1), day(3, 2), rs(-1), true);
        let huge = Coupon::new(code, ten_percent(), day(3, 1), day(3, 2), rs(100_000_001), true);

        assert_eq!(negative, Err(NewCouponError::MinimumOutOfRange));
        assert_eq!(huge, Err(NewCouponError::MinimumOutOfRange));
        assert_eq!(NewCouponError::MinimumOutOfRange.to_string(), "Minimum order must be from Rs 0 to Rs 100000000.");
    }

    #[test]
    fn usage_limits_are_absent_or_from_one_to_a_million() {
        assert_eq!(UsageLimits::new(None, None), Ok(UsageLimits::NONE));
        assert_eq!(UsageLimits::new(Some(1), Some(1_000_000)).unwrap().per_customer(), Some(1_000_000));
        for bad in [0, -1, 1_000_001, i64::MAX] {
            assert_eq!(UsageLimits::new(Some(bad), None), Err(UsageLimitError), "{bad}");
            assert_eq!(UsageLimits::new(None, Some(bad)), Err(UsageLimitError), "{bad}");
        }
        assert_eq!(UsageLimitError.to_string(), "Usage limits must be whole numbers from 1 to 1000000.");
    }

    #[test]
    fn the_total_limit_is_checked_before_the_customers_own() {
        let limits = UsageLimits::new(Some(3), Some(1)).unwrap();

        assert_eq!(limits.check(2, Some(0)), Ok(()));
        assert_eq!(limits.check(2, None), Ok(()));
        assert_eq!(limits.check(3, Some(0)), Err(CouponUsageError::Exhausted));
        assert_eq!(limits.check(3, Some(1)), Err(CouponUsageError::Exhausted));
        assert_eq!(limits.check(1, Some(1)), Err(CouponUsageError::AlreadyUsed));
        assert_eq!(limits.check(1, None), Ok(()));
        assert_eq!(CouponUsageError::Exhausted.to_string(), "This coupon has reached its usage limit.");
        assert_eq!(CouponUsageError::AlreadyUsed.to_string(), "You have already used this coupon.");
    }

    #[test]
    fn without_limits_any_number_of_uses_is_allowed() {
        assert_eq!(UsageLimits::NONE.check(u32::MAX, Some(u32::MAX)), Ok(()));
    }
}
