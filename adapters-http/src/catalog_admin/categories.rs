//! The shop owner's category management (docs/spec.md §7 admin calls).

use actix_web::{delete, get, post, put, web, HttpResponse};
use application::catalog::admin::{CatalogAdmin, CatalogAdminError, CategoryChange};
use domain::ids::CategoryId;

use super::dto::{CategoryBody, CategoryEnvelope};
use crate::admin::AdminSession;
use crate::dto::catalog::CategoryResponse;
use crate::dto::{CategoryIdPath, MessageResponse, PageQuery};
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Field;
use crate::infra::json::Json;

impl From<CatalogAdminError> for ApiError {
    fn from(err: CatalogAdminError) -> Self {
        match err {
            CatalogAdminError::Name(_) => Self::invalid_field("name", err.to_string()),
            CatalogAdminError::UrduName(_) => Self::invalid_field("nameUr", err.to_string()),
            CatalogAdminError::ParentNotFound | CatalogAdminError::Cycle(_) => {
                Self::invalid_field("parent", err.to_string())
            }
            CatalogAdminError::CategoryNotFound => Self::NotFound(err.to_string()),
            CatalogAdminError::CategoryInUse => Self::Conflict(err.to_string()),
            CatalogAdminError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

fn parent(body: &CategoryBody) -> Result<Option<CategoryId>, ApiError> {
    Ok(body.parent.clone().optional(|| CatalogAdminError::ParentNotFound)?)
}

fn name(body: &CategoryBody) -> &str {
    body.name.text().unwrap_or_default()
}

/// The Urdu name as sent: `None` when absent or `null`, a blank text when "" (or only spaces).
fn name_ur(body: &CategoryBody) -> Result<Option<&str>, ApiError> {
    match &body.name_ur {
        Field::Absent => Ok(None),
        Field::Empty => Ok(Some("")),
        Field::Given(text) => Ok(Some(text)),
        Field::Invalid => Err(ApiError::invalid_field("nameUr", "Urdu name must be text.")),
    }
}

/// Every category with its full path and views (analytics).
#[utoipa::path(
    tag = "admin",
    operation_id = "categoryViews",
    params(PageQuery),
    responses(
        (status = 200, description = "Categories with their views", body = [CategoryResponse]),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/categories/category-views")]
pub async fn category_views(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let list = admin.category_views(query.page()?).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(CategoryResponse::from).collect::<Vec<_>>()))
}

/// Adds a category.
#[utoipa::path(
    tag = "admin",
    operation_id = "addCategory",
    request_body = CategoryBody,
    responses(
        (status = 201, description = "Added", body = CategoryEnvelope),
        (status = 400, description = "No name, a name or Urdu name with a line break or control character or too long, or an unknown parent", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[post("/api/categories")]
pub async fn add_category(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    body: Json<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let category = admin.add_category(name(&body), name_ur(&body)?, parent(&body)?).await?;
    Ok(HttpResponse::Created().json(CategoryEnvelope { category: category.into() }))
}

/// Renames a category and, when `parent` is sent, moves it.
#[utoipa::path(
    tag = "admin",
    operation_id = "changeCategory",
    params(CategoryIdPath),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "Changed", body = CategoryEnvelope),
        (status = 400, description = "No name, a name or Urdu name with a line break or control character or too long, an unknown parent or a cycle", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No category has this id", body = ErrorBody),
    )
)]
#[put("/api/categories/{id}")]
pub async fn change_category(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    id: web::Path<String>,
    body: Json<CategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let id: CategoryId = id.parse()?;
    let new_parent = match body.parent {
        Field::Absent => None,
        Field::Empty | Field::Given(_) | Field::Invalid => Some(parent(&body)?),
    };
    let category = admin
        .change_category(
            id,
            CategoryChange {
                name: name(&body).to_owned(),
                name_ur: name_ur(&body)?.map(str::to_owned),
                parent: new_parent,
            },
        )
        .await?;
    Ok(HttpResponse::Ok().json(CategoryEnvelope { category: category.into() }))
}

/// Deletes a category that holds no products and no sub-categories.
#[utoipa::path(
    tag = "admin",
    operation_id = "deleteCategory",
    params(CategoryIdPath),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "No category has this id", body = ErrorBody),
        (status = 409, description = "It still has products or sub-categories", body = ErrorBody),
    )
)]
#[delete("/api/categories/{id}")]
pub async fn delete_category(
    _admin: AdminSession,
    admin: web::Data<CatalogAdmin>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    admin.delete_category(id.parse()?).await?;
    Ok(HttpResponse::Ok().json(MessageResponse { message: "Category deleted.".into() }))
}
