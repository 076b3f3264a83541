//! `app-server rules DIR`: the TypeScript modules of the limits, thresholds and texts the browser checks and
//! shows itself before (or instead of) asking the server (`frontend/src/api/rules/*.gen.ts`). Every figure is
//! read from the constant beside its rule and every text from the `Display` of the error or reading that
//! owns it, so the frontend holds no copy; `app-server/tests/api/rules.rs` fails when a committed file
//! differs. `places.gen.ts` holds the province-to-city table of `domain::locations` the checkout lists.

use std::fmt::Write as _;

use application::accounts::customers::AccountError;
use application::accounts::password_login::LoginRefusal;
use application::bulk_email::{BulkEmailError, MAX_MESSAGE_CHARS, MAX_SUBJECT_CHARS};
use application::catalog::admin::ProductAdminError;
use application::catalog::model::MAX_SEARCH_CHARS;
use application::common::page::MAX_PAGE_SIZE;
use application::media::picture::MAX_PICTURE_PIXELS;
use application::orders::courier::import::{IMPORT_HEADER, MAX_IMPORT_BYTES};
use application::orders::courier::selection::{SelectionError, MAX_SELECTED_ORDERS};
use application::orders::courier::tracking::TRACKING_SAVED;
use application::orders::model::{AddressError, MAX_ADDRESS_CHARS, MAX_ORDER_LINES};
use application::orders::place_order::{PlaceOrderError, ORDER_PLACED};
use application::reviews::model::{NotAReviewPicture, MAX_REVIEW_IMAGE_BYTES};
use application::reviews::submit::{SubmitReviewError, VerifyTokenError, REVIEW_THANKS};
use domain::analytics::{PeriodError, MAX_PERIOD_DAYS};
use domain::cart::DeliveryChargeError;
use domain::category::{CategoryNameError, MAX_CATEGORY_NAME_CHARS};
use domain::contact::{EmailError, PersonNameError, PhoneError, MAX_EMAIL_CHARS, MAX_NAME_CHARS, MAX_PHONE_CHARS};
use domain::coupon::{
    applied_message, applied_message_urdu, CouponCode, CouponCodeError, CouponError, CouponUsageError, NewCouponError,
    UsageLimitError, MAX_COUPON_CODE_CHARS, MAX_COUPON_USES,
};
use domain::courier::{
    CourierError, TrackingNumberError, MAX_COURIER_CHARS, MAX_TRACKING_NUMBER_CHARS, MIN_TRACKING_NUMBER_CHARS,
};
use domain::language::Localized;
use domain::locations::{LocationError, Province, MAX_CITY_CHARS, MIN_CITY_CHARS};
use domain::money::Rupees;
use domain::order_limits::{LimitId, TooManyUnits};
use domain::order_status::RejectionReasonError;
use domain::password::{PasswordError, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS};
use domain::pricing::MAX_DISCOUNT_PERCENT;
use domain::product::{MAX_DESCRIPTION_CHARS, MAX_PRICE, MAX_PRODUCT_NAME_CHARS};
use domain::review::{
    RatingError, ANONYMOUS_REVIEWER, MAX_ADMIN_REPLY_CHARS, MAX_REVIEWER_NAME_CHARS, MAX_REVIEW_COMMENT_CHARS,
    MAX_REVIEW_IMAGES,
};
use domain::shop_info::{DeliveryTimeError, WhatsAppNumberError, MAX_DELIVERY_TIME_CHARS};
use domain::stock::{low_stock_on_card, StockReading, LOW_STOCK_CARD_BELOW, LOW_STOCK_PAGE_AT_MOST, MAX_QUANTITY};

/// A number no real text holds, rendered in place of a template's numeric parameter.
const NUMBER_SLOT: u32 = 987_654_321;
/// A coupon code no real text holds, rendered in place of a template's code parameter.
const CODE_SLOT: &str = "CODESLOT";

/// One export of the module.
enum Rule {
    Number {
        name: &'static str,
        doc: &'static str,
        value: i64,
    },
    Text {
        name: &'static str,
        doc: &'static str,
        text: String,
        /// The shopper's text in Urdu, from its `Localized` (generated into `ur/<file>`); `None` for the admin's.
        urdu: Option<String>,
    },
    /// A text with one parameter: `rendered` holds `slot` where the parameter goes.
    Template {
        name: &'static str,
        doc: &'static str,
        param: &'static str,
        ty: &'static str,
        rendered: String,
        /// `rendered` in Urdu, the same slot in it; `None` for the admin's texts.
        urdu: Option<String>,
        slot: String,
        /// The TypeScript expression shown in the slot's place (the parameter, or the parameter formatted).
        shown: String,
    },
}

fn number(name: &'static str, doc: &'static str, value: impl TryInto<i64>) -> Rule {
    let value = value.try_into().unwrap_or_else(|_| panic!("{name} does not fit a safe integer"));
    assert!(value.unsigned_abs() < (1 << 53), "{name} does not fit a safe integer");
    Rule::Number { name, doc, value }
}

