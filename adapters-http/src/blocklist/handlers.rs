//! The handlers of the blocklist: listing it with the checkouts it refused, blocking and unblocking.

use actix_web::{delete, get, post, web, HttpResponse};
use application::blocklist::service::{BlockError, Blocklist, UnblockError, BLOCKED, UNBLOCKED};
use domain::ids::BlockEntryId;

use super::dto::{BlockBody, BlockEntryIdPath, BlockedResponse, BlocklistResponse, SuccessMessageResponse};
use crate::admin::AdminSession;
use crate::infra::error::{ApiError, ErrorBody, FieldErrors};
use crate::infra::forms::{Field, Text};
use crate::infra::json::Json;

/// The answer to a refused entry: a 400 naming `value` and `reason` (headed by the value's problem, which
/// the use case reports first), or the entry's conflict.
fn block_refusal(errors: Vec<BlockError>) -> ApiError {
    let mut fields = FieldErrors::new();
    for err in errors {
        let message = err.to_string();
        match err {
            BlockError::Target(_) => fields.add("value", message),
            BlockError::Reason(_) => fields.add("reason", message),
            BlockError::AlreadyBlocked(_) => return ApiError::Conflict(message),
            BlockError::Unexpected(source) => return ApiError::Internal(Box::new(source)),
        }
    }
    fields.into_error()
}

impl From<UnblockError> for ApiError {
    fn from(err: UnblockError) -> Self {
        match err {
            UnblockError::NotFound => Self::NotFound(err.to_string()),
            UnblockError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
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
