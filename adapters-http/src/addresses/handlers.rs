//! The saved-address calls, their wire shapes and how their bodies are read.

use actix_web::{delete, get, post, put, web, HttpResponse};
use application::accounts::addresses::{AddressDetails, Addresses, SavedAddress, SavedAddressError};
use domain::ids::AddressId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::CustomerSession;
use crate::dto::MessageResponse;
use crate::infra::error::{ApiError, ErrorBody, FieldErrors};
use crate::infra::forms::Text;
use crate::infra::json::Json;
use crate::orders::DeliveryTexts;

/// A saved address's id in the path.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct AddressIdPath {
    /// The saved address's id.
    #[param(pattern = "^0*[1-9][0-9]*$", min_length = 1, max_length = 18)]
    id: String,
}

/// Delivery details to save: an order's `userDetails` without the e-mail. Empty optional fields count as
/// absent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAddressBody {
    /// One of the seven provinces (optional).
    #[serde(default)]
    #[schema(inline)]
    pub province: Text,
    /// The city (optional; needs a province), read as an order's is: one of the province's places by any of its
    /// spellings, or a place the shop's table lacks, kept as typed.
    #[serde(default)]
    #[schema(inline)]
    pub city: Text,
    /// Full name (required).
    #[serde(default)]
    #[schema(inline)]
    pub name: Text,
    /// A Pakistani mobile number in any usual writing (required).
    #[serde(default)]
    #[schema(inline)]
    pub phone1: Text,
    /// Optional: a mobile or a landline.
    #[serde(default)]
    #[schema(inline)]
    pub phone2: Text,
    /// The delivery address, one or more lines (required).
    #[serde(default)]
    #[schema(inline)]
    pub address: Text,
}

impl SavedAddressBody {
    fn details(&self) -> Result<AddressDetails, ApiError> {
        let mut errors = FieldErrors::new();
        let texts = DeliveryTexts {
            province: &self.province,
            city: &self.city,
            name: &self.name,
            phone1: &self.phone1,
            phone2: &self.phone2,
            address: &self.address,
        };
        match texts.read(&str::to_owned, &mut errors) {
            Some(read) if errors.is_empty() => Ok(AddressDetails {
                province: read.destination.province().and_then(|name| name.parse().ok()),
                city: read.destination.city().map(str::to_owned),
                name: read.name,
                phone1: read.phone1,
                phone2: read.phone2,
                address: read.address,
            }),
            _ => Err(errors.into_error()),
        }
    }
}

/// A saved address, as the checkout form fills it in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAddressResponse {
    #[serde(rename = "_id")]
    pub id: String,
    /// The province's name as the API takes it (`KhyberPakhtunkhwa`), or null.
    pub province: Option<String>,
    pub city: Option<String>,
    pub name: String,
    /// The primary phone as typed.
    pub phone1: String,
    /// The secondary phone as typed, or null.
    pub phone2: Option<String>,
    /// The primary phone in its normal form, e.g. `+923001234567`.
    pub phone1_normal: String,
    pub address: String,
    /// When an order last went there or it was last saved, ISO 8601 in UTC.
    pub used_at: String,
}

impl From<SavedAddress> for SavedAddressResponse {
    fn from(saved: SavedAddress) -> Self {
        let d = saved.details;
        Self {
            id: saved.id.to_string(),
            province: d.province.map(|p| p.name().to_owned()),
            city: d.city,
            name: d.name.as_str().to_owned(),
            phone1: d.phone1.as_typed().to_owned(),
            phone2: d.phone2.as_ref().map(|p| p.as_typed().to_owned()),
            phone1_normal: d.phone1.normal().to_owned(),
            address: d.address.as_str().to_owned(),
            used_at: saved.used_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        }
    }
}

/// The signed-in customer's saved addresses.
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedAddressesResponse {
    /// Most recently used first: the first is what the checkout fills in.
    pub addresses: Vec<SavedAddressResponse>,
}

