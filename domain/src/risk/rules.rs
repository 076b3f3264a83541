//! The nine rules of the risk score: their ids, names, descriptions, default points and tunable figures
//! with their bounds, and the bounds of points and hours.

use std::fmt;
use std::str::FromStr;

/// The highest score an order can have.
pub const MAX_SCORE: u8 = 100;

/// The most points one rule may add.
pub const MAX_POINTS: i64 = 100;

/// The longest an approval window or the wait before rejecting unconfirmed orders may be, in hours (30 days).
pub const MAX_HOURS: i64 = 720;

/// One of the rules of the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    EarlierReturns,
    EarlierRejections,
    NewAccount,
    VagueAddress,
    CityMismatch,
    LargeQuantity,
    LargeTotal,
    SeveralPending,
    LateNight,
}

/// A tunable figure of a rule, with its bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamSpec {
    /// Its key on the wire, e.g. `atLeast`.
    pub key: &'static str,
    /// Its label in the settings, e.g. 'Returned orders'.
    pub label: &'static str,
    pub default: u32,
    pub min: u32,
    pub max: u32,
}

const fn param(key: &'static str, label: &'static str, default: u32, min: u32, max: u32) -> ParamSpec {
    ParamSpec { key, label, default, min, max }
}

const RETURNS_PARAMS: [ParamSpec; 1] = [param("atLeast", "Returned orders", 1, 1, 100)];
const REJECTIONS_PARAMS: [ParamSpec; 1] = [param("atLeast", "Rejected orders", 1, 1, 100)];
const NEW_ACCOUNT_PARAMS: [ParamSpec; 1] = [param("hours", "Hours since sign-up", 24, 1, 720)];
const ADDRESS_PARAMS: [ParamSpec; 1] = [param("minChars", "Fewest characters", 20, 1, 500)];
const QUANTITY_PARAMS: [ParamSpec; 1] = [param("pieces", "Most pieces", 5, 1, 100_000)];
const TOTAL_PARAMS: [ParamSpec; 1] = [param("rupees", "Highest total (Rs)", 20_000, 1, 10_000_000)];
const PENDING_PARAMS: [ParamSpec; 1] = [param("atLeast", "Other pending orders", 1, 1, 100)];
const NIGHT_PARAMS: [ParamSpec; 2] =
    [param("from", "From hour (Pakistan time)", 0, 0, 23), param("to", "Until hour (Pakistan time)", 6, 0, 23)];

impl RuleId {
    /// Every rule, in the order the settings list them.
    pub const ALL: [Self; 9] = [
        Self::EarlierReturns,
        Self::EarlierRejections,
        Self::NewAccount,
        Self::VagueAddress,
        Self::CityMismatch,
        Self::LargeQuantity,
        Self::LargeTotal,
        Self::SeveralPending,
        Self::LateNight,
    ];

    /// The rule's id, e.g. `earlier_returns`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::EarlierReturns => "earlier_returns",
            Self::EarlierRejections => "earlier_rejections",
            Self::NewAccount => "new_account",
            Self::VagueAddress => "vague_address",
            Self::CityMismatch => "city_mismatch",
            Self::LargeQuantity => "large_quantity",
            Self::LargeTotal => "large_total",
            Self::SeveralPending => "several_pending",
            Self::LateNight => "late_night",
        }
    }

    /// Its name in the settings.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::EarlierReturns => "Earlier returns",
            Self::EarlierRejections => "Earlier rejections",
            Self::NewAccount => "New account",
            Self::VagueAddress => "Short or vague address",
            Self::CityMismatch => "City does not match",
            Self::LargeQuantity => "Large quantity",
            Self::LargeTotal => "Large total",
            Self::SeveralPending => "Several pending orders",
            Self::LateNight => "Late-night order",
        }
    }

    /// What it looks for, in a sentence.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::EarlierReturns => "Earlier orders from the same phone or e-mail were returned.",
            Self::EarlierRejections => "Earlier orders from the same phone or e-mail were rejected.",
            Self::NewAccount => "The account was opened shortly before the order, and another rule fired too.",
            Self::VagueAddress => "The address is short or has no house, street or plot number.",
            Self::CityMismatch => "No city was chosen, or the address names another city or province.",
            Self::LargeQuantity => "The order holds more pieces than usual.",
            Self::LargeTotal => "The order's total is higher than usual.",
            Self::SeveralPending => "The same phone has other orders waiting for approval.",
            Self::LateNight => "The order was placed late at night (Pakistan time).",
        }
    }

    /// The points it adds unless tuned.
    #[must_use]
    pub const fn default_points(self) -> u8 {
        match self {
            Self::EarlierReturns => 40,
            Self::EarlierRejections => 25,
            Self::CityMismatch | Self::SeveralPending => 20,
            Self::VagueAddress | Self::LargeQuantity | Self::LargeTotal => 15,
            Self::NewAccount | Self::LateNight => 10,
        }
    }

    /// Its place in [`RuleId::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Self::EarlierReturns => 0,
            Self::EarlierRejections => 1,
            Self::NewAccount => 2,
            Self::VagueAddress => 3,
            Self::CityMismatch => 4,
            Self::LargeQuantity => 5,
            Self::LargeTotal => 6,
            Self::SeveralPending => 7,
            Self::LateNight => 8,
        }
    }

    /// Its tunable figures, in order.
    #[must_use]
    pub const fn params(self) -> &'static [ParamSpec] {
        match self {
            Self::EarlierReturns => &RETURNS_PARAMS,
            Self::EarlierRejections => &REJECTIONS_PARAMS,
            Self::NewAccount => &NEW_ACCOUNT_PARAMS,
            Self::VagueAddress => &ADDRESS_PARAMS,
            Self::CityMismatch => &[],
            Self::LargeQuantity => &QUANTITY_PARAMS,
            Self::LargeTotal => &TOTAL_PARAMS,
            Self::SeveralPending => &PENDING_PARAMS,
            Self::LateNight => &NIGHT_PARAMS,
        }
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rule id that is none of the nine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("There is no rule '{0}'.")]
pub struct UnknownRule(pub String);

impl FromStr for RuleId {
    type Err = UnknownRule;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|rule| rule.as_str() == text)
            .ok_or_else(|| UnknownRule(text.chars().take(40).collect()))
    }
}
