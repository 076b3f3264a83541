//! The coupon rules: codes, discounts, dates, minimums and the messages the shopper reads.

use super::*;

fn rs(whole: i64) -> Rupees {
    Rupees::from_whole(whole)
}

fn day(month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, month, day).unwrap()
}

fn coupon(discount: CouponDiscount, min_price: i64) -> Coupon {
    Coupon::new(CouponCode::parse("SAVE10").unwrap(), discount, day(3, 1), day(3, 31), rs(min_price), true).unwrap()
}

fn ten_percent() -> CouponDiscount {
    CouponDiscount::percent(10).unwrap()
}

#[test]
fn a_code_is_trimmed_and_upper_cased() {
    let code = CouponCode::parse("  save-10_x ").unwrap();

    assert_eq!(code.as_str(), "SAVE-10_X");
    assert_eq!(code.to_string(), "SAVE-10_X");
}

#[test]
fn codes_compare_without_regard_to_case() {
    assert_eq!(CouponCode::parse("Eid2025").unwrap(), "EID2025".parse::<CouponCode>().unwrap());
}

#[test]
fn an_empty_or_blank_code_is_rejected() {
    for text in ["", "   ", "\t\n"] {
        assert_eq!(CouponCode::parse(text), Err(CouponCodeError::Empty), "{text:?}");
    }
    assert_eq!(CouponCodeError::Empty.to_string(), "Please enter a valid coupon code.");
}

#[test]
fn a_code_of_forty_characters_is_accepted_and_forty_one_is_not() {
    assert!(CouponCode::parse(&"A".repeat(40)).is_ok());

    let err = CouponCode::parse(&"A".repeat(41)).unwrap_err();

    assert_eq!(err, CouponCodeError::TooLong);
    assert_eq!(err.to_string(), "Coupon code must be at most 40 characters.");
}

#[test]
fn a_code_with_other_characters_is_rejected() {
    for text in ["SAVE 10", "SAVE%", "ÉTÉ", "a.b", "x/y"] {
        assert_eq!(CouponCode::parse(text), Err(CouponCodeError::InvalidCharacter), "{text:?}");
    }
    assert_eq!(
        CouponCodeError::InvalidCharacter.to_string(),
        "Coupon code may contain only letters, digits, '-' and '_'."
    );
}

#[test]
fn a_coupon_percentage_is_from_one_to_a_hundred() {
    assert_eq!(CouponDiscount::percent(1).unwrap().percent_value(), Some(1));
    assert_eq!(CouponDiscount::percent(100).unwrap().percent_value(), Some(100));
    assert_eq!(CouponDiscount::percent(0), Err(CouponDiscountError::PercentOutOfRange));
    assert_eq!(CouponDiscount::percent(101), Err(CouponDiscountError::PercentOutOfRange));
    assert_eq!(CouponDiscountError::PercentOutOfRange.to_string(), "Coupon percentage must be from 1 to 100.");
}

#[test]
fn a_coupon_amount_is_above_zero_and_at_most_ten_crore() {
    assert_eq!(CouponDiscount::amount(rs(150)).unwrap().amount_value(), Some(rs(150)));
    assert_eq!(CouponDiscount::amount(Rupees::ZERO), Err(CouponDiscountError::AmountOutOfRange));
    assert_eq!(CouponDiscount::amount(rs(-1)), Err(CouponDiscountError::AmountOutOfRange));
    assert_eq!(CouponDiscount::amount(rs(100_000_001)), Err(CouponDiscountError::AmountOutOfRange));
    assert_eq!(
        CouponDiscountError::AmountOutOfRange.to_string(),
        "Coupon amount must be above Rs 0 and at most Rs 100,000,000."
    );
}

#[test]
fn exactly_one_of_percentage_and_amount_is_required() {
    assert_eq!(CouponDiscount::from_fields(Some(10), None), Ok(ten_percent()));
    assert_eq!(CouponDiscount::from_fields(None, Some(rs(50))), CouponDiscount::amount(rs(50)));
    assert_eq!(CouponDiscount::from_fields(Some(10), Some(rs(50))), Err(CouponDiscountError::NotExactlyOne));
    assert_eq!(CouponDiscount::from_fields(None, None), Err(CouponDiscountError::NotExactlyOne));
    assert_eq!(CouponDiscountError::NotExactlyOne.to_string(), "⚠️ Please enter a code and a valid discount.");
}

#[test]
fn a_discount_exposes_only_its_own_field() {
    assert_eq!(ten_percent().amount_value(), None);
    assert_eq!(CouponDiscount::amount(rs(50)).unwrap().percent_value(), None);
}

