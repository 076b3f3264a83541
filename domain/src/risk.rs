//! The risk score of a cash-on-delivery order (docs/cod.md 'Risk score'): nine rules the shop owner can read,
//! switch off and tune, each adding its points and a reason in words when it fires. The score is the sum of
//! the points of the enabled rules that fire, at most 100. Pure: the facts of an order come in as a
//! [`RiskFacts`], gathered by whoever stores orders.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Duration, Timelike, Utc};

use crate::calendar::PAKISTAN_UTC_OFFSET_HOURS;
use crate::locations::Province;
use crate::money::Rupees;
use crate::order_limits::{LimitId, OrderLimits};

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

/// How one rule is set: on or off, its points and its figures (in the order of [`RuleId::params`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSetting {
    rule: RuleId,
    enabled: bool,
    points: u8,
    values: Vec<u32>,
}

impl RuleSetting {
    /// The rule as it comes: enabled, its default points and figures.
    #[must_use]
    pub fn default_for(rule: RuleId) -> Self {
        Self {
            rule,
            enabled: true,
            points: rule.default_points(),
            values: rule.params().iter().map(|p| p.default).collect(),
        }
    }

    #[must_use]
    pub const fn rule(&self) -> RuleId {
        self.rule
    }

    #[must_use]
    pub const fn enabled(&self) -> bool {
        self.enabled
    }

    #[must_use]
    pub const fn points(&self) -> u8 {
        self.points
    }

    /// Each figure with its spec, in order.
    pub fn params(&self) -> impl Iterator<Item = (&'static ParamSpec, u32)> + '_ {
        self.rule.params().iter().zip(self.values.iter().copied())
    }

    /// The figure named `key`; its default for a key the rule does not have (never asked for by the rules).
    #[must_use]
    pub fn value(&self, key: &str) -> u32 {
        self.params().find(|(spec, _)| spec.key == key).map_or(0, |(_, value)| value)
    }
}

/// A field of the settings at fault, as [`CodSettings::parse`] reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsField {
    /// The list of rules as a whole.
    Rules,
    /// The id of the rule at this place of the list.
    RuleId(usize),
    /// The points of the rule at this place.
    Points(usize),
    /// A figure, by key, of the rule at this place.
    Param(usize, String),
    ConfirmWindowHours,
    RejectUnconfirmedAfterHours,
    /// A limit on orders, by key (an unknown key as sent).
    Limit(String),
}

/// One fault of the settings sent: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsFault {
    pub field: SettingsField,
    pub message: String,
}

/// One rule as the settings form sends it, before it is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleInput {
    pub id: String,
    pub enabled: bool,
    /// `None` when the points were missing or not a whole number.
    pub points: Option<i64>,
    /// Each figure by key; `None` for a figure that was not a whole number.
    pub params: Vec<(String, Option<i64>)>,
}

/// A rule as the store holds it, before it is laid over its defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRule {
    pub id: String,
    pub enabled: bool,
    pub points: i64,
    /// Each figure by key.
    pub params: Vec<(String, i64)>,
}

/// The COD settings as the form sends them, before they are checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SettingsInput {
    pub rules: Vec<RuleInput>,
    pub confirm_window_hours: Option<i64>,
    pub reject_unconfirmed_after_hours: Option<i64>,
    /// The limits on orders to change, each by key; `None` for a value that was not a whole number.
    pub limits: Vec<(String, Option<i64>)>,
}

/// The shop's COD checks: the rules of the score, how long a confirmation link works (the order's approval
/// window), after how long an unconfirmed order may be rejected in bulk, and the limits on what one account
/// may order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodSettings {
    rules: Vec<RuleSetting>,
    confirm_window_hours: u32,
    reject_unconfirmed_after_hours: u32,
    limits: OrderLimits,
}

impl Default for CodSettings {
    fn default() -> Self {
        Self {
            rules: RuleId::ALL.into_iter().map(RuleSetting::default_for).collect(),
            confirm_window_hours: 48,
            reject_unconfirmed_after_hours: 24,
            limits: OrderLimits::default(),
        }
    }
}

fn hours_of(value: Option<i64>, field: SettingsField, what: &str, faults: &mut Vec<SettingsFault>) -> u32 {
    match value.filter(|h| (1..=MAX_HOURS).contains(h)).and_then(|h| u32::try_from(h).ok()) {
        Some(hours) => hours,
        None => {
            faults.push(SettingsFault {
                field,
                message: format!("{what} must be a whole number of hours from 1 to {MAX_HOURS}."),
            });
            0
        }
    }
}

impl CodSettings {
    /// Checks the settings sent: every rule once, points from 0 to 100, each figure within its bounds and
    /// both hours from 1 to 720. Figures and limits not sent keep their defaults.
    ///
    /// # Errors
    /// Every fault found, each with its field.
    pub fn parse(input: &SettingsInput) -> Result<Self, Vec<SettingsFault>> {
        Self::parse_over(input, OrderLimits::default())
    }