fn text(name: &'static str, doc: &'static str, text: impl ToString) -> Rule {
    Rule::Text { name, doc, text: text.to_string(), urdu: None }
}

/// A shopper's text: its English and its Urdu.
fn said(name: &'static str, doc: &'static str, text: impl Localized) -> Rule {
    Rule::Text { name, doc, text: text.to_string(), urdu: Some(text.urdu()) }
}

/// A shopper's template with one number: [`with_number`] in both languages.
fn said_with_number<T: Localized>(
    name: &'static str,
    doc: &'static str,
    param: &'static str,
    render: impl Fn(u32) -> T,
) -> Rule {
    let Rule::Template { name, doc, param, ty, rendered, slot, shown, .. } =
        with_number(name, doc, param, |n| render(n).to_string())
    else {
        unreachable!()
    };
    Rule::Template { name, doc, param, ty, rendered, urdu: Some(render(NUMBER_SLOT).urdu()), slot, shown }
}

fn with_number(name: &'static str, doc: &'static str, param: &'static str, render: impl Fn(u32) -> String) -> Rule {
    Rule::Template {
        name,
        doc,
        param,
        ty: "number",
        rendered: render(NUMBER_SLOT),
        urdu: None,
        slot: NUMBER_SLOT.to_string(),
        shown: param.to_owned(),
    }
}

/// A template whose number is an amount of whole rupees, shown with thousands separators ('Rs 2,000') as
/// `Rupees` and the front end's `formatRupees` show it.
fn with_rupees(name: &'static str, doc: &'static str, param: &'static str, render: impl Fn(u32) -> String) -> Rule {
    Rule::Template {
        name,
        doc,
        param,
        ty: "number",
        rendered: render(NUMBER_SLOT),
        urdu: None,
        slot: domain::money::grouped(i64::from(NUMBER_SLOT)),
        shown: format!("{param}.toLocaleString('en-US')"),
    }
}

