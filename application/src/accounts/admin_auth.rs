//! The shop admin's login (docs/contract.md §7): one admin from the configuration, sessions through the
//! [`Sessions`] customers use too, repeated failures slowed down by the [`PasswordCheck`] customers share.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use domain::contact::Email;
use domain::ids::AdminId;

use crate::accounts::model::DeviceToken;
use crate::accounts::password_login::{LoginAttempt, LoginRefusal, PasswordCheck, PasswordCheckError};
use crate::accounts::ports::{AdminRepository, PasswordHasher};
use crate::accounts::sessions::Sessions;
use crate::common::clock::Clock;
use crate::common::error::RepositoryError;

/// A signed-in admin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminIdentity {
    pub id: AdminId,
    pub email: String,
}

/// A new session: the token for the cookie and when it ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminLogin {
    pub token: String,
    pub email: String,
    pub expires_at: DateTime<Utc>,
    /// How long the session lasts from now, for the cookie's Max-Age.
    pub lifetime: Duration,
    /// The device cookie this browser keeps from now on.
    pub device: DeviceToken,
}

/// Why an admin call failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminAuthError {
    #[error(transparent)]
    Refused(LoginRefusal),
    #[error("The server is busy. Please try again in a moment.")]
    Busy,
    #[error("the admin could not be set up")]
    Setup(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("the admin store failed")]
    Unexpected(#[source] RepositoryError),
}

impl From<RepositoryError> for AdminAuthError {
    fn from(err: RepositoryError) -> Self {
        Self::Unexpected(err)
    }
}

/// The admin login use cases. E-mails are compared in lower case.
#[derive(Clone)]
pub struct AdminAuth {
    admins: Arc<dyn AdminRepository>,
    sessions: Sessions<AdminId>,
    check: PasswordCheck,
    hasher: Arc<dyn PasswordHasher>,
    clock: Arc<dyn Clock>,
}

impl AdminAuth {
    #[must_use]
    pub fn new(
        admins: Arc<dyn AdminRepository>,
        sessions: Sessions<AdminId>,
        check: PasswordCheck,
        hasher: Arc<dyn PasswordHasher>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { admins, sessions, check, hasher, clock }
    }

    /// Makes `email` the shop's one admin with `password`, stored as a hash (at start, from the config).
    ///
    /// # Errors
    /// [`AdminAuthError::Setup`] for an invalid e-mail or a failed hash; `Unexpected` when the store fails.
    pub async fn install(&self, email: &str, password: &str) -> Result<AdminId, AdminAuthError> {
        let email = Email::parse(&email.trim().to_lowercase()).map_err(|e| AdminAuthError::Setup(Box::new(e)))?;
        let hash = self.hasher.hash(password.to_owned()).await.map_err(|e| AdminAuthError::Setup(Box::new(e)))?;
        Ok(self.admins.replace_admin(&email, &hash).await?)
    }

    /// Checks the credentials of `attempt` and opens a session.
    ///
    /// # Errors
    /// [`AdminAuthError::Refused`] while this e-mail from this address waits out a delay, past a cap on
    /// failures, or for anything that does not match; [`AdminAuthError::Busy`] when too many passwords are
    /// being checked.
    pub async fn login(&self, attempt: &LoginAttempt<'_>) -> Result<AdminLogin, AdminAuthError> {
        let now = self.clock.now();
        let admins = &self.admins;
        let verified = self
            .check
            .check("admin", attempt, now, |email| async move { admins.find_admin(&email).await })
            .await
            .map_err(|err| match err {
                PasswordCheckError::Refused(refusal) => AdminAuthError::Refused(refusal),
                PasswordCheckError::Busy => AdminAuthError::Busy,
                PasswordCheckError::Unexpected(source) => AdminAuthError::Unexpected(source),
            })?;
        let session = self.sessions.open(verified.account).await?;
        Ok(AdminLogin {
            token: session.token,
            email: attempt.email.trim().to_lowercase(),
            expires_at: session.expires_at,
            lifetime: session.lifetime,
            device: verified.device,
        })
    }

