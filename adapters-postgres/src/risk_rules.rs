//! The risk rules as the store holds them, read by the owner's settings and by every read of a pending order's
//! live score, and the per-phone turns that placements and rescorings take: apart from `cod` and `orders`,
//! which both use them.

use application::common::error::RepositoryError;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use domain::risk::{PendingRule, RuleId, RuleParams, RuleSetting};
use serde_json::Value;

use crate::error::{corrupt, from_diesel};
use crate::schema::risk_rules;

/// A rule as the store holds it: `params` maps each figure's key to its whole-number value.
#[derive(Queryable)]
pub(crate) struct RiskRuleRow {
    id: String,
    enabled: bool,
    points: i16,
    params: Value,
}

impl RiskRuleRow {
    /// The rule's setting; `None` for a rule the code no longer has.
    ///
    /// # Errors
    /// `Corrupt` for points or figures that do not parse (a key the rule does not have, one missing, a
    /// value that is not a whole number within its bounds).
    pub(crate) fn setting(&self) -> Result<Option<RuleSetting>, RepositoryError> {
        let Ok(rule) = self.id.parse::<RuleId>() else { return Ok(None) };
        let Some(params) = self.params.as_object() else {
            return Err(corrupt(format!("the figures of risk rule {rule} are not an object")));
        };
        let figures = params.iter().map(|(key, value)| (key.as_str(), value.as_i64()));
        RuleSetting::parse(rule, self.enabled, Some(i64::from(self.points)), figures).map(Some).map_err(|faults| {
            let faults: Vec<String> = faults.iter().map(ToString::to_string).collect();
            corrupt(format!("risk rule {rule}: {}", faults.join(" ")))
        })
    }
}

/// The rule on other pending orders as the settings have it (its defaults when never saved), when it is on.
pub(crate) fn pending_rule(conn: &mut PgConnection) -> Result<Option<PendingRule>, RepositoryError> {
    let row: Option<RiskRuleRow> = risk_rules::table
        .find(RuleId::SeveralPending.as_str())
        .select((risk_rules::id, risk_rules::enabled, risk_rules::points, risk_rules::params))
        .first(conn)
        .optional()
        .map_err(from_diesel)?;
    let setting = match row {
        Some(row) => row.setting()?.unwrap_or_else(|| RuleSetting::default_for(RuleId::SeveralPending)),
        None => RuleSetting::default_for(RuleId::SeveralPending),
    };
    Ok(match setting.figures() {
        RuleParams::SeveralPending { at_least } if setting.enabled() => {
            Some(PendingRule { at_least, points: setting.points() })
        }
        _ => None,
    })
}

/// The class of the advisory locks that take placements with one primary phone, and rescorings of that
/// phone's orders, in turns (two-key form, apart from the one-key locks of the test databases' template).
pub(crate) const PHONE_LOCKS: i32 = 0x4F52_4452;

/// Waits for, then holds until the transaction ends, the turn of primary phone `phone` (normal form).
pub(crate) fn lock_phone(conn: &mut PgConnection, phone: &str) -> Result<(), RepositoryError> {
    diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
        .bind::<Integer, _>(PHONE_LOCKS)
        .bind::<Text, _>(phone)
        .execute(conn)
        .map_err(from_diesel)?;
    Ok(())
}
