-- Review links are looked up by the SHA-256 digest of their token (hex), as sessions and password resets
-- are: a copy of this table cannot be used to write reviews in customers' names. The tokens already stored
-- become their digests, so the links already e-mailed keep working; the digest of a random 256-bit token is
-- as unique as the token, so the primary key holds.
ALTER TABLE review_tokens RENAME COLUMN token TO token_hash;
UPDATE review_tokens SET token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');
