//! Customer identity. The built-in adapter (accounts in PostgreSQL, argon2id hashes, sessions that survive
//! restarts) and the OpenID Connect adapter for "Login with Google" (discovery and JWKS over reqwest) will
//! implement the application's identity port here.
//!
//! Not built yet: customer accounts are issue 5.
