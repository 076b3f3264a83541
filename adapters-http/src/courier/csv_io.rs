//! CSV as the courier hand-off reads and writes it, with the `csv` crate: the booking sheet written, and a
//! tracking-number file read (sent as `text/csv`, at most 1 MB).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use application::orders::courier::import::{ImportTrackingError, MAX_IMPORT_BYTES};
use domain::courier::BOOKING_HEADER;
use futures_util::StreamExt as _;

use crate::infra::error::ApiError;

/// Rows of cells written as CSV with CRLF line ends, as spreadsheets and the couriers' portals read it.
pub fn csv_bytes(rows: &[&[String]]) -> Result<Vec<u8>, ApiError> {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    writer.write_record(BOOKING_HEADER).map_err(|e| ApiError::Internal(Box::new(e)))?;
    for row in rows {
        writer.write_record(*row).map_err(|e| ApiError::Internal(Box::new(e)))?;
    }
    writer.into_inner().map_err(|e| ApiError::Internal(Box::new(e.into_error())))
}

/// A request body sent as `text/csv`, read whole up to [`MAX_IMPORT_BYTES`] (and under the body deadline).
pub struct CsvBody(pub BytesMut);

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
pub fn csv_rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, ImportTrackingError> {
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

        let bytes = csv_bytes(&[row.as_slice()]).unwrap();

        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "Consignee Name,Consignee Phone,Consignee Address,Destination City,COD Amount,Item Description,Pieces,Weight (kg),Order Reference\r\n\
             \"Ali \"\"Sher\"\", Jr\",03001234567,Flat 1,LAHORE,1710,2 x Case,2,1,42\r\n"
        );
    }
}
