//! The correction a search that finds nothing offers ('Did you mean "charger"?').

use actix_web::{get, web, HttpResponse};
use application::catalog::browse::Catalog;
use serde::Serialize;
use utoipa::ToSchema;

use super::parse::{ProductSearch, SearchQuery};
use crate::infra::cache::ResponseCache;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::query::TypedQuery;

/// What the shopper probably meant.
#[derive(Debug, Serialize, ToSchema)]
pub struct CorrectionResponse {
    /// The search with each word no product holds replaced by the closest word one does ('charger' for
    /// 'chrgaer'), or null when the search finds products or no word has a likely replacement.
    pub correction: Option<String>,
}

/// The correction a search that finds nothing offers: 'Did you mean "charger"?'.
#[utoipa::path(
    tag = "catalogue",
    operation_id = "searchCorrection",
    params(SearchQuery),
    responses(
        (status = 200, description = "The likely meant search, or null", body = CorrectionResponse),
        (status = 400, description = "No terms, or terms over 100 characters", body = ErrorBody),
    )
)]
#[get("/api/products/search-correction")]
pub async fn search_correction(
    cache: web::Data<ResponseCache>,
    catalog: web::Data<Catalog>,
    query: TypedQuery<ProductSearch>,
) -> Result<HttpResponse, ApiError> {
    let ProductSearch { terms, .. } = query.parsed()?;
    cache
        .json(format!("search-correction:{}", terms.as_str()), || async {
            Ok(CorrectionResponse { correction: catalog.correction(&terms).await? })
        })
        .await
}
