DROP INDEX products_search_doc_trgm_idx;
DROP TRIGGER categories_refresh_search_docs ON categories;
DROP FUNCTION categories_refresh_search_docs();
DROP TRIGGER products_fill_search_doc ON products;
DROP FUNCTION products_fill_search_doc();
DROP FUNCTION category_path_words(BIGINT);
ALTER TABLE products DROP COLUMN search_doc;
