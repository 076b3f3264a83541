-- Customer accounts of the built-in identity provider, their sessions and password resets. Sessions and
-- reset tokens are stored as SHA-256 digests, so a copy of these tables cannot be replayed.

CREATE TABLE customers (
    id BIGSERIAL PRIMARY KEY,
    -- Lower-cased; one account per address.
    email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
    name TEXT NOT NULL DEFAULT 'Customer',
    -- An argon2id PHC string; NULL for accounts that only sign in through an external provider.
    password_hash TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE customer_sessions (
    token_hash TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX customer_sessions_customer_id_idx ON customer_sessions (customer_id);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL,
    -- Set when the token is used: a token works once.
    used_at TIMESTAMPTZ
);