    /// [`CodSettings::parse`], with the limits not sent keeping their values in `limits` (those in force), so
    /// a client that does not know them leaves them as they are.
    ///
    /// # Errors
    /// Every fault found, each with its field.
    pub fn parse_over(input: &SettingsInput, limits: OrderLimits) -> Result<Self, Vec<SettingsFault>> {
        let mut faults = Vec::new();
        let mut rules: Vec<Option<RuleSetting>> = vec![None; RuleId::ALL.len()];
        for (i, sent) in input.rules.iter().enumerate() {
            let rule = match sent.id.parse::<RuleId>() {
                Ok(rule) => rule,
                Err(unknown) => {
                    faults.push(SettingsFault { field: SettingsField::RuleId(i), message: unknown.to_string() });
                    continue;
                }
            };
            let slot = rule as usize;
            if rules[slot].is_some() {
                faults.push(SettingsFault {
                    field: SettingsField::RuleId(i),
                    message: format!("The rule '{rule}' is listed more than once."),
                });
                continue;
            }
            let mut setting = RuleSetting::default_for(rule);
            setting.enabled = sent.enabled;
            match sent.points.filter(|p| (0..=MAX_POINTS).contains(p)).and_then(|p| u8::try_from(p).ok()) {
                Some(points) => setting.points = points,
                None => faults.push(SettingsFault {
                    field: SettingsField::Points(i),
                    message: format!("Points must be a whole number from 0 to {MAX_POINTS}."),
                }),
            }
            for (key, value) in &sent.params {
                let Some(at) = rule.params().iter().position(|spec| spec.key == key) else {
                    faults.push(SettingsFault {
                        field: SettingsField::Param(i, key.chars().take(40).collect()),
                        message: format!(
                            "The rule '{rule}' has no setting '{}'.",
                            key.chars().take(40).collect::<String>()
                        ),
                    });
                    continue;
                };
                let spec = rule.params()[at];
                match value
                    .filter(|v| (i64::from(spec.min)..=i64::from(spec.max)).contains(v))
                    .and_then(|v| u32::try_from(v).ok())
                {
                    Some(value) => setting.values[at] = value,
                    None => faults.push(SettingsFault {
                        field: SettingsField::Param(i, key.clone()),
                        message: format!("{} must be a whole number from {} to {}.", spec.label, spec.min, spec.max),
                    }),
                }
            }
            rules[slot] = Some(setting);
        }
        let missing: Vec<&str> =
            RuleId::ALL.into_iter().filter(|rule| rules[*rule as usize].is_none()).map(RuleId::as_str).collect();
        if !missing.is_empty() && faults.iter().all(|f| !matches!(f.field, SettingsField::RuleId(_))) {
            faults.push(SettingsFault {
                field: SettingsField::Rules,
                message: format!("Every rule must be listed once; missing: {}.", missing.join(", ")),
            });
        }
        let confirm_window_hours = hours_of(
            input.confirm_window_hours,
            SettingsField::ConfirmWindowHours,
            "The confirmation window",
            &mut faults,
        );
        let reject_unconfirmed_after_hours = hours_of(
            input.reject_unconfirmed_after_hours,
            SettingsField::RejectUnconfirmedAfterHours,
            "The wait before rejecting unconfirmed orders",
            &mut faults,
        );
        let limits = limits_of(&input.limits, limits, &mut faults);
        if !faults.is_empty() {
            return Err(faults);
        }
        Ok(Self {
            rules: rules.into_iter().flatten().collect(),
            confirm_window_hours,
            reject_unconfirmed_after_hours,
            limits,
        })
    }

    /// Settings as stored: each stored rule over its defaults (a rule stored later than the code knows is
    /// ignored, a rule the store lacks keeps its defaults), figures out of their bounds clamped into them.
    #[must_use]
    pub fn from_stored(rules: &[StoredRule], confirm_window_hours: i64, reject_unconfirmed_after_hours: i64) -> Self {
        let mut settings = Self::default();
        for StoredRule { id, enabled, points, params } in rules {
            let Ok(rule) = id.parse::<RuleId>() else { continue };
            let setting = &mut settings.rules[rule as usize];
            setting.enabled = *enabled;
            setting.points = u8::try_from(points.clamp(&0, &MAX_POINTS).to_owned()).unwrap_or(0);
            for (key, value) in params {
                if let Some(at) = rule.params().iter().position(|spec| spec.key == key) {
                    let spec = rule.params()[at];
                    setting.values[at] =
                        u32::try_from(value.clamp(&i64::from(spec.min), &i64::from(spec.max)).to_owned())
                            .unwrap_or(spec.default);
                }
            }
        }
        let hours = |h: i64| u32::try_from(h.clamp(1, MAX_HOURS)).unwrap_or(1);
        settings.confirm_window_hours = hours(confirm_window_hours);
        settings.reject_unconfirmed_after_hours = hours(reject_unconfirmed_after_hours);
        settings
    }

    /// Every rule's setting, in the order of [`RuleId::ALL`].
    #[must_use]
    pub fn rules(&self) -> &[RuleSetting] {
        &self.rules
    }

    /// The setting of `rule`.
    #[must_use]
    pub fn rule(&self, rule: RuleId) -> &RuleSetting {
        &self.rules[rule as usize]
    }

    /// How long after placing an order its confirmation link works, in hours.
    #[must_use]
    pub const fn confirm_window_hours(&self) -> u32 {
        self.confirm_window_hours
    }

    /// After how long a pending, unconfirmed order may be rejected in bulk, in hours.
    #[must_use]
    pub const fn reject_unconfirmed_after_hours(&self) -> u32 {
        self.reject_unconfirmed_after_hours
    }

    /// The limits on what one account may order.
    #[must_use]
    pub const fn limits(&self) -> OrderLimits {
        self.limits
    }

    /// These settings with `limits` (as stored).
    #[must_use]
    pub const fn with_limits(mut self, limits: OrderLimits) -> Self {
        self.limits = limits;
        self
    }
}

