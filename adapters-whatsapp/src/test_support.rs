//! A fake Graph API on loopback, for tests (this crate's, app-server's, and the browser tests through the
//! `fake-graph-api` binary). It checks a message request as Meta does (the bearer token, the phone number
//! id, the body's fields) and answers as Meta does; it can fail, hold requests, or refuse a number as not on
//! WhatsApp (400 with code 131026: Meta answers 200 and a `failed` callback later, which the shop treats
//! alike). It also plays the shopper: it builds Meta's webhook envelopes for a reply or a status callback,
//! signs the raw body with the app secret, and posts it to the shop.
//!
//! Test controls over HTTP (what the binary offers): `GET /_fake/messages`, `POST /_fake/behaviour`,
//! `POST /_fake/release`, `POST /_fake/reply`, `POST /_fake/status` (docs/decisions/0038-whatsapp.md).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test support: a fixture that cannot be made fails its test"
)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

use crate::signature::sign;

/// What the fake Meta knows: the access token it accepts, the business phone number's id, the app secret it
/// signs webhooks with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeGraphConfig {
    pub access_token: String,
    pub phone_number_id: String,
    pub app_secret: String,
}

impl Default for FakeGraphConfig {
    fn default() -> Self {
        Self {
            access_token: "test-token".into(),
            phone_number_id: "1234567890".into(),
            app_secret: "test-app-secret".into(),
        }
    }
}

/// How the fake answers message requests from now on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Behaviour {
    /// Answer this HTTP status (with a Meta error body) ...
    pub fail_status: Option<u16>,
    /// ... to this many requests, then succeed again; `None`: to every request.
    pub fail_count: Option<u32>,
    /// Wait this long before answering.
    pub delay_ms: u64,
    /// Numbers refused as not on WhatsApp (400, code 131026).
    pub not_on_whatsapp: Vec<String>,
    /// Hold every request, unanswered, until [`FakeGraph::release`].
    pub hold: bool,
    /// The language codes the shop's templates are approved in (Meta answers 132001 for any other); empty:
    /// every code of Meta's form.
    pub approved_languages: Vec<String>,
}

/// One message request the fake received.
#[derive(Debug, Clone, PartialEq)]
pub struct Received {
    /// Meta's id of an accepted message; `None` for one refused or failed.
    pub id: Option<String>,
    pub to: String,
    /// The request's path.
    pub path: String,
    /// The JSON body exactly as received.
    pub body: Value,
    /// The Authorization header.
    pub authorization: String,
    /// The status answered (0 while held).
    pub status: u16,
}

/// What the shopper sends back, as `POST /_fake/reply` takes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    pub from: String,
    /// A template's quick-reply button (`type: button`).
    pub button_payload: Option<String>,
    /// A text (`type: text`).
    pub text: Option<String>,
    /// An interactive message's button (`type: interactive`, `button_reply.id`).
    pub interactive_id: Option<String>,
    /// Send again under this Meta message id (a redelivery).
    pub repeat_message_id: Option<String>,
}

#[derive(Default)]
struct State {
    behaviour: Behaviour,
    failed: u32,
    received: Vec<Received>,
}

struct Shared {
    config: FakeGraphConfig,
    state: Mutex<State>,
    changed: Notify,
    release: watch::Sender<u64>,
    held: AtomicU64,
    ids: AtomicU64,
}

impl Shared {
    /// Reads or changes the state; a change wakes those waiting for one ([`FakeGraph::wait_for`]).
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.state.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn change<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let out = self.with(f);
        self.changed.notify_waiters();
        out
    }

    fn fresh_id(&self) -> String {
        let n = self.ids.fetch_add(1, Ordering::SeqCst);
        format!("wamid.HBgM{n:04}{:016x}", rand::random::<u64>())
    }
}

/// The running fake; it stops when dropped.
pub struct FakeGraph {
    url: String,
    shared: Arc<Shared>,
    task: JoinHandle<()>,
}

impl Drop for FakeGraph {
    fn drop(&mut self) {
        self.task.abort();
        self.shared.release.send_modify(|n| *n += 1);
    }
}

