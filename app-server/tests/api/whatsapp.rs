//! WhatsApp end to end (docs/decisions/0038-whatsapp.md) against the fake Graph API started in-process: the
//! message Meta gets for a placed order, the shopper's signed replies (Confirm, Cancel, a 'yes' word, a
//! note), the webhook's handshake and signature checks, a Graph API that fails or hangs, status callbacks out
//! of order, and WhatsApp off; the status messages with their figures, the e-mails still sent beside them,
//! 'Reject unconfirmed orders' and the confirmation window with a WhatsApp confirmation.

use adapters_whatsapp::sign;
use adapters_whatsapp::test_support::{reply_envelope, Behaviour, FakeGraph, FakeGraphConfig, Received, Reply};
use domain::ids::ProductId;
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app_with, TestApp};

const PHONE: &str = "923001234567";

/// A shop with WhatsApp on against `fake`, a Phone Case at Rs 850 (10 in stock) and Rs 200 delivery.
struct Shop {
    app: TestApp,
    fake: FakeGraph,
    case: ProductId,
}

fn whatsapp_vars(fake: &FakeGraph, timeout_ms: u64) -> Vec<(&'static str, String)> {
    vec![
        ("WHATSAPP_API_URL", fake.base_url().to_owned()),
        ("WHATSAPP_PHONE_NUMBER_ID", "1234567890".to_owned()),
        ("WHATSAPP_ACCESS_TOKEN", "test-token".to_owned()),
        ("WHATSAPP_APP_SECRET", "test-app-secret".to_owned()),
        ("WHATSAPP_VERIFY_TOKEN", "verify-me".to_owned()),
        ("WHATSAPP_RETRY_BASE_MS", "20".to_owned()),
        ("WHATSAPP_MAX_ATTEMPTS", "3".to_owned()),
        ("WHATSAPP_TIMEOUT_MS", timeout_ms.to_string()),
    ]
}

async fn shop_with(timeout_ms: u64, on: bool) -> Shop {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;
    let vars = if on { whatsapp_vars(&fake, timeout_ms) } else { Vec::new() };
    let app = spawn_app_with(&vars).await;
    let category = app.add_category("Cases", None).await;
    let case = app.add_product(new_product("Phone Case", category, (900, Some(850), 0), 10, false)).await;
    app.set_delivery_charge(200).await;
    app.lift_order_limits().await;
    Shop { app, fake, case }
}

async fn shop() -> Shop {
    shop_with(5_000, true).await
}

/// Two Phone Cases for `phone`: 1700 + 200 = 1900.
fn two_cases(shop: &Shop, phone: &str) -> Value {
    json!({
        "userDetails": {"country": "Pakistan", "province": "Punjab", "city": "Lahore", "name": "Ayesha Khan",
                        "phone1": phone, "phone2": "", "email": "ayesha@example.pk",
                        "address": "House 12, Street 4\nGulberg III", "paymentMethod": "COD"},
        "cart": [{ "productId": shop.case.to_string(), "quantity": 2, "price": 850 }],
        "subtotal": 1700, "deliveryCharge": 200, "coupon": null, "couponDiscount": 0, "total": 1900
    })
}

impl Shop {
    /// The order as the admin list answers it.
    async fn admin_order(&self, id: &str) -> Value {
        let admin = self.app.admin_cookie().await;
        let (status, body) = self.app.send(&admin, "GET", &format!("/api/orders?q={id}&limit=100"), None).await;
        assert_eq!(status, 200, "{body}");
        body["orders"].as_array().unwrap().iter().find(|o| o["_id"] == id).unwrap().clone()
    }

    fn webhook(&self) -> String {
        format!("{}/api/whatsapp/webhook", self.app.address)
    }

    async fn place(&self, phone: &str) -> String {
        let (_, cookie) = self.app.customer(&format!("shopper-{}@example.pk", rand_suffix())).await;
        let (status, placed) = self.app.place_order(&cookie, &two_cases(self, phone), None).await;
        assert_eq!(status, 201, "{placed}");
        placed["order"]["_id"].as_str().unwrap().to_owned()
    }

    /// The messages the fake accepted, once there are `n`.
    async fn sent(&self, n: usize) -> Vec<Received> {
        self.fake.wait_for(&format!("{n} messages"), |r, _| r.iter().filter(|m| m.id.is_some()).count() >= n).await;
        self.fake.messages()
    }

    /// The payload of button `index` of the confirmation message of order `id`.
    async fn payload(&self, id: &str, index: usize) -> String {
        let sent = self.sent(1).await;
        let message = sent
            .iter()
            .find(|m| m.body["template"]["components"][0]["parameters"][0]["text"] == format!("#{id}"))
            .unwrap();
        message.body["template"]["components"][index + 1]["parameters"][0]["payload"].as_str().unwrap().to_owned()
    }

    async fn reply(&self, reply: Reply) -> (u16, String) {
        self.fake.reply(&self.webhook(), &reply).await
    }

    async fn order_row(&self, id: &str) -> (String, String, String) {
        let row = self
            .app
            .sql_texts(&format!(
                "SELECT status || '|' || coalesce(confirmed_via, '-') || '|' || coalesce(admin_comment, '-') AS t \
                 FROM orders WHERE id = {id}"
            ))
            .await;
        let parts: Vec<&str> = row[0].split('|').collect();
        (parts[0].to_owned(), parts[1].to_owned(), parts[2].to_owned())
    }

    /// Moves order `id` to `status` as the admin; answers the change's answer.
    async fn set_status(&self, id: &str, status: &str, comment: Option<&str>) -> Value {
        let admin = self.app.admin_cookie().await;
        let path = format!("/api/orders/{id}/status");
        let (code, body) =
            self.app.send(&admin, "PUT", &path, Some(json!({"status": status, "comment": comment}))).await;
        assert_eq!(code, 200, "{body}");
        body
    }

    /// Ages order `id` by `hours` (its placing time moved back), as no clock can be set through the API.
    async fn age_order(&self, id: &str, hours: i64) {
        let touched = self
            .app
            .sql(&format!("UPDATE orders SET created_at = now() - interval '{hours} hours' WHERE id = {id}"))
            .await;
        assert_eq!(touched, 1);
    }

