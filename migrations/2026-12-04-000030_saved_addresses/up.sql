-- Saved delivery addresses (docs/decisions/0036-details-remembered.md): the delivery details a customer gave
-- with an order, kept for the account so the next checkout is filled and My Account can pick, edit or delete
-- them. Contact details only: the e-mail of an order goes to the account's address anyway.
CREATE TABLE customer_addresses (
    id BIGSERIAL PRIMARY KEY,
    -- CASCADE: an account's addresses go with it; nothing else refers to them.
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    province TEXT,
    city TEXT,
    name TEXT NOT NULL,
    -- As typed, and in the normal form +92XXXXXXXXXX, as orders keep them.
    phone1 TEXT NOT NULL,
    phone1_normalized TEXT NOT NULL,
    phone2 TEXT,
    phone2_normalized TEXT,
    address TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- When last placed an order with or saved: the list is newest first and the oldest goes past the cap.
    used_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (city IS NULL OR province IS NOT NULL),
    CHECK ((phone2 IS NULL) = (phone2_normalized IS NULL))
);
-- One row per distinct set of details: the same details ordered twice (a phone typed another way included)
-- are one address. The address and the name compare without case or surrounding space.
CREATE UNIQUE INDEX customer_addresses_distinct_idx ON customer_addresses (
    customer_id, lower(btrim(name)), phone1_normalized, COALESCE(phone2_normalized, ''), COALESCE(province, ''),
    COALESCE(city, ''), lower(btrim(address))
);
CREATE INDEX customer_addresses_newest_idx ON customer_addresses (customer_id, used_at DESC, id DESC);

-- A placed order saves its details for the account, in the transaction that stores the order: the same
-- details again only move to the top; then only the 10 most recently used are kept (MAX_SAVED_ADDRESSES in
-- application::accounts::addresses, which the API tests check against this cap).
CREATE FUNCTION save_order_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO customer_addresses
        (customer_id, province, city, name, phone1, phone1_normalized, phone2, phone2_normalized, address)
    VALUES
        (NEW.customer_id, NEW.province, NEW.city, NEW.name, NEW.phone1, NEW.phone1_normalized, NEW.phone2,
         NEW.phone2_normalized, NEW.address)
    ON CONFLICT (customer_id, lower(btrim(name)), phone1_normalized, COALESCE(phone2_normalized, ''),
                 COALESCE(province, ''), COALESCE(city, ''), lower(btrim(address)))
    DO UPDATE SET used_at = now(), phone1 = EXCLUDED.phone1, phone2 = EXCLUDED.phone2;
    DELETE FROM customer_addresses
    WHERE customer_id = NEW.customer_id
      AND id NOT IN (SELECT id FROM customer_addresses WHERE customer_id = NEW.customer_id
                     ORDER BY used_at DESC, id DESC LIMIT 10);
    RETURN NULL;
END;
$$;

CREATE TRIGGER orders_save_address AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION save_order_address();
