//! Search: the searched words read as concepts through the owner's synonym groups, each word looked up in
//! the dictionary of product words (itself, words holding it, words within about one typo), then one
//! query over the products' word arrays. See docs/decisions/0032-search-that-knows-local-words.md.

use std::collections::HashMap;

use application::catalog::model::{Product, SearchTerms};
use application::common::error::RepositoryError;
use application::common::page::Page;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Nullable, Text};
use domain::search::{words_of, Concept, SynonymGroups};

use super::{escape_like, products_by_ids, IdRow};
use crate::error::from_diesel;
use crate::prepared::{Bind, Prepared};

/// At most this many concepts of a search are looked for; a longer search is matched on its first eight
/// (and on the whole phrase).
pub(super) const MAX_SEARCH_WORDS: usize = 8;

/// The dictionary words each searched word stands for, one row per (searched word, dictionary word),
/// closest first: itself, then words one edit away, then by trigram similarity, so 'chargr' ranks
/// 'charger' before 'charging'. A word stands for the words holding it (`iphon` → `iphone`), the words
/// within about one typo (trigram word similarity `<%`, through the dictionary's trigram index) and the
/// words of five or more letters exactly one edit away (`vepiifeg` → `vepilifeg`, through their deletion
/// keys). `near` marks itself and the words one edit away.
const WORD_MATCHES: &str = "
SELECT t.n AS n, m.word AS word, (bool_or(m.one_edit) OR m.word = t.w) AS near
FROM unnest($1::text[]) WITH ORDINALITY AS t(w, n)
CROSS JOIN LATERAL (
    SELECT s.word, FALSE AS one_edit FROM search_words s WHERE t.w <% s.word OR s.word LIKE '%' || t.w || '%'
  UNION ALL
    SELECT d.word, TRUE FROM search_word_deletions d
    WHERE d.key = ANY (deletion_keys(t.w)) AND within_one_edit(t.w, d.word)
) m
GROUP BY t.n, t.w, m.word
ORDER BY t.n, m.word = t.w DESC, bool_or(m.one_edit) DESC, similarity(t.w, m.word) DESC, m.word";

#[derive(QueryableByName)]
struct WordMatch {
    #[diesel(sql_type = BigInt)]
    n: i64,
    #[diesel(sql_type = Text)]
    word: String,
    #[diesel(sql_type = Bool)]
    near: bool,
}

/// For each searched word, the dictionary word closest to it that some product holds, when the looser
/// trigram similarity (`%` at 0.3) finds one: what 'Did you mean' offers.
const CORRECTIONS: &str = "
SELECT t.n AS n, (
    SELECT s.word FROM search_words s
    WHERE s.word % t.w AND EXISTS (SELECT FROM products p WHERE p.search_words @> ARRAY[s.word])
    ORDER BY similarity(s.word, t.w) DESC, s.word
    LIMIT 1
) AS word
FROM unnest($1::text[]) WITH ORDINALITY AS t(w, n)";

#[derive(QueryableByName)]
struct Correction {
    #[diesel(sql_type = BigInt)]
    n: i64,
    #[diesel(sql_type = Nullable<Text>)]
    word: Option<String>,
}

/// Whether a word is looked up in the dictionary, which holds words of three or more characters that are
/// not numbers; shorter words and numbers ('c', '20') are matched as they are.
fn looked_up(word: &str) -> bool {
    word.chars().count() >= 3 && !word.chars().all(|c| c.is_ascii_digit())
}

/// Whether a search must also be matched as a phrase (`LIKE` over the search document, through its trigram
/// index): when it holds anything but letters, digits and spaces, or more words than are looked for
/// ('%', '3-in-1').
fn needs_phrase(term: &str) -> bool {
    term.split_whitespace().count() > MAX_SEARCH_WORDS || term.chars().any(|c| !c.is_alphanumeric() && c != ' ')
}

