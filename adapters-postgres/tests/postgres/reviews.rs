//! The reviews' repository and transaction handle against a real PostgreSQL, each test in its own
//! database: tokens used once, purchases, reviews read back whole, and the products' star counts after
//! every status change and deletion, concurrent ones included.

use std::sync::Arc;

use adapters_postgres::test_support::TestDb;
use adapters_postgres::{PgCatalogRepository, PgReviewRepository};
use application::catalog::ports::{CatalogDates, CatalogRepository, CatalogWriter};
use application::common::error::{Conflict, RepositoryError};
use application::common::page::Page;
use application::common::token::LinkDigest;
use application::common::unit_of_work::UnitOfWork;
use application::media::model::MediaVariant;
use application::orders::model::{Actor, NewOrder, ReviewToken};
use application::orders::ports::OrdersTx;
use application::reviews::model::{NewReview, Purchase, ReviewFilter, ReviewImage, ReviewedPair};
use application::reviews::ports::{ReviewRepository, ReviewsTx};
use chrono::Utc;
use domain::ids::{CustomerId, OrderId, ProductId, ReviewId};
use domain::money::Rupees;
use domain::order_status::OrderStatus;
use domain::pricing::PriceTag;
use domain::review::{Rating, RatingSpread, ReviewStatus};

use crate::shop::{category, customer, item, order, product, units_of_work, AYESHA};

struct Shop {
    db: TestDb,
    orders: Arc<dyn UnitOfWork<dyn OrdersTx>>,
    reviews_tx: Arc<dyn UnitOfWork<dyn ReviewsTx>>,
    reviews: PgReviewRepository,
    customer: CustomerId,
    case: ProductId,
    cable: ProductId,
}

async fn shop() -> Shop {
    let db = TestDb::new();
    let cases = category(&db, "Cases").await;
    let price = PriceTag::list(Rupees::from_whole(900));
    let case = product(&db, cases, "Phone Case", "About it", price, 500).await;
    let cable = product(&db, cases, "USB-C Cable", "About it", price, 500).await;
    let customer = customer(&db, AYESHA, "Ayesha Khan").await;
    let unit_of_work = units_of_work(&db);
    Shop {
        reviews: PgReviewRepository::new(db.pool()),
        orders: unit_of_work.clone(),
        reviews_tx: unit_of_work,
        db,
        customer,
        case,
        cable,
    }
}

impl Shop {
    /// An order of one of each product, moved to `status` along the usual path, with a token per product
    /// named `{prefix}-{product}`.
    async fn order(&self, status: OrderStatus, prefix: &str) -> OrderId {
        let items = [self.case, self.cable]
            .into_iter()
            .map(|product| item(product, "item", 1, Rupees::from_whole(900)))
            .collect();
        let order = NewOrder {
            delivery_charge: Rupees::from_whole(200),
            total: Rupees::from_whole(2000),
            ..order(self.customer, items, Utc::now())
        };
        let id = self.orders.run(move |tx| tx.orders().insert(&order)).await.unwrap();
        let path: &[OrderStatus] = match status {
            OrderStatus::Delivered => &[OrderStatus::Approved, OrderStatus::Dispatched, OrderStatus::Delivered],
            _ => &[],
        };
        let mut from = OrderStatus::Pending;
        for &to in path {
            let moved = self
                .orders
                .run(move |tx| tx.orders().change_status(id, from, to, Utc::now(), Actor::Admin, None))
                .await
                .unwrap();
            assert!(moved);
            from = to;
        }
        let tokens: Vec<ReviewToken> = [self.case, self.cable]
            .into_iter()
            .map(|product_id| ReviewToken { product_id, token: format!("{prefix}-{product_id}") })
            .collect();
        self.orders.run(move |tx| tx.orders().add_review_tokens(id, &tokens)).await.unwrap();
        id
    }

    fn review(&self, order: OrderId, product: ProductId, stars: u8, images: usize) -> NewReview {
        NewReview {
            product,
            order,
            customer: self.customer,
            reviewer_name: "Ayesha".into(),
            rating: Rating::new(stars).unwrap(),
            comment: "Holds firm.".into(),
            images: (0..images)
                .map(|n| ReviewImage {
                    url: format!("/media/{order}-{product}-{n}.webp"),
                    width: Some(900),
                    variants: vec![MediaVariant { url: format!("/media/{order}-{product}-{n}-320.webp"), width: 320 }],
                })
                .collect(),
        }
    }

