CREATE TABLE admin_sessions (
    token_hash TEXT PRIMARY KEY,
    admin_id BIGINT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at);

CREATE TABLE customer_sessions (
    token_hash TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX customer_sessions_customer_id_idx ON customer_sessions (customer_id);

INSERT INTO admin_sessions (token_hash, admin_id, created_at, expires_at)
SELECT token_hash, admin_id, created_at, expires_at FROM sessions WHERE admin_id IS NOT NULL;
INSERT INTO customer_sessions (token_hash, customer_id, created_at, expires_at)
SELECT token_hash, customer_id, created_at, expires_at FROM sessions WHERE customer_id IS NOT NULL;

DROP TABLE sessions;