fn rules() -> Vec<Rule> {
    let Ok(code_slot) = CouponCode::parse(CODE_SLOT) else { panic!("CODE_SLOT must be a valid coupon code") };
    vec![
        number(
            "PAISA_PER_RUPEE",
            "Paisa in a rupee; amounts are exact integers of paisa.",
            Rupees::from_whole(1).paisa(),
        ),
        number(
            "MAX_PRICE_RUPEES",
            "The highest price and coupon amount accepted, in whole rupees.",
            MAX_PRICE.round_to_whole(),
        ),
        number("MAX_DISCOUNT_PERCENT", "The highest percentage discount on a product.", MAX_DISCOUNT_PERCENT),
        number("MAX_QUANTITY", "The largest quantity of one cart line, and the largest stock.", MAX_QUANTITY),
        number(
            "MAX_UNITS_PER_PRODUCT",
            "The most units of one product an order may hold unless the owner changed it; the cart asks the \
             server for the value in force (GET /api/settings/order-limits).",
            LimitId::UnitsPerProduct.default_value(),
        ),
        said_with_number(
            "unitLimitReached",
            "A cart line at the most units of one product an order may hold.",
            "max",
            |max| TooManyUnits { max },
        ),
        number(
            "LOW_STOCK_CARD_BELOW",
            "A product card says 'Only N left' while fewer than this many are available.",
            LOW_STOCK_CARD_BELOW,
        ),
        number(
            "LOW_STOCK_PAGE_AT_MOST",
            "A product page says 'Only {n} left!' while at most this many are available.",
            LOW_STOCK_PAGE_AT_MOST,
        ),
        number(
            "MIN_PASSWORD_CHARS",
            "The shortest password, in characters (Unicode code points, not UTF-16 units).",
            MIN_PASSWORD_CHARS,
        ),
        number("MAX_PASSWORD_CHARS", "The longest password, in characters.", MAX_PASSWORD_CHARS),
        number("MAX_EMAIL_CHARS", "The longest e-mail address, in characters.", MAX_EMAIL_CHARS),
        number("MAX_NAME_CHARS", "The longest person's name, in characters.", MAX_NAME_CHARS),
        number("MAX_CATEGORY_NAME_CHARS", "The longest category name, in characters.", MAX_CATEGORY_NAME_CHARS),
        number("MAX_PRODUCT_NAME_CHARS", "The longest product name, in characters.", MAX_PRODUCT_NAME_CHARS),
        number("MAX_DESCRIPTION_CHARS", "The longest product description, in characters.", MAX_DESCRIPTION_CHARS),
        number("MAX_COUPON_CODE_CHARS", "The longest coupon code, in characters.", MAX_COUPON_CODE_CHARS),
        number("MAX_SEARCH_CHARS", "The longest search, in characters.", MAX_SEARCH_CHARS),
        number("MAX_PAGE_SIZE", "The most items one page of a list holds.", MAX_PAGE_SIZE),
        number(
            "MAX_PICTURE_MEGAPIXELS",
            "The most megapixels an uploaded picture may have (width × height / 1,000,000).",
            MAX_PICTURE_PIXELS / 1_000_000,
        ),
        number("MAX_SUBJECT_CHARS", "The longest bulk e-mail subject, in characters.", MAX_SUBJECT_CHARS),
        number("MAX_MESSAGE_CHARS", "The longest bulk e-mail message, in characters.", MAX_MESSAGE_CHARS),
        text("outOfStock", "The stock reading at 0 or fewer available.", StockReading::OutOfStock),
        text("inStock", "The product page's stock reading above the low-stock threshold.", StockReading::InStock),
        with_number("onlyLeftOnPage", "The product page's low-stock reading.", "n", |n| {
            StockReading::Low(n).to_string()
        }),
        with_number("onlyLeftOnCard", "The product card's low-stock reading.", "n", |n| {
            low_stock_on_card(i64::from(n))
        }),
        said("couponCodeRequired", "A coupon applied with no code.", CouponCodeError::Empty),
        said("invalidCartTotal", "A coupon applied to a cart total of 0 or less.", CouponError::InvalidCartTotal),
        said("invalidOrExpiredCoupon", "An unknown, paused or out-of-date coupon.", CouponError::InvalidOrExpired),
        said("cartTotalTooLow", "A coupon that would take the whole cart total or more.", CouponError::CartTotalTooLow),
        {
            let minimum = |n: u32| CouponError::MinimumNotReached { minimum: i64::from(n) };
            let Rule::Template { name, doc, param, ty, rendered, slot, shown, .. } = with_rupees(
                "minimumOrderRequired",
                "A cart below the coupon's minimum order (whole rupees).",
                "minimum",
                |n| minimum(n).to_string(),
            ) else {
                unreachable!()
            };
            Rule::Template { name, doc, param, ty, rendered, urdu: Some(minimum(NUMBER_SLOT).urdu()), slot, shown }
        },
        Rule::Template {
            name: "couponApplied",
            doc: "A coupon that applies.",
            param: "code",
            ty: "string",
            rendered: applied_message(&code_slot),
            urdu: Some(applied_message_urdu(&code_slot)),
            slot: CODE_SLOT.to_owned(),
            shown: "code".to_owned(),
        },
        text(
            "couponCodeAndDiscountRequired",
            "The admin's coupon form without a code or a valid discount.",
            NewCouponError::CodeAndDiscountRequired,
        ),
        said("invalidCredentials", "A login that matches no account.", LoginRefusal::InvalidCredentials),
        said(
            "googleEmailInUse",
            "A Google sign-in for an e-mail registered with a password.",
            AccountError::ExternalEmailInUse,
        ),
        said("passwordTooShort", "A new password below the shortest.", PasswordError::TooShort),
        said("passwordTooLong", "A new password above the longest.", PasswordError::TooLong),
        text("categoryNameRequired", "A category without a name.", CategoryNameError::Empty),
        text(
            "productRequiredFields",
            "A product form with a required field left empty.",
            ProductAdminError::Missing(vec![]),
        ),
        text("productImagesOnly", "A video sent with a new product.", ProductAdminError::VideoOnAdd),
        text("deliveryChargeInvalid", "A delivery charge that is not a non-negative number.", DeliveryChargeError),
        number(
            "MAX_DELIVERY_TIME_CHARS",
            "The longest delivery time the shop info shows, in characters.",
            MAX_DELIVERY_TIME_CHARS,
        ),
        text("deliveryTimeInvalid", "A delivery time that is blank or too long.", DeliveryTimeError::Length),
        text("whatsappNumberInvalid", "A WhatsApp number that is no Pakistani mobile.", WhatsAppNumberError),
        text(
            "subjectAndMessageRequired",
            "A bulk e-mail without a subject or a message.",
            BulkEmailError::SubjectAndMessageRequired,
        ),
        text("noRecipients", "A bulk e-mail to selected customers with none selected.", BulkEmailError::NoRecipients),
        said("couponUsedUp", "A coupon whose total usage limit is reached.", CouponUsageError::Exhausted),
        said(
            "couponAlreadyUsed",
            "A coupon the signed-in customer has used as often as one customer may.",
            CouponUsageError::AlreadyUsed,
        ),
        number("MAX_COUPON_USES", "The largest usage limit a coupon may have.", MAX_COUPON_USES),
        text("usageLimitInvalid", "A coupon usage limit outside 1 to MAX_COUPON_USES.", UsageLimitError),
        text("rejectionReasonRequired", "Rejecting an order without a reason.", RejectionReasonError),
        number("MAX_ORDER_LINES", "The most products one order may hold.", MAX_ORDER_LINES),
        number("MAX_ADDRESS_CHARS", "The longest delivery address, in characters.", MAX_ADDRESS_CHARS),
        number("MAX_PHONE_CHARS", "The longest phone number as typed, spaces and dashes included.", MAX_PHONE_CHARS),
        said("cartEmpty", "Checkout with an empty cart.", PlaceOrderError::EmptyCart),
        said("nameRequired", "Checkout without a full name.", PersonNameError::Empty),
        said("phoneRequired", "Checkout without a primary phone.", PhoneError::Empty),
        said("phoneNotMobile", "A primary phone that is no Pakistani mobile number.", PhoneError::NotMobile),
        said(
            "phoneNotPakistani",
            "A secondary phone that is neither a Pakistani mobile nor a landline number.",
            PhoneError::NotPakistani,
        ),
        said("phoneTooLong", "A phone number above MAX_PHONE_CHARS characters.", PhoneError::TooLong),
        said("phoneLetters", "A phone number with letters in it.", PhoneError::Letters),
        said("phoneOtherCountry", "A phone number with another country's code.", PhoneError::OtherCountry),
        said_with_number(
            "phoneMobileDigits",
            "A mobile number written from 03 with the wrong number of digits (all of them counted).",
            "digits",
            |digits| PhoneError::MobileDigits { digits },
        ),
        said_with_number(
            "phoneMobileDigitsAfterCode",
            "A mobile number written with +92 with the wrong number of digits after it.",
            "digits",
            |digits| PhoneError::MobileDigitsAfterCode { digits },
        ),
        said("phoneLandline", "A landline as the primary phone, which must be a mobile.", PhoneError::Landline),
        said(
            "phoneNotMobilePrefix",
            "A primary phone whose digits do not start as a mobile number's.",
            PhoneError::NotMobilePrefix,
        ),
        said("emailRequired", "Checkout without an e-mail address.", EmailError::Empty),
        said("emailInvalid", "An e-mail address that is not of e-mail form.", EmailError::Invalid),
        said("addressRequired", "Checkout without a delivery address.", AddressError::Empty),
        said("addressTooLong", "A delivery address above MAX_ADDRESS_CHARS.", AddressError::TooLong),
        said("cityWithoutProvince", "A city chosen without a province.", LocationError::CityWithoutProvince),
        number("MIN_CITY_CHARS", "The fewest characters of a city the place table lacks.", MIN_CITY_CHARS),
        number("MAX_CITY_CHARS", "The most characters of a city the place table lacks.", MAX_CITY_CHARS),
        said(
            "cityLength",
            "A city the table lacks outside MIN_CITY_CHARS to MAX_CITY_CHARS.",
            LocationError::CityLength,
        ),
        said(
            "cityNotAName",
            "A city the table lacks of several lines or without a letter.",
            LocationError::CityNotAName,
        ),
        said("orderPlaced", "The answer of a placed order.", ORDER_PLACED),
        number("MAX_REVIEW_IMAGES", "The most images one review may carry.", MAX_REVIEW_IMAGES),
        number("MAX_REVIEW_IMAGE_BYTES", "The largest review image, in bytes (5 MiB).", MAX_REVIEW_IMAGE_BYTES),
        number("MAX_REVIEW_COMMENT_CHARS", "The longest review comment, in characters.", MAX_REVIEW_COMMENT_CHARS),
        number("MAX_REVIEWER_NAME_CHARS", "The longest reviewer name, in characters.", MAX_REVIEWER_NAME_CHARS),
        number("MAX_ADMIN_REPLY_CHARS", "The longest admin reply to a review, in characters.", MAX_ADMIN_REPLY_CHARS),
        text("anonymousReviewer", "The name shown for a review whose reviewer gave none.", ANONYMOUS_REVIEWER),
        said("reviewTokenMissing", "A review link without its token.", VerifyTokenError::Missing),
        said("reviewTokenInvalid", "An unknown review link.", VerifyTokenError::Unknown),
        said("reviewLinkUsed", "A review link used already.", VerifyTokenError::Used),
        said("reviewNameRequired", "The token form without a name.", SubmitReviewError::NameMissing),
        said("reviewFieldsRequired", "The internal form without a name or comment.", SubmitReviewError::FieldsMissing),
        said("reviewRatingInvalid", "A rating that is not a whole number from 1 to 5.", RatingError),
        said("reviewTooManyImages", "More than MAX_REVIEW_IMAGES images.", SubmitReviewError::TooManyImages),
        said(
            "reviewImagesOnly",
            "A file that is not a JPEG, PNG, WebP or GIF picture.",
            NotAReviewPicture::NotAPicture,
        ),
        said("reviewImageTooLarge", "An image over MAX_REVIEW_IMAGE_BYTES.", NotAReviewPicture::TooLarge),
        said("reviewThanks", "The answer of a stored review.", REVIEW_THANKS),
        number("MAX_COURIER_CHARS", "The longest courier name, in characters.", MAX_COURIER_CHARS),
        number("MIN_TRACKING_NUMBER_CHARS", "The shortest tracking number, in characters.", MIN_TRACKING_NUMBER_CHARS),
        number("MAX_TRACKING_NUMBER_CHARS", "The longest tracking number, in characters.", MAX_TRACKING_NUMBER_CHARS),
        number(
            "MAX_SELECTED_ORDERS",
            "The most orders one booking sheet or one bulk dispatch takes.",
            MAX_SELECTED_ORDERS,
        ),
        number("MAX_IMPORT_BYTES", "The largest tracking-number file accepted, in bytes.", MAX_IMPORT_BYTES),
        text("courierRequired", "A tracking number saved without a courier.", CourierError::Empty),
        text("courierTooLong", "A courier name over MAX_COURIER_CHARS.", CourierError::TooLong),
        text(
            "trackingNumberInvalid",
            "A tracking number that is not 4 to 40 letters or digits once spaces and dashes are left out.",
            TrackingNumberError,
        ),
        text("chooseAnOrder", "A booking sheet or dispatch of no orders.", SelectionError::Empty),
        text("importHeader", "The header row a tracking-number file starts with.", IMPORT_HEADER.join(",")),
        text("trackingSaved", "The answer of a saved tracking number.", TRACKING_SAVED),
        number("MAX_PERIOD_DAYS", "The most days between an analytics period's first and last date.", MAX_PERIOD_DAYS),
        text("datesMalformed", "An analytics date not written YYYY-MM-DD.", PeriodError::Malformed),
        text("startAfterEnd", "An analytics period that ends before it starts.", PeriodError::StartAfterEnd),
        text("periodTooLong", "An analytics period over MAX_PERIOD_DAYS.", PeriodError::TooLong),
    ]
}

