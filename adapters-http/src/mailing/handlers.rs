//! The handlers of the owner's e-mails: the customer list, sending and the outbox's counts.

use actix_web::{get, post, web, HttpResponse};
use application::bulk_email::{BulkEmail, BulkEmailError, Recipients};

use super::dto::{BulkEmailBody, BulkEmailPreviewResponse, CustomerSummary, EmailStatusResponse, QueuedResponse};
use crate::admin::AdminSession;
use crate::dto::wire_int;
use crate::dto::PageQuery;
use crate::infra::error::{ApiError, ErrorBody};
use crate::infra::forms::Field;
use crate::infra::json::Json;

impl From<BulkEmailError> for ApiError {
    fn from(err: BulkEmailError) -> Self {
        match err {
            BulkEmailError::SubjectAndMessageRequired
            | BulkEmailError::TooLong
            | BulkEmailError::NoRecipients
            | BulkEmailError::NobodyToSend => Self::bad_request(err.to_string()),
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

/// Who the body chooses: every customer, or the selected ones.
fn recipients(body: &BulkEmailBody) -> Result<Recipients, ApiError> {
    let send_to_all = body
        .send_to_all
        .clone()
        .optional(|| ApiError::invalid_field("sendToAll", "sendToAll must be true or false."))?
        .unwrap_or(false);
    if send_to_all {
        return Ok(Recipients::AllCustomers);
    }
    let selected = match &body.selected_emails {
        Field::Absent => Vec::new(),
        Field::Given(emails) => emails.clone(),
        Field::Empty | Field::Invalid => {
            return Err(ApiError::invalid_field("selectedEmails", "selectedEmails must be a list of e-mails."))
        }
    };
    Ok(Recipients::Selected(selected))
}

/// The e-mail as sent, for sending or previewing it: its subject, its message and who the body chooses.
fn letter(body: &BulkEmailBody) -> Result<(&str, &str, Recipients), ApiError> {
    let recipients = recipients(body)?;
    Ok((body.subject.text().unwrap_or_default(), body.message.text().unwrap_or_default(), recipients))
}

/// Queues an e-mail to every customer or to the selected ones, leaving out customers on the blocklist and
/// those who unsubscribed; each e-mail carries its recipient's unsubscribe link (in the body and as
/// `List-Unsubscribe` with one-click `List-Unsubscribe-Post`). A worker delivers them, retrying while the
/// mail server is down.
#[utoipa::path(
    tag = "admin",
    operation_id = "sendBulkEmail",
    request_body = BulkEmailBody,
    responses(
        (status = 202, description = "Queued", body = QueuedResponse),
        (status = 400, description = "No subject or message, a control character in either (or a line break in the subject), no recipients, an address that is not a customer's, or chosen customers who all are blocked or unsubscribed", body = ErrorBody),
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
    let (subject, message, recipients) = letter(&body)?;
    let sent = bulk.send(subject, message, recipients).await?;
    Ok(HttpResponse::Accepted().json(QueuedResponse {
        message: "✅ Emails sent!".into(),
        queued: i64::try_from(sent.recipients.len()).unwrap_or(i64::MAX),
        blocked: wire_int(sent.blocked),
        unsubscribed: wire_int(sent.unsubscribed),
    }))
}

/// What sending this e-mail would do, without sending it: how many customers would get it, how many are
/// left out (blocked, unsubscribed), and its text and HTML with the footer. The same checks as sending.
#[utoipa::path(
    tag = "admin",
    operation_id = "previewBulkEmail",
    request_body = BulkEmailBody,
    responses(
        (status = 200, description = "The preview; nothing is stored", body = BulkEmailPreviewResponse),
        (status = 400, description = "As sending: no subject or message, a control character, no recipients, an address that is not a customer's, or chosen customers who all are blocked or unsubscribed", body = ErrorBody),
        (status = 401, description = "Not signed in as the admin", body = ErrorBody),
    )
)]
#[post("/api/users/admin/bulk-email-preview")]
pub async fn preview_bulk_email(
    _admin: AdminSession,
    bulk: web::Data<BulkEmail>,
    body: Json<BulkEmailBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (subject, message, recipients) = letter(&body)?;
    let preview = bulk.preview(subject, message, recipients).await?;
    Ok(HttpResponse::Ok().json(BulkEmailPreviewResponse {
        recipients: wire_int(preview.audience.recipients.len()),
        blocked: wire_int(preview.audience.blocked),
        unsubscribed: wire_int(preview.audience.unsubscribed),
        subject: preview.subject,
        text: preview.text,
        html: preview.html,
    }))
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
