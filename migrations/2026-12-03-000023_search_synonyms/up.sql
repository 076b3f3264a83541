-- The owner's synonym groups for search (docs/decisions/0032). A group is a list of terms, each a word or a
-- phrase of up to three words in search form (lower-cased, punctuation as spaces, single spaces), that a
-- search treats as one: 'cover' finds cases and pouches. The primary key keeps a term in one group only, so
-- a searched word always stands for one group. The application replaces the whole list in one transaction.
CREATE TABLE search_synonyms (
    term TEXT PRIMARY KEY CHECK (term <> '' AND length(term) <= 40),
    group_no INTEGER NOT NULL CHECK (group_no >= 0),
    position INTEGER NOT NULL CHECK (position >= 0),
    UNIQUE (group_no, position)
);

-- The words of every term enter the search dictionary, as product words do, so a typo of a synonym
-- ('airpod', 'handsfre') is recognised and stands for its group.
CREATE FUNCTION search_synonyms_fill_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
        SELECT w FROM unnest(search_words_of(NEW.term)) AS w WHERE length(w) >= 3 AND w !~ '^[[:digit:]]+$'
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER search_synonyms_fill_words
    AFTER INSERT OR UPDATE OF term ON search_synonyms
    FOR EACH ROW EXECUTE FUNCTION search_synonyms_fill_words();

-- How people in Pakistan ask for accessories: English shop words, Roman Urdu spellings, brands and series.
INSERT INTO search_synonyms (term, group_no, position)
SELECT term, g.n - 1, t.n - 1
FROM unnest(ARRAY[
    'cover|back cover|mobile cover|phone cover|case|mobile case|phone case|pouch|kavar',
    'type c|usb c|usb type c|c type|typec',
    'airpods|earbuds|wireless earbuds|tws|ear buds|airbuds|earpods|buds',
    'handsfree|hands free|handfree|hand free|earphones|wired earphones|earphone|headphones',
    'charger|adapter|plug|chargar|charjer|wall charger|fast charger',
    'cable|data cable|cabal|usb cable|charging cable|wire|data cabal|taar',
    'power bank|powerbank|power bnk|battery bank',
    'tempered glass|screen protector|screen guard|glass protector|protector',
    'neckband|neck band|bluetooth handsfree',
    'smart watch|smartwatch|watch',
    'iphone|apple|i phone|aifone',
    'samsung|galaxy|samsng',
    'redmi|xiaomi|mi phone|redme',
    'infinix|infinex|infnix',
    'tecno|techno|tekno',
    'oppo|opo',
    'vivo|veevo',
    'car charger|car mobile charger|gari charger',
    'holder|stand|mobile stand|phone holder',
    'speaker|bluetooth speaker|sound box'
]) WITH ORDINALITY AS g(list, n),
LATERAL unnest(string_to_array(g.list, '|')) WITH ORDINALITY AS t(term, n);
