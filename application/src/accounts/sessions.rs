//! One session service for the admin and for customers: open, resolve and end, over one [`SessionStore`].
//! The principal (an [`AdminId`] or a [`CustomerId`]) is the type parameter, and it brings its own lifetime;
//! everything else is the same for both: a token of the wrong length is refused before the store is asked,
//! an expired session is refused, a session of the other principal is nobody, and opening a session prunes
//! every expired one. The store keeps both principals in one table, with a foreign key to each account
//! table: one implementation and one pruning query, where two near-copies had drifted apart (the admin's
//! sessions were pruned, the customers' never), while the foreign keys still end an account's sessions with
//! the account. The cookies stay two (the admin's SameSite=Strict, the customer's Lax): they are the HTTP
//! adapter's.

use std::marker::PhantomData;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use domain::ids::{AdminId, CustomerId};

use crate::accounts::model::{Principal, Session};
use crate::accounts::ports::{SessionStore, SessionTokens};
use crate::common::clock::Clock;
use crate::common::error::RepositoryError;

/// How many characters every token [`SessionTokens::generate`] makes has (256 random bits, URL-safe
/// base64); an incoming token of any other length was never issued.
pub const TOKEN_CHARS: usize = 43;

/// Whether `token` has the length and the alphabet of an issued token, so it is worth looking up.
#[must_use]
pub fn is_token_shaped(token: &str) -> bool {
    token.len() == TOKEN_CHARS && crate::common::token::well_formed(token)
}

/// Whom a session may sign in, with that principal's session lifetime.
pub trait SessionPrincipal: Copy + Send + Sync + 'static {
    /// How long a session of this principal lasts.
    fn lifetime() -> Duration;

    /// The principal, as the store keeps it.
    fn into_principal(self) -> Principal;

    /// This principal, when the stored one is of its kind.
    fn from_principal(principal: Principal) -> Option<Self>;
}

impl SessionPrincipal for AdminId {
    fn lifetime() -> Duration {
        Duration::days(7)
    }

    fn into_principal(self) -> Principal {
        Principal::Admin(self)
    }

    fn from_principal(principal: Principal) -> Option<Self> {
        match principal {
            Principal::Admin(id) => Some(id),
            Principal::Customer(_) => None,
        }
    }
}

impl SessionPrincipal for CustomerId {
    fn lifetime() -> Duration {
        Duration::days(30)
    }

    fn into_principal(self) -> Principal {
        Principal::Customer(self)
    }

    fn from_principal(principal: Principal) -> Option<Self> {
        match principal {
            Principal::Customer(id) => Some(id),
            Principal::Admin(_) => None,
        }
    }
}

/// A new session: the token for the cookie, when it ends, and how long it lasts from now (the cookie's
/// Max-Age).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedSession {
    pub token: String,
    pub expires_at: DateTime<Utc>,
    pub lifetime: Duration,
}

/// The sessions of the principal `P`.
pub struct Sessions<P> {
    store: Arc<dyn SessionStore>,
    tokens: Arc<dyn SessionTokens>,
    clock: Arc<dyn Clock>,
    principal: PhantomData<fn() -> P>,
}

impl<P> Clone for Sessions<P> {
    fn clone(&self) -> Self {
        Self {
            store: self.store.clone(),
            tokens: self.tokens.clone(),
            clock: self.clock.clone(),
            principal: PhantomData,
        }
    }
}

impl<P: SessionPrincipal> Sessions<P> {
    #[must_use]
    pub fn new(store: Arc<dyn SessionStore>, tokens: Arc<dyn SessionTokens>, clock: Arc<dyn Clock>) -> Self {
        Self { store, tokens, clock, principal: PhantomData }
    }

