-- The catalogue: a category tree, products and their media, the shop's settings and coupons.
-- Money is stored as integer paisa (BIGINT), never as floating point; the API shows whole rupees.

CREATE TABLE categories (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 100),
    -- RESTRICT: a category with children cannot be deleted out from under them.
    parent_id BIGINT REFERENCES categories (id) ON DELETE RESTRICT,
    views BIGINT NOT NULL DEFAULT 0 CHECK (views >= 0),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX categories_parent_id_idx ON categories (parent_id);

CREATE TABLE products (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
    -- RESTRICT: a category that still holds products cannot be deleted.
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
    price_paisa BIGINT NOT NULL CHECK (price_paisa > 0),
    -- A sale price at or above the price is kept as entered but not honoured (the pricing rule ignores it).
    sale_price_paisa BIGINT CHECK (sale_price_paisa IS NULL OR sale_price_paisa >= 0),
    discount_percent SMALLINT NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
    description TEXT NOT NULL,
    color TEXT,
    -- Units on hand. Orders take stock with a conditional UPDATE, so this never goes below zero.
    quantity INTEGER NOT NULL CHECK (quantity >= 0),
    featured BOOLEAN NOT NULL DEFAULT FALSE,
    free_delivery BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX products_category_id_idx ON products (category_id);
-- The home page lists featured and all products newest first.
CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC);
CREATE INDEX products_featured_newest_idx ON products (created_at DESC, id DESC) WHERE featured;

CREATE TABLE product_media (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
    url TEXT NOT NULL,
    UNIQUE (product_id, position)
);

-- One row: the shop's settings.
CREATE TABLE shop_settings (
    id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
    delivery_charge_paisa BIGINT NOT NULL DEFAULT 0 CHECK (delivery_charge_paisa >= 0),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO shop_settings (id) VALUES (TRUE);

CREATE TABLE coupons (
    id BIGSERIAL PRIMARY KEY,
    -- Codes are compared case-insensitively; they are stored upper-case.
    code TEXT NOT NULL CHECK (code <> '' AND code = upper(code)),
    discount_percent SMALLINT CHECK (discount_percent BETWEEN 1 AND 100),
    amount_paisa BIGINT CHECK (amount_paisa > 0),
    -- Calendar dates in Pakistan time, both inclusive.
    start_date DATE NOT NULL,
    end_date DATE NOT NULL,
    min_price_paisa BIGINT NOT NULL DEFAULT 0 CHECK (min_price_paisa >= 0),
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Exactly one of a percentage or an amount.
    CONSTRAINT coupons_one_discount CHECK ((discount_percent IS NULL) <> (amount_paisa IS NULL)),
    CHECK (end_date >= start_date)
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (code);
