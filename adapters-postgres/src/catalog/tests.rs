//! The search query built for the words searched.

use super::*;

#[test]
fn plain_words_are_matched_by_words_alone_and_anything_else_also_as_a_phrase() {
    for plain in ["chargr", "iphon case", "fast wireless charger"] {
        assert!(!needs_phrase(plain), "{plain}");
    }
    for phrase in ["%", "usb-c", "iphone 14", "ab", "a b c", "one two three four five six seven eight nine"] {
        assert!(needs_phrase(phrase), "{phrase}");
    }
}

#[test]
fn the_query_asks_for_every_word_and_binds_limit_and_offset_after_them() {
    assert_eq!(
        search_sql(2, false),
        "SELECT id FROM products WHERE (search_words && $2 AND search_words && $3) ORDER BY \
         (lower(name) LIKE $1 ESCAPE '\\') DESC, (name_words && $4 AND name_words && $5) DESC, \
         (name_words && $2 AND name_words && $3) DESC, id DESC LIMIT $6 OFFSET $7"
    );
    assert_eq!(
        search_sql(0, true),
        "SELECT id FROM products WHERE search_doc LIKE $1 ESCAPE '\\' ORDER BY \
         (lower(name) LIKE $1 ESCAPE '\\') DESC, id DESC LIMIT $2 OFFSET $3"
    );
    assert!(search_sql(1, true).contains("WHERE search_doc LIKE $1 ESCAPE '\\' OR (search_words && $2) ORDER BY"));
}