#[test]
fn a_percent_coupon_takes_the_rounded_percentage_of_the_cart_total() {
    let coupon = coupon(ten_percent(), 0);

    assert_eq!(coupon.apply(rs(1999), day(3, 15)), Ok(rs(200)));
    assert_eq!(coupon.apply(rs(1994), day(3, 15)), Ok(rs(199)));
    assert_eq!(coupon.apply(Rupees::from_paisa(199_915), day(3, 15)), Ok(rs(200)));
}

#[test]
fn an_amount_coupon_takes_its_amount_rounded() {
    let coupon = coupon(CouponDiscount::amount(Rupees::from_paisa(15_050)).unwrap(), 0);

    assert_eq!(coupon.apply(rs(1000), day(3, 15)), Ok(rs(151)));
}

#[test]
fn a_cart_total_of_zero_or_less_is_refused_first() {
    let paused = coupon(ten_percent(), 500).with_active(false);

    assert_eq!(paused.apply(Rupees::ZERO, day(1, 1)), Err(CouponError::InvalidCartTotal));
    assert_eq!(paused.apply(rs(-10), day(3, 15)), Err(CouponError::InvalidCartTotal));
    assert_eq!(CouponError::InvalidCartTotal.to_string(), "Invalid cart total. Cannot apply coupon.");
}

#[test]
fn a_paused_coupon_is_invalid() {
    let paused = coupon(ten_percent(), 0).with_active(false);

    assert!(!paused.is_active());
    assert_eq!(paused.apply(rs(1000), day(3, 15)), Err(CouponError::InvalidOrExpired));
    assert_eq!(CouponError::InvalidOrExpired.to_string(), "Invalid or expired coupon.");
}

#[test]
fn the_date_window_includes_its_first_and_last_day() {
    let coupon = coupon(ten_percent(), 0);

    assert_eq!(coupon.apply(rs(1000), day(3, 1)), Ok(rs(100)));
    assert_eq!(coupon.apply(rs(1000), day(3, 31)), Ok(rs(100)));
    assert_eq!(coupon.apply(rs(1000), day(2, 28)), Err(CouponError::InvalidOrExpired));
    assert_eq!(coupon.apply(rs(1000), day(4, 1)), Err(CouponError::InvalidOrExpired));
}

#[test]
fn an_expired_coupon_is_refused_before_the_minimum_is_checked() {
    let coupon = coupon(ten_percent(), 5000);

    assert_eq!(coupon.apply(rs(1000), day(4, 1)), Err(CouponError::InvalidOrExpired));
}

#[test]
fn a_cart_total_below_the_minimum_is_refused_with_the_minimum_in_whole_rupees() {
    let coupon = coupon(ten_percent(), 1500);

    let err = coupon.apply(Rupees::from_paisa(149_999), day(3, 15)).unwrap_err();

    assert_eq!(err, CouponError::MinimumNotReached { minimum: 1500 });
    assert_eq!(err.to_string(), "Minimum order of Rs 1,500 required.");
    assert_eq!(coupon.apply(rs(1500), day(3, 15)), Ok(rs(150)));
}

#[test]
fn a_discount_of_the_whole_cart_total_or_more_is_refused() {
    let amount = coupon(CouponDiscount::amount(rs(500)).unwrap(), 0);
    let everything = coupon(CouponDiscount::percent(100).unwrap(), 0);

    assert_eq!(amount.apply(rs(500), day(3, 15)), Err(CouponError::CartTotalTooLow));
    assert_eq!(amount.apply(rs(400), day(3, 15)), Err(CouponError::CartTotalTooLow));
    assert_eq!(amount.apply(rs(501), day(3, 15)), Ok(rs(500)));
    assert_eq!(everything.apply(rs(300), day(3, 15)), Err(CouponError::CartTotalTooLow));
    assert_eq!(CouponError::CartTotalTooLow.to_string(), "Cart total is too low for this coupon.");
}

#[test]
fn the_applied_message_names_the_code() {
    let code = CouponCode::parse("eid25").unwrap();

    assert_eq!(applied_message(&code), "Coupon \"EID25\" applied!");
}

#[test]
fn a_new_coupon_from_the_form_is_active_with_a_default_minimum_of_zero() {
    let coupon = Coupon::create(" eid25 ", Some(25), None, day(3, 1), day(3, 1), None).unwrap();

    assert_eq!(coupon.code().as_str(), "EID25");
    assert_eq!(coupon.discount(), CouponDiscount::percent(25).unwrap());
    assert_eq!((coupon.start_date(), coupon.end_date()), (day(3, 1), day(3, 1)));
    assert_eq!(coupon.min_price(), Rupees::ZERO);
    assert!(coupon.is_active());
}

