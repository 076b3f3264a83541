//! The wire types of the COD checks: an order's contact history, the COD settings (the rules of the risk
//! score, the confirmation hours and the limits on orders), the confirmation link and rejecting unconfirmed
//! orders.

use application::orders::cod_ports::ContactHistory;
use domain::order_limits::LimitId;
use domain::risk::CodSettings;
use domain::whatsapp::Templates;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dto::risk::RiskRuleId;
use crate::dto::{timestamp, whole_rupees, wire_int, OrderStatus};
use crate::infra::forms::{Flag, Text, WholeNumber};

/// Another order of the same phone or e-mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedOrderResponse {
    #[serde(rename = "_id")]
    pub id: String,
    pub status: OrderStatus,
    /// Whole rupees.
    pub total: i32,
    pub name: String,
    /// ISO 8601 in UTC.
    pub created_at: String,
    /// Whether the same account as this order's placed it. A return or rejection counts towards this order's
    /// risk score only when it is the same account's or was confirmed.
    pub same_account: bool,
    /// Whether its shopper confirmed it (by the e-mailed link).
    pub confirmed: bool,
}

/// What the other orders of one phone or e-mail did.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContactHistoryResponse {
    /// How many other orders there are.
    pub placed: i32,
    /// How many of them are delivered now.
    pub delivered: i32,
    /// How many of them are returned now.
    pub returned: i32,
    /// How many of them are rejected now.
    pub rejected: i32,
    /// The 20 newest of them.
    pub orders: Vec<RelatedOrderResponse>,
}

impl From<ContactHistory> for ContactHistoryResponse {
    fn from(history: ContactHistory) -> Self {
        Self {
            placed: wire_int(history.placed),
            delivered: wire_int(history.delivered),
            returned: wire_int(history.returned),
            rejected: wire_int(history.rejected),
            orders: history
                .orders
                .into_iter()
                .map(|o| RelatedOrderResponse {
                    id: o.id.to_string(),
                    status: o.status.into(),
                    total: whole_rupees(o.total),
                    name: o.name,
                    created_at: timestamp(o.created_at),
                    same_account: o.same_account,
                    confirmed: o.confirmed,
                })
                .collect(),
        }
    }
}

/// What an order's primary phone and e-mail did in other orders (this one left out).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedResponse {
    /// Always true.
    pub success: bool,
    /// The order's primary phone, normal form.
    pub phone: String,
    pub email: String,
    /// Other orders holding this phone in either phone field.
    pub by_phone: ContactHistoryResponse,
    /// Other orders with this e-mail, in any case.
    pub by_email: ContactHistoryResponse,
}

/// A tunable figure of a rule.
#[derive(Debug, Serialize, ToSchema)]
pub struct RiskParamResponse {
    /// e.g. `atLeast`.
    pub key: String,
    /// e.g. 'Returned orders'.
    pub label: String,
    pub value: i32,
    pub min: i32,
    pub max: i32,
}

/// One rule of the score as set.
#[derive(Debug, Serialize, ToSchema)]
pub struct RiskRuleResponse {
    /// e.g. `earlier_returns`.
    pub id: RiskRuleId,
    pub label: String,
    pub description: String,
    pub enabled: bool,
    /// 0 to 100.
    pub points: i32,
    pub params: Vec<RiskParamResponse>,
}

/// One of the limits on what one account may order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OrderLimitKey {
    UnitsPerProduct,
    PendingPerAccount,
    PendingPerPhone,
    OrdersPerDay,
}

impl From<LimitId> for OrderLimitKey {
    fn from(limit: LimitId) -> Self {
        match limit {
            LimitId::UnitsPerProduct => Self::UnitsPerProduct,
            LimitId::PendingPerAccount => Self::PendingPerAccount,
            LimitId::PendingPerPhone => Self::PendingPerPhone,
            LimitId::OrdersPerDay => Self::OrdersPerDay,
        }
    }
}

/// A limit on what one account may order (docs/security.md 'Orders').
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderLimitResponse {
    /// `unitsPerProduct`, `pendingPerAccount`, `pendingPerPhone` or `ordersPerDay`.
    pub key: OrderLimitKey,
    /// e.g. 'Units of one product per order'.
    pub label: String,
    /// What it stops, in a sentence.
    pub description: String,
    pub value: i32,
    pub min: i32,
    pub max: i32,
}

/// The COD settings: the rules of the risk score, the confirmation hours and the limits on orders.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodSettingsResponse {
    /// Always true.
    pub success: bool,
    /// Every rule, in a fixed order.
    pub rules: Vec<RiskRuleResponse>,
    /// How long after placing an order its confirmation link works (its approval window), 1 to 720.
    pub confirm_window_hours: i32,
    /// Pending orders unconfirmed for longer than this may be rejected in one action, 1 to 720.
    pub reject_unconfirmed_after_hours: i32,
    /// The limits on what one account may order, in a fixed order.
    pub limits: Vec<OrderLimitResponse>,
    /// Whether the server has the WhatsApp settings (WHATSAPP_*); read-only.
    pub whatsapp_enabled: bool,
    /// The approved template of the confirmation message (default order_confirmation).
    pub whatsapp_confirmation_template: String,
    /// The approved template of the status messages (default order_update).
    pub whatsapp_update_template: String,
    /// The templates' language code for orders placed in English (default en).
    pub whatsapp_template_language: String,
    /// The templates' language code for orders placed in Urdu (default ur): the same templates, approved by
    /// Meta in this language too.
    pub whatsapp_template_language_ur: String,
}

