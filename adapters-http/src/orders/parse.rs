//! Reading checkout and order requests into the application's values: the order the checkout sends (every
//! field at fault named in one answer), the `Idempotency-Key` header, and the admin list's parameters.

use std::future::{ready, Ready};
use std::str::FromStr;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use application::common::page::Page;
use application::orders::model::CorrectedAddress;
use application::orders::model::{
    delivery_address, ContactDetails, Destination, IdempotencyKey, IdempotencyKeyError, OrderFilter, OrderRequest,
    OrderSort, RequestedLine, WhatsAppFilter,
};
use domain::checkout::{ClientFigures, ClientLine};
use domain::contact::{Email, PersonName, Phone};
use domain::coupon::CouponCode;
use domain::ids::CustomerId;
use domain::locations::{DeliveryCity, LocationError, Province};
use domain::money::Rupees;
use domain::order_status::OrderStatus;
use domain::stock::Quantity;
use domain::text::PlainText;
use serde::Deserialize;
use utoipa::IntoParams;

use super::dto::{DeliveryAddressBody, PlaceOrderBody, UserDetailsBody};
use crate::dto::page_of;
use crate::infra::error::{ApiError, FieldErrors};
use crate::infra::forms::{CartMoney, Field, JsonRupees, Text};
use crate::infra::query::{param, FromQuery};

/// The `Idempotency-Key` header, read by its extractor; the handler answers a malformed one in its turn
/// (after the session and the body, as `infra::query` explains for parameters).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyKeyHeader {
    /// 1 to 200 visible ASCII characters; a retry with the same key and body answers the first order.
    #[param(
        rename = "Idempotency-Key",
        value_type = Option<String>,
        min_length = 1,
        max_length = 200,
        pattern = "^[!-~]+$"
    )]
    idempotency_key: Result<Option<IdempotencyKey>, ApiError>,
}

impl IdempotencyKeyHeader {
    /// The key when one was sent.
    ///
    /// # Errors
    /// A 400 naming `Idempotency-Key` when the header is not 1 to 200 visible ASCII characters.
    pub fn parsed(self) -> Result<Option<IdempotencyKey>, ApiError> {
        self.idempotency_key
    }
}

impl FromRequest for IdempotencyKeyHeader {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let idempotency_key = match req.headers().get("idempotency-key") {
            None => Ok(None),
            Some(value) => value
                .to_str()
                .ok()
                .and_then(|v| IdempotencyKey::parse(v).ok())
                .map(Some)
                .ok_or_else(|| ApiError::invalid_field("Idempotency-Key", IdempotencyKeyError.to_string())),
        };
        ready(Ok(Self { idempotency_key }))
    }
}

/// Paging of a customer's orders.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerOrdersQuery {
    /// How many orders at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many orders to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// Filtering, order and paging of the admin's list, as sent.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
#[into_params(rename_all = "camelCase")]
pub struct AdminOrdersQuery {
    /// Only orders with this status; empty for all.
    #[param(pattern = "^(pending|approved|dispatched|delivered|rejected|returned)?$")]
    pub status: Option<String>,
    /// A case-insensitive part of the id, name, phone1 (as typed or normalised), phone2, e-mail, city or
    /// status; a Pakistani phone number in any writing also matches either phone. Only the first 200
    /// characters count.
    pub q: Option<String>,
    /// `newest` (default) or `risk`: highest risk score first, then newest.
    #[param(pattern = "^(newest|risk)?$")]
    pub sort: Option<String>,
    /// Only orders scoring at least this, 0 to 100 (leading zeros allowed); empty for all.
    #[param(pattern = "^(0*([0-9]|[1-9][0-9]|100))?$")]
    pub min_risk: Option<String>,
    /// `true`: only orders the shopper confirmed; `false`: only unconfirmed ones.
    #[param(pattern = "^(true|false)?$")]
    pub confirmed: Option<String>,
    /// `confirmed`: only orders confirmed on WhatsApp; `noReply`: a confirmation message went out and the
    /// shopper has not answered; `failed`: a WhatsApp message to the order failed.
    #[param(pattern = "^(confirmed|noReply|failed)?$")]
    pub whatsapp: Option<String>,
    /// How many orders at most, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i32>,
    /// How many orders to skip (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i32>,
}

/// The default page size of the order lists.
const ORDERS_PER_PAGE: i32 = 100;

