-- The shop admin (one, from ADMIN_EMAIL and ADMIN_PASSWORD at start), the admin's sessions and failed
-- login attempts. Sessions live here, not in a process, so they survive restarts and work across
-- instances behind a load balancer.

CREATE TABLE admins (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    -- An argon2id PHC string; the password itself is never stored.
    password_hash TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
    -- SHA-256 of the cookie's token, hex: a copy of this table cannot be replayed as cookies.
    token_hash TEXT PRIMARY KEY,
    admin_id BIGINT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at);

-- One row per failed login, keyed by what was attacked ('admin-email:…', 'admin-ip:…').
CREATE TABLE login_failures (
    id BIGSERIAL PRIMARY KEY,
    key TEXT NOT NULL,
    failed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_failed_at_idx ON login_failures (key, failed_at);
