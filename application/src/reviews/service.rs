//! The reviews' use cases share one service holding their ports; each use case is in its own module.

use std::sync::Arc;

use crate::catalog::ports::CatalogChanges;
use crate::common::unit_of_work::UnitOfWork;
use crate::media::ports::MediaStore;
use crate::reviews::ports::{ReviewRepository, ReviewsTx};

/// The reviews' use cases: submitting (`submit`), listing (`list_reviews`) and moderating (`moderate`).
/// Changes to approved reviews change the products' ratings, so they are announced to `changes`.
#[derive(Clone)]
pub struct Reviews {
    pub(crate) repository: Arc<dyn ReviewRepository>,
    pub(crate) unit_of_work: Arc<dyn UnitOfWork<dyn ReviewsTx>>,
    pub(crate) media: Arc<dyn MediaStore>,
    pub(crate) changes: Arc<dyn CatalogChanges>,
}

impl Reviews {
    #[must_use]
    pub fn new(
        repository: Arc<dyn ReviewRepository>,
        unit_of_work: Arc<dyn UnitOfWork<dyn ReviewsTx>>,
        media: Arc<dyn MediaStore>,
        changes: Arc<dyn CatalogChanges>,
    ) -> Self {
        Self { repository, unit_of_work, media, changes }
    }
}
