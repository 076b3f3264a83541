//! The handlers of the courier hand-off: the booking sheet (CSV and Excel), an order's tracking number, a
//! tracking-number file, and bulk dispatch.

use actix_web::http::header;
use actix_web::{get, post, put, web, HttpResponse};
use application::orders::courier::booking::BookingError;
use application::orders::courier::dispatch::{dispatched_message, DispatchError};
use application::orders::courier::import::{saved_message, ImportTrackingError};
use application::orders::courier::selection::{select, SelectionError};
use application::orders::courier::service::Courier;
use application::orders::courier::tracking::{SetTrackingError, TRACKING_SAVED};
use domain::ids::OrderId;

use super::csv_io::{csv_bytes, csv_rows, CsvBody};
use super::dto::{
    DispatchBody, DispatchResponse, TrackingBody, TrackingImportResponse, TrackingSavedResponse, WorkbookFile,
};
use super::parse::{BookingOrders, BookingQuery};
use super::xlsx::{xlsx_bytes, XLSX_MEDIA_TYPE};
use crate::admin::AdminSession;
use crate::dto::OrderIdPath;
use crate::infra::error::{ApiError, ErrorBody, FieldErrors};
use crate::infra::forms::Field;
use crate::infra::json::Json;
use crate::infra::query::TypedQuery;
use crate::orders::OrderResponse;

impl From<SelectionError> for ApiError {
    fn from(err: SelectionError) -> Self {
        Self::invalid_field("ids", err.to_string())
    }
}

impl From<BookingError> for ApiError {
    fn from(err: BookingError) -> Self {
        match err {
            BookingError::Selection(selection) => selection.into(),
            BookingError::NotFound(_) => Self::NotFound(err.to_string()),
            BookingError::NotApproved(_) | BookingError::NoCity(_) => Self::Conflict(err.to_string()),
            BookingError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<SetTrackingError> for ApiError {
    fn from(err: SetTrackingError) -> Self {
        match err {
            SetTrackingError::NotFound => Self::NotFound(err.to_string()),
            SetTrackingError::NotApproved(_) | SetTrackingError::Taken { .. } => Self::Conflict(err.to_string()),
            SetTrackingError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<ImportTrackingError> for ApiError {
    fn from(err: ImportTrackingError) -> Self {
        let message = err.to_string();
        match err {
            ImportTrackingError::Unreadable | ImportTrackingError::NoRows => Self::invalid_field("file", message),
            ImportTrackingError::Header => Self::invalid_field("row 1", message),
            ImportTrackingError::Rows(problems) => {
                let mut rows = FieldErrors::new();
                for (row, list) in problems.rows() {
                    list.iter().for_each(|problem| rows.add(format!("row {row}"), problem));
                }
                rows.into_error_with(message)
            }
            ImportTrackingError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<DispatchError> for ApiError {
    fn from(err: DispatchError) -> Self {
        match err {
            DispatchError::Selection(selection) => selection.into(),
            DispatchError::NotFound(_) => Self::NotFound(err.to_string()),
            DispatchError::NotApproved(_) | DispatchError::NoTracking(_) => Self::Conflict(err.to_string()),
            DispatchError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// The booking sheet of approved orders for a courier's bulk booking, one row per order in the order of
/// `ids`: consignee, local phone, address, the courier's city name, COD amount in whole rupees, items,
/// pieces, weight and order reference.
#[utoipa::path(
    tag = "admin",
    operation_id = "courierBookingCsv",
    params(BookingQuery),
    responses(
        (status = 200, description = "The booking sheet, as an attachment named courier-booking-YYYY-MM-DD.csv (the Pakistani date)", body = String, content_type = "text/csv"),
        (status = 400, description = "No ids ('Choose at least one order.'), more than 500, one that is not a number ('Order references are numbers.') or one twice", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "An order does not exist ('Order #999 does not exist.')", body = ErrorBody),
        (status = 409, description = "The first order that is not approved or has no city ('Order #12 is not approved.', 'Order #12 has no city.')", body = ErrorBody),
    )
)]
#[get("/api/orders/courier-booking.csv")]
pub async fn booking_csv(
    _admin: AdminSession,
    courier: web::Data<Courier>,
    query: TypedQuery<BookingOrders>,
) -> Result<HttpResponse, ApiError> {
    booking_sheet(&courier, query, "csv", "text/csv; charset=utf-8", csv_bytes).await
}

/// The same booking sheet as an Excel workbook, for opening in a spreadsheet: every cell as the CSV has it,
/// text cells stored as text (the phone keeps its leading 0) and the figures as numbers.
#[utoipa::path(
    tag = "admin",
    operation_id = "courierBookingXlsx",
    params(BookingQuery),
    responses(
        (status = 200, description = "The booking sheet as one worksheet 'Booking', an attachment named courier-booking-YYYY-MM-DD.xlsx (the Pakistani date)", body = WorkbookFile, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 400, description = "No ids ('Choose at least one order.'), more than 500, one that is not a number ('Order references are numbers.') or one twice", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 404, description = "An order does not exist ('Order #999 does not exist.')", body = ErrorBody),
        (status = 409, description = "The first order that is not approved or has no city ('Order #12 is not approved.', 'Order #12 has no city.')", body = ErrorBody),
    )
)]
#[get("/api/orders/courier-booking.xlsx")]
pub async fn booking_xlsx(
    _admin: AdminSession,
    courier: web::Data<Courier>,
    query: TypedQuery<BookingOrders>,
) -> Result<HttpResponse, ApiError> {
    booking_sheet(&courier, query, "xlsx", XLSX_MEDIA_TYPE, xlsx_bytes).await
}

/// Writes a booking sheet's rows of cells (after its header) as a file.
type SheetWriter = fn(&[&[String]]) -> Result<Vec<u8>, ApiError>;

/// The booking sheet of the query's orders written by `write`, as an attachment
/// `courier-booking-{Pakistani date}.{extension}`.
async fn booking_sheet(
    courier: &Courier,
    query: TypedQuery<BookingOrders>,
    extension: &str,
    content_type: &str,
    write: SheetWriter,
) -> Result<HttpResponse, ApiError> {
    let BookingOrders(ids) = query.parsed()?;
    let booking = courier.booking(ids).await?;
    let rows: Vec<&[String]> = booking.rows.iter().map(|row| row.cells().as_slice()).collect();
    let body = write(&rows)?;
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"courier-booking-{}.{extension}\"", booking.date.format("%Y-%m-%d")),
        ))
        .body(body))
}

/// Saves an approved order's courier and tracking number (again to correct them).
#[utoipa::path(
    tag = "admin",
    operation_id = "setOrderTracking",
    params(OrderIdPath),
    request_body = TrackingBody,
    responses(
        (status = 200, description = "Saved", body = TrackingSavedResponse),
        (status = 400, description = "No courier or one over 40 characters; a malformed tracking number ('Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out).')", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "No order has this id", body = ErrorBody),
        (status = 409, description = "The order is not approved ('Order #12 is not approved.'), or another order has the number ('Tracking number LE123456789 is already used by order #10.')", body = ErrorBody),
    )
)]
#[put("/api/orders/{id}/tracking")]
pub async fn set_tracking(
    _admin: AdminSession,
    courier: web::Data<Courier>,
    id: web::Path<String>,
    body: Json<TrackingBody>,
) -> Result<HttpResponse, ApiError> {
    let id: OrderId = id.parse()?;
    let consignment = body.consignment()?;
    let order = courier.set_tracking(id, consignment).await?;
    Ok(HttpResponse::Ok().json(TrackingSavedResponse {
        success: true,
        message: TRACKING_SAVED.into(),
        order: order.into(),
    }))
}

/// Saves the tracking numbers of a CSV file: header `order reference,courier,tracking number` (any case),
/// then one row per order (`42` or `#42`). All rows are saved in one transaction, or none.
#[utoipa::path(
    tag = "admin",
    operation_id = "importTrackingNumbers",
    request_body(content = String, content_type = "text/csv", description = "The file, UTF-8 (an optional byte-order mark), at most 1 MB"),
    responses(
        (status = 200, description = "Every row saved", body = TrackingImportResponse),
        (status = 400, description = "Nothing saved. A file that is not readable CSV, has another header or no rows (`errors.file` or `errors[\"row 1\"]`); or every problem of every row, keyed `row N` as a spreadsheet numbers them (the header being row 1), with the message 'The file has 2 problems; nothing was saved.'", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 413, description = "The file is over 1 MB", body = ErrorBody),
        (status = 415, description = "The body is not sent as text/csv", body = ErrorBody),
    )
)]
#[post("/api/orders/tracking-import")]
pub async fn import_tracking(
    _admin: AdminSession,
    courier: web::Data<Courier>,
    body: CsvBody,
) -> Result<HttpResponse, ApiError> {
    let rows = csv_rows(&body.0)?;
    let updated = courier.import_tracking(rows).await?;
    Ok(HttpResponse::Ok().json(TrackingImportResponse {
        success: true,
        message: saved_message(updated.len()),
        updated: updated.iter().map(ToString::to_string).collect(),
    }))
}

