//! Meta's webhook envelope read into what the use cases take: the shopper's messages and the statuses of
//! the shop's. Anything the shop does not act on (other fields, other types) is skipped, never refused:
//! Meta would deliver a refused body again and again.

use application::orders::whatsapp::{IncomingContent, IncomingMessage};
use application::whatsapp::delivery::StatusUpdate;
use domain::whatsapp::MessageState;
use serde_json::Value;

/// What one delivery holds.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Delivery {
    pub messages: Vec<IncomingMessage>,
    pub statuses: Vec<StatusUpdate>,
}

fn text(value: &Value) -> Option<String> {
    value.as_str().map(str::to_owned).filter(|s| !s.is_empty())
}

fn message(value: &Value) -> Option<IncomingMessage> {
    let meta_id = text(&value["id"])?;
    let from = text(&value["from"])?;
    let content = match value["type"].as_str()? {
        "button" => IncomingContent::Button(text(&value["button"]["payload"])?),
        "interactive" => IncomingContent::Button(text(&value["interactive"]["button_reply"]["id"])?),
        "text" => IncomingContent::Text(value["text"]["body"].as_str().unwrap_or_default().to_owned()),
        other => IncomingContent::Other(other.chars().take(40).collect()),
    };
    Some(IncomingMessage { meta_id, from, content })
}

fn status(value: &Value) -> Option<StatusUpdate> {
    let meta_id = text(&value["id"])?;
    let state = match MessageState::parse(value["status"].as_str()?)? {
        state @ (MessageState::Sent | MessageState::Delivered | MessageState::Read | MessageState::Failed) => state,
        MessageState::Queued | MessageState::Received => return None,
    };
    let error = value["errors"].get(0).map(|e| {
        let title = e["title"].as_str().or_else(|| e["message"].as_str()).unwrap_or("error");
        match e["code"].as_i64() {
            Some(code) => format!("{code}: {title}"),
            None => title.to_owned(),
        }
    });
    Some(StatusUpdate { meta_id, state, error })
}

/// The messages and statuses of a delivery's body; `None` when it is no JSON object of a WhatsApp account.
pub(crate) fn read(body: &[u8]) -> Option<Delivery> {
    let envelope: Value = serde_json::from_slice(body).ok()?;
    if envelope["object"].as_str()? != "whatsapp_business_account" {
        return None;
    }
    let mut delivery = Delivery::default();
    let empty = Vec::new();
    for entry in envelope["entry"].as_array().unwrap_or(&empty) {
        for change in entry["changes"].as_array().unwrap_or(&empty) {
            let value = &change["value"];
            delivery.messages.extend(value["messages"].as_array().unwrap_or(&empty).iter().filter_map(message));
            delivery.statuses.extend(value["statuses"].as_array().unwrap_or(&empty).iter().filter_map(status));
        }
    }
    Some(delivery)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn wrap(value: Value) -> Vec<u8> {
        json!({"object": "whatsapp_business_account", "entry": [{"id": "1", "changes": [{"field": "messages", "value": value}]}]})
            .to_string()
            .into_bytes()
    }

    #[test]
    fn buttons_interactive_replies_and_texts_are_read() {
        let body = wrap(json!({"messages": [
            {"from": "923001234567", "id": "wamid.1", "type": "button", "button": {"payload": "confirm:1:s", "text": "Confirm"}},
            {"from": "923001234567", "id": "wamid.2", "type": "interactive", "interactive": {"type": "button_reply", "button_reply": {"id": "cancel:1:s", "title": "Cancel"}}},
            {"from": "923001234567", "id": "wamid.3", "type": "text", "text": {"body": "haan"}},
            {"from": "923001234567", "id": "wamid.4", "type": "image", "image": {}},
            {"from": "923001234567", "type": "text", "text": {"body": "no id"}}
        ]}));

        let delivery = read(&body).unwrap();

        let contents: Vec<_> = delivery.messages.iter().map(|m| (m.meta_id.as_str(), m.content.clone())).collect();
        assert_eq!(
            contents,
            vec![
                ("wamid.1", IncomingContent::Button("confirm:1:s".into())),
                ("wamid.2", IncomingContent::Button("cancel:1:s".into())),
                ("wamid.3", IncomingContent::Text("haan".into())),
                ("wamid.4", IncomingContent::Other("image".into())),
            ]
        );
    }

    #[test]
    fn statuses_are_read_with_metas_error() {
        let body = wrap(json!({"statuses": [
            {"id": "wamid.1", "status": "delivered", "recipient_id": "923001234567"},
            {"id": "wamid.2", "status": "failed", "errors": [{"code": 131026, "title": "Message undeliverable"}]},
            {"id": "wamid.3", "status": "deleted"}
        ]}));

        let delivery = read(&body).unwrap();

        assert_eq!(
            delivery.statuses,
            vec![
                StatusUpdate { meta_id: "wamid.1".into(), state: MessageState::Delivered, error: None },
                StatusUpdate {
                    meta_id: "wamid.2".into(),
                    state: MessageState::Failed,
                    error: Some("131026: Message undeliverable".into())
                },
            ]
        );
    }

    #[test]
    fn another_object_or_no_json_is_nothing() {
        assert_eq!(read(b"{\"object\":\"page\"}"), None);
        assert_eq!(read(b"not json"), None);
        assert_eq!(read(b"{\"object\":\"whatsapp_business_account\"}"), Some(Delivery::default()));
    }
}
