//! The courier hand-off (docs/cod.md 'Courier hand-off'): the booking sheet as CSV, an order's tracking
//! number, the tracking numbers of a courier's CSV file, and bulk dispatch. CSV is read and written here
//! with the `csv` crate; the rules are the application's.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::web::BytesMut;
use actix_web::{get, post, put, web, FromRequest, HttpMessage, HttpRequest, HttpResponse};
use application::orders::courier::booking::BookingError;
use application::orders::courier::dispatch::{dispatched_message, DispatchError};
use application::orders::courier::import::{saved_message, ImportTrackingError, MAX_IMPORT_BYTES};
use application::orders::courier::selection::{select, SelectionError};
use application::orders::courier::service::Courier;
use application::orders::courier::tracking::{SetTrackingError, TRACKING_SAVED};
use domain::courier::{Consignment, Courier as CourierName, TrackingNumber, BOOKING_HEADER};
use domain::ids::OrderId;
use futures_util::StreamExt as _;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::admin::AdminSession;
use crate::dto::OrderIdPath;
use crate::error::{ApiError, ErrorBody};
use crate::forms::{Field, Text, TextList};
use crate::json::Json;
use crate::orders::OrderResponse;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(booking_csv).service(set_tracking).service(import_tracking).service(dispatch_orders);
}

/// The orders of a booking sheet.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookingQuery {
    /// The orders' ids, comma-separated, in the order the rows should have (1 to 500; `#12` is read as 12).
    #[param(example = "12,15")]
    pub ids: Option<String>,
}

/// An order's courier and tracking number.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackingBody {
    /// The courier's name, e.g. `Leopards`: 1 to 40 characters.
    #[serde(default)]
    #[schema(inline)]
    pub courier: Text,
    /// The consignment number, e.g. `LE123456789`: 4 to 40 letters, digits or dashes; unique across orders
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
            ImportTrackingError::Rows(problems) => Self::BadRequest {
                message,
                errors: Some(problems.rows().iter().map(|(row, list)| (format!("row {row}"), list.clone())).collect()),
            },
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

/// Rows of cells written as CSV with CRLF line ends, as spreadsheets and the couriers' portals read it.
fn csv_bytes<'a>(rows: impl IntoIterator<Item = &'a [String]>) -> Result<Vec<u8>, ApiError> {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    writer.write_record(BOOKING_HEADER).map_err(|e| ApiError::Internal(Box::new(e)))?;
    for row in rows {
        writer.write_record(row).map_err(|e| ApiError::Internal(Box::new(e)))?;
    }
    writer.into_inner().map_err(|e| ApiError::Internal(Box::new(e.into_error())))
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
    query: web::Query<BookingQuery>,
) -> Result<HttpResponse, ApiError> {
    let listed = query.ids.as_deref().unwrap_or_default();
    let references: Vec<&str> = if listed.trim().is_empty() { Vec::new() } else { listed.split(',').collect() };
    let ids = select(references)?;
    let booking = courier.booking(ids).await?;
    let body = csv_bytes(booking.rows.iter().map(|row| row.cells().as_slice()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"courier-booking-{}.csv\"", booking.date.format("%Y-%m-%d")),
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
        (status = 400, description = "No courier or one over 40 characters; a malformed tracking number ('Tracking numbers are 4 to 40 letters, digits or dashes.')", body = ErrorBody),
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
    let mut errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let text = |field: &Text| match field {
        Field::Invalid => None,
        other => Some(other.text().unwrap_or_default().to_owned()),
    };
    let name = text(&body.courier)
        .map_or_else(|| Err("courier must be text.".to_owned()), |t| CourierName::parse(&t).map_err(|e| e.to_string()));
    let number = text(&body.tracking_number).map_or_else(
        || Err("trackingNumber must be text.".to_owned()),
        |t| TrackingNumber::parse(&t).map_err(|e| e.to_string()),
    );
    if let Err(message) = &name {
        errors.entry("courier".into()).or_default().push(message.clone());
    }
    if let Err(message) = &number {
        errors.entry("trackingNumber".into()).or_default().push(message.clone());
    }
    let (Ok(courier_name), Ok(tracking_number)) = (name, number) else {
        let message = errors.values().flatten().next().cloned().unwrap_or_default();
        return Err(ApiError::BadRequest { message, errors: Some(errors) });
    };
    let order = courier.set_tracking(id, Consignment { courier: courier_name, tracking_number }).await?;
    Ok(HttpResponse::Ok().json(TrackingSavedResponse {
        success: true,
        message: TRACKING_SAVED.into(),
        order: order.into(),
    }))
}

/// A request body sent as `text/csv`, read whole up to [`MAX_IMPORT_BYTES`] (and under the body deadline).
pub struct CsvBody(BytesMut);

impl FromRequest for CsvBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_csv = req.mime_type().ok().flatten().is_some_and(|mime| mime.essence_str() == "text/csv");
        let announced = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let mut payload = payload.take();
        Box::pin(async move {
            let too_large = || ApiError::PayloadTooLarge("The file is over 1 MB.".into());
            if !is_csv {
                return Err(ApiError::UnsupportedMediaType("Send the file as text/csv.".into()));
            }
            if announced.is_some_and(|length| length > MAX_IMPORT_BYTES) {
                return Err(too_large());
            }
            let mut body = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|err| ApiError::from(&err))?;
                if body.len() + chunk.len() > MAX_IMPORT_BYTES {
                    return Err(too_large());
                }
                body.extend_from_slice(&chunk);
            }
            Ok(Self(body))
        })
    }
}