/// The generated files and the rules each holds. A bundler keeps a module whole in the chunk that first
/// needs it, so the rules are split by the pages that use them: the home page loads no admin texts.
const MODULES: [(&str, &[&str]); 9] = [
    (
        "review.gen.ts",
        &[
            "MAX_REVIEW_IMAGES",
            "MAX_REVIEW_IMAGE_BYTES",
            "MAX_REVIEW_COMMENT_CHARS",
            "MAX_REVIEWER_NAME_CHARS",
            "MAX_ADMIN_REPLY_CHARS",
            "anonymousReviewer",
            "reviewTokenMissing",
            "reviewTokenInvalid",
            "reviewLinkUsed",
            "reviewNameRequired",
            "reviewFieldsRequired",
            "reviewRatingInvalid",
            "reviewTooManyImages",
            "reviewImagesOnly",
            "reviewImageTooLarge",
            "reviewThanks",
        ],
    ),
    ("storefront.gen.ts", &["LOW_STOCK_CARD_BELOW", "MAX_SEARCH_CHARS", "outOfStock", "onlyLeftOnCard"]),
    ("product.gen.ts", &["LOW_STOCK_PAGE_AT_MOST", "inStock", "onlyLeftOnPage"]),
    (
        "cart.gen.ts",
        &[
            "PAISA_PER_RUPEE",
            "MAX_DISCOUNT_PERCENT",
            "MAX_QUANTITY",
            "MAX_UNITS_PER_PRODUCT",
            "unitLimitReached",
            "couponCodeRequired",
            "invalidCartTotal",
            "invalidOrExpiredCoupon",
            "cartTotalTooLow",
            "minimumOrderRequired",
            "couponApplied",
            "couponUsedUp",
            "couponAlreadyUsed",
        ],
    ),
    (
        "checkout.gen.ts",
        &[
            "MAX_ORDER_LINES",
            "MAX_ADDRESS_CHARS",
            "MAX_PHONE_CHARS",
            "cartEmpty",
            "nameRequired",
            "phoneRequired",
            "phoneNotMobile",
            "phoneNotPakistani",
            "phoneTooLong",
            "phoneLetters",
            "phoneOtherCountry",
            "phoneMobileDigits",
            "phoneMobileDigitsAfterCode",
            "phoneLandline",
            "phoneNotMobilePrefix",
            "emailRequired",
            "emailInvalid",
            "addressRequired",
            "addressTooLong",
            "cityWithoutProvince",
            "MIN_CITY_CHARS",
            "MAX_CITY_CHARS",
            "cityLength",
            "cityNotAName",
            "orderPlaced",
        ],
    ),
    (
        "auth.gen.ts",
        &[
            "MIN_PASSWORD_CHARS",
            "MAX_PASSWORD_CHARS",
            "MAX_EMAIL_CHARS",
            "MAX_NAME_CHARS",
            "invalidCredentials",
            "googleEmailInUse",
            "passwordTooShort",
            "passwordTooLong",
        ],
    ),
    (
        "admin.gen.ts",
        &[
            "MAX_PRICE_RUPEES",
            "MAX_COUPON_CODE_CHARS",
            "MAX_CATEGORY_NAME_CHARS",
            "MAX_PRODUCT_NAME_CHARS",
            "MAX_DESCRIPTION_CHARS",
            "MAX_PAGE_SIZE",
            "MAX_PICTURE_MEGAPIXELS",
            "MAX_SUBJECT_CHARS",
            "MAX_MESSAGE_CHARS",
            "couponCodeAndDiscountRequired",
            "categoryNameRequired",
            "productRequiredFields",
            "productImagesOnly",
            "deliveryChargeInvalid",
            "MAX_DELIVERY_TIME_CHARS",
            "deliveryTimeInvalid",
            "whatsappNumberInvalid",
            "subjectAndMessageRequired",
            "noRecipients",
            "MAX_COUPON_USES",
            "usageLimitInvalid",
            "rejectionReasonRequired",
        ],
    ),
    (
        "courier.gen.ts",
        &[
            "MAX_COURIER_CHARS",
            "MIN_TRACKING_NUMBER_CHARS",
            "MAX_TRACKING_NUMBER_CHARS",
            "MAX_SELECTED_ORDERS",
            "MAX_IMPORT_BYTES",
            "courierRequired",
            "courierTooLong",
            "trackingNumberInvalid",
            "chooseAnOrder",
            "importHeader",
            "trackingSaved",
        ],
    ),
    ("analytics.gen.ts", &["MAX_PERIOD_DAYS", "datesMalformed", "startAfterEnd", "periodTooLong"]),
];

