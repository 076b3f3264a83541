//! Reading the COD settings as sent into the domain's settings input, and naming the fields of the
//! domain's refusals as the settings are sent: `rules[0].points`, `rules[0].params.atLeast`, `rules`,
//! `confirmWindowHours`, `rejectUnconfirmedAfterHours`, `limits.unitsPerProduct`.

use application::orders::risk::CodSettingsError;
use domain::risk::{RuleInput, SettingsField, SettingsInput};

use super::dto::CodSettingsBody;
use crate::infra::error::{ApiError, FieldErrors};
use crate::infra::forms::{Field, WholeNumber};

fn field_key(field: &SettingsField) -> String {
    match field {
        SettingsField::Rules => "rules".into(),
        SettingsField::RuleId(i) => format!("rules[{i}].id"),
        SettingsField::Points(i) => format!("rules[{i}].points"),
        SettingsField::Param(i, key) => format!("rules[{i}].params.{key}"),
        SettingsField::ConfirmWindowHours => "confirmWindowHours".into(),
        SettingsField::RejectUnconfirmedAfterHours => "rejectUnconfirmedAfterHours".into(),
        SettingsField::Limit(key) => format!("limits.{key}"),
    }
}

impl CodSettingsBody {
    /// The settings as sent, every field whose type is wrong named in one answer; the domain judges the rest.
    ///
    /// # Errors
    /// A 400 naming `rules[i].enabled`, `rules[i].params[j].key` or `limits[j].key`.
    pub fn input(&self) -> Result<SettingsInput, ApiError> {
        let mut errors = FieldErrors::new();
        let number = |field: &WholeNumber| field.cloned_given();
        let rules = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, rule)| {
                let enabled = match rule.enabled {
                    Field::Given(enabled) => enabled,
                    Field::Absent | Field::Empty | Field::Invalid => {
                        errors.add(format!("rules[{i}].enabled"), "enabled must be true or false.");
                        false
                    }
                };
                let params = rule
                    .params
                    .iter()
                    .enumerate()
                    .filter_map(|(j, param)| match param.key.text() {
                        Some(key) => Some((key.to_owned(), number(&param.value))),
                        None => {
                            errors.add(format!("rules[{i}].params[{j}].key"), "key must be text.");
                            None
                        }
                    })
                    .collect();
                RuleInput {
                    id: rule.id.text().unwrap_or_default().to_owned(),
                    enabled,
                    points: number(&rule.points),
                    params,
                }
            })
            .collect();
        let limits = self
            .limits
            .iter()
            .enumerate()
            .filter_map(|(j, limit)| match limit.key.text() {
                Some(key) => Some((key.to_owned(), number(&limit.value))),
                None => {
                    errors.add(format!("limits[{j}].key"), "key must be text.");
                    None
                }
            })
            .collect();
        errors.finish(|| SettingsInput {
            rules,
            confirm_window_hours: number(&self.confirm_window_hours),
            reject_unconfirmed_after_hours: number(&self.reject_unconfirmed_after_hours),
            limits,
        })
    }
}

impl From<CodSettingsError> for ApiError {
    fn from(err: CodSettingsError) -> Self {
        match err {
            CodSettingsError::Invalid(faults) => faults
                .into_iter()
                .map(|fault| (field_key(&fault.field), fault.message))
                .collect::<FieldErrors>()
                .into_error(),
            CodSettingsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}
