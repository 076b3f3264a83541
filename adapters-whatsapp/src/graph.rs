//! The Graph API client: one template message per call, Meta's message id back, or Meta's error with
//! whether trying again may help.

use std::time::Duration;

use application::whatsapp::ports::{SendFailure, TemplateMessage, WhatsAppSender};
use async_trait::async_trait;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{json, Value};

/// Meta's Graph API.
pub const DEFAULT_API_URL: &str = "https://graph.facebook.com";
/// The Graph API version the shop's requests are written for.
pub const DEFAULT_API_VERSION: &str = "v21.0";

/// WHATSAPP_API_URL, WHATSAPP_API_VERSION, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN; `Debug` shows
/// no token.
#[derive(Debug, Clone)]
pub struct GraphConfig {
    /// Without a trailing slash.
    pub api_url: String,
    pub api_version: String,
    pub phone_number_id: String,
    pub access_token: SecretString,
    /// How long one request may take before it counts as a failure to try again.
    pub timeout: Duration,
}

/// Sends template messages through the Graph API.
#[derive(Debug, Clone)]
pub struct GraphClient {
    config: GraphConfig,
    http: reqwest::Client,
}

impl GraphClient {
    /// # Errors
    /// When the HTTP client cannot be built (no TLS roots).
    pub fn new(config: GraphConfig) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self { config, http })
    }

    fn messages_url(&self) -> String {
        format!(
            "{}/{}/{}/messages",
            self.config.api_url.trim_end_matches('/'),
            self.config.api_version,
            self.config.phone_number_id
        )
    }
}

/// A template's text parameter as Meta takes it: Meta refuses one holding a line break, a tab or more than
/// four spaces in a row (error 132018), so each run of whitespace becomes one space (a rejection's reason
/// may have lines).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The JSON body of `message` as Meta's Cloud API takes a template message: the body component's text
/// parameters in order, each on one line, and one quick-reply button component per payload, indexed from 0.
#[must_use]
pub fn template_body(message: &TemplateMessage) -> Value {
    let mut components = vec![json!({
        "type": "body",
        "parameters": message.body.iter().map(|text| json!({"type": "text", "text": one_line(text)})).collect::<Vec<_>>(),
    })];
    for (index, payload) in message.buttons.iter().enumerate() {
        components.push(json!({
            "type": "button",
            "sub_type": "quick_reply",
            "index": index.to_string(),
            "parameters": [{"type": "payload", "payload": payload}],
        }));
    }
    json!({
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": message.to,
        "type": "template",
        "template": {
            "name": message.template,
            "language": {"code": message.language},
            "components": components,
        },
    })
}

/// Meta's error of an answer: `(#131026) Message undeliverable (code 131026)`, or the HTTP status.
fn meta_error(status: reqwest::StatusCode, body: &Value) -> SendFailure {
    let error = &body["error"];
    let code = error["code"].as_i64();
    let text = match (error["message"].as_str(), code) {
        (Some(message), Some(code)) => format!("{message} (code {code})"),
        (Some(message), None) => message.to_owned(),
        _ => format!("HTTP {}", status.as_u16()),
    };
    // 5xx, 429 and Meta's throttling codes pass; a refused number, token or template does not.
    let throttled = matches!(code, Some(4 | 80007 | 130_429 | 131_048 | 131_056));
    let retry = status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS || throttled;
    SendFailure { error: text.chars().take(500).collect(), retry }
}

#[async_trait]
impl WhatsAppSender for GraphClient {
    async fn send(&self, message: &TemplateMessage) -> Result<String, SendFailure> {
        let transport = |err: reqwest::Error| {
            let what = if err.is_timeout() { "timed out" } else { "could not be reached" };
            SendFailure { error: format!("The WhatsApp API {what}."), retry: true }
        };
        let response = self
            .http
            .post(self.messages_url())
            .bearer_auth(self.config.access_token.expose_secret())
            .json(&template_body(message))
            .send()
            .await
            .map_err(transport)?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            let failure = meta_error(status, &body);
            tracing::warn!(status = status.as_u16(), error = %failure.error, "the WhatsApp API refused a message");
            return Err(failure);
        }
        body["messages"][0]["id"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| SendFailure { error: "The WhatsApp API answered no message id.".into(), retry: true })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_is_a_template_with_text_parameters_and_quick_reply_payloads() {
        let message = TemplateMessage {
            to: "923001234567".into(),
            template: "order_confirmation".into(),
            language: "en".into(),
            body: vec!["#42".into(), "Rs 3,299".into()],
            buttons: vec!["confirm:42:s".into(), "cancel:42:s".into()],
        };

        assert_eq!(
            template_body(&message),
            json!({"messaging_product":"whatsapp","recipient_type":"individual","to":"923001234567","type":"template",
                "template":{"name":"order_confirmation","language":{"code":"en"},"components":[
                    {"type":"body","parameters":[{"type":"text","text":"#42"},{"type":"text","text":"Rs 3,299"}]},
                    {"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":"confirm:42:s"}]},
                    {"type":"button","sub_type":"quick_reply","index":"1","parameters":[{"type":"payload","payload":"cancel:42:s"}]}]}})
        );
    }

    #[test]
    fn metas_error_is_kept_and_only_passing_ones_are_retried() {
        let refused = meta_error(
            reqwest::StatusCode::BAD_REQUEST,
            &json!({"error": {"message": "(#131026) Message undeliverable", "code": 131026}}),
        );
        let down = meta_error(reqwest::StatusCode::INTERNAL_SERVER_ERROR, &Value::Null);

        assert_eq!(
            refused,
            SendFailure { error: "(#131026) Message undeliverable (code 131026)".into(), retry: false }
        );
        assert_eq!(down, SendFailure { error: "HTTP 500".into(), retry: true });
    }
}