/// The page an order list's `limit` and `offset` ask for, 100 orders unless told (docs/contract.md §2).
///
/// # Errors
/// A 400 naming `limit` or `offset` when out of range.
pub fn orders_page(limit: Option<i32>, offset: Option<i32>) -> Result<Page, ApiError> {
    Ok(page_of(Some(limit.unwrap_or(ORDERS_PER_PAGE)), offset)?)
}

/// The admin list's `sort`.
struct Sort(OrderSort);

impl FromStr for Sort {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "newest" => Ok(Self(OrderSort::Newest)),
            "risk" => Ok(Self(OrderSort::Risk)),
            _ => Err("sort must be newest or risk."),
        }
    }
}

/// The admin list's `minRisk`: a score.
struct MinRisk(u8);

impl FromStr for MinRisk {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse::<u8>()
            .ok()
            .filter(|n| *n <= domain::risk::MAX_SCORE)
            .map(Self)
            .ok_or("minRisk must be a whole number from 0 to 100.")
    }
}

/// The admin list's `confirmed`.
struct Confirmed(bool);

impl FromStr for Confirmed {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Self).map_err(|_| "confirmed must be true or false.")
    }
}

/// The admin list's `whatsapp`.
struct WhatsApp(WhatsAppFilter);

impl FromStr for WhatsApp {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "confirmed" => Ok(Self(WhatsAppFilter::Confirmed)),
            "noReply" => Ok(Self(WhatsAppFilter::NoReply)),
            "failed" => Ok(Self(WhatsAppFilter::Failed)),
            _ => Err("whatsapp must be confirmed, noReply or failed."),
        }
    }
}

/// The admin's list as asked: which orders, in which order, and the page.
pub struct AdminOrderList {
    pub filter: OrderFilter,
    pub page: Page,
}

impl FromQuery for AdminOrderList {
    type Sent = AdminOrdersQuery;

    fn from_query(sent: AdminOrdersQuery) -> Result<Self, ApiError> {
        let status = param::<OrderStatus>("status", sent.status.as_deref())?;
        let sort = param::<Sort>("sort", sent.sort.as_deref())?.map_or(OrderSort::Newest, |sort| sort.0);
        let min_risk = param::<MinRisk>("minRisk", sent.min_risk.as_deref())?.map(|floor| floor.0);
        let confirmed = param::<Confirmed>("confirmed", sent.confirmed.as_deref())?.map(|confirmed| confirmed.0);
        let whatsapp = param::<WhatsApp>("whatsapp", sent.whatsapp.as_deref())?.map(|whatsapp| whatsapp.0);
        let filter =
            OrderFilter { sort, min_risk, confirmed, whatsapp, status, search: sent.q, phone: None, phone_start: None };
        Ok(Self { filter, page: orders_page(sent.limit, sent.offset)? })
    }
}

/// The text of a field (`""` when absent or blank), or `None` with an error noted when it is not text.
pub(crate) fn text_of<'a>(field: &'a Text, name: &str, errors: &mut FieldErrors) -> Option<&'a str> {
    if matches!(field, Field::Invalid) {
        errors.add(name, format!("{name} must be text."));
        return None;
    }
    Some(field.text().unwrap_or_default())
}

/// Where an order (or a saved address) goes, from the province and city as sent (`None` for a field that was
/// not text); errors are noted under `field(name)`.
pub(crate) fn destination_of(
    province: Option<&str>,
    city: Option<&str>,
    field: &dyn Fn(&str) -> String,
    errors: &mut FieldErrors,
) -> Option<Destination> {
    match (province?, city?) {
        ("", "") => Some(Destination::Unstated),
        ("", _) => {
            errors.add(field("city"), LocationError::CityWithoutProvince);
            None
        }
        (province, "") => {
            province.parse::<Province>().map(Destination::Province).map_err(|e| errors.add(field("province"), e)).ok()
        }
        (province, city) => match province.parse::<Province>() {
            Err(e) => {
                errors.add(field("province"), e);
                None
            }
            Ok(province) => DeliveryCity::parse(province, city)
                .map(destination_of_city)
                .map_err(|e| errors.add(field("city"), e))
                .ok(),
        },
    }
}

/// The delivery details an order's `userDetails` and a saved address both send, as sent.
pub(crate) struct DeliveryTexts<'a> {
    pub province: &'a Text,
    pub city: &'a Text,
    pub name: &'a Text,
    pub phone1: &'a Text,
    pub phone2: &'a Text,
    pub address: &'a Text,
}

