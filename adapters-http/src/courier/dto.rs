//! The wire types of the courier hand-off: an order's courier and tracking number, the orders to
//! dispatch, and the answers.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::infra::forms::{Text, TextList};
use crate::orders::OrderResponse;

/// An order's courier and tracking number.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackingBody {
    /// The courier's name, e.g. `Leopards`: 1 to 40 characters.
    #[serde(default)]
    #[schema(inline)]
    pub courier: Text,
    /// The consignment number, e.g. `LE123456789`: 4 to 40 letters or digits, read as couriers print them (spaces and dashes are left out: `LE 7788 990011` is `LE7788990011`); unique across orders
    /// whatever its case.
    #[serde(default)]
    #[schema(inline)]
    pub tracking_number: Text,
}

/// The order after its tracking number was saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackingSavedResponse {
    /// Always true.
    pub success: bool,
    /// 'Tracking number saved.'
    pub message: String,
    pub order: OrderResponse,
}

/// The orders whose tracking numbers an import saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackingImportResponse {
    /// Always true.
    pub success: bool,
    /// e.g. 'Saved 3 tracking numbers.'
    pub message: String,
    /// The orders' ids, in the file's order.
    pub updated: Vec<String>,
}

/// The orders to dispatch.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DispatchBody {
    /// The orders' ids (1 to 500), each approved and with a tracking number.
    #[serde(default)]
    #[schema(inline)]
    pub ids: TextList,
}

/// The dispatched orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct DispatchResponse {
    /// Always true.
    pub success: bool,
    /// e.g. 'Dispatched 2 orders.'
    pub message: String,
    /// The orders as they are now, in the order of `ids`.
    pub orders: Vec<OrderResponse>,
}

/// An Excel workbook's bytes (Office Open XML, a zip file): in the OpenAPI document a binary string.
pub struct WorkbookFile;

impl utoipa::PartialSchema for WorkbookFile {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .into()
    }
}

impl ToSchema for WorkbookFile {}