    /// The update messages Meta accepted for order `id`, oldest first, once it accepted `n` messages in all.
    async fn updates(&self, id: &str, n: usize) -> Vec<Received> {
        let number = format!("#{id}");
        self.sent(n)
            .await
            .into_iter()
            .filter(|m| {
                m.body["template"]["name"] == "order_update"
                    && m.body["template"]["components"][0]["parameters"][0]["text"] == number.as_str()
            })
            .collect()
    }

    /// The (recipients, subject) of each e-mail the SMTP server got, sorted, once it got `n`.
    async fn mails(&self, n: usize) -> Vec<(Vec<String>, String)> {
        assert!(self.app.delivered(n).await, "{n} e-mails arrive: {:#?}", self.app.smtp.messages());
        let mut mails: Vec<(Vec<String>, String)> = self
            .app
            .smtp
            .messages()
            .into_iter()
            .map(|m| {
                let subject = m.data.lines().find_map(|l| l.strip_prefix("Subject: ")).unwrap_or_default().to_owned();
                (m.to, subject)
            })
            .collect();
        mails.sort();
        mails
    }

    /// The order's WhatsApp messages as `direction kind state: text`, oldest first.
    async fn thread(&self, id: &str) -> Vec<String> {
        self.app
            .sql_texts(&format!(
                "SELECT direction || ' ' || kind || ' ' || state || ': ' || text AS t FROM whatsapp_messages \
                 WHERE order_id = {id} ORDER BY id"
            ))
            .await
    }

    /// Waits until the order's messages settle as `done` says (the worker sends in the background).
    async fn thread_until(&self, id: &str, done: impl Fn(&[String]) -> bool) -> Vec<String> {
        for _ in 0..1200 {
            let thread = self.thread(id).await;
            if done(&thread) {
                return thread;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the thread of order {id} never settled: {:#?}", self.thread(id).await);
    }
}

/// The update message Meta gets for order `id` saying `news`.
fn update(id: &str, news: &str) -> Value {
    json!({"messaging_product":"whatsapp","recipient_type":"individual","to":PHONE,"type":"template",
        "template":{"name":"order_update","language":{"code":"en"},"components":[
            {"type":"body","parameters":[{"type":"text","text":format!("#{id}")},{"type":"text","text":news}]}]}})
}

/// The text of a received e-mail with quoted-printable soft breaks and `=3D` undone.
fn plain(data: &str) -> String {
    data.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=").replace("\r\n", "\n")
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

#[tokio::test]
async fn a_placed_order_sends_meta_the_confirmation_template_with_confirm_and_cancel_buttons() {
    let shop = shop().await;

    let id = shop.place("0300-1234567").await;

    let sent = shop.sent(1).await;
    assert_eq!(sent.len(), 1);
    let message = &sent[0];
    assert_eq!(message.path, "/v21.0/1234567890/messages");
    assert_eq!(message.authorization, "Bearer test-token");
    assert_eq!(message.to, PHONE);
    let confirm = message.body["template"]["components"][1]["parameters"][0]["payload"].as_str().unwrap();
    let secret = confirm.strip_prefix(&format!("confirm:{id}:")).unwrap();
    assert_eq!(secret.len(), 43, "{confirm}");
    assert_eq!(
        message.body,
        json!({"messaging_product":"whatsapp","recipient_type":"individual","to":PHONE,"type":"template",
            "template":{"name":"order_confirmation","language":{"code":"en"},"components":[
                {"type":"body","parameters":[{"type":"text","text":format!("#{id}")},{"type":"text","text":"2 x Phone Case"},
                                             {"type":"text","text":"Rs 1,900"},{"type":"text","text":"House 12, Street 4, Gulberg III, Lahore"}]},
                {"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":format!("confirm:{id}:{secret}")}]},
                {"type":"button","sub_type":"quick_reply","index":"1","parameters":[{"type":"payload","payload":format!("cancel:{id}:{secret}")}]}]}})
    );
    // The secret is stored as its digest only.
    let stored = shop.app.sql_texts(&format!("SELECT whatsapp_token_hash AS t FROM orders WHERE id = {id}")).await;
    assert_eq!(stored, vec![application::common::token::sha256_hex(secret)]);
    let thread = shop.thread_until(&id, |t| t.iter().any(|m| m.starts_with("out confirmation sent"))).await;
    assert_eq!(thread.len(), 1, "{thread:?}");
}

#[tokio::test]
async fn a_signed_confirm_reply_confirms_the_order_once_even_delivered_twice() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    let payload = shop.payload(&id, 0).await;

    let (first, message_id) =
        shop.reply(Reply { from: PHONE.into(), button_payload: Some(payload.clone()), ..Reply::default() }).await;
    let (again, _) = shop
        .reply(Reply {
            from: PHONE.into(),
            button_payload: Some(payload),
            repeat_message_id: Some(message_id),
            ..Reply::default()
        })
        .await;

    assert_eq!((first, again), (200, 200));
    assert_eq!(shop.order_row(&id).await, ("pending".into(), "whatsapp".into(), "-".into()));
    let thread = shop.thread_until(&id, |t| t.len() == 3 && t.iter().all(|m| !m.contains(" queued: "))).await;
    assert_eq!(
        thread[1..],
        [
            "in reply received: Confirm".to_owned(),
            format!("out update sent: Thank you! Your order #{id} is confirmed."),
        ]
    );
    let order = shop.admin_order(&id).await;
    assert_eq!((&order["confirmedVia"], &order["whatsappTo"]), (&json!("whatsapp"), &json!("0300 1234567")));
    let whatsapp = &order["whatsapp"];
    assert_eq!((&whatsapp["confirmedOnWhatsApp"], &whatsapp["state"]), (&json!(true), &json!("replied")));
    let messages: Vec<(&str, &str, &str)> = whatsapp["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["direction"].as_str().unwrap(), m["kind"].as_str().unwrap(), m["state"].as_str().unwrap()))
        .collect();
    assert_eq!(messages, [("out", "confirmation", "sent"), ("in", "reply", "received"), ("out", "update", "sent")]);
}

#[tokio::test]
async fn an_interactive_cancel_rejects_the_order_restocks_once_and_says_so() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8));
    let payload = shop.payload(&id, 1).await;

    let (status, message_id) =
        shop.reply(Reply { from: PHONE.into(), interactive_id: Some(payload.clone()), ..Reply::default() }).await;
    let (again, _) = shop
        .reply(Reply {
            from: PHONE.into(),
            interactive_id: Some(payload.clone()),
            repeat_message_id: Some(message_id),
            ..Reply::default()
        })
        .await;
    let (late, _) = shop.reply(Reply { from: PHONE.into(), button_payload: Some(payload), ..Reply::default() }).await;

    assert_eq!((status, again, late), (200, 200, 200));
    assert_eq!(shop.app.stock_of(shop.case).await, Some(10));
    assert_eq!(
        shop.order_row(&id).await,
        ("rejected".into(), "-".into(), "Cancelled by the customer on WhatsApp".into())
    );
    let thread = shop.thread_until(&id, |t| t.len() == 5 && t.iter().all(|m| !m.contains(" queued: "))).await;
    assert_eq!(thread[1], "in reply received: Cancel");
    assert!(
        thread[2].starts_with(&format!("out update sent: We are sorry: your order #{id} has been rejected.")),
        "{thread:?}"
    );
    assert_eq!(thread[3], "in reply received: Cancel");
    assert_eq!(
        thread[4],
        format!("out update sent: Thank you for your reply. Your order #{id} is rejected now, so nothing was changed. Reply here if you need help.")
    );
}

