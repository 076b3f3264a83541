//! The COD checks (docs/cod.md): an order's contact history, the risk rules' settings, the shopper's
//! confirmation link, rejecting unconfirmed orders in one action, and the blocklist.

use std::collections::BTreeMap;

use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use application::blocklist::model::{BlockEntry, BlockedAttempt};
use application::blocklist::service::{BlockError, Blocklist, UnblockError, BLOCKED, UNBLOCKED};
use application::orders::cod_ports::ContactHistory;
use application::orders::confirm::{confirmed_message, ConfirmError, RejectUnconfirmedError};
use application::orders::related::RelatedError;
use application::orders::risk::CodSettingsError;
use application::orders::service::Orders;
use domain::ids::{BlockEntryId, OrderId};
use domain::risk::{CodSettings, RuleInput, SettingsField, SettingsInput};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::AdminSession;
use crate::dto::{timestamp, whole_rupees, OrderIdPath};
use crate::error::{ApiError, ErrorBody};
use crate::forms::{Field, Flag, Text, WholeNumber};
use crate::json::Json;
use crate::session::check_origin;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(related_orders)
        .service(confirm_order)
        .service(reject_unconfirmed)
        .service(get_cod_settings)
        .service(put_cod_settings)
        .service(list_blocklist)
        .service(add_to_blocklist)
        .service(remove_from_blocklist);
}

/// Another order of the same phone or e-mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedOrderResponse {
    #[serde(rename = "_id")]
    pub id: String,
    pub status: String,
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

