DROP TRIGGER search_words_fill_deletions ON search_words;
DROP FUNCTION search_words_fill_deletions();
DROP TABLE search_word_deletions;
DROP FUNCTION within_one_edit(TEXT, TEXT);
DROP FUNCTION deletion_keys(TEXT);