    async fn insert(&self, review: NewReview) -> Result<ReviewId, RepositoryError> {
        self.reviews_tx.run(move |tx| tx.reviews().insert(&review)).await
    }

    async fn set_status(&self, id: ReviewId, status: ReviewStatus) -> bool {
        self.reviews_tx.run(move |tx| tx.reviews().set_status(id, status)).await.unwrap()
    }

    async fn spread(&self, product: ProductId) -> RatingSpread {
        PgCatalogRepository::new(self.db.pool()).product(product).await.unwrap().unwrap().ratings
    }
}

#[tokio::test]
async fn a_token_is_used_exactly_once_and_then_reads_back_as_used() {
    let shop = shop().await;
    let order = shop.order(OrderStatus::Delivered, "t").await;
    let token = format!("t-{}", shop.case);

    let before = shop.reviews.token(&LinkDigest::of(&token)).await.unwrap().unwrap();
    let used = {
        let token = token.clone();
        shop.reviews_tx.run(move |tx| tx.reviews().use_token(&LinkDigest::of(&token))).await.unwrap()
    };
    let again = {
        let token = token.clone();
        shop.reviews_tx.run(move |tx| tx.reviews().use_token(&LinkDigest::of(&token))).await.unwrap()
    };

    assert_eq!((before.product, before.order, before.customer, before.used), (shop.case, order, shop.customer, false));
    assert_eq!(before.product_name.as_deref(), Some("Phone Case"));
    assert_eq!(used.map(|info| (info.product, info.order, info.customer)), Some((shop.case, order, shop.customer)));
    assert_eq!(again, None);
    assert!(shop.reviews.token(&LinkDigest::of(&token)).await.unwrap().unwrap().used);
    assert_eq!(shop.reviews.token(&LinkDigest::of("unknown")).await.unwrap(), None);

    shop.reviews_tx.run(move |tx| tx.reviews().use_pair_token(order, ProductId::new(999).unwrap())).await.unwrap();
    let cable = shop.cable;
    shop.reviews_tx.run(move |tx| tx.reviews().use_pair_token(order, cable)).await.unwrap();
    assert!(shop.reviews.token(&LinkDigest::of(&format!("t-{}", shop.cable))).await.unwrap().unwrap().used);
}

#[tokio::test]
async fn purchases_are_told_by_customer_order_product_and_delivery() {
    let shop = shop().await;
    let delivered = shop.order(OrderStatus::Delivered, "d").await;
    let pending = shop.order(OrderStatus::Pending, "p").await;
    let someone = customer(&shop.db, "bilal@example.pk", "Ayesha Khan").await;

    assert_eq!(shop.reviews.purchase(shop.customer, delivered, shop.case).await.unwrap(), Purchase::Delivered);
    assert_eq!(shop.reviews.purchase(shop.customer, pending, shop.case).await.unwrap(), Purchase::NotDelivered);
    assert_eq!(shop.reviews.purchase(someone, delivered, shop.case).await.unwrap(), Purchase::None);
    let unknown = ProductId::new(999).unwrap();
    assert_eq!(shop.reviews.purchase(shop.customer, delivered, unknown).await.unwrap(), Purchase::None);
    let (customer, case) = (shop.customer, shop.case);
    let in_tx = shop.reviews_tx.run(move |tx| tx.reviews().purchase(customer, delivered, case)).await.unwrap();
    assert_eq!(in_tx, Purchase::Delivered);
}

#[tokio::test]
async fn a_review_reads_back_whole_and_each_item_is_reviewed_once() {
    let shop = shop().await;
    let order = shop.order(OrderStatus::Delivered, "t").await;

    let id = shop.insert(shop.review(order, shop.case, 4, 2)).await.unwrap();
    let second = shop.insert(shop.review(order, shop.case, 5, 0)).await;

    assert!(matches!(second, Err(RepositoryError::Conflict(Conflict::AlreadyReviewed))), "{second:?}");
    let review = shop.reviews.find(id).await.unwrap().unwrap();
    assert_eq!(
        (review.product, review.product_name.as_str(), review.order, review.customer, review.customer_name.as_str()),
        (shop.case, "Phone Case", order, shop.customer, "Ayesha Khan")
    );
    assert_eq!((review.rating.get(), review.status, review.admin_reply), (4, ReviewStatus::Pending, None));
    let urls: Vec<&str> = review.images.iter().map(|i| i.url.as_str()).collect();
    assert_eq!(urls, [format!("/media/{order}-{}-0.webp", shop.case), format!("/media/{order}-{}-1.webp", shop.case)]);
    assert_eq!(review.images[0].variants[0].width, 320);
    assert!(shop.reviews.is_reviewed(order, shop.case).await.unwrap());
    assert!(!shop.reviews.is_reviewed(order, shop.cable).await.unwrap());
    assert_eq!(shop.reviews.reviewed_pairs(shop.customer).await.unwrap(), [ReviewedPair { product: shop.case, order }]);
    assert!(shop.reviews_tx.run(move |tx| tx.reviews().set_reply(id, Some("Thanks".into()))).await.unwrap());
    assert_eq!(shop.reviews.find(id).await.unwrap().unwrap().admin_reply.as_deref(), Some("Thanks"));
    let unknown = ReviewId::new(999).unwrap();
    assert!(!shop.reviews_tx.run(move |tx| tx.reviews().set_reply(unknown, None)).await.unwrap());
}

