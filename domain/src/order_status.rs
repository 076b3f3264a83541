//! The order-status machine (docs/spec.md §4 'Order status', docs/contract.md §4): which changes the admin may make,
//! which of them put stock back, and the reason a rejection needs.

use std::fmt;
use std::str::FromStr;

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    /// Placed, awaiting the admin.
    Pending,
    /// Accepted by the admin, not yet sent.
    Approved,
    /// Handed to the courier.
    Dispatched,
    /// Received by the customer.
    Delivered,
    /// Refused by the admin, with a reason.
    Rejected,
    /// Came back after dispatch and was restocked.
    Returned,
}

impl OrderStatus {
    /// The status in Urdu words, as an Urdu order's e-mails and WhatsApp messages name it (docs/decisions/
    /// 0048-urdu.md): `approved` is 'منظور شدہ'.
    #[must_use]
    pub const fn in_urdu(self) -> &'static str {
        match self {
            Self::Pending => "منظوری کا منتظر",
            Self::Approved => "منظور شدہ",
            Self::Dispatched => "روانہ شدہ",
            Self::Delivered => "ڈیلیور شدہ",
            Self::Rejected => "مسترد شدہ",
            Self::Returned => "واپس شدہ",
        }
    }

    /// Every status, in the order docs/spec.md lists them.
    pub const ALL: [Self; 6] =
        [Self::Pending, Self::Approved, Self::Dispatched, Self::Delivered, Self::Rejected, Self::Returned];

    /// The status's lower-case wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Dispatched => "dispatched",
            Self::Delivered => "delivered",
            Self::Rejected => "rejected",
            Self::Returned => "returned",
        }
    }

    /// The statuses the admin may move an order to from this one.
    #[must_use]
    pub const fn allowed_next(self) -> &'static [Self] {
        allowed_next(self)
    }

    /// Whether no further change is possible: delivered, rejected and returned.
    #[must_use]
    pub const fn is_final(self) -> bool {
        allowed_next(self).is_empty()
    }
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A status name that is none of the six.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an order status.")]
pub struct UnknownStatusError(pub String);

impl FromStr for OrderStatus {
    type Err = UnknownStatusError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .ok_or_else(|| UnknownStatusError(text.chars().take(40).collect()))
    }
}

/// The statuses the admin may move an order to from `status` (docs/spec.md §4).
#[must_use]
pub const fn allowed_next(status: OrderStatus) -> &'static [OrderStatus] {
    use OrderStatus::{Approved, Delivered, Dispatched, Pending, Rejected, Returned};
    match status {
        Pending => &[Approved, Rejected],
        Approved => &[Dispatched, Rejected],
        Dispatched => &[Delivered, Returned],
        Delivered | Rejected | Returned => &[],
    }
}

/// A status change the machine does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("An order that is {from} cannot be changed to {to}.")]
pub struct TransitionError {
    /// The order's current status.
    pub from: OrderStatus,
    /// The status asked for.
    pub to: OrderStatus,
}

/// An allowed status change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transition {
    from: OrderStatus,
    to: OrderStatus,
}

impl Transition {
    /// The status before.
    #[must_use]
    pub const fn from(self) -> OrderStatus {
        self.from
    }

    /// The status after.
    #[must_use]
    pub const fn to(self) -> OrderStatus {
        self.to
    }

    /// Whether the order's items go back into stock: a rejection (from pending or approved) or a return.
    #[must_use]
    pub const fn restocks(self) -> bool {
        matches!(self.to, OrderStatus::Rejected | OrderStatus::Returned)
    }

    /// Whether the change needs a [`RejectionReason`].
    #[must_use]
    pub const fn needs_reason(self) -> bool {
        matches!(self.to, OrderStatus::Rejected)
    }
}

/// Checks a status change against docs/spec.md §4.
///
/// # Errors
/// [`TransitionError`] when `to` is not among [`allowed_next`] of `from`.
pub fn transition(from: OrderStatus, to: OrderStatus) -> Result<Transition, TransitionError> {
    if allowed_next(from).contains(&to) {
        Ok(Transition { from, to })
    } else {
        Err(TransitionError { from, to })
    }
}

/// A rejection without a reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Rejection reason is required.")]
pub struct RejectionReasonError;

/// Why the admin rejected an order: trimmed, not empty. Stored as the order's admin comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RejectionReason(String);

