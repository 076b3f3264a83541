//! An order's risk score as the admin's answers show it (docs/cod.md): its level, and the rule behind each
//! point.

use domain::risk::Risk;
use serde::Serialize;
use utoipa::ToSchema;

/// How risky an order looks, by its score: `low` (0-29), `medium` (30-59) or `high` (60-100).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RiskLevel {
    Low,
    Medium,
    High,
}

impl From<domain::risk::RiskLevel> for RiskLevel {
    fn from(level: domain::risk::RiskLevel) -> Self {
        use domain::risk::RiskLevel as Level;
        match level {
            Level::Low => Self::Low,
            Level::Medium => Self::Medium,
            Level::High => Self::High,
        }
    }
}

/// One of the rules of the risk score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RiskRuleId {
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

impl From<domain::risk::RuleId> for RiskRuleId {
    fn from(rule: domain::risk::RuleId) -> Self {
        use domain::risk::RuleId as Rule;
        match rule {
            Rule::EarlierReturns => Self::EarlierReturns,
            Rule::EarlierRejections => Self::EarlierRejections,
            Rule::NewAccount => Self::NewAccount,
            Rule::VagueAddress => Self::VagueAddress,
            Rule::CityMismatch => Self::CityMismatch,
            Rule::LargeQuantity => Self::LargeQuantity,
            Rule::LargeTotal => Self::LargeTotal,
            Rule::SeveralPending => Self::SeveralPending,
            Rule::LateNight => Self::LateNight,
        }
    }
}

/// Why a rule added its points.
#[derive(Debug, Serialize, ToSchema)]
pub struct RiskReasonResponse {
    /// The rule's id, e.g. `earlier_returns`.
    pub rule: RiskRuleId,
    pub points: i32,
    /// In words, e.g. '1 earlier order from this phone or e-mail was returned.'
    pub text: String,
}

/// An order's risk score (admin answers only).
#[derive(Debug, Serialize, ToSchema)]
pub struct RiskResponse {
    /// 0 to 100: the sum of the points of the enabled rules that fired, at most 100.
    pub score: i32,
    /// `low` (0-29), `medium` (30-59) or `high` (60-100).
    pub level: RiskLevel,
    pub reasons: Vec<RiskReasonResponse>,
}

impl From<&Risk> for RiskResponse {
    fn from(risk: &Risk) -> Self {
        Self {
            score: i32::from(risk.score()),
            level: risk.level().into(),
            reasons: risk
                .reasons()
                .iter()
                .map(|r| RiskReasonResponse { rule: r.rule.into(), points: i32::from(r.points), text: r.text.clone() })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_and_a_rule_are_written_as_the_domain_names_them() {
        for score in [0, 29, 30, 59, 60, 100] {
            let level = domain::risk::RiskLevel::of(score);
            assert_eq!(serde_json::to_value(RiskLevel::from(level)).unwrap(), level.as_str());
        }
        for rule in domain::risk::RuleId::ALL {
            assert_eq!(serde_json::to_value(RiskRuleId::from(rule)).unwrap(), rule.as_str());
        }
    }
}
