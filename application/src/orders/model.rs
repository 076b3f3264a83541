//! What an order is made of, as the use cases take and give it.

use crate::common::token::LinkDigest;
use chrono::{DateTime, Utc};
use domain::checkout::ClientFigures;
use domain::contact::{Email, PersonName, Phone};
use domain::coupon::{Coupon, CouponCode};
use domain::courier::Consignment;
use domain::ids::{CouponId, CustomerId, OrderId, ProductId};
use domain::language::{Language, Localized};
use domain::locations::{CityName, DeliveryCity, Location, Province};
use domain::money::Rupees;
use domain::order_status::OrderStatus;
use domain::pricing::PriceTag;
use domain::risk::Risk;
use domain::stock::Quantity;
use domain::text::PlainText;

/// The most lines one order may hold.
pub const MAX_ORDER_LINES: usize = 100;

/// The longest delivery address accepted, in characters.
pub const MAX_ADDRESS_CHARS: usize = 500;

/// The longest Idempotency-Key accepted, in characters.
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 200;

/// Where the order goes: a province alone, a province and one of its places, a province and a city the
/// table lacks (kept as typed, flagged for the owner), or neither.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// Neither was given.
    Unstated,
    /// A province without a city.
    Province(Province),
    /// A province and one of its places.
    City(Location),
    /// A province and a city the table lacks.
    UnlistedCity(Province, CityName),
}

impl Destination {
    /// The province's name, if given.
    #[must_use]
    pub fn province(&self) -> Option<&'static str> {
        self.stated_province().map(Province::name)
    }

    /// The province as it is written ('Khyber Pakhtunkhwa'), for e-mails.
    #[must_use]
    pub fn province_label(&self) -> Option<&'static str> {
        self.stated_province().map(Province::label)
    }

    fn stated_province(&self) -> Option<Province> {
        match self {
            Self::Unstated => None,
            Self::Province(province) => Some(*province),
            Self::City(location) => Some(location.province()),
            Self::UnlistedCity(province, _) => Some(*province),
        }
    }

    /// The city's name, if given.
    #[must_use]
    pub fn city(&self) -> Option<&str> {
        match self {
            Self::City(location) => Some(location.city()),
            Self::UnlistedCity(_, name) => Some(name.as_str()),
            Self::Unstated | Self::Province(_) => None,
        }
    }
}

/// The shopper's checked contact and delivery details (docs/contract.md §4 `userDetails`). Country and payment
/// method are always Pakistan and COD and are not kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactDetails {
    pub destination: Destination,
    pub name: PersonName,
    /// A mobile number.
    pub phone1: Phone,
    /// A mobile or a landline.
    pub phone2: Option<Phone>,
    pub email: Email,
    /// One or more lines, at most [`MAX_ADDRESS_CHARS`].
    pub address: PlainText,
}

/// One line of the cart as the shopper sent it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestedLine {
    pub product_id: ProductId,
    pub quantity: Quantity,
}

/// A retried submit's key: 1 to 200 visible ASCII characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

/// A key that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Idempotency-Key must be 1 to {} visible ASCII characters.", MAX_IDEMPOTENCY_KEY_CHARS)]
pub struct IdempotencyKeyError;

impl IdempotencyKey {
    /// Checks a key as sent.
    ///
    /// # Errors
    /// [`IdempotencyKeyError`] when empty, too long or holding another character.
    pub fn parse(text: &str) -> Result<Self, IdempotencyKeyError> {
        if (1..=MAX_IDEMPOTENCY_KEY_CHARS).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_graphic()) {
            Ok(Self(text.to_owned()))
        } else {
            Err(IdempotencyKeyError)
        }
    }

    /// The key.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An order as the checkout submits it, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRequest {
    pub customer: CustomerId,
    pub details: ContactDetails,
    pub lines: Vec<RequestedLine>,
    /// The figures the cart showed, to compare with the server's.
    pub figures: ClientFigures,
    pub idempotency_key: Option<IdempotencyKey>,
    /// The e-mail of the customer's account: the order's e-mails go there (docs/contract.md §4), and it is
    /// checked against the blocklist beside the order's own.
    pub account_email: Email,
    /// The language the shopper placed it in (the request's `Accept-Language`): its e-mails and WhatsApp
    /// messages speak it. Not part of the [`digest`](Self::digest): a retry answers the order as placed first.
    pub language: Language,
}

impl OrderRequest {
    /// A digest of what the request asks for (everything but the key and the customer), so a retry with the
    /// same key can be told from a different order under the same key. FNV-1a over a canonical text: stable
    /// across runs and builds.
    #[must_use]
    pub fn digest(&self) -> String {
        let d = &self.details;
        let mut text = format!(
            "{:?}|{}|{}|{:?}|{}|{}|",
            (d.destination.province(), d.destination.city()),
            d.name.as_str(),
            d.phone1.normal(),
            d.phone2.as_ref().map(Phone::normal),
            d.email.as_str(),
            d.address.as_str()
        );
        for line in &self.lines {
            text.push_str(&format!("{}x{}@{};", line.product_id, line.quantity.get(), price_of(&self.figures, line)));
        }
        let f = &self.figures;
        text.push_str(&format!(
            "|{}|{}|{:?}|{}|{}",
            f.subtotal.paisa(),
            f.delivery_charge.paisa(),
            f.coupon.as_ref().map(CouponCode::as_str),
            f.coupon_discount.paisa(),
            f.total.paisa()
        ));
        let hash = text
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
        format!("{hash:016x}")
    }
}

