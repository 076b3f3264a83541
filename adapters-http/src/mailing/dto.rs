//! The wire types of the owner's e-mails: a customer of the list, the e-mail to send, and the counts.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::infra::forms::{Flag, Text, TextList};

/// A customer in the recipient list.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerSummary {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
}

/// An e-mail to customers.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkEmailBody {
    /// Text; blank text counts as absent. One line without control characters.
    #[serde(default)]
    #[schema(inline)]
    pub subject: Text,
    /// Text; blank text counts as absent. Line breaks and tabs are kept; other control characters are refused.
    #[serde(default)]
    #[schema(inline)]
    pub message: Text,
    /// Send to every customer; otherwise to `selectedEmails`.
    #[serde(default)]
    #[schema(inline)]
    pub send_to_all: Flag,
    #[serde(default)]
    #[schema(inline)]
    pub selected_emails: TextList,
}

/// How many e-mails were queued, and how many chosen customers were left out.
#[derive(Debug, Serialize, ToSchema)]
pub struct QueuedResponse {
    pub message: String,
    pub queued: i64,
    /// Chosen customers left out because they are on the blocklist (by account e-mail or an order's phone).
    pub blocked: i32,
    /// Chosen customers left out because they unsubscribed.
    pub unsubscribed: i32,
}

/// An e-mail as it would go out, before it is sent: to how many, who is left out, and what it says (its
/// unsubscribe link drawn as a sample).
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkEmailPreviewResponse {
    /// How many customers would get it.
    pub recipients: i32,
    /// Chosen customers left out because they are on the blocklist.
    pub blocked: i32,
    /// Chosen customers left out because they unsubscribed.
    pub unsubscribed: i32,
    pub subject: String,
    /// The plain-text body, footer included.
    pub text: String,
    /// The HTML body, footer included.
    pub html: String,
}

/// The token of an unsubscribe link.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct UnsubscribeQuery {
    /// The token from the e-mail's link.
    #[serde(default)]
    pub token: String,
}

/// The outbox's counts.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailStatusResponse {
    pub queued: i64,
    pub sent: i64,
    pub failed: i64,
}
