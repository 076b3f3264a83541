-- Issue 24: a product's price fields form one of the three shapes of domain::pricing::Markdown, and the
-- database refuses any other:
--   no markdown      sale_price_paisa NULL, discount_percent 0;
--   a percentage off sale_price_paisa NULL, discount_percent 1 to 90 (charged exactly);
--   a sale price     sale_price_paisa above 0 and below price_paisa (charged), discount_percent the 0 to 100
--                    the owner's form settled with it (shown, not charged).
-- Rows stored before may hold a sale price at or above the price, or 0, or a percentage over 90, which the
-- pricing rule then ignored; they are brought into shape here by that same rule, so every product is
-- charged and shows exactly what it did: an ignored sale price becomes NULL, an ignored percentage 0.
-- `IS NOT NULL` keeps the second arm false rather than unknown for a row without a sale price: a CHECK that
-- comes out unknown lets the row through.
UPDATE products
   SET sale_price_paisa = NULL
 WHERE sale_price_paisa IS NOT NULL AND (sale_price_paisa <= 0 OR sale_price_paisa >= price_paisa);
UPDATE products SET discount_percent = 0 WHERE sale_price_paisa IS NULL AND discount_percent > 90;
ALTER TABLE products
    ADD CONSTRAINT products_markdown_shape CHECK (
        (sale_price_paisa IS NULL AND discount_percent BETWEEN 0 AND 90)
        OR (sale_price_paisa IS NOT NULL AND sale_price_paisa > 0 AND sale_price_paisa < price_paisa)
    );
