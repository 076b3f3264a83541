//! The error every repository port answers with.

/// Why a repository call failed.
#[derive(Debug, thiserror::Error)]
pub enum RepositoryError {
    /// The record the call refers to does not exist.
    #[error("not found")]
    NotFound,
    /// The write breaks a rule a use case expects and answers (a taken e-mail, a category still in use).
    #[error("conflict: {0}")]
    Conflict(Conflict),
    /// The store refused the write for a reason no use case expects (an unlisted constraint, a value out of
    /// a column's range): a bug, answered as unexpected.
    #[error("refused by the store: {0}")]
    Refused(String),
    /// Stored data could not be turned into domain values: a bug or a hand-edited database.
    #[error("corrupt data: {0}")]
    Corrupt(String),
    /// The store could not be reached or failed.
    #[error("storage unavailable")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// A write refused because of what is already stored, by the rule it broke. The storage adapter names the
/// rule from its own constraint, so no use case can mistake one rule for another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Conflict {
    /// Another account has this e-mail address.
    #[error("the e-mail address belongs to another account")]
    EmailTaken,
    /// The external provider's person is already linked to an account.
    #[error("the external identity is linked to an account")]
    IdentityLinked,
    /// Another coupon has this code.
    #[error("a coupon with this code exists")]
    CouponCodeTaken,
    /// The category still holds products or sub-categories.
    #[error("the category still holds products or sub-categories")]
    CategoryInUse,
    /// A coupon's total usage limit would be below the uses it has had.
    #[error("the coupon has been used more often than the limit")]
    CouponLimitBelowUses,
    /// The customer has used this Idempotency-Key for an order already.
    #[error("the idempotency key is taken")]
    IdempotencyKeyTaken,
    /// The (order, product) pair has a review already.
    #[error("the order's product is reviewed already")]
    AlreadyReviewed,
    /// Another order holds this tracking number (in any case).
    #[error("another order holds the tracking number")]
    TrackingNumberTaken,
}
