//! The shop's COD settings: each rule on or off with its points and typed figures, the confirmation window,
//! the wait before rejecting unconfirmed orders and the limits on orders; how new settings are checked as
//! the owner sends them ([`SettingsDraft`]), every fault with its place.

use std::fmt;

use super::params::{ParamFault, RuleParams};
use super::rules::{ParamSpec, RuleId, MAX_HOURS, MAX_POINTS};
use crate::order_limits::{LimitId, LimitOutOfRange, OrderLimits};

/// How one rule is set: on or off, its points and its figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSetting {
    enabled: bool,
    points: u8,
    params: RuleParams,
}

/// Why a rule's setting was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleFault {
    /// Points missing, not a whole number, or outside 0 to 100.
    Points,
    /// A figure at fault.
    Param(ParamFault),
}

impl fmt::Display for RuleFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Points => write!(f, "Points must be a whole number from 0 to {MAX_POINTS}."),
            Self::Param(fault) => fault.fmt(f),
        }
    }
}

impl std::error::Error for RuleFault {}

fn points_of(points: Option<i64>) -> Option<u8> {
    points.filter(|p| (0..=MAX_POINTS).contains(p)).and_then(|p| u8::try_from(p).ok())
}

impl RuleSetting {
    /// The rule as it comes: enabled, its default points and figures.
    #[must_use]
    pub fn default_for(rule: RuleId) -> Self {
        Self { enabled: true, points: rule.default_points(), params: RuleParams::defaults(rule) }
    }

    /// The rule of `params` set so.
    ///
    /// # Errors
    /// [`RuleFault::Points`] for points over 100, [`RuleFault::Param`] for a figure out of its bounds.
    pub fn new(params: RuleParams, enabled: bool, points: u8) -> Result<Self, RuleFault> {
        if points_of(Some(i64::from(points))).is_none() {
            return Err(RuleFault::Points);
        }
        if let Some(spec) = params.out_of_bounds() {
            return Err(RuleFault::Param(ParamFault::OutOfRange(spec)));
        }
        Ok(Self { enabled, points, params })
    }

    /// The setting of `rule` from its points and figures by key (see [`RuleParams::parse`]).
    ///
    /// # Errors
    /// Every fault: the points first, then the figures'.
    pub fn parse<'a>(
        rule: RuleId,
        enabled: bool,
        points: Option<i64>,
        figures: impl IntoIterator<Item = (&'a str, Option<i64>)>,
    ) -> Result<Self, Vec<RuleFault>> {
        let points = points_of(points);
        let params = RuleParams::parse(rule, figures);
        match (points, params) {
            (Some(points), Ok(params)) => Ok(Self { enabled, points, params }),
            (points, params) => Err(points
                .is_none()
                .then_some(RuleFault::Points)
                .into_iter()
                .chain(params.err().into_iter().flatten().map(RuleFault::Param))
                .collect()),
        }
    }

    #[must_use]
    pub const fn rule(&self) -> RuleId {
        self.params.rule()
    }

    #[must_use]
    pub const fn enabled(&self) -> bool {
        self.enabled
    }

    #[must_use]
    pub const fn points(&self) -> u8 {
        self.points
    }

    /// Its figures, typed.
    #[must_use]
    pub const fn figures(&self) -> RuleParams {
        self.params
    }

    /// Each figure with its spec, in the order of [`RuleId::params`].
    pub fn params(&self) -> impl Iterator<Item = (&'static ParamSpec, u32)> {
        self.rule().params().iter().zip(self.params.values())
    }
}

/// A field of the settings at fault, as [`SettingsDraft::finish`] reports it.
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

/// An approval window or a wait before rejecting outside 1 to 720 hours; `what` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{what} must be a whole number of hours from 1 to {MAX_HOURS}.")]
pub struct HoursOutOfRange {
    pub what: &'static str,
}

const CONFIRM_WINDOW: &str = "The confirmation window";
const REJECT_AFTER: &str = "The wait before rejecting unconfirmed orders";

