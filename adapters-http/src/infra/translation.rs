//! The API's answers in the request's language (docs/decisions/0048-urdu.md): every shopper's text is written
//! once, in English as its error's `Display` and in Urdu beside it (`domain::language::Localized`); handlers
//! and use cases keep speaking English, and one middleware turns the answer of an Urdu request (its
//! `Accept-Language`) into Urdu where the error becomes an answer: the `message` and every field's `errors`
//! of a JSON body are looked up in the table of every shopper's text and replaced by their Urdu. A text the
//! table lacks (the admin's, a framework's) stays English; an English request's answer is untouched.

use std::sync::LazyLock;

use actix_web::body::{to_bytes, EitherBody, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::{header, Method};
use actix_web::web::Bytes;
use application::accounts::customers::AccountError;
use application::accounts::password_login::LoginRefusal;
use application::catalog::browse::CatalogError;
use application::common::throttle::{wait_in_words, wait_words_in_urdu};
use application::orders::model::AddressError;
use application::orders::place_order::{PlaceOrderError, PricedQuote, ORDER_PLACED};
use application::reviews::model::NotAReviewPicture;
use application::reviews::submit::{SubmitReviewError, VerifyTokenError, REVIEW_THANKS};
use chrono::Duration;
use domain::cart::DeliveryCharge;
use domain::checkout::Quote;
use domain::contact::{EmailError, PersonNameError, PhoneError};
use domain::coupon::{CouponCodeError, CouponError, CouponUsageError};
use domain::language::{Bilingual, Language, Localized};
use domain::locations::{LocationError, Province};
use domain::order_limits::{OrderLimitReached, TooManyUnits};
use domain::password::PasswordError;
use domain::review::RatingError;
use domain::text::TextError;
use serde_json::Value;

/// A number no real text holds, standing for a template's numeric parameter.
const NUMBER: u32 = 987_654_321;
/// A text no real text holds, standing for a template's parameter that is a name (a product's, a city's).
const NAME: &str = "\u{E000}\u{E001}";
/// The answer of an unexpected error (`ApiError::Internal`, `status_message` of a 5xx).
pub const SOMETHING_WENT_WRONG: Bilingual = Bilingual {
    english: "Something went wrong. Please try again.",
    urdu: "کچھ غلط ہو گیا۔ براہِ کرم دوبارہ کوشش کریں۔",
};

/// Where a parameter stands in a text: as it reads in each language, and how a value read from the English
/// becomes its Urdu.
#[derive(Clone, Copy)]
struct Slot {
    english: &'static str,
    urdu: &'static str,
    to_urdu: fn(&str) -> Option<String>,
}

fn same(value: &str) -> Option<String> {
    Some(value.to_owned())
}

static NUMBER_TEXT: LazyLock<String> = LazyLock::new(|| NUMBER.to_string());
static RUPEES_TEXT: LazyLock<String> = LazyLock::new(|| domain::money::grouped(i64::from(NUMBER)));
static WAIT: LazyLock<Duration> = LazyLock::new(|| Duration::hours(i64::from(NUMBER)));
static WAIT_TEXT: LazyLock<(String, String)> = LazyLock::new(|| {
    let english = wait_in_words(*WAIT);
    let urdu = wait_words_in_urdu(&english).unwrap_or_default();
    (english, urdu)
});

fn number_slot() -> Slot {
    Slot { english: &NUMBER_TEXT, urdu: &NUMBER_TEXT, to_urdu: same }
}

fn rupees_slot() -> Slot {
    Slot { english: &RUPEES_TEXT, urdu: &RUPEES_TEXT, to_urdu: same }
}

fn name_slot() -> Slot {
    Slot { english: NAME, urdu: NAME, to_urdu: same }
}

fn wait_slot() -> Slot {
    Slot { english: &WAIT_TEXT.0, urdu: &WAIT_TEXT.1, to_urdu: wait_words_in_urdu }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Literal(String),
    Slot(usize),
}

/// One shopper's text in both languages, its parameters as slots.
pub struct Translation {
    english: Vec<Piece>,
    urdu: Vec<Piece>,
    slots: Vec<Slot>,
}

/// `text` cut at each slot (each slot's writing in this language picked by `writing`).
fn pieces(text: &str, slots: &[Slot], writing: fn(&Slot) -> &'static str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let next = slots.iter().enumerate().filter_map(|(i, s)| rest.find(writing(s)).map(|at| (at, i))).min();
        let Some((at, i)) = next else { break };
        if at > 0 {
            out.push(Piece::Literal(rest[..at].to_owned()));
        }
        out.push(Piece::Slot(i));
        rest = &rest[at + writing(&slots[i]).len()..];
    }
    if !rest.is_empty() {
        out.push(Piece::Literal(rest.to_owned()));
    }
    out
}

