DROP INDEX products_search_words_idx;
CREATE OR REPLACE FUNCTION products_fill_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_doc := lower(NEW.name || ' ' || category_path_words(NEW.category_id) || ' ' || NEW.description);
    RETURN NEW;
END
$$;
DROP FUNCTION search_words_of(TEXT);
ALTER TABLE products DROP COLUMN search_words, DROP COLUMN name_words;
DROP TABLE search_words;
