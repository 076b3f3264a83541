ALTER TABLE product_media
    DROP CONSTRAINT product_media_product_id_position_key,
    ADD CONSTRAINT product_media_product_id_position_key UNIQUE (product_id, position);
CREATE INDEX products_category_id_idx ON products (category_id);
DROP INDEX products_category_newest_idx;
