-- Search: a lower-cased document per product (name, category path, description), kept current by
-- triggers, with a trigram index so substring and one-typo matches ('chargr', 'iphon') stay fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE products ADD COLUMN search_doc TEXT NOT NULL DEFAULT '';

-- The names from a category up to its root, separated by spaces. Depth-capped against a corrupt cycle.
CREATE FUNCTION category_path_words(category BIGINT) RETURNS TEXT
LANGUAGE sql STABLE AS $$
    WITH RECURSIVE up AS (
        SELECT id, name, parent_id, 1 AS depth FROM categories WHERE id = category
      UNION ALL
        SELECT c.id, c.name, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id
        WHERE up.depth < 50
    )
    SELECT coalesce(string_agg(name, ' '), '') FROM up
$$;

CREATE FUNCTION products_fill_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_doc := lower(NEW.name || ' ' || category_path_words(NEW.category_id) || ' ' || NEW.description);
    RETURN NEW;
END
$$;

CREATE TRIGGER products_fill_search_doc
    BEFORE INSERT OR UPDATE OF name, description, category_id ON products
    FOR EACH ROW EXECUTE FUNCTION products_fill_search_doc();

-- Renaming or moving a category refreshes the documents of every product below it.
CREATE FUNCTION categories_refresh_search_docs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE products SET name = name
    WHERE category_id IN (
        WITH RECURSIVE down AS (
            SELECT NEW.id AS id, 1 AS depth
          UNION ALL
            SELECT c.id, down.depth + 1 FROM categories c JOIN down ON c.parent_id = down.id WHERE down.depth < 50
        )
        SELECT id FROM down
    );
    RETURN NULL;
END
$$;

CREATE TRIGGER categories_refresh_search_docs
    AFTER UPDATE OF name, parent_id ON categories
    FOR EACH ROW EXECUTE FUNCTION categories_refresh_search_docs();

UPDATE products SET name = name;

CREATE INDEX products_search_doc_trgm_idx ON products USING gin (search_doc gin_trgm_ops);
