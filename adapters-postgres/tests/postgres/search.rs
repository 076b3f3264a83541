//! Search over PostgreSQL: words found with a typo, one edit anywhere, ranking, the owner's synonym groups
//! and the correction offered when nothing is found.

use adapters_postgres::test_support::TestDb;
use adapters_postgres::PgCatalogRepository;
use application::catalog::model::{NewProduct, SearchTerms};
use application::catalog::ports::{CatalogRepository, CatalogWriter};
use application::catalog::synonyms::SynonymStore;
use application::common::page::Page;
use domain::category::CategoryName;
use domain::ids::ProductId;
use domain::search::SynonymGroups;

use crate::repositories::{category, product};

#[tokio::test]
async fn search_finds_new_words_with_a_typo_and_follows_a_renamed_category() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let banks = category(&repo, "Power Banks", None).await;
    let older = repo.create_product(product("Zorbax Mini 10000mAh", banks, false, &[])).await.unwrap();
    let newer = repo.create_product(product("Slim Pack", banks, false, &[])).await.unwrap();
    let search = |q: &str| {
        let (repo, q) = (repo.clone(), q.to_owned());
        async move {
            let found =
                repo.search(&SearchTerms::parse(&q).unwrap(), &SynonymGroups::default(), Page::FIRST).await.unwrap();
            found.into_iter().map(|p| p.id).collect::<Vec<ProductId>>()
        }
    };

    assert_eq!(search("zorbx").await, [older], "a word first seen in this product, one letter short");
    assert_eq!(search("power bankz").await, [newer, older], "both words of the category, newest first");
    assert_eq!(search("slim power").await, [newer, older], "both words first, then one of them");
    assert_eq!(search("jumpstartr").await, []);
    repo.update_category(banks, CategoryName::parse("Jumpstarters").unwrap(), None, None).await.unwrap();
    assert_eq!(search("jumpstartr").await, [newer, older], "the renamed category's word");
    assert_eq!(search("mini 10000").await, [older], "a number is matched as part of the phrase");
}

#[tokio::test]
async fn the_closest_word_ranks_first_then_newest() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let chargers = category(&repo, "Chargers", None).await;
    let charger = repo.create_product(product("Fast Charger 20W", chargers, false, &[])).await.unwrap();
    let cable = repo.create_product(product("USB Charging Cable", chargers, false, &[])).await.unwrap();
    let stand = repo.create_product(product("Phone Stand", chargers, false, &[])).await.unwrap();

    let found =
        repo.search(&SearchTerms::parse("chargr").unwrap(), &SynonymGroups::default(), Page::FIRST).await.unwrap();

    // 'charger' is nearer 'chargr' than 'charging'; the stand matches only through its category.
    assert_eq!(found.into_iter().map(|p| p.id).collect::<Vec<_>>(), [charger, cable, stand]);
}

#[tokio::test]
async fn one_edit_anywhere_in_a_word_of_five_letters_or_more_finds_it_however_rare() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let mounts = category(&repo, "Mounts", None).await;
    let stand = repo.create_product(product("Vepilifeg Stand", mounts, false, &[])).await.unwrap();
    repo.create_product(product("Epiifegz Clip", mounts, false, &[])).await.unwrap();
    repo.create_product(product("Kivo Holder", mounts, false, &[])).await.unwrap();
    let search = |q: &str| {
        let (repo, q) = (repo.clone(), q.to_owned());
        async move {
            let found =
                repo.search(&SearchTerms::parse(&q).unwrap(), &SynonymGroups::default(), Page::FIRST).await.unwrap();
            found.into_iter().map(|p| p.id).collect::<Vec<ProductId>>()
        }
    };

    for (typo, edit) in [
        ("vepiifeg", "a letter dropped in the middle"),
        ("epilifeg", "the first letter dropped"),
        ("vepilxifeg", "a letter added"),
        ("vepixifeg", "a letter changed"),
        ("vepilifex", "the last letter changed"),
        ("vepiilfeg", "two letters swapped"),
        ("evpilifeg", "the first two letters swapped"),
        ("stnd", "a letter dropped from a five-letter word"),
        ("satnd", "two letters swapped in a five-letter word"),
    ] {
        assert_eq!(search(typo).await, [stand], "{edit}: {typo}");
    }
    assert_eq!(search("vxepiifeg").await, [], "two edits: 'epiifegz' shares a deletion but is no match either");
    assert_eq!(search("kvio").await, [], "two letters swapped in a four-letter word");
    assert_eq!(search("jivo").await, [], "a letter changed in a four-letter word");
}