#[tokio::test]
async fn a_wrong_missing_or_stale_signature_is_401_and_changes_nothing() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    let payload = shop.payload(&id, 0).await;
    let reply = Reply { from: PHONE.into(), button_payload: Some(payload), ..Reply::default() };
    let body = reply_envelope("1234567890", &reply, "wamid.forged").to_string();
    let post = |body: String, signature: Option<String>| {
        let mut request = shop.app.client.post(shop.webhook()).header("content-type", "application/json").body(body);
        if let Some(signature) = signature {
            request = request.header("X-Hub-Signature-256", signature);
        }
        async move {
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let altered = body.replace("wamid.forged", "wamid.altered");

    let missing = post(body.clone(), None).await;
    let wrong = post(body.clone(), Some("sha256=00".into())).await;
    let other_secret = post(body.clone(), Some(sign("another-secret", body.as_bytes()))).await;
    let replayed_altered = post(altered, Some(sign("test-app-secret", body.as_bytes()))).await;

    for (status, answer) in [missing, wrong, other_secret, replayed_altered] {
        assert_eq!(status, 401);
        assert_eq!(answer, json!({"message": "The signature is missing or wrong."}));
    }
    assert_eq!(shop.order_row(&id).await, ("pending".into(), "-".into(), "-".into()));
    assert_eq!(shop.thread(&id).await.len(), 1);
    // The same body, rightly signed, is taken.
    assert_eq!(post(body.clone(), Some(sign("test-app-secret", body.as_bytes()))).await.0, 200);
    assert_eq!(shop.order_row(&id).await.1, "whatsapp");
}

#[tokio::test]
async fn the_handshake_echoes_the_challenge_to_the_right_verify_token_only() {
    let shop = shop().await;
    let url = |token: &str| {
        format!("{}?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=1158201444", shop.webhook())
    };

    let right = shop.app.client.get(url("verify-me")).send().await.unwrap();
    let right_type = right.headers()["content-type"].to_str().unwrap().to_owned();
    let right = (right.status().as_u16(), right.text().await.unwrap());
    let wrong = shop.app.client.get(url("verify-you")).send().await.unwrap();
    let wrong = (wrong.status().as_u16(), wrong.json::<Value>().await.unwrap());

    assert_eq!(right, (200, "1158201444".to_owned()));
    assert!(right_type.starts_with("text/plain"), "{right_type}");
    assert_eq!(wrong, (403, json!({"message": "The verify token is wrong."})));
}

#[tokio::test]
async fn haan_from_the_orders_phone_confirms_its_latest_pending_order_and_from_another_phone_nothing() {
    let shop = shop().await;
    let older = shop.place("0300 1234567").await;
    let newer = shop.place("0300 1234567").await;
    let other = shop.place("0321 7654321").await;
    shop.sent(3).await;

    let (stranger, _) =
        shop.reply(Reply { from: "923339998877".into(), text: Some("haan".into()), ..Reply::default() }).await;
    let (owner, _) = shop.reply(Reply { from: PHONE.into(), text: Some("Haan".into()), ..Reply::default() }).await;
    let (note, _) = shop
        .reply(Reply { from: "923217654321".into(), text: Some("Please deliver after 5pm".into()), ..Reply::default() })
        .await;

    assert_eq!((stranger, owner, note), (200, 200, 200));
    assert_eq!(shop.order_row(&newer).await.1, "whatsapp");
    assert_eq!(shop.order_row(&older).await.1, "-");
    assert_eq!(shop.order_row(&other).await.1, "-");
    let thread = shop.thread(&other).await;
    assert_eq!(thread[1..], ["in note received: Please deliver after 5pm".to_owned()]);
    let unmatched = shop.app.sql_texts("SELECT text AS t FROM whatsapp_messages WHERE order_id IS NULL").await;
    assert_eq!(unmatched, vec!["haan".to_owned()]);
}

#[tokio::test]
async fn a_graph_api_answering_500_never_holds_up_checkout_is_retried_and_ends_marked_failed() {
    let shop = shop_with(60_000, true).await;
    shop.fake.set_behaviour(Behaviour { hold: true, ..Behaviour::default() });

    // The order is answered while Meta holds the message unanswered.
    let id = shop.place("0300 1234567").await;
    shop.fake.wait_for("a held request", |_, held| held == 1).await;
    assert_eq!(shop.fake.requests()[0].status, 0);
    shop.fake.set_behaviour(Behaviour { fail_status: Some(500), ..Behaviour::default() });
    shop.fake.release();

    let requests = shop.fake.wait_for("three attempts", |r, _| r.len() == 3 && r.iter().all(|m| m.status == 500)).await;
    assert_eq!(requests.len(), 3);
    let thread = shop.thread_until(&id, |t| t[0].starts_with("out confirmation failed")).await;
    assert_eq!(thread.len(), 1);
    let order = shop.admin_order(&id).await;
    assert_eq!(order["whatsapp"]["state"], "failed");
    assert_eq!(
        order["whatsapp"]["messages"][0]["error"],
        "An unexpected error has occurred. Please retry your request later. (code 2)"
    );
}

#[tokio::test]
async fn a_graph_api_that_times_out_is_retried_and_ends_marked_failed() {
    let shop = shop_with(200, true).await;
    shop.fake.set_behaviour(Behaviour { hold: true, ..Behaviour::default() });

    let id = shop.place("0300 1234567").await;

    shop.fake.wait_for("three attempts", |r, _| r.len() == 3).await;
    let thread = shop.thread_until(&id, |t| t[0].starts_with("out confirmation failed")).await;
    assert_eq!(thread.len(), 1);
    let error = shop.app.sql_texts(&format!("SELECT error AS t FROM whatsapp_messages WHERE order_id = {id}")).await;
    assert_eq!(error, vec!["The WhatsApp API timed out.".to_owned()]);
    shop.fake.release();
}

#[tokio::test]
async fn status_callbacks_out_of_order_never_move_a_message_backwards() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    let meta_id = shop.sent(1).await[0].id.clone().unwrap();
    shop.thread_until(&id, |t| t[0].starts_with("out confirmation sent")).await;
    let webhook = shop.webhook();

    let read = shop.fake.status(&webhook, &meta_id, "read", PHONE, None).await;
    let delivered = shop.fake.status(&webhook, &meta_id, "delivered", PHONE, None).await;
    let sent = shop.fake.status(&webhook, &meta_id, "sent", PHONE, None).await;
    let failed = shop.fake.status(&webhook, &meta_id, "failed", PHONE, Some(131_026)).await;
    let unknown = shop.fake.status(&webhook, "wamid.unknown", "delivered", PHONE, None).await;

    assert_eq!((read, delivered, sent, failed, unknown), (200, 200, 200, 200, 200));
    assert!(shop.thread(&id).await[0].starts_with("out confirmation read"));
}

