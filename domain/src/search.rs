//! How shoppers' words are read in a search: the words of a text, the words that say nothing on their own,
//! and the owner's synonym groups ('cover', 'back cover', 'case'), which turn a searched word or phrase
//! into every way of saying it.

use std::collections::HashMap;

/// The most synonym groups the owner keeps.
pub const MAX_SYNONYM_GROUPS: usize = 500;
/// The most terms in one group.
pub const MAX_GROUP_TERMS: usize = 20;
/// The longest term, in characters.
pub const MAX_TERM_CHARS: usize = 40;
/// The most words in one term.
pub const MAX_TERM_WORDS: usize = 3;

/// Words that carry no meaning of their own in a search ('cover for infinix', 'infinix ka cover'); a
/// search made only of them is searched as typed.
pub const FILLER_WORDS: &[&str] =
    &["a", "an", "and", "for", "in", "of", "the", "to", "with", "ka", "ke", "ki", "wala", "wali"];

/// The words of a text as the search index splits it: lower-cased, split at anything but a letter or a
/// digit.
#[must_use]
pub fn words_of(text: &str) -> Vec<String> {
    text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect()
}

/// A synonym group or the whole list that cannot be kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SynonymError {
    #[error("At most {} synonym groups.", MAX_SYNONYM_GROUPS)]
    TooManyGroups,
    #[error("A group needs at least two different terms.")]
    TooFewTerms,
    #[error("A group holds at most {} terms.", MAX_GROUP_TERMS)]
    TooManyTerms,
    #[error("A term needs a letter or a digit.")]
    EmptyTerm,
    #[error("A term is at most {} characters and {} words.", MAX_TERM_CHARS, MAX_TERM_WORDS)]
    TermTooLong,
    #[error("\"{0}\" is already in another group.")]
    InTwoGroups(String),
}

/// Why a list of groups was refused: the group (counted from 0) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct SynonymListError {
    /// The group at fault, or `None` for the list as a whole.
    pub group: Option<usize>,
    pub reason: SynonymError,
}

/// The owner's synonym groups: each a list of terms (a word or a phrase of up to three words) that a
/// search treats as one. Terms are kept in their search form (lower-cased, punctuation as spaces, single
/// spaces) and no term is in two groups.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SynonymGroups {
    groups: Vec<Vec<String>>,
    /// Each term's group.
    group_of: HashMap<String, usize>,
}

impl SynonymGroups {
    /// Checks groups as the owner typed them; repeated terms inside a group are kept once, and a group
    /// left empty by the form (all its terms blank, a blank line) is dropped. A group at fault is named by
    /// its place in `typed`, blank groups counted, so the form's line numbers hold.
    ///
    /// # Errors
    /// [`SynonymListError`] naming the first group at fault.
    pub fn parse(typed: &[Vec<String>]) -> Result<Self, SynonymListError> {
        let mut groups: Vec<Vec<String>> = Vec::new();
        let mut group_of = HashMap::new();
        for (at, terms) in typed.iter().enumerate() {
            if terms.iter().all(|t| t.trim().is_empty()) {
                continue;
            }
            let fail = |reason| SynonymListError { group: Some(at), reason };
            if groups.len() == MAX_SYNONYM_GROUPS {
                return Err(SynonymListError { group: None, reason: SynonymError::TooManyGroups });
            }
            let mut group: Vec<String> = Vec::new();
            for term in terms {
                let words = words_of(term);
                if words.is_empty() {
                    return Err(fail(SynonymError::EmptyTerm));
                }
                let term = words.join(" ");
                if words.len() > MAX_TERM_WORDS || term.chars().count() > MAX_TERM_CHARS {
                    return Err(fail(SynonymError::TermTooLong));
                }
                if !group.contains(&term) {
                    group.push(term);
                }
            }
            if group.len() < 2 {
                return Err(fail(SynonymError::TooFewTerms));
            }
            if group.len() > MAX_GROUP_TERMS {
                return Err(fail(SynonymError::TooManyTerms));
            }
            for term in &group {
                if group_of.insert(term.clone(), groups.len()).is_some() {
                    return Err(fail(SynonymError::InTwoGroups(term.clone())));
                }
            }
            groups.push(group);
        }
        Ok(Self { groups, group_of })
    }

    /// The groups, in the owner's order.
    #[must_use]
    pub fn groups(&self) -> &[Vec<String>] {
        &self.groups
    }

    /// The terms of the group holding `term` (in search form), if one does.
    #[must_use]
    pub fn group(&self, term: &str) -> Option<&[String]> {
        self.group_of.get(term).map(|&i| self.groups[i].as_slice())
    }

