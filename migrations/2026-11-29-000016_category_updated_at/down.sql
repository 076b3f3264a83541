ALTER TABLE categories DROP COLUMN updated_at;
