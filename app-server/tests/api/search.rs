//! Search the way shoppers in Pakistan ask (issue 25): the owner's synonym groups ('cover' finds cases and
//! pouches, 'type c' USB-C, 'airpods' earbuds, 'handsfree' earphones), products holding more of the searched
//! words first, model words ('spark 20', 'a15'), the correction offered when nothing is found, and the admin
//! API that edits the groups.

use serde_json::json;

use crate::helpers::{shop_of, TestApp};

/// Category, name and description of a small shop, added in this order (so later ones are newer).
const SHOP: &[(&str, &str, &str)] = &[
    ("Phone Cases", "Silicone Case for Redmi Note 13", "Soft matte silicone."),
    ("Phone Cases", "Infinix Hot 40 Back Cover", "Shockproof TPU."),
    ("Phone Cases", "Leather Flip Pouch", "Fits most 6.5 inch phones."),
    ("Phone Cases", "Tecno Spark 20 Clear Case", "Transparent and slim."),
    ("Phone Cases", "Samsung Galaxy A15 Rugged Cover", "Raised edges for the camera."),
    ("Chargers", "20W Type-C Fast Charger", "PD wall charger."),
    ("Chargers", "Dual USB Wall Adapter", "Two USB-A ports, 2.4A."),
    ("Cables", "USB-C Charging Cable 1m", "Fast charging and data."),
    ("Cables", "Micro USB Data Cable", "For older phones."),
    ("Audio", "Wireless Earbuds Pro", "Bluetooth 5.3 with a charging case."),
    ("Audio", "TWS Buds Lite", "Light true wireless stereo."),
    ("Audio", "Wired Earphones with Mic", "3.5 mm jack."),
    ("Audio", "Hands Free Type-C Earphones", "Digital sound for USB-C phones."),
    ("Power Banks", "Slim 10000mAh Power Bank", "Charges two phones."),
];

async fn shop() -> TestApp {
    shop_of(SHOP).await
}

async fn search(app: &TestApp, q: &str) -> Vec<String> {
    let (status, body) = app.get_json(&format!("/api/products/search?q={q}")).await;
    assert_eq!(status, 200, "{q}: {body}");
    body.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect()
}

const SAMSUNG_COVER: &str = "Samsung Galaxy A15 Rugged Cover";
const INFINIX_COVER: &str = "Infinix Hot 40 Back Cover";
const TECNO_CASE: &str = "Tecno Spark 20 Clear Case";
const POUCH: &str = "Leather Flip Pouch";
const REDMI_CASE: &str = "Silicone Case for Redmi Note 13";
const EARBUDS: &str = "Wireless Earbuds Pro";

#[tokio::test]
async fn a_cover_is_a_case_or_a_pouch_and_names_saying_what_was_typed_come_first() {
    let app = shop().await;

    assert_eq!(
        search(&app, "cover").await,
        [SAMSUNG_COVER, INFINIX_COVER, TECNO_CASE, POUCH, REDMI_CASE, EARBUDS],
        "names saying 'cover', then names saying a synonym newest first, then a description ('charging case')"
    );
    assert_eq!(
        search(&app, "back%20cover").await,
        [INFINIX_COVER, SAMSUNG_COVER, TECNO_CASE, POUCH, REDMI_CASE, EARBUDS],
        "the phrase as typed first"
    );
    assert_eq!(
        search(&app, "mobile%20cover").await,
        [SAMSUNG_COVER, TECNO_CASE, POUCH, INFINIX_COVER, REDMI_CASE, EARBUDS],
        "no name says 'mobile cover': every name saying one of its synonyms, newest first"
    );
}

#[tokio::test]
async fn products_holding_more_of_the_searched_words_come_first_and_the_rest_still_follow() {
    let app = shop().await;

    assert_eq!(
        search(&app, "infinix%20cover").await,
        [INFINIX_COVER, SAMSUNG_COVER, TECNO_CASE, POUCH, REDMI_CASE, EARBUDS],
        "both words first, then covers that say nothing of Infinix"
    );
    assert_eq!(
        search(&app, "type%20c%20charger").await,
        [
            "20W Type-C Fast Charger",
            "USB-C Charging Cable 1m",
            "Hands Free Type-C Earphones",
            "Dual USB Wall Adapter",
            "Slim 10000mAh Power Bank",
            EARBUDS
        ],
        "type-c and a charger first (USB-C is type c, 'charging' near 'charger'), then one of the two"
    );
    assert_eq!(search(&app, "infinex%20kavar").await[0], INFINIX_COVER, "Roman spellings of both");
}

#[tokio::test]
async fn a_typo_ranks_names_one_edit_away_before_farther_names_and_descriptions() {
    let app = shop().await;

    assert_eq!(
        search(&app, "chargr").await,
        [
            "20W Type-C Fast Charger",
            "USB-C Charging Cable 1m",
            "Dual USB Wall Adapter",
            "Slim 10000mAh Power Bank",
            EARBUDS
        ],
        "'charger' is one edit away; 'charging' and the synonym 'adapter' farther; then descriptions"
    );
}