/// The words that stand for one concept, in three tiers for ranking.
#[derive(Debug, Default, PartialEq, Eq)]
struct Wanted {
    /// The typed word, or its closest dictionary word.
    closest: Vec<String>,
    /// The typed word and the words one edit away.
    near: Vec<String>,
    /// Every word that stands for it: matches and one-word synonyms.
    any: Vec<String>,
    /// The typed phrase's words, when the concept is a phrase ('back cover'): a name holding all is a
    /// closest match.
    typed_phrase: Option<Vec<String>>,
    /// The words of each synonym that is a phrase ('usb c').
    phrases: Vec<Vec<String>>,
}

impl Wanted {
    fn add_synonym(&mut self, term: &str) {
        let words = words_of(term);
        if let [word] = words.as_slice() {
            let plural = (!word.ends_with('s')).then(|| format!("{word}s"));
            for form in std::iter::once(word.clone()).chain(plural) {
                if !self.any.contains(&form) {
                    self.any.push(form);
                }
            }
        } else if !self.phrases.contains(&words) && self.typed_phrase.as_ref() != Some(&words) {
            self.phrases.push(words);
        }
    }
}

/// The concepts of a search with the words standing for each; `matches` holds each looked-up word's
/// dictionary matches, closest first, with whether each is near.
fn wanted(
    concepts: &[Concept],
    matches: &HashMap<String, Vec<(String, bool)>>,
    synonyms: &SynonymGroups,
) -> Vec<Wanted> {
    concepts
        .iter()
        .map(|concept| {
            let mut wanted = Wanted::default();
            if concept.typed.contains(' ') {
                wanted.typed_phrase = Some(words_of(&concept.typed));
            } else {
                let word = concept.typed.clone();
                let found = matches.get(&word).map(Vec::as_slice).unwrap_or_default();
                wanted.closest = vec![found.first().map_or(word.clone(), |(m, _)| m.clone())];
                wanted.near = std::iter::once(word.clone())
                    .chain(found.iter().filter(|(_, near)| *near).map(|(m, _)| m.clone()))
                    .collect();
                wanted.any = std::iter::once(word.clone()).chain(found.iter().map(|(m, _)| m.clone())).collect();
                wanted.near.dedup();
                wanted.any.dedup();
                // A typo of a synonym ('airpod', 'chargr') stands for its group too.
                for (near, _) in found.iter().filter(|(m, near)| *near && *m != word) {
                    for term in synonyms.group(near).unwrap_or_default() {
                        wanted.add_synonym(term);
                    }
                }
            }
            for term in &concept.synonyms {
                wanted.add_synonym(term);
            }
            wanted
        })
        .collect()
}

/// Collects a query's array parameters from `$2` on (`$1` is the phrase pattern).
struct Params(Vec<Vec<String>>);

impl Params {
    fn add(&mut self, words: &[String]) -> String {
        self.0.push(words.to_vec());
        format!("${}", self.0.len() + 1)
    }

    /// Whether `column` holds one of `words` or every word of one of `phrases`.
    fn holds(&mut self, column: &str, words: &[String], phrases: &[&Vec<String>]) -> String {
        let mut tests = Vec::new();
        if !words.is_empty() {
            tests.push(format!("{column} && {}", self.add(words)));
        }
        for phrase in phrases {
            tests.push(format!("{column} @> {}", self.add(phrase)));
        }
        if tests.is_empty() {
            "FALSE".to_owned()
        } else {
            format!("({})", tests.join(" OR "))
        }
    }
}

