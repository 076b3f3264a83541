-- Urdu names and descriptions the owner may write for products and categories (issue 30, docs/decisions/
-- 0048-urdu.md): nullable, none meaning the English text shows; the same length rules as the English ones.
ALTER TABLE categories
    ADD COLUMN name_ur TEXT CHECK (btrim(name_ur) <> '' AND length(name_ur) <= 100);
ALTER TABLE products
    ADD COLUMN name_ur TEXT CHECK (btrim(name_ur) <> '' AND length(name_ur) <= 200),
    ADD COLUMN description_ur TEXT CHECK (btrim(description_ur) <> '' AND length(description_ur) <= 5000);

-- A search finds a product by its words in either language: the Urdu name, the Urdu names of its categories
-- and the Urdu description join the search document (and so the word arrays and the dictionary), the Urdu
-- name its name's words. The same columns and indexes as before.
CREATE OR REPLACE FUNCTION category_path_words(category BIGINT) RETURNS TEXT
LANGUAGE sql STABLE AS $$
    WITH RECURSIVE up AS (
        SELECT id, name, name_ur, parent_id, 1 AS depth FROM categories WHERE id = category
      UNION ALL
        SELECT c.id, c.name, c.name_ur, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id
        WHERE up.depth < 50
    )
    SELECT coalesce(string_agg(concat_ws(' ', name, name_ur), ' '), '') FROM up
$$;

CREATE OR REPLACE FUNCTION products_fill_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_doc := lower(concat_ws(' ', NEW.name, NEW.name_ur, category_path_words(NEW.category_id),
        NEW.description, NEW.description_ur));
    NEW.search_words := search_words_of(NEW.search_doc);
    NEW.name_words := search_words_of(lower(concat_ws(' ', NEW.name, NEW.name_ur)));
    -- Words are never removed: one no product holds any more simply finds nothing.
    INSERT INTO search_words (word)
        SELECT w FROM unnest(NEW.search_words) AS w WHERE length(w) >= 3 AND w !~ '^[[:digit:]]+$'
    ON CONFLICT DO NOTHING;
    RETURN NEW;
END
$$;

DROP TRIGGER products_fill_search_doc ON products;
CREATE TRIGGER products_fill_search_doc
    BEFORE INSERT OR UPDATE OF name, name_ur, description, description_ur, category_id ON products
    FOR EACH ROW EXECUTE FUNCTION products_fill_search_doc();

DROP TRIGGER categories_refresh_search_docs ON categories;
CREATE TRIGGER categories_refresh_search_docs
    AFTER UPDATE OF name, name_ur, parent_id ON categories
    FOR EACH ROW EXECUTE FUNCTION categories_refresh_search_docs();
