//! Mocks and fixtures shared by the reviews' unit tests.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use domain::ids::{CustomerId, OrderId, ProductId, ReviewId};
use domain::review::{Rating, ReviewStatus};

use crate::catalog::ports::MockCatalogChanges;
use crate::common::unit_of_work::{Made, RolledBack, UnitOfWork, Work};
use crate::media::ports::MockMediaStore;
use crate::reviews::model::Review;
use crate::reviews::ports::{MockReviewRepository, MockReviewTx, ReviewTx, ReviewsTx};
use crate::reviews::service::Reviews;

mockall::mock! {
    pub UnitOfWork {}

    #[async_trait::async_trait]
    impl UnitOfWork<dyn ReviewsTx> for UnitOfWork {
        async fn run_boxed(&self, work: Work<dyn ReviewsTx>) -> Result<Made, RolledBack>;
    }
}

/// A transaction handle over a mocked repository.
pub struct Handle(pub MockReviewTx);

impl ReviewsTx for Handle {
    fn reviews(&mut self) -> &mut dyn ReviewTx {
        &mut self.0
    }
}

/// A unit of work run once, against `tx`.
pub fn run_once(tx: MockReviewTx) -> MockUnitOfWork {
    let mut unit_of_work = MockUnitOfWork::new();
    unit_of_work.expect_run_boxed().times(1).return_once(move |work| {
        let mut handle = Handle(tx);
        work(&mut handle).map_err(RolledBack::Answered)
    });
    unit_of_work
}

pub fn reviews(
    repository: MockReviewRepository,
    unit_of_work: MockUnitOfWork,
    media: MockMediaStore,
    changes: MockCatalogChanges,
) -> Reviews {
    Reviews::new(Arc::new(repository), Arc::new(unit_of_work), Arc::new(media), Arc::new(changes))
}

pub fn product() -> ProductId {
    ProductId::new(7).unwrap()
}

pub fn order() -> OrderId {
    OrderId::new(3).unwrap()
}

pub fn customer() -> CustomerId {
    CustomerId::new(5).unwrap()
}

pub fn stored(id: i64) -> Review {
    Review {
        id: ReviewId::new(id).unwrap(),
        product: product(),
        product_name: "Magnetic Car Mount".into(),
        order: order(),
        customer: customer(),
        customer_name: "Ayesha Khan".into(),
        reviewer_name: "Ayesha".into(),
        rating: Rating::new(4).unwrap(),
        comment: "Holds firm.".into(),
        status: ReviewStatus::Pending,
        admin_reply: None,
        images: vec![],
        created_at: Utc.with_ymd_and_hms(2026, 11, 24, 6, 0, 0).unwrap(),
    }
}