/// The search query: products holding a word of at least one concept, or the phrase when it is needed.
/// They rank by how many concepts they hold, then names holding the phrase (for several words or
/// punctuation), then by how many concepts their name holds through the closest word, through a word one
/// edit away, through any word, then newest first. Answers the SQL and its array parameters; limit and offset follow them.
fn search_sql(wanted: &[Wanted], phrase: bool) -> (String, Vec<Vec<String>>) {
    let mut params = Params(Vec::new());
    let (mut matched, mut closest, mut near, mut any) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for w in wanted {
        let typed: Vec<&Vec<String>> = w.typed_phrase.iter().collect();
        let every: Vec<&Vec<String>> = w.typed_phrase.iter().chain(&w.phrases).collect();
        matched.push(params.holds("search_words", &w.any, &every));
        closest.push(params.holds("name_words", &w.closest, &typed));
        near.push(params.holds("name_words", &w.near, &typed));
        any.push(params.holds("name_words", &w.any, &every));
    }
    let mut matching = matched.clone();
    if phrase {
        matching.push("search_doc LIKE $1 ESCAPE '\\'".to_owned());
    }
    let matching = if matching.is_empty() { "FALSE".to_owned() } else { matching.join(" OR ") };
    let count = |tests: &[String]| tests.iter().map(|t| format!("{t}::int")).collect::<Vec<_>>().join(" + ");
    let mut ranking = Vec::new();
    // With one concept every product found holds it: counting would only cost time.
    if wanted.len() > 1 {
        ranking.push(format!("{} DESC", count(&matched)));
    }
    // A name holding the whole search says more than the tiers only for several words or punctuation; for
    // one word the tiers already rank names holding it (and the LIKE costs about 1 ms on 1,667 rows).
    if phrase || wanted.len() != 1 {
        ranking.push("(lower(name) LIKE $1 ESCAPE '\\') DESC".to_owned());
    }
    if !wanted.is_empty() {
        ranking.extend([&closest, &near, &any].map(|tier| format!("{} DESC", count(tier))));
    }
    let next = params.0.len() + 2;
    let sql = format!(
        "SELECT id FROM products WHERE {matching} ORDER BY {}, id DESC LIMIT ${next} OFFSET ${}",
        ranking.join(", "),
        next + 1
    );
    (sql, params.0)
}

/// The words of a search that are looked up in the dictionary, each once.
fn lookups(concepts: &[Concept]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for concept in concepts.iter().filter(|c| !c.typed.contains(' ') && looked_up(&c.typed)) {
        if !words.contains(&concept.typed) {
            words.push(concept.typed.clone());
        }
    }
    words
}

/// Products matching a search, best first.
pub(super) fn search(
    conn: &mut PgConnection,
    terms: &SearchTerms,
    synonyms: &SynonymGroups,
    page: Page,
) -> Result<Vec<Product>, RepositoryError> {
    let term = terms.as_str();
    let mut concepts = synonyms.concepts(&words_of(term));
    concepts.truncate(MAX_SEARCH_WORDS);
    let lookups = lookups(&concepts);
    let mut matches: HashMap<String, Vec<(String, bool)>> = HashMap::new();
    if !lookups.is_empty() {
        let rows: Vec<WordMatch> =
            Prepared::new(WORD_MATCHES).bind(Bind::Texts(lookups.clone())).load(conn).map_err(from_diesel)?;
        for row in rows {
            let searched = usize::try_from(row.n - 1).ok().and_then(|i| lookups.get(i));
            if let Some(searched) = searched {
                matches.entry(searched.clone()).or_default().push((row.word, row.near));
            }
        }
    }
    let (sql, arrays) = search_sql(&wanted(&concepts, &matches, synonyms), needs_phrase(term));
    // Prepared under its text: searches of the same shape (the same number of words and synonyms) share a plan.
    let mut query = Prepared::new(sql).bind(Bind::Text(format!("%{}%", escape_like(term))));
    for array in arrays {
        query = query.bind(Bind::Texts(array));
    }
    let ids: Vec<i64> = query
        .bind(Bind::BigInt(i64::from(page.limit())))
        .bind(Bind::BigInt(i64::from(page.offset())))
        .load::<IdRow>(conn)
        .map_err(from_diesel)?
        .into_iter()
        .map(|row| row.id)
        .collect();
    products_by_ids(conn, &ids)
}