fn price_of(figures: &ClientFigures, line: &RequestedLine) -> i64 {
    figures.lines.iter().find(|l| l.product_id == line.product_id).map_or(-1, |l| l.unit_price.paisa())
}

/// A product as an order needs it, read under its row lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockedProduct {
    pub id: ProductId,
    pub name: String,
    pub tag: PriceTag,
    pub free_delivery: bool,
    /// Units on hand.
    pub quantity: u32,
}

/// A coupon as an order needs it, read under its row lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedCoupon {
    pub id: CouponId,
    pub coupon: Coupon,
    /// Orders holding it that were not rejected.
    pub uses: u32,
}

/// An item of a stored order, as it was sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderItem {
    pub product_id: ProductId,
    pub name: String,
    pub quantity: Quantity,
    pub unit_price: Rupees,
}

impl OrderItem {
    /// Unit price times quantity, exact.
    #[must_use]
    pub fn total(&self) -> Rupees {
        self.unit_price.times(self.quantity.get())
    }
}

/// The contact details of a stored order, read back into the types they were placed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredDetails {
    pub province: Option<Province>,
    /// The city as stored: one of the province's places, or a name the table lacks as the shopper or the
    /// owner typed it (the courier's booking sends it as it is), so not checked against the table on reading.
    pub city: Option<String>,
    pub name: PersonName,
    pub phone1: Phone,
    pub phone2: Option<Phone>,
    pub email: Email,
    pub address: PlainText,
}

impl StoredDetails {
    /// Whether the stored city is one of its province's places: `None` without a city. An order whose city
    /// is not is flagged for the owner to check before booking; the table decides on reading, so a place
    /// added to it later clears the flag (docs/decisions/0035-every-place-in-pakistan.md).
    #[must_use]
    pub fn city_listed(&self) -> Option<bool> {
        self.city.as_deref().map(|city| domain::locations::is_listed(self.province, city))
    }
}

/// Who made a change of an order's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The customer, placing the order.
    Customer,
    /// The shop admin.
    Admin,
}

impl Actor {
    /// The stored name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Admin => "admin",
        }
    }
}

/// One step of an order's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderEvent {
    pub status: OrderStatus,
    pub at: DateTime<Utc>,
    pub actor: Actor,
    pub comment: Option<String>,
}

/// A review token of a delivered order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewToken {
    pub product_id: ProductId,
    pub token: String,
}

/// A stored order with its items and history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub id: OrderId,
    pub customer: CustomerId,
    pub status: OrderStatus,
    pub items: Vec<OrderItem>,
    pub subtotal: Rupees,
    pub delivery_charge: Rupees,
    pub coupon_code: Option<String>,
    pub coupon_id: Option<CouponId>,
    pub coupon_discount: Rupees,
    pub total: Rupees,
    pub details: StoredDetails,
    pub admin_comment: Option<String>,
    /// The courier and tracking number it was booked under, once the admin gave them.
    pub consignment: Option<Consignment>,
    /// The review tokens the status change that answers this order made (on delivery); empty anywhere else,
    /// since only their digests are stored.
    pub review_tokens: Vec<ReviewToken>,
    pub history: Vec<OrderEvent>,
    /// The e-mail of the customer's account, where the order's e-mails go; `details.email`, typed in the
    /// form, may differ and is only shown to the owner.
    pub account_email: Email,
    /// The digest of the e-mailed confirmation link's token; `None` for orders placed before links existed.
    pub confirm_digest: Option<LinkDigest>,
    /// When the shopper confirmed the order (by its link, or on WhatsApp).
    pub confirmed_at: Option<DateTime<Utc>>,
    /// How it was confirmed.
    pub confirmed_via: Option<ConfirmedVia>,
    /// The number the WhatsApp confirmation went to; `None` when WhatsApp was off for the order.
    pub whatsapp_to: Option<domain::shop_info::WhatsAppNumber>,
    /// The digest of the single-use secret of the WhatsApp message's Confirm and Cancel buttons.
    pub whatsapp_digest: Option<LinkDigest>,
    /// The language it was placed in: the shopper's e-mails and WhatsApp messages speak it.
    pub language: Language,
    /// The last risk score (recomputed while pending, kept once the order has left pending).
    pub risk: Risk,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// How a shopper confirmed an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfirmedVia {
    /// The e-mailed link, or 'Confirm my order' in My Orders.
    Link,
    /// A Confirm button or a 'yes' on WhatsApp.
    WhatsApp,
}

impl ConfirmedVia {
    /// `link`, `whatsapp`: the stored and the wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Link => "link",
            Self::WhatsApp => "whatsapp",
        }
    }

    /// The way named `name`, or `None`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        [Self::Link, Self::WhatsApp].into_iter().find(|v| v.as_str() == name)
    }
}