#[test]
fn a_new_coupon_needs_a_code_and_exactly_one_valid_discount() {
    let attempts = [
        ("", Some(10), None),
        ("  ", None, Some(rs(100))),
        ("EID", None, None),
        ("EID", Some(10), Some(rs(100))),
        ("EID", Some(0), None),
        ("EID", Some(101), None),
        ("EID", None, Some(Rupees::ZERO)),
    ];

    for (code, percent, amount) in attempts {
        let err = Coupon::create(code, percent, amount, day(3, 1), day(3, 2), None).unwrap_err();

        assert_eq!(err, NewCouponError::CodeAndDiscountRequired, "{code:?} {percent:?} {amount:?}");
        assert_eq!(err.to_string(), "⚠️ Please enter a code and a valid discount.");
    }
}

#[test]
fn a_new_coupon_with_a_malformed_code_says_what_is_wrong() {
    let err = Coupon::create("EID 25", Some(10), None, day(3, 1), day(3, 2), None).unwrap_err();

    assert_eq!(err, NewCouponError::Code(CouponCodeError::InvalidCharacter));
    assert_eq!(err.to_string(), "Coupon code may contain only letters, digits, '-' and '_'.");
}

#[test]
fn a_coupon_cannot_end_before_it_starts() {
    let err = Coupon::create("EID", Some(10), None, day(3, 2), day(3, 1), None).unwrap_err();

    assert_eq!(err, NewCouponError::EndBeforeStart);
    assert_eq!(err.to_string(), "The end date cannot be before the start date.");
}

#[test]
fn a_minimum_order_must_be_from_zero_to_ten_crore() {
    let code = CouponCode::parse("EID").unwrap();

    let negative = Coupon::new(code.clone(), ten_percent(), day(3, 1), day(3, 2), rs(-1), true);
    let huge = Coupon::new(code, ten_percent(), day(3, 1), day(3, 2), rs(100_000_001), true);

    assert_eq!(negative, Err(NewCouponError::MinimumOutOfRange));
    assert_eq!(huge, Err(NewCouponError::MinimumOutOfRange));
    assert_eq!(NewCouponError::MinimumOutOfRange.to_string(), "Minimum order must be from Rs 0 to Rs 100,000,000.");
}

#[test]
fn usage_limits_are_absent_or_from_one_to_a_million() {
    assert_eq!(UsageLimits::new(None, None), Ok(UsageLimits::NONE));
    assert_eq!(UsageLimits::new(Some(1), Some(1_000_000)).unwrap().per_customer(), Some(1_000_000));
    for bad in [0, -1, 1_000_001, i64::MAX] {
        assert_eq!(UsageLimits::new(Some(bad), None), Err(UsageLimitError), "{bad}");
        assert_eq!(UsageLimits::new(None, Some(bad)), Err(UsageLimitError), "{bad}");
    }
    assert_eq!(UsageLimitError.to_string(), "Usage limits must be whole numbers from 1 to 1000000.");
}

#[test]
fn the_total_limit_is_checked_before_the_customers_own() {
    let limits = UsageLimits::new(Some(3), Some(1)).unwrap();

    assert_eq!(limits.check(2, Some(0)), Ok(()));
    assert_eq!(limits.check(2, None), Ok(()));
    assert_eq!(limits.check(3, Some(0)), Err(CouponUsageError::Exhausted));
    assert_eq!(limits.check(3, Some(1)), Err(CouponUsageError::Exhausted));
    assert_eq!(limits.check(1, Some(1)), Err(CouponUsageError::AlreadyUsed));
    assert_eq!(limits.check(1, None), Ok(()));
    assert_eq!(CouponUsageError::Exhausted.to_string(), "This coupon has reached its usage limit.");
    assert_eq!(CouponUsageError::AlreadyUsed.to_string(), "You have already used this coupon.");
}

#[test]
fn without_limits_any_number_of_uses_is_allowed() {
    assert_eq!(UsageLimits::NONE.check(u32::MAX, Some(u32::MAX)), Ok(()));
}

#[test]
fn a_typed_code_forgives_spaces_inside_it() {
    assert_eq!(CouponCode::parse_typed(" welcome 10 ").unwrap().as_str(), "WELCOME10");
    assert_eq!(CouponCode::parse_typed("FLAT\u{a0}200").unwrap().as_str(), "FLAT200");
    assert_eq!(CouponCode::parse_typed("save10").unwrap().as_str(), "SAVE10");
    assert_eq!(CouponCode::parse_typed("   "), Err(CouponCodeError::Empty));
    assert_eq!(CouponCode::parse_typed("SAVE 10%"), Err(CouponCodeError::InvalidCharacter));
    assert_eq!(CouponCode::parse("WELCOME 10"), Err(CouponCodeError::InvalidCharacter));
}
