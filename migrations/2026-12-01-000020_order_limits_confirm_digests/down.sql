-- The digests cannot be turned back into tokens: links e-mailed before this is undone stop working (they
-- answer 'This confirmation link is not valid.').
ALTER TABLE orders DROP CONSTRAINT orders_confirm_token_hash_hex;
ALTER TABLE orders RENAME CONSTRAINT orders_confirm_token_hash_key TO orders_confirm_token_key;
ALTER TABLE orders RENAME COLUMN confirm_token_hash TO confirm_token;

DROP INDEX orders_pending_customer_idx;

ALTER TABLE shop_settings
    DROP COLUMN max_orders_per_day,
    DROP COLUMN max_pending_per_phone,
    DROP COLUMN max_pending_per_account,
    DROP COLUMN max_units_per_product;