impl Rule {
    const fn name(&self) -> &'static str {
        match self {
            Self::Number { name, .. } | Self::Text { name, .. } | Self::Template { name, .. } => name,
        }
    }

    const fn has_urdu(&self) -> bool {
        match self {
            Self::Number { .. } => false,
            Self::Text { urdu, .. } | Self::Template { urdu, .. } => urdu.is_some(),
        }
    }
}

/// A TypeScript single-quoted string literal.
fn string_literal(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'").replace('\n', "\\n"))
}

/// A TypeScript template literal of `rendered`, with `${param}` where `slot` stands (exactly once).
fn template_literal(name: &str, rendered: &str, slot: &str, param: &str) -> String {
    let [before, after] = rendered.split(slot).collect::<Vec<_>>()[..] else {
        panic!("{name}: the parameter must appear exactly once in {rendered:?}")
    };
    let escape = |part: &str| part.replace('\\', "\\\\").replace('`', "\\`").replace("${", "\\${");
    format!("`{}${{{param}}}{}`", escape(before), escape(after))
}

/// The files of `frontend/src/api/rules/`: each name and its content.
///
/// # Panics
/// When a rule belongs to no file or to two (a mistake in [`MODULES`]), does not fit a safe integer, or a
/// template does not hold its parameter exactly once: mistakes in this file, caught by the tests.
#[must_use]
pub fn rules_modules() -> Vec<(String, String)> {
    let rules = rules();
    for rule in &rules {
        let homes = MODULES.iter().filter(|(_, names)| names.contains(&rule.name())).count();
        assert_eq!(homes, 1, "{} must belong to exactly one generated file", rule.name());
    }
    let mut modules: Vec<(String, String)> = MODULES
        .iter()
        .map(|(file, names)| {
            let mut out = String::from(
                "// Generated by `app-server rules` (`just openapi`) from the server's rules: do not edit.\n\
                 // Limits and thresholds come from the domain's constants, texts from the errors that own them.\n",
            );
            for rule in rules.iter().filter(|rule| names.contains(&rule.name())) {
                out.push('\n');
                render(&mut out, rule);
            }
            ((*file).to_owned(), out)
        })
        .collect();
    for (file, names) in MODULES {
        let urdu: Vec<&Rule> = rules.iter().filter(|rule| names.contains(&rule.name()) && rule.has_urdu()).collect();
        if urdu.is_empty() {
            continue;
        }
        let mut out = format!(
            "// Generated by `app-server rules` (`just openapi`) from the server's rules: do not edit.\n\
             // The Urdu of `../{file}`'s shopper texts, from the `Localized` beside each English text; loaded on\n\
             // Urdu pages only (`lib/i18n.ts`, `rulesIn`).\n"
        );
        for rule in urdu {
            out.push('\n');
            render_urdu(&mut out, rule);
        }
        modules.push((format!("ur/{file}"), out));
    }
    modules.push(("pages.gen.ts".to_owned(), pages_module()));
    modules.push(("places.gen.ts".to_owned(), places_module()));
    modules
}

