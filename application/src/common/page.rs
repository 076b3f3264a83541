//! Paging of list calls (docs/contract.md §2): optional `limit` and `offset`, limit 100 by default and at most.

/// The largest and default page size.
pub const MAX_PAGE_SIZE: u32 = 100;

/// A slice of a list: at most `limit` items after skipping `offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    limit: u32,
    offset: u32,
}

/// A paging parameter out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PageError {
    #[error("limit must be between 1 and {MAX_PAGE_SIZE}.")]
    Limit,
    #[error("offset must be 0 or more.")]
    Offset,
}

impl Page {
    /// The first page of the default size.
    pub const FIRST: Self = Self { limit: MAX_PAGE_SIZE, offset: 0 };

    /// A page from the optional query parameters.
    ///
    /// # Errors
    /// [`PageError`] when `limit` is outside 1..=100 or `offset` is negative.
    pub fn new(limit: Option<i64>, offset: Option<i64>) -> Result<Self, PageError> {
        let limit = match limit {
            None => MAX_PAGE_SIZE,
            Some(l) if (1..=i64::from(MAX_PAGE_SIZE)).contains(&l) => u32::try_from(l).map_err(|_| PageError::Limit)?,
            Some(_) => return Err(PageError::Limit),
        };
        let offset = match offset {
            None => 0,
            Some(o) => u32::try_from(o).map_err(|_| PageError::Offset)?,
        };
        Ok(Self { limit, offset })
    }

    /// How many items at most.
    #[must_use]
    pub fn limit(self) -> u32 {
        self.limit
    }

    /// How many items to skip.
    #[must_use]
    pub fn offset(self) -> u32 {
        self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_parameters_mean_the_first_hundred() {
        let page = Page::new(None, None).unwrap();

        assert_eq!((page.limit(), page.offset()), (100, 0));
    }

    #[test]
    fn limits_from_one_to_a_hundred_are_accepted() {
        assert_eq!(Page::new(Some(1), Some(5)).unwrap().limit(), 1);
        assert_eq!(Page::new(Some(100), None).unwrap().limit(), 100);
    }

    #[test]
    fn out_of_range_limits_and_negative_offsets_are_refused() {
        assert_eq!(Page::new(Some(0), None), Err(PageError::Limit));
        assert_eq!(Page::new(Some(101), None), Err(PageError::Limit));
        assert_eq!(Page::new(Some(-3), None), Err(PageError::Limit));
        assert_eq!(Page::new(None, Some(-1)), Err(PageError::Offset));
        assert_eq!(PageError::Offset.to_string(), "offset must be 0 or more.");
    }
}
