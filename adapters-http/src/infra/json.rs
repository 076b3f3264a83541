//! The JSON request body extractor: the body is read up to a size limit (and under the deadline the body
//! deadline middleware sets), then parsed with the path of any bad value kept, so a refusal names the
//! field and says what it should hold in plain words rather than in the Rust types behind it.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::mime;
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use futures_util::StreamExt as _;
use serde::de::DeserializeOwned;
use serde_json::error::Category;

use crate::infra::error::ApiError;

/// The largest JSON body accepted.
pub const JSON_LIMIT: usize = 64 * 1024;

/// A request body parsed from JSON: 415 unless sent as `application/json`, 413 over [`JSON_LIMIT`], 408
/// when it does not arrive in time, 400 naming the field when it does not parse.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_json = req.mime_type().ok().flatten().is_some_and(|mime| {
            mime.type_() == mime::APPLICATION && (mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON))
        });
        let announced = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let mut payload = payload.take();
        Box::pin(async move {
            if !is_json {
                return Err(ApiError::UnsupportedMediaType("Send the request body as application/json.".into()));
            }
            if announced.is_some_and(|length| length > JSON_LIMIT) {
                return Err(ApiError::PayloadTooLarge("The request body is too large.".into()));
            }
            let mut body = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|err| ApiError::from(&err))?;
                if body.len() + chunk.len() > JSON_LIMIT {
                    return Err(ApiError::PayloadTooLarge("The request body is too large.".into()));
                }
                body.extend_from_slice(&chunk);
            }
            parse(&body).map(Json)
        })
    }
}

/// `bytes`, a JSON object, read as a `T`, or a 400 that says where and what is wrong in plain words.
///
/// # Errors
/// A 400 naming the field at fault when there is one.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // serde would read an array into a struct field by field; a body is an object.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        serde_json::from_slice::<serde::de::IgnoredAny>(bytes).map_err(|err| not_json(&err))?;
        return Err(ApiError::bad_request("The request body must be a JSON object."));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|err| refusal(&err))?;
    deserializer.end().map_err(|err| not_json(&err))?;
    Ok(value)
}

fn not_json(err: &serde_json::Error) -> ApiError {
    if err.classify() == Category::Eof {
        ApiError::bad_request("The request body is not valid JSON: it ends too soon.")
    } else {
        ApiError::bad_request(format!(
            "The request body is not valid JSON (line {}, column {}).",
            err.line(),
            err.column()
        ))
    }
}

fn refusal(err: &serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let inner = err.inner();
    if inner.classify() != Category::Data {
        return not_json(inner);
    }
    // serde's own texts name fields in backticks and expectations in Rust's words; only their shape is
    // read here, to say the same in the shop's words.
    let text = inner.to_string();
    let text = text.rsplit_once(" at line ").map_or(text.as_str(), |(text, _)| text);
    let path = err.path().to_string();
    let within = |name: &str| if path == "." { name.to_owned() } else { format!("{path}.{name}") };
    if let Some(name) = quoted_after(text, "missing field `") {
        let field = within(name);
        return ApiError::invalid_field(&field, format!("{field} is required."));
    }
    if let Some(name) = quoted_after(text, "duplicate field `") {
        let field = within(name);
        return ApiError::invalid_field(&field, format!("{field} is given more than once."));
    }
    if let Some(name) = quoted_after(text, "unknown field `") {
        let field = within(name);
        return ApiError::invalid_field(&field, format!("{field} is not a field this call takes."));
    }
    if path == "." {
        return ApiError::bad_request("The request body must be a JSON object.");
    }
    let message = if text.starts_with("unknown variant") {
        format!("{path} is not one of the accepted values.")
    } else {
        let expected = text.rsplit_once(", expected ").map_or("", |(_, expected)| expected);
        format!("{path} must be {}.", plain_kind(expected))
    };
    ApiError::invalid_field(&path, message)
}

/// The name in backticks right after `prefix`, when `text` starts with it.
fn quoted_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.strip_prefix(prefix)?.split('`').next()
}

/// What serde expected, as a shopper or integrator would say it.
fn plain_kind(expected: &str) -> &'static str {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number of 0 or more",
        "i8" | "i16" | "i32" | "i64" | "isize" | "an integer" => "a whole number",
        "f32" | "f64" | "a number" => "a number",
        "a boolean" | "bool" => "true or false",
        "a string" | "a borrowed string" | "a character" => "text",
        expected if expected.starts_with("a sequence") || expected.starts_with("an array") => "a list",
        expected if expected.starts_with("struct ") || expected.starts_with("a map") => "an object",
        _ => "a value of another kind",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::ResponseError as _;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Order {
        name: String,
        #[serde(default)]
        cart: Vec<Line>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    #[serde(rename_all = "camelCase")]
    struct Line {
        product_id: String,
        quantity: u32,
        gift: Option<bool>,
    }

    fn refused(json: &str) -> serde_json::Value {
        let err = parse::<Order>(json.as_bytes()).unwrap_err();
        assert_eq!(err.status_code(), 400);
        let body = actix_web::body::to_bytes(err.error_response().into_body());
        serde_json::from_slice(&futures_util::FutureExt::now_or_never(body).unwrap().unwrap()).unwrap()
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_named_by_its_path_in_plain_words() {
        let body = refused(r#"{"name": "Ali", "cart": [{"productId": "7", "quantity": "two"}]}"#);

        assert_eq!(
            body,
            serde_json::json!({
                "message": "cart[0].quantity must be a whole number of 0 or more.",
                "errors": {"cart[0].quantity": ["cart[0].quantity must be a whole number of 0 or more."]}
            })
        );
    }

    #[test]
    fn missing_and_repeated_fields_are_named() {
        assert_eq!(refused(r#"{"cart": []}"#)["message"], "name is required.");
        assert_eq!(refused(r#"{"name": "a", "cart": [{"quantity": 1}]}"#)["message"], "cart[0].productId is required.");
        assert_eq!(
            refused(r#"{"name": "a", "name": "b"}"#)["errors"],
            serde_json::json!({"name": ["name is given more than once."]})
        );
        assert_eq!(
            refused(r#"{"name": "a", "cart": [{"productId": "1", "quantity": 1, "gift": "yes"}]}"#)["message"],
            "cart[0].gift must be true or false."
        );
    }

    #[test]
    fn a_body_that_is_not_an_object_or_not_json_says_so_without_type_names() {
        assert_eq!(refused("[1, 2]")["message"], "The request body must be a JSON object.");
        assert_eq!(refused(r#""text""#)["message"], "The request body must be a JSON object.");
        assert_eq!(refused(r#"{"name": "a",}"#)["message"], "The request body is not valid JSON (line 1, column 14).");
        assert_eq!(refused(r#"{"name": "a"} x"#)["message"], "The request body is not valid JSON (line 1, column 15).");
        assert_eq!(refused(r#"{"name": "#)["message"], "The request body is not valid JSON: it ends too soon.");
    }
}