impl FakeGraph {
    /// Starts the fake on a free loopback port.
    ///
    /// # Panics
    /// When no port can be had.
    pub async fn start(config: FakeGraphConfig) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port for the fake Graph API");
        let url = format!("http://{}", listener.local_addr().expect("its address"));
        let shared = Arc::new(Shared {
            config,
            state: Mutex::new(State::default()),
            changed: Notify::new(),
            release: watch::channel(0).0,
            held: AtomicU64::new(0),
            ids: AtomicU64::new(1),
        });
        let server = shared.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let shared = server.clone();
                tokio::spawn(async move {
                    let _ = serve(stream, &shared).await;
                });
            }
        });
        Self { url, shared, task }
    }

    /// `http://127.0.0.1:PORT`: WHATSAPP_API_URL for the shop.
    #[must_use]
    pub fn base_url(&self) -> &str {
        &self.url
    }

    /// Every message request received, oldest first.
    #[must_use]
    pub fn requests(&self) -> Vec<Received> {
        self.shared.with(|s| s.received.clone())
    }

    /// The messages accepted, oldest first.
    #[must_use]
    pub fn messages(&self) -> Vec<Received> {
        self.requests().into_iter().filter(|r| r.id.is_some()).collect()
    }

    /// Sets how the fake answers from now on.
    pub fn set_behaviour(&self, behaviour: Behaviour) {
        self.shared.change(|s| {
            s.behaviour = behaviour;
            s.failed = 0;
        });
    }

    /// Answers every request held so far (and stops holding new ones).
    pub fn release(&self) {
        self.shared.with(|s| s.behaviour.hold = false);
        self.shared.release.send_modify(|n| *n += 1);
    }

    /// Requests held unanswered right now.
    #[must_use]
    pub fn held(&self) -> u64 {
        self.shared.held.load(Ordering::SeqCst)
    }

    /// Waits until `done` holds for the requests received (checked after each change), up to 20 s.
    ///
    /// # Panics
    /// When it does not within 20 s.
    pub async fn wait_for(&self, what: &str, done: impl Fn(&[Received], u64) -> bool) -> Vec<Received> {
        let waiting = async {
            loop {
                let changed = self.shared.changed.notified();
                let requests = self.requests();
                if done(&requests, self.held()) {
                    return requests;
                }
                changed.await;
            }
        };
        tokio::time::timeout(Duration::from_secs(20), waiting)
            .await
            .unwrap_or_else(|_| panic!("the fake Graph API waited in vain for {what}: {:#?}", self.requests()))
    }

    /// Posts the shopper's `reply` to the shop's webhook, signed with the app secret; answers the shop's
    /// HTTP status and the Meta message id the reply had.
    pub async fn reply(&self, webhook_url: &str, reply: &Reply) -> (u16, String) {
        let id = reply.repeat_message_id.clone().unwrap_or_else(|| self.shared.fresh_id());
        let envelope = reply_envelope(&self.shared.config.phone_number_id, reply, &id);
        (post_signed(webhook_url, &envelope, &self.shared.config.app_secret).await, id)
    }

    /// Posts a status callback for the message `message_id` to the shop's webhook, signed; answers the
    /// shop's HTTP status.
    pub async fn status(
        &self,
        webhook_url: &str,
        message_id: &str,
        status: &str,
        recipient: &str,
        error_code: Option<i64>,
    ) -> u16 {
        let envelope = status_envelope(&self.shared.config.phone_number_id, message_id, status, recipient, error_code);
        post_signed(webhook_url, &envelope, &self.shared.config.app_secret).await
    }
}

fn now_seconds() -> String {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()).to_string()
}

fn envelope(phone_number_id: &str, value: Value) -> Value {
    let mut value = value;
    value["messaging_product"] = json!("whatsapp");
    value["metadata"] = json!({"display_phone_number": "15550001234", "phone_number_id": phone_number_id});
    json!({
        "object": "whatsapp_business_account",
        "entry": [{"id": "102290129340398", "changes": [{"value": value, "field": "messages"}]}],
    })
}

