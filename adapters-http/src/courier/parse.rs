//! Reading the courier hand-off's requests: the orders of a booking sheet and an order's consignment.

use application::orders::courier::selection::select;
use domain::courier::{Consignment, Courier as CourierName, TrackingNumber};
use domain::ids::OrderId;
use serde::Deserialize;
use utoipa::IntoParams;

use super::dto::TrackingBody;
use crate::infra::error::{ApiError, FieldErrors};
use crate::infra::forms::{Field, Text};
use crate::infra::query::FromQuery;

/// The orders of a booking sheet, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookingQuery {
    /// The orders' ids, comma-separated, in the order the rows should have (1 to 500; `#12` is read as 12).
    #[param(example = "12,15")]
    pub ids: Option<String>,
}

/// The orders of a booking sheet, in the order of their rows.
pub struct BookingOrders(pub Vec<OrderId>);

impl FromQuery for BookingOrders {
    type Sent = BookingQuery;

    fn from_query(sent: BookingQuery) -> Result<Self, ApiError> {
        let listed = sent.ids.as_deref().unwrap_or_default();
        let references: Vec<&str> = if listed.trim().is_empty() { Vec::new() } else { listed.split(',').collect() };
        Ok(Self(select(references)?))
    }
}

impl TrackingBody {
    /// The courier and tracking number, both named when both are at fault.
    ///
    /// # Errors
    /// A 400 naming `courier` and `trackingNumber` with the rules' texts.
    pub fn consignment(&self) -> Result<Consignment, ApiError> {
        let mut errors = FieldErrors::new();
        let text = |field: &Text| match field {
            Field::Invalid => None,
            other => Some(other.text().unwrap_or_default().to_owned()),
        };
        let name = text(&self.courier).map_or_else(
            || Err("courier must be text.".to_owned()),
            |t| CourierName::parse(&t).map_err(|e| e.to_string()),
        );
        let number = text(&self.tracking_number).map_or_else(
            || Err("trackingNumber must be text.".to_owned()),
            |t| TrackingNumber::parse(&t).map_err(|e| e.to_string()),
        );
        if let Err(message) = &name {
            errors.add("courier", message);
        }
        if let Err(message) = &number {
            errors.add("trackingNumber", message);
        }
        match (name, number) {
            (Ok(courier), Ok(tracking_number)) => Ok(Consignment { courier, tracking_number }),
            _ => Err(errors.into_error()),
        }
    }
}
