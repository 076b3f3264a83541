//! Reading the admin's coupon form into the application's coupon form.

use application::coupons::service::CouponForm;
use domain::coupon::{NewCouponError, UsageLimitError};

use chrono::NaiveDate;

use super::dto::{CouponBody, CouponDatesBody};
use crate::infra::error::ApiError;
use crate::infra::forms::PakistanDate;

impl CouponBody {
    /// The coupon as the form sent it, each field of the wrong type named with its rule's text.
    ///
    /// # Errors
    /// A 400 naming the first field at fault.
    pub fn form(self) -> Result<CouponForm, ApiError> {
        let code_and_discount =
            |field: &str| ApiError::invalid_field(field, NewCouponError::CodeAndDiscountRequired.to_string());
        let percent = self
            .discount_percent
            .optional(|| code_and_discount("discountPercent"))?
            .map(|p| u8::try_from(p).map_err(|_| code_and_discount("discountPercent")))
            .transpose()?;
        Ok(CouponForm {
            code: self.code.text().unwrap_or_default().to_owned(),
            percent,
            amount: self.amount.optional(|| code_and_discount("amount"))?,
            start: date(self.start_date, "startDate")?,
            end: date(self.end_date, "endDate")?,
            min_price: self
                .min_price
                .optional(|| ApiError::invalid_field("minPrice", NewCouponError::MinimumOutOfRange.to_string()))?,
            active: self
                .is_active
                .optional(|| ApiError::invalid_field("isActive", "isActive must be true or false."))?
                .unwrap_or(true),
            max_uses: self.max_uses.optional(|| usage_limit("maxUses"))?,
            max_uses_per_customer: self.max_uses_per_customer.optional(|| usage_limit("maxUsesPerCustomer"))?,
        })
    }
}

impl CouponDatesBody {
    /// The first and last day as sent.
    ///
    /// # Errors
    /// A 400 naming `startDate` or `endDate`, the first missing or malformed.
    pub fn dates(self) -> Result<(NaiveDate, NaiveDate), ApiError> {
        Ok((date(self.start_date, "startDate")?, date(self.end_date, "endDate")?))
    }
}

/// A coupon's date as sent, or the refusal naming `field`.
fn date(value: PakistanDate, field: &str) -> Result<NaiveDate, ApiError> {
    value.given().ok_or_else(|| ApiError::invalid_field(field, "Enter the start and end dates as YYYY-MM-DD."))
}

/// The refusal of a usage limit that is not a whole number, naming `field`.
pub fn usage_limit(field: &str) -> ApiError {
    ApiError::invalid_field(field, UsageLimitError.to_string())
}
