//! Reviews (docs/contract.md §6, docs/reviews.md): the token link's verify and submit, My Orders' reviewed items
//! and internal submit, a product's approved reviews, and the admin's list, moderation, reply and delete.

mod dto;
mod form;
mod handlers;
mod parse;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(handlers::verify_token)
        .service(handlers::submit_by_token)
        .service(handlers::reviewed_items)
        .service(handlers::submit_internal)
        .service(handlers::approved_reviews)
        .service(handlers::all_reviews)
        .service(handlers::moderate_review)
        .service(handlers::reply_to_review)
        .service(handlers::delete_review);
}
