//! The places an address names, for the rule on a city that does not match: every place and province of
//! `domain::locations` as people write them, found as whole words in any case. A place whose name is also an
//! everyday word of addresses ('Bagh', 'Tank', 'Hub') is left out: 'Shalimar Bagh' names no town.

use std::sync::LazyLock;

use crate::locations::Province;

/// A place name an address may hold: a city, a province, or both (Islamabad).
#[derive(Clone)]
struct PlaceName {
    /// Lower-case words.
    words: String,
    city: Option<&'static str>,
    province: Option<Province>,
}

/// The words of a province's name as people write them: `KhyberPakhtunkhwa` as 'Khyber Pakhtunkhwa',
/// 'Khyber-Pakhtunkhwa' or 'KhyberPakhtunkhwa'.
fn province_spellings(province: Province) -> Vec<String> {
    let name = province.name();
    let mut spaced = String::new();
    for (i, c) in name.char_indices() {
        if i > 0 && c.is_uppercase() {
            spaced.push(' ');
        }
        spaced.push(c);
    }
    let mut spellings = vec![spaced.to_lowercase()];
    if spaced != name {
        spellings.push(name.to_lowercase());
    }
    spellings
}

/// Every city and province spelling, built once.
static PLACE_NAMES: LazyLock<Vec<PlaceName>> = LazyLock::new(place_names);

fn place_names() -> Vec<PlaceName> {
    let mut names = Vec::new();
    for province in Province::ALL {
        for place in province.places().iter().filter(|place| !place.is_common_word()) {
            let city = place.name();
            let both = province.name() == city;
            names.push(PlaceName { words: city.to_lowercase(), city: Some(city), province: both.then_some(province) });
        }
        if !province.cities().any(|city| city == province.name()) {
            for words in province_spellings(province) {
                names.push(PlaceName { words, city: None, province: Some(province) });
            }
        }
    }
    names
}

/// The address in lower-case words separated by single spaces, with a space at each end.
fn words_of(address: &str) -> String {
    let cleaned: String = address.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    format!(" {} ", cleaned.to_lowercase().split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The places an address names, in the order they appear; a longer name wins over a shorter one inside it
/// ('Gilgit Baltistan' is the province, not the city Gilgit).
fn places_named(address: &str) -> Vec<PlaceName> {
    let text = words_of(address);
    let mut found: Vec<(usize, usize, PlaceName)> = Vec::new();
    for name in PLACE_NAMES.iter() {
        let needle = format!(" {} ", name.words);
        let mut from = 0;
        while let Some(at) = text[from..].find(&needle) {
            let start = from + at;
            found.push((start, start + needle.len() - 1, name.clone()));
            from = start + 1;
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then((b.1 - b.0).cmp(&(a.1 - a.0))));
    let mut kept: Vec<(usize, usize, PlaceName)> = Vec::new();
    for (start, end, name) in found {
        if kept.iter().all(|(s, e, _)| end <= *s || start >= *e) {
            kept.push((start, end, name));
        }
    }
    kept.into_iter().map(|(_, _, name)| name).collect()
}

/// The reason when no city was chosen, or `address` names a city other than `city` or a province other
/// than `province` (each as the table spells it).
pub(super) fn city_mismatch(address: &str, city: Option<&str>, province: Option<&str>) -> Option<String> {
    let Some(city) = city else { return Some("No city was chosen.".to_owned()) };
    let named = places_named(address);
    if let Some(other) = named.iter().filter_map(|n| n.city).find(|named| !named.eq_ignore_ascii_case(city)) {
        return Some(format!("The address names {other}, but the city chosen is {city}."));
    }
    let chosen = province.and_then(|p| p.parse::<Province>().ok())?;
    named
        .iter()
        .filter(|n| n.city.is_none())
        .filter_map(|n| n.province)
        .find(|named| *named != chosen)
        .map(|other| format!("The address names {other}, but the province chosen is {chosen}."))
}
