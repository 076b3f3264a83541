-- When a category last changed (renamed or moved), for the sitemap's lastmod. Existing categories take
-- their creation time: nothing recorded a later change.
ALTER TABLE categories ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
UPDATE categories SET updated_at = created_at;
