-- Pictures keep their width and the widths of the WebP copies made from them (served beside the original
-- as name-WIDTH.webp), so cards and galleries can offer a srcset.
ALTER TABLE product_media ADD COLUMN width INTEGER CHECK (width > 0);
ALTER TABLE product_media ADD COLUMN variant_widths INTEGER[] NOT NULL DEFAULT '{}';