/// `places.gen.ts`: the province-to-place table of `domain::locations`, provinces and places in its order,
/// and the other spellings each place answers to (its courier spelling and aliases).
fn places_module() -> String {
    let key_of = |name: &str| {
        if name.chars().all(|c| c.is_ascii_alphabetic()) {
            name.to_owned()
        } else {
            string_literal(name)
        }
    };
    let mut out = String::from(
        "// Generated by `app-server rules` (`just openapi`) from the domain's province and place table: do not edit.\n\n\
         /**\n * Provinces and their places (docs/spec.md §3 'Locations', extended to every district town couriers \
         deliver to), in the\n * table's order: the spec's cities first, then the others alphabetically. The server \
         keeps a city the table lacks\n * as typed and flags it for the owner.\n */\n\
         export const LOCATIONS = {\n",
    );
    for province in Province::ALL {
        let _ = writeln!(out, "  {}: [", key_of(province.name()));
        for city in province.cities() {
            let _ = writeln!(out, "    {},", string_literal(city));
        }
        out.push_str("  ],\n");
    }
    out.push_str("} as const satisfies Record<string, readonly string[]>;\n");
    out.push_str(
        "\n/** Other spellings a place answers to ('DG Khan', 'Shaheed Benazirabad'): found by the search, never sent. */\n\
         export const PLACE_ALIASES: Readonly<Record<string, readonly string[]>> = {\n",
    );
    for province in Province::ALL {
        for place in province.places() {
            let mut others: Vec<&str> = place.spellings().skip(1).filter(|s| *s != place.name()).collect();
            others.dedup();
            if !others.is_empty() {
                let others: Vec<String> = others.iter().map(|s| string_literal(s)).collect();
                let _ = writeln!(out, "  {}: [{}],", key_of(place.name()), others.join(", "));
            }
        }
    }
    out.push_str("};\n");
    out.push_str(
        "\n/** Each province as it is written ('Khyber Pakhtunkhwa'): what screens show; the API takes the keys. */\n\
         export const PROVINCE_NAMES: Record<keyof typeof LOCATIONS, string> = {\n",
    );
    for province in Province::ALL {
        let _ = writeln!(out, "  {}: {},", key_of(province.name()), string_literal(province.label()));
    }
    out.push_str("};\n");
    out
}

