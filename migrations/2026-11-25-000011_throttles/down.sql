CREATE TABLE login_failures (
    id BIGSERIAL PRIMARY KEY,
    key TEXT NOT NULL,
    failed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_failed_at_idx ON login_failures (key, failed_at);

DROP TABLE throttles;
