ALTER TABLE product_media DROP COLUMN variant_urls;