/// An order to store: what the server priced and the shopper's details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    pub customer: CustomerId,
    pub items: Vec<OrderItem>,
    pub subtotal: Rupees,
    pub delivery_charge: Rupees,
    pub coupon: Option<(CouponId, CouponCode)>,
    pub coupon_discount: Rupees,
    pub total: Rupees,
    pub details: ContactDetails,
    /// The digest of the token of the confirmation link e-mailed to the shopper (the token is not kept).
    pub confirm_digest: LinkDigest,
    pub at: DateTime<Utc>,
    /// Its risk score, stored as placed (docs/cod.md 'Risk score').
    pub risk: domain::risk::StoredRisk,
    /// The language it is placed in.
    pub language: Language,
}

/// The order of the admin's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrderSort {
    /// Newest first.
    #[default]
    Newest,
    /// Highest risk score first, then newest.
    Risk,
}

/// The admin list's filter: a status, a search text, a lowest risk score, confirmed or not; and its order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrderFilter {
    pub sort: OrderSort,
    /// Only orders scoring at least this.
    pub min_risk: Option<u8>,
    /// Only confirmed (`true`) or unconfirmed (`false`) orders.
    pub confirmed: Option<bool>,
    /// Only the orders in this state on WhatsApp.
    pub whatsapp: Option<WhatsAppFilter>,
    pub status: Option<OrderStatus>,
    /// Matched case-insensitively as a part of the id, name, phones (as typed and normalised), e-mail, city
    /// or status.
    pub search: Option<String>,
    /// The search read as a phone number in its normal form, when it is one: matches either phone written
    /// any other way.
    pub phone: Option<String>,
    /// The search read as the beginning of a phone number (`0301`, `0301 23`, `+92 301`, `۰۳۰۱`) in the
    /// normal form (`+92301`, `+9230123`): matches either phone that begins so, however it was typed.
    pub phone_start: Option<String>,
}

/// The admin list's filter by WhatsApp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhatsAppFilter {
    /// Confirmed by a reply on WhatsApp.
    Confirmed,
    /// A confirmation message went out, none of its messages failed, and the shopper has neither answered
    /// nor confirmed.
    NoReply,
    /// A WhatsApp message of the order failed.
    Failed,
}

/// A delivery address that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Nothing but white space.
    #[error("Please enter your complete address.")]
    Empty,
    /// More than [`MAX_ADDRESS_CHARS`] characters.
    #[error("Address must be at most {} characters.", MAX_ADDRESS_CHARS)]
    TooLong,
    #[error(transparent)]
    ControlCharacter(#[from] domain::text::TextError),
}

/// Checks a delivery address: one or more lines, not blank, at most [`MAX_ADDRESS_CHARS`] characters.
///
/// # Errors
/// [`AddressError`] when it is blank, too long or holds a control character.
pub fn delivery_address(text: &str) -> Result<PlainText, AddressError> {
    let address = PlainText::parse(text, domain::text::Lines::Many, "Address")?;
    if address.is_empty() {
        return Err(AddressError::Empty);
    }
    if address.chars() > MAX_ADDRESS_CHARS {
        return Err(AddressError::TooLong);
    }
    Ok(address)
}

impl Localized for AddressError {
    fn urdu(&self) -> String {
        match self {
            Self::Empty => "براہِ کرم اپنا مکمل پتا درج کریں۔".to_owned(),
            Self::TooLong => format!("پتا زیادہ سے زیادہ {MAX_ADDRESS_CHARS} حروف کا ہو سکتا ہے۔"),
            Self::ControlCharacter(_) => "پتے میں ایسے نشان نہ ہوں جو لکھے نہیں جاتے۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idempotency_key_is_one_to_two_hundred_visible_ascii_characters() {
        assert!(IdempotencyKey::parse("checkout-7f3a_9").is_ok());
        assert!(IdempotencyKey::parse(&"k".repeat(200)).is_ok());
        for bad in ["", "has space", "tab\t", "ümlaut", &"k".repeat(201)] {
            assert_eq!(IdempotencyKey::parse(bad), Err(IdempotencyKeyError), "{bad:?}");
        }
        assert_eq!(IdempotencyKeyError.to_string(), "Idempotency-Key must be 1 to 200 visible ASCII characters.");
    }

    #[test]
    fn an_address_is_required_may_span_lines_and_is_at_most_five_hundred_characters() {
        assert_eq!(delivery_address(" House 12\r\nGulberg ").unwrap().as_str(), "House 12\nGulberg");
        assert_eq!(delivery_address("  \n "), Err(AddressError::Empty));
        assert_eq!(delivery_address(&"a".repeat(501)), Err(AddressError::TooLong));
        assert!(delivery_address(&"a".repeat(500)).is_ok());
        assert!(matches!(delivery_address("House\u{0}12"), Err(AddressError::ControlCharacter(_))));
    }
}

/// The corrected delivery address: a province with a city (one of its places, or a name the table lacks),
/// and the address lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorrectedAddress {
    pub city: DeliveryCity,
    pub address: PlainText,
}
