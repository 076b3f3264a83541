//! Applying a coupon to a cart total (docs/contract.md §5).

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use domain::calendar::pakistan_date;
use domain::coupon::{
    applied_message, Coupon, CouponCode, CouponCodeError, CouponError, CouponUsageError, NewCouponError, UsageLimits,
};
use domain::ids::{CouponId, CustomerId};
use domain::money::Rupees;

use crate::common::clock::Clock;
use crate::common::error::{Conflict, RepositoryError};
use crate::common::page::Page;
use crate::common::throttle::{wait_in_words, Admission, Limit, Throttle};
use crate::coupons::ports::{CouponRepository, StoredCoupon};

/// A coupon that applies, and what it takes off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedCoupon {
    /// The code as stored (upper-case).
    pub code: String,
    /// The smallest cart total the coupon needs.
    pub min_price: Rupees,
    /// Whole rupees taken off the cart total.
    pub discount: Rupees,
    /// 'Coupon "{code}" applied!'
    pub message: String,
}

/// Why a coupon does not apply; the texts are the ones shoppers see.
#[derive(Debug, thiserror::Error)]
pub enum ApplyCouponError {
    #[error("{}", CouponCodeError::Empty)]
    MissingCode,
    #[error("{}", CouponError::InvalidOrExpired)]
    UnknownCode,
    #[error(transparent)]
    Rejected(#[from] CouponError),
    /// Its usage limit (in all, or the customer's own) is reached.
    #[error(transparent)]
    UsedUp(#[from] CouponUsageError),
    /// Too many unknown or expired codes from this address within the hour.
    #[error("Too many coupon attempts. Please try again in {}.", wait_in_words(*retry_after))]
    TooManyAttempts { retry_after: Duration },
    #[error("the coupons could not be read")]
    Unexpected(#[source] RepositoryError),
}

impl ApplyCouponError {
    /// Whether this is a wrong guess: a code that is no coupon shoppers can use today.
    fn is_wrong_guess(&self) -> bool {
        matches!(self, Self::UnknownCode | Self::Rejected(CouponError::InvalidOrExpired))
    }
}

/// The coupon use cases.
#[derive(Clone)]
pub struct Coupons {
    repository: Arc<dyn CouponRepository>,
    clock: Arc<dyn Clock>,
    /// Where wrong guesses are counted, and how many one address may make per hour.
    guesses: Option<(Arc<dyn Throttle>, u32)>,
}

impl Coupons {
    /// Coupons without a limit on guesses (the seeds'); the server adds one with [`Coupons::with_guess_limit`].
    #[must_use]
    pub fn new(repository: Arc<dyn CouponRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repository, clock, guesses: None }
    }

    /// Limits wrong guesses (unknown, paused or expired codes) to `per_hour` per client address.
    #[must_use]
    pub fn with_guess_limit(mut self, throttle: Arc<dyn Throttle>, per_hour: u32) -> Self {
        self.guesses = Some((throttle, per_hour));
        self
    }

    /// Applies the coupon `code` (as typed) to `cart_total` (subtotal plus delivery after any waiver) on
    /// today's date in Pakistan, for the client at `address` and, when signed in, `customer` (whose own
    /// uses count against the per-customer limit). With a guess limit, each attempt past the cheap
    /// checks is counted before the lookup and given back unless it was a wrong guess.
    ///
    /// # Errors
    /// [`ApplyCouponError`] in the order the shopper's checks run: an empty code, a cart total that is not
    /// positive, too many wrong guesses, an unknown code, then the coupon's own rules.
    pub async fn apply(
        &self,
        code: &str,
        cart_total: Rupees,
        address: &str,
        customer: Option<CustomerId>,
    ) -> Result<AppliedCoupon, ApplyCouponError> {
        let code = CouponCode::parse_typed(code);
        if matches!(code, Err(CouponCodeError::Empty)) {
            return Err(ApplyCouponError::MissingCode);
        }
        if !cart_total.is_positive() {
            return Err(CouponError::InvalidCartTotal.into());
        }
        let Some((throttle, per_hour)) = &self.guesses else { return self.look_up(code, cart_total, customer).await };
        let key = format!("coupon-address:{address}");
        let limit = Limit::Window { max: *per_hour, window: Duration::hours(1) };
        let admission = throttle.count(&key, limit, self.clock.now()).await.map_err(ApplyCouponError::Unexpected)?;
        if let Admission::Refused { retry_after } = admission {
            return Err(ApplyCouponError::TooManyAttempts { retry_after });
        }
        let outcome = self.look_up(code, cart_total, customer).await;
        if !outcome.as_ref().is_err_and(ApplyCouponError::is_wrong_guess) {
            throttle.give_back(&key).await.map_err(ApplyCouponError::Unexpected)?;
        }
        outcome
    }

    async fn look_up(
        &self,
        code: Result<CouponCode, CouponCodeError>,
        cart_total: Rupees,
        customer: Option<CustomerId>,
    ) -> Result<AppliedCoupon, ApplyCouponError> {
        let code = code.map_err(|_| ApplyCouponError::UnknownCode)?;
        let StoredCoupon { id, coupon, uses } = self
            .repository
            .find_by_code(&code)
            .await
            .map_err(ApplyCouponError::Unexpected)?
            .ok_or(ApplyCouponError::UnknownCode)?;
        let discount = coupon.apply(cart_total, pakistan_date(self.clock.now()))?;
        let customer_uses = match (customer, coupon.limits().per_customer()) {
            (Some(customer), Some(_)) => {
                Some(self.repository.uses_by_customer(id, customer).await.map_err(ApplyCouponError::Unexpected)?)
            }
            _ => None,
        };
        coupon.limits().check(uses, customer_uses)?;
        Ok(AppliedCoupon {
            code: coupon.code().as_str().to_owned(),
            min_price: coupon.min_price(),
            discount,
            message: applied_message(coupon.code()),
        })
    }
}

/// A coupon from the admin's form, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponForm {
    pub code: String,
    pub percent: Option<u8>,
    pub amount: Option<Rupees>,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub min_price: Option<Rupees>,
    pub active: bool,
    /// The most uses in all, or `None` for no limit.
    pub max_uses: Option<i64>,
    /// The most uses by one customer, or `None` for no limit.
    pub max_uses_per_customer: Option<i64>,
}

/// Why a coupon change was refused.
#[derive(Debug, thiserror::Error)]
pub enum CouponAdminError {
    #[error(transparent)]
    Invalid(#[from] NewCouponError),
    #[error("A coupon with this code already exists.")]
    DuplicateCode,
    #[error("Coupon not found.")]
    NotFound,
    #[error("This coupon has already been used more often than that limit.")]
    LimitBelowUses,
    #[error("the coupons could not be changed")]
    Unexpected(#[source] RepositoryError),
}

impl Coupons {
    /// A page of coupons, newest first.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn list(&self, page: Page) -> Result<Vec<StoredCoupon>, CouponAdminError> {
        self.repository.list(page).await.map_err(CouponAdminError::Unexpected)
    }

    /// Adds a coupon from the admin's form.
    ///
    /// # Errors
    /// The domain's reason, [`CouponAdminError::DuplicateCode`], or `Unexpected`.
    pub async fn add(&self, form: CouponForm) -> Result<(CouponId, Coupon), CouponAdminError> {
        let limits = UsageLimits::new(form.max_uses, form.max_uses_per_customer).map_err(NewCouponError::from)?;
        let coupon = Coupon::create(&form.code, form.percent, form.amount, form.start, form.end, form.min_price)?
            .with_active(form.active)
            .with_limits(limits);
        let id = self.repository.create(coupon.clone()).await.map_err(|err| match err {
            RepositoryError::Conflict(Conflict::CouponCodeTaken) => CouponAdminError::DuplicateCode,
            other => CouponAdminError::Unexpected(other),
        })?;
        Ok((id, coupon))
    }

    /// Pauses an active coupon or activates a paused one.
    ///
    /// # Errors
    /// [`CouponAdminError::NotFound`] or `Unexpected`.
    pub async fn toggle(&self, id: CouponId) -> Result<StoredCoupon, CouponAdminError> {
        self.repository.toggle(id).await.map_err(CouponAdminError::Unexpected)?.ok_or(CouponAdminError::NotFound)
    }

    /// Changes a coupon's usage limits (`None`: no limit); uses so far stay counted.
    ///
    /// # Errors
    /// The domain's reason for a limit out of range, [`CouponAdminError::LimitBelowUses`],
    /// [`CouponAdminError::NotFound`] or `Unexpected`.
    pub async fn set_limits(
        &self,
        id: CouponId,
        max_uses: Option<i64>,
        max_uses_per_customer: Option<i64>,
    ) -> Result<StoredCoupon, CouponAdminError> {
        let limits = UsageLimits::new(max_uses, max_uses_per_customer).map_err(NewCouponError::from)?;
        match self.repository.set_limits(id, limits).await {
            Ok(stored) => stored.ok_or(CouponAdminError::NotFound),
            Err(RepositoryError::Conflict(Conflict::CouponLimitBelowUses)) => Err(CouponAdminError::LimitBelowUses),
            Err(other) => Err(CouponAdminError::Unexpected(other)),
        }
    }

    /// Moves a coupon's first and last day (Pakistan dates, inclusive); its code, discount and uses stay.
    ///
    /// # Errors
    /// [`NewCouponError::EndBeforeStart`], [`CouponAdminError::NotFound`] or `Unexpected`.
    pub async fn set_dates(
        &self,
        id: CouponId,
        start: chrono::NaiveDate,
        end: chrono::NaiveDate,
    ) -> Result<StoredCoupon, CouponAdminError> {
        domain::coupon::check_dates(start, end)?;
        self.repository
            .set_dates(id, start, end)
            .await
            .map_err(CouponAdminError::Unexpected)?
            .ok_or(CouponAdminError::NotFound)
    }

    /// Deletes a coupon.
    ///
    /// # Errors
    /// [`CouponAdminError::NotFound`] or `Unexpected`.
    pub async fn delete(&self, id: CouponId) -> Result<(), CouponAdminError> {
        if self.repository.delete(id).await.map_err(CouponAdminError::Unexpected)? {
            Ok(())
        } else {
            Err(CouponAdminError::NotFound)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::clock::MockClock;
    use crate::coupons::ports::MockCouponRepository;
    use chrono::{NaiveDate, TimeZone, Utc};
    use domain::coupon::Coupon;

    fn date(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
    }

    fn welcome10(end_day: u32) -> Coupon {
        Coupon::create("WELCOME10", Some(10), None, date(1), date(end_day), Some(Rupees::from_whole(1500))).unwrap()
    }

    fn stored(coupon: Coupon) -> StoredCoupon {
        StoredCoupon { id: CouponId::new(3).unwrap(), coupon, uses: 0 }
    }

    /// A clock at `hour` UTC on 30 November 2026.
    fn clock_at(hour: u32) -> MockClock {
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || Utc.with_ymd_and_hms(2026, 11, 30, hour, 0, 0).unwrap());
        clock
    }

    fn coupons(found: Option<Coupon>, clock: MockClock) -> Coupons {
        let mut repository = MockCouponRepository::new();
        repository
            .expect_find_by_code()
            .withf(|code| code.as_str() == "WELCOME10")
            .returning(move |_| Ok(found.clone().map(stored)));
        Coupons::new(Arc::new(repository), Arc::new(clock))
    }

    /// A throttle that counts and gives back in memory, under one lock, as the store does.
    #[derive(Default)]
    struct Counted(std::sync::Mutex<Option<crate::common::throttle::Counter>>);

    #[async_trait::async_trait]
    impl Throttle for Counted {
        async fn count(
            &self,
            key: &str,
            limit: Limit,
            now: chrono::DateTime<Utc>,
        ) -> Result<Admission, RepositoryError> {
            assert_eq!(key, "coupon-address:10.0.0.1");
            let mut counter = self.0.lock().unwrap();
            let (admission, kept) = limit.count(*counter, now);
            *counter = Some(kept);
            Ok(admission)
        }

        async fn give_back(&self, _key: &str) -> Result<(), RepositoryError> {
            let mut counter = self.0.lock().unwrap();
            if let Some(counter) = counter.as_mut() {
                counter.count = counter.count.saturating_sub(1);
            }
            Ok(())
        }

        async fn forget(&self, _key: &str) -> Result<(), RepositoryError> {
            unreachable!("coupons never forget a count")
        }
    }

    #[tokio::test]
    async fn only_wrong_guesses_count_towards_the_hourly_limit_of_an_address() {
        let mut repository = MockCouponRepository::new();
        repository
            .expect_find_by_code()
            .returning(|code| Ok((code.as_str() == "WELCOME10").then(|| stored(welcome10(30)))));
        let coupons = Coupons::new(Arc::new(repository), Arc::new(clock_at(12)))
            .with_guess_limit(Arc::new(Counted::default()), 3);

        for _ in 0..5 {
            coupons.apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None).await.unwrap();
            let below = coupons.apply("WELCOME10", Rupees::from_whole(1000), "10.0.0.1", None).await.unwrap_err();
            assert!(matches!(below, ApplyCouponError::Rejected(CouponError::MinimumNotReached { .. })), "{below:?}");
        }
        for guess in ["GUESS1", "GUESS2", "GUESS3"] {
            let wrong = coupons.apply(guess, Rupees::from_whole(2000), "10.0.0.1", None).await.unwrap_err();
            assert!(matches!(wrong, ApplyCouponError::UnknownCode), "{wrong:?}");
        }
        let refused = coupons.apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None).await.unwrap_err();

        assert_eq!(refused.to_string(), "Too many coupon attempts. Please try again in 60 minutes.");
    }

