DROP TABLE search_synonyms;
DROP FUNCTION search_synonyms_fill_words();
