//! The risk score of a cash-on-delivery order (docs/cod.md 'Risk score'): nine rules the shop owner can read,
//! switch off and tune, each adding its points and a reason in words when it fires. The score is the sum of
//! the points of the enabled rules that fire, at most 100. Pure: the facts of an order come in as a
//! [`RiskFacts`], gathered by whoever stores orders.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Duration, Timelike, Utc};

use crate::calendar::PAKISTAN_UTC_OFFSET_HOURS;
use crate::money::Rupees;

mod params;
mod places;
mod settings;

pub use params::{ParamFault, RuleParams};
pub use settings::{
    CodSettings, CodSettingsChange, HoursOutOfRange, RuleFault, RuleSetting, SettingsDraft, SettingsFault,
    SettingsField,
};

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
            Self::NewAccount => "The customer's account was opened shortly before the order.",
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

/// What the rules look at, for one order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiskFacts {
    /// Other orders of this primary phone (in either phone field) or this e-mail now returned.
    pub returned: u32,
    /// Other orders of this primary phone (in either phone field) or this e-mail now rejected.
    pub rejected: u32,
    /// Other pending orders with the same primary phone.
    pub other_pending: u32,
    /// When the customer's account was opened.
    pub account_opened: DateTime<Utc>,
    /// When the order was placed.
    pub placed_at: DateTime<Utc>,
    pub address: String,
    /// The province chosen, as the table spells it, if any.
    pub province: Option<String>,
    /// The city chosen, as the table spells it, if any.
    pub city: Option<String>,
    /// The sum of the items' quantities.
    pub pieces: u64,
    pub total: Rupees,
}

/// Why a rule added its points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiskReason {
    pub rule: RuleId,
    pub points: u8,
    pub text: String,
}

/// How risky an order looks, by its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiskLevel {
    /// 0 to 29.
    Low,
    /// 30 to 59.
    Medium,
    /// 60 to 100.
    High,
}

impl RiskLevel {
    /// The level of `score`.
    #[must_use]
    pub const fn of(score: u8) -> Self {
        match score {
            0..=29 => Self::Low,
            30..=59 => Self::Medium,
            _ => Self::High,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
        }
    }
}

/// An order's score and the reasons behind it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Risk {
    score: u8,
    reasons: Vec<RiskReason>,
}

impl Risk {
    /// The risk of these reasons: the sum of their points, at most [`MAX_SCORE`].
    #[must_use]
    pub fn of(reasons: Vec<RiskReason>) -> Self {
        let sum: u32 = reasons.iter().map(|r| u32::from(r.points)).sum();
        Self { score: u8::try_from(sum.min(u32::from(MAX_SCORE))).unwrap_or(MAX_SCORE), reasons }
    }

    #[must_use]
    pub const fn score(&self) -> u8 {
        self.score
    }

    #[must_use]
    pub const fn level(&self) -> RiskLevel {
        RiskLevel::of(self.score)
    }

    #[must_use]
    pub fn reasons(&self) -> &[RiskReason] {
        &self.reasons
    }

    /// Whether `rule` added its points.
    #[must_use]
    pub fn fired(&self, rule: RuleId) -> bool {
        self.reasons.iter().any(|r| r.rule == rule)
    }

    /// The same score with the reason of [`RuleId::SeveralPending`] (when it fired) telling `other_pending`
    /// orders: the figure of a pending order's reason as it is now. Points and score are unchanged, as they
    /// only move when the count crosses the rule's threshold, which rescores the order.
    #[must_use]
    pub fn with_other_pending(mut self, other_pending: u32) -> Self {
        for reason in &mut self.reasons {
            if reason.rule == RuleId::SeveralPending {
                reason.text = several_pending_text(other_pending);
            }
        }
        self
    }
}

fn several_pending_text(other_pending: u32) -> String {
    plural(other_pending, "This phone has 1 other pending order.", "This phone has {n} other pending orders.")
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_owned()
    } else {
        many.replace("{n}", &n.to_string())
    }
}

/// Scores an order: each enabled rule that fires adds its points and its reason, in the order of
/// [`RuleId::ALL`].
#[must_use]
pub fn assess(settings: &CodSettings, facts: &RiskFacts) -> Risk {
    let reasons = settings
        .rules()
        .iter()
        .filter(|setting| setting.enabled())
        .filter_map(|setting| {
            fires(setting.figures(), facts).map(|text| RiskReason {
                rule: setting.rule(),
                points: setting.points(),
                text,
            })
        })
        .collect();
    Risk::of(reasons)
}

/// The reason text when the rule of `params` fires on `facts`.
fn fires(params: RuleParams, facts: &RiskFacts) -> Option<String> {
    match params {
        RuleParams::EarlierReturns { at_least } => (facts.returned >= at_least).then(|| {
            plural(
                facts.returned,
                "1 earlier order from this phone or e-mail was returned.",
                "{n} earlier orders from this phone or e-mail were returned.",
            )
        }),
        RuleParams::EarlierRejections { at_least } => (facts.rejected >= at_least).then(|| {
            plural(
                facts.rejected,
                "1 earlier order from this phone or e-mail was rejected.",
                "{n} earlier orders from this phone or e-mail were rejected.",
            )
        }),
        RuleParams::NewAccount { hours } => (facts.placed_at - facts.account_opened
            < Duration::hours(i64::from(hours)))
        .then(|| format!("The account was opened less than {hours} hours before the order.")),
        RuleParams::VagueAddress { min_chars } => {
            let collapsed = facts.address.split_whitespace().collect::<Vec<_>>().join(" ");
            if u32::try_from(collapsed.chars().count()).unwrap_or(u32::MAX) < min_chars {
                Some(format!("The address is shorter than {min_chars} characters."))
            } else if !collapsed.chars().any(char::is_numeric) {
                Some("The address has no house, street or plot number.".to_owned())
            } else {
                None
            }
        }
        RuleParams::CityMismatch => places::city_mismatch(facts),
        RuleParams::LargeQuantity { pieces } => (facts.pieces > u64::from(pieces))
            .then(|| format!("The order holds {} pieces (more than {pieces}).", facts.pieces)),
        RuleParams::LargeTotal { rupees } => (facts.total.paisa() > i64::from(rupees) * 100)
            .then(|| format!("The total of Rs {} is above Rs {rupees}.", facts.total.round_to_whole())),
        RuleParams::SeveralPending { at_least } => {
            (facts.other_pending >= at_least).then(|| several_pending_text(facts.other_pending))
        }
        RuleParams::LateNight { from, to } => {
            let local = facts.placed_at + Duration::hours(PAKISTAN_UTC_OFFSET_HOURS);
            let hour = local.hour();
            let inside = if from <= to { from <= hour && hour < to } else { hour >= from || hour < to };
            inside.then(|| format!("Placed at {:02}:{:02} at night (Pakistan time).", hour, local.minute()))
        }
    }
}

#[cfg(test)]
mod tests;