impl Translation {
    fn new(text: &dyn Localized, slots: &[Slot]) -> Self {
        Self {
            english: pieces(&text.to_string(), slots, |s| s.english),
            urdu: pieces(&text.urdu(), slots, |s| s.urdu),
            slots: slots.to_vec(),
        }
    }

    /// The Urdu of `english` when it is this text, its parameters carried over.
    fn urdu_of(&self, english: &str) -> Option<String> {
        let mut values = vec![None; self.slots.len()];
        if !read(&self.english, english, &mut values) {
            return None;
        }
        let mut out = String::new();
        for piece in &self.urdu {
            match piece {
                Piece::Literal(text) => out.push_str(text),
                Piece::Slot(i) => out.push_str(&(self.slots[*i].to_urdu)(values[*i].as_deref()?)?),
            }
        }
        Some(out)
    }

    /// The text with its slots: its English and its Urdu.
    #[cfg(test)]
    fn texts(&self) -> (String, String) {
        let join = |pieces: &[Piece], writing: fn(&Slot) -> &'static str| {
            pieces
                .iter()
                .map(|p| match p {
                    Piece::Literal(text) => text.clone(),
                    Piece::Slot(i) => writing(&self.slots[*i]).to_owned(),
                })
                .collect::<String>()
        };
        (join(&self.english, |s| s.english), join(&self.urdu, |s| s.urdu))
    }
}

/// Whether `text` is `pieces` exactly, noting each slot's value (the shortest that lets the rest match).
fn read(pieces: &[Piece], text: &str, values: &mut [Option<String>]) -> bool {
    match pieces.split_first() {
        None => text.is_empty(),
        Some((Piece::Literal(literal), rest)) => {
            text.strip_prefix(literal.as_str()).is_some_and(|t| read(rest, t, values))
        }
        Some((Piece::Slot(i), rest)) => {
            let ends = text.char_indices().map(|(at, _)| at).skip(1).chain(std::iter::once(text.len()));
            for end in ends {
                if end == 0 {
                    continue;
                }
                if read(rest, &text[end..], values) {
                    values[*i] = Some(text[..end].to_owned());
                    return true;
                }
            }
            false
        }
    }
}

/// Every text a shopper can meet in an answer of the API, in both languages.
pub static SHOPPER_TEXTS: LazyLock<Vec<Translation>> = LazyLock::new(shopper_texts);

