-- One table for the sessions of the admin and of customers, served by one session service with one
-- pruning rule (the two tables had drifted apart: only the admin's were ever pruned). A session signs in
-- exactly one principal: a foreign key to each account table, exactly one of them set, so deleting an
-- account (or replacing the admin) still deletes its sessions with it, which one untyped principal id
-- could not do. Existing sessions are kept.

CREATE TABLE sessions (
    -- SHA-256 of the cookie's token, hex: a copy of this table cannot be replayed as cookies.
    token_hash TEXT PRIMARY KEY,
    admin_id BIGINT REFERENCES admins (id) ON DELETE CASCADE,
    customer_id BIGINT REFERENCES customers (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT sessions_one_principal CHECK ((admin_id IS NULL) <> (customer_id IS NULL))
);
-- Pruning deletes by expiry; a password reset ends every session of one customer.
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
CREATE INDEX sessions_customer_id_idx ON sessions (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX sessions_admin_id_idx ON sessions (admin_id) WHERE admin_id IS NOT NULL;

INSERT INTO sessions (token_hash, admin_id, created_at, expires_at)
SELECT token_hash, admin_id, created_at, expires_at FROM admin_sessions;
-- Digests of random 256-bit tokens do not collide; were one to, the admin's session is kept.
INSERT INTO sessions (token_hash, customer_id, created_at, expires_at)
SELECT token_hash, customer_id, created_at, expires_at FROM customer_sessions
ON CONFLICT (token_hash) DO NOTHING;

DROP TABLE admin_sessions;
DROP TABLE customer_sessions;
