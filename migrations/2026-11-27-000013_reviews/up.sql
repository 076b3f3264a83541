-- Reviews (docs/contract.md §6, docs/reviews.md): one review per (order, product) pair of a delivered order, its
-- pictures, and on each product the approved ratings per star, kept in the transaction that moderates or
-- deletes a review so listing cards costs no extra query.

CREATE TABLE reviews (
    id BIGSERIAL PRIMARY KEY,
    -- CASCADE: a deleted product's reviews cannot be shown anywhere (its page and its approved list are
    -- gone), so they go with it; the catalogue's delete answers their pictures' addresses for removal.
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    -- Orders are never deleted (and customers not while they have orders), so these always name the real
    -- purchase; should one be deleted by hand, its reviews go with it.
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    -- As typed; empty when the reviewer gave none (shown as 'Anonymous').
    reviewer_name TEXT NOT NULL CHECK (length(reviewer_name) <= 100),
    rating SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment TEXT NOT NULL DEFAULT '' CHECK (length(comment) <= 2000),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    -- The shop's answer shown under the review; NULL for none.
    admin_reply TEXT CHECK (length(admin_reply) <= 2000),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- Verified buyers review each item of an order once, whichever form they use.
    CONSTRAINT reviews_order_product_key UNIQUE (order_id, product_id)
);
-- A product's approved reviews newest first; the admin's list pending first then newest first.
CREATE INDEX reviews_product_status_newest_idx ON reviews (product_id, status, created_at DESC, id DESC);
CREATE INDEX reviews_status_newest_idx ON reviews (status, created_at DESC, id DESC);
CREATE INDEX reviews_customer_idx ON reviews (customer_id);

-- A review's pictures in order, each re-encoded by the media store, with its narrower WebP copies.
CREATE TABLE review_images (
    review_id BIGINT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 4),
    url TEXT NOT NULL,
    width INTEGER,
    variant_widths INTEGER[] NOT NULL DEFAULT '{}',
    variant_urls TEXT[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (review_id, position)
);
CREATE INDEX review_images_url_idx ON review_images (url);

-- Approved ratings per star. The count and the sum follow from them, so they can never disagree.
ALTER TABLE products
    ADD COLUMN stars_1 INTEGER NOT NULL DEFAULT 0 CHECK (stars_1 >= 0),
    ADD COLUMN stars_2 INTEGER NOT NULL DEFAULT 0 CHECK (stars_2 >= 0),
    ADD COLUMN stars_3 INTEGER NOT NULL DEFAULT 0 CHECK (stars_3 >= 0),
    ADD COLUMN stars_4 INTEGER NOT NULL DEFAULT 0 CHECK (stars_4 >= 0),
    ADD COLUMN stars_5 INTEGER NOT NULL DEFAULT 0 CHECK (stars_5 >= 0),
    ADD COLUMN review_count INTEGER GENERATED ALWAYS AS (stars_1 + stars_2 + stars_3 + stars_4 + stars_5) STORED,
    ADD COLUMN rating_sum INTEGER
        GENERATED ALWAYS AS (stars_1 + 2 * stars_2 + 3 * stars_3 + 4 * stars_4 + 5 * stars_5) STORED;