impl CodSettingsResponse {
    /// The answer of `settings`, `templates` and whether WhatsApp is on.
    #[must_use]
    pub fn new(settings: &CodSettings, templates: &Templates, whatsapp_enabled: bool) -> Self {
        Self {
            success: true,
            rules: settings
                .rules()
                .iter()
                .map(|rule| RiskRuleResponse {
                    id: rule.rule().into(),
                    label: rule.rule().label().to_owned(),
                    description: rule.rule().description().to_owned(),
                    enabled: rule.enabled(),
                    points: i32::from(rule.points()),
                    params: rule
                        .params()
                        .map(|(spec, value)| RiskParamResponse {
                            key: spec.key.to_owned(),
                            label: spec.label.to_owned(),
                            value: wire_int(value),
                            min: wire_int(spec.min),
                            max: wire_int(spec.max),
                        })
                        .collect(),
                })
                .collect(),
            confirm_window_hours: wire_int(settings.confirm_window_hours()),
            reject_unconfirmed_after_hours: wire_int(settings.reject_unconfirmed_after_hours()),
            limits: settings
                .limits()
                .iter()
                .map(|(limit, value)| OrderLimitResponse {
                    key: limit.into(),
                    label: limit.label().to_owned(),
                    description: limit.description().to_owned(),
                    value: wire_int(value),
                    min: wire_int(limit.min()),
                    max: wire_int(limit.max()),
                })
                .collect(),
            whatsapp_enabled,
            whatsapp_confirmation_template: templates.confirmation().to_owned(),
            whatsapp_update_template: templates.update().to_owned(),
            whatsapp_template_language: templates.language().to_owned(),
            whatsapp_template_language_ur: templates.urdu_language().to_owned(),
        }
    }
}

/// A figure of a rule as sent; `label`, `min` and `max` may be sent back and are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RiskParamBody {
    #[serde(default)]
    #[schema(inline)]
    pub key: Text,
    /// A whole number within the figure's bounds.
    #[serde(default)]
    #[schema(inline)]
    pub value: WholeNumber,
}

/// A rule as sent; `label` and `description` may be sent back and are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RiskRuleBody {
    #[serde(default)]
    #[schema(inline)]
    pub id: Text,
    #[serde(default)]
    #[schema(inline)]
    pub enabled: Flag,
    /// 0 to 100.
    #[serde(default)]
    #[schema(inline)]
    pub points: WholeNumber,
    /// The figures to change; those not sent keep their defaults.
    #[serde(default)]
    pub params: Vec<RiskParamBody>,
}

/// A limit on orders as sent; `label`, `description`, `min` and `max` may be sent back and are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderLimitBody {
    /// `unitsPerProduct`, `pendingPerAccount`, `pendingPerPhone` or `ordersPerDay`.
    #[serde(default)]
    #[schema(inline)]
    pub key: Text,
    /// A whole number within the limit's bounds.
    #[serde(default)]
    #[schema(inline)]
    pub value: WholeNumber,
}

/// The COD settings to save: every rule once, both hours, and the limits on orders to change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodSettingsBody {
    #[serde(default)]
    pub rules: Vec<RiskRuleBody>,
    /// 1 to 720.
    #[serde(default)]
    #[schema(inline)]
    pub confirm_window_hours: WholeNumber,
    /// 1 to 720.
    #[serde(default)]
    #[schema(inline)]
    pub reject_unconfirmed_after_hours: WholeNumber,
    /// The limits to change, each once; a limit not sent keeps the value in force.
    #[serde(default)]
    pub limits: Vec<OrderLimitBody>,
    /// The approved template of the confirmation message, 1 to 512 of a-z, 0-9 and _; absent, null or blank
    /// keeps the one in force.
    #[serde(default)]
    #[schema(inline)]
    pub whatsapp_confirmation_template: Text,
    /// The approved template of the status messages, as `whatsappConfirmationTemplate`.
    #[serde(default)]
    #[schema(inline)]
    pub whatsapp_update_template: Text,
    /// The templates' language code for English orders, e.g. en, en_US; absent, null or blank keeps the one
    /// in force.
    #[serde(default)]
    #[schema(inline)]
    pub whatsapp_template_language: Text,
    /// The templates' language code for Urdu orders, e.g. ur; absent, null or blank keeps the one in force.
    #[serde(default)]
    #[schema(inline)]
    pub whatsapp_template_language_ur: Text,
}

/// The token of a confirmation link.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmBody {
    /// The `token` of the e-mailed link.
    #[serde(default)]
    #[schema(inline)]
    pub token: Text,
}

/// A confirmed order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedResponse {
    /// Always true.
    pub success: bool,
    /// 'Thank you! Your order #42 is confirmed.'
    pub message: String,
    pub order_id: String,
}

/// Nothing: the action takes its figure from the settings.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RejectUnconfirmedBody {}

/// The orders rejected for not being confirmed.
#[derive(Debug, Serialize, ToSchema)]
pub struct RejectedUnconfirmedResponse {
    /// Always true.
    pub success: bool,
    /// 'Rejected 2 unconfirmed orders.', 'Rejected 1 unconfirmed order.' or 'No unconfirmed orders are older
    /// than 24 hours.'
    pub message: String,
    /// Their ids, oldest first.
    pub rejected: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_is_written_under_its_key() {
        for limit in LimitId::ALL {
            assert_eq!(serde_json::to_value(OrderLimitKey::from(limit)).unwrap(), limit.key());
        }
    }
}
