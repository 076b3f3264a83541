-- A digest cannot be turned back into its token: the links e-mailed before this migration stop working
-- (used or not, each row keeps telling whether its item was reviewed).
ALTER TABLE review_tokens RENAME COLUMN token_hash TO token;
