-- Bulk e-mail's unsubscribe links (docs/decisions/0041-owner-tools.md). Every bulk e-mail carries a link of
-- its own, a random token stored here by its SHA-256 digest (like every e-mailed link), so a copy of the
-- database holds no usable link and a link found in one e-mail unsubscribes that e-mail's customer only.
-- An unsubscribed customer keeps getting the e-mails of their orders; only bulk e-mail leaves them out.
ALTER TABLE customers ADD COLUMN unsubscribed_at TIMESTAMPTZ;

CREATE TABLE unsubscribe_links (
    digest TEXT PRIMARY KEY CHECK (digest ~ '^[0-9a-f]{64}$'),
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX unsubscribe_links_customer_idx ON unsubscribe_links (customer_id);

-- The link the `List-Unsubscribe` header names (RFC 2369, with RFC 8058's one-click POST); NULL for the
-- e-mails of orders and accounts, which carry none.
ALTER TABLE email_outbox ADD COLUMN unsubscribe_url TEXT;
