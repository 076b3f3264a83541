//! The error shape every API answer uses (docs/contract.md §2): `{"message": "...", "errors": {"field": [...]}}`.

use std::collections::BTreeMap;

use actix_web::error::PayloadError;
use actix_web::http::{header, Method, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use application::accounts::admin_auth::AdminAuthError;
use application::accounts::password_login::LoginRefusal;
use application::catalog::browse::CatalogError;
use application::catalog::sitemap::SitemapError;
use application::common::page::PageError;
use application::common::throttle::seconds_to_wait;
use application::settings::service::SettingsError;
use domain::ids::IdError;
use serde::Serialize;

use crate::infra::translation::SOMETHING_WENT_WRONG;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words a shopper can read.
    pub message: String,
    /// Field-by-field problems, when the input had several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, Vec<String>>>,
}

/// An answer other than success.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest { message: String, errors: Option<BTreeMap<String, Vec<String>>> },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// A method the path does not take; the answer's `Allow` header lists those it does.
    #[error("{method} is not allowed here; use {}.", allowed_list(.allowed))]
    MethodNotAllowed { method: Method, allowed: Vec<Method> },
    #[error("{0}")]
    RequestTimeout(String),
    #[error("{0}")]
    Conflict(String),
    /// What the request names existed but is gone for good (a used review link).
    #[error("{0}")]
    Gone(String),
    /// A limit was reached; the client may try again after `retry_after_seconds` (the `Retry-After` header).
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_seconds: u64 },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    Unavailable(String),
    /// Something no caller can act on; the cause is logged, the answer is generic.
    #[error("internal error")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl ApiError {
    /// A 400 with one message.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest { message: message.into(), errors: None }
    }

    /// A 429 telling the client how long to wait.
    pub fn too_many(message: impl Into<String>, retry_after: chrono::Duration) -> Self {
        Self::TooManyRequests { message: message.into(), retry_after_seconds: seconds_to_wait(retry_after) }
    }

    /// A 400 naming the field at fault.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message.into());
        errors.into_error()
    }
}

/// The fields at fault in one request, collected so that one 400 names every one of them (`errors`), each
/// with its rule's texts. The answer's `message` is the first problem noted, unless the collection is
/// [`FieldErrors::headed_by_name`] or the answer is given a message of its own.
#[derive(Debug, Default)]
pub struct FieldErrors {
    fields: BTreeMap<String, Vec<String>>,
    first: Option<String>,
    by_name: bool,
}

impl FieldErrors {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A collection whose answer's `message` is the problem of the field first by name (`cart[0].price`
    /// before `userDetails.name`), whatever order they were noted in: the checkout's answers are headed so.
    #[must_use]
    pub fn headed_by_name() -> Self {
        Self { by_name: true, ..Self::default() }
    }

