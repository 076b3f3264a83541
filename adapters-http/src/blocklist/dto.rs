//! The wire types of the blocklist: its entries, the checkouts it refused, and a phone or e-mail to block.

use application::blocklist::model::{BlockEntry, BlockedAttempt};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::dto::{timestamp, whole_rupees, wire_int};
use crate::infra::forms::Text;

/// What a blocklist entry blocks: `phone` or `email`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BlockKind {
    Phone,
    Email,
}

impl From<application::blocklist::model::BlockKind> for BlockKind {
    fn from(kind: application::blocklist::model::BlockKind) -> Self {
        use application::blocklist::model::BlockKind as Kind;
        match kind {
            Kind::Phone => Self::Phone,
            Kind::Email => Self::Email,
        }
    }
}

/// A blocklist entry.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockEntryResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// `phone` or `email`.
    pub kind: BlockKind,
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
            kind: entry.kind.into(),
            value: entry.value,
            reason: entry.reason,
            created_at: timestamp(entry.created_at),
            attempts: wire_int(entry.attempts),
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
    pub kind: BlockKind,
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
            count: wire_int(a.count),
            entry_id: a.entry.map(|e| e.to_string()),
            kind: a.kind.into(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_is_written_as_the_application_names_it() {
        for kind in [application::blocklist::model::BlockKind::Phone, application::blocklist::model::BlockKind::Email] {
            assert_eq!(serde_json::to_value(BlockKind::from(kind)).unwrap(), kind.as_str());
        }
    }
}