#[allow(clippy::too_many_lines)]
fn shopper_texts() -> Vec<Translation> {
    let fixed = |text: &dyn Localized| Translation::new(text, &[]);
    let no_quote = || Box::new(PricedQuote { quote: Quote::new(vec![], DeliveryCharge::FREE), changes: vec![] });
    let mut all = vec![
        fixed(&SOMETHING_WENT_WRONG),
        fixed(&ORDER_PLACED),
        fixed(&REVIEW_THANKS),
        fixed(&RatingError),
        Translation::new(&TooManyUnits { max: NUMBER }, &[number_slot()]),
        Translation::new(&CouponError::MinimumNotReached { minimum: i64::from(NUMBER) }, &[rupees_slot()]),
        Translation::new(&PhoneError::MobileDigits { digits: NUMBER }, &[number_slot()]),
        Translation::new(&PhoneError::MobileDigitsAfterCode { digits: NUMBER }, &[number_slot()]),
        Translation::new(&LoginRefusal::TooManyAttempts { retry_after: *WAIT }, &[wait_slot()]),
        Translation::new(&AccountError::TooManySignUps { retry_after: *WAIT }, &[wait_slot()]),
        Translation::new(
            &PlaceOrderError::OutOfStock { name: NAME.to_owned(), left: NUMBER, quote: no_quote() },
            &[name_slot(), number_slot()],
        ),
        Translation::new(&LocationError::UnknownProvince(NAME.to_owned()), &[name_slot()]),
    ];
    for max in [1, NUMBER] {
        let slots: &[Slot] = if max == 1 { &[] } else { &[number_slot()] };
        all.push(Translation::new(&OrderLimitReached::PendingForAccount { max }, slots));
        all.push(Translation::new(&OrderLimitReached::PendingForPhone { max }, slots));
        all.push(Translation::new(&OrderLimitReached::OrdersInWindow { max, retry_after: Duration::zero() }, slots));
    }
    for province in Province::ALL {
        all.push(Translation::new(&LocationError::UnknownCity { city: NAME.to_owned(), province }, &[name_slot()]));
        for its_province in Province::ALL {
            all.push(Translation::new(
                &LocationError::CityOfAnotherProvince { city: NAME, province, its_province },
                &[name_slot()],
            ));
        }
    }
    let texts: Vec<Box<dyn Localized>> = vec![
        Box::new(EmailError::Empty),
        Box::new(EmailError::TooLong),
        Box::new(EmailError::Invalid),
        Box::new(PhoneError::Empty),
        Box::new(PhoneError::TooLong),
        Box::new(PhoneError::Letters),
        Box::new(PhoneError::OtherCountry),
        Box::new(PhoneError::Landline),
        Box::new(PhoneError::NotMobilePrefix),
        Box::new(PhoneError::NotMobile),
        Box::new(PhoneError::NotPakistani),
        Box::new(PersonNameError::Empty),
        Box::new(PersonNameError::TooLong),
        Box::new(PersonNameError::ControlCharacter(TextError::ControlCharacterInLine { what: "Name" })),
        Box::new(AddressError::Empty),
        Box::new(AddressError::TooLong),
        Box::new(LocationError::CityWithoutProvince),
        Box::new(LocationError::CityLength),
        Box::new(LocationError::CityNotAName),
        Box::new(CouponCodeError::Empty),
        Box::new(CouponCodeError::TooLong),
        Box::new(CouponCodeError::InvalidCharacter),
        Box::new(CouponError::InvalidCartTotal),
        Box::new(CouponError::InvalidOrExpired),
        Box::new(CouponError::CartTotalTooLow),
        Box::new(CouponUsageError::Exhausted),
        Box::new(CouponUsageError::AlreadyUsed),
        Box::new(PasswordError::TooShort),
        Box::new(PasswordError::TooLong),
        Box::new(PlaceOrderError::EmptyCart),
        Box::new(PlaceOrderError::TooManyLines),
        Box::new(PlaceOrderError::FiguresChanged { quote: no_quote() }),
        Box::new(PlaceOrderError::KeyReused),
        Box::new(PlaceOrderError::Blocked),
        Box::new(LoginRefusal::InvalidCredentials),
        Box::new(AccountError::InvalidEmail),
        Box::new(AccountError::EmailInUse),
        Box::new(AccountError::InvalidResetToken),
        Box::new(AccountError::ExternalNotConfigured),
        Box::new(AccountError::ExternalEmailInUse),
        Box::new(AccountError::Busy),
        Box::new(VerifyTokenError::Missing),
        Box::new(VerifyTokenError::Unknown),
        Box::new(VerifyTokenError::Used),
        Box::new(SubmitReviewError::OtherProduct),
        Box::new(SubmitReviewError::NameMissing),
        Box::new(SubmitReviewError::FieldsMissing),
        Box::new(SubmitReviewError::NameTooLong),
        Box::new(SubmitReviewError::NameInvalid),
        Box::new(SubmitReviewError::CommentTooLong),
        Box::new(SubmitReviewError::CommentInvalid),
        Box::new(SubmitReviewError::TooManyImages),
        Box::new(SubmitReviewError::NotYourDeliveredOrder),
        Box::new(SubmitReviewError::AlreadyReviewed),
        Box::new(NotAReviewPicture::NotAPicture),
        Box::new(NotAReviewPicture::TooLarge),
        Box::new(CatalogError::ProductNotFound(domain::ids::ProductId::new(1).unwrap_or_else(|_| unreachable!()))),
        Box::new(CatalogError::CategoryNotFound(domain::ids::CategoryId::new(1).unwrap_or_else(|_| unreachable!()))),
    ];
    all.extend(texts.iter().map(|text| fixed(text.as_ref())));
    all
}

/// `english` in `language`: itself in English, its Urdu when it is a shopper's text the table holds.
#[must_use]
pub fn in_language(english: &str, language: Language) -> Option<String> {
    match language {
        Language::English => None,
        Language::Urdu => SHOPPER_TEXTS.iter().find_map(|t| t.urdu_of(english)),
    }
}