impl RejectionReason {
    /// Trims and checks a reason.
    ///
    /// # Errors
    /// [`RejectionReasonError`] when nothing but white space is left.
    pub fn parse(text: &str) -> Result<Self, RejectionReasonError> {
        let reason = text.trim();
        if reason.is_empty() {
            Err(RejectionReasonError)
        } else {
            Ok(Self(reason.to_owned()))
        }
    }

    /// The reason.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::{Approved, Delivered, Dispatched, Pending, Rejected, Returned};

    const ALLOWED: [(OrderStatus, OrderStatus); 6] = [
        (Pending, Approved),
        (Pending, Rejected),
        (Approved, Dispatched),
        (Approved, Rejected),
        (Dispatched, Delivered),
        (Dispatched, Returned),
    ];

    #[test]
    fn exactly_the_six_changes_of_the_spec_are_allowed_among_all_thirty_six_pairs() {
        let mut checked = 0;

        for from in OrderStatus::ALL {
            for to in OrderStatus::ALL {
                let result = transition(from, to);

                if ALLOWED.contains(&(from, to)) {
                    assert_eq!(result.map(|t| (t.from(), t.to())), Ok((from, to)), "{from} -> {to}");
                } else {
                    assert_eq!(result, Err(TransitionError { from, to }), "{from} -> {to}");
                }
                checked += 1;
            }
        }

        assert_eq!(checked, 36);
    }

    #[test]
    fn only_rejections_and_returns_restock() {
        let restocking: Vec<_> =
            ALLOWED.into_iter().filter(|&(from, to)| transition(from, to).unwrap().restocks()).collect();

        assert_eq!(restocking, vec![(Pending, Rejected), (Approved, Rejected), (Dispatched, Returned)]);
    }

    #[test]
    fn only_a_rejection_needs_a_reason() {
        let needing: Vec<_> =
            ALLOWED.into_iter().filter(|&(from, to)| transition(from, to).unwrap().needs_reason()).collect();

        assert_eq!(needing, vec![(Pending, Rejected), (Approved, Rejected)]);
    }

    #[test]
    fn the_allowed_next_statuses_follow_the_spec() {
        assert_eq!(allowed_next(Pending), &[Approved, Rejected]);
        assert_eq!(allowed_next(Approved), &[Dispatched, Rejected]);
        assert_eq!(allowed_next(Dispatched), &[Delivered, Returned]);
        assert_eq!(allowed_next(Delivered), &[] as &[OrderStatus]);
        assert_eq!(allowed_next(Rejected), &[] as &[OrderStatus]);
        assert_eq!(Returned.allowed_next(), &[] as &[OrderStatus]);
    }

    #[test]
    fn delivered_rejected_and_returned_are_final() {
        let finals: Vec<_> = OrderStatus::ALL.into_iter().filter(|s| s.is_final()).collect();

        assert_eq!(finals, vec![Delivered, Rejected, Returned]);
    }

    #[test]
    fn a_refused_change_names_both_statuses() {
        let err = transition(Delivered, Pending).unwrap_err();

        assert_eq!(err.to_string(), "An order that is delivered cannot be changed to pending.");
    }

    #[test]
    fn statuses_have_lower_case_wire_names_that_parse_back() {
        let names: Vec<_> = OrderStatus::ALL.into_iter().map(OrderStatus::as_str).collect();

        assert_eq!(names, ["pending", "approved", "dispatched", "delivered", "rejected", "returned"]);
        for status in OrderStatus::ALL {
            assert_eq!(status.as_str().parse::<OrderStatus>(), Ok(status));
            assert_eq!(status.to_string(), status.as_str());
        }
    }

    #[test]
    fn an_unknown_status_name_is_rejected() {
        for text in ["", "Pending", "shipped", " pending"] {
            assert!(text.parse::<OrderStatus>().is_err(), "{text:?} was accepted");
        }
        assert_eq!("shipped".parse::<OrderStatus>().unwrap_err().to_string(), "'shipped' is not an order status.");
    }

    #[test]
    fn a_rejection_reason_is_trimmed() {
        let reason = RejectionReason::parse("  Out of stock at the supplier \n").unwrap();

        assert_eq!(reason.as_str(), "Out of stock at the supplier");
    }

    #[test]
    fn a_blank_rejection_reason_is_refused() {
        for text in ["", "   ", "\n\t"] {
            assert_eq!(RejectionReason::parse(text), Err(RejectionReasonError), "{text:?}");
        }
        assert_eq!(RejectionReasonError.to_string(), "Rejection reason is required.");
    }
}
