-- Issue 23 (docs/security.md 'Orders'): the owner's limits on what one account may order, and confirmation
-- links' tokens kept as digests.

-- The limits, set on the Order checks page. The defaults are domain::order_limits' and the bounds its
-- LimitId::min/max; a stored value outside them is clamped when read, so the CHECKs only keep nonsense out.
ALTER TABLE shop_settings
    ADD COLUMN max_units_per_product INTEGER NOT NULL DEFAULT 10 CHECK (max_units_per_product BETWEEN 1 AND 1000000),
    ADD COLUMN max_pending_per_account INTEGER NOT NULL DEFAULT 3
        CHECK (max_pending_per_account BETWEEN 1 AND 100000),
    ADD COLUMN max_pending_per_phone INTEGER NOT NULL DEFAULT 3 CHECK (max_pending_per_phone BETWEEN 1 AND 100000),
    ADD COLUMN max_orders_per_day INTEGER NOT NULL DEFAULT 10 CHECK (max_orders_per_day BETWEEN 1 AND 100000);

-- An account's pending orders, counted from this index alone while the placement holds the account's turn
-- (the phone's come from orders_pending_phone1_idx, the last 24 hours' from orders_customer_newest_idx).
CREATE INDEX orders_pending_customer_idx ON orders (customer_id) WHERE status = 'pending';

-- A confirmation link's token is kept as the SHA-256 digest of its text in lower-case hex, as session and
-- reset tokens are, so the database holds no link that works. Links already e-mailed keep working: their
-- tokens are digested here and the confirmation looks up the digest of the token it is given. The CHECK
-- keeps a clear token from being stored again.
ALTER TABLE orders RENAME COLUMN confirm_token TO confirm_token_hash;
ALTER TABLE orders RENAME CONSTRAINT orders_confirm_token_key TO orders_confirm_token_hash_key;
UPDATE orders SET confirm_token_hash = encode(sha256(convert_to(confirm_token_hash, 'UTF8')), 'hex')
 WHERE confirm_token_hash IS NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_confirm_token_hash_hex CHECK (confirm_token_hash ~ '^[0-9a-f]{64}$');