    /// Reads searched words as concepts: from the left, the longest phrase of up to three words that is a
    /// term of a group becomes one concept with the group's other terms as synonyms; any other word is a
    /// concept of its own. Filler words are left out unless nothing else is left.
    #[must_use]
    pub fn concepts(&self, words: &[String]) -> Vec<Concept> {
        let meaningful: Vec<String> = words.iter().filter(|w| !FILLER_WORDS.contains(&w.as_str())).cloned().collect();
        let words = if meaningful.is_empty() { words.to_vec() } else { meaningful };
        let mut concepts: Vec<Concept> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let longest = (1..=MAX_TERM_WORDS.min(words.len() - i)).rev().find_map(|n| {
                let phrase = words[i..i + n].join(" ");
                self.group(&phrase).map(|group| (n, phrase, group))
            });
            let concept = match longest {
                Some((n, phrase, group)) => {
                    i += n;
                    Concept { synonyms: group.iter().filter(|t| **t != phrase).cloned().collect(), typed: phrase }
                }
                None => {
                    i += 1;
                    Concept { typed: words[i - 1].clone(), synonyms: Vec::new() }
                }
            };
            if !concepts.iter().any(|c| c.typed == concept.typed) {
                concepts.push(concept);
            }
        }
        concepts
    }
}

/// One thing a shopper searched for: a word or a phrase as typed, and the other terms of its synonym group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Concept {
    /// The word or phrase, in search form.
    pub typed: String,
    /// The other terms of its group, in search form.
    pub synonyms: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(list: &[&[&str]]) -> Result<SynonymGroups, SynonymListError> {
        SynonymGroups::parse(&list.iter().map(|g| g.iter().map(|t| (*t).to_owned()).collect()).collect::<Vec<_>>())
    }

    fn words(text: &str) -> Vec<String> {
        words_of(text)
    }

    #[test]
    fn terms_are_kept_in_search_form_once() {
        let synonyms = groups(&[&["Type-C", " USB  C ", "type c"], &[], &["Cover", "back cover"]]).unwrap();

        assert_eq!(synonyms.groups(), [vec!["type c", "usb c"], vec!["cover", "back cover"]]);
        assert_eq!(synonyms.group("usb c").unwrap(), ["type c", "usb c"]);
        assert_eq!(synonyms.group("usb"), None);
    }

    #[test]
    fn bad_groups_are_named_with_the_reason() {
        let fail = |list: &[&[&str]]| groups(list).unwrap_err();

        assert_eq!(
            fail(&[&["cover", "case"], &["cover", "pouch"]]),
            SynonymListError { group: Some(1), reason: SynonymError::InTwoGroups("cover".into()) }
        );
        assert_eq!(
            fail(&[&["cover", "case"], &[], &[" "], &["cover", "pouch"]]).group,
            Some(3),
            "blank groups count in the place named"
        );
        assert_eq!(fail(&[&["cover", "Cover"]]).reason, SynonymError::TooFewTerms);
        assert_eq!(fail(&[&["cover", "--"]]).reason, SynonymError::EmptyTerm);
        assert_eq!(fail(&[&["cover", "a b c d"]]).reason, SynonymError::TermTooLong);
        assert_eq!(fail(&[&["cover", &"x".repeat(41)]]).reason, SynonymError::TermTooLong);
        assert_eq!(SynonymError::InTwoGroups("cover".into()).to_string(), "\"cover\" is already in another group.");
    }

    #[test]
    fn the_longest_phrase_that_is_a_term_becomes_one_concept() {
        let synonyms = groups(&[&["type c", "usb c"], &["charger", "adapter"], &["cover", "back cover"]]).unwrap();

        let concepts = synonyms.concepts(&words("Type-C charger for a back cover 20"));

        assert_eq!(
            concepts,
            [
                Concept { typed: "type c".into(), synonyms: vec!["usb c".into()] },
                Concept { typed: "charger".into(), synonyms: vec!["adapter".into()] },
                Concept { typed: "back cover".into(), synonyms: vec!["cover".into()] },
                Concept { typed: "20".into(), synonyms: vec![] },
            ]
        );
    }

    #[test]
    fn a_search_of_filler_words_only_is_kept() {
        let concepts = SynonymGroups::default().concepts(&words("for the"));

        assert_eq!(concepts.iter().map(|c| c.typed.as_str()).collect::<Vec<_>>(), ["for", "the"]);
    }
}
