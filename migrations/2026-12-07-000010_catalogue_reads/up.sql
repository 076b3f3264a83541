-- A category's products newest first, straight from one index (the category page's newest 100 per category, a
-- category's product list): an index scan that stops after the page instead of sorting every product of the
-- category. Its leading column serves what products_category_id_idx served (the foreign key's checks), so
-- that index goes. docs/decisions/0045-reads-without-the-cache.md.
CREATE INDEX products_category_newest_idx ON products (category_id, created_at DESC, id DESC);
DROP INDEX products_category_id_idx;