/// The search with each word no product holds replaced by the closest word one does, or `None` when no
/// word is replaced.
pub(super) fn correction(conn: &mut PgConnection, terms: &SearchTerms) -> Result<Option<String>, RepositoryError> {
    let words = words_of(terms.as_str());
    let lookups: Vec<String> = words.iter().filter(|w| looked_up(w)).take(MAX_SEARCH_WORDS).cloned().collect();
    if lookups.is_empty() {
        return Ok(None);
    }
    let found: Vec<Correction> = conn
        .transaction(|conn| {
            diesel::sql_query("SET LOCAL pg_trgm.similarity_threshold = 0.3").execute(conn)?;
            diesel::sql_query(CORRECTIONS).bind::<Array<Text>, _>(&lookups).load(conn)
        })
        .map_err(from_diesel)?;
    let replaced: HashMap<&str, String> = found
        .into_iter()
        .filter_map(|c| Some((lookups.get(usize::try_from(c.n - 1).ok()?)?.as_str(), c.word?)))
        .collect();
    let corrected: Vec<&str> =
        words.iter().map(|w| replaced.get(w.as_str()).map_or(w.as_str(), String::as_str)).collect();
    Ok((corrected != words.iter().map(String::as_str).collect::<Vec<_>>()).then(|| corrected.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuation_and_long_searches_are_also_matched_as_a_phrase() {
        assert!(needs_phrase("3-in-1 stand"));
        assert!(needs_phrase("%"));
        assert!(needs_phrase("a b c d e f g h i"));
        assert!(!needs_phrase("spark 20"));
        assert!(!needs_phrase("a15 cover"));
    }

    #[test]
    fn each_concept_is_counted_and_ranked_by_its_name_tiers_with_limit_and_offset_last() {
        let wanted = [
            Wanted {
                closest: vec!["case".into()],
                near: vec!["case".into()],
                any: vec!["case".into()],
                ..Wanted::default()
            },
            Wanted { typed_phrase: Some(vec!["type".into(), "c".into()]), ..Wanted::default() },
        ];

        let (sql, params) = search_sql(&wanted, false);

        assert_eq!(
            sql,
            "SELECT id FROM products WHERE (search_words && $2) OR (search_words @> $6) ORDER BY \
             (search_words && $2)::int + (search_words @> $6)::int DESC, (lower(name) LIKE $1 ESCAPE '\\') DESC, \
             (name_words && $3)::int + (name_words @> $7)::int DESC, (name_words && $4)::int + (name_words @> $8)::int \
             DESC, (name_words && $5)::int + (name_words @> $9)::int DESC, id DESC LIMIT $10 OFFSET $11"
        );
        assert_eq!(params.len(), 8);
        assert_eq!(
            search_sql(&[], true).0,
            "SELECT id FROM products WHERE search_doc LIKE $1 ESCAPE '\\' ORDER BY \
             (lower(name) LIKE $1 ESCAPE '\\') DESC, id DESC LIMIT $2 OFFSET $3"
        );
    }

    #[test]
    fn a_typo_of_a_synonym_stands_for_its_group() {
        let synonyms =
            SynonymGroups::parse(&[vec!["airpods".into(), "earbuds".into(), "wireless earbuds".into()]]).unwrap();
        let concepts = synonyms.concepts(&words_of("airpod"));
        let matches = HashMap::from([("airpod".to_owned(), vec![("airpods".to_owned(), true)])]);

        let wanted = wanted(&concepts, &matches, &synonyms);

        assert_eq!(
            wanted,
            [Wanted {
                closest: vec!["airpods".into()],
                near: vec!["airpod".into(), "airpods".into()],
                any: vec!["airpod".into(), "airpods".into(), "earbuds".into()],
                typed_phrase: None,
                phrases: vec![vec!["wireless".into(), "earbuds".into()]],
            }]
        );
    }
}