#[tokio::test]
async fn a_failed_callback_keeps_metas_error() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    let meta_id = shop.sent(1).await[0].id.clone().unwrap();
    shop.thread_until(&id, |t| t[0].starts_with("out confirmation sent")).await;

    let status = shop.fake.status(&shop.webhook(), &meta_id, "failed", PHONE, Some(131_026)).await;

    assert_eq!(status, 200);
    assert!(shop.thread(&id).await[0].starts_with("out confirmation failed"));
    let error = shop.app.sql_texts(&format!("SELECT error AS t FROM whatsapp_messages WHERE order_id = {id}")).await;
    assert_eq!(error, vec!["131026: Message undeliverable".to_owned()]);
}

#[tokio::test]
async fn with_whatsapp_off_the_graph_api_gets_no_request_and_the_webhook_is_not_there() {
    let shop = shop_with(5_000, false).await;

    let id = shop.place("0300 1234567").await;
    assert!(shop.app.delivered(1).await);
    let get = shop
        .app
        .client
        .get(format!("{}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1", shop.webhook()))
        .send()
        .await
        .unwrap();
    let (status, _) = shop.reply(Reply { from: PHONE.into(), text: Some("haan".into()), ..Reply::default() }).await;

    assert_eq!((get.status().as_u16(), status), (404, 404));
    assert!(shop.fake.requests().is_empty());
    assert!(shop.thread(&id).await.is_empty());
    assert_eq!(shop.order_row(&id).await.1, "-");
    let order = shop.admin_order(&id).await;
    assert_eq!(
        (&order["whatsapp"], &order["whatsappTo"], &order["confirmedVia"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );
}

#[tokio::test]
async fn the_admin_list_filters_orders_confirmed_on_whatsapp_unanswered_and_failed() {
    let shop = shop().await;
    shop.fake.set_behaviour(Behaviour { not_on_whatsapp: vec!["923217654321".into()], ..Behaviour::default() });
    let confirmed = shop.place("0300 1234567").await;
    let failed = shop.place("0321 7654321").await;
    let unanswered = shop.place("0333 9998877").await;
    let payload = shop.payload(&confirmed, 0).await;
    let (status, _) = shop.reply(Reply { from: PHONE.into(), button_payload: Some(payload), ..Reply::default() }).await;
    assert_eq!(status, 200);
    shop.thread_until(&failed, |t| t.first().is_some_and(|m| m.starts_with("out confirmation failed"))).await;
    shop.thread_until(&unanswered, |t| t.first().is_some_and(|m| m.starts_with("out confirmation sent"))).await;
    let admin = shop.app.admin_cookie().await;

    let mut listed = Vec::new();
    for filter in ["confirmed", "noReply", "failed"] {
        let (status, body) = shop.app.send(&admin, "GET", &format!("/api/orders?whatsapp={filter}"), None).await;
        assert_eq!(status, 200, "{body}");
        listed.push(
            body["orders"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["_id"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>(),
        );
    }
    let (status, refused) = shop.app.send(&admin, "GET", "/api/orders?whatsapp=read", None).await;

    assert_eq!(listed, [vec![confirmed], vec![unanswered], vec![failed]]);
    assert_eq!(status, 400);
    assert_eq!(refused["message"], "whatsapp must be confirmed, noReply or failed.");
}

#[tokio::test]
async fn the_owner_sets_the_templates_on_the_cod_settings_and_the_next_order_uses_them() {
    let shop = shop().await;
    let admin = shop.app.admin_cookie().await;
    let (status, settings) = shop.app.send(&admin, "GET", "/api/cod/settings", None).await;
    assert_eq!(status, 200, "{settings}");
    assert_eq!(
        [
            &settings["whatsappEnabled"],
            &settings["whatsappConfirmationTemplate"],
            &settings["whatsappUpdateTemplate"],
            &settings["whatsappTemplateLanguage"]
        ],
        [&json!(true), &json!("order_confirmation"), &json!("order_update"), &json!("en")]
    );
    let mut change = json!({
        "rules": settings["rules"], "confirmWindowHours": 48, "rejectUnconfirmedAfterHours": 24,
        "whatsappConfirmationTemplate": "Order Confirm", "whatsappUpdateTemplate": "shop_news",
        "whatsappTemplateLanguage": "urdu"
    });

    let (refused, errors) = shop.app.send(&admin, "PUT", "/api/cod/settings", Some(change.clone())).await;
    change["whatsappConfirmationTemplate"] = json!(" cod_confirm ");
    change["whatsappTemplateLanguage"] = json!("ur");
    let (saved, body) = shop.app.send(&admin, "PUT", "/api/cod/settings", Some(change.clone())).await;
    let id = shop.place("0300 1234567").await;

    assert_eq!(refused, 400);
    assert_eq!(
        errors["errors"],
        json!({
            "whatsappConfirmationTemplate": ["A template name is 1 to 512 lowercase letters, digits and underscores, e.g. order_confirmation."],
            "whatsappTemplateLanguage": ["A language code is like en, en_US or ur."]
        })
    );
    assert_eq!(saved, 200, "{body}");
    assert_eq!(
        (&body["whatsappConfirmationTemplate"], &body["whatsappUpdateTemplate"]),
        (&json!("cod_confirm"), &json!("shop_news"))
    );
    let sent = shop.sent(1).await;
    let message =
        sent.iter().find(|m| m.body["template"]["components"][0]["parameters"][0]["text"] == format!("#{id}")).unwrap();
    assert_eq!(message.body["template"]["name"], "cod_confirm");
    assert_eq!(message.body["template"]["language"]["code"], "ur");
}

#[tokio::test]
async fn approval_dispatch_and_delivery_send_meta_the_update_template_with_courier_tracking_and_review_link() {
    let shop = shop().await;
    let id = shop.place("0300-1234567").await;
    shop.sent(1).await;

    shop.set_status(&id, "approved", None).await;
    let approved = shop.updates(&id, 2).await;
    let admin = shop.app.admin_cookie().await;
    let tracking = json!({"courier": "Leopards", "trackingNumber": "LE123456789"});
    let (saved, body) = shop.app.send(&admin, "PUT", &format!("/api/orders/{id}/tracking"), Some(tracking)).await;
    assert_eq!(saved, 200, "{body}");
    shop.set_status(&id, "dispatched", None).await;
    let dispatched = shop.updates(&id, 3).await;
    let delivered_answer = shop.set_status(&id, "delivered", None).await;
    let delivered = shop.updates(&id, 4).await;

    let tokens = delivered_answer["order"]["reviewTokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 1);
    let link = format!("{}/review?token={}", shop.app.config.public_url, tokens[0]["token"].as_str().unwrap());
    assert_eq!((approved.len(), dispatched.len(), delivered.len()), (1, 2, 3));
    for message in &delivered {
        assert_eq!(
            (message.path.as_str(), message.authorization.as_str(), message.to.as_str()),
            ("/v21.0/1234567890/messages", "Bearer test-token", PHONE)
        );
    }
    assert_eq!(
        delivered.iter().map(|m| m.body.clone()).collect::<Vec<_>>(),
        [
            update(&id, &format!("Your order #{id} has been approved and will be dispatched soon.")),
            update(
                &id,
                &format!(
                    "Your order #{id} is on its way: delivery within 3-4 working days. Please keep Rs 1,900 ready, \
                     cash on delivery. Courier: Leopards, tracking number: LE123456789."
                )
            ),
            update(
                &id,
                &format!(
                    "Your order #{id} has been delivered. Thank you for shopping with us! Tell others what you \
                     think: Phone Case: {link}"
                )
            ),
        ]
    );
    let thread = shop.thread_until(&id, |t| t.len() == 4 && t.iter().all(|m| !m.contains(" queued: "))).await;
    assert_eq!(
        thread[1..].iter().map(|m| m.split(':').next().unwrap()).collect::<Vec<_>>(),
        ["out update sent", "out update sent", "out update sent"]
    );
}

#[tokio::test]
async fn a_rejection_sends_meta_the_reason_on_one_line_and_mails_it_too() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    shop.sent(1).await;

    shop.set_status(&id, "rejected", Some("We cannot deliver to this address.\n\tPlease order again.")).await;

    let rejected = shop.updates(&id, 2).await;
    assert_eq!(rejected.len(), 1);
    assert_eq!(
        (rejected[0].path.as_str(), rejected[0].authorization.as_str(), rejected[0].to.as_str()),
        ("/v21.0/1234567890/messages", "Bearer test-token", PHONE)
    );
    assert_eq!(
        rejected[0].body,
        update(
            &id,
            &format!(
                "We are sorry: your order #{id} has been rejected. Reason: We cannot deliver to this address. Please \
                 order again."
            )
        )
    );
    shop.mails(3).await;
    let mail = shop
        .app
        .smtp
        .messages()
        .into_iter()
        .map(|m| plain(&m.data))
        .find(|m| m.contains(&format!("Subject: Your order #{id} is rejected")))
        .unwrap();
    assert!(mail.contains("Reason: We cannot deliver to this address.\n\tPlease order again.\n"), "{mail}");
}

#[tokio::test]
async fn with_whatsapp_on_the_order_and_status_emails_are_still_sent() {
    let shop = shop().await;
    let (_, cookie) = shop.app.customer("ayesha@example.pk").await;
    let (status, placed) = shop.app.place_order(&cookie, &two_cases(&shop, "0300 1234567"), None).await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();

    let on_placing = shop.mails(2).await;
    shop.set_status(&id, "approved", None).await;
    let after_approval = shop.mails(3).await;

    let shopper = vec!["ayesha@example.pk".to_owned()];
    let owner = vec![crate::helpers::ADMIN_EMAIL.to_owned()];
    assert_eq!(
        on_placing,
        [
            (shopper.clone(), format!("Please confirm your order #{id}")),
            (owner.clone(), format!("New order #{id}: Rs 1,900"))
        ]
    );
    assert_eq!(
        after_approval,
        [
            (shopper.clone(), format!("Please confirm your order #{id}")),
            (shopper, format!("Your order #{id} is approved")),
            (owner, format!("New order #{id}: Rs 1,900")),
        ]
    );
    assert_eq!(shop.updates(&id, 2).await.len(), 1, "the approval went to WhatsApp as well");
    let sent = shop.fake.messages();
    assert_eq!(sent.len(), 2);
    assert_eq!(sent[0].body["template"]["name"], "order_confirmation");
}

#[tokio::test]
async fn reject_unconfirmed_orders_leaves_an_order_confirmed_on_whatsapp_and_rejects_an_unconfirmed_one() {
    let shop = shop().await;
    let confirmed = shop.place("0300 1234567").await;
    let unconfirmed = shop.place("0300 1234567").await;
    shop.sent(2).await;
    let payload = shop.payload(&confirmed, 0).await;
    let (replied, _) =
        shop.reply(Reply { from: PHONE.into(), button_payload: Some(payload), ..Reply::default() }).await;
    assert_eq!(replied, 200);
    assert_eq!(shop.order_row(&confirmed).await.1, "whatsapp");
    for id in [&confirmed, &unconfirmed] {
        shop.age_order(id, 25).await;
    }
    let admin = shop.app.admin_cookie().await;

    let (status, body) = shop.app.send(&admin, "POST", "/api/orders/reject-unconfirmed", Some(json!({}))).await;

    assert_eq!(
        (status, body),
        (200, json!({"success": true, "message": "Rejected 1 unconfirmed order.", "rejected": [unconfirmed]}))
    );
    assert_eq!(shop.order_row(&confirmed).await, ("pending".into(), "whatsapp".into(), "-".into()));
    assert_eq!(
        shop.order_row(&unconfirmed).await,
        ("rejected".into(), "-".into(), "Not confirmed within 24 hours.".into())
    );
    assert_eq!(shop.app.stock_of(shop.case).await, Some(8), "only the unconfirmed order's two cases are back");
    // The confirmation's answer, then the rejection's message.
    let rejected = shop.updates(&unconfirmed, 4).await;
    assert_eq!(
        rejected.iter().map(|m| m.body.clone()).collect::<Vec<_>>(),
        [update(
            &unconfirmed,
            &format!(
                "We are sorry: your order #{unconfirmed} has been rejected. Reason: Not confirmed within 24 hours."
            )
        )]
    );
}

#[tokio::test]
async fn a_confirm_reply_after_the_confirmation_window_changes_nothing_and_says_so() {
    let shop = shop().await;
    let id = shop.place("0300 1234567").await;
    let payload = shop.payload(&id, 0).await;
    shop.age_order(&id, 25).await;

    let (status, _) = shop.reply(Reply { from: PHONE.into(), button_payload: Some(payload), ..Reply::default() }).await;

    assert_eq!(status, 200);
    let thread = shop.thread_until(&id, |t| t.len() == 3 && t.iter().all(|m| !m.contains(" queued: "))).await;
    assert_eq!(
        thread[1..],
        [
            "in reply received: Confirm".to_owned(),
            format!("out update sent: The time to confirm your order #{id} has passed, so it was not confirmed. Reply here if you need help."),
        ]
    );
    assert_eq!(shop.order_row(&id).await, ("pending".into(), "-".into(), "-".into()));
    let order = shop.admin_order(&id).await;
    assert_eq!((&order["confirmedAt"], &order["whatsapp"]["confirmedOnWhatsApp"]), (&Value::Null, &json!(false)));
    let answer = shop.updates(&id, 2).await;
    assert_eq!(
        answer.iter().map(|m| m.body.clone()).collect::<Vec<_>>(),
        [update(&id, &format!("The time to confirm your order #{id} has passed, so it was not confirmed. Reply here if you need help."))]
    );
}

// Urdu orders (issue 30, docs/decisions/0048-urdu.md): an order placed from an Urdu page (`Accept-Language:
// ur`) keeps its language; its e-mails and WhatsApp messages speak it, the owner's e-mail stays English.

/// A received e-mail as (subject, text body), its encoded words, base64 and quoted-printable undone.
fn readable(data: &str) -> (String, String) {
    use base64::Engine as _;
    let b64 = |text: &str| {
        let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        String::from_utf8(base64::engine::general_purpose::STANDARD.decode(clean).unwrap()).unwrap()
    };
    let quoted = |text: &str, underscore: bool| {
        let text = text.replace("=\r\n", "").replace("=\n", "");
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'=' && i + 2 < bytes.len() {
                if let Ok(byte) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                    out.push(byte);
                    i += 3;
                    continue;
                }
            }
            out.push(if underscore && bytes[i] == b'_' { b' ' } else { bytes[i] });
            i += 1;
        }
        String::from_utf8(out).unwrap()
    };
    let data = data.replace("\r\n", "\n");
    let (head, _) = data.split_once("\n\n").unwrap();
    let head = head.replace("\n ", " ").replace("\n\t", " ");
    let raw_subject = head.lines().find_map(|l| l.strip_prefix("Subject: ")).unwrap();
    let subject: String = raw_subject
        .split_whitespace()
        .map(|word| match word.strip_prefix("=?utf-8?").or_else(|| word.strip_prefix("=?UTF-8?")) {
            Some(encoded) => {
                let encoded = encoded.strip_suffix("?=").unwrap();
                match encoded.split_once('?').unwrap() {
                    ("b" | "B", text) => (b64(text), true),
                    (_, text) => (quoted(text, true), true),
                }
            }
            None => (word.to_owned(), false),
        })
        .fold((String::new(), false), |(mut out, last_encoded), (word, encoded)| {
            if !(out.is_empty() || encoded && last_encoded) {
                out.push(' ');
            }
            out.push_str(&word);
            (out, encoded)
        })
        .0;
    let plain_part = data.split("Content-Type: text/plain").nth(1).unwrap();
    let (part_head, rest) = plain_part.split_once("\n\n").unwrap();
    let body = rest.split("\n--").next().unwrap();
    let text = if part_head.contains("Content-Transfer-Encoding: base64") {
        b64(body)
    } else if part_head.contains("Content-Transfer-Encoding: quoted-printable") {
        quoted(body, false)
    } else {
        body.to_owned()
    };
    (subject, text.replace("\r\n", "\n"))
}

impl Shop {
    /// Places two Phone Cases for `phone` from a page in `language` (its `Accept-Language`), under `key`;
    /// answers the order's id and the account's cookie.
    async fn place_in(&self, phone: &str, language: &str, key: Option<&str>, cookie: Option<&str>) -> (String, String) {
        let cookie = match cookie {
            Some(cookie) => cookie.to_owned(),
            None => self.app.customer(&format!("shopper-{}@example.pk", rand_suffix())).await.1,
        };
        let mut request = self
            .app
            .client
            .post(format!("{}/api/orders", self.app.address))
            .header("cookie", &cookie)
            .header("accept-language", language)
            .json(&two_cases(self, phone));
        if let Some(key) = key {
            request = request.header("idempotency-key", key);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let placed: Value = response.json().await.unwrap();
        assert_eq!(status, 201, "{placed}");
        (placed["order"]["_id"].as_str().unwrap().to_owned(), cookie)
    }

    async fn language_of(&self, id: &str) -> String {
        self.app.sql_texts(&format!("SELECT language AS t FROM orders WHERE id = {id}")).await.remove(0)
    }
}

#[tokio::test]
async fn an_order_placed_in_urdu_is_confirmed_and_told_of_its_status_in_urdu_by_email_and_whatsapp() {
    let shop = shop().await;

    let (id, cookie) = shop.place_in("0300 1234567", "ur", Some("urdu-1"), None).await;
    // A retry of the same submit from an English page answers the order as placed first.
    let (again, _) = shop.place_in("0300 1234567", "en", Some("urdu-1"), Some(&cookie)).await;

    assert_eq!(again, id);
    assert_eq!(shop.language_of(&id).await, "ur");
    let sent = shop.sent(1).await;
    let confirm = sent[0].body["template"]["components"][1]["parameters"][0]["payload"].as_str().unwrap();
    let secret = confirm.strip_prefix(&format!("confirm:{id}:")).unwrap();
    assert_eq!(
        sent[0].body["template"],
        json!({"name":"order_confirmation","language":{"code":"ur"},"components":[
            {"type":"body","parameters":[{"type":"text","text":format!("#{id}")},{"type":"text","text":"2 عدد Phone Case"},
                                         {"type":"text","text":"Rs 1,900"},{"type":"text","text":"House 12, Street 4, Gulberg III, Lahore"}]},
            {"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":format!("confirm:{id}:{secret}")}]},
            {"type":"button","sub_type":"quick_reply","index":"1","parameters":[{"type":"payload","payload":format!("cancel:{id}:{secret}")}]}]})
    );
    assert!(shop.app.delivered(2).await, "the shopper's confirmation and the owner's e-mail");
    let mails: Vec<(Vec<String>, (String, String))> =
        shop.app.smtp.messages().into_iter().map(|m| (m.to, readable(&m.data))).collect();
    let (_, (subject, text)) =
        mails.iter().find(|(to, _)| !to.contains(&crate::helpers::ADMIN_EMAIL.to_owned())).unwrap();
    assert_eq!(subject, &format!("براہِ کرم اپنے آرڈر #{id} کی تصدیق کریں"));
    let link = text.lines().find_map(|l| l.strip_prefix("اپنے آرڈر کی تصدیق کریں: ")).unwrap();
    assert!(link.starts_with(&format!("{}/confirm-order?order={id}&token=", shop.app.config.public_url)), "{text}");
    let hours =
        shop.app.sql_texts("SELECT reject_unconfirmed_after_hours::text AS t FROM shop_settings").await.remove(0);
    assert_eq!(
        text,
        &format!(
            "السلام علیکم Ayesha Khan،\n\n\
             آپ کے آرڈر #{id} کا شکریہ۔ براہِ کرم ایک کلک سے اس کی تصدیق کر دیں تاکہ ہم اسے روانہ کر سکیں۔\n\
             یہ لنک {hours} گھنٹے تک کام کرے گا؛ اس دوران تصدیق نہ ہونے والا آرڈر منسوخ کیا جا سکتا ہے۔\n\n\
             Phone Case: 2 عدد، فی عدد Rs 850، کل Rs 1,700\n\n\
             سب ٹوٹل: Rs 1,700\nڈیلیوری چارجز: Rs 200\nکل رقم (کیش آن ڈیلیوری): Rs 1,900\n\n\
             ڈیلیوری کا پتا (براہِ کرم چیک کر لیں، اور کچھ غلط ہو تو اس ای میل کا جواب دیں):\n\
             Ayesha Khan\nHouse 12, Street 4\nGulberg III\nLahore, Punjab\nفون: 0300 1234567\n\n\
             اپنے آرڈر کی تصدیق کریں: {link}\n"
        )
    );
    let (_, (owner_subject, owner_text)) =
        mails.iter().find(|(to, _)| to.contains(&crate::helpers::ADMIN_EMAIL.to_owned())).unwrap();
    assert_eq!(owner_subject, &format!("New order #{id}: Rs 1,900"), "the owner's e-mail stays English");
    assert!(owner_text.contains("Phone Case x 2 at Rs 850 = Rs 1,700"), "{owner_text}");

    shop.set_status(&id, "approved", None).await;
    shop.set_status(&id, "rejected", Some("Out of stock")).await;

    let updates = shop.updates(&id, 3).await;
    let news: Vec<(&Value, &Value)> = updates
        .iter()
        .map(|m| {
            (&m.body["template"]["language"]["code"], &m.body["template"]["components"][0]["parameters"][1]["text"])
        })
        .collect();
    assert_eq!(
        news,
        [
            (&json!("ur"), &json!(format!("آپ کا آرڈر #{id} منظور ہو گیا ہے اور جلد روانہ کر دیا جائے گا۔"))),
            (&json!("ur"), &json!(format!("معذرت: آپ کا آرڈر #{id} مسترد کر دیا گیا ہے۔ وجہ: Out of stock"))),
        ]
    );
    assert!(shop.app.delivered(4).await);
    let status_mails: Vec<(String, String)> =
        shop.app.smtp.messages().into_iter().skip(2).map(|m| readable(&m.data)).collect();
    assert_eq!(status_mails[0].0, format!("آپ کا آرڈر #{id}: منظور شدہ"));
    assert_eq!(status_mails[1].0, format!("آپ کا آرڈر #{id}: مسترد شدہ"));
    assert_eq!(
        status_mails[1].1,
        format!(
            "السلام علیکم Ayesha Khan،\n\nمعذرت: آپ کا آرڈر #{id} مسترد کر دیا گیا ہے۔\n\nوجہ: Out of stock\n\n\
             Phone Case: 2 عدد، فی عدد Rs 850، کل Rs 1,700\n\n\
             سب ٹوٹل: Rs 1,700\nڈیلیوری چارجز: Rs 200\nکل رقم (کیش آن ڈیلیوری): Rs 1,900\n"
        )
    );
}

#[tokio::test]
async fn an_urdu_order_is_answered_in_urdu_on_whatsapp_and_the_owner_sets_the_urdu_templates_language() {
    let shop = shop().await;
    let admin = shop.app.admin_cookie().await;
    let (_, settings) = shop.app.send(&admin, "GET", "/api/cod/settings", None).await;
    assert_eq!(settings["whatsappTemplateLanguageUr"], "ur", "the default");
    let mut change = json!({
        "rules": settings["rules"], "confirmWindowHours": 48, "rejectUnconfirmedAfterHours": 24,
        "whatsappTemplateLanguageUr": "ur-PK"
    });
    let (refused, body) = shop.app.send(&admin, "PUT", "/api/cod/settings", Some(change.clone())).await;
    assert_eq!(refused, 400, "{body}");
    assert_eq!(body["errors"], json!({"whatsappTemplateLanguageUr": ["A language code is like en, en_US or ur."]}));
    change["whatsappTemplateLanguageUr"] = json!(" ur_PK ");
    let (saved, body) = shop.app.send(&admin, "PUT", "/api/cod/settings", Some(change)).await;
    assert_eq!(saved, 200, "{body}");
    assert_eq!(
        (&body["whatsappTemplateLanguage"], &body["whatsappTemplateLanguageUr"]),
        (&json!("en"), &json!("ur_PK"))
    );

    let (id, _) = shop.place_in("0300 1234567", "ur-PK,ur;q=0.9,en;q=0.8", None, None).await;
    let (english, _) = shop.place_in("0301 7654321", "en", None, None).await;
    let payload = shop.payload(&id, 0).await;
    shop.reply(Reply { from: PHONE.into(), button_payload: Some(payload.clone()), ..Reply::default() }).await;
    shop.set_status(&id, "approved", None).await;
    shop.reply(Reply {
        from: PHONE.into(),
        button_payload: Some(payload.replacen("confirm", "cancel", 1)),
        ..Reply::default()
    })
    .await;

    let sent = shop.sent(2).await;
    let languages: Vec<(&Value, &Value)> = sent
        .iter()
        .filter(|m| m.body["template"]["name"] == "order_confirmation")
        .map(|m| {
            (&m.body["template"]["components"][0]["parameters"][0]["text"], &m.body["template"]["language"]["code"])
        })
        .collect();
    assert!(languages.contains(&(&json!(format!("#{id}")), &json!("ur_PK"))), "{languages:?}");
    assert!(languages.contains(&(&json!(format!("#{english}")), &json!("en"))), "{languages:?}");
    let thread = shop.thread_until(&id, |t| t.len() == 6 && t.iter().all(|m| !m.contains(" queued: "))).await;
    assert_eq!(
        thread[1..],
        [
            "in reply received: Confirm".to_owned(),
            format!("out update sent: شکریہ! آپ کے آرڈر #{id} کی تصدیق ہو گئی ہے۔"),
            format!("out update sent: آپ کا آرڈر #{id} منظور ہو گیا ہے اور جلد روانہ کر دیا جائے گا۔"),
            "in reply received: Cancel".to_owned(),
            format!("out update sent: آپ کے جواب کا شکریہ۔ آپ کا آرڈر #{id} اب منظور شدہ ہے، اس لیے کچھ تبدیل نہیں کیا گیا۔ مدد چاہیے تو یہیں جواب دیں۔"),
        ]
    );
    let updates = shop.updates(&id, 5).await;
    assert!(updates.iter().all(|m| m.body["template"]["language"]["code"] == "ur_PK"), "{updates:#?}");
}

#[tokio::test]
async fn meta_refuses_the_templates_in_a_language_they_are_not_approved_in_and_the_owner_sees_why() {
    let shop = shop().await;
    shop.fake.set_behaviour(Behaviour { approved_languages: vec!["en".into()], ..Behaviour::default() });

    let (urdu, _) = shop.place_in("0300 1234567", "ur", None, None).await;
    let (english, _) = shop.place_in("0301 7654321", "en", None, None).await;

    let failed = shop.thread_until(&urdu, |t| t.len() == 1 && t[0].starts_with("out confirmation failed")).await;
    let sent = shop.thread_until(&english, |t| t.len() == 1 && t[0].starts_with("out confirmation sent")).await;
    assert_eq!((failed.len(), sent.len()), (1, 1));
    let error = shop.app.sql_texts(&format!("SELECT error AS t FROM whatsapp_messages WHERE order_id = {urdu}")).await;
    assert_eq!(error, ["(#132001) Template name does not exist in the translation (code 132001)"]);
}
