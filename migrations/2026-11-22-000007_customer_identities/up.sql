-- Accounts signed in through an external OpenID Connect provider ("Login with Google"): the provider's
-- issuer and subject identify the person for good (an e-mail can change hands; a subject does not).
CREATE TABLE customer_identities (
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (issuer, subject)
);
CREATE INDEX customer_identities_customer_id_idx ON customer_identities (customer_id);