/// Those details as the domain reads them.
pub(crate) struct DeliveryDetails {
    pub destination: Destination,
    pub name: PersonName,
    pub phone1: Phone,
    pub phone2: Option<Phone>,
    pub address: PlainText,
}

impl DeliveryTexts<'_> {
    /// The details, each by the domain's rule; every fault is noted under `field(name)`, in the order name,
    /// phones, address, province and city.
    pub(crate) fn read(&self, field: &dyn Fn(&str) -> String, errors: &mut FieldErrors) -> Option<DeliveryDetails> {
        let name = text_of(self.name, &field("name"), errors)
            .and_then(|text| PersonName::parse(text).map_err(|e| errors.add(field("name"), e)).ok());
        let phone1 = text_of(self.phone1, &field("phone1"), errors)
            .and_then(|text| Phone::parse_mobile(text).map_err(|e| errors.add(field("phone1"), e)).ok());
        let phone2 = text_of(self.phone2, &field("phone2"), errors).and_then(|text| match text {
            "" => Some(None),
            typed => Phone::parse(typed).map(Some).map_err(|e| errors.add(field("phone2"), e)).ok(),
        });
        let address = text_of(self.address, &field("address"), errors)
            .and_then(|text| delivery_address(text).map_err(|e| errors.add(field("address"), e)).ok());
        let destination = destination_of(
            text_of(self.province, &field("province"), errors),
            text_of(self.city, &field("city"), errors),
            field,
            errors,
        );
        Some(DeliveryDetails {
            destination: destination?,
            name: name?,
            phone1: phone1?,
            phone2: phone2?,
            address: address?,
        })
    }
}

impl UserDetailsBody {
    /// Every fault is noted under `userDetails.<field>`; the answer's headline is the first field by name.
    fn details(&self, errors: &mut FieldErrors) -> Option<ContactDetails> {
        let field = |name: &str| format!("userDetails.{name}");
        let delivery = DeliveryTexts {
            province: &self.province,
            city: &self.city,
            name: &self.name,
            phone1: &self.phone1,
            phone2: &self.phone2,
            address: &self.address,
        }
        .read(&field, errors);
        let email = text_of(&self.email, &field("email"), errors)
            .and_then(|text| Email::parse(text).map_err(|e| errors.add(field("email"), e)).ok());
        let DeliveryDetails { destination, name, phone1, phone2, address } = delivery?;
        Some(ContactDetails { destination, name, phone1, phone2, email: email?, address })
    }
}

/// The order's destination for a city with its province: a place of the table, or a name it lacks.
fn destination_of_city(city: DeliveryCity) -> Destination {
    match city {
        DeliveryCity::Listed(location) => Destination::City(location),
        DeliveryCity::Unlisted { province, name } => Destination::UnlistedCity(province, name),
    }
}

impl DeliveryAddressBody {
    /// The corrected address, every field at fault named in one answer.
    ///
    /// # Errors
    /// A 400 naming `province`, `city` or `address`.
    pub fn corrected(&self) -> Result<CorrectedAddress, ApiError> {
        let mut errors = FieldErrors::headed_by_name();
        let province = text_of(&self.province, "province", &mut errors).and_then(|text| match text {
            "" => {
                errors.add("province", "Province is required.");
                None
            }
            text => text.parse::<Province>().map_err(|e| errors.add("province", e)).ok(),
        });
        let city = text_of(&self.city, "city", &mut errors);
        if city == Some("") {
            errors.add("city", "City is required.");
        }
        let address = text_of(&self.address, "address", &mut errors)
            .and_then(|text| delivery_address(text).map_err(|e| errors.add("address", e)).ok());
        let city = match (province, city) {
            (Some(province), Some(city)) if !city.is_empty() => {
                DeliveryCity::parse(province, city).map_err(|e| errors.add("city", e)).ok()
            }
            _ => None,
        };
        let corrected = errors.finish(|| Some(CorrectedAddress { city: city?, address: address? }))?;
        corrected.ok_or_else(|| ApiError::Internal("the address was refused without naming a field".into()))
    }
}

/// A figure the checkout must send, in rupees.
fn figure(value: &CartMoney, name: &str, errors: &mut FieldErrors) -> Rupees {
    match value {
        Field::Given(JsonRupees(amount)) => *amount,
        Field::Absent | Field::Empty => {
            errors.add(name, format!("{name} is required."));
            Rupees::ZERO
        }
        Field::Invalid => {
            errors.add(name, format!("{name} must be a number of rupees, 0 or more."));
            Rupees::ZERO
        }
    }
}

