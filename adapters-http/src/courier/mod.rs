//! The courier hand-off (docs/cod.md 'Courier hand-off'): the booking sheet as CSV and as an Excel workbook,
//! an order's tracking number, the tracking numbers of a courier's CSV file, and bulk dispatch. CSV is read
//! and written here with the `csv` crate, the workbook with `rust_xlsxwriter`; the rules are the application's.

mod csv_io;
mod dto;
mod handlers;
mod parse;
mod xlsx;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::booking_csv)
        .service(handlers::booking_xlsx)
        .service(handlers::set_tracking)
        .service(handlers::import_tracking)
        .service(handlers::dispatch_orders);
}
