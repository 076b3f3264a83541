//! A risk score as the orders table stores it (docs/cod.md 'Risk score'): its reasons as JSON,
//! `[{"rule", "points", "text"}]`, and, while the order is pending, the scores without and with the rule on
//! other pending orders (`risk_score`, `risk_score_pending`). That rule is applied when the score is read,
//! with the settings' threshold and points, from the live count of the phone's pending orders; the admin's
//! list sorts and filters by the same figure ([`LIVE_SCORE`]).

use application::common::error::RepositoryError;
use domain::risk::{Risk, RiskReason, RuleId, StoredRisk};
use serde_json::{json, Value};

use crate::error::corrupt;

/// An order's score as it reads now, in SQL on `orders`: the score once the rule on other pending orders
/// fires, when its phone has at least the rule's threshold of other pending orders (a count over
/// `orders_pending_phone1_idx`, made only for the pending orders whose score the rule moves; a rule switched
/// off moves none, as saving the settings scores every pending order again), and the stored score otherwise.
/// The same figure as [`StoredRisk::live`] with that count.
pub(crate) const LIVE_SCORE: &str = "(CASE WHEN orders.status = 'pending' \
    AND orders.risk_score_pending <> orders.risk_score \
    AND (SELECT count(*) FROM orders q WHERE q.status = 'pending' AND q.phone1_normalized = orders.phone1_normalized) \
        > (SELECT COALESCE(max((r.params ->> 'atLeast')::INTEGER), 1) FROM risk_rules r WHERE r.id = 'several_pending') \
    THEN orders.risk_score_pending ELSE orders.risk_score END)";

/// Reasons as stored: `[{"rule", "points", "text"}]`.
pub(crate) fn reasons_json(reasons: &[RiskReason]) -> Value {
    Value::Array(
        reasons.iter().map(|r| json!({ "rule": r.rule.as_str(), "points": r.points, "text": r.text })).collect(),
    )
}

/// The columns of a stored score: reasons and the scores without and with the rule on other pending orders.
pub(crate) struct RiskColumns {
    pub reasons: Value,
    pub score: i16,
    pub score_pending: i16,
}

pub(crate) fn risk_columns(risk: &StoredRisk) -> RiskColumns {
    let (score, score_pending) = risk.scores();
    RiskColumns {
        reasons: reasons_json(risk.reasons()),
        score: i16::from(score),
        score_pending: i16::from(score_pending),
    }
}

/// Stored reasons; reasons of a rule the code no longer knows are left out.
pub(crate) fn reasons_of(reasons: &Value) -> Result<Vec<RiskReason>, RepositoryError> {
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
    Ok(kept)
}

/// The score of an order that left pending, kept as stored.
pub(crate) fn risk_of(reasons: &Value) -> Result<Risk, RepositoryError> {
    Ok(Risk::of(reasons_of(reasons)?))
}
