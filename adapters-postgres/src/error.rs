//! Turning diesel errors into the ports' [`RepositoryError`].

use application::common::error::{Conflict, RepositoryError};
use diesel::result::{DatabaseErrorKind, Error};

/// A failure of the store itself.
pub(crate) fn unavailable(err: impl std::error::Error + Send + Sync + 'static) -> RepositoryError {
    RepositoryError::Unavailable(Box::new(err))
}

/// The rule each named constraint stands for; a constraint not listed here is no rule a use case answers.
fn conflict(constraint: &str) -> Option<Conflict> {
    match constraint {
        "customers_email_key" => Some(Conflict::EmailTaken),
        "customer_identities_pkey" => Some(Conflict::IdentityLinked),
        "coupons_code_key" => Some(Conflict::CouponCodeTaken),
        "coupons_uses_within_limit" => Some(Conflict::CouponLimitBelowUses),
        "order_idempotency_keys_pkey" => Some(Conflict::IdempotencyKeyTaken),
        "reviews_order_product_key" => Some(Conflict::AlreadyReviewed),
        "orders_tracking_number_key" => Some(Conflict::TrackingNumberTaken),
        "products_category_id_fkey" | "categories_parent_id_fkey" => Some(Conflict::CategoryInUse),
        _ => None,
    }
}

/// Violations of the constraints in [`conflict`] become those conflicts, foreign keys that point nowhere
/// become not-found, other violations are refusals no use case expects, anything else is the store failing.
pub(crate) fn from_diesel(err: Error) -> RepositoryError {
    match err {
        Error::NotFound => RepositoryError::NotFound,
        Error::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, ref info)
            if info.details().is_some_and(|d| d.contains("is not present")) =>
        {
            RepositoryError::NotFound
        }
        Error::DatabaseError(
            DatabaseErrorKind::UniqueViolation
            | DatabaseErrorKind::ForeignKeyViolation
            | DatabaseErrorKind::CheckViolation,
            ref info,
        ) => {
            let constraint = info.constraint_name().unwrap_or("an unnamed constraint");
            conflict(constraint)
                .map_or_else(|| RepositoryError::Refused(constraint.to_owned()), RepositoryError::Conflict)
        }
        other => unavailable(other),
    }
}

/// A stored value that does not fit its domain type.
pub(crate) fn corrupt(what: impl std::fmt::Display) -> RepositoryError {
    RepositoryError::Corrupt(what.to_string())
}
