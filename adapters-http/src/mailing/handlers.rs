//! The handlers of the owner's e-mails: the customer list, sending and the outbox's counts.

use actix_web::{get, post, web, HttpResponse};
use application::bulk_email::{BulkEmail, BulkEmailError, Recipients};

use super::dto::{BulkEmailBody, CustomerSummary, EmailStatusResponse, QueuedResponse};
use crate::admin::AdminSession;
use crate::dto::PageQuery;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Field;
use crate::infra::json::Json;

impl From<BulkEmailError> for ApiError {
    fn from(err: BulkEmailError) -> Self {
        match err {
            BulkEmailError::SubjectAndMessageRequired | BulkEmailError::TooLong | BulkEmailError::NoRecipients => {
                Self::bad_request(err.to_string())
            }
            BulkEmailError::Subject(_) => Self::invalid_field("subject", err.to_string()),
            BulkEmailError::Message(_) => Self::invalid_field("message", err.to_string()),
            BulkEmailError::NotACustomer(_) => Self::invalid_field("selectedEmails", err.to_string()),
            BulkEmailError::Unexpected(source) => Self::Internal(Box::new(source)),
        }
    }
}

/// The customers, by e-mail.
#[utoipa::path(
    tag = "admin",
    operation_id = "listCustomers",
    params(PageQuery),
    responses(
        (status = 200, description = "Customers", body = [CustomerSummary]),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/users/admin/users")]
pub async fn list_users(
    _admin: AdminSession,
    bulk: web::Data<BulkEmail>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let customers = bulk.customers(query.page()?).await?;
    let list: Vec<CustomerSummary> =
        customers.into_iter().map(|c| CustomerSummary { id: c.id.to_string(), name: c.name, email: c.email }).collect();
    Ok(HttpResponse::Ok().json(list))
}

/// Queues an e-mail to every customer or to the selected ones; a worker delivers it, retrying while the
/// mail server is down.
#[utoipa::path(
    tag = "admin",
    operation_id = "sendBulkEmail",
    request_body = BulkEmailBody,
    responses(
        (status = 202, description = "Queued", body = QueuedResponse),
        (status = 400, description = "No subject or message, a control character in either (or a line break in the subject), no recipients, or an address that is not a customer's", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[post("/api/users/admin/send-bulk-email")]
pub async fn send_bulk_email(
    _admin: AdminSession,
    bulk: web::Data<BulkEmail>,
    body: Json<BulkEmailBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let send_to_all = body
        .send_to_all
        .optional(|| ApiError::invalid_field("sendToAll", "sendToAll must be true or false."))?
        .unwrap_or(false);
    let recipients = if send_to_all {
        Recipients::AllCustomers
    } else {
        let selected = match body.selected_emails {
            Field::Absent => Vec::new(),
            Field::Given(emails) => emails,
            Field::Empty | Field::Invalid => {
                return Err(ApiError::invalid_field("selectedEmails", "selectedEmails must be a list of e-mails."))
            }
        };
        Recipients::Selected(selected)
    };
    let (subject, message) = (body.subject.text().unwrap_or_default(), body.message.text().unwrap_or_default());
    let queued = bulk.send(subject, message, recipients).await?;
    Ok(HttpResponse::Accepted()
        .json(QueuedResponse { message: "✅ Emails sent!".into(), queued: i64::try_from(queued).unwrap_or(i64::MAX) }))
}

/// How many e-mails wait in the outbox, were sent and were given up.
#[utoipa::path(
    tag = "admin",
    operation_id = "emailStatus",
    responses(
        (status = 200, description = "The outbox's counts", body = EmailStatusResponse),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[get("/api/users/admin/email-status")]
pub async fn email_status(_admin: AdminSession, bulk: web::Data<BulkEmail>) -> Result<HttpResponse, ApiError> {
    let counts = bulk.counts().await?;
    let int = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    Ok(HttpResponse::Ok().json(EmailStatusResponse {
        queued: int(counts.queued),
        sent: int(counts.sent),
        failed: int(counts.failed),
    }))
}
