ALTER TABLE products DROP CONSTRAINT products_markdown_shape;
