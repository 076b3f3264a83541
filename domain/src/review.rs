//! Review rules (docs/spec.md §5 'Token review' and 'Internal review', §9): a rating from 1 to 5, at most five
//! images, and the name shown when a reviewer gave none.

use std::fmt;

/// The most images one review may carry (docs/spec.md §9).
pub const MAX_REVIEW_IMAGES: usize = 5;

/// The name shown for a review without one (docs/spec.md §9).
pub const ANONYMOUS_REVIEWER: &str = "Anonymous";

/// A rating outside 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Please provide a valid rating.")]
pub struct RatingError;

impl crate::language::Localized for RatingError {
    fn urdu(&self) -> String {
        "براہِ کرم درست ریٹنگ دیں۔".to_owned()
    }
}

/// A review's rating: 1 to 5 stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rating(u8);

impl Rating {
    /// Five stars, the internal review form's default.
    pub const FIVE: Self = Self(5);

    /// A rating of `stars`.
    ///
    /// # Errors
    /// [`RatingError`] outside 1 to 5.
    pub fn new(stars: u8) -> Result<Self, RatingError> {
        if (1..=5).contains(&stars) {
            Ok(Self(stars))
        } else {
            Err(RatingError)
        }
    }

    /// The stars.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<i64> for Rating {
    type Error = RatingError;

    fn try_from(stars: i64) -> Result<Self, Self::Error> {
        u8::try_from(stars).map_err(|_| RatingError).and_then(Self::new)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The average of approved ratings in tenths of a star, rounded halves up (4.25 stars is 43), for the
/// one-decimal display; `None` without ratings.
#[must_use]
pub fn average_tenths(ratings: &[Rating]) -> Option<u32> {
    let count = u64::try_from(ratings.len()).ok().filter(|&n| n > 0)?;
    let sum: u64 = ratings.iter().map(|r| u64::from(r.get())).sum();
    u32::try_from((sum * 20 + count) / (count * 2)).ok()
}

/// The longest comment a review may carry, in characters.
pub const MAX_REVIEW_COMMENT_CHARS: usize = 2000;

/// The longest reviewer name, in characters.
pub const MAX_REVIEWER_NAME_CHARS: usize = 100;

/// The longest admin reply, in characters.
pub const MAX_ADMIN_REPLY_CHARS: usize = 2000;

/// Where a review stands (docs/spec.md §4): only approved ones are shown and counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReviewStatus {
    Pending,
    Approved,
    Rejected,
}

/// A review status that is not one of the three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("status must be pending, approved or rejected.")]
pub struct ReviewStatusError;

impl ReviewStatus {
    /// The stored and wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
        }
    }
}

impl std::str::FromStr for ReviewStatus {
    type Err = ReviewStatusError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "pending" => Ok(Self::Pending),
            "approved" => Ok(Self::Approved),
            "rejected" => Ok(Self::Rejected),
            _ => Err(ReviewStatusError),
        }
    }
}

/// How many approved reviews gave each number of stars: what a product shows of its ratings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RatingSpread {
    /// Index 0 counts one-star reviews, index 4 five-star ones.
    counts: [u32; 5],
}

impl RatingSpread {
    /// The spread from the counts of one to five stars.
    #[must_use]
    pub const fn new(counts: [u32; 5]) -> Self {
        Self { counts }
    }

    /// How many approved reviews gave `stars`.
    #[must_use]
    pub const fn count_of(&self, stars: Rating) -> u32 {
        self.counts[stars.0 as usize - 1]
    }

    /// How many approved reviews there are.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|&n| u64::from(n)).sum()
    }

    /// The average in tenths of a star, rounded halves up, as [`average_tenths`]; `None` without reviews.
    #[must_use]
    pub fn average_tenths(&self) -> Option<u32> {
        let count = self.total();
        if count == 0 {
            return None;
        }
        let sum: u64 = self.counts.iter().zip(1u64..).map(|(&n, stars)| u64::from(n) * stars).sum();
        u32::try_from((sum * 20 + count) / (count * 2)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spread_averages_as_the_ratings_it_counts() {
        let spread = RatingSpread::new([0, 0, 0, 3, 1]);
        let r = |n| Rating::new(n).unwrap();

        assert_eq!(spread.total(), 4);
        assert_eq!(spread.average_tenths(), average_tenths(&[r(4), r(4), r(5), r(4)]));
        assert_eq!(spread.average_tenths(), Some(43));
        assert_eq!(spread.count_of(r(4)), 3);
        assert_eq!(RatingSpread::default().average_tenths(), None);
    }

    #[test]
    fn review_statuses_read_their_three_names_only() {
        assert_eq!("approved".parse::<ReviewStatus>(), Ok(ReviewStatus::Approved));
        assert_eq!("pending".parse::<ReviewStatus>().map(ReviewStatus::as_str), Ok("pending"));
        assert_eq!("Approved".parse::<ReviewStatus>(), Err(ReviewStatusError));
    }

    #[test]
    fn ratings_from_one_to_five_are_accepted() {
        let stars: Vec<u8> = (1..=5).map(|n| Rating::new(n).unwrap().get()).collect();

        assert_eq!(stars, [1, 2, 3, 4, 5]);
        assert_eq!(Rating::FIVE.get(), 5);
    }

    #[test]
    fn ratings_outside_one_to_five_are_refused() {
        assert_eq!(Rating::new(0), Err(RatingError));
        assert_eq!(Rating::new(6), Err(RatingError));
        assert_eq!(Rating::try_from(-1), Err(RatingError));
        assert_eq!(Rating::try_from(261), Err(RatingError));
        assert_eq!(Rating::try_from(4).map(Rating::get), Ok(4));
        assert_eq!(RatingError.to_string(), "Please provide a valid rating.");
    }

    #[test]
    fn a_rating_displays_as_its_stars() {
        assert_eq!(Rating::new(3).unwrap().to_string(), "3");
    }

    #[test]
    fn the_average_is_in_tenths_rounded_halves_up() {
        let r = |n| Rating::new(n).unwrap();

        assert_eq!(average_tenths(&[r(4), r(5)]), Some(45));
        assert_eq!(average_tenths(&[r(4), r(4), r(5), r(4)]), Some(43));
        assert_eq!(average_tenths(&[r(5), r(4), r(4)]), Some(43));
        assert_eq!(average_tenths(&[r(1)]), Some(10));
        assert_eq!(average_tenths(&[]), None);
    }

    #[test]
    fn the_review_limits_are_those_of_the_spec() {
        assert_eq!(MAX_REVIEW_IMAGES, 5);
        assert_eq!(ANONYMOUS_REVIEWER, "Anonymous");
    }
}
