use mockall::predicate::eq;

use super::*;
use crate::catalog::ports::MockCatalogChanges;
use crate::media::ports::{MockMediaStore, StoredMedia};
use crate::reviews::ports::{MockReviewRepository, MockReviewTx};
use crate::reviews::testing::{customer, order, product, reviews, run_once, stored, MockUnitOfWork};

fn token_info(used: bool) -> TokenInfo {
    TokenInfo {
        product: product(),
        product_name: Some("Magnetic Car Mount".into()),
        order: order(),
        customer: customer(),
        used,
    }
}

fn form(rating: i64) -> ReviewForm {
    ReviewForm { reviewer_name: " Ayesha ".into(), rating: Some(rating), comment: " Holds firm. ".into() }
}

#[test]
fn a_bidirectional_control_in_the_name_or_the_comment_is_refused_like_a_control_character() {
    let with =
        |name: &str, comment: &str| ReviewForm { reviewer_name: name.into(), rating: Some(5), comment: comment.into() };

    let name = check(with("Ayesha \u{202E}nahK", "Holds firm."), Form::Token, 0);
    let comment = check(with("Ayesha", "Holds \u{2067}firm\u{2069}."), Form::Token, 0);
    let kept = check(with("Ayesha", "Holds firm.\r\n\tFive stars."), Form::Token, 0);

    assert!(matches!(name, Err(SubmitReviewError::NameInvalid)), "{:?}", name.err());
    assert!(matches!(comment, Err(SubmitReviewError::CommentInvalid)), "{:?}", comment.err());
    assert!(kept.is_ok());
}

fn picture() -> ReviewPicture {
    ReviewPicture { content: vec![1, 2, 3].into(), content_type: "image/png" }
}

fn kept(url: &str) -> StoredMedia {
    StoredMedia { url: url.into(), width: Some(700), variants: vec![] }
}

/// A media store keeping each picture under the next of `urls`, and expecting `removed` to be removed.
fn media(urls: &'static [&'static str], removed: Option<Vec<String>>) -> MockMediaStore {
    let mut media = MockMediaStore::new();
    let count = urls.len();
    let mut urls = urls.iter().copied();
    media
        .expect_save_reencoded()
        .withf(|_, max_width| *max_width == MAX_REVIEW_PICTURE_WIDTH)
        .times(count)
        .returning(move |_, _| Ok(kept(urls.next().unwrap())));
    match removed {
        Some(removed) => {
            media.expect_remove().with(eq(removed)).times(1).returning(|_| ());
        }
        None => {
            media.expect_remove().never();
        }
    }
    media
}

fn repository_with_token(info: Option<TokenInfo>) -> MockReviewRepository {
    let mut repository = MockReviewRepository::new();
    repository.expect_token().times(1).return_once(move |_| Ok(info));
    repository
}

#[tokio::test]
async fn a_token_review_is_stored_for_the_tokens_order_and_customer_with_its_pictures() {
    let mut repository = repository_with_token(Some(token_info(false)));
    repository.expect_find().times(1).returning(|id| Ok(Some(stored(id.get()))));
    let mut tx = MockReviewTx::new();
    tx.expect_use_token()
        .with(eq(crate::common::token::LinkDigest::of("tok")))
        .times(1)
        .returning(|_| Ok(Some(token_info(true))));
    tx.expect_insert()
        .withf(|review| {
            review.order == order()
                && review.customer == customer()
                && review.product == product()
                && review.reviewer_name == "Ayesha"
                && review.comment == "Holds firm."
                && review.rating.get() == 4
                && review.images.iter().map(|i| i.url.as_str()).eq(["/media/a.webp", "/media/b.webp"])
        })
        .times(1)
        .returning(|_| Ok(ReviewId::new(9).unwrap()));
    let reviews =
        reviews(repository, run_once(tx), media(&["/media/a.webp", "/media/b.webp"], None), MockCatalogChanges::new());

    let review = reviews.submit_by_token(" tok ", Some(product()), form(4), vec![picture(), picture()]).await.unwrap();

    assert_eq!(review.id.get(), 9);
}

