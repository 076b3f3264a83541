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

/// How many e-mails were queued.
#[derive(Debug, Serialize, ToSchema)]
pub struct QueuedResponse {
    pub message: String,
    pub queued: i64,
}

/// The outbox's counts.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailStatusResponse {
    pub queued: i64,
    pub sent: i64,
    pub failed: i64,
}