/// Meta's webhook envelope of a shopper's message (a button, a text or an interactive reply).
#[must_use]
pub fn reply_envelope(phone_number_id: &str, reply: &Reply, message_id: &str) -> Value {
    let mut message = json!({"from": reply.from, "id": message_id, "timestamp": now_seconds()});
    if let Some(payload) = &reply.button_payload {
        let text = if payload.starts_with("cancel:") { "Cancel" } else { "Confirm" };
        message["type"] = json!("button");
        message["button"] = json!({"payload": payload, "text": text});
        message["context"] = json!({"from": "15550001234", "id": "wamid.context"});
    } else if let Some(id) = &reply.interactive_id {
        message["type"] = json!("interactive");
        message["interactive"] = json!({"type": "button_reply", "button_reply": {"id": id, "title": "Confirm"}});
    } else {
        message["type"] = json!("text");
        message["text"] = json!({"body": reply.text.clone().unwrap_or_default()});
    }
    envelope(
        phone_number_id,
        json!({"contacts": [{"profile": {"name": "Shopper"}, "wa_id": reply.from}], "messages": [message]}),
    )
}

/// Meta's webhook envelope of a status callback.
#[must_use]
pub fn status_envelope(
    phone_number_id: &str,
    message_id: &str,
    status: &str,
    recipient: &str,
    error_code: Option<i64>,
) -> Value {
    let mut entry = json!({"id": message_id, "status": status, "timestamp": now_seconds(), "recipient_id": recipient});
    if let Some(code) = error_code {
        entry["errors"] = json!([{"code": code, "title": error_title(code), "message": error_title(code)}]);
    }
    envelope(phone_number_id, json!({"statuses": [entry]}))
}

fn error_title(code: i64) -> &'static str {
    match code {
        131_026 => "Message undeliverable",
        131_047 => "Re-engagement message",
        _ => "Message failed to send",
    }
}

/// Posts `body` to `url` with Meta's signature header; answers the HTTP status (0 when unreachable).
pub async fn post_signed(url: &str, body: &Value, app_secret: &str) -> u16 {
    let raw = body.to_string();
    reqwest::Client::new()
        .post(url)
        .header("Content-Type", "application/json")
        .header("X-Hub-Signature-256", sign(app_secret, raw.as_bytes()))
        .body(raw)
        .send()
        .await
        .map_or(0, |r| r.status().as_u16())
}

struct Request {
    method: String,
    path: String,
    authorization: String,
    body: Vec<u8>,
}

async fn read_request(reader: &mut BufReader<TcpStream>) -> std::io::Result<Request> {
    let mut request_line = String::new();
    reader.read_line(&mut request_line).await?;
    let (mut content_length, mut authorization) = (0, String::new());
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                content_length = value.trim().parse().unwrap_or(0);
            } else if name.eq_ignore_ascii_case("authorization") {
                value.trim().clone_into(&mut authorization);
            }
        }
    }
    let mut body = vec![0; content_length.min(1024 * 1024)];
    reader.read_exact(&mut body).await?;
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("").to_owned();
    let path = parts.next().unwrap_or("/").split('?').next().unwrap_or("/").to_owned();
    Ok(Request { method, path, authorization, body })
}

async fn serve(stream: TcpStream, shared: &Arc<Shared>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream);
    let request = read_request(&mut reader).await?;
    let (status, body) = route(&request, shared).await;
    let body = body.to_string();
    let head = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut stream = reader.into_inner();
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    stream.shutdown().await
}

fn graph_error(message: &str, code: i64, kind: &str) -> Value {
    json!({"error": {"message": message, "type": kind, "code": code, "fbtrace_id": "AbCdEfGhIjK"}})
}

fn string_field(body: &Value, field: &str) -> Option<String> {
    body.get(field).and_then(Value::as_str).map(str::to_owned)
}