#[tokio::test]
async fn ratings_outside_one_to_five_and_blank_names_are_refused_before_the_token_is_read() {
    let mut repository = MockReviewRepository::new();
    repository.expect_token().never();
    let reviews = reviews(repository, MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());
    let nameless = ReviewForm { reviewer_name: "  ".into(), ..form(5) };

    for (form, message) in [
        (form(0), "Please provide a valid rating."),
        (form(6), "Please provide a valid rating."),
        (ReviewForm { rating: None, ..form(5) }, "Please provide a valid rating."),
        (nameless, "Please enter your name."),
    ] {
        let err = reviews.submit_by_token("tok", None, form, vec![picture()]).await.unwrap_err();
        assert_eq!(err.to_string(), message);
    }
    let six = (0..6).map(|_| picture()).collect();
    let err = reviews.submit_by_token("tok", None, form(5), six).await.unwrap_err();
    assert_eq!(err.to_string(), "You can only upload up to 5 images.");
    let err = reviews.submit_by_token(" ", None, form(5), vec![]).await.unwrap_err();
    assert!(matches!(err, SubmitReviewError::MissingToken));
}

#[tokio::test]
async fn unknown_used_and_other_products_tokens_are_refused_before_any_picture_is_kept() {
    for (info, product_sent, expected) in [
        (None, None, "Invalid or expired token."),
        (Some(token_info(true)), None, "This review link has already been used."),
        (Some(token_info(false)), Some(ProductId::new(8).unwrap()), "This review link is for another product."),
        (Some(TokenInfo { product_name: None, ..token_info(false) }), None, "Invalid or expired token."),
    ] {
        let reviews =
            reviews(repository_with_token(info), MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());

        let err = reviews.submit_by_token("tok", product_sent, form(5), vec![picture()]).await.unwrap_err();

        assert_eq!(err.to_string(), expected);
    }
}

#[tokio::test]
async fn the_token_checks_alone_name_an_unusable_link_without_reading_the_form() {
    for (info, product_sent, expected) in [
        (None, None, "Invalid or expired token."),
        (Some(token_info(true)), None, "This review link has already been used."),
        (Some(token_info(false)), Some(ProductId::new(8).unwrap()), "This review link is for another product."),
    ] {
        let reviews =
            reviews(repository_with_token(info), MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());

        let err = reviews.check_token_review(" tok ", product_sent).await.unwrap_err();

        assert_eq!(err.to_string(), expected);
    }
    let unused = reviews(
        repository_with_token(Some(token_info(false))),
        MockUnitOfWork::new(),
        media(&[], None),
        MockCatalogChanges::new(),
    );
    assert!(unused.check_token_review("tok", Some(product())).await.is_ok());
    let mut repository = MockReviewRepository::new();
    repository.expect_token().never();
    let blank = reviews(repository, MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());
    assert!(matches!(blank.check_token_review("  ", None).await, Err(SubmitReviewError::MissingToken)));
}

#[tokio::test]
async fn the_item_checks_alone_name_an_item_that_cannot_be_reviewed() {
    for (purchase, reviewed, expected) in [
        (Purchase::NotDelivered, false, Some("You can only review products from your delivered orders.")),
        (Purchase::Delivered, true, Some("You have already reviewed this product for this order.")),
        (Purchase::Delivered, false, None),
    ] {
        let mut repository = MockReviewRepository::new();
        repository.expect_purchase().times(1).returning(move |_, _, _| Ok(purchase));
        repository.expect_is_reviewed().returning(move |_, _| Ok(reviewed));
        let reviews = reviews(repository, MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());

        let checked = reviews.check_item_review(customer(), order(), product()).await;

        assert_eq!(checked.err().map(|err| err.to_string()).as_deref(), expected);
    }
}

#[tokio::test]
async fn a_token_used_meanwhile_stores_nothing_and_removes_the_kept_pictures() {
    let mut tx = MockReviewTx::new();
    tx.expect_use_token().times(1).returning(|_| Ok(None));
    tx.expect_insert().never();
    let reviews = reviews(
        repository_with_token(Some(token_info(false))),
        run_once(tx),
        media(&["/media/a.webp"], Some(vec!["/media/a.webp".into()])),
        MockCatalogChanges::new(),
    );

    let err = reviews.submit_by_token("tok", None, form(5), vec![picture()]).await.unwrap_err();

    assert!(matches!(err, SubmitReviewError::UsedToken));
}

#[tokio::test]
async fn pictures_kept_before_a_refused_one_are_removed() {
    let mut media = MockMediaStore::new();
    let mut calls = 0;
    media.expect_save_reencoded().times(2).returning(move |_, _| {
        calls += 1;
        if calls == 1 {
            Ok(kept("/media/a.webp"))
        } else {
            Err(MediaStoreError::Unusable(UnusablePicture::TooManyPixels { width: 30_000, height: 30_000 }))
        }
    });
    media.expect_remove().with(eq(vec!["/media/a.webp".to_owned()])).times(1).returning(|_| ());
    let reviews = reviews(
        repository_with_token(Some(token_info(false))),
        MockUnitOfWork::new(),
        media,
        MockCatalogChanges::new(),
    );

    let err = reviews.submit_by_token("tok", None, form(5), vec![picture(), picture()]).await.unwrap_err();

    assert!(matches!(err, SubmitReviewError::Picture(UnusablePicture::TooManyPixels { .. })));
}