#[tokio::test]
async fn airpods_are_earbuds_and_handsfree_are_earphones() {
    let app = shop().await;

    assert_eq!(search(&app, "airpods").await, ["TWS Buds Lite", EARBUDS]);
    assert_eq!(search(&app, "AirPod").await, ["TWS Buds Lite", EARBUDS], "a typo of a synonym");
    assert_eq!(search(&app, "handsfree").await, ["Hands Free Type-C Earphones", "Wired Earphones with Mic"]);
}

#[tokio::test]
async fn a_model_word_finds_the_model_in_names() {
    let app = shop().await;

    assert_eq!(search(&app, "spark%2020").await, [TECNO_CASE]);
    assert_eq!(search(&app, "a15").await, [SAMSUNG_COVER]);
    assert_eq!(search(&app, "note%2013").await, [REDMI_CASE]);
    assert_eq!(search(&app, "galaxy%20a15%20cover").await[0], SAMSUNG_COVER);
}

#[tokio::test]
async fn a_search_that_finds_nothing_offers_a_correction_when_one_exists() {
    let app = shop().await;

    let (status, found) = app.get_json("/api/products/search-correction?q=earfones").await;
    let (_, nothing_near) = app.get_json("/api/products/search-correction?q=zzqxv").await;
    let (_, found_anyway) = app.get_json("/api/products/search-correction?q=chargr").await;
    let (blank, refused) = app.get_json("/api/products/search-correction?q=%20").await;

    assert_eq!(search(&app, "earfones").await, Vec::<String>::new());
    assert_eq!((status, found), (200, json!({"correction": "earphones"})));
    assert_eq!(search(&app, "earphones").await.len(), 2);
    assert_eq!(nothing_near, json!({"correction": null}));
    assert_eq!(found_anyway, json!({"correction": null}), "the search finds products");
    assert_eq!((blank, refused["errors"]["q"][0].clone()), (400, json!("Enter something to search for.")));
}

async fn put_synonyms(app: &TestApp, cookie: Option<&str>, body: serde_json::Value) -> (u16, serde_json::Value) {
    let mut request = app.client.put(format!("{}/api/admin/search-synonyms", app.address)).json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn the_owner_edits_the_synonym_groups_and_searches_follow_at_once() {
    let app = shop().await;
    let cookie = app.admin_cookie().await;
    assert_eq!(search(&app, "dabba").await, Vec::<String>::new());
    let (_, seeded) = app.send(&cookie, "GET", "/api/admin/search-synonyms", None).await;

    let (status, saved) =
        put_synonyms(&app, Some(&cookie), json!({"groups": [["Dabba", "Power-Bank", "dabba"], ["  ", ""]]})).await;
    let (_, read_back) = app.send(&cookie, "GET", "/api/admin/search-synonyms", None).await;

    assert_eq!(
        seeded["groups"][0].as_array().unwrap()[..3],
        [json!("cover"), json!("back cover"), json!("mobile cover")]
    );
    assert_eq!((status, saved.clone()), (200, json!({"groups": [["dabba", "power bank"]]})));
    assert_eq!(read_back, saved);
    assert_eq!(search(&app, "dabba").await, ["Slim 10000mAh Power Bank"], "the new group, without waiting");
    assert_eq!(search(&app, "pouch").await, [POUCH], "the seeded groups are gone");
}

#[tokio::test]
async fn bad_synonym_groups_are_400s_naming_the_group_and_change_nothing() {
    let app = shop().await;
    let cookie = app.admin_cookie().await;
    let (_, before) = app.send(&cookie, "GET", "/api/admin/search-synonyms", None).await;
    let long = "x".repeat(41);

    let cases = [
        (
            json!({"groups": [["cover", "case"], ["Cover", "pouch"]]}),
            "groups[1]",
            "\"cover\" is already in another group.",
        ),
        (
            json!({"groups": [["cover", "case"], [], [" "], ["cover", "pouch"]]}),
            "groups[3]",
            "\"cover\" is already in another group.",
        ),
        (json!({"groups": [["cover", "COVER"]]}), "groups[0]", "A group needs at least two different terms."),
        (json!({"groups": [["cover", "!!"]]}), "groups[0]", "A term needs a letter or a digit."),
        (
            json!({"groups": [["cover", "one two three four"]]}),
            "groups[0]",
            "A term is at most 40 characters and 3 words.",
        ),
        (json!({"groups": [["cover", long]]}), "groups[0]", "A term is at most 40 characters and 3 words."),
    ];
    for (body, field, message) in cases {
        let (status, answer) = put_synonyms(&app, Some(&cookie), body.clone()).await;

        assert_eq!(status, 400, "{body}");
        assert_eq!(answer, json!({"message": message, "errors": {field: [message]}}), "{body}");
    }
    for body in [json!({"groups": "cover, case"}), json!({"groups": [["cover", 7]]}), json!({})] {
        let (status, answer) = put_synonyms(&app, Some(&cookie), body.clone()).await;

        assert_eq!(status, 400, "{body}");
        assert!(answer["message"].is_string(), "{answer}");
    }
    let (anonymous, _) = put_synonyms(&app, None, json!({"groups": []})).await;
    let (reader, _) = app.get_json("/api/admin/search-synonyms").await;
    let (_, after) = app.send(&cookie, "GET", "/api/admin/search-synonyms", None).await;

    assert_eq!((anonymous, reader), (401, 401));
    assert_eq!(after, before);
}
