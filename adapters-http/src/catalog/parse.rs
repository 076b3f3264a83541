//! Reading a search: its terms and page.

use application::catalog::model::{SearchTerms, SearchTermsError};
use application::common::page::Page;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::dto::page_of;
use crate::infra::error::ApiError;
use crate::infra::query::FromQuery;

/// What to search for, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// The search terms: 1 to 100 characters once runs of spaces and control characters are one space and
    /// the ends are trimmed.
    #[param(required = true, min_length = 1, max_length = 100, pattern = "[^\\s\\x00-\\x1F\\x7F-\\x9F]")]
    pub q: Option<String>,
    /// How many products at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many products to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// A search as asked: its terms and page.
pub struct ProductSearch {
    pub terms: SearchTerms,
    pub page: Page,
}

impl FromQuery for ProductSearch {
    type Sent = SearchQuery;

    fn from_query(sent: SearchQuery) -> Result<Self, ApiError> {
        let terms = SearchTerms::parse(sent.q.as_deref().unwrap_or_default())?;
        Ok(Self { terms, page: page_of(sent.limit, sent.offset)? })
    }
}

impl From<SearchTermsError> for ApiError {
    fn from(err: SearchTermsError) -> Self {
        Self::invalid_field("q", err.to_string())
    }
}
