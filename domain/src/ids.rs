//! Identifiers of the shop's records. They are positive database keys inside and strings on the wire.

use std::fmt;
use std::str::FromStr;

/// A malformed identifier: not a positive whole number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a valid id.")]
pub struct IdError(pub String);

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(i64);

        impl $name {
            /// Wraps a key read from storage; keys there are positive by construction.
            ///
            /// # Errors
            /// [`IdError`] when the key is not positive.
            pub fn new(value: i64) -> Result<Self, IdError> {
                if value > 0 {
                    Ok(Self(value))
                } else {
                    Err(IdError(value.to_string()))
                }
            }

            /// The key as stored.
            #[must_use]
            pub fn get(self) -> i64 {
                self.0
            }
        }

        impl FromStr for $name {
            type Err = IdError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                let malformed = || IdError(text.chars().take(40).collect());
                if text.is_empty() || text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(malformed());
                }
                text.parse::<i64>().map_err(|_| malformed()).and_then(|v| Self::new(v).map_err(|_| malformed()))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// A product's identifier.
    ProductId
);
id_type!(
    /// A category's identifier.
    CategoryId
);
id_type!(
    /// A coupon's identifier.
    CouponId
);
id_type!(
    /// An order's identifier.
    OrderId
);
id_type!(
    /// The shop admin's identifier.
    AdminId
);
id_type!(
    /// A customer's identifier (the `uid` on the wire).
    CustomerId
);
id_type!(
    /// A customer's saved delivery address's identifier.
    AddressId
);
id_type!(
    /// A review's identifier.
    ReviewId
);
id_type!(
    /// A blocklist entry's identifier.
    BlockEntryId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_parse_into_an_id() {
        let id: ProductId = "42".parse().unwrap();

        assert_eq!(id.get(), 42);
        assert_eq!(id.to_string(), "42");
    }

    #[test]
    fn zero_negative_signed_and_non_numeric_ids_are_rejected() {
        for text in ["0", "-1", "+1", "abc", "", "1.5", " 1", "99999999999999999999", "1e3"] {
            assert!(text.parse::<ProductId>().is_err(), "{text:?} was accepted");
        }
    }

    #[test]
    fn the_error_names_the_bad_id() {
        let err = "abc".parse::<CategoryId>().unwrap_err();

        assert_eq!(err.to_string(), "'abc' is not a valid id.");
    }
}