#[tokio::test]
async fn lists_show_approved_reviews_newest_first_and_the_admin_pending_first() {
    let shop = shop().await;
    let mut ids = Vec::new();
    for n in 0..3 {
        let order = shop.order(OrderStatus::Delivered, &format!("o{n}")).await;
        ids.push(shop.insert(shop.review(order, shop.case, 5, 0)).await.unwrap());
    }
    shop.set_status(ids[0], ReviewStatus::Approved).await;
    shop.set_status(ids[1], ReviewStatus::Approved).await;

    let approved: Vec<ReviewId> =
        shop.reviews.approved(shop.case, Page::FIRST).await.unwrap().into_iter().map(|r| r.id).collect();
    let all: Vec<ReviewId> =
        shop.reviews.list(ReviewFilter::default(), Page::FIRST).await.unwrap().into_iter().map(|r| r.id).collect();
    let pending: Vec<ReviewId> = shop
        .reviews
        .list(ReviewFilter { status: Some(ReviewStatus::Pending) }, Page::FIRST)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();

    assert_eq!(approved, [ids[1], ids[0]]);
    assert_eq!(all, [ids[2], ids[1], ids[0]]);
    assert_eq!(pending, [ids[2]]);
    assert_eq!(shop.reviews.approved(shop.cable, Page::FIRST).await.unwrap(), vec![]);
    assert_eq!(shop.reviews.approved(ProductId::new(999).unwrap(), Page::FIRST).await.unwrap(), vec![]);
}

#[tokio::test]
async fn status_changes_and_deletions_recount_the_stars_and_a_deleted_product_takes_its_reviews_along() {
    let shop = shop().await;
    let mut ids = Vec::new();
    for (n, stars) in [5, 4, 4, 1].into_iter().enumerate() {
        let order = shop.order(OrderStatus::Delivered, &format!("o{n}")).await;
        ids.push(shop.insert(shop.review(order, shop.case, stars, 1)).await.unwrap());
    }
    for id in &ids {
        assert!(shop.set_status(*id, ReviewStatus::Approved).await);
    }
    assert_eq!(shop.spread(shop.case).await, RatingSpread::new([1, 0, 0, 2, 1]));
    assert_eq!(shop.spread(shop.case).await.average_tenths(), Some(35));

    shop.set_status(ids[3], ReviewStatus::Rejected).await;
    assert_eq!(shop.spread(shop.case).await, RatingSpread::new([0, 0, 0, 2, 1]));
    let first = ids[0];
    let urls = shop.reviews_tx.run(move |tx| tx.reviews().delete(first)).await.unwrap().unwrap();
    assert_eq!(urls.len(), 1);
    assert_eq!(shop.spread(shop.case).await, RatingSpread::new([0, 0, 0, 2, 0]));
    assert!(!shop.set_status(first, ReviewStatus::Approved).await, "a deleted review is unknown");
    assert_eq!(shop.reviews_tx.run(move |tx| tx.reviews().delete(first)).await.unwrap(), None);
    assert_eq!(shop.spread(shop.cable).await, RatingSpread::default());

    let files = PgCatalogRepository::new(shop.db.pool()).delete_product(shop.case).await.unwrap().unwrap();

    assert_eq!(files.len(), 3, "the pictures of its three remaining reviews: {files:?}");
    assert_eq!(shop.reviews.list(ReviewFilter::default(), Page::FIRST).await.unwrap(), vec![]);
}