impl PlaceOrderBody {
    pub fn request(
        &self,
        customer: CustomerId,
        account_email: Email,
        key: Option<IdempotencyKey>,
    ) -> Result<OrderRequest, ApiError> {
        let mut errors = FieldErrors::headed_by_name();
        let details = self.user_details.as_ref().unwrap_or(&UserDetailsBody::default()).details(&mut errors);
        let mut lines = Vec::new();
        let mut prices = Vec::new();
        for (i, line) in self.cart.iter().flatten().enumerate() {
            let field = |name: &str| format!("cart[{i}].{name}");
            let product = line.product_id.cloned_given();
            if product.is_none() {
                errors.add(field("productId"), format!("{} must be a product's id.", field("productId")));
            }
            let quantity = Quantity::try_from(line.quantity).map_err(|e| errors.add(field("quantity"), e)).ok();
            let price = figure(&line.price, &field("price"), &mut errors);
            if let (Some(product_id), Some(quantity)) = (product, quantity) {
                lines.push(RequestedLine { product_id, quantity });
                prices.push(ClientLine { product_id, unit_price: price });
            }
        }
        let subtotal = figure(&self.subtotal, "subtotal", &mut errors);
        let delivery_charge = figure(&self.delivery_charge, "deliveryCharge", &mut errors);
        let total = figure(&self.total, "total", &mut errors);
        let coupon_discount = match &self.coupon_discount {
            Field::Absent | Field::Empty => Rupees::ZERO,
            given => figure(given, "couponDiscount", &mut errors),
        };
        let coupon = match text_of(&self.coupon, "coupon", &mut errors) {
            None | Some("") => None,
            Some(code) => CouponCode::parse(code).map_err(|e| errors.add("coupon", e)).ok(),
        };
        let request = errors.finish(|| {
            details.map(|details| OrderRequest {
                customer,
                details,
                lines,
                figures: ClientFigures { lines: prices, subtotal, delivery_charge, coupon, coupon_discount, total },
                idempotency_key: key,
                account_email,
                language: domain::language::Language::English,
            })
        })?;
        request.ok_or_else(|| ApiError::Internal("the user details were refused without naming a field".into()))
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn refusal(err: ApiError) -> (String, Vec<String>) {
        match err {
            ApiError::BadRequest { message, errors } => (message, errors.unwrap_or_default().into_keys().collect()),
            other => panic!("not a 400: {other:?}"),
        }
    }

    async fn key_of(header: Option<&str>) -> Result<Option<String>, ApiError> {
        let mut req = TestRequest::default();
        if let Some(value) = header {
            req = req.insert_header(("Idempotency-Key", value));
        }
        let header = IdempotencyKeyHeader::from_request(&req.to_http_request(), &mut Payload::None).await.unwrap();
        header.parsed().map(|key| key.map(|key| key.as_str().to_owned()))
    }

    #[actix_web::test]
    async fn the_idempotency_key_is_read_by_its_extractor_and_a_malformed_one_is_a_400_naming_the_header() {
        assert_eq!(key_of(None).await.unwrap(), None);
        assert_eq!(key_of(Some("checkout-7f3a")).await.unwrap().as_deref(), Some("checkout-7f3a"));

        let (message, fields) = refusal(key_of(Some("has space")).await.unwrap_err());

        assert_eq!((message, fields), (IdempotencyKeyError.to_string(), vec!["Idempotency-Key".to_owned()]));
    }

    #[test]
    fn an_order_with_several_fields_at_fault_names_them_all_headed_by_the_first_by_name() {
        let body: PlaceOrderBody = serde_json::from_value(serde_json::json!({
            "userDetails": {"name": "", "phone1": "0300 1234567", "email": "a@example.pk", "address": "House 1, Street 2"},
            "cart": [{"productId": "7", "quantity": 1}],
            "subtotal": 850, "deliveryCharge": 200, "total": 1050,
        }))
        .unwrap();
        let account = Email::parse("a@example.pk").unwrap();

        let err = body.request(CustomerId::new(1).unwrap(), account, None).unwrap_err();

        assert_eq!(
            refusal(err),
            ("cart[0].price is required.".to_owned(), vec!["cart[0].price".to_owned(), "userDetails.name".to_owned()])
        );
    }
}
