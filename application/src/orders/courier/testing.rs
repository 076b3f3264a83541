//! Fixtures of the hand-off's unit tests, over the orders' mocks.

use std::sync::Arc;

use domain::contact::Email;
use domain::courier::{Consignment, Courier as CourierName, TrackingNumber};
use domain::ids::OrderId;

use crate::common::clock::MockClock;
use crate::orders::courier::ports::MockCourierRepository;
use crate::orders::courier::service::Courier;
use crate::orders::ports::MockReviewTokens;
use crate::orders::service::OrderMailConfig;
use crate::orders::testing::{now, MockUnitOfWork};

pub fn courier(repository: MockCourierRepository, unit_of_work: MockUnitOfWork) -> Courier {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    let mut tokens = MockReviewTokens::new();
    tokens.expect_generate().returning(|| "token".into());
    Courier::new(
        Arc::new(repository),
        Arc::new(unit_of_work),
        Arc::new(clock),
        Arc::new(tokens),
        OrderMailConfig {
            public_url: "https://shop.pk".into(),
            notify: Some(Email::parse("owner@shop.pk").unwrap()),
            layout: Arc::new(crate::mail::testing::DebugLayout),
            whatsapp: false,
        },
    )
}

pub fn id(n: i64) -> OrderId {
    OrderId::new(n).unwrap()
}

pub fn consignment(courier: &str, number: &str) -> Consignment {
    Consignment {
        courier: CourierName::parse(courier).unwrap(),
        tracking_number: TrackingNumber::parse(number).unwrap(),
    }
}
