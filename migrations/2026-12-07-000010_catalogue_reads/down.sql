CREATE INDEX products_category_id_idx ON products (category_id);
DROP INDEX products_category_newest_idx;
