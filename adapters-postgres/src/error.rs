//! Turning diesel errors into the ports' [`RepositoryError`].

use application::ports::RepositoryError;
use diesel::result::{DatabaseErrorKind, Error};

/// A failure of the store itself.
pub(crate) fn unavailable(err: impl std::error::Error + Send + Sync + 'static) -> RepositoryError {
    RepositoryError::Unavailable(Box::new(err))
}

/// Named constraint violations become conflicts, foreign keys that point nowhere become not-found,
/// anything else is the store failing.
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
        ) => RepositoryError::Conflict(info.constraint_name().unwrap_or("constraint").to_owned()),
        other => unavailable(other),
    }
}

/// A stored value that does not fit its domain type.
pub(crate) fn corrupt(what: impl std::fmt::Display) -> RepositoryError {
    RepositoryError::Corrupt(what.to_string())
}
