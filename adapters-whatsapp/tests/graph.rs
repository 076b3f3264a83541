//! The Graph API client against the fake Graph API: the request Meta gets, and Meta's answers read back.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use std::time::Duration;

use adapters_whatsapp::test_support::{Behaviour, FakeGraph, FakeGraphConfig};
use adapters_whatsapp::{GraphClient, GraphConfig};
use application::whatsapp::ports::{SendFailure, TemplateMessage, WhatsAppSender};
use serde_json::json;

fn client(fake: &FakeGraph, token: &str, phone_number_id: &str) -> GraphClient {
    GraphClient::new(GraphConfig {
        api_url: fake.base_url().to_owned(),
        api_version: "v21.0".into(),
        phone_number_id: phone_number_id.into(),
        access_token: token.to_owned().into(),
        timeout: Duration::from_millis(500),
    })
    .unwrap()
}

fn message() -> TemplateMessage {
    TemplateMessage {
        to: "923001234567".into(),
        template: "order_update".into(),
        language: "en".into(),
        body: vec!["#42".into(), "Your order is on its way.".into()],
        buttons: vec![],
    }
}

#[tokio::test]
async fn a_message_reaches_meta_as_a_template_with_the_bearer_token_and_comes_back_with_metas_id() {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;

    let id = client(&fake, "test-token", "1234567890").send(&message()).await.unwrap();

    let received = fake.messages();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].id.as_deref(), Some(id.as_str()));
    assert!(id.starts_with("wamid."), "{id}");
    assert_eq!(received[0].path, "/v21.0/1234567890/messages");
    assert_eq!(received[0].authorization, "Bearer test-token");
    assert_eq!(
        received[0].body,
        json!({"messaging_product":"whatsapp","recipient_type":"individual","to":"923001234567","type":"template",
            "template":{"name":"order_update","language":{"code":"en"},"components":[
                {"type":"body","parameters":[{"type":"text","text":"#42"},{"type":"text","text":"Your order is on its way."}]}]}})
    );
}

#[tokio::test]
async fn a_wrong_token_or_phone_number_id_is_refused_for_good_with_metas_error() {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;

    let token = client(&fake, "stolen", "1234567890").send(&message()).await.unwrap_err();
    let phone = client(&fake, "test-token", "999").send(&message()).await.unwrap_err();

    assert_eq!(
        token,
        SendFailure { error: "Invalid OAuth access token - Cannot parse access token (code 190)".into(), retry: false }
    );
    assert!(phone.error.starts_with("Unsupported post request. Object with ID '999' does not exist"), "{phone:?}");
    assert!(!phone.retry);
    assert!(fake.messages().is_empty());
}

#[tokio::test]
async fn a_number_not_on_whatsapp_fails_for_good_and_a_server_error_may_pass() {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;
    let client = client(&fake, "test-token", "1234567890");

    fake.set_behaviour(Behaviour { not_on_whatsapp: vec!["923001234567".into()], ..Behaviour::default() });
    let refused = client.send(&message()).await.unwrap_err();
    fake.set_behaviour(Behaviour { fail_status: Some(500), fail_count: Some(1), ..Behaviour::default() });
    let down = client.send(&message()).await.unwrap_err();
    let again = client.send(&message()).await;

    assert_eq!(refused, SendFailure { error: "(#131026) Message undeliverable (code 131026)".into(), retry: false });
    assert!(down.retry, "{down:?}");
    assert!(again.is_ok(), "{again:?}");
}

#[tokio::test]
async fn a_request_held_past_the_timeout_may_pass_later() {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;
    fake.set_behaviour(Behaviour { hold: true, ..Behaviour::default() });

    let failure = client(&fake, "test-token", "1234567890").send(&message()).await.unwrap_err();
    fake.release();

    assert_eq!(failure, SendFailure { error: "The WhatsApp API timed out.".into(), retry: true });
}

#[tokio::test]
async fn the_fake_refuses_a_body_meta_would_refuse() {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;
    let mut plus = message();
    plus.to = "+923001234567".into();

    let failure = client(&fake, "test-token", "1234567890").send(&plus).await.unwrap_err();

    assert_eq!(failure, SendFailure { error: "(#100) Invalid parameter (code 100)".into(), retry: false });
}

#[tokio::test]
async fn a_parameter_with_lines_tabs_or_runs_of_spaces_goes_on_one_line_which_meta_takes() {
    let fake = FakeGraph::start(FakeGraphConfig::default()).await;
    let mut lines = message();
    lines.body[1] = "Reason: No courier\n\tto this   address.\n\nCall     us.".into();

    let sent = client(&fake, "test-token", "1234567890").send(&lines).await;
    let mut verbatim = adapters_whatsapp::template_body(&lines);
    verbatim["template"]["components"][0]["parameters"][1]["text"] = json!(lines.body[1]);
    let refused = reqwest::Client::new()
        .post(format!("{}/v21.0/1234567890/messages", fake.base_url()))
        .bearer_auth("test-token")
        .json(&verbatim)
        .send()
        .await
        .unwrap();
    let refused = (refused.status().as_u16(), refused.json::<serde_json::Value>().await.unwrap());

    assert!(sent.is_ok(), "{sent:?}");
    assert_eq!(
        fake.messages()[0].body["template"]["components"][0]["parameters"],
        json!([{"type":"text","text":"#42"},{"type":"text","text":"Reason: No courier to this address. Call us."}])
    );
    assert_eq!(refused.0, 400);
    assert_eq!(refused.1["error"]["code"], 132_018);
}
