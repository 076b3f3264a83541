//! The booking sheet as an Excel workbook, with `rust_xlsxwriter`: the same cells as the CSV, each stored as
//! what it is (text stays text, so the phone's leading 0 survives a spreadsheet; figures are numbers).

use domain::courier::{BookingColumn, BOOKING_COLUMNS, BOOKING_HEADER};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::infra::error::ApiError;

/// The workbook's media type.
pub const XLSX_MEDIA_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// One sheet named 'Booking': the header in bold and frozen, then `rows`, text cells formatted as text (`@`,
/// so a cell the owner retypes stays text too) and figures as numbers.
///
/// # Errors
/// [`ApiError::Internal`] when the workbook cannot be written.
pub fn xlsx_bytes(rows: &[&[String]]) -> Result<Vec<u8>, ApiError> {
    workbook(rows).map_err(|err| ApiError::Internal(Box::new(err)))
}

fn workbook(rows: &[&[String]]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Booking")?;
    let bold = Format::new().set_bold();
    let text = Format::new().set_num_format("@");
    for (column, (title, kind)) in (0u16..).zip(BOOKING_HEADER.iter().zip(BOOKING_COLUMNS)) {
        sheet.write_string_with_format(0, column, *title, &bold)?;
        if kind == BookingColumn::Text {
            sheet.set_column_format(column, &text)?;
        }
    }
    for (row, cells) in (1u32..).zip(rows) {
        for (column, (cell, kind)) in (0u16..).zip(cells.iter().zip(BOOKING_COLUMNS)) {
            // The figures are whole rupees, counts and kilograms to one decimal, all exact as a spreadsheet's
            // number (an f64); a cell that does not read as one stays text.
            match (kind, cell.parse::<f64>()) {
                (BookingColumn::Number, Ok(number)) => sheet.write_number(row, column, number)?,
                _ => sheet.write_string_with_format(row, column, cell, &text)?,
            };
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    sheet.autofit();
    book.save_to_buffer()
}
