//! The page of a bulk e-mail's unsubscribe link, outside the API: what the e-mail's link opens (GET asks,
//! changing nothing, since mail scanners open links), and what its button and a mail client's one-click
//! `List-Unsubscribe-Post` (RFC 8058) post to. No session is needed: the link's token says whose it is.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};
use application::bulk_email::{BulkEmail, UNKNOWN_UNSUBSCRIBE_LINK, UNSUBSCRIBED};
use maud::{html, Markup, DOCTYPE};

use super::dto::UnsubscribeQuery;
use crate::infra::error::ApiError;

/// The path of the page, which the e-mails' links and headers name.
pub const UNSUBSCRIBE_PATH: &str = "/unsubscribe";

fn page(status: StatusCode, title: &str, body: Markup) -> HttpResponse {
    let html = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) }
            }
            body {
                main { h1 { (title) } (body) }
            }
        }
    };
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(html.into_string())
}

fn unknown() -> HttpResponse {
    page(StatusCode::NOT_FOUND, "Unsubscribe", html! { p { (UNKNOWN_UNSUBSCRIBE_LINK) } })
}

fn done(email: &str) -> HttpResponse {
    page(StatusCode::OK, "Unsubscribed", html! { p { (UNSUBSCRIBED) } p { "E-mail: " (email) } })
}

/// GET: asks before unsubscribing, with a button that posts the same link.
async fn ask(bulk: web::Data<BulkEmail>, query: web::Query<UnsubscribeQuery>) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token;
    Ok(match bulk.unsubscribe_link(&token).await? {
        None => unknown(),
        Some((email, true)) => done(&email),
        Some((email, false)) => page(
            StatusCode::OK,
            "Unsubscribe",
            html! {
                p { "Stop the shop's offers by e-mail to " strong { (email) } "? E-mails about your orders still come." }
                form method="post" action={ (UNSUBSCRIBE_PATH) "?token=" (token) } {
                    button type="submit" { "Unsubscribe" }
                }
            },
        ),
    })
}

/// POST (the page's button, or a mail client's one-click): unsubscribes; posting again changes nothing.
async fn confirm(bulk: web::Data<BulkEmail>, query: web::Query<UnsubscribeQuery>) -> Result<HttpResponse, ApiError> {
    Ok(match bulk.unsubscribe(&query.into_inner().token).await? {
        None => unknown(),
        Some(email) => done(&email),
    })
}

/// Registers [`UNSUBSCRIBE_PATH`]: GET asks, POST unsubscribes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource(UNSUBSCRIBE_PATH).route(web::get().to(ask)).route(web::post().to(confirm)));
}