    /// Opens a session for `principal`, lasting its lifetime, after deleting every expired session.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn open(&self, principal: P) -> Result<OpenedSession, RepositoryError> {
        let now = self.clock.now();
        self.store.delete_expired(now).await?;
        let token = self.tokens.generate();
        let lifetime = P::lifetime();
        let session = Session {
            digest: self.tokens.digest(&token),
            principal: principal.into_principal(),
            expires_at: now + lifetime,
        };
        self.store.create(&session).await?;
        Ok(OpenedSession { token, expires_at: session.expires_at, lifetime })
    }

    /// The principal a token signs in while its session lasts; `None` for a token of the wrong length
    /// (without asking the store), an unknown or expired session, or another principal's session.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn resolve(&self, token: &str) -> Result<Option<P>, RepositoryError> {
        if !is_token_shaped(token) {
            return Ok(None);
        }
        let Some(session) = self.store.find(&self.tokens.digest(token)).await? else { return Ok(None) };
        if session.expires_at <= self.clock.now() {
            return Ok(None);
        }
        Ok(P::from_principal(session.principal))
    }

    /// Ends the session of `token`; a token that signs nobody in is nothing to end.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn end(&self, token: &str) -> Result<(), RepositoryError> {
        if !is_token_shaped(token) {
            return Ok(());
        }
        self.store.delete(&self.tokens.digest(token)).await
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::accounts::model::TokenDigest;
    use crate::accounts::ports::{MockSessionStore, MockSessionTokens};
    use crate::common::clock::MockClock;
    use chrono::TimeZone;

    pub(crate) fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    /// A token of the issued length, made of `c`.
    pub(crate) fn token(c: char) -> String {
        c.to_string().repeat(TOKEN_CHARS)
    }

    /// Tokens that generate `token('t')` and digest `x` as `digest-of-x`.
    pub(crate) fn tokens() -> MockSessionTokens {
        let mut tokens = MockSessionTokens::new();
        tokens.expect_generate().returning(|| token('t'));
        tokens.expect_digest().returning(|t| TokenDigest::new(format!("digest-of-{t}")));
        tokens
    }

    pub(crate) fn clock() -> MockClock {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        clock
    }

    /// Sessions over `store` at [`now`].
    pub(crate) fn sessions<P: SessionPrincipal>(store: MockSessionStore) -> Sessions<P> {
        Sessions::new(Arc::new(store), Arc::new(tokens()), Arc::new(clock()))
    }

    fn digest_of(c: char) -> TokenDigest {
        TokenDigest::new(format!("digest-of-{}", token(c)))
    }

    fn admin() -> AdminId {
        AdminId::new(1).unwrap()
    }

    fn customer() -> CustomerId {
        CustomerId::new(4).unwrap()
    }

    fn stored(principal: Principal, expires_at: DateTime<Utc>) -> MockSessionStore {
        let mut store = MockSessionStore::new();
        store
            .expect_find()
            .withf(|digest| *digest == digest_of('a'))
            .times(1)
            .returning(move |digest| Ok(Some(Session { digest: digest.clone(), principal, expires_at })));
        store
    }

    #[tokio::test]
    async fn opening_prunes_expired_sessions_then_stores_the_new_one_by_digest() {
        let mut store = MockSessionStore::new();
        let mut order = mockall::Sequence::new();
        store.expect_delete_expired().withf(|at| *at == now()).times(1).in_sequence(&mut order).returning(|_| Ok(3));
        store
            .expect_create()
            .withf(|session| {
                *session
                    == Session {
                        digest: digest_of('t'),
                        principal: Principal::Customer(customer()),
                        expires_at: now() + Duration::days(30),
                    }
            })
            .times(1)
            .in_sequence(&mut order)
            .returning(|_| Ok(()));

        let opened = sessions::<CustomerId>(store).open(customer()).await.unwrap();

        assert_eq!(
            opened,
            OpenedSession { token: token('t'), expires_at: now() + Duration::days(30), lifetime: Duration::days(30) }
        );
    }

    #[tokio::test]
    async fn an_admin_session_lasts_seven_days() {
        let mut store = MockSessionStore::new();
        store.expect_delete_expired().times(1).returning(|_| Ok(0));
        store
            .expect_create()
            .withf(|session| {
                session.principal == Principal::Admin(admin()) && session.expires_at == now() + Duration::days(7)
            })
            .times(1)
            .returning(|_| Ok(()));

        let opened = sessions::<AdminId>(store).open(admin()).await.unwrap();

        assert_eq!(opened.lifetime, Duration::days(7));
    }

    #[tokio::test]
    async fn a_failed_pruning_opens_no_session() {
        let mut store = MockSessionStore::new();
        store.expect_delete_expired().returning(|_| Err(RepositoryError::NotFound));
        store.expect_create().never();

        let opened = sessions::<AdminId>(store).open(admin()).await;

        assert!(matches!(opened, Err(RepositoryError::NotFound)), "{opened:?}");
    }

    #[tokio::test]
    async fn a_live_session_resolves_to_its_principal() {
        let store = stored(Principal::Customer(customer()), now() + Duration::seconds(1));

        let resolved = sessions::<CustomerId>(store).resolve(&token('a')).await.unwrap();

        assert_eq!(resolved, Some(customer()));
    }

    #[tokio::test]
    async fn an_expired_session_is_refused() {
        let ended_now = stored(Principal::Admin(admin()), now());
        let ended_before = stored(Principal::Admin(admin()), now() - Duration::days(1));

        assert_eq!(sessions::<AdminId>(ended_now).resolve(&token('a')).await.unwrap(), None);
        assert_eq!(sessions::<AdminId>(ended_before).resolve(&token('a')).await.unwrap(), None);
    }

    #[tokio::test]
    async fn another_principals_session_is_nobody() {
        let customers = stored(Principal::Customer(customer()), now() + Duration::days(1));
        let admins = stored(Principal::Admin(admin()), now() + Duration::days(1));

        assert_eq!(sessions::<AdminId>(customers).resolve(&token('a')).await.unwrap(), None);
        assert_eq!(sessions::<CustomerId>(admins).resolve(&token('a')).await.unwrap(), None);
    }

    #[tokio::test]
    async fn an_unknown_session_is_nobody() {
        let mut store = MockSessionStore::new();
        store.expect_find().times(1).returning(|_| Ok(None));

        assert_eq!(sessions::<CustomerId>(store).resolve(&token('a')).await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_token_of_the_wrong_length_or_alphabet_is_refused_without_a_lookup() {
        let mut store = MockSessionStore::new();
        store.expect_find().never();
        store.expect_delete().never();
        let sessions = sessions::<AdminId>(store);

        let with_nul = format!("{}\0", "a".repeat(TOKEN_CHARS - 1));
        let with_slash = format!("{}/", "a".repeat(TOKEN_CHARS - 1));
        for wrong in [
            "",
            "abc",
            &"a".repeat(TOKEN_CHARS - 1),
            &"a".repeat(TOKEN_CHARS + 1),
            &"a".repeat(5000),
            &with_nul,
            &with_slash,
        ] {
            assert_eq!(sessions.resolve(wrong).await.unwrap(), None, "{} characters", wrong.len());
            sessions.end(wrong).await.unwrap();
        }
    }

    #[tokio::test]
    async fn ending_deletes_the_session_by_its_digest() {
        let mut store = MockSessionStore::new();
        store.expect_delete().withf(|digest| *digest == digest_of('a')).times(1).returning(|_| Ok(()));

        sessions::<CustomerId>(store).end(&token('a')).await.unwrap();
    }
}