/// `limits` with each limit sent set, each unknown, repeated or out-of-range one a fault.
fn limits_of(sent: &[(String, Option<i64>)], mut limits: OrderLimits, faults: &mut Vec<SettingsFault>) -> OrderLimits {
    let mut seen = Vec::new();
    for (key, value) in sent {
        let key: String = key.chars().take(40).collect();
        let Some(limit) = LimitId::from_key(&key) else {
            faults.push(SettingsFault {
                message: format!("There is no limit '{key}'."),
                field: SettingsField::Limit(key),
            });
            continue;
        };
        if seen.contains(&limit) {
            faults.push(SettingsFault {
                message: format!("The limit '{key}' is listed more than once."),
                field: SettingsField::Limit(key),
            });
            continue;
        }
        seen.push(limit);
        match value.map(|value| limits.with(limit, value)) {
            Some(Ok(changed)) => limits = changed,
            Some(Err(out_of_range)) => {
                faults.push(SettingsFault { message: out_of_range.to_string(), field: SettingsField::Limit(key) });
            }
            None => faults.push(SettingsFault {
                message: crate::order_limits::LimitOutOfRange(limit).to_string(),
                field: SettingsField::Limit(key),
            }),
        }
    }
    limits
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
            fires(setting, facts).map(|text| RiskReason { rule: setting.rule(), points: setting.points(), text })
        })
        .collect();
    Risk::of(reasons)
}

/// The reason text when the rule fires on `facts`.
fn fires(setting: &RuleSetting, facts: &RiskFacts) -> Option<String> {
    let v = |key| setting.value(key);
    match setting.rule() {
        RuleId::EarlierReturns => (facts.returned >= v("atLeast")).then(|| {
            plural(
                facts.returned,
                "1 earlier order from this phone or e-mail was returned.",
                "{n} earlier orders from this phone or e-mail were returned.",
            )
        }),
        RuleId::EarlierRejections => (facts.rejected >= v("atLeast")).then(|| {
            plural(
                facts.rejected,
                "1 earlier order from this phone or e-mail was rejected.",
                "{n} earlier orders from this phone or e-mail were rejected.",
            )
        }),
        RuleId::NewAccount => {
            let hours = v("hours");
            (facts.placed_at - facts.account_opened < Duration::hours(i64::from(hours)))
                .then(|| format!("The account was opened less than {hours} hours before the order."))
        }
        RuleId::VagueAddress => {
            let collapsed = facts.address.split_whitespace().collect::<Vec<_>>().join(" ");
            let min = v("minChars");
            if u32::try_from(collapsed.chars().count()).unwrap_or(u32::MAX) < min {
                Some(format!("The address is shorter than {min} characters."))
            } else if !collapsed.chars().any(char::is_numeric) {
                Some("The address has no house, street or plot number.".to_owned())
            } else {
                None
            }
        }
        RuleId::CityMismatch => city_mismatch(facts),
        RuleId::LargeQuantity => {
            let pieces = v("pieces");
            (facts.pieces > u64::from(pieces))
                .then(|| format!("The order holds {} pieces (more than {pieces}).", facts.pieces))
        }
        RuleId::LargeTotal => {
            let rupees = v("rupees");
            (facts.total.paisa() > i64::from(rupees) * 100)
                .then(|| format!("The total of Rs {} is above Rs {rupees}.", facts.total.round_to_whole()))
        }
        RuleId::SeveralPending => {
            (facts.other_pending >= v("atLeast")).then(|| several_pending_text(facts.other_pending))
        }
        RuleId::LateNight => {
            let local = facts.placed_at + Duration::hours(PAKISTAN_UTC_OFFSET_HOURS);
            let (hour, from, to) = (local.hour(), v("from"), v("to"));
            let inside = if from <= to { from <= hour && hour < to } else { hour >= from || hour < to };
            inside.then(|| format!("Placed at {:02}:{:02} at night (Pakistan time).", hour, local.minute()))
        }
    }
}

/// A place name an address may hold: a city, a province, or both (Islamabad).
#[derive(Clone)]
struct PlaceName {
    /// Lower-case words.
    words: String,
    city: Option<&'static str>,
    province: Option<Province>,
}

/// The words of a province's name as people write them: `KhyberPakhtunkhwa` as 'Khyber Pakhtunkhwa',
/// 'Khyber-Pakhtunkhwa' or 'KhyberPakhtunkhwa'.
fn province_spellings(province: Province) -> Vec<String> {
    let name = province.name();
    let mut spaced = String::new();
    for (i, c) in name.char_indices() {
        if i > 0 && c.is_uppercase() {
            spaced.push(' ');
        }
        spaced.push(c);
    }
    let mut spellings = vec![spaced.to_lowercase()];
    if spaced != name {
        spellings.push(name.to_lowercase());
    }
    spellings
}

fn place_names() -> Vec<PlaceName> {
    let mut names = Vec::new();
    for province in Province::ALL {
        for city in province.cities() {
            let both = province.name() == *city;
            names.push(PlaceName { words: city.to_lowercase(), city: Some(city), province: both.then_some(province) });
        }
        if !province.cities().contains(&province.name()) {
            for words in province_spellings(province) {
                names.push(PlaceName { words, city: None, province: Some(province) });
            }
        }
    }
    names
}

