-- Orders (docs/contract.md §4, docs/orders.md): the order with the figures the server charged, its items as they
-- were sold, its history, the review tokens of a delivered order and the idempotency keys of retried submits.
-- Coupons gain usage limits, counted in the transaction that places an order.

ALTER TABLE coupons
    -- NULL: no limit. At least 1 when set.
    ADD COLUMN max_uses INTEGER CHECK (max_uses IS NULL OR max_uses >= 1),
    ADD COLUMN max_uses_per_customer INTEGER CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer >= 1),
    -- Orders holding the coupon that are not rejected. Placing takes a use with
    -- `UPDATE ... SET uses = uses + 1 WHERE max_uses IS NULL OR uses < max_uses`; the CHECK is the last guard.
    ADD COLUMN uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
    ADD CONSTRAINT coupons_uses_within_limit CHECK (max_uses IS NULL OR uses <= max_uses);

CREATE TABLE orders (
    id BIGSERIAL PRIMARY KEY,
    -- RESTRICT: customers are not deleted while they have orders.
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'approved', 'dispatched', 'delivered', 'rejected', 'returned')),
    -- Exact paisa, as the server computed them when the order was placed.
    subtotal_paisa BIGINT NOT NULL CHECK (subtotal_paisa >= 0),
    delivery_charge_paisa BIGINT NOT NULL CHECK (delivery_charge_paisa >= 0),
    coupon_discount_paisa BIGINT NOT NULL DEFAULT 0 CHECK (coupon_discount_paisa >= 0),
    total_paisa BIGINT NOT NULL CHECK (total_paisa >= 0),
    -- The code as applied, kept when the coupon is deleted later (coupon_id then becomes NULL).
    coupon_code TEXT,
    coupon_id BIGINT REFERENCES coupons (id) ON DELETE SET NULL,
    -- userDetails. Country and payment method are always Pakistan and COD, so they are not stored.
    province TEXT,
    city TEXT,
    name TEXT NOT NULL,
    -- As typed, and in the normal form +92XXXXXXXXXX the admin search also matches.
    phone1 TEXT NOT NULL,
    phone1_normalized TEXT NOT NULL,
    phone2 TEXT,
    phone2_normalized TEXT,
    email TEXT NOT NULL,
    address TEXT NOT NULL,
    -- The latest rejection reason.
    admin_comment TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (coupon_code IS NOT NULL OR coupon_discount_paisa = 0),
    CHECK (city IS NULL OR province IS NOT NULL)
);
-- My Orders: one customer's orders newest first; the admin list newest first, whole or by status.
CREATE INDEX orders_customer_newest_idx ON orders (customer_id, created_at DESC, id DESC);
CREATE INDEX orders_newest_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_newest_idx ON orders (status, created_at DESC, id DESC);
-- Per-customer coupon limits count a customer's orders with the coupon.
CREATE INDEX orders_coupon_customer_idx ON orders (coupon_id, customer_id) WHERE coupon_id IS NOT NULL;

CREATE TABLE order_items (
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    -- No foreign key to products: deleting a product (or its category) must leave every order intact, so the
    -- name and unit price are copied here as they were sold.
    product_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    unit_price_paisa BIGINT NOT NULL CHECK (unit_price_paisa >= 0),
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000000),
    PRIMARY KEY (order_id, position),
    UNIQUE (order_id, product_id)
);

-- The history both sides see: every status the order took, when, by whom and why.
CREATE TABLE order_events (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status TEXT NOT NULL
        CHECK (status IN ('pending', 'approved', 'dispatched', 'delivered', 'rejected', 'returned')),
    at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- 'customer' for the placement, 'admin' for the admin's changes.
    actor TEXT NOT NULL CHECK (actor IN ('customer', 'admin')),
    comment TEXT
);
CREATE INDEX order_events_order_idx ON order_events (order_id, at, id);

-- One single-use token per product of a delivered order, for the review link of its e-mail.
CREATE TABLE review_tokens (
    token TEXT PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    used_at TIMESTAMPTZ,
    CONSTRAINT review_tokens_order_product_key UNIQUE (order_id, product_id)
);

-- An Idempotency-Key of a customer's submit and the order it placed; a repeat with the same request digest
-- answers that order, one with another digest is refused.
CREATE TABLE order_idempotency_keys (
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    request_digest TEXT NOT NULL,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT order_idempotency_keys_pkey PRIMARY KEY (customer_id, key)
);
