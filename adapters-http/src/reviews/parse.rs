//! Reading review requests: an id in a form field or a parameter, and the query of the admin's list and of
//! a customer's reviewed items.

use application::common::page::Page;
use domain::ids::{CustomerId, IdError};
use domain::review::ReviewStatus;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::dto::page_of;
use crate::infra::error::ApiError;
use crate::infra::query::{param, FromQuery};

/// The token of a review link.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token from the link's `token` parameter.
    pub token: Option<String>,
}

/// Whose reviewed items to list, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewStatusQuery {
    /// The signed-in customer's uid.
    #[serde(rename = "userId")]
    #[param(rename = "userId")]
    pub user_id: Option<String>,
}

/// The admin's review list: optionally one status, and a page, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminReviewsQuery {
    /// `pending`, `approved` or `rejected`; empty or absent for all.
    #[param(pattern = "^(pending|approved|rejected)?$")]
    pub status: Option<String>,
    /// How many reviews at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// A page of a product's approved reviews.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApprovedReviewsQuery {
    /// How many reviews at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// An id named `name` (a form field or a parameter), trimmed: `None` when absent or blank.
///
/// # Errors
/// A 400 naming `name` when it is not an id.
pub fn id_field<T: std::str::FromStr<Err = IdError>>(name: &str, value: Option<&str>) -> Result<Option<T>, ApiError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|e: IdError| ApiError::invalid_field(name, e.to_string())),
    }
}

/// The customer whose reviewed items to list.
pub struct ReviewedItemsOf(pub CustomerId);

impl FromQuery for ReviewedItemsOf {
    type Sent = ReviewStatusQuery;

    fn from_query(sent: ReviewStatusQuery) -> Result<Self, ApiError> {
        let owner = id_field("userId", sent.user_id.as_deref())?
            .ok_or_else(|| ApiError::invalid_field("userId", "userId is required."))?;
        Ok(Self(owner))
    }
}

/// The admin's list as asked: optionally one status, and the page.
pub struct ReviewList {
    pub status: Option<ReviewStatus>,
    pub page: Page,
}

impl FromQuery for ReviewList {
    type Sent = AdminReviewsQuery;

    fn from_query(sent: AdminReviewsQuery) -> Result<Self, ApiError> {
        let status = param::<ReviewStatus>("status", sent.status.as_deref())?;
        Ok(Self { status, page: page_of(sent.limit, sent.offset)? })
    }
}
