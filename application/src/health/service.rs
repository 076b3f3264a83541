//! Readiness: whether the shop can serve requests that need its database.

use std::sync::Arc;

use crate::health::ports::HealthProbe;

/// The readiness use case.
#[derive(Clone)]
pub struct Health {
    probe: Arc<dyn HealthProbe>,
}

impl Health {
    #[must_use]
    pub fn new(probe: Arc<dyn HealthProbe>) -> Self {
        Self { probe }
    }

    /// Whether the database answers.
    pub async fn is_ready(&self) -> bool {
        match self.probe.ping().await {
            Ok(()) => true,
            Err(err) => {
                tracing::warn!(error = %err, "readiness check failed");
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::error::RepositoryError;
    use crate::health::ports::MockHealthProbe;

    #[tokio::test]
    async fn ready_when_the_database_answers() {
        let mut probe = MockHealthProbe::new();
        probe.expect_ping().times(1).returning(|| Ok(()));

        assert!(Health::new(Arc::new(probe)).is_ready().await);
    }

    #[tokio::test]
    async fn not_ready_when_the_database_fails() {
        let mut probe = MockHealthProbe::new();
        probe.expect_ping().times(1).returning(|| Err(RepositoryError::Unavailable("refused".into())));

        assert!(!Health::new(Arc::new(probe)).is_ready().await);
    }
}