fn hours_of(value: Option<i64>, what: &'static str) -> Result<u32, HoursOutOfRange> {
    value.filter(|h| (1..=MAX_HOURS).contains(h)).and_then(|h| u32::try_from(h).ok()).ok_or(HoursOutOfRange { what })
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

impl CodSettings {
    /// Settings with `rules` laid over the defaults (a rule not given keeps its defaults, as one the store
    /// lacks) and both hours, with the default limits.
    ///
    /// # Errors
    /// [`HoursOutOfRange`] for an hour outside 1 to 720.
    pub fn new(
        rules: impl IntoIterator<Item = RuleSetting>,
        confirm_window_hours: i64,
        reject_unconfirmed_after_hours: i64,
    ) -> Result<Self, HoursOutOfRange> {
        let mut settings = Self {
            confirm_window_hours: hours_of(Some(confirm_window_hours), CONFIRM_WINDOW)?,
            reject_unconfirmed_after_hours: hours_of(Some(reject_unconfirmed_after_hours), REJECT_AFTER)?,
            ..Self::default()
        };
        for rule in rules {
            settings.set(rule);
        }
        Ok(settings)
    }

    /// These settings with `rule` set.
    #[must_use]
    pub fn with_rule(mut self, rule: RuleSetting) -> Self {
        self.set(rule);
        self
    }

    fn set(&mut self, rule: RuleSetting) {
        self.rules[rule.rule().index()] = rule;
    }

    /// Every rule's setting, in the order of [`RuleId::ALL`].
    #[must_use]
    pub fn rules(&self) -> &[RuleSetting] {
        &self.rules
    }

    /// The setting of `rule`.
    #[must_use]
    pub fn rule(&self, rule: RuleId) -> &RuleSetting {
        &self.rules[rule.index()]
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

/// New COD settings as the owner set them: every rule, both hours, and the limits changed (the others keep
/// the values in force, see [`CodSettingsChange::over`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodSettingsChange {
    settings: CodSettings,
    limits: Vec<(LimitId, u32)>,
}

impl CodSettingsChange {
    /// The rules and hours of `settings`, changing no limit.
    #[must_use]
    pub fn keeping_limits(settings: CodSettings) -> Self {
        Self { settings, limits: Vec::new() }
    }

    /// The settings with the limits changed set over `in_force`.
    #[must_use]
    pub fn over(self, in_force: OrderLimits) -> CodSettings {
        let limits = self.limits.into_iter().fold(in_force, |limits, (limit, value)| limits.set(limit, value));
        self.settings.with_limits(limits)
    }
}

/// New settings being checked as the owner sent them: made with both hours, fed each rule in the order sent
/// and each limit changed, then [`SettingsDraft::finish`]ed. Every rule must come once; figures and limits
/// are checked as [`RuleSetting::parse`] and [`OrderLimits::with`] do.
#[derive(Debug)]
pub struct SettingsDraft {
    rules: Vec<Option<RuleSetting>>,
    sent: usize,
    rule_faults: Vec<SettingsFault>,
    hours: [Result<u32, HoursOutOfRange>; 2],
    limits: Vec<(LimitId, u32)>,
    seen_limits: Vec<LimitId>,
    limit_faults: Vec<SettingsFault>,
}

impl SettingsDraft {
    /// A draft with the confirmation window and the wait before rejecting unconfirmed orders as sent
    /// (`None` for a value that was not a whole number).
    #[must_use]
    pub fn new(confirm_window_hours: Option<i64>, reject_unconfirmed_after_hours: Option<i64>) -> Self {
        Self {
            rules: vec![None; RuleId::ALL.len()],
            sent: 0,
            rule_faults: Vec::new(),
            hours: [
                hours_of(confirm_window_hours, CONFIRM_WINDOW),
                hours_of(reject_unconfirmed_after_hours, REJECT_AFTER),
            ],
            limits: Vec::new(),
            seen_limits: Vec::new(),
            limit_faults: Vec::new(),
        }
    }

    /// The next rule of the list: its id, on or off, its points (`None` when missing or not a whole number)
    /// and its figures by key (`None` for one that is not a whole number).
    pub fn rule<'a>(
        &mut self,
        id: &str,
        enabled: bool,
        points: Option<i64>,
        figures: impl IntoIterator<Item = (&'a str, Option<i64>)>,
    ) {
        let i = self.sent;
        self.sent += 1;
        let rule = match id.parse::<RuleId>() {
            Ok(rule) => rule,
            Err(unknown) => {
                self.rule_faults.push(SettingsFault { field: SettingsField::RuleId(i), message: unknown.to_string() });
                return;
            }
        };
        if self.rules[rule.index()].is_some() {
            self.rule_faults.push(SettingsFault {
                field: SettingsField::RuleId(i),
                message: format!("The rule '{rule}' is listed more than once."),
            });
            return;
        }
        match RuleSetting::parse(rule, enabled, points, figures) {
            Ok(setting) => self.rules[rule.index()] = Some(setting),
            Err(faults) => {
                self.rules[rule.index()] = Some(RuleSetting::default_for(rule));
                self.rule_faults.extend(faults.into_iter().map(|fault| SettingsFault {
                    field: match &fault {
                        RuleFault::Points => SettingsField::Points(i),
                        RuleFault::Param(param) => SettingsField::Param(i, param.key().to_owned()),
                    },
                    message: fault.to_string(),
                }));
            }
        }
    }

    /// A limit to change, by key (`None` for a value that was not a whole number).
    pub fn limit(&mut self, key: &str, value: Option<i64>) {
        let key: String = key.chars().take(40).collect();
        let Some(limit) = LimitId::from_key(&key) else {
            self.limit_faults.push(SettingsFault {
                message: format!("There is no limit '{key}'."),
                field: SettingsField::Limit(key),
            });
            return;
        };
        if self.seen_limits.contains(&limit) {
            self.limit_faults.push(SettingsFault {
                message: format!("The limit '{key}' is listed more than once."),
                field: SettingsField::Limit(key),
            });
            return;
        }
        self.seen_limits.push(limit);
        match value.map(|value| OrderLimits::default().with(limit, value)) {
            Some(Ok(checked)) => self.limits.push((limit, checked.get(limit))),
            Some(Err(out_of_range)) => self
                .limit_faults
                .push(SettingsFault { message: out_of_range.to_string(), field: SettingsField::Limit(key) }),
            None => self
                .limit_faults
                .push(SettingsFault { message: LimitOutOfRange(limit).to_string(), field: SettingsField::Limit(key) }),
        }
    }

    /// The settings sent.
    ///
    /// # Errors
    /// Every fault found, each with its field: the rules' in the order sent, the rules missing, the hours,
    /// then the limits'.
    pub fn finish(self) -> Result<CodSettingsChange, Vec<SettingsFault>> {
        let mut faults = self.rule_faults;
        let missing: Vec<&str> =
            RuleId::ALL.into_iter().filter(|rule| self.rules[rule.index()].is_none()).map(RuleId::as_str).collect();
        if !missing.is_empty() && faults.iter().all(|f| !matches!(f.field, SettingsField::RuleId(_))) {
            faults.push(SettingsFault {
                field: SettingsField::Rules,
                message: format!("Every rule must be listed once; missing: {}.", missing.join(", ")),
            });
        }
        let [confirm, reject] = self.hours;
        let fields = [SettingsField::ConfirmWindowHours, SettingsField::RejectUnconfirmedAfterHours];
        for (hours, field) in [confirm, reject].iter().zip(fields) {
            if let Err(err) = hours {
                faults.push(SettingsFault { field, message: err.to_string() });
            }
        }
        faults.extend(self.limit_faults);
        match (faults.is_empty(), confirm, reject) {
            (true, Ok(confirm_window_hours), Ok(reject_unconfirmed_after_hours)) => Ok(CodSettingsChange {
                settings: CodSettings {
                    rules: self.rules.into_iter().flatten().collect(),
                    confirm_window_hours,
                    reject_unconfirmed_after_hours,
                    limits: OrderLimits::default(),
                },
                limits: self.limits,
            }),
            _ => Err(faults),
        }
    }
}
