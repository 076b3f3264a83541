//! The risk score of a cash-on-delivery order (docs/cod.md 'Risk score'): nine rules the shop owner can read,
//! switch off and tune, each adding its points and a reason in words when it fires. The score is the sum of
//! the points of the enabled rules that fire, at most 100. Pure: the facts of an order come in as a
//! [`RiskFacts`], gathered by whoever stores orders.

mod params;
mod places;
mod rules;
mod score;
mod settings;

pub use params::{ParamFault, RuleParams};
pub use rules::{ParamSpec, RuleId, UnknownRule, MAX_HOURS, MAX_POINTS, MAX_SCORE};
pub use score::{assess, assess_stored, PendingRule, Risk, RiskFacts, RiskLevel, RiskReason, StoredRisk};
pub use settings::{
    CodSettings, CodSettingsChange, HoursOutOfRange, RuleFault, RuleSetting, SettingsDraft, SettingsFault,
    SettingsField,
};

#[cfg(test)]
mod tests;
