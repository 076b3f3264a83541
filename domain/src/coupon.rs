//! Coupons (docs/spec.md §5 'Coupon apply' and 'Coupon (admin)', docs/contract.md §5): a code compared without regard
//! to case, a discount that is either a percentage or an amount, an inclusive window of calendar dates in
//! Pakistan time, a minimum order, and the rule that turns a coupon and a cart total into a discount.

use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;

use crate::language::Localized;
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

    /// A code as a shopper typed it: like [`CouponCode::parse`], but spaces inside it are dropped, since no
    /// code holds one (`welcome 10` is `WELCOME10`; docs/decisions/0033).
    ///
    /// # Errors
    /// [`CouponCodeError`] when what is left is empty, too long or holds another character.
    pub fn parse_typed(text: &str) -> Result<Self, CouponCodeError> {
        let joined: String = text.split_whitespace().collect();
        match Self::parse(text) {
            Err(CouponCodeError::InvalidCharacter) if joined != text.trim() => Self::parse(&joined),
            parsed => parsed,
        }
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
    #[error("Minimum order of Rs {} required.", crate::money::grouped(*minimum))]
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

/// Whether `start` to `end` can be a coupon's dates: the end on or after the start.
///
/// # Errors
/// [`NewCouponError::EndBeforeStart`].
pub fn check_dates(start: NaiveDate, end: NaiveDate) -> Result<(), NewCouponError> {
    if end < start {
        Err(NewCouponError::EndBeforeStart)
    } else {
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
        check_dates(start, end)?;
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

impl Localized for CouponCodeError {
    fn urdu(&self) -> String {
        match self {
            Self::Empty => "براہِ کرم درست کوپن کوڈ درج کریں۔".to_owned(),
            Self::TooLong => format!("کوپن کوڈ زیادہ سے زیادہ {MAX_COUPON_CODE_CHARS} حروف کا ہو سکتا ہے۔"),
            Self::InvalidCharacter => "کوپن کوڈ میں صرف حروف، ہندسے، '-' اور '_' ہو سکتے ہیں۔".to_owned(),
        }
    }
}

impl Localized for CouponError {
    fn urdu(&self) -> String {
        match self {
            Self::InvalidCartTotal => "ٹوکری کی کل رقم درست نہیں، کوپن نہیں لگ سکتا۔".to_owned(),
            Self::InvalidOrExpired => "کوپن درست نہیں یا اس کی مدت ختم ہو چکی ہے۔".to_owned(),
            Self::MinimumNotReached { minimum } => {
                format!("اس کوپن کے لیے کم از کم Rs {} کا آرڈر ضروری ہے۔", crate::money::grouped(*minimum))
            }
            Self::CartTotalTooLow => "اس کوپن کے لیے ٹوکری کی کل رقم بہت کم ہے۔".to_owned(),
        }
    }
}

impl Localized for CouponUsageError {
    fn urdu(&self) -> String {
        match self {
            Self::Exhausted => "یہ کوپن اپنی استعمال کی حد تک پہنچ چکا ہے۔".to_owned(),
            Self::AlreadyUsed => "آپ یہ کوپن پہلے ہی استعمال کر چکے ہیں۔".to_owned(),
        }
    }
}

/// [`applied_message`] in Urdu.
#[must_use]
pub fn applied_message_urdu(code: &CouponCode) -> String {
    format!("کوپن \"{code}\" لگ گیا!")
}

#[cfg(test)]
mod tests;
