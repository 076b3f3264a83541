//! The readiness probe: one trivial query.

use application::common::error::RepositoryError;

use application::health::ports::HealthProbe;
use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::Integer;

use crate::error::from_diesel;
use crate::pool::{with_connection, PgPool};

/// Answers whether PostgreSQL responds.
#[derive(Clone)]
pub struct PgHealthProbe {
    pool: PgPool,
}

impl PgHealthProbe {
    #[must_use]
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl HealthProbe for PgHealthProbe {
    async fn ping(&self) -> Result<(), RepositoryError> {
        with_connection(&self.pool, |conn| {
            diesel::select(diesel::dsl::sql::<Integer>("1")).execute(conn).map_err(from_diesel)?;
            Ok(())
        })
        .await
    }
}
