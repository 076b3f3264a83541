-- A category's products newest first, straight from one index (the category page's newest 100 per category, a
-- category's product list): an index scan that stops after the page instead of sorting every product of the
-- category. Its leading column serves what products_category_id_idx served (the foreign key's checks), so
-- that index goes. docs/decisions/0045-reads-without-the-cache.md.
CREATE INDEX products_category_newest_idx ON products (category_id, created_at DESC, id DESC);
DROP INDEX products_category_id_idx;

-- A product's media straight from the index of its (product, position) key: the storefront's reads join each
-- product to its media, and with the media's columns in the index that join is an index-only scan (the
-- planner otherwise read all of product_media in a sequential scan to hash-join a page of 100 products).
ALTER TABLE product_media
    DROP CONSTRAINT product_media_product_id_position_key,
    ADD CONSTRAINT product_media_product_id_position_key UNIQUE (product_id, position)
        INCLUDE (kind, url, width, variant_widths, variant_urls);
