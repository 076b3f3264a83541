-- COD checks (docs/cod.md): each order's confirmation link and risk score, the rules of the score and the
-- confirmation hours, the blocklist and the checkouts it refused, and the indexes that look up an order's
-- phone and e-mail history.

-- Every order ever stored was written with its phone's normal form (issue 12); stop here should one not be,
-- because history lookups and the blocklist compare normal forms only.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM orders WHERE phone1_normalized NOT LIKE '+92%'
               OR (phone2_normalized IS NOT NULL AND phone2_normalized NOT LIKE '+92%')) THEN
        RAISE EXCEPTION 'an order holds a phone number that is not in its normal form +92...';
    END IF;
END
$$;

ALTER TABLE orders
    -- 32 random bytes in base64url, e-mailed at placement; NULL for orders placed before this migration,
    -- which cannot be confirmed by link.
    ADD COLUMN confirm_token TEXT,
    ADD COLUMN confirmed_at TIMESTAMPTZ,
    -- The sum of the points of the rules that fired, capped at 100, and the reasons as
    -- [{"rule", "points", "text"}], recomputed while the order is pending and kept once it has left.
    ADD COLUMN risk_score SMALLINT NOT NULL DEFAULT 0 CHECK (risk_score BETWEEN 0 AND 100),
    ADD COLUMN risk_reasons JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(risk_reasons) = 'array'),
    ADD CONSTRAINT orders_confirm_token_key UNIQUE (confirm_token);

-- Contact history: other orders whose either phone is this order's primary phone, or whose e-mail is this
-- order's in any case.
CREATE INDEX orders_phone1_normalized_idx ON orders (phone1_normalized);
CREATE INDEX orders_phone2_normalized_idx ON orders (phone2_normalized) WHERE phone2_normalized IS NOT NULL;
CREATE INDEX orders_email_lower_idx ON orders (lower(email));
-- The admin list sorted by risk (high to low, then newest), and the pending orders rescored together.
CREATE INDEX orders_risk_newest_idx ON orders (risk_score DESC, created_at DESC, id DESC);
CREATE INDEX orders_pending_idx ON orders (created_at) WHERE status = 'pending';

-- One row per rule the owner has saved; a rule without a row scores with its defaults (domain::risk), so a
-- rule added later arrives with its defaults. `params` maps a figure's key to its whole-number value.
CREATE TABLE risk_rules (
    id TEXT PRIMARY KEY,
    enabled BOOLEAN NOT NULL,
    points SMALLINT NOT NULL CHECK (points BETWEEN 0 AND 100),
    params JSONB NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(params) = 'object'),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE shop_settings
    -- How long after placing a confirmation link works (the approval window).
    ADD COLUMN confirm_window_hours INTEGER NOT NULL DEFAULT 48 CHECK (confirm_window_hours BETWEEN 1 AND 720),
    -- Pending orders unconfirmed for longer may be rejected in one action.
    ADD COLUMN reject_unconfirmed_after_hours INTEGER NOT NULL DEFAULT 24
        CHECK (reject_unconfirmed_after_hours BETWEEN 1 AND 720);

-- Phones (normal form +92...) and e-mails (lower case) refused cash on delivery.
CREATE TABLE blocklist (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('phone', 'email')),
    value TEXT NOT NULL CHECK (value <> ''),
    reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT blocklist_kind_value_key UNIQUE (kind, value),
    CHECK (kind <> 'email' OR value = lower(value))
);

-- Checkouts the blocklist refused. An attempt outlives its entry: unblocking sets entry_id to NULL and keeps
-- what was matched in kind and value.
CREATE TABLE blocked_attempts (
    id BIGSERIAL PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL DEFAULT now(),
    entry_id BIGINT REFERENCES blocklist (id) ON DELETE SET NULL,
    kind TEXT NOT NULL CHECK (kind IN ('phone', 'email')),
    value TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    city TEXT,
    -- The total the shopper's cart showed, exact paisa.
    total_paisa BIGINT NOT NULL
);
CREATE INDEX blocked_attempts_newest_idx ON blocked_attempts (at DESC, id DESC);
CREATE INDEX blocked_attempts_entry_idx ON blocked_attempts (entry_id);
