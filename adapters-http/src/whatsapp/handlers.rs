//! The webhook's two handlers. They stay thin: the signature and token checks are the adapter's
//! (`WebhookAuth`), the rules the use cases' (`Orders::whatsapp_reply`, `WhatsAppDelivery::status`).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use application::orders::service::Orders;
use serde::Deserialize;
use utoipa::IntoParams;

use super::envelope;
use super::webhook::WhatsAppWebhook;
use crate::infra::error::{ApiError, ErrorBody};

/// The query of Meta's subscription handshake.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HandshakeQuery {
    /// `subscribe`.
    #[serde(rename = "hub.mode")]
    #[param(rename = "hub.mode")]
    pub mode: Option<String>,
    /// The verify token the owner typed in Meta's dashboard: WHATSAPP_VERIFY_TOKEN.
    #[serde(rename = "hub.verify_token")]
    #[param(rename = "hub.verify_token")]
    pub verify_token: Option<String>,
    /// Echoed back as the answer's body.
    #[serde(rename = "hub.challenge")]
    #[param(rename = "hub.challenge")]
    pub challenge: Option<String>,
}

const OFF: &str = "WhatsApp is not set up.";

/// Meta's subscription handshake: answers the challenge, as plain text, to the right verify token.
#[utoipa::path(
    tag = "whatsapp",
    operation_id = "whatsappWebhookVerify",
    params(HandshakeQuery),
    responses(
        (status = 200, description = "The challenge, echoed", body = String, content_type = "text/plain"),
        (status = 400, description = "hub.mode is not 'subscribe', or the challenge is missing", body = ErrorBody),
        (status = 403, description = "A wrong verify token", body = ErrorBody),
        (status = 404, description = "WhatsApp is off", body = ErrorBody),
    )
)]
#[get("/api/whatsapp/webhook")]
pub async fn whatsapp_webhook_verify(
    webhook: web::Data<WhatsAppWebhook>,
    query: web::Query<HandshakeQuery>,
) -> Result<HttpResponse, ApiError> {
    let Some((auth, _)) = &webhook.on else { return Err(ApiError::NotFound(OFF.into())) };
    let query = query.into_inner();
    let (Some("subscribe"), Some(challenge)) = (query.mode.as_deref(), query.challenge) else {
        return Err(ApiError::bad_request("Expected hub.mode=subscribe with a hub.challenge."));
    };
    if !auth.verify_token(query.verify_token.as_deref().unwrap_or_default()) {
        return Err(ApiError::Forbidden("The verify token is wrong.".into()));
    }
    Ok(HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(challenge))
}

/// A delivery from Meta: the shopper's messages and the sent messages' statuses. Only a body signed with
/// the app secret is read; a redelivered message is acted on once.
#[utoipa::path(
    tag = "whatsapp",
    operation_id = "whatsappWebhookReceive",
    request_body(content = Object, description = "Meta's webhook envelope (object whatsapp_business_account)"),
    params(("X-Hub-Signature-256" = String, Header, description = "sha256= and the hex HMAC-SHA256 of the raw body with the app secret")),
    responses(
        (status = 200, description = "Received"),
        (status = 401, description = "A missing or wrong signature: nothing was read (a missing one also while WhatsApp is off)", body = ErrorBody),
        (status = 404, description = "WhatsApp is off (for a signed delivery)", body = ErrorBody),
    )
)]
#[post("/api/whatsapp/webhook")]
pub async fn whatsapp_webhook_receive(
    req: HttpRequest,
    webhook: web::Data<WhatsAppWebhook>,
    orders: web::Data<Orders>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let unsigned = || ApiError::Unauthorized("The signature is missing or wrong.".into());
    // An unsigned delivery is refused as such whether WhatsApp is set up or not.
    let signature = req.headers().get("X-Hub-Signature-256").and_then(|v| v.to_str().ok()).ok_or_else(unsigned)?;
    let Some((auth, delivery)) = &webhook.on else { return Err(ApiError::NotFound(OFF.into())) };
    if !auth.signed(&body, Some(signature)) {
        return Err(unsigned());
    }
    let Some(received) = envelope::read(&body) else { return Ok(HttpResponse::Ok().finish()) };
    for status in received.statuses {
        delivery.status(status).await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    }
    for message in received.messages {
        orders.whatsapp_reply(message).await.map_err(|err| ApiError::Internal(Box::new(err)))?;
    }
    Ok(HttpResponse::Ok().finish())
}