fn count(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl From<ContactHistory> for ContactHistoryResponse {
    fn from(history: ContactHistory) -> Self {
        Self {
            placed: count(history.placed),
            delivered: count(history.delivered),
            returned: count(history.returned),
            rejected: count(history.rejected),
            orders: history
                .orders
                .into_iter()
                .map(|o| RelatedOrderResponse {
                    id: o.id.to_string(),
                    status: o.status.as_str().to_owned(),
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
    pub id: String,
    pub label: String,
    pub description: String,
    pub enabled: bool,
    /// 0 to 100.
    pub points: i32,
    pub params: Vec<RiskParamResponse>,
}

/// A limit on what one account may order (docs/security.md 'Orders').
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderLimitResponse {
    /// `unitsPerProduct`, `pendingPerAccount`, `pendingPerPhone` or `ordersPerDay`.
    pub key: String,
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
}

fn whole(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl From<&CodSettings> for CodSettingsResponse {
    fn from(settings: &CodSettings) -> Self {
        Self {
            success: true,
            rules: settings
                .rules()
                .iter()
                .map(|rule| RiskRuleResponse {
                    id: rule.rule().as_str().to_owned(),
                    label: rule.rule().label().to_owned(),
                    description: rule.rule().description().to_owned(),
                    enabled: rule.enabled(),
                    points: i32::from(rule.points()),
                    params: rule
                        .params()
                        .map(|(spec, value)| RiskParamResponse {
                            key: spec.key.to_owned(),
                            label: spec.label.to_owned(),
                            value: whole(value),
                            min: whole(spec.min),
                            max: whole(spec.max),
                        })
                        .collect(),
                })
                .collect(),
            confirm_window_hours: whole(settings.confirm_window_hours()),
            reject_unconfirmed_after_hours: whole(settings.reject_unconfirmed_after_hours()),
            limits: settings
                .limits()
                .iter()
                .map(|(limit, value)| OrderLimitResponse {
                    key: limit.key().to_owned(),
                    label: limit.label().to_owned(),
                    description: limit.description().to_owned(),
                    value: whole(value),
                    min: whole(limit.min()),
                    max: whole(limit.max()),
                })
                .collect(),
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
}

/// Field errors keyed as the settings are sent: `rules[0].points`, `rules[0].params.atLeast`, `rules`,
/// `confirmWindowHours`, `rejectUnconfirmedAfterHours`, `limits.unitsPerProduct`.
fn settings_errors(faults: impl IntoIterator<Item = (String, String)>) -> ApiError {
    let mut errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut first = None;
    for (field, message) in faults {
        first.get_or_insert_with(|| message.clone());
        errors.entry(field).or_default().push(message);
    }
    ApiError::BadRequest { message: first.unwrap_or_default(), errors: Some(errors) }
}

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
    fn input(&self) -> Result<SettingsInput, ApiError> {
        let mut faults = Vec::new();
        let number = |field: &WholeNumber| field.cloned_given();
        let rules = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, rule)| {
                let enabled = match rule.enabled {
                    Field::Given(enabled) => enabled,
                    Field::Absent | Field::Empty | Field::Invalid => {
                        faults.push((format!("rules[{i}].enabled"), "enabled must be true or false.".to_owned()));
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
                            faults.push((format!("rules[{i}].params[{j}].key"), "key must be text.".to_owned()));
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
                    faults.push((format!("limits[{j}].key"), "key must be text.".to_owned()));
                    None
                }
            })
            .collect();
        if !faults.is_empty() {
            return Err(settings_errors(faults));
        }
        Ok(SettingsInput {
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
            CodSettingsError::Invalid(faults) => {
                settings_errors(faults.into_iter().map(|f| (field_key(&f.field), f.message)))
            }
            CodSettingsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
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

impl From<ConfirmError> for ApiError {
    fn from(err: ConfirmError) -> Self {
        match err {
            ConfirmError::Invalid => Self::NotFound(err.to_string()),
            ConfirmError::AlreadyConfirmed | ConfirmError::Expired => Self::Gone(err.to_string()),
            ConfirmError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<RelatedError> for ApiError {
    fn from(err: RelatedError) -> Self {
        match err {
            RelatedError::NotFound => Self::NotFound(err.to_string()),
            RelatedError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<RejectUnconfirmedError> for ApiError {
    fn from(err: RejectUnconfirmedError) -> Self {
        Self::Internal(Box::new(err))
    }
}

/// A blocklist entry.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockEntryResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// `phone` or `email`.
    #[schema(pattern = "^(phone|email)$")]
    pub kind: String,
    /// A phone in its normal form (`+923001234567`) or a lower-case e-mail.
    pub value: String,
    pub reason: String,
    /// ISO 8601 in UTC.
    pub created_at: String,
    /// How many checkouts it refused (every refusal, the sum of its rows' counts).
    pub attempts: i32,
}

impl From<BlockEntry> for BlockEntryResponse {
    fn from(entry: BlockEntry) -> Self {
        Self {
            id: entry.id.to_string(),
            kind: entry.kind.as_str().to_owned(),
            value: entry.value,
            reason: entry.reason,
            created_at: timestamp(entry.created_at),
            attempts: count(entry.attempts),
        }
    }
}

/// The checkouts the blocklist refused one account in one clock hour by one entry: how many, and the details
/// of the latest.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedAttemptResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// When the latest was refused, ISO 8601 in UTC.
    pub at: String,
    /// How many checkouts were refused (1 or more).
    pub count: i32,
    /// The entry that matched; null once it was deleted.
    pub entry_id: Option<String>,
    /// What matched: `phone` or `email`, and its value.
    #[schema(pattern = "^(phone|email)$")]
    pub kind: String,
    pub value: String,
    pub name: String,
    /// The primary phone, normal form.
    pub phone: String,
    pub email: String,
    pub city: Option<String>,
    /// The total the cart showed, whole rupees.
    pub total: i32,
}

impl From<BlockedAttempt> for BlockedAttemptResponse {
    fn from(a: BlockedAttempt) -> Self {
        Self {
            id: a.id.to_string(),
            at: timestamp(a.at),
            count: count(a.count),
            entry_id: a.entry.map(|e| e.to_string()),
            kind: a.kind.as_str().to_owned(),
            value: a.value,
            name: a.name,
            phone: a.phone,
            email: a.email,
            city: a.city,
            total: whole_rupees(a.total),
        }
    }
}

/// The blocklist and the refused checkouts.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlocklistResponse {
    /// Always true.
    pub success: bool,
    /// Newest first.
    pub entries: Vec<BlockEntryResponse>,
    /// The 100 newest rows of refused checkouts (one per entry, account and clock hour), newest first.
    pub attempts: Vec<BlockedAttemptResponse>,
}

/// A phone or e-mail to block.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BlockBody {
    /// A Pakistani phone number in any writing (mobile or landline), or an e-mail address (with `@`).
    #[serde(default)]
    #[schema(inline)]
    pub value: Text,
    /// Why, 1 to 500 characters.
    #[serde(default)]
    #[schema(inline)]
    pub reason: Text,
}

/// A new entry.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlockedResponse {
    /// Always true.
    pub success: bool,
    /// 'Blocked.'
    pub message: String,
    pub entry: BlockEntryResponse,
}

/// An answer with nothing but a message.
#[derive(Debug, Serialize, ToSchema)]
pub struct SuccessMessageResponse {
    /// Always true.
    pub success: bool,
    pub message: String,
}

/// A blocklist entry's id in the path.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct BlockEntryIdPath {
    /// The entry's id.
    #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
    id: String,
}

fn block_refusal(errors: Vec<BlockError>) -> ApiError {
    let mut fields: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for err in errors {
        let message = err.to_string();
        match err {
            BlockError::Target(_) => fields.entry("value".into()).or_default().push(message),
            BlockError::Reason(_) => fields.entry("reason".into()).or_default().push(message),
            BlockError::AlreadyBlocked(_) => return ApiError::Conflict(message),
            BlockError::Unexpected(source) => return ApiError::Internal(Box::new(source)),
        }
    }
    let message = fields.get("value").or_else(|| fields.get("reason")).and_then(|m| m.first()).cloned();
    ApiError::BadRequest { message: message.unwrap_or_default(), errors: Some(fields) }
}

impl From<UnblockError> for ApiError {
    fn from(err: UnblockError) -> Self {
        match err {
            UnblockError::NotFound => Self::NotFound(err.to_string()),
            UnblockError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// What the other orders of this order's primary phone and e-mail did.
#[utoipa::path(
    tag = "admin",
    operation_id = "relatedOrders",
    params(OrderIdPath),
    responses(
        (status = 200, description = "Counts over every other order of the phone and of the e-mail (of any account, confirmed or not), and the 20 newest of each, labelled", body = RelatedResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No order has this id: 'Order not found.'", body = ErrorBody),
    )
)]
#[get("/api/orders/{id}/related")]
pub async fn related_orders(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let history = orders.related(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(RelatedResponse {
        success: true,
        phone: history.phone,
        email: history.email,
        by_phone: history.by_phone.into(),
        by_email: history.by_email.into(),
    }))
}

/// Confirms an order by the token of its e-mailed link; no session needed. Two clicks at once confirm once.
#[utoipa::path(
    tag = "orders",
    operation_id = "confirmOrder",
    params(OrderIdPath),
    request_body = ConfirmBody,
    responses(
        (status = 200, description = "Confirmed", body = ConfirmedResponse),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "An unknown order, a malformed token or another order's token: 'This confirmation link is not valid.'", body = ErrorBody),
        (status = 410, description = "Used before ('This order is already confirmed.'), or the order is no longer pending or past its approval window ('This confirmation link has expired.')", body = ErrorBody),
    )
)]
#[post("/api/orders/{id}/confirm")]
pub async fn confirm_order(
    req: HttpRequest,
    orders: web::Data<Orders>,
    id: web::Path<String>,
    body: Json<ConfirmBody>,
) -> Result<HttpResponse, ApiError> {
    crate::edges::personal(&req);
    check_origin(&req)?;
    let id: OrderId = id.parse().map_err(|_| ApiError::from(ConfirmError::Invalid))?;
    let token = body.token.text().unwrap_or_default();
    let confirmed = orders.confirm(id, token).await?;
    Ok(HttpResponse::Ok().json(ConfirmedResponse {
        success: true,
        message: confirmed_message(confirmed),
        order_id: confirmed.to_string(),
    }))
}

/// Rejects every pending, unconfirmed order placed more than the setting's hours ago, each with the usual
/// restock, coupon release, history entry and e-mail.
#[utoipa::path(
    tag = "admin",
    operation_id = "rejectUnconfirmedOrders",
    request_body = RejectUnconfirmedBody,
    responses(
        (status = 200, description = "The orders rejected (none is an answer too)", body = RejectedUnconfirmedResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
    )
)]
#[post("/api/orders/reject-unconfirmed")]
pub async fn reject_unconfirmed(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    _body: Json<RejectUnconfirmedBody>,
) -> Result<HttpResponse, ApiError> {
    let done = orders.reject_unconfirmed().await?;
    Ok(HttpResponse::Ok().json(RejectedUnconfirmedResponse {
        success: true,
        message: done.message(),
        rejected: done.rejected.iter().map(ToString::to_string).collect(),
    }))
}

/// The rules of the risk score, as set, the confirmation hours and the limits on orders.
#[utoipa::path(
    tag = "admin",
    operation_id = "getCodSettings",
    responses(
        (status = 200, description = "The settings in force", body = CodSettingsResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/cod/settings")]
pub async fn get_cod_settings(_admin: AdminSession, orders: web::Data<Orders>) -> Result<HttpResponse, ApiError> {
    let settings = orders.cod_settings().await?;
    Ok(HttpResponse::Ok().json(CodSettingsResponse::from(&settings)))
}

/// Saves the rules, hours and limits on orders, and scores every pending order again with them.
#[utoipa::path(
    tag = "admin",
    operation_id = "putCodSettings",
    request_body = CodSettingsBody,
    responses(
        (status = 200, description = "The settings now in force", body = CodSettingsResponse),
        (status = 400, description = "A rule missing, unknown or listed twice, points outside 0-100, a figure outside its bounds, hours outside 1-720, a limit unknown, listed twice or outside its bounds; `errors` keyed `rules[i].points`, `rules[i].params.atLeast`, `rules`, `confirmWindowHours`, `limits.unitsPerProduct`, ...; nothing saved", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
    )
)]
#[put("/api/cod/settings")]
pub async fn put_cod_settings(
    _admin: AdminSession,
    orders: web::Data<Orders>,
    body: Json<CodSettingsBody>,
) -> Result<HttpResponse, ApiError> {
    let settings = orders.save_cod_settings(body.input()?).await?;
    Ok(HttpResponse::Ok().json(CodSettingsResponse::from(&settings)))
}

/// The blocklist, newest first, and the 100 newest checkouts it refused.
#[utoipa::path(
    tag = "admin",
    operation_id = "listBlocklist",
    responses(
        (status = 200, description = "Entries and refused checkouts", body = BlocklistResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/blocklist")]
pub async fn list_blocklist(_admin: AdminSession, blocklist: web::Data<Blocklist>) -> Result<HttpResponse, ApiError> {
    let (entries, attempts) = blocklist.list().await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    Ok(HttpResponse::Ok().json(BlocklistResponse {
        success: true,
        entries: entries.into_iter().map(Into::into).collect(),
        attempts: attempts.into_iter().map(Into::into).collect(),
    }))
}

/// Blocks a phone or an e-mail from cash on delivery.
#[utoipa::path(
    tag = "admin",
    operation_id = "addToBlocklist",
    request_body = BlockBody,
    responses(
        (status = 201, description = "Blocked", body = BlockedResponse),
        (status = 400, description = "Neither a Pakistani phone number nor an e-mail ('Enter a Pakistani phone number or an e-mail address.', `errors.value`), no reason ('Give a reason for blocking.', `errors.reason`) or one over 500 characters", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 409, description = "'This phone number is already blocked.' or 'This e-mail address is already blocked.'", body = ErrorBody),
    )
)]
#[post("/api/blocklist")]
pub async fn add_to_blocklist(
    _admin: AdminSession,
    blocklist: web::Data<Blocklist>,
    body: Json<BlockBody>,
) -> Result<HttpResponse, ApiError> {
    let text = |field: &Text, name: &str| match field {
        Field::Invalid => Err(ApiError::invalid_field(name, format!("{name} must be text."))),
        other => Ok(other.text().unwrap_or_default().to_owned()),
    };
    let (value, reason) = (text(&body.value, "value")?, text(&body.reason, "reason")?);
    let entry = blocklist.block(&value, &reason).await.map_err(block_refusal)?;
    Ok(HttpResponse::Created().json(BlockedResponse { success: true, message: BLOCKED.into(), entry: entry.into() }))
}

/// Unblocks; the checkouts the entry refused stay listed, without it.
#[utoipa::path(
    tag = "admin",
    operation_id = "removeFromBlocklist",
    params(BlockEntryIdPath),
    responses(
        (status = 200, description = "Unblocked", body = SuccessMessageResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "'Blocklist entry not found.'", body = ErrorBody),
    )
)]
#[delete("/api/blocklist/{id}")]
pub async fn remove_from_blocklist(
    _admin: AdminSession,
    blocklist: web::Data<Blocklist>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: BlockEntryId = id.parse()?;
    blocklist.unblock(id).await?;
    Ok(HttpResponse::Ok().json(SuccessMessageResponse { success: true, message: UNBLOCKED.into() }))
}