#[tokio::test]
async fn the_internal_form_needs_a_name_and_a_comment() {
    let mut repository = MockReviewRepository::new();
    repository.expect_purchase().never();
    let reviews = reviews(repository, MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());

    for form in [ReviewForm { comment: " ".into(), ..form(5) }, ReviewForm { reviewer_name: String::new(), ..form(5) }]
    {
        let err = reviews.submit_internal(customer(), order(), product(), form, vec![]).await.unwrap_err();
        assert_eq!(err.to_string(), "Please fill out all fields.");
    }
}

#[tokio::test]
async fn only_an_item_of_the_customers_delivered_order_is_reviewed_and_only_once() {
    for (purchase, reviewed, expected) in [
        (Purchase::None, false, "You can only review products from your delivered orders."),
        (Purchase::NotDelivered, false, "You can only review products from your delivered orders."),
        (Purchase::Delivered, true, "You have already reviewed this product for this order."),
    ] {
        let mut repository = MockReviewRepository::new();
        repository
            .expect_purchase()
            .with(eq(customer()), eq(order()), eq(product()))
            .times(1)
            .returning(move |_, _, _| Ok(purchase));
        repository.expect_is_reviewed().returning(move |_, _| Ok(reviewed));
        let reviews = reviews(repository, MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());

        let err = reviews.submit_internal(customer(), order(), product(), form(5), vec![picture()]).await.unwrap_err();

        assert_eq!(err.to_string(), expected);
    }
}

#[tokio::test]
async fn a_pair_reviewed_meanwhile_is_a_conflict_and_its_pictures_are_removed() {
    let mut repository = MockReviewRepository::new();
    repository.expect_purchase().returning(|_, _, _| Ok(Purchase::Delivered));
    repository.expect_is_reviewed().returning(|_, _| Ok(false));
    let mut tx = MockReviewTx::new();
    tx.expect_purchase().times(1).returning(|_, _, _| Ok(Purchase::Delivered));
    tx.expect_insert().times(1).returning(|_| Err(RepositoryError::Conflict(Conflict::AlreadyReviewed)));
    tx.expect_use_pair_token().never();
    let reviews = reviews(
        repository,
        run_once(tx),
        media(&["/media/a.webp"], Some(vec!["/media/a.webp".into()])),
        MockCatalogChanges::new(),
    );

    let err = reviews.submit_internal(customer(), order(), product(), form(5), vec![picture()]).await.unwrap_err();

    assert!(matches!(err, SubmitReviewError::AlreadyReviewed));
}

#[tokio::test]
async fn an_internal_review_uses_up_the_items_link() {
    let mut repository = MockReviewRepository::new();
    repository.expect_purchase().returning(|_, _, _| Ok(Purchase::Delivered));
    repository.expect_is_reviewed().returning(|_, _| Ok(false));
    repository.expect_find().returning(|id| Ok(Some(stored(id.get()))));
    let mut tx = MockReviewTx::new();
    tx.expect_purchase().returning(|_, _, _| Ok(Purchase::Delivered));
    tx.expect_insert().times(1).returning(|_| Ok(ReviewId::new(4).unwrap()));
    tx.expect_use_pair_token().with(eq(order()), eq(product())).times(1).returning(|_, _| Ok(()));
    let reviews = reviews(repository, run_once(tx), media(&[], None), MockCatalogChanges::new());

    let review = reviews.submit_internal(customer(), order(), product(), form(5), vec![]).await.unwrap();

    assert_eq!(review.id.get(), 4);
}

#[tokio::test]
async fn reviewed_items_are_told_only_to_their_customer() {
    let mut repository = MockReviewRepository::new();
    repository.expect_reviewed_pairs().never();
    let reviews = reviews(repository, MockUnitOfWork::new(), media(&[], None), MockCatalogChanges::new());

    let err = reviews.reviewed_pairs(customer(), CustomerId::new(99).unwrap()).await.unwrap_err();

    assert_eq!(err.to_string(), "You can only see your own reviews.");
}

#[tokio::test]
async fn verifying_answers_what_the_token_is_for() {
    let reviews = reviews(
        repository_with_token(Some(token_info(false))),
        MockUnitOfWork::new(),
        media(&[], None),
        MockCatalogChanges::new(),
    );

    assert_eq!(reviews.verify_token(" tok ").await.unwrap(), token_info(false));
    assert!(matches!(reviews.verify_token("").await, Err(VerifyTokenError::Missing)));
}
