ALTER TABLE product_media DROP COLUMN variant_widths;
ALTER TABLE product_media DROP COLUMN width;