    /// Notes a problem of `field`; a field may have several.
    pub fn add(&mut self, field: impl Into<String>, message: impl ToString) {
        let message = message.to_string();
        self.first.get_or_insert_with(|| message.clone());
        self.fields.entry(field.into()).or_default().push(message);
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// `Ok(value())` when no problem was noted, the 400 naming every field otherwise.
    ///
    /// # Errors
    /// The 400 of [`FieldErrors::into_error`] when a problem was noted.
    pub fn finish<T>(self, value: impl FnOnce() -> T) -> Result<T, ApiError> {
        if self.is_empty() {
            Ok(value())
        } else {
            Err(self.into_error())
        }
    }

    /// The 400 naming every field noted.
    #[must_use]
    pub fn into_error(self) -> ApiError {
        let headline = if self.by_name {
            self.fields.values().next().and_then(|messages| messages.first()).cloned()
        } else {
            self.first.clone()
        };
        self.into_error_with(headline.unwrap_or_default())
    }

    /// The 400 naming every field noted, with `message` as its own (a summary such as 'The file has 2
    /// problems; nothing was saved.').
    #[must_use]
    pub fn into_error_with(self, message: String) -> ApiError {
        ApiError::BadRequest { message, errors: Some(self.fields) }
    }
}

impl<F: Into<String>, M: ToString> FromIterator<(F, M)> for FieldErrors {
    fn from_iter<I: IntoIterator<Item = (F, M)>>(problems: I) -> Self {
        let mut errors = Self::new();
        for (field, message) in problems {
            errors.add(field, message);
        }
        errors
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Gone(_) => StatusCode::GONE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let body = match self {
            Self::BadRequest { message, errors } => ErrorBody { message: message.clone(), errors: errors.clone() },
            Self::Internal(source) => {
                tracing::error!(target: LOG_TARGET, error = %chain(source.as_ref()), "request failed");
                ErrorBody { message: SOMETHING_WENT_WRONG.english.into(), errors: None }
            }
            other => ErrorBody { message: other.to_string(), errors: None },
        };
        let mut response = HttpResponse::build(self.status_code());
        if let Self::MethodNotAllowed { allowed, .. } = self {
            response.insert_header((header::ALLOW, allowed_list(allowed)));
        }
        if let Self::TooManyRequests { retry_after_seconds, .. } = self {
            response.insert_header((header::RETRY_AFTER, retry_after_seconds.to_string()));
        }
        response.json(body)
    }
}

/// Methods as an `Allow` header lists them: `GET, HEAD, PUT`.
#[must_use]
pub fn allowed_list(methods: &[Method]) -> String {
    methods.iter().map(Method::as_str).collect::<Vec<_>>().join(", ")
}

impl From<&PayloadError> for ApiError {
    /// A request body that could not be read: too large (413), too slow (408), or broken off (400).
    fn from(err: &PayloadError) -> Self {
        match err {
            PayloadError::Overflow => Self::PayloadTooLarge("The request body is too large.".into()),
            PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => {
                Self::RequestTimeout("The request body did not arrive in time.".into())
            }
            PayloadError::Incomplete(_) => Self::bad_request("The request body ended before its announced length."),
            _ => Self::bad_request("The request body could not be read."),
        }
    }
}

/// The message of an error answer the shop's own handlers did not write (a file server's, the
/// framework's), by status.
#[must_use]
pub fn status_message(status: StatusCode) -> String {
    match status.as_u16() {
        400 => "The request could not be read.".into(),
        404 => "No such file.".into(),
        405 => "This method is not allowed here.".into(),
        408 => "The request did not arrive in time.".into(),
        412 => "The file has changed since it was last fetched.".into(),
        413 => "The request body is too large.".into(),
        416 => "The requested range is not in the file.".into(),
        500..=599 => SOMETHING_WENT_WRONG.english.into(),
        _ => status.canonical_reason().map_or_else(|| format!("Error {}.", status.as_u16()), |r| format!("{r}.")),
    }
}

/// The target of the log line of an unexpected error: the module's path before the crate was cut into
/// folders, which log filters name.
const LOG_TARGET: &str = "adapters_http::error";

/// An error and its sources, joined for one log line.
fn chain(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl From<IdError> for ApiError {
    fn from(err: IdError) -> Self {
        Self::invalid_field("id", err.to_string())
    }
}

impl From<PageError> for ApiError {
    fn from(err: PageError) -> Self {
        let field = match err {
            PageError::Limit => "limit",
            PageError::Offset => "offset",
        };
        Self::invalid_field(field, err.to_string())
    }
}

impl From<CatalogError> for ApiError {
    fn from(err: CatalogError) -> Self {
        match err {
            CatalogError::ProductNotFound(_) | CatalogError::CategoryNotFound(_) => Self::NotFound(err.to_string()),
            CatalogError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<SitemapError> for ApiError {
    fn from(err: SitemapError) -> Self {
        match err {
            SitemapError::NoSuchPart(_) => Self::NotFound(err.to_string()),
            SitemapError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<SettingsError> for ApiError {
    fn from(err: SettingsError) -> Self {
        match err {
            SettingsError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

impl From<LoginRefusal> for ApiError {
    fn from(refusal: LoginRefusal) -> Self {
        match refusal {
            LoginRefusal::InvalidCredentials => Self::Unauthorized(refusal.to_string()),
            LoginRefusal::TooManyAttempts { retry_after } => Self::too_many(refusal.to_string(), retry_after),
        }
    }
}

impl From<AdminAuthError> for ApiError {
    fn from(err: AdminAuthError) -> Self {
        match err {
            AdminAuthError::Refused(refusal) => refusal.into(),
            AdminAuthError::Busy => Self::Unavailable(err.to_string()),
            AdminAuthError::Setup(source) => Self::Internal(source),
            AdminAuthError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(err: ApiError) -> (String, Option<BTreeMap<String, Vec<String>>>) {
        match err {
            ApiError::BadRequest { message, errors } => (message, errors),
            other => panic!("not a 400: {other:?}"),
        }
    }

    #[test]
    fn every_field_noted_is_named_and_the_message_is_the_first_problem_noted() {
        let mut errors = FieldErrors::new();
        errors.add("value", "Enter a Pakistani phone number or an e-mail address.");
        errors.add("reason", "Give a reason for blocking.");
        errors.add("value", "A second problem.");

        let (message, fields) = answer(errors.into_error());

        assert_eq!(message, "Enter a Pakistani phone number or an e-mail address.");
        assert_eq!(
            fields,
            Some(BTreeMap::from([
                ("reason".to_owned(), vec!["Give a reason for blocking.".to_owned()]),
                (
                    "value".to_owned(),
                    vec![
                        "Enter a Pakistani phone number or an e-mail address.".to_owned(),
                        "A second problem.".to_owned()
                    ]
                ),
            ]))
        );
    }

    #[test]
    fn a_collection_headed_by_name_takes_the_message_of_the_field_first_by_name() {
        let mut errors = FieldErrors::headed_by_name();
        errors.add("userDetails.name", "Please enter your name.");
        errors.add("cart[10].price", "cart[10].price is required.");
        errors.add("cart[2].price", "cart[2].price is required.");

        let (message, fields) = answer(errors.into_error());

        assert_eq!(message, "cart[10].price is required.");
        assert_eq!(fields.map(|f| f.len()), Some(3));
    }

    #[test]
    fn nothing_noted_finishes_with_the_value_and_a_message_of_its_own_heads_the_answer() {
        assert_eq!(FieldErrors::new().finish(|| 7).ok(), Some(7));

        let errors: FieldErrors =
            [("row 2", "Order #12 does not exist."), ("row 3", "No courier.")].into_iter().collect();
        let (message, fields) = answer(errors.into_error_with("The file has 2 problems; nothing was saved.".into()));

        assert_eq!(message, "The file has 2 problems; nothing was saved.");
        assert_eq!(
            fields.map(|f| f.into_keys().collect::<Vec<_>>()),
            Some(vec!["row 2".to_owned(), "row 3".to_owned()])
        );
    }

    #[test]
    fn one_invalid_field_is_named_with_its_message() {
        let (message, fields) = answer(ApiError::invalid_field("id", "Ids are positive whole numbers."));

        assert_eq!(message, "Ids are positive whole numbers.");
        assert_eq!(
            fields,
            Some(BTreeMap::from([("id".to_owned(), vec!["Ids are positive whole numbers.".to_owned()])]))
        );
    }
}
