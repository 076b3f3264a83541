//! The figures of each rule, typed: parsed once from figures by key (as the settings form sends them or the
//! store holds them), each known, present and within its bounds, and read by the rules by name.

use std::fmt;

use super::rules::{ParamSpec, RuleId};

/// The figures of one rule. Every figure is within the bounds of its [`ParamSpec`] when it comes from
/// [`RuleParams::parse`] or [`RuleParams::defaults`]; [`super::RuleSetting::new`] checks those built here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleParams {
    EarlierReturns { at_least: u32 },
    EarlierRejections { at_least: u32 },
    NewAccount { hours: u32 },
    VagueAddress { min_chars: u32 },
    CityMismatch,
    LargeQuantity { pieces: u32 },
    LargeTotal { rupees: u32 },
    SeveralPending { at_least: u32 },
    LateNight { from: u32, to: u32 },
}

/// Why a figure of a rule was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamFault {
    /// A key the rule does not have, as sent (at most 40 characters).
    Unknown { rule: RuleId, key: String },
    /// A figure missing, not a whole number, or out of its bounds.
    OutOfRange(&'static ParamSpec),
}

impl ParamFault {
    /// The key of the figure at fault.
    #[must_use]
    pub fn key(&self) -> &str {
        match self {
            Self::Unknown { key, .. } => key,
            Self::OutOfRange(spec) => spec.key,
        }
    }
}

impl fmt::Display for ParamFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown { rule, key } => write!(f, "The rule '{rule}' has no setting '{key}'."),
            Self::OutOfRange(spec) => {
                write!(f, "{} must be a whole number from {} to {}.", spec.label, spec.min, spec.max)
            }
        }
    }
}

impl std::error::Error for ParamFault {}

impl RuleParams {
    /// The rule these figures belong to.
    #[must_use]
    pub const fn rule(self) -> RuleId {
        match self {
            Self::EarlierReturns { .. } => RuleId::EarlierReturns,
            Self::EarlierRejections { .. } => RuleId::EarlierRejections,
            Self::NewAccount { .. } => RuleId::NewAccount,
            Self::VagueAddress { .. } => RuleId::VagueAddress,
            Self::CityMismatch => RuleId::CityMismatch,
            Self::LargeQuantity { .. } => RuleId::LargeQuantity,
            Self::LargeTotal { .. } => RuleId::LargeTotal,
            Self::SeveralPending { .. } => RuleId::SeveralPending,
            Self::LateNight { .. } => RuleId::LateNight,
        }
    }

    /// The figures of `rule` unless tuned.
    #[must_use]
    pub fn defaults(rule: RuleId) -> Self {
        let values: Vec<u32> = rule.params().iter().map(|spec| spec.default).collect();
        Self::from_values(rule, &values)
    }

    /// The figures in the order of [`RuleId::params`].
    #[must_use]
    pub fn values(self) -> Vec<u32> {
        match self {
            Self::CityMismatch => vec![],
            Self::EarlierReturns { at_least }
            | Self::EarlierRejections { at_least }
            | Self::SeveralPending { at_least } => vec![at_least],
            Self::NewAccount { hours } => vec![hours],
            Self::VagueAddress { min_chars } => vec![min_chars],
            Self::LargeQuantity { pieces } => vec![pieces],
            Self::LargeTotal { rupees } => vec![rupees],
            Self::LateNight { from, to } => vec![from, to],
        }
    }

    /// The figures of `rule` from `values` in the order of [`RuleId::params`] (one for each).
    fn from_values(rule: RuleId, values: &[u32]) -> Self {
        let at = |i: usize| values.get(i).copied().unwrap_or_default();
        match rule {
            RuleId::EarlierReturns => Self::EarlierReturns { at_least: at(0) },
            RuleId::EarlierRejections => Self::EarlierRejections { at_least: at(0) },
            RuleId::NewAccount => Self::NewAccount { hours: at(0) },
            RuleId::VagueAddress => Self::VagueAddress { min_chars: at(0) },
            RuleId::CityMismatch => Self::CityMismatch,
            RuleId::LargeQuantity => Self::LargeQuantity { pieces: at(0) },
            RuleId::LargeTotal => Self::LargeTotal { rupees: at(0) },
            RuleId::SeveralPending => Self::SeveralPending { at_least: at(0) },
            RuleId::LateNight => Self::LateNight { from: at(0), to: at(1) },
        }
    }

    /// The figures of `rule` from figures by key: every key the rule's, every figure of the rule present,
    /// each a whole number within its bounds (a key given twice takes its last value).
    ///
    /// # Errors
    /// Every fault: the unknown keys and the figures at fault as given, then the figures missing.
    pub fn parse<'a>(
        rule: RuleId,
        figures: impl IntoIterator<Item = (&'a str, Option<i64>)>,
    ) -> Result<Self, Vec<ParamFault>> {
        let specs = rule.params();
        let mut values: Vec<Option<u32>> = vec![None; specs.len()];
        let mut given = vec![false; specs.len()];
        let mut faults = Vec::new();
        for (key, value) in figures {
            let Some(at) = specs.iter().position(|spec| spec.key == key) else {
                faults.push(ParamFault::Unknown { rule, key: key.chars().take(40).collect() });
                continue;
            };
            given[at] = true;
            let spec = &specs[at];
            values[at] = value.and_then(|v| spec.check(v));
            if values[at].is_none() {
                faults.push(ParamFault::OutOfRange(spec));
            }
        }
        for (spec, _) in specs.iter().zip(&given).filter(|(_, given)| !**given) {
            faults.push(ParamFault::OutOfRange(spec));
        }
        if !faults.is_empty() {
            return Err(faults);
        }
        Ok(Self::from_values(rule, &values.into_iter().flatten().collect::<Vec<_>>()))
    }

    /// The first figure outside its bounds.
    pub(super) fn out_of_bounds(self) -> Option<&'static ParamSpec> {
        let specs = self.rule().params();
        specs.iter().zip(self.values()).find(|(spec, value)| spec.check(i64::from(*value)).is_none()).map(|(s, _)| s)
    }
}

impl ParamSpec {
    /// `value` when it is within these bounds.
    #[must_use]
    pub fn check(&self, value: i64) -> Option<u32> {
        (i64::from(self.min)..=i64::from(self.max)).contains(&value).then(|| u32::try_from(value).ok()).flatten()
    }
}
