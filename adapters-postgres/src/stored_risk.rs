//! A risk score as the orders table stores it: its reasons as JSON, `[{"rule", "points", "text"}]`, from
//! which the score follows.

use application::common::error::RepositoryError;
use domain::risk::{Risk, RiskReason, RuleId};
use serde_json::{json, Value};

use crate::error::corrupt;

/// A score's reasons as stored: `[{"rule", "points", "text"}]`.
pub(crate) fn reasons_json(risk: &Risk) -> Value {
    Value::Array(
        risk.reasons().iter().map(|r| json!({ "rule": r.rule.as_str(), "points": r.points, "text": r.text })).collect(),
    )
}

/// A stored score. The score follows from the reasons; reasons of a rule the code no longer knows are left
/// out.
pub(crate) fn risk_of(reasons: &Value) -> Result<Risk, RepositoryError> {
    let list = reasons.as_array().ok_or_else(|| corrupt("risk_reasons is not an array"))?;
    let mut kept = Vec::new();
    for reason in list {
        let rule = reason["rule"].as_str().ok_or_else(|| corrupt("a risk reason has no rule"))?;
        let Ok(rule) = rule.parse::<RuleId>() else {
            tracing::warn!(rule, "a stored risk reason names a rule no longer known; left out");
            continue;
        };
        let points =
            reason["points"].as_u64().and_then(|p| u8::try_from(p).ok()).ok_or_else(|| corrupt("risk points"))?;
        let text = reason["text"].as_str().ok_or_else(|| corrupt("a risk reason has no text"))?.to_owned();
        kept.push(RiskReason { rule, points, text });
    }
    Ok(Risk::of(kept))
}
