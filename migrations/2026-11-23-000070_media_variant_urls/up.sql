-- A picture's narrower copies are stored by the address the media store gave each one, beside its width,
-- so that nothing but the media store knows how a copy is named. Rows from before get the addresses the
-- store gave copies until now: the original's address with '-WIDTH.webp' in place of its extension.
ALTER TABLE product_media ADD COLUMN variant_urls TEXT[] NOT NULL DEFAULT '{}';
UPDATE product_media SET variant_urls = ARRAY(
    SELECT regexp_replace(url, '\.[^.]*$', '') || '-' || width || '.webp'
    FROM unnest(variant_widths) WITH ORDINALITY AS copy(width, position)
    ORDER BY position
);
ALTER TABLE product_media ALTER COLUMN variant_urls DROP DEFAULT;
ALTER TABLE product_media ADD CONSTRAINT product_media_variants_paired
    CHECK (cardinality(variant_urls) = cardinality(variant_widths));