#[tokio::test]
async fn concurrent_moderations_of_one_products_reviews_count_every_one() {
    let shop = shop().await;
    let mut ids = Vec::new();
    for n in 0..12 {
        let order = shop.order(OrderStatus::Delivered, &format!("o{n}")).await;
        ids.push(shop.insert(shop.review(order, shop.case, 1 + (n % 5) as u8, 0)).await.unwrap());
    }

    let approvals: Vec<_> = ids
        .iter()
        .map(|id| {
            let (id, unit_of_work) = (*id, shop.reviews_tx.clone());
            tokio::spawn(async move {
                unit_of_work.run(move |tx| tx.reviews().set_status(id, ReviewStatus::Approved)).await
            })
        })
        .collect();
    for approval in approvals {
        assert!(approval.await.unwrap().unwrap());
    }

    assert_eq!(shop.spread(shop.case).await, RatingSpread::new([3, 3, 2, 2, 2]));
}

#[tokio::test]
async fn a_moderation_that_changes_the_stars_moves_the_products_last_change_and_one_that_does_not_keeps_it() {
    let shop = shop().await;
    let order = shop.order(OrderStatus::Delivered, "o").await;
    let review = shop.insert(shop.review(order, shop.case, 4, 0)).await.unwrap();
    let age = || {
        adapters_postgres::test_support::execute(
            &shop.db.pool(),
            "UPDATE products SET updated_at = '2026-01-01T00:00:00Z'",
        )
        .unwrap()
    };
    let case = shop.case;
    let last_change = || async {
        let changes = PgCatalogRepository::new(shop.db.pool()).last_changes().await.unwrap();
        changes.products.into_iter().find(|(id, _)| *id == case).unwrap().1
    };
    let long_ago: chrono::DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
    let started = Utc::now() - chrono::Duration::seconds(5);
    age();

    assert!(shop.set_status(review, ReviewStatus::Rejected).await);
    let after_rejecting_a_pending_review = last_change().await;
    assert!(shop.set_status(review, ReviewStatus::Approved).await);
    let after_approving = last_change().await;

    assert_eq!(after_rejecting_a_pending_review, long_ago, "the stars did not change");
    assert!(after_approving > started, "{after_approving}");
}

#[tokio::test]
async fn a_review_token_is_stored_only_as_its_digest_and_found_by_the_token() {
    let shop = shop().await;
    shop.order(OrderStatus::Delivered, "secret").await;
    let token = format!("secret-{}", shop.case);

    let stored = adapters_postgres::test_support::texts(&shop.db.pool(), "SELECT token_hash AS t FROM review_tokens");

    let stored = stored.unwrap();
    assert_eq!(stored.len(), 2);
    assert!(stored.iter().all(|digest| digest.len() == 64 && !digest.contains("secret")), "{stored:?}");
    assert!(shop.reviews.token(&LinkDigest::of(&token)).await.unwrap().is_some());
    for digest in &stored {
        assert_eq!(
            shop.reviews.token(&LinkDigest::of(digest)).await.unwrap(),
            None,
            "a digest read from a copy is no link"
        );
    }
}

#[tokio::test]
async fn links_e_mailed_before_tokens_were_digested_keep_working_after_the_migration() {
    let db = TestDb::migrated_before("2026-12-01-000018");
    let pool = db.pool();
    for statement in [
        "INSERT INTO customers (id, email, name) VALUES (1, 'ayesha@example.pk', 'Ayesha Khan')",
        "INSERT INTO orders (id, customer_id, status, subtotal_paisa, delivery_charge_paisa, coupon_discount_paisa, \
         total_paisa, name, phone1, phone1_normalized, email, address) \
         VALUES (7, 1, 'delivered', 90000, 0, 0, 90000, 'Ayesha', '0300 1234567', '+923001234567', \
         'ayesha@example.pk', 'House 12')",
        "INSERT INTO review_tokens (token, order_id, product_id) VALUES ('an-old-link-token', 7, 3)",
    ] {
        adapters_postgres::test_support::execute(&pool, statement).unwrap();
    }

    adapters_postgres::run_migrations(&pool).unwrap();

    let stored = adapters_postgres::test_support::texts(&pool, "SELECT token_hash AS t FROM review_tokens").unwrap();
    // SHA-256 of "an-old-link-token", as the server digests tokens that come back.
    assert_eq!(stored, ["46680bd85f939cc81d3df8e7759e9c13f463b20ddd98f2b66e6d9be4c769f25e"]);
    let found = PgReviewRepository::new(pool).token(&LinkDigest::of("an-old-link-token")).await.unwrap().unwrap();
    assert_eq!((found.order.get(), found.product.get(), found.used), (7, 3, false));
}