#[tokio::test]
async fn a_word_one_edit_away_ranks_names_holding_the_closest_match_first_then_any_match_then_newest() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let mounts = category(&repo, "Mounts", None).await;
    let named = repo.create_product(product("Vepilifeg Stand", mounts, false, &[])).await.unwrap();
    let near = repo.create_product(product("Vepilifeg Stands", mounts, false, &[])).await.unwrap();
    let described = repo
        .create_product(NewProduct {
            description: "Holds a Vepilifeg too.".to_owned(),
            name_ur: None,
            description_ur: None,
            ..product("Desk Stand", mounts, false, &[])
        })
        .await
        .unwrap();
    let newest = repo.create_product(product("Vepilifeg Stand Pro", mounts, false, &[])).await.unwrap();
    let one_word = repo.create_product(product("Epiifegz Stand", mounts, false, &[])).await.unwrap();

    let found = repo
        .search(&SearchTerms::parse("vepiifeg stand").unwrap(), &SynonymGroups::default(), Page::FIRST)
        .await
        .unwrap();

    // Names holding both closest matches ('vepilifeg', 'stand') newest first, then a name holding a farther
    // match ('stands'), then the description; 'epiifegz' is two edits from 'vepiifeg', so that product
    // holds one searched word of two and comes last.
    assert_eq!(found.into_iter().map(|p| p.id).collect::<Vec<_>>(), [newest, named, near, described, one_word]);
}

fn groups(list: &[&[&str]]) -> SynonymGroups {
    SynonymGroups::parse(&list.iter().map(|g| g.iter().map(|t| (*t).to_owned()).collect()).collect::<Vec<_>>()).unwrap()
}

#[tokio::test]
async fn the_seeded_groups_are_read_and_a_replacement_is_kept_in_order() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());

    let seeded = repo.synonyms().await.unwrap();
    repo.replace_synonyms(&groups(&[&["handsfree", "earphones"], &["type c", "usb c", "c type"]])).await.unwrap();
    let replaced = repo.synonyms().await.unwrap();

    assert_eq!(seeded.group("back cover").unwrap()[..3], ["cover", "back cover", "mobile cover"]);
    assert_eq!(seeded.group("usb c").unwrap()[0], "type c");
    assert_eq!(replaced.groups(), [vec!["handsfree", "earphones"], vec!["type c", "usb c", "c type"]]);
}

#[tokio::test]
async fn a_synonym_or_its_phrase_finds_the_group_and_more_concepts_rank_first() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = category(&repo, "Accessories", None).await;
    let pouch = repo.create_product(product("Leather Pouch", cases, false, &[])).await.unwrap();
    let usb_c = repo.create_product(product("USB-C Fast Charger", cases, false, &[])).await.unwrap();
    let infinix = repo.create_product(product("Infinix Hot 40 Silicone Case", cases, false, &[])).await.unwrap();
    let synonyms = groups(&[&["cover", "case", "pouch"], &["type c", "usb c"]]);
    let search = |q: &str| {
        let (repo, q, synonyms) = (repo.clone(), q.to_owned(), synonyms.clone());
        async move {
            let found = repo.search(&SearchTerms::parse(&q).unwrap(), &synonyms, Page::FIRST).await.unwrap();
            found.into_iter().map(|p| p.id).collect::<Vec<ProductId>>()
        }
    };

    assert_eq!(search("cover").await, [infinix, pouch], "names holding a synonym, newest first");
    assert_eq!(search("infinix cover").await, [infinix, pouch], "both concepts first, then one");
    assert_eq!(search("type c").await, [usb_c], "a phrase stands for a phrase");
    assert_eq!(search("hot 40").await, [infinix], "a number is a word of the name");
}

#[tokio::test]
async fn a_search_finding_nothing_is_corrected_to_words_products_hold() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let chargers = category(&repo, "Adapters", None).await;
    repo.create_product(product("Fast Charger 20W", chargers, false, &[])).await.unwrap();
    let correction = |q: &str| {
        let (repo, q) = (repo.clone(), q.to_owned());
        async move { repo.correction(&SearchTerms::parse(&q).unwrap()).await.unwrap() }
    };

    assert_eq!(correction("chrager 20w").await.as_deref(), Some("charger 20w"));
    assert_eq!(correction("charger").await, None, "a word a product holds");
    assert_eq!(correction("zzqxv").await, None, "nothing near");
}
