//! The hand-off's use cases share one service holding their ports; each use case is in its own module.

use std::sync::Arc;

use crate::common::clock::Clock;
use crate::common::unit_of_work::UnitOfWork;
use crate::orders::courier::ports::CourierRepository;
use crate::orders::ports::{OrdersTx, ReviewTokens};
use crate::orders::service::OrderMailConfig;

/// The courier hand-off: the booking sheet (`booking`), tracking numbers (`set_tracking`,
/// `import_tracking`) and bulk dispatch (`dispatch`). It writes through the orders' transaction handle, so
/// a dispatch changes status exactly as `Orders::change_status` does.
#[derive(Clone)]
pub struct Courier {
    pub(crate) repository: Arc<dyn CourierRepository>,
    pub(crate) unit_of_work: Arc<dyn UnitOfWork<dyn OrdersTx>>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) tokens: Arc<dyn ReviewTokens>,
    pub(crate) mail: OrderMailConfig,
}

impl Courier {
    #[must_use]
    pub fn new(
        repository: Arc<dyn CourierRepository>,
        unit_of_work: Arc<dyn UnitOfWork<dyn OrdersTx>>,
        clock: Arc<dyn Clock>,
        tokens: Arc<dyn ReviewTokens>,
        mail: OrderMailConfig,
    ) -> Self {
        Self { repository, unit_of_work, clock, tokens, mail }
    }
}