/// The address in lower-case words separated by single spaces, with a space at each end.
fn words_of(address: &str) -> String {
    let cleaned: String = address.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    format!(" {} ", cleaned.to_lowercase().split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The places an address names, in the order they appear; a longer name wins over a shorter one inside it
/// ('Gilgit Baltistan' is the province, not the city Gilgit).
fn places_named(address: &str) -> Vec<PlaceName> {
    let text = words_of(address);
    let mut found: Vec<(usize, usize, PlaceName)> = Vec::new();
    for name in place_names() {
        let needle = format!(" {} ", name.words);
        let mut from = 0;
        while let Some(at) = text[from..].find(&needle) {
            let start = from + at;
            found.push((start, start + needle.len() - 1, name.clone()));
            from = start + 1;
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then((b.1 - b.0).cmp(&(a.1 - a.0))));
    let mut kept: Vec<(usize, usize, PlaceName)> = Vec::new();
    for (start, end, name) in found {
        if kept.iter().all(|(s, e, _)| end <= *s || start >= *e) {
            kept.push((start, end, name));
        }
    }
    kept.into_iter().map(|(_, _, name)| name).collect()
}

fn city_mismatch(facts: &RiskFacts) -> Option<String> {
    let Some(city) = facts.city.as_deref() else { return Some("No city was chosen.".to_owned()) };
    let named = places_named(&facts.address);
    if let Some(other) = named.iter().filter_map(|n| n.city).find(|named| !named.eq_ignore_ascii_case(city)) {
        return Some(format!("The address names {other}, but the city chosen is {city}."));
    }
    let chosen = facts.province.as_deref().and_then(|p| p.parse::<Province>().ok())?;
    named
        .iter()
        .filter(|n| n.city.is_none())
        .filter_map(|n| n.province)
        .find(|named| *named != chosen)
        .map(|other| format!("The address names {other}, but the province chosen is {chosen}."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    /// 10:00 in Pakistan on 24 November 2026.
    fn placed() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 24, 5, 0, 0).unwrap()
    }

    /// An order no rule fires on.
    fn calm() -> RiskFacts {
        RiskFacts {
            returned: 0,
            rejected: 0,
            other_pending: 0,
            account_opened: placed() - Duration::days(30),
            placed_at: placed(),
            address: "House 12, Street 4, Gulberg III".into(),
            province: Some("Punjab".into()),
            city: Some("Lahore".into()),
            pieces: 2,
            total: Rupees::from_whole(1710),
        }
    }

    fn only(rule: RuleId) -> CodSettings {
        let mut settings = CodSettings::default();
        for setting in &mut settings.rules {
            setting.enabled = setting.rule == rule;
        }
        settings
    }

    fn tuned(rule: RuleId, key: &str, value: u32) -> CodSettings {
        let mut settings = only(rule);
        let setting = &mut settings.rules[rule as usize];
        let at = rule.params().iter().position(|p| p.key == key).unwrap();
        setting.values[at] = value;
        settings
    }

    fn off(rule: RuleId) -> CodSettings {
        let mut settings = CodSettings::default();
        settings.rules[rule as usize].enabled = false;
        settings
    }

    fn reasons(settings: &CodSettings, facts: &RiskFacts) -> Vec<(RuleId, u8, String)> {
        assess(settings, facts).reasons().iter().map(|r| (r.rule, r.points, r.text.clone())).collect()
    }

    fn text_of(rule: RuleId, facts: &RiskFacts) -> Option<String> {
        assess(&only(rule), facts).reasons().first().map(|r| r.text.clone())
    }

    #[test]
    fn a_calm_order_scores_nothing_and_is_low() {
        let risk = assess(&CodSettings::default(), &calm());

        assert_eq!((risk.score(), risk.level(), risk.reasons().len()), (0, RiskLevel::Low, 0));
    }

    #[test]
    fn the_rules_come_with_the_documented_ids_labels_points_and_figures() {
        let table: Vec<_> = RuleId::ALL
            .into_iter()
            .map(|r| {
                (
                    r.as_str(),
                    r.label(),
                    r.default_points(),
                    r.params().iter().map(|p| (p.key, p.default)).collect::<Vec<_>>(),
                )
            })
            .collect();

        assert_eq!(
            table,
            [
                ("earlier_returns", "Earlier returns", 40, vec![("atLeast", 1)]),
                ("earlier_rejections", "Earlier rejections", 25, vec![("atLeast", 1)]),
                ("new_account", "New account", 10, vec![("hours", 24)]),
                ("vague_address", "Short or vague address", 15, vec![("minChars", 20)]),
                ("city_mismatch", "City does not match", 20, vec![]),
                ("large_quantity", "Large quantity", 15, vec![("pieces", 5)]),
                ("large_total", "Large total", 15, vec![("rupees", 20_000)]),
                ("several_pending", "Several pending orders", 20, vec![("atLeast", 1)]),
                ("late_night", "Late-night order", 10, vec![("from", 0), ("to", 6)]),
            ]
        );
        assert_eq!(RuleId::EarlierReturns.description(), "Earlier orders from the same phone or e-mail were returned.");
    }

    #[test]
    fn earlier_returns_fire_from_at_least_and_count_in_words() {
        let one = RiskFacts { returned: 1, ..calm() };
        let three = RiskFacts { returned: 3, ..calm() };

        assert_eq!(text_of(RuleId::EarlierReturns, &calm()), None);
        assert_eq!(
            text_of(RuleId::EarlierReturns, &one).unwrap(),
            "1 earlier order from this phone or e-mail was returned."
        );
        assert_eq!(
            text_of(RuleId::EarlierReturns, &three).unwrap(),
            "3 earlier orders from this phone or e-mail were returned."
        );
        assert_eq!(assess(&off(RuleId::EarlierReturns), &three).score(), 0);
        let at_least_four = tuned(RuleId::EarlierReturns, "atLeast", 4);
        assert_eq!(assess(&at_least_four, &three).score(), 0);
        assert_eq!(assess(&at_least_four, &RiskFacts { returned: 4, ..calm() }).score(), 40);
    }

    #[test]
    fn earlier_rejections_fire_from_at_least_and_count_in_words() {
        let one = RiskFacts { rejected: 1, ..calm() };
        let two = RiskFacts { rejected: 2, ..calm() };

        assert_eq!(text_of(RuleId::EarlierRejections, &calm()), None);
        assert_eq!(
            reasons(&only(RuleId::EarlierRejections), &one),
            [(RuleId::EarlierRejections, 25, "1 earlier order from this phone or e-mail was rejected.".to_owned())]
        );
        assert_eq!(
            text_of(RuleId::EarlierRejections, &two).unwrap(),
            "2 earlier orders from this phone or e-mail were rejected."
        );
        assert_eq!(assess(&off(RuleId::EarlierRejections), &two).score(), 0);
        assert_eq!(assess(&tuned(RuleId::EarlierRejections, "atLeast", 3), &two).score(), 0);
    }

    #[test]
    fn a_new_account_fires_under_the_hours_and_not_at_them() {
        let young = RiskFacts { account_opened: placed() - Duration::hours(24) + Duration::seconds(1), ..calm() };
        let a_day = RiskFacts { account_opened: placed() - Duration::hours(24), ..calm() };

        assert_eq!(
            text_of(RuleId::NewAccount, &young).unwrap(),
            "The account was opened less than 24 hours before the order."
        );
        assert_eq!(text_of(RuleId::NewAccount, &a_day), None);
        assert_eq!(assess(&off(RuleId::NewAccount), &young).score(), 0);
        assert_eq!(
            assess(&tuned(RuleId::NewAccount, "hours", 48), &a_day).reasons()[0].text,
            "The account was opened less than 48 hours before the order."
        );
    }

    #[test]
    fn a_short_address_counts_trimmed_characters_with_spaces_collapsed() {
        let nineteen = RiskFacts { address: "  House 1,   Gulberg III  ".into(), ..calm() };
        let twenty = RiskFacts { address: "House 12, Gulberg II".into(), ..calm() };

        assert_eq!("House 1, Gulberg III".chars().count(), 20);
        assert_eq!(text_of(RuleId::VagueAddress, &twenty), None);
        assert_eq!(
            text_of(RuleId::VagueAddress, &RiskFacts { address: "House 1, Gulberg II".into(), ..calm() }).unwrap(),
            "The address is shorter than 20 characters."
        );
        assert_eq!(text_of(RuleId::VagueAddress, &nineteen), None, "20 characters once collapsed");
        assert_eq!(
            assess(&tuned(RuleId::VagueAddress, "minChars", 21), &twenty).reasons()[0].text,
            "The address is shorter than 21 characters."
        );
        assert_eq!(assess(&off(RuleId::VagueAddress), &RiskFacts { address: "Lahore".into(), ..calm() }).score(), 0);
    }

    #[test]
    fn an_address_without_a_number_is_vague_and_a_short_one_says_so_first() {
        let no_number = RiskFacts { address: "Near the big mosque, Gulberg".into(), ..calm() };
        let both = RiskFacts { address: "Gulberg".into(), ..calm() };

        assert_eq!(
            text_of(RuleId::VagueAddress, &no_number).unwrap(),
            "The address has no house, street or plot number."
        );
        assert_eq!(text_of(RuleId::VagueAddress, &both).unwrap(), "The address is shorter than 20 characters.");
    }

    #[test]
    fn no_city_chosen_is_a_mismatch() {
        let province_only = RiskFacts { city: None, ..calm() };
        let nothing = RiskFacts { city: None, province: None, ..calm() };

        assert_eq!(text_of(RuleId::CityMismatch, &province_only).unwrap(), "No city was chosen.");
        assert_eq!(text_of(RuleId::CityMismatch, &nothing).unwrap(), "No city was chosen.");
        assert_eq!(assess(&off(RuleId::CityMismatch), &nothing).score(), 0);
    }

    #[test]
    fn an_address_naming_another_city_as_a_whole_word_in_any_case_is_a_mismatch() {
        let karachi = RiskFacts { address: "Flat 3, Clifton Block 5, KARACHI".into(), ..calm() };
        let inside_a_word = RiskFacts { address: "House 5, Swatter Road, Lahore".into(), ..calm() };
        let own_city = RiskFacts { address: "House 5, Mall Road, lahore".into(), ..calm() };

        assert_eq!(
            text_of(RuleId::CityMismatch, &karachi).unwrap(),
            "The address names Karachi, but the city chosen is Lahore."
        );
        assert_eq!(text_of(RuleId::CityMismatch, &inside_a_word), None);
        assert_eq!(text_of(RuleId::CityMismatch, &own_city), None);
    }

    #[test]
    fn an_address_naming_another_province_is_a_mismatch_after_the_cities() {
        let sindh = RiskFacts { address: "House 5, Mall Road, Sindh".into(), ..calm() };
        let spaced = RiskFacts { address: "House 5, Khyber-Pakhtunkhwa".into(), ..calm() };
        let both = RiskFacts { address: "House 5, Quetta, Sindh".into(), ..calm() };
        let own = RiskFacts { address: "House 5, Lahore, Punjab".into(), ..calm() };

        assert_eq!(
            text_of(RuleId::CityMismatch, &sindh).unwrap(),
            "The address names Sindh, but the province chosen is Punjab."
        );
        assert_eq!(
            text_of(RuleId::CityMismatch, &spaced).unwrap(),
            "The address names KhyberPakhtunkhwa, but the province chosen is Punjab."
        );
        assert_eq!(
            text_of(RuleId::CityMismatch, &both).unwrap(),
            "The address names Quetta, but the city chosen is Lahore."
        );
        assert_eq!(text_of(RuleId::CityMismatch, &own), None);
    }

    #[test]
    fn a_province_named_after_a_city_is_read_as_the_province() {
        let skardu = RiskFacts {
            address: "House 5, Skardu, Gilgit-Baltistan".into(),
            province: Some("GilgitBaltistan".into()),
            city: Some("Skardu".into()),
            ..calm()
        };
        let islamabad = RiskFacts {
            address: "House 5, F-7, Islamabad".into(),
            province: Some("Islamabad".into()),
            city: Some("Islamabad".into()),
            ..calm()
        };

        assert_eq!(text_of(RuleId::CityMismatch, &skardu), None);
        assert_eq!(text_of(RuleId::CityMismatch, &islamabad), None);
        assert_eq!(
            text_of(RuleId::CityMismatch, &RiskFacts { address: "House 5, Islamabad".into(), ..calm() }).unwrap(),
            "The address names Islamabad, but the city chosen is Lahore."
        );
    }

    #[test]
    fn a_large_quantity_fires_above_the_pieces() {
        let five = RiskFacts { pieces: 5, ..calm() };
        let twelve = RiskFacts { pieces: 12, ..calm() };

        assert_eq!(text_of(RuleId::LargeQuantity, &five), None);
        assert_eq!(text_of(RuleId::LargeQuantity, &twelve).unwrap(), "The order holds 12 pieces (more than 5).");
        assert_eq!(assess(&off(RuleId::LargeQuantity), &twelve).score(), 0);
        assert_eq!(
            assess(&tuned(RuleId::LargeQuantity, "pieces", 4), &five).reasons()[0].text,
            "The order holds 5 pieces (more than 4)."
        );
    }

    #[test]
    fn a_large_total_fires_above_the_rupees_to_the_paisa() {
        let at = RiskFacts { total: Rupees::from_whole(20_000), ..calm() };
        let a_paisa_more = RiskFacts { total: Rupees::from_paisa(2_000_001), ..calm() };
        let big = RiskFacts { total: Rupees::from_whole(25_000), ..calm() };

        assert_eq!(text_of(RuleId::LargeTotal, &at), None);
        assert_eq!(text_of(RuleId::LargeTotal, &a_paisa_more).unwrap(), "The total of Rs 20000 is above Rs 20000.");
        assert_eq!(text_of(RuleId::LargeTotal, &big).unwrap(), "The total of Rs 25000 is above Rs 20000.");
        assert_eq!(assess(&off(RuleId::LargeTotal), &big).score(), 0);
        assert_eq!(assess(&tuned(RuleId::LargeTotal, "rupees", 30_000), &big).score(), 0);
    }

    #[test]
    fn several_pending_orders_fire_from_at_least() {
        let one = RiskFacts { other_pending: 1, ..calm() };
        let two = RiskFacts { other_pending: 2, ..calm() };

        assert_eq!(text_of(RuleId::SeveralPending, &calm()), None);
        assert_eq!(text_of(RuleId::SeveralPending, &one).unwrap(), "This phone has 1 other pending order.");
        assert_eq!(text_of(RuleId::SeveralPending, &two).unwrap(), "This phone has 2 other pending orders.");
        assert_eq!(assess(&off(RuleId::SeveralPending), &two).score(), 0);
        assert_eq!(assess(&tuned(RuleId::SeveralPending, "atLeast", 3), &two).score(), 0);
    }

    #[test]
    fn the_pending_reason_tells_the_count_given_and_keeps_the_score_and_the_other_reasons() {
        let risky = RiskFacts { other_pending: 1, city: None, ..calm() };
        let scored = assess(&CodSettings::default(), &risky);

        let now = scored.clone().with_other_pending(7);
        let without = assess(&CodSettings::default(), &calm()).with_other_pending(7);

        assert!(scored.fired(RuleId::SeveralPending) && !without.fired(RuleId::SeveralPending));
        assert_eq!(now.score(), 40);
        assert_eq!(
            now.reasons().iter().map(|r| r.text.as_str()).collect::<Vec<_>>(),
            ["No city was chosen.", "This phone has 7 other pending orders."]
        );
        assert_eq!(scored.with_other_pending(1).reasons()[1].text, "This phone has 1 other pending order.");
        assert_eq!(without.score(), 0);
        assert!(without.reasons().is_empty());
    }

    #[test]
    fn late_night_is_the_window_in_pakistan_time_from_inclusive_to_exclusive() {
        // 02:14 in Pakistan is 21:14 UTC the day before.
        let at = |h, m| RiskFacts { placed_at: Utc.with_ymd_and_hms(2026, 11, 23, h, m, 0).unwrap(), ..calm() };

        assert_eq!(text_of(RuleId::LateNight, &at(21, 14)).unwrap(), "Placed at 02:14 at night (Pakistan time).");
        assert_eq!(text_of(RuleId::LateNight, &at(19, 0)).unwrap(), "Placed at 00:00 at night (Pakistan time).");
        assert_eq!(text_of(RuleId::LateNight, &at(0, 59)).unwrap(), "Placed at 05:59 at night (Pakistan time).");
        assert_eq!(text_of(RuleId::LateNight, &at(1, 0)), None, "06:00 is past the window");
        assert_eq!(text_of(RuleId::LateNight, &at(18, 59)), None, "23:59 is before it");
        assert_eq!(assess(&off(RuleId::LateNight), &at(21, 14)).score(), 0);
    }

    #[test]
    fn a_late_night_window_may_wrap_midnight() {
        let at = |h| RiskFacts { placed_at: Utc.with_ymd_and_hms(2026, 11, 23, h, 30, 0).unwrap(), ..calm() };
        let mut wrapping = tuned(RuleId::LateNight, "from", 23);
        wrapping.rules[RuleId::LateNight as usize].values[1] = 6;

        assert_eq!(assess(&wrapping, &at(18)).reasons()[0].text, "Placed at 23:30 at night (Pakistan time).");
        assert_eq!(assess(&wrapping, &at(0)).reasons()[0].text, "Placed at 05:30 at night (Pakistan time).");
        assert_eq!(assess(&wrapping, &at(17)).score(), 0, "22:30");
        assert_eq!(assess(&wrapping, &at(1)).score(), 0, "06:30");
    }

    #[test]
    fn the_score_is_the_sum_of_the_points_capped_at_a_hundred_with_levels() {
        let medium = RiskFacts { rejected: 1, pieces: 9, ..calm() };
        let everything = RiskFacts {
            returned: 2,
            rejected: 1,
            other_pending: 1,
            account_opened: placed(),
            address: "Karachi".into(),
            pieces: 50,
            total: Rupees::from_whole(50_000),
            ..calm()
        };

        let risk = assess(&CodSettings::default(), &medium);
        assert_eq!((risk.score(), risk.level()), (40, RiskLevel::Medium));
        let risk = assess(&CodSettings::default(), &everything);
        assert_eq!((risk.score(), risk.level()), (100, RiskLevel::High));
        assert_eq!(risk.reasons().len(), 8);
        assert_eq!(
            [RiskLevel::of(29), RiskLevel::of(30), RiskLevel::of(59), RiskLevel::of(60)],
            [RiskLevel::Low, RiskLevel::Medium, RiskLevel::Medium, RiskLevel::High]
        );
    }

    fn input_of(settings: &CodSettings) -> SettingsInput {
        SettingsInput {
            rules: settings
                .rules()
                .iter()
                .map(|s| RuleInput {
                    id: s.rule().as_str().into(),
                    enabled: s.enabled(),
                    points: Some(i64::from(s.points())),
                    params: s.params().map(|(spec, value)| (spec.key.to_owned(), Some(i64::from(value)))).collect(),
                })
                .collect(),
            confirm_window_hours: Some(48),
            reject_unconfirmed_after_hours: Some(24),
            limits: vec![],
        }
    }

    #[test]
    fn limits_sent_are_set_and_those_not_sent_keep_the_values_in_force() {
        let in_force = OrderLimits::default().with(LimitId::OrdersPerDay, 500).unwrap();
        let mut input = input_of(&CodSettings::default());
        input.limits = vec![("unitsPerProduct".into(), Some(25)), ("pendingPerPhone".into(), Some(1))];

        let settings = CodSettings::parse_over(&input, in_force).unwrap();

        assert_eq!(settings.limits().iter().map(|(_, v)| v).collect::<Vec<_>>(), [25, 3, 1, 500]);
        assert_eq!(CodSettings::parse(&input_of(&CodSettings::default())).unwrap().limits(), OrderLimits::default());
    }

    #[test]
    fn limits_out_of_bounds_unknown_or_repeated_are_faults_of_their_keys() {
        let mut input = input_of(&CodSettings::default());
        input.limits = vec![
            ("unitsPerProduct".into(), Some(0)),
            ("pendingPerAccount".into(), None),
            ("perWeek".into(), Some(3)),
            ("ordersPerDay".into(), Some(5)),
            ("ordersPerDay".into(), Some(6)),
        ];

        let faults = CodSettings::parse(&input).unwrap_err();

        let listed: Vec<_> = faults.iter().map(|f| (f.field.clone(), f.message.as_str())).collect();
        assert_eq!(
            listed,
            [
                (
                    SettingsField::Limit("unitsPerProduct".into()),
                    "Units of one product per order must be a whole number from 1 to 1000000."
                ),
                (
                    SettingsField::Limit("pendingPerAccount".into()),
                    "Pending orders per account must be a whole number from 1 to 100000."
                ),
                (SettingsField::Limit("perWeek".into()), "There is no limit 'perWeek'."),
                (SettingsField::Limit("ordersPerDay".into()), "The limit 'ordersPerDay' is listed more than once."),
            ]
        );
    }

    #[test]
    fn settings_as_sent_parse_back_to_themselves() {
        let mut input = input_of(&CodSettings::default());
        input.rules[0].points = Some(55);
        input.rules[8].params[0].1 = Some(23);
        input.rules.reverse();

        let settings = CodSettings::parse(&input).unwrap();

        assert_eq!(settings.rule(RuleId::EarlierReturns).points(), 55);
        assert_eq!(settings.rule(RuleId::LateNight).value("from"), 23);
        assert_eq!(settings.rules()[0].rule(), RuleId::EarlierReturns, "kept in the rules' own order");
    }

    #[test]
    fn settings_out_of_bounds_name_every_field_at_fault() {
        let mut input = input_of(&CodSettings::default());
        input.rules[0].points = Some(101);
        input.rules[0].params[0].1 = Some(0);
        input.rules[8].params[1].1 = Some(24);
        input.rules[3].params[0].1 = None;
        input.confirm_window_hours = Some(0);
        input.reject_unconfirmed_after_hours = Some(721);

        let faults = CodSettings::parse(&input).unwrap_err();

        let listed: Vec<_> = faults.iter().map(|f| (f.field.clone(), f.message.as_str())).collect();
        assert_eq!(
            listed,
            [
                (SettingsField::Points(0), "Points must be a whole number from 0 to 100."),
                (SettingsField::Param(0, "atLeast".into()), "Returned orders must be a whole number from 1 to 100."),
                (SettingsField::Param(3, "minChars".into()), "Fewest characters must be a whole number from 1 to 500."),
                (
                    SettingsField::Param(8, "to".into()),
                    "Until hour (Pakistan time) must be a whole number from 0 to 23."
                ),
                (
                    SettingsField::ConfirmWindowHours,
                    "The confirmation window must be a whole number of hours from 1 to 720."
                ),
                (
                    SettingsField::RejectUnconfirmedAfterHours,
                    "The wait before rejecting unconfirmed orders must be a whole number of hours from 1 to 720."
                ),
            ]
        );
    }

    #[test]
    fn every_rule_must_be_listed_once_and_known() {
        let mut missing = input_of(&CodSettings::default());
        missing.rules.remove(4);
        let mut twice = input_of(&CodSettings::default());
        twice.rules[4] = twice.rules[0].clone();
        let mut unknown = input_of(&CodSettings::default());
        unknown.rules[2].id = "moon_phase".into();
        unknown.rules[1].params.push(("often".into(), Some(1)));

        let missing = CodSettings::parse(&missing).unwrap_err();
        let twice = CodSettings::parse(&twice).unwrap_err();
        let unknown = CodSettings::parse(&unknown).unwrap_err();

        assert_eq!(
            missing,
            [SettingsFault {
                field: SettingsField::Rules,
                message: "Every rule must be listed once; missing: city_mismatch.".into()
            }]
        );
        assert_eq!(
            twice[0],
            SettingsFault {
                field: SettingsField::RuleId(4),
                message: "The rule 'earlier_returns' is listed more than once.".into()
            }
        );
        assert_eq!(
            unknown[0],
            SettingsFault {
                field: SettingsField::Param(1, "often".into()),
                message: "The rule 'earlier_rejections' has no setting 'often'.".into()
            }
        );
        assert_eq!(
            unknown[1],
            SettingsFault { field: SettingsField::RuleId(2), message: "There is no rule 'moon_phase'.".into() }
        );
    }

    #[test]
    fn stored_settings_lay_over_the_defaults_so_a_later_rule_arrives_with_its_own() {
        let stored = CodSettings::from_stored(
            &[
                StoredRule {
                    id: "earlier_returns".into(),
                    enabled: false,
                    points: 30,
                    params: vec![("atLeast".into(), 2)],
                },
                StoredRule { id: "retired_rule".into(), enabled: true, points: 50, params: vec![] },
            ],
            72,
            12,
        );

        assert!(!stored.rule(RuleId::EarlierReturns).enabled());
        assert_eq!(stored.rule(RuleId::EarlierReturns).value("atLeast"), 2);
        assert_eq!(stored.rule(RuleId::LateNight), &RuleSetting::default_for(RuleId::LateNight));
        assert_eq!((stored.confirm_window_hours(), stored.reject_unconfirmed_after_hours()), (72, 12));
    }

    fn any_facts() -> impl Strategy<Value = RiskFacts> {
        (
            (0u32..5, 0u32..5, 0u32..5),
            (0i64..100, 0u32..24, 0u32..60),
            prop_oneof![
                Just("House 12, Street 4, Gulberg III"),
                Just("Karachi"),
                Just("Near the mosque"),
                Just("Flat 3, Sindh")
            ],
            prop::option::of(Just("Lahore")),
            (1u64..30, 0i64..10_000_000),
        )
            .prop_map(
                |((returned, rejected, other_pending), (age, hour, minute), address, city, (pieces, paisa))| {
                    let placed_at = Utc.with_ymd_and_hms(2026, 11, 23, hour, minute, 0).unwrap();
                    RiskFacts {
                        returned,
                        rejected,
                        other_pending,
                        account_opened: placed_at - Duration::hours(age),
                        placed_at,
                        address: address.into(),
                        province: Some("Punjab".into()),
                        city: city.map(Into::into),
                        pieces,
                        total: Rupees::from_paisa(paisa),
                    }
                },
            )
    }

    proptest! {
        #[test]
        fn the_score_stays_within_bounds_and_is_the_sum_of_its_reasons_below_the_cap(
            facts in any_facts(),
            points in prop::collection::vec(0u8..=100, 9),
            enabled in prop::collection::vec(any::<bool>(), 9),
        ) {
            let mut settings = CodSettings::default();
            for (i, setting) in settings.rules.iter_mut().enumerate() {
                setting.points = points[i];
                setting.enabled = enabled[i];
            }

            let risk = assess(&settings, &facts);

            let sum: u32 = risk.reasons().iter().map(|r| u32::from(r.points)).sum();
            prop_assert!(risk.score() <= 100);
            prop_assert_eq!(u32::from(risk.score()), sum.min(100));
            prop_assert!(risk.reasons().iter().all(|r| settings.rule(r.rule).enabled()));
            prop_assert_eq!(risk.level(), RiskLevel::of(risk.score()));
        }
    }
}
