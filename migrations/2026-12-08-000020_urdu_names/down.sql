DROP TRIGGER categories_refresh_search_docs ON categories;
CREATE TRIGGER categories_refresh_search_docs
    AFTER UPDATE OF name, parent_id ON categories
    FOR EACH ROW EXECUTE FUNCTION categories_refresh_search_docs();

DROP TRIGGER products_fill_search_doc ON products;
CREATE TRIGGER products_fill_search_doc
    BEFORE INSERT OR UPDATE OF name, description, category_id ON products
    FOR EACH ROW EXECUTE FUNCTION products_fill_search_doc();

CREATE OR REPLACE FUNCTION products_fill_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_doc := lower(NEW.name || ' ' || category_path_words(NEW.category_id) || ' ' || NEW.description);
    NEW.search_words := search_words_of(NEW.search_doc);
    NEW.name_words := search_words_of(lower(NEW.name));
    INSERT INTO search_words (word)
        SELECT w FROM unnest(NEW.search_words) AS w WHERE length(w) >= 3 AND w !~ '^[[:digit:]]+$'
    ON CONFLICT DO NOTHING;
    RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION category_path_words(category BIGINT) RETURNS TEXT
LANGUAGE sql STABLE AS $$
    WITH RECURSIVE up AS (
        SELECT id, name, parent_id, 1 AS depth FROM categories WHERE id = category
      UNION ALL
        SELECT c.id, c.name, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id
        WHERE up.depth < 50
    )
    SELECT coalesce(string_agg(name, ' '), '') FROM up
$$;

ALTER TABLE products DROP COLUMN description_ur, DROP COLUMN name_ur;
ALTER TABLE categories DROP COLUMN name_ur;