/// Dispatches approved orders that have tracking numbers, all in one transaction or none: each gets its
/// history entry and the customer's e-mail with the courier and tracking number.
#[utoipa::path(
    tag = "admin",
    operation_id = "dispatchOrders",
    request_body = DispatchBody,
    responses(
        (status = 200, description = "Every order dispatched", body = DispatchResponse),
        (status = 400, description = "No ids ('Choose at least one order.'), more than 500, one that is not a number or one twice", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
        (status = 403, description = "A request from another site's Origin", body = ErrorBody),
        (status = 404, description = "An order does not exist ('Order #999 does not exist.')", body = ErrorBody),
        (status = 409, description = "The first order that is not approved or has no tracking number ('Order #15 is not approved.', 'Order #15 has no tracking number.'); none was dispatched", body = ErrorBody),
    )
)]
#[post("/api/orders/dispatch")]
pub async fn dispatch_orders(
    _admin: AdminSession,
    courier: web::Data<Courier>,
    body: Json<DispatchBody>,
) -> Result<HttpResponse, ApiError> {
    let ids = match &body.ids {
        Field::Invalid => return Err(ApiError::invalid_field("ids", "ids must be a list of order ids as text.")),
        other => select(other.cloned_given().unwrap_or_default().iter().map(String::as_str))?,
    };
    let orders = courier.dispatch(ids).await?;
    Ok(HttpResponse::Ok().json(DispatchResponse {
        success: true,
        message: dispatched_message(orders.len()),
        orders: orders.into_iter().map(OrderResponse::from).collect(),
    }))
}