/// The file's rows of cells: UTF-8 after an optional byte-order mark, every quote closed. Blank lines are
/// skipped (the `csv` crate's reading), so they take no row number.
fn csv_rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, ImportTrackingError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| ImportTrackingError::Unreadable)?;
    // Quotes come in pairs in a well-formed file (each quoted cell's own two, and `""` inside one); the `csv`
    // crate would read a quote left open to the end of the file as one long cell instead of refusing it.
    if text.bytes().filter(|b| *b == b'"').count() % 2 == 1 {
        return Err(ImportTrackingError::Unreadable);
    }
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .map(|record| {
            record.map(|r| r.iter().map(str::to_owned).collect()).map_err(|_| ImportTrackingError::Unreadable)
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Result<Vec<Vec<String>>, String> {
        csv_rows(text.as_bytes()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_file_is_read_into_rows_of_cells_after_its_byte_order_mark() {
        let read = rows("\u{feff}order reference,courier,tracking number\r\n12,\"Leopards, Lahore\",LE1\r\n\r\n\"#15\",\"T\"\"CS\"\n").unwrap();

        assert_eq!(
            read,
            [
                vec!["order reference", "courier", "tracking number"],
                vec!["12", "Leopards, Lahore", "LE1"],
                vec!["#15", "T\"CS"]
            ]
        );
    }

    #[test]
    fn an_open_quote_or_bytes_that_are_not_utf8_are_not_a_readable_file() {
        assert_eq!(
            rows("order reference,courier\n12,\"Leopards\n"),
            Err("The file is not a readable CSV file.".into())
        );
        assert_eq!(
            csv_rows(b"order reference\n\xff\xfe12\n").map_err(|e| e.to_string()),
            Err("The file is not a readable CSV file.".into())
        );
        assert_eq!(rows(""), Ok(vec![]));
    }

    #[test]
    fn the_booking_sheet_is_written_with_crlf_line_ends_and_quotes_where_needed() {
        let row: Vec<String> =
            ["Ali \"Sher\", Jr", "03001234567", "Flat 1", "LAHORE", "1710", "2 x Case", "2", "1", "42"]
                .map(String::from)
                .to_vec();

        let bytes = csv_bytes([row.as_slice()]).unwrap();

        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "Consignee Name,Consignee Phone,Consignee Address,Destination City,COD Amount,Item Description,Pieces,Weight (kg),Order Reference\r\n\
             \"Ali \"\"Sher\"\", Jr\",03001234567,Flat 1,LAHORE,1710,2 x Case,2,1,42\r\n"
        );
    }
}