/// `pages.gen.ts`: every router pattern of the server's page table (`adapters_http::page_paths`), which
/// `src/config/paths.ts` must match exactly (its vitest test checks it).
fn pages_module() -> String {
    let mut out = String::from(
        "// Generated by `app-server rules` (`just openapi`) from the server's page table: do not edit.\n\n\
         /** Every page of the app: the router patterns the server answers with a page (docs/seo.md). */\n\
         export const PAGE_PATHS = [\n",
    );
    for path in adapters_http::page_paths() {
        let _ = writeln!(out, "  {},", string_literal(path));
    }
    out.push_str("] as const;\n");
    for (path, title) in adapters_http::page_titles() {
        let _ = write!(
            out,
            "\n/** The title of `{path}`. */\nexport const {} = {};\n",
            title_name(path),
            string_literal(title)
        );
    }
    for (path, title) in adapters_http::urdu_page_titles() {
        let _ = write!(
            out,
            "\n/** The Urdu title of `/ur{path}`. */\nexport const {}Ur = {};\n",
            title_name(path),
            string_literal(title)
        );
    }
    out
}

/// The name of a page's title constant: `/order-confirmation` → `orderConfirmationTitle`.
fn title_name(path: &str) -> String {
    let mut name = String::new();
    for word in path.split(['/', '-']).filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            if name.is_empty() {
                name.push(first);
            } else {
                name.push(first.to_ascii_uppercase());
            }
            name.extend(chars);
        }
    }
    name.push_str("Title");
    name
}

fn render(out: &mut String, rule: &Rule) {
    match rule {
        Rule::Number { name, doc, value } => {
            let _ = writeln!(out, "/** {doc} */\nexport const {name} = {value};");
        }
        Rule::Text { name, doc, text, .. } => {
            let _ = writeln!(out, "/** {doc} */\nexport const {name} = {};", string_literal(text));
        }
        Rule::Template { name, doc, param, ty, rendered, slot, shown, .. } => {
            let literal = template_literal(name, rendered, slot, shown);
            let _ = writeln!(out, "/** {doc} */\nexport const {name} = ({param}: {ty}): string => {literal};");
        }
    }
}

