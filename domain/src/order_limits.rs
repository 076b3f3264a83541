//! Limits on what one account may order (docs/security.md 'Orders'): at most so many units of one product
//! in an order, so many pending orders per account and per primary phone at once, and so many orders per
//! account in any 24 hours. The defaults are more than a genuine shopper ever needs; the owner changes them
//! on the Order checks page. Pure: what an account has ordered comes in as a [`RecentOrders`], gathered by
//! whoever stores orders.

use chrono::{DateTime, Duration, Utc};

use crate::language::Localized;
use crate::stock::MAX_QUANTITY;

/// The daily limit counts the orders of any 24 hours before the new one (a rolling window, so ten orders at
/// 23:59 are not followed by ten more at 00:01).
pub const ORDER_WINDOW_HOURS: i64 = 24;

/// How long a shopper refused for too many pending orders is asked to wait (`Retry-After`): the owner
/// usually deals with new orders within the hour.
pub const PENDING_RETRY_HOURS: i64 = 1;

/// The most pending orders or orders a day a limit may allow: high enough to switch a limit off in effect.
pub const MAX_ORDERS_LIMIT: u32 = 100_000;

/// One of the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LimitId {
    UnitsPerProduct,
    PendingPerAccount,
    PendingPerPhone,
    OrdersPerDay,
}

impl LimitId {
    /// Every limit, in the order the settings list them.
    pub const ALL: [Self; 4] =
        [Self::UnitsPerProduct, Self::PendingPerAccount, Self::PendingPerPhone, Self::OrdersPerDay];

    /// Its key on the wire, e.g. `unitsPerProduct`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::UnitsPerProduct => "unitsPerProduct",
            Self::PendingPerAccount => "pendingPerAccount",
            Self::PendingPerPhone => "pendingPerPhone",
            Self::OrdersPerDay => "ordersPerDay",
        }
    }

    /// Its label in the settings.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::UnitsPerProduct => "Units of one product per order",
            Self::PendingPerAccount => "Pending orders per account",
            Self::PendingPerPhone => "Pending orders per phone",
            Self::OrdersPerDay => "Orders per account in 24 hours",
        }
    }

    /// What it stops, in a sentence.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::UnitsPerProduct => "More of one product in an order is refused before anything is taken from stock.",
            Self::PendingPerAccount => "An account with this many orders waiting for approval cannot place another.",
            Self::PendingPerPhone => {
                "A primary phone with this many orders waiting for approval cannot be used for another."
            }
            Self::OrdersPerDay => "An account that placed this many orders in the last 24 hours cannot place another.",
        }
    }

    /// Its value unless the owner changed it.
    #[must_use]
    pub const fn default_value(self) -> u32 {
        match self {
            Self::UnitsPerProduct | Self::OrdersPerDay => 10,
            Self::PendingPerAccount | Self::PendingPerPhone => 3,
        }
    }

    /// The smallest value the owner may set.
    #[must_use]
    pub const fn min(self) -> u32 {
        1
    }

    /// The largest value the owner may set.
    #[must_use]
    pub const fn max(self) -> u32 {
        match self {
            Self::UnitsPerProduct => MAX_QUANTITY,
            Self::PendingPerAccount | Self::PendingPerPhone | Self::OrdersPerDay => MAX_ORDERS_LIMIT,
        }
    }

    /// The limit with this key.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|limit| limit.key() == key)
    }
}

/// A value outside a limit's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{} must be a whole number from {} to {}.", .0.label(), .0.min(), .0.max())]
pub struct LimitOutOfRange(pub LimitId);

/// The limits in force, each within its bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderLimits {
    values: [u32; 4],
}

impl Default for OrderLimits {
    fn default() -> Self {
        Self { values: LimitId::ALL.map(LimitId::default_value) }
    }
}

impl OrderLimits {
    /// The value of `limit`.
    #[must_use]
    pub const fn get(&self, limit: LimitId) -> u32 {
        self.values[limit as usize]
    }

