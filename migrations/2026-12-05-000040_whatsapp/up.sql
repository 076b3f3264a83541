-- Issue 27 (docs/decisions/0038-whatsapp.md): WhatsApp messages to and from shoppers.

-- How an order was confirmed: by the e-mailed link (or 'Confirm my order' in My Orders), or on WhatsApp.
-- Orders confirmed before this column were confirmed by the link.
ALTER TABLE orders
    ADD COLUMN confirmed_via TEXT CHECK (confirmed_via IN ('link', 'whatsapp')),
    -- The number the confirmation message went to, in international form without '+' (923001234567), and
    -- the digest of its buttons' single-use secret; both NULL when WhatsApp was off for the order.
    ADD COLUMN whatsapp_to TEXT CHECK (whatsapp_to ~ '^[0-9]{8,15}$'),
    ADD COLUMN whatsapp_token_hash TEXT CHECK (whatsapp_token_hash ~ '^[0-9a-f]{64}$'),
    ADD CONSTRAINT orders_whatsapp_both CHECK ((whatsapp_to IS NULL) = (whatsapp_token_hash IS NULL)),
    ADD CONSTRAINT orders_confirmed_via_when_confirmed CHECK (confirmed_via IS NULL OR confirmed_at IS NOT NULL);
UPDATE orders SET confirmed_via = 'link' WHERE confirmed_at IS NOT NULL;

-- The templates Meta approved for the shop, set on the Order checks page.
ALTER TABLE shop_settings
    ADD COLUMN whatsapp_confirmation_template TEXT NOT NULL DEFAULT 'order_confirmation'
        CHECK (whatsapp_confirmation_template ~ '^[a-z0-9_]+$' AND char_length(whatsapp_confirmation_template) <= 512),
    ADD COLUMN whatsapp_update_template TEXT NOT NULL DEFAULT 'order_update'
        CHECK (whatsapp_update_template ~ '^[a-z0-9_]+$' AND char_length(whatsapp_update_template) <= 512),
    ADD COLUMN whatsapp_template_language TEXT NOT NULL DEFAULT 'en'
        CHECK (whatsapp_template_language ~ '^[a-z]{2,3}(_[A-Z]{2})?$');

-- Every WhatsApp message of an order: outgoing ones are the outbox the worker drains (queued in the
-- transaction of the order or its status change) and keep Meta's id and state; incoming ones are the
-- shopper's replies and notes, kept once per Meta id (a redelivery is recognised by it).
CREATE TABLE whatsapp_messages (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT REFERENCES orders (id) ON DELETE CASCADE,
    direction TEXT NOT NULL CHECK (direction IN ('out', 'in')),
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'update', 'reply', 'note')),
    -- The shopper's number, international form without '+'.
    phone TEXT NOT NULL,
    -- What the message says, for the owner.
    text TEXT NOT NULL,
    -- An outgoing message as it is sent: its template, language, body parameters and buttons' payloads.
    template TEXT,
    language TEXT,
    body_parameters JSONB,
    button_payloads JSONB,
    state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'delivered', 'read', 'failed', 'received')),
    meta_id TEXT UNIQUE,
    error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((direction = 'in') = (state = 'received')),
    CHECK (direction = 'in' OR template IS NOT NULL)
);
CREATE INDEX whatsapp_messages_due_idx ON whatsapp_messages (next_attempt_at, id) WHERE state = 'queued';
CREATE INDEX whatsapp_messages_order_idx ON whatsapp_messages (order_id, id);
