//! Reading the COD settings as sent into the domain's checked change (through its `SettingsDraft`), and
//! naming the fields of the domain's refusals as the settings are sent: `rules[0].points`,
//! `rules[0].params.atLeast`, `rules`, `confirmWindowHours`, `rejectUnconfirmedAfterHours`,
//! `limits.unitsPerProduct`.

use application::orders::risk::CodSettingsError;
use domain::risk::{CodSettingsChange, SettingsDraft, SettingsField};
use domain::whatsapp::{language_code, template_name, TemplateError, TemplatesChange};

use super::dto::CodSettingsBody;
use crate::infra::error::{ApiError, FieldErrors};
use crate::infra::forms::{Field, Text, WholeNumber};

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

/// A template part as sent: absent, null or blank keeps the one in force; text is checked by `check`.
fn template_part(
    errors: &mut FieldErrors,
    key: &str,
    sent: &Text,
    check: fn(&str) -> Result<String, TemplateError>,
) -> Option<String> {
    match sent {
        Field::Absent | Field::Empty => None,
        Field::Given(text) => check(text).map_err(|refused| errors.add(key, refused.to_string())).ok(),
        Field::Invalid => {
            errors.add(key, format!("{key} must be text."));
            None
        }
    }
}

impl CodSettingsBody {
    /// The WhatsApp templates' change as sent.
    ///
    /// # Errors
    /// A 400 naming `whatsappConfirmationTemplate`, `whatsappUpdateTemplate`, `whatsappTemplateLanguage` or
    /// `whatsappTemplateLanguageUr`.
    pub fn templates_change(&self) -> Result<TemplatesChange, ApiError> {
        let mut errors = FieldErrors::new();
        let change = TemplatesChange {
            confirmation: template_part(
                &mut errors,
                "whatsappConfirmationTemplate",
                &self.whatsapp_confirmation_template,
                template_name,
            ),
            update: template_part(&mut errors, "whatsappUpdateTemplate", &self.whatsapp_update_template, template_name),
            language: template_part(
                &mut errors,
                "whatsappTemplateLanguage",
                &self.whatsapp_template_language,
                language_code,
            ),
            urdu_language: template_part(
                &mut errors,
                "whatsappTemplateLanguageUr",
                &self.whatsapp_template_language_ur,
                language_code,
            ),
        };
        errors.finish(|| change)
    }

    /// The settings as sent, checked by the domain: first every field whose type is wrong, named in one
    /// answer; then every fault the domain finds, named as sent (see [`field_key`]).
    ///
    /// # Errors
    /// A 400 naming `rules[i].enabled`, `rules[i].params[j].key` or `limits[j].key`; else a 400 naming each
    /// field the domain refused.
    pub fn change(&self) -> Result<CodSettingsChange, ApiError> {
        let mut errors = FieldErrors::new();
        let number = |field: &WholeNumber| field.cloned_given();
        let mut draft =
            SettingsDraft::new(number(&self.confirm_window_hours), number(&self.reject_unconfirmed_after_hours));
        for (i, rule) in self.rules.iter().enumerate() {
            let enabled = match rule.enabled {
                Field::Given(enabled) => enabled,
                Field::Absent | Field::Empty | Field::Invalid => {
                    errors.add(format!("rules[{i}].enabled"), "enabled must be true or false.");
                    false
                }
            };
            let mut figures = Vec::new();
            for (j, param) in rule.params.iter().enumerate() {
                match param.key.text() {
                    Some(key) => figures.push((key, number(&param.value))),
                    None => errors.add(format!("rules[{i}].params[{j}].key"), "key must be text."),
                }
            }
            draft.rule(rule.id.text().unwrap_or_default(), enabled, number(&rule.points), figures);
        }
        for (j, limit) in self.limits.iter().enumerate() {
            match limit.key.text() {
                Some(key) => draft.limit(key, number(&limit.value)),
                None => errors.add(format!("limits[{j}].key"), "key must be text."),
            }
        }
        errors.finish(|| ())?;
        draft.finish().map_err(|faults| {
            faults
                .into_iter()
                .map(|fault| (field_key(&fault.field), fault.message))
                .collect::<FieldErrors>()
                .into_error()
        })
    }
}

impl From<CodSettingsError> for ApiError {
    fn from(err: CodSettingsError) -> Self {
        match err {
            CodSettingsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}
