//! The owner's synonym groups for search (admin); the search itself reads them in `catalog`.

use actix_web::{get, put, web, HttpResponse};
use application::catalog::browse::{Catalog, ReplaceSynonymsError};
use domain::search::SynonymGroups;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::admin::AdminSession;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::json::Json;

/// The synonym groups: each a list of terms that a search treats as one.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SynonymsBody {
    /// Each group's terms: a word or a phrase of up to 3 words and 40 characters; at least two different
    /// terms per group, at most 20; no term in two groups; at most 500 groups. A group whose terms are all
    /// blank is dropped.
    #[schema(example = json!([["cover", "back cover", "case"], ["type c", "usb c"]]))]
    pub groups: Vec<Vec<String>>,
}

impl From<&SynonymGroups> for SynonymsBody {
    fn from(groups: &SynonymGroups) -> Self {
        Self { groups: groups.groups().to_vec() }
    }
}

impl From<ReplaceSynonymsError> for ApiError {
    fn from(err: ReplaceSynonymsError) -> Self {
        match err {
            ReplaceSynonymsError::Invalid(invalid) => {
                let field = invalid.group.map_or_else(|| "groups".to_owned(), |i| format!("groups[{i}]"));
                Self::invalid_field(&field, invalid.to_string())
            }
            ReplaceSynonymsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// The synonym groups as stored (admin).
#[utoipa::path(
    tag = "admin",
    operation_id = "getSearchSynonyms",
    responses(
        (status = 200, description = "Every synonym group, in order", body = SynonymsBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/admin/search-synonyms")]
pub async fn get_synonyms(_admin: AdminSession, catalog: web::Data<Catalog>) -> Result<HttpResponse, ApiError> {
    let groups = catalog.synonyms().await?;
    Ok(HttpResponse::Ok().json(SynonymsBody::from(&groups)))
}

/// Replaces every synonym group (admin); searches on this server use them at once, other servers within
/// 10 seconds.
#[utoipa::path(
    tag = "admin",
    operation_id = "replaceSearchSynonyms",
    request_body = SynonymsBody,
    responses(
        (status = 200, description = "The groups now in force, in search form (lower-cased, single-spaced)", body = SynonymsBody),
        (status = 400, description = "A group breaks a rule; `errors` names it as groups[i]", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "Another site's Origin", body = ErrorBody),
    )
)]
#[put("/api/admin/search-synonyms")]
pub async fn replace_synonyms(
    _admin: AdminSession,
    catalog: web::Data<Catalog>,
    body: Json<SynonymsBody>,
) -> Result<HttpResponse, ApiError> {
    let groups = catalog.replace_synonyms(&body.into_inner().groups).await?;
    Ok(HttpResponse::Ok().json(SynonymsBody::from(&groups)))
}