/// One saved address.
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedAddressEnvelope {
    pub address: SavedAddressResponse,
}

impl From<SavedAddressError> for ApiError {
    fn from(err: SavedAddressError) -> Self {
        match err {
            SavedAddressError::NotFound => Self::NotFound(err.to_string()),
            SavedAddressError::Full | SavedAddressError::Duplicate => Self::Conflict(err.to_string()),
            SavedAddressError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

fn address_id(id: &str) -> Result<AddressId, ApiError> {
    Ok(id.parse()?)
}

/// The signed-in customer's saved delivery addresses, most recently used first.
#[utoipa::path(
    tag = "accounts",
    operation_id = "listAddresses",
    responses(
        (status = 200, description = "The customer's saved addresses (at most 10)", body = SavedAddressesResponse),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
    )
)]
#[get("/api/account/addresses")]
pub async fn list_addresses(
    customer: CustomerSession,
    addresses: web::Data<Addresses>,
) -> Result<HttpResponse, ApiError> {
    let saved = addresses.list(customer.0.id).await?;
    Ok(HttpResponse::Ok()
        .json(SavedAddressesResponse { addresses: saved.into_iter().map(SavedAddressResponse::from).collect() }))
}

/// Saves delivery details for the signed-in customer; the same details as a saved address move that one to
/// the top.
#[utoipa::path(
    tag = "accounts",
    operation_id = "saveAddress",
    request_body = SavedAddressBody,
    responses(
        (status = 201, description = "Saved", body = SavedAddressEnvelope),
        (status = 400, description = "A missing or malformed field, named in `errors` (the checkout's texts)", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 409, description = "The account keeps 10 addresses already: 'You can save at most 10 addresses. Delete one first.'", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    )
)]
#[post("/api/account/addresses")]
pub async fn save_address(
    customer: CustomerSession,
    addresses: web::Data<Addresses>,
    body: Json<SavedAddressBody>,
) -> Result<HttpResponse, ApiError> {
    let saved = addresses.save(customer.0.id, body.details()?).await?;
    Ok(HttpResponse::Created().json(SavedAddressEnvelope { address: saved.into() }))
}

/// Replaces one of the signed-in customer's saved addresses.
#[utoipa::path(
    tag = "accounts",
    operation_id = "updateAddress",
    params(AddressIdPath),
    request_body = SavedAddressBody,
    responses(
        (status = 200, description = "Saved", body = SavedAddressEnvelope),
        (status = 400, description = "A malformed id, or a missing or malformed field, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "The customer has no saved address with this id (another customer's included)", body = ErrorBody),
        (status = 409, description = "Another saved address holds the same details: 'You have saved these details already.'", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
    )
)]
#[put("/api/account/addresses/{id}")]
pub async fn update_address(
    customer: CustomerSession,
    addresses: web::Data<Addresses>,
    id: web::Path<String>,
    body: Json<SavedAddressBody>,
) -> Result<HttpResponse, ApiError> {
    let id = address_id(&id)?;
    let saved = addresses.update(customer.0.id, id, body.details()?).await?;
    Ok(HttpResponse::Ok().json(SavedAddressEnvelope { address: saved.into() }))
}

/// Deletes one of the signed-in customer's saved addresses.
#[utoipa::path(
    tag = "accounts",
    operation_id = "deleteAddress",
    params(AddressIdPath),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "A malformed id", body = ErrorBody),
        (status = 401, description = "Not signed in as a customer", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "The customer has no saved address with this id (another customer's included)", body = ErrorBody),
    )
)]
#[delete("/api/account/addresses/{id}")]
pub async fn delete_address(
    customer: CustomerSession,
    addresses: web::Data<Addresses>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    addresses.delete(customer.0.id, address_id(&id)?).await?;
    Ok(HttpResponse::Ok().json(MessageResponse { message: "Address deleted.".into() }))
}
