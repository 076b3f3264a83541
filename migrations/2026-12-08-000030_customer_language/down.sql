ALTER TABLE customers DROP COLUMN language;
