//! The current time as a port, so rules that depend on the date can be tested.

/// The current time, so rules that depend on the date can be tested.
#[cfg_attr(test, mockall::automock)]
pub trait Clock: Send + Sync + 'static {
    /// Now, in UTC.
    fn now(&self) -> chrono::DateTime<chrono::Utc>;
}
