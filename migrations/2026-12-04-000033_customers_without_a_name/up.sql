-- A customer whose name nobody gave has none (an empty name), no longer the stand-in 'Customer': forms leave
-- the name for the shopper to type, and the owner's screens show the e-mail instead
-- (docs/decisions/0037-a-checkout-that-keeps-the-shopper.md). The names given as blank and stored as 'Customer'
-- are made empty; nobody is called 'Customer'.
ALTER TABLE customers ALTER COLUMN name SET DEFAULT '';
UPDATE customers SET name = '' WHERE name = 'Customer';
