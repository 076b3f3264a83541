//! Query parameters parsed in the extractor: a query struct as sent (`FromQuery::Sent`, which also documents
//! the parameters) read into typed values before the handler runs, each parameter by its type's `FromStr`
//! and a refusal naming it with the type's own text.
//!
//! The refusal is answered when the handler asks for the values, not by the extractor: actix-web runs a
//! handler's extractors together and answers the first to fail, so a refusal given at once would overtake a
//! session cookie still being looked up, and a visitor without a valid session would learn which parameter
//! is wrong instead of getting 401. A query that is not even the sent struct (a `limit` that is not a
//! number) is refused by the extractor, as every query is.

use std::fmt::Display;
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::infra::error::ApiError;

/// Typed query values, read from the parameters as sent.
pub trait FromQuery: Sized {
    /// The parameters as sent, as text where they need parsing.
    type Sent: DeserializeOwned + 'static;

    /// The typed values.
    ///
    /// # Errors
    /// A 400 naming the first parameter at fault.
    fn from_query(sent: Self::Sent) -> Result<Self, ApiError>;
}

/// The query of a request read into `T` (see the module's note on when a refusal is answered).
pub struct TypedQuery<T>(Result<T, ApiError>);

impl<T> TypedQuery<T> {
    /// The typed values.
    ///
    /// # Errors
    /// The 400 naming the parameter at fault.
    pub fn parsed(self) -> Result<T, ApiError> {
        self.0
    }
}

impl<T: FromQuery + 'static> FromRequest for TypedQuery<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let sent = web::Query::<T::Sent>::from_request(req, payload);
        Box::pin(async move { Ok(Self(T::from_query(sent.await?.into_inner()))) })
    }
}

/// One parameter read by `T`'s `FromStr`: `None` when absent or empty (`?status=`).
///
/// # Errors
/// A 400 naming `name`, with the parser's text, when `T` refuses the value.
pub fn param<T>(name: &str, sent: Option<&str>) -> Result<Option<T>, ApiError>
where
    T: FromStr,
    T::Err: Display,
{
    match sent.filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|err: T::Err| ApiError::invalid_field(name, err.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, PartialEq)]
    struct Listing {
        status: Option<domain::order_status::OrderStatus>,
        limit: Option<i32>,
    }

    #[derive(Deserialize)]
    struct ListingSent {
        status: Option<String>,
        limit: Option<i32>,
    }

    impl FromQuery for Listing {
        type Sent = ListingSent;

        fn from_query(sent: ListingSent) -> Result<Self, ApiError> {
            Ok(Self { status: param("status", sent.status.as_deref())?, limit: sent.limit })
        }
    }

    async fn extract(query: &str) -> Result<Result<Listing, ApiError>, actix_web::Error> {
        let req = TestRequest::with_uri(&format!("/orders?{query}")).to_http_request();
        TypedQuery::<Listing>::from_request(&req, &mut Payload::None).await.map(TypedQuery::parsed)
    }

    #[actix_web::test]
    async fn parameters_are_typed_by_the_extractor_and_an_empty_one_is_absent() {
        let listing = extract("status=delivered&limit=5").await.unwrap().unwrap();
        let empty = extract("status=").await.unwrap().unwrap();

        assert_eq!(listing, Listing { status: Some(domain::order_status::OrderStatus::Delivered), limit: Some(5) });
        assert_eq!(empty, Listing { status: None, limit: None });
    }

    #[actix_web::test]
    async fn a_value_its_type_refuses_is_a_400_naming_the_parameter_for_the_handler_to_answer() {
        let refused = extract("status=lost").await.unwrap().unwrap_err();

        let ApiError::BadRequest { message, errors } = refused else { panic!("not a 400") };
        assert_eq!(
            (message.as_str(), errors.unwrap()["status"].clone()),
            ("'lost' is not an order status.", vec!["'lost' is not an order status.".to_owned()])
        );
    }

    #[actix_web::test]
    async fn a_query_that_is_not_the_sent_shape_is_refused_by_the_extractor() {
        let err = extract("limit=many").await.expect_err("refused at once");

        assert_eq!(err.as_response_error().status_code(), actix_web::http::StatusCode::BAD_REQUEST);
    }
}