    /// These limits with `limit` set to `value`.
    ///
    /// # Errors
    /// [`LimitOutOfRange`] when `value` is outside the limit's bounds.
    pub fn with(mut self, limit: LimitId, value: i64) -> Result<Self, LimitOutOfRange> {
        let value = u32::try_from(value)
            .ok()
            .filter(|v| (limit.min()..=limit.max()).contains(v))
            .ok_or(LimitOutOfRange(limit))?;
        self.values[limit as usize] = value;
        Ok(self)
    }

    /// These limits with `limit` set to `value`, already checked against its bounds.
    pub(crate) const fn set(mut self, limit: LimitId, value: u32) -> Self {
        self.values[limit as usize] = value;
        self
    }

    /// Limits as stored, each clamped into its bounds (a stored value is never trusted to be in range).
    #[must_use]
    pub fn from_stored(stored: [i64; 4]) -> Self {
        let mut limits = Self::default();
        for (limit, value) in LimitId::ALL.into_iter().zip(stored) {
            let clamped = value.clamp(i64::from(limit.min()), i64::from(limit.max()));
            limits.values[limit as usize] = u32::try_from(clamped).unwrap_or(limit.default_value());
        }
        limits
    }

    /// Every limit with its value, in the order of [`LimitId::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (LimitId, u32)> + '_ {
        LimitId::ALL.into_iter().map(|limit| (limit, self.get(limit)))
    }

    /// Checks the quantities of an order's lines, in order.
    ///
    /// # Errors
    /// The place of the first line over [`LimitId::UnitsPerProduct`], with the refusal.
    pub fn check_units(&self, quantities: impl IntoIterator<Item = u32>) -> Result<(), (usize, TooManyUnits)> {
        let max = self.get(LimitId::UnitsPerProduct);
        match quantities.into_iter().position(|quantity| quantity > max) {
            Some(line) => Err((line, TooManyUnits { max })),
            None => Ok(()),
        }
    }

    /// Whether the account may place one more order at `now`, given what it (and its primary phone) has
    /// ordered: the pending limits first, the account's then the phone's, then the daily one.
    ///
    /// # Errors
    /// The first limit reached.
    pub fn check_recent(&self, recent: &RecentOrders, now: DateTime<Utc>) -> Result<(), OrderLimitReached> {
        let max = |limit| self.get(limit);
        if recent.pending_by_account >= max(LimitId::PendingPerAccount) {
            return Err(OrderLimitReached::PendingForAccount { max: max(LimitId::PendingPerAccount) });
        }
        if recent.pending_by_phone >= max(LimitId::PendingPerPhone) {
            return Err(OrderLimitReached::PendingForPhone { max: max(LimitId::PendingPerPhone) });
        }
        let window = Duration::hours(ORDER_WINDOW_HOURS);
        match recent.nth_newest_placed {
            Some(placed) if placed > now - window => Err(OrderLimitReached::OrdersInWindow {
                max: max(LimitId::OrdersPerDay),
                retry_after: placed + window - now,
            }),
            _ => Ok(()),
        }
    }
}

/// What an account has ordered, as the limits need it. Each count stops at its limit (more are never
/// needed), so it is cheap however many orders there are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecentOrders {
    /// The account's pending orders, up to [`LimitId::PendingPerAccount`].
    pub pending_by_account: u32,
    /// The pending orders of the new order's primary phone, any account's, up to [`LimitId::PendingPerPhone`].
    pub pending_by_phone: u32,
    /// When the account placed its n-th newest order, n being [`LimitId::OrdersPerDay`]; `None` when it has
    /// placed fewer. The limit is reached while that order is less than 24 hours old.
    pub nth_newest_placed: Option<DateTime<Utc>>,
}

/// More of one product than one order may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("You can order at most {max} of one item. Please contact us for larger orders.")]
pub struct TooManyUnits {
    pub max: u32,
}

/// A limit on the number of orders the new one would pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OrderLimitReached {
    #[error("You can have at most {} waiting for approval. Please wait until we have checked {}, or contact us.", orders(*.max), them(*.max))]
    PendingForAccount { max: u32 },
    #[error("This phone number can have at most {} waiting for approval. Please wait until we have checked {}, or contact us.", orders(*.max), them(*.max))]
    PendingForPhone { max: u32 },
    #[error("You can place at most {} in 24 hours. Please try again later, or contact us.", orders(*.max))]
    OrdersInWindow { max: u32, retry_after: Duration },
}