    #[tokio::test]
    async fn a_valid_coupon_answers_its_discount_and_message() {
        let applied = coupons(Some(welcome10(30)), clock_at(12))
            .apply(" welcome10 ", Rupees::from_whole(2250), "10.0.0.1", None)
            .await
            .unwrap();

        assert_eq!(
            applied,
            AppliedCoupon {
                code: "WELCOME10".into(),
                min_price: Rupees::from_whole(1500),
                discount: Rupees::from_whole(225),
                message: "Coupon \"WELCOME10\" applied!".into(),
            }
        );
    }

    #[tokio::test]
    async fn a_coupon_ending_today_works_until_midnight_in_karachi() {
        let before = coupons(Some(welcome10(30)), clock_at(18))
            .apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None)
            .await;
        let after = coupons(Some(welcome10(30)), clock_at(19))
            .apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None)
            .await;

        assert!(before.is_ok());
        assert_eq!(after.unwrap_err().to_string(), "Invalid or expired coupon.");
    }

    #[tokio::test]
    async fn an_empty_code_is_refused_before_anything_is_read() {
        let repository = MockCouponRepository::new();
        let coupons = Coupons::new(Arc::new(repository), Arc::new(MockClock::new()));

        let err = coupons.apply("   ", Rupees::from_whole(2000), "10.0.0.1", None).await.unwrap_err();

        assert_eq!(err.to_string(), "Please enter a valid coupon code.");
    }

    #[tokio::test]
    async fn a_cart_total_of_zero_is_refused_before_anything_is_read() {
        let coupons = Coupons::new(Arc::new(MockCouponRepository::new()), Arc::new(MockClock::new()));

        let err = coupons.apply("WELCOME10", Rupees::ZERO, "10.0.0.1", None).await.unwrap_err();

        assert_eq!(err.to_string(), "Invalid cart total. Cannot apply coupon.");
    }

    #[tokio::test]
    async fn an_unknown_code_is_invalid_or_expired() {
        let err = coupons(None, clock_at(12))
            .apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None)
            .await
            .unwrap_err();

        assert!(matches!(err, ApplyCouponError::UnknownCode));
        assert_eq!(err.to_string(), "Invalid or expired coupon.");
    }

    #[tokio::test]
    async fn a_code_that_cannot_exist_is_invalid_or_expired_without_a_lookup() {
        let coupons = Coupons::new(Arc::new(MockCouponRepository::new()), Arc::new(MockClock::new()));

        let err = coupons.apply("DROP TABLE coupons;--", Rupees::from_whole(2000), "10.0.0.1", None).await.unwrap_err();

        assert_eq!(err.to_string(), "Invalid or expired coupon.");
    }

    #[tokio::test]
    async fn a_coupon_form_with_both_a_percent_and_an_amount_is_refused_before_anything_is_written() {
        let coupons = Coupons::new(Arc::new(MockCouponRepository::new()), Arc::new(MockClock::new()));
        let form = CouponForm {
            code: "BOTH".into(),
            percent: Some(10),
            amount: Some(Rupees::from_whole(100)),
            start: date(1),
            end: date(30),
            min_price: None,
            active: true,
            max_uses: None,
            max_uses_per_customer: None,
        };

        let err = coupons.add(form).await.unwrap_err();

        assert_eq!(err.to_string(), "⚠️ Please enter a code and a valid discount.");
    }

    #[tokio::test]
    async fn a_duplicate_code_is_reported_as_such() {
        let mut repository = MockCouponRepository::new();
        repository.expect_create().returning(|_| Err(RepositoryError::Conflict(Conflict::CouponCodeTaken)));
        let coupons = Coupons::new(Arc::new(repository), Arc::new(MockClock::new()));
        let form = CouponForm {
            code: "save10".into(),
            percent: Some(10),
            amount: None,
            start: date(1),
            end: date(30),
            min_price: None,
            active: false,
            max_uses: None,
            max_uses_per_customer: None,
        };

        let err = coupons.add(form).await.unwrap_err();

        assert_eq!(err.to_string(), "A coupon with this code already exists.");
    }

    #[tokio::test]
    async fn a_cart_below_the_minimum_is_told_the_minimum() {
        let err = coupons(Some(welcome10(30)), clock_at(12))
            .apply("WELCOME10", Rupees::from_whole(1499), "10.0.0.1", None)
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "Minimum order of Rs 1,500 required.");
    }

    /// A repository holding WELCOME10 with these limits and uses, whose customer 7 has used it `own` times.
    fn limited(total: Option<i64>, per_customer: Option<i64>, uses: u32, own: u32) -> Coupons {
        let limits = UsageLimits::new(total, per_customer).unwrap();
        let mut repository = MockCouponRepository::new();
        repository
            .expect_find_by_code()
            .returning(move |_| Ok(Some(StoredCoupon { uses, ..stored(welcome10(30).with_limits(limits)) })));
        repository
            .expect_uses_by_customer()
            .withf(|coupon, customer| coupon.get() == 3 && customer.get() == 7)
            .returning(move |_, _| Ok(own));
        Coupons::new(Arc::new(repository), Arc::new(clock_at(12)))
    }

    #[tokio::test]
    async fn a_coupon_whose_uses_are_all_taken_is_refused() {
        let err = limited(Some(5), None, 5, 0)
            .apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None)
            .await
            .unwrap_err();

        assert_eq!(err.to_string(), "This coupon has reached its usage limit.");
    }

    #[tokio::test]
    async fn the_per_customer_limit_counts_only_for_a_signed_in_customer() {
        let customer = Some(CustomerId::new(7).unwrap());

        let signed_in =
            limited(None, Some(1), 4, 1).apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", customer).await;
        let anonymous =
            limited(None, Some(1), 4, 1).apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", None).await;
        let first_use =
            limited(None, Some(1), 4, 0).apply("WELCOME10", Rupees::from_whole(2000), "10.0.0.1", customer).await;

        assert_eq!(signed_in.unwrap_err().to_string(), "You have already used this coupon.");
        assert!(anonymous.is_ok());
        assert!(first_use.is_ok());
    }
}
