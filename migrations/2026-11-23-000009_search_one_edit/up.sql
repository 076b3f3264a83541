-- One edit anywhere in a dictionary word of five or more letters (a letter dropped, added or changed, or two
-- adjacent letters swapped) finds the word, however rare. Trigram similarity (`<%`) misses such edits in
-- short or rare words: 'vepiifeg' scores 0.58 against 'vepilifeg', 'cabel' 0.4 against 'cable'.
-- Each such word is stored under itself and under every string made by dropping one of its letters (a
-- SymSpell deletion neighbourhood). Two words one edit apart always share one of these keys, so a searched
-- word's own keys find every candidate through the btree, and `within_one_edit` keeps only the candidates
-- really one edit away ('epiifegz' shares the key 'epiifeg' with 'vepiifeg' but is two edits from it).
-- A levenshtein scan of the dictionary (fuzzystrmatch) took 2.5-10 ms per searched word on 20,000 words
-- and counts a swap as two edits.

-- The word and every string made by dropping one of its letters.
CREATE FUNCTION deletion_keys(word TEXT) RETURNS TEXT[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array_agg(DISTINCT k) FROM (
        SELECT word AS k
      UNION ALL
        SELECT overlay(word PLACING '' FROM i FOR 1) FROM generate_series(1, length(word)) AS i
    ) keys
$$;

-- Whether the optimal string alignment distance of a and b is at most one: equal, one letter dropped or
-- added, one letter changed, or two adjacent letters swapped.
CREATE FUNCTION within_one_edit(a TEXT, b TEXT) RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT a = b OR CASE length(a) - length(b)
        WHEN 1 THEN b = ANY (deletion_keys(a))
        WHEN -1 THEN a = ANY (deletion_keys(b))
        WHEN 0 THEN EXISTS (
            SELECT FROM generate_series(1, length(a)) AS i
            WHERE overlay(a PLACING '' FROM i FOR 1) = overlay(b PLACING '' FROM i FOR 1)
               OR a = overlay(b PLACING substr(b, i + 1, 1) || substr(b, i, 1) FROM i FOR 2)
        )
        ELSE FALSE
    END
$$;

CREATE TABLE search_word_deletions (
    key TEXT NOT NULL,
    word TEXT NOT NULL REFERENCES search_words (word) ON DELETE CASCADE,
    PRIMARY KEY (key, word)
);

CREATE FUNCTION search_words_fill_deletions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_word_deletions (key, word)
        SELECT k, NEW.word FROM unnest(deletion_keys(NEW.word)) AS k
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

-- Every word of five or more letters that enters the dictionary gets its keys; re-saving a word (the
-- backfill below) fills them again.
CREATE TRIGGER search_words_fill_deletions
    AFTER INSERT OR UPDATE OF word ON search_words
    FOR EACH ROW WHEN (length(NEW.word) >= 5) EXECUTE FUNCTION search_words_fill_deletions();

UPDATE search_words SET word = word;