/// A shopper's rule in Urdu, under the English name and type.
fn render_urdu(out: &mut String, rule: &Rule) {
    match rule {
        Rule::Text { name, doc, urdu: Some(urdu), .. } => {
            let _ = writeln!(out, "/** {doc} */\nexport const {name} = {};", string_literal(urdu));
        }
        Rule::Template { name, doc, param, ty, urdu: Some(urdu), slot, shown, .. } => {
            let literal = template_literal(name, urdu, slot, shown);
            let _ = writeln!(out, "/** {doc} */\nexport const {name} = ({param}: {ty}): string => {literal};");
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_puts_its_parameter_where_the_slot_was_and_escapes_the_rest() {
        assert_eq!(template_literal("t", "Only 7 left `${x}`", "7", "n"), "`Only ${n} left \\`\\${x}\\``");
    }

    #[test]
    fn a_string_escapes_quotes_and_backslashes() {
        assert_eq!(string_literal(r"it's a \ back"), r"'it\'s a \\ back'");
    }

    #[test]
    fn every_rule_is_exported_once() {
        let modules = rules_modules();

        let mut names: Vec<&str> = modules
            .iter()
            .filter(|(file, _)| !file.starts_with("ur/"))
            .flat_map(|(_, m)| m.lines().filter_map(|l| l.strip_prefix("export const ")))
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();

        assert_eq!(
            count,
            rules().len() + 1 + adapters_http::page_titles().len() + adapters_http::urdu_page_titles().len() + 3,
            "every rule, PAGE_PATHS, the titles in English and Urdu, LOCATIONS, PLACE_ALIASES and PROVINCE_NAMES"
        );
        assert_eq!(names.len(), count);
    }

    #[test]
    fn the_page_paths_are_every_pattern_of_the_page_table() {
        let pages = pages_module();

        assert!(pages.contains("export const PAGE_PATHS = [\n  '/',\n  '/product/:id',\n"), "{pages}");
        assert!(pages.contains("  '/admin/edit-product/:id',\n"), "{pages}");
        assert_eq!(pages.matches("\n  '/").count(), adapters_http::page_paths().len());
        assert!(pages.contains("export const orderConfirmationTitle = 'Order Confirmation';\n"), "{pages}");
        assert!(pages.contains("export const adminLoginTitle = 'Admin Login';\n"), "{pages}");
        assert!(pages.contains("export const cartTitleUr = 'آپ کی ٹوکری';\n"), "{pages}");
    }

    #[test]
    fn the_places_are_the_domain_table_in_its_order() {
        let places = places_module();

        assert!(
            places.contains("export const LOCATIONS = {\n  Punjab: [\n    'Lahore',\n    'Rawalpindi',\n"),
            "{places}"
        );
        assert!(
            places.contains("    'Bahawalpur',\n    'Ahmedpur East',\n"),
            "the spec's cities, then the others: {places}"
        );
        assert!(places.contains("  KhyberPakhtunkhwa: 'Khyber Pakhtunkhwa',\n"), "{places}");
        assert!(places.contains("  GilgitBaltistan: 'Gilgit-Baltistan',\n"), "{places}");
        assert!(places.contains("\n  Islamabad: [\n    'Islamabad',\n  ],\n} as const"), "{places}");
        assert!(places.contains("  'Dera Ghazi Khan': ['D.G. Khan', 'DG Khan', 'Dera Ghazi'],\n"), "{places}");
        let (locations, _) = places.split_once("export const PLACE_ALIASES").unwrap();
        assert_eq!(locations.matches("\n  ],\n").count(), Province::ALL.len());
    }

    #[test]
    fn every_shopper_text_has_its_urdu_under_the_same_name_and_type() {
        let modules = rules_modules();
        let module = |name: &str| modules.iter().find(|(file, _)| file == name).map(|(_, m)| m.as_str()).unwrap();
        let (checkout, urdu) = (module("checkout.gen.ts"), module("ur/checkout.gen.ts"));

        assert!(urdu.contains("export const nameRequired = 'براہِ کرم اپنا نام درج کریں۔';"), "{urdu}");
        assert!(urdu.contains(
            "export const phoneMobileDigits = (digits: number): string => `اس نمبر میں ${digits} ہندسے ہیں؛ موبائل نمبر میں 11 ہندسے ہوتے ہیں (03XX XXXXXXX)۔`;"
        ));
        assert!(module("ur/cart.gen.ts").contains(
            "export const minimumOrderRequired = (minimum: number): string => `اس کوپن کے لیے کم از کم Rs ${minimum.toLocaleString('en-US')} کا آرڈر ضروری ہے۔`;"
        ));
        for line in checkout.lines().filter(|l| l.contains(" = '") || l.contains(" = (")) {
            let head = line.split(" = ").next().unwrap_or_default();
            assert!(urdu.contains(head), "{head} has no Urdu");
        }
        for (file, content) in modules.iter().filter(|(file, _)| file.starts_with("ur/")) {
            for line in content.lines().filter(|l| l.starts_with("export const ")) {
                assert!(domain::language::has_urdu_letter(line), "{file}: {line}");
            }
            assert!(!content.contains("export const MAX_"), "{file} holds only texts");
        }
        assert!(modules.iter().all(|(file, _)| file != "ur/admin.gen.ts"), "the admin's texts stay English");
    }

    #[test]
    fn templates_and_figures_come_out_as_typescript() {
        let all: String = rules_modules().into_iter().map(|(_, m)| m).collect();

        assert!(all.contains("export const couponApplied = (code: string): string => `Coupon \"${code}\" applied!`;"));
        assert!(all.contains("export const onlyLeftOnPage = (n: number): string => `Only ${n} left!`;"));
        assert!(all.contains(
            "export const minimumOrderRequired = (minimum: number): string => `Minimum order of Rs ${minimum.toLocaleString('en-US')} required.`;"
        ));
        assert!(all.contains("export const MIN_PASSWORD_CHARS = 6;"));
    }
}