impl OrderLimitReached {
    /// How long the shopper should wait before trying again: until the oldest order counted leaves the 24
    /// hours, or [`PENDING_RETRY_HOURS`] for pending orders.
    #[must_use]
    pub fn retry_after(&self) -> Duration {
        match self {
            Self::PendingForAccount { .. } | Self::PendingForPhone { .. } => Duration::hours(PENDING_RETRY_HOURS),
            Self::OrdersInWindow { retry_after, .. } => *retry_after,
        }
    }
}

fn orders(n: u32) -> String {
    if n == 1 {
        "1 order".to_owned()
    } else {
        format!("{n} orders")
    }
}

fn them(n: u32) -> &'static str {
    if n == 1 {
        "it"
    } else {
        "them"
    }
}

impl Localized for TooManyUnits {
    fn urdu(&self) -> String {
        format!(
            "ایک آرڈر میں ایک چیز زیادہ سے زیادہ {} عدد منگوائی جا سکتی ہے۔ زیادہ تعداد کے لیے ہم سے رابطہ کریں۔",
            self.max
        )
    }
}

impl Localized for OrderLimitReached {
    fn urdu(&self) -> String {
        match self {
            Self::PendingForAccount { max } => format!(
                "منظوری کے انتظار میں آپ کے زیادہ سے زیادہ {max} آرڈر ہو سکتے ہیں۔ ہمارے چیک کرنے تک انتظار کریں، یا ہم سے رابطہ کریں۔"
            ),
            Self::PendingForPhone { max } => format!(
                "اس فون نمبر کے منظوری کے انتظار میں زیادہ سے زیادہ {max} آرڈر ہو سکتے ہیں۔ ہمارے چیک کرنے تک انتظار کریں، یا ہم سے رابطہ کریں۔"
            ),
            Self::OrdersInWindow { max, .. } => format!(
                "آپ 24 گھنٹوں میں زیادہ سے زیادہ {max} آرڈر دے سکتے ہیں۔ براہِ کرم بعد میں کوشش کریں، یا ہم سے رابطہ کریں۔"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 6, 0, 0).unwrap()
    }

    fn calm() -> RecentOrders {
        RecentOrders { pending_by_account: 0, pending_by_phone: 0, nth_newest_placed: None }
    }

    #[test]
    fn the_limits_come_with_the_documented_keys_labels_defaults_and_bounds() {
        let table: Vec<_> =
            LimitId::ALL.into_iter().map(|l| (l.key(), l.label(), l.default_value(), l.min(), l.max())).collect();

        assert_eq!(
            table,
            [
                ("unitsPerProduct", "Units of one product per order", 10, 1, 1_000_000),
                ("pendingPerAccount", "Pending orders per account", 3, 1, 100_000),
                ("pendingPerPhone", "Pending orders per phone", 3, 1, 100_000),
                ("ordersPerDay", "Orders per account in 24 hours", 10, 1, 100_000),
            ]
        );
        assert_eq!(LimitId::from_key("ordersPerDay"), Some(LimitId::OrdersPerDay));
        assert_eq!(LimitId::from_key("orders_per_day"), None);
    }

    #[test]
    fn ten_of_one_product_pass_and_eleven_are_refused_naming_the_line() {
        let limits = OrderLimits::default();

        assert_eq!(limits.check_units([10, 1, 10]), Ok(()));
        let (line, refusal) = limits.check_units([2, 11, 12]).unwrap_err();
        assert_eq!(line, 1);
        assert_eq!(refusal.to_string(), "You can order at most 10 of one item. Please contact us for larger orders.");
    }

    #[test]
    fn the_owner_may_set_each_limit_within_its_bounds_only() {
        let limits = OrderLimits::default().with(LimitId::UnitsPerProduct, 50).unwrap();

        assert_eq!(limits.get(LimitId::UnitsPerProduct), 50);
        assert_eq!(limits.check_units([50]), Ok(()));
        assert_eq!(
            OrderLimits::default().with(LimitId::PendingPerPhone, 0),
            Err(LimitOutOfRange(LimitId::PendingPerPhone))
        );
        assert!(OrderLimits::default().with(LimitId::OrdersPerDay, 100_001).is_err());
        assert!(OrderLimits::default().with(LimitId::UnitsPerProduct, 1_000_000).is_ok());
        assert_eq!(
            LimitOutOfRange(LimitId::PendingPerAccount).to_string(),
            "Pending orders per account must be a whole number from 1 to 100000."
        );
    }

    #[test]
    fn stored_limits_are_clamped_into_their_bounds() {
        let limits = OrderLimits::from_stored([0, 5, 200_000, 7]);

        assert_eq!(limits.iter().map(|(_, v)| v).collect::<Vec<_>>(), [1, 5, 100_000, 7]);
    }

    #[test]
    fn three_pending_orders_of_the_account_or_of_the_phone_refuse_a_fourth() {
        let limits = OrderLimits::default();
        let two = RecentOrders { pending_by_account: 2, pending_by_phone: 2, ..calm() };
        let account = RecentOrders { pending_by_account: 3, ..calm() };
        let phone = RecentOrders { pending_by_phone: 3, ..calm() };

        assert_eq!(limits.check_recent(&two, now()), Ok(()));
        let refused = limits.check_recent(&account, now()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "You can have at most 3 orders waiting for approval. Please wait until we have checked them, or contact us."
        );
        assert_eq!(refused.retry_after(), Duration::hours(1));
        assert_eq!(
            limits.check_recent(&phone, now()).unwrap_err().to_string(),
            "This phone number can have at most 3 orders waiting for approval. Please wait until we have checked \
             them, or contact us."
        );
    }

    #[test]
    fn a_limit_of_one_reads_in_the_singular() {
        let one = OrderLimits::default()
            .with(LimitId::PendingPerAccount, 1)
            .and_then(|l| l.with(LimitId::OrdersPerDay, 1))
            .unwrap();
        let recent = RecentOrders { pending_by_account: 1, ..calm() };
        let placed = RecentOrders { nth_newest_placed: Some(now() - Duration::hours(1)), ..calm() };

        assert_eq!(
            one.check_recent(&recent, now()).unwrap_err().to_string(),
            "You can have at most 1 order waiting for approval. Please wait until we have checked it, or contact us."
        );
        assert_eq!(
            one.check_recent(&placed, now()).unwrap_err().to_string(),
            "You can place at most 1 order in 24 hours. Please try again later, or contact us."
        );
    }

    #[test]
    fn the_daily_limit_is_any_24_hours_and_says_when_the_oldest_order_counted_leaves_them() {
        let limits = OrderLimits::default();
        let inside = RecentOrders { nth_newest_placed: Some(now() - Duration::hours(23)), ..calm() };
        let at_the_edge = RecentOrders { nth_newest_placed: Some(now() - Duration::hours(24)), ..calm() };

        let refused = limits.check_recent(&inside, now()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "You can place at most 10 orders in 24 hours. Please try again later, or contact us."
        );
        assert_eq!(refused.retry_after(), Duration::hours(1));
        assert_eq!(limits.check_recent(&at_the_edge, now()), Ok(()));
        assert_eq!(limits.check_recent(&calm(), now()), Ok(()));
    }

    #[test]
    fn the_accounts_pending_limit_is_named_before_the_phones_and_the_days() {
        let everything = RecentOrders {
            pending_by_account: 3,
            pending_by_phone: 3,
            nth_newest_placed: Some(now() - Duration::minutes(5)),
        };
        let phone_and_day = RecentOrders { pending_by_account: 0, ..everything };

        assert!(matches!(
            OrderLimits::default().check_recent(&everything, now()),
            Err(OrderLimitReached::PendingForAccount { max: 3 })
        ));
        assert!(matches!(
            OrderLimits::default().check_recent(&phone_and_day, now()),
            Err(OrderLimitReached::PendingForPhone { max: 3 })
        ));
    }
}