    /// The admin a session token belongs to, while the session lasts.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn authenticate(&self, token: &str) -> Result<Option<AdminIdentity>, AdminAuthError> {
        let Some(id) = self.sessions.resolve(token).await? else { return Ok(None) };
        let email = self.admins.admin_email(id).await?;
        Ok(email.map(|email| AdminIdentity { id, email: email.as_str().to_owned() }))
    }

    /// Ends the session of `token`.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn logout(&self, token: &str) -> Result<(), AdminAuthError> {
        Ok(self.sessions.end(token).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::model::{PasswordCredentials, Principal, Session, TokenDigest};
    use crate::accounts::password_login::{ThrottlePolicy, DEVICE_MEMORY};
    use crate::accounts::ports::{MockAdminRepository, MockKnownDevices, MockPasswordHasher, MockSessionStore};
    use crate::accounts::sessions::tests::{clock, now, sessions, token, tokens};
    use crate::common::throttle::{Admission, Limit, MockThrottle};

    struct Ports {
        admins: MockAdminRepository,
        sessions: MockSessionStore,
        throttle: MockThrottle,
        hasher: MockPasswordHasher,
        devices: MockKnownDevices,
    }

    const PAIR: &str = "admin-login:owner@shop.pk|10.0.0.1";

    /// Ports whose throttle answers `admission` for the pair of the admin's e-mail and 10.0.0.1, and admits
    /// the attempt under the caps of the address and of the e-mail.
    fn ports(admission: Admission) -> Ports {
        let mut throttle = MockThrottle::new();
        throttle.expect_count().withf(|key, _, _| key.starts_with("admin-login:")).returning(move |key, limit, at| {
            assert_eq!(key, PAIR);
            assert!(matches!(limit, Limit::Growing { free: 5, .. }));
            assert_eq!(at, now());
            Ok(admission)
        });
        throttle.expect_count().withf(|key, _, _| !key.starts_with("admin-login:")).returning(|key, limit, _| {
            assert!(["login-address:10.0.0.1", "admin-login-email:owner@shop.pk"].contains(&key), "{key}");
            assert!(matches!(limit, Limit::Window { .. }));
            Ok(Admission::Admitted)
        });
        Ports {
            admins: MockAdminRepository::new(),
            sessions: MockSessionStore::new(),
            throttle,
            hasher: MockPasswordHasher::new(),
            devices: MockKnownDevices::new(),
        }
    }

    fn auth(p: Ports) -> AdminAuth {
        let hasher = Arc::new(p.hasher);
        let check = PasswordCheck::new(
            Arc::new(p.throttle),
            hasher.clone(),
            ThrottlePolicy::default(),
            Arc::new(p.devices),
            Arc::new(tokens()),
        );
        AdminAuth::new(Arc::new(p.admins), sessions(p.sessions), check, hasher, Arc::new(clock()))
    }

    /// A login from 10.0.0.1 without a device cookie.
    fn attempt<'a>(email: &'a str, password: &'a str) -> LoginAttempt<'a> {
        LoginAttempt { email, password, address: "10.0.0.1", device: None }
    }

    fn known_admin(p: &mut Ports) {
        p.admins.expect_find_admin().withf(|e| e.as_str() == "owner@shop.pk").returning(|_| {
            Ok(Some(PasswordCredentials { account: AdminId::new(1).unwrap(), password_hash: "stored-hash".into() }))
        });
    }

    #[tokio::test]
    async fn the_right_password_opens_a_seven_day_session_stored_by_digest() {
        let mut p = ports(Admission::Admitted);
        known_admin(&mut p);
        p.hasher
            .expect_verify()
            .withf(|pw, h| pw == "secret-pass" && h == "stored-hash")
            .times(1)
            .returning(|_, _| Ok(true));
        p.throttle.expect_forget().withf(|k| k == PAIR).times(1).returning(|_| Ok(()));
        p.throttle.expect_give_back().withf(|k| k != PAIR).times(2).returning(|_| Ok(()));
        p.devices
            .expect_remember()
            .withf(|sign_in, at| {
                sign_in.digest == TokenDigest::new(format!("digest-of-{}", token('t')))
                    && sign_in.previous.is_none()
                    && sign_in.login == "admin:owner@shop.pk"
                    && sign_in.until == now() + Duration::days(365)
                    && *at == now()
            })
            .times(1)
            .returning(|_, _| Ok(()));
        p.sessions.expect_delete_expired().withf(|at| *at == now()).times(1).returning(|_| Ok(0));
        p.sessions
            .expect_create()
            .withf(|session| {
                session.principal == Principal::Admin(AdminId::new(1).unwrap())
                    && session.digest == TokenDigest::new(format!("digest-of-{}", token('t')))
                    && session.expires_at == now() + Duration::days(7)
            })
            .times(1)
            .returning(|_| Ok(()));

        let login = auth(p).login(&attempt(" Owner@Shop.pk ", "secret-pass")).await.unwrap();

        assert_eq!(
            login,
            AdminLogin {
                token: token('t'),
                email: "owner@shop.pk".into(),
                expires_at: now() + Duration::days(7),
                lifetime: Duration::days(7),
                device: DeviceToken { token: token('t'), lifetime: DEVICE_MEMORY },
            }
        );
    }

    #[tokio::test]
    async fn a_wrong_password_stays_counted_against_the_pair() {
        let mut p = ports(Admission::Admitted);
        known_admin(&mut p);
        p.hasher.expect_verify().times(1).returning(|_, _| Ok(false));
        p.throttle.expect_forget().never();
        p.throttle.expect_give_back().never();

        let err = auth(p).login(&attempt("owner@shop.pk", "wrong")).await.unwrap_err();

        assert_eq!(err.to_string(), "Invalid email or password.");
    }

    #[tokio::test]
    async fn an_unknown_email_still_checks_a_password_and_is_refused_alike() {
        let mut p = ports(Admission::Admitted);
        p.throttle.checkpoint();
        p.throttle.expect_count().returning(|_, _, _| Ok(Admission::Admitted));
        p.admins.expect_find_admin().returning(|_| Ok(None));
        p.hasher
            .expect_verify()
            .withf(|_, h| h == crate::accounts::password_login::DECOY_HASH)
            .times(1)
            .returning(|_, _| Ok(true));

        let err = auth(p).login(&attempt("nobody@shop.pk", "anything")).await.unwrap_err();

        assert!(matches!(err, AdminAuthError::Refused(LoginRefusal::InvalidCredentials)));
    }

    #[tokio::test]
    async fn a_pair_waiting_out_a_delay_is_refused_without_a_check_and_told_how_long() {
        let mut p = ports(Admission::Refused { retry_after: Duration::seconds(42) });
        p.hasher.expect_verify().never();
        p.admins.expect_find_admin().never();

        let err = auth(p).login(&attempt("owner@shop.pk", "secret-pass")).await.unwrap_err();

        assert_eq!(err.to_string(), "Too many failed attempts. Please try again in 42 seconds.");
        assert!(matches!(
            err,
            AdminAuthError::Refused(LoginRefusal::TooManyAttempts { retry_after }) if retry_after == Duration::seconds(42)
        ));
    }

    #[tokio::test]
    async fn an_overlong_email_or_password_is_refused_without_hashing_or_counting() {
        let long_email = format!("{}@shop.pk", "a".repeat(250));
        let long_password = "p".repeat(1025);
        let uncounted = || {
            let mut p = ports(Admission::Admitted);
            p.throttle.checkpoint();
            p.throttle.expect_count().never();
            p
        };

        let by_email = auth(uncounted()).login(&attempt(&long_email, "secret-pass")).await.unwrap_err();
        let by_password = auth(uncounted()).login(&attempt("owner@shop.pk", &long_password)).await.unwrap_err();

        assert_eq!(by_email.to_string(), "Invalid email or password.");
        assert_eq!(by_password.to_string(), "Invalid email or password.");
    }

    #[tokio::test]
    async fn a_session_is_found_by_the_digest_of_its_token() {
        let mut p = ports(Admission::Admitted);
        p.sessions
            .expect_find()
            .withf(|digest| *digest == TokenDigest::new(format!("digest-of-{}", token('a'))))
            .returning(|digest| {
                Ok(Some(Session {
                    digest: digest.clone(),
                    principal: Principal::Admin(AdminId::new(1).unwrap()),
                    expires_at: now() + Duration::days(1),
                }))
            });
        p.admins
            .expect_admin_email()
            .withf(|id| id.get() == 1)
            .times(1)
            .returning(|_| Ok(Some(Email::parse("owner@shop.pk").unwrap())));

        let identity = auth(p).authenticate(&token('a')).await.unwrap();

        assert_eq!(identity, Some(AdminIdentity { id: AdminId::new(1).unwrap(), email: "owner@shop.pk".into() }));
    }

    #[tokio::test]
    async fn a_customers_session_is_no_admin() {
        let mut p = ports(Admission::Admitted);
        p.sessions.expect_find().returning(|digest| {
            Ok(Some(Session {
                digest: digest.clone(),
                principal: Principal::Customer(domain::ids::CustomerId::new(1).unwrap()),
                expires_at: now() + Duration::days(1),
            }))
        });
        p.admins.expect_admin_email().never();

        let identity = auth(p).authenticate(&token('a')).await.unwrap();

        assert_eq!(identity, None);
    }

    #[tokio::test]
    async fn logging_out_ends_the_session_by_its_digest() {
        let mut p = ports(Admission::Admitted);
        p.sessions
            .expect_delete()
            .withf(|digest| *digest == TokenDigest::new(format!("digest-of-{}", token('a'))))
            .times(1)
            .returning(|_| Ok(()));

        auth(p).logout(&token('a')).await.unwrap();
    }

    #[tokio::test]
    async fn installing_the_admin_stores_only_a_hash() {
        let mut p = ports(Admission::Admitted);
        p.hasher.expect_hash().withf(|pw| pw == "secret-pass").returning(|_| Ok("argon-hash".into()));
        p.admins
            .expect_replace_admin()
            .withf(|e, h| e.as_str() == "owner@shop.pk" && h == "argon-hash")
            .times(1)
            .returning(|_, _| Ok(AdminId::new(1).unwrap()));

        auth(p).install("owner@shop.pk", "secret-pass").await.unwrap();
    }
}