async fn route(request: &Request, shared: &Arc<Shared>) -> (u16, Value) {
    let segments: Vec<&str> = request.path.trim_start_matches('/').split('/').collect();
    let json_body = || serde_json::from_slice::<Value>(&request.body).unwrap_or(Value::Null);
    match (request.method.as_str(), segments.as_slice()) {
        ("POST", [version, phone, "messages"]) if version.starts_with('v') => {
            send_message(phone, request, shared).await
        }
        ("GET", ["_fake", "messages"]) => {
            let list: Vec<Value> = shared.with(|s| {
                s.received
                    .iter()
                    .filter(|r| r.id.is_some())
                    .map(|r| json!({"id": r.id, "to": r.to, "body": r.body, "authorization": r.authorization}))
                    .collect()
            });
            (200, Value::Array(list))
        }
        ("GET", ["_fake", "requests"]) => {
            let list: Vec<Value> = shared
                .with(|s| s.received.iter().map(|r| json!({"id": r.id, "to": r.to, "status": r.status})).collect());
            (200, Value::Array(list))
        }
        ("POST", ["_fake", "behaviour"]) => {
            let body = json_body();
            let behaviour = Behaviour {
                fail_status: body["failStatus"].as_u64().and_then(|s| u16::try_from(s).ok()),
                fail_count: body["failCount"].as_u64().and_then(|n| u32::try_from(n).ok()),
                delay_ms: body["delayMs"].as_u64().unwrap_or(0),
                not_on_whatsapp: body["notOnWhatsApp"]
                    .as_array()
                    .map(|list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                    .unwrap_or_default(),
                hold: body["hold"].as_bool().unwrap_or(false),
                approved_languages: body["approvedLanguages"]
                    .as_array()
                    .map(|list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                    .unwrap_or_default(),
            };
            shared.change(|s| {
                s.behaviour = behaviour;
                s.failed = 0;
            });
            (200, json!({"ok": true}))
        }
        ("POST", ["_fake", "release"]) => {
            shared.with(|s| s.behaviour.hold = false);
            shared.release.send_modify(|n| *n += 1);
            (200, json!({"ok": true}))
        }
        ("POST", ["_fake", "reply"]) => {
            let body = json_body();
            let Some(url) = string_field(&body, "webhookUrl") else {
                return (400, json!({"error": "webhookUrl is required"}));
            };
            let reply = Reply {
                from: string_field(&body, "from").unwrap_or_default(),
                button_payload: string_field(&body, "buttonPayload"),
                text: string_field(&body, "text"),
                interactive_id: string_field(&body, "interactiveId"),
                repeat_message_id: string_field(&body, "repeatMessageId"),
            };
            let id = reply.repeat_message_id.clone().unwrap_or_else(|| shared.fresh_id());
            let envelope = reply_envelope(&shared.config.phone_number_id, &reply, &id);
            let status = post_signed(&url, &envelope, &shared.config.app_secret).await;
            (200, json!({"status": status, "messageId": id}))
        }
        ("POST", ["_fake", "status"]) => {
            let body = json_body();
            let (Some(url), Some(id), Some(status)) =
                (string_field(&body, "webhookUrl"), string_field(&body, "messageId"), string_field(&body, "status"))
            else {
                return (400, json!({"error": "webhookUrl, messageId and status are required"}));
            };
            let recipient = string_field(&body, "recipient").unwrap_or_default();
            let envelope =
                status_envelope(&shared.config.phone_number_id, &id, &status, &recipient, body["errorCode"].as_i64());
            let answered = post_signed(&url, &envelope, &shared.config.app_secret).await;
            (200, json!({"status": answered}))
        }
        _ => (404, graph_error("Unknown path components", 2500, "OAuthException")),
    }
}

/// Whether `body` is a template message as Meta takes it; answers its recipient.
fn valid_template(body: &Value) -> Option<String> {
    let to = body.get("to")?.as_str()?;
    let template = body.get("template")?;
    let ok = body.get("messaging_product")?.as_str()? == "whatsapp"
        && !to.is_empty()
        && to.bytes().all(|b| b.is_ascii_digit())
        && body.get("type")?.as_str()? == "template"
        && !template.get("name")?.as_str()?.is_empty()
        && !template.get("language")?.get("code")?.as_str()?.is_empty()
        && template.get("components")?.is_array();
    ok.then(|| to.to_owned())
}

/// Whether `code` has the form of Meta's template language codes (`en`, `ur`, `en_US`, `fil`): case matters
/// and the region follows an underscore, so `en-US`, `EN` or `ur_pk` name no translation.
fn meta_language_code(code: &str) -> bool {
    let (lang, region) = code.split_once('_').map_or((code, None), |(l, r)| (l, Some(r)));
    (2..=3).contains(&lang.len())
        && lang.bytes().all(|b| b.is_ascii_lowercase())
        && region.is_none_or(|r| r.len() == 2 && r.bytes().all(|b| b.is_ascii_uppercase()))
}

/// Whether no text parameter of the template holds a line break, a tab or more than four spaces in a row,
/// which Meta refuses (132018: 'Param text cannot have new-line/tab characters or more than 4 consecutive
/// spaces').
fn text_parameters_on_one_line(body: &Value) -> bool {
    let components = body["template"]["components"].as_array().map(Vec::as_slice).unwrap_or_default();
    components
        .iter()
        .filter_map(|c| c["parameters"].as_array())
        .flatten()
        .filter_map(|p| p["text"].as_str())
        .all(|text| !text.contains(['\n', '\t']) && !text.contains("     "))
}

async fn send_message(phone: &str, request: &Request, shared: &Arc<Shared>) -> (u16, Value) {
    let body = serde_json::from_slice::<Value>(&request.body).unwrap_or(Value::Null);
    let to = body.get("to").and_then(Value::as_str).unwrap_or_default().to_owned();
    let index = shared.change(|s| {
        s.received.push(Received {
            id: None,
            to: to.clone(),
            path: request.path.clone(),
            body: body.clone(),
            authorization: request.authorization.clone(),
            status: 0,
        });
        s.received.len() - 1
    });
    let mut release = shared.release.subscribe();
    let (hold, delay) = shared.with(|s| (s.behaviour.hold, s.behaviour.delay_ms));
    if hold {
        shared.held.fetch_add(1, Ordering::SeqCst);
        shared.change(|_| ());
        let _ = release.changed().await;
        shared.held.fetch_sub(1, Ordering::SeqCst);
        shared.change(|_| ());
    }
    if delay > 0 {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    let (status, answer, id) = answer_message(phone, request, &body, shared);
    shared.change(|s| {
        if let Some(received) = s.received.get_mut(index) {
            received.status = status;
            received.id = id;
        }
    });
    (status, answer)
}

fn answer_message(phone: &str, request: &Request, body: &Value, shared: &Arc<Shared>) -> (u16, Value, Option<String>) {
    let config = &shared.config;
    if request.authorization != format!("Bearer {}", config.access_token) {
        let error = graph_error("Invalid OAuth access token - Cannot parse access token", 190, "OAuthException");
        return (401, error, None);
    }
    if phone != config.phone_number_id {
        let message = format!(
            "Unsupported post request. Object with ID '{phone}' does not exist, cannot be loaded due to missing permissions, or does not support this operation."
        );
        return (400, graph_error(&message, 100, "GraphMethodException"), None);
    }
    let Some(to) = valid_template(body) else {
        return (400, graph_error("(#100) Invalid parameter", 100, "OAuthException"), None);
    };
    let language = body["template"]["language"]["code"].as_str().unwrap_or_default();
    let approved = shared.with(|s| {
        s.behaviour.approved_languages.is_empty() || s.behaviour.approved_languages.iter().any(|l| l == language)
    });
    if !meta_language_code(language) || !approved {
        let message = "(#132001) Template name does not exist in the translation";
        return (404, graph_error(message, 132_001, "OAuthException"), None);
    }
    if !text_parameters_on_one_line(body) {
        let message = "(#132018) There's an issue with the parameters in your template.";
        return (400, graph_error(message, 132_018, "OAuthException"), None);
    }
    let failing = shared.with(|s| match s.behaviour.fail_status {
        Some(status) if s.behaviour.fail_count.is_none_or(|n| s.failed < n) => {
            s.failed += 1;
            Some(status)
        }
        _ => None,
    });
    if let Some(status) = failing {
        return (
            status,
            graph_error("An unexpected error has occurred. Please retry your request later.", 2, "OAuthException"),
            None,
        );
    }
    if shared.with(|s| s.behaviour.not_on_whatsapp.contains(&to)) {
        return (400, graph_error("(#131026) Message undeliverable", 131_026, "OAuthException"), None);
    }
    let id = shared.fresh_id();
    let answer = json!({
        "messaging_product": "whatsapp",
        "contacts": [{"input": to, "wa_id": to}],
        "messages": [{"id": id}],
    });
    (200, answer, Some(id))
}
