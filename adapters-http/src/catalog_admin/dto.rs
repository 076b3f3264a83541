//! The wire types of the admin's catalogue: a category to add or change, and the answers after a change.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dto::catalog::{CategoryResponse, ProductResponse};
use crate::infra::forms::{CategoryRef, Text};

/// A category to add or change.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CategoryBody {
    /// Text; blank text counts as absent. One line without control characters.
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
    /// The Urdu name shown on Urdu pages: one line without control characters, at most 100 characters. On
    /// add: absent, `null` or "" for none. On change: absent or `null` keeps it, "" removes it.
    #[serde(default, rename = "nameUr")]
    #[schema(inline)]
    pub name_ur: Text,
    /// The parent's id. On add: absent, `null` or "" for a root category. On change: absent or `null` keeps
    /// the parent, "" makes it a root.
    #[serde(default)]
    #[schema(inline)]
    pub parent: CategoryRef,
}

/// A category after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryEnvelope {
    pub category: CategoryResponse,
}

/// A product after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductEnvelope {
    pub product: ProductResponse,
}

/// Whether a product is featured now.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeaturedResponse {
    pub featured: bool,
}