/// Every text of an answer's JSON in `language`: `message` and each field's `errors`.
fn translate(body: &mut Value, language: Language) -> bool {
    let mut changed = false;
    let mut swap = |value: &mut Value| {
        if let Some(urdu) = value.as_str().and_then(|text| in_language(text, language)) {
            *value = Value::String(urdu);
            changed = true;
        }
    };
    if let Some(message) = body.get_mut("message") {
        swap(message);
    }
    if let Some(Value::Object(fields)) = body.get_mut("errors") {
        for messages in fields.values_mut() {
            if let Value::Array(messages) = messages {
                messages.iter_mut().for_each(&mut swap);
            }
        }
    }
    changed
}

/// The answer `res` to a request in `language`: an API answer's JSON in Urdu for an Urdu request when it
/// is an error's or a change's (not a `GET`'s success, whose texts are data), unchanged otherwise.
pub async fn answer_in<B: MessageBody>(
    language: Language,
    res: ServiceResponse<B>,
) -> ServiceResponse<EitherBody<B, Bytes>> {
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let worded = !res.status().is_success() || res.request().method() != Method::GET;
    if language == Language::English || !is_json || !worded || !res.request().path().starts_with("/api/") {
        return res.map_into_left_body();
    }
    let (req, res) = res.into_parts();
    let (mut head, body) = res.into_parts();
    let bytes = to_bytes(body).await.unwrap_or_default();
    let translated = serde_json::from_slice::<Value>(&bytes)
        .ok()
        .and_then(|mut json| translate(&mut json, language).then(|| serde_json::to_vec(&json).ok()).flatten());
    head.headers_mut().remove(header::CONTENT_LENGTH);
    let res = head.set_body(EitherBody::right(translated.map_or(bytes, Bytes::from)));
    ServiceResponse::new(req, res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shopper_text_has_urdu_with_urdu_letters_and_differs_from_its_english() {
        for translation in SHOPPER_TEXTS.iter() {
            let (english, urdu) = translation.texts();

            assert!(domain::language::has_urdu_letter(&urdu), "{english:?} has no Urdu: {urdu:?}");
            assert!(!domain::language::has_urdu_letter(&english), "{english:?}");
        }
    }

    #[test]
    fn templates_carry_their_figures_names_and_waits_into_urdu() {
        let urdu = |text: &str| in_language(text, Language::Urdu);

        assert_eq!(
            urdu("Only 2 left of Tempered Glass (iPhone 15)."),
            Some("Tempered Glass (iPhone 15) کے صرف 2 عدد باقی ہیں۔".into())
        );
        assert_eq!(
            urdu("Minimum order of Rs 2,000 required."),
            Some("اس کوپن کے لیے کم از کم Rs 2,000 کا آرڈر ضروری ہے۔".into())
        );
        assert_eq!(
            urdu("Too many failed attempts. Please try again in 15 minutes."),
            Some("بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم 15 منٹ بعد دوبارہ کوشش کریں۔".into())
        );
        assert_eq!(
            urdu("You can place at most 1 order in 24 hours. Please try again later, or contact us."),
            Some(
                "آپ 24 گھنٹوں میں زیادہ سے زیادہ 1 آرڈر دے سکتے ہیں۔ براہِ کرم بعد میں کوشش کریں، یا ہم سے رابطہ کریں۔"
                    .into()
            )
        );
        assert_eq!(
            urdu("'Quetta' is in Balochistan, not Punjab."),
            Some("'Quetta' بلوچستان میں ہے، پنجاب میں نہیں۔".into())
        );
        assert_eq!(urdu("Phone number is required."), Some("فون نمبر درج کرنا ضروری ہے۔".into()));
        assert_eq!(urdu("Product name is required."), None, "an admin's text stays English");
        assert_eq!(in_language("Phone number is required.", Language::English), None);
    }

    #[test]
    fn a_json_answer_has_its_message_and_field_errors_translated() {
        let mut body = serde_json::json!({
            "message": "Please enter your name.",
            "errors": {"userDetails.name": ["Please enter your name."], "cart[0].price": ["cart[0].price is required."]},
            "quote": {"changes": []}
        });

        assert!(translate(&mut body, Language::Urdu));

        assert_eq!(
            body,
            serde_json::json!({
                "message": "براہِ کرم اپنا نام درج کریں۔",
                "errors": {"userDetails.name": ["براہِ کرم اپنا نام درج کریں۔"], "cart[0].price": ["cart[0].price is required."]},
                "quote": {"changes": []}
            })
        );
    }
}
