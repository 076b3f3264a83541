use serde_json::json;

use crate::helpers::{new_product, spawn_app, spawn_app_with};

#[tokio::test]
async fn a_product_is_answered_with_the_prices_the_shopper_pays() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Clear case", cases, (999, None, 15), 2, true)).await;

    let (status, body) = app.get_json(&format!("/api/products/{id}")).await;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "_id": id.to_string(),
            "name": "Clear case",
            "nameUr": null,
            "category": {"_id": cases.to_string(), "name": "Cases", "nameUr": null},
            "price": 999,
            "salePrice": null,
            "discountPercent": 15,
            "finalPrice": 849,
            "discount": 15,
            "description": "About Clear case",
            "descriptionUr": null,
            "color": null,
            "quantity": 2,
            "stock": 2,
            "featured": true,
            "freeDelivery": false,
            "media": [{
                "url": "/media/10.webp",
                "kind": "image",
                "width": 800,
                "variants": [{"url": "/media/10-320.webp", "width": 320}, {"url": "/media/10-640.webp", "width": 640}]
            }],
            "rating": null,
            "reviewCount": 0,
            "ratingSpread": {"5": 0, "4": 0, "3": 0, "2": 0, "1": 0}
        })
    );
}

#[tokio::test]
async fn a_sale_price_shows_its_rounded_percentage() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let id = app.add_product(new_product("Armor", cases, (3500, Some(2999), 0), 10, false)).await;

    let (_, body) = app.get_json(&format!("/api/products/{id}")).await;

    assert_eq!((body["finalPrice"].clone(), body["discount"].clone()), (json!(2999), json!(14)));
}

#[tokio::test]
async fn the_lists_hold_all_or_only_featured_products_newest_first() {
    let app = spawn_app().await;
    let cables = app.add_category("Cables", None).await;
    app.add_product(new_product("USB-C", cables, (500, None, 0), 5, true)).await;
    app.add_product(new_product("Lightning", cables, (700, None, 0), 5, false)).await;

    let (all_status, all) = app.get_json("/api/products").await;
    let (featured_status, featured) = app.get_json("/api/products/featured").await;

    assert_eq!((all_status, featured_status), (200, 200));
    let names =
        |list: &serde_json::Value| list.as_array().unwrap().iter().map(|p| p["name"].clone()).collect::<Vec<_>>();
    assert_eq!(names(&all), [json!("Lightning"), json!("USB-C")]);
    assert_eq!(names(&featured), [json!("USB-C")]);
}

#[tokio::test]
async fn paging_limits_and_skips() {
    let app = spawn_app().await;
    let cables = app.add_category("Cables", None).await;
    for name in ["a", "bb", "ccc"] {
        app.add_product(new_product(name, cables, (100, None, 0), 1, false)).await;
    }

    let (_, page) = app.get_json("/api/products?limit=1&offset=1").await;

    assert_eq!(page.as_array().unwrap().len(), 1);
    assert_eq!(page[0]["name"], "bb");
}

#[tokio::test]
async fn categories_list_their_parent_and_full_path() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let samsung = app.add_category("Samsung", Some(cases)).await;

    let (status, body) = app.get_json("/api/categories").await;

    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!([
            {"_id": cases.to_string(), "name": "Cases", "nameUr": null, "parent": null, "fullPath": "Cases", "views": 0},
            {"_id": samsung.to_string(), "name": "Samsung", "nameUr": null, "parent": cases.to_string(), "fullPath": "Cases > Samsung", "views": 0}
        ])
    );
}

#[tokio::test]
async fn the_delivery_charge_is_answered_in_whole_rupees() {
    let app = spawn_app().await;
    app.set_delivery_charge(250).await;

    let (status, body) = app.get_json("/api/settings/delivery-charge").await;

    assert_eq!((status, body), (200, json!({"deliveryCharge": 250})));
}

#[tokio::test]
async fn an_unknown_product_is_a_404_with_a_message() {
    let app = spawn_app().await;

    let (status, body) = app.get_json("/api/products/987654").await;

    assert_eq!((status, body), (404, json!({"message": "Product not found."})));
}

#[tokio::test]
async fn malformed_product_ids_are_a_400_naming_the_id() {
    let app = spawn_app().await;

    for (raw, shown) in
        [("abc", "abc"), ("0", "0"), ("-5", "-5"), ("1.5", "1.5"), ("99999999999999999999", "99999999999999999999")]
    {
        let (status, body) = app.get_json(&format!("/api/products/{raw}")).await;

        assert_eq!(status, 400, "{raw}");
        assert_eq!(body["message"], format!("'{shown}' is not a valid id."), "{raw}");
        assert_eq!(body["errors"]["id"][0], format!("'{shown}' is not a valid id."), "{raw}");
    }
}

#[tokio::test]
async fn bad_paging_is_a_400_naming_the_parameter() {
    let app = spawn_app().await;

    let (limit_status, limit) = app.get_json("/api/products?limit=0").await;
    let (offset_status, offset) = app.get_json("/api/categories?offset=-1").await;
    let (text_status, text) = app.get_json("/api/products/featured?limit=ten").await;

    assert_eq!((limit_status, limit["errors"]["limit"][0].clone()), (400, json!("limit must be between 1 and 100.")));
    assert_eq!((offset_status, offset["errors"]["offset"][0].clone()), (400, json!("offset must be 0 or more.")));
    assert_eq!(text_status, 400);
    assert!(text["message"].as_str().unwrap().starts_with("Invalid query parameters"), "{text}");
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404_not_the_app_page() {
    let app = spawn_app().await;

    let (status, body) = app.get_json("/api/no-such-thing").await;

    assert_eq!((status, body), (404, json!({"message": "No such resource."})));
}

/// Category, name and description of the products the search tests look for, and of those that only
/// mention the words searched for.
const SEARCHED: &[(&str, &str, &str)] = &[
    (
        "iPhone Cases",
        "iPhone 15 Pro Silicone Case with MagSafe",
        "Soft-touch silicone with a microfibre lining and built-in magnets that snap to MagSafe chargers.",
    ),
    (
        "iPhone Cases",
        "iPhone 14 Clear Shockproof Case",
        "Crystal-clear back that will not yellow, with air-cushioned corners for drops up to 2 metres.",
    ),
    (
        "iPhone Cases",
        "iPhone 13 Leather Wallet Case",
        "Genuine leather folio with three card slots and a stand for watching videos.",
    ),
    (
        "iPhone Cases",
        "iPhone 15 Rugged Armor Case",
        "Dual-layer protection with a carbon-fibre texture and raised lips for the screen and camera.",
    ),
    ("iPhone Cases", "iPhone 12 Glitter Case", "Sparkling liquid glitter in a flexible TPU frame."),
    ("Infinix & Tecno Cases", "Infinix Hot 40 Pro Clear Case", "Clear TPU case that shows off the phone's colour."),
    (
        "Wall Chargers",
        "20W USB-C PD Fast Charger",
        "Charges an iPhone to 50% in about 30 minutes. Universal 3-pin friendly.",
    ),
    (
        "Wall Chargers",
        "Samsung 25W Super Fast Charger",
        "Super Fast Charging for Galaxy phones with Power Delivery 3.0 PPS.",
    ),
    (
        "Wall Chargers",
        "65W GaN Dual-Port Charger",
        "Compact gallium-nitride charger that powers a laptop and a phone at once.",
    ),
    ("Wall Chargers", "Dual USB 2.4A Home Charger", "Two USB-A ports for everyday charging."),
    ("Car Chargers", "Dual-Port 38W Car Charger", "USB-C PD and Quick Charge ports for long drives on the motorway."),
    ("Car Chargers", "Car Charger with Coiled USB-C Cable", "Coiled cable that stretches to the back seat."),
    (
        "Wireless Chargers",
        "15W Magnetic Wireless Charger",
        "Snaps onto MagSafe iPhones and charges through thin cases.",
    ),
    ("Wireless Chargers", "3-in-1 Wireless Charging Stand", "Phone, earbuds and watch on one stand."),
    ("USB-C Cables", "USB-A to USB-C Fast Charging Cable", "3A fast charging and data sync."),
    ("Lightning Cables", "USB-C to Lightning Cable 1m", "Fast-charges an iPhone with a PD charger."),
    ("Lightning Cables", "Braided Lightning Cable 2m", "Extra-long braided cable for charging in bed."),
    ("Micro-USB Cables", "Micro-USB Charging Cable 1m", "For older phones, speakers and power banks."),
    (
        "Wireless Earbuds",
        "Wireless Earbuds Pro with ANC",
        "Active noise cancelling, six hours of music and a wireless charging case.",
    ),
    ("Wired Handsfree", "USB-C Wired Earphones", "Digital sound for phones without a headphone jack."),
    ("Neckbands", "Bluetooth Neckband 30h", "Thirty hours of battery and magnetic earbuds."),
    ("Neckbands", "Sports Neckband with Mic", "Light, splash-proof and made for the gym."),
    ("Power Banks", "Magnetic 5000mAh Power Bank", "Clips onto the back of a MagSafe iPhone."),
    ("Power Banks", "30000mAh Power Bank 65W", "Charges a laptop; keeps a family's phones alive through an outage."),
    ("Tempered Glass", "iPhone 15 Tempered Glass (2-Pack)", "9H glass with an easy-install frame."),
    ("Privacy Glass", "iPhone 15 Pro Privacy Glass", "Keeps your screen private on a crowded bus."),
];

/// A shop holding [`SEARCHED`], added in this order, each category made once.
async fn searched_shop() -> crate::helpers::TestApp {
    crate::helpers::shop_of(SEARCHED).await
}

fn names(list: &serde_json::Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn search_forgives_a_typo_and_ranks_names_first() {
    let app = searched_shop().await;

    let (status, chargers) = app.get_json("/api/products/search?q=chargr").await;
    let (_, iphone) = app.get_json("/api/products/search?q=IPHON").await;
    let (_, by_category) = app.get_json("/api/products/search?q=neckband").await;

    assert_eq!(status, 200);
    let chargers = names(&chargers);
    assert!(chargers.len() >= 8, "{chargers:?}");
    assert!(chargers[..8].iter().all(|n| n.contains("Charg")), "names first: {chargers:?}");
    assert!(names(&iphone).iter().take(3).all(|n| n.starts_with("iPhone")), "{iphone}");
    assert_eq!(names(&by_category), ["Sports Neckband with Mic", "Bluetooth Neckband 30h"]);
}

#[tokio::test]
async fn search_finds_a_rare_word_with_one_edit_anywhere_and_ranks_names_holding_it_first() {
    let app = spawn_app().await;
    let mounts = app.add_category("Mounts", None).await;
    for name in
        ["Vepilifeg Stand", "Vepilifeg Stands", "Desk Stand", "Vepilifeg Stand Pro", "Epiifegz Clip", "Kivo Grip"]
    {
        let mut product = new_product(name, mounts, (900, None, 0), 3, false);
        if name == "Desk Stand" {
            product.description = "Holds a Vepilifeg too.".to_owned();
        }
        app.add_product(product).await;
    }
    let search = |q: &'static str| {
        let app = &app;
        async move {
            let (status, body) = app.get_json(&format!("/api/products/search?q={q}")).await;
            assert_eq!(status, 200, "{q}");
            names(&body)
        }
    };

    for typo in ["vepiifeg", "vepilxifeg", "vepixifeg", "vepiilfeg", "VEPILIFEX", "epilifeg"] {
        assert_eq!(
            search(typo).await,
            ["Vepilifeg Stand Pro", "Vepilifeg Stands", "Vepilifeg Stand", "Desk Stand"],
            "{typo}: names holding the word newest first, then the description"
        );
    }
    assert_eq!(
        search("stnd").await,
        ["Vepilifeg Stand Pro", "Desk Stand", "Vepilifeg Stand", "Vepilifeg Stands"],
        "a letter dropped from a five-letter word; the plural of the synonym group's 'stand' after"
    );
    assert_eq!(
        search("vepiifeg%20stand").await,
        ["Vepilifeg Stand Pro", "Vepilifeg Stand", "Vepilifeg Stands", "Desk Stand"],
        "names holding each word's closest match, then a farther match ('stands'), then any match"
    );
    assert_eq!(search("vxepiifeg").await, Vec::<String>::new(), "two edits away from every word");
    assert_eq!(search("kvio").await, Vec::<String>::new(), "two letters swapped in a four-letter word");
    assert_eq!(search("jivo").await, Vec::<String>::new(), "a letter changed in a four-letter word");
}

#[tokio::test]
async fn search_treats_sql_and_like_wildcards_as_text() {
    let app = searched_shop().await;

    let (_, percent) = app.get_json("/api/products/search?q=%25").await;
    assert_eq!(names(&percent), ["20W USB-C PD Fast Charger"], "only the description that holds a literal '%'");
    for q in ["_", "%5C"] {
        let (status, body) = app.get_json(&format!("/api/products/search?q={q}")).await;

        assert_eq!(status, 200, "{q}");
        assert_eq!(body, json!([]), "{q}");
    }
    // SQL is searched as words: a case that also says 'drops' first, then ('table' is one edit from 'cable').
    let (status, cases) = app.get_json("/api/products/search?q=case'%3B%20DROP%20TABLE%20products%3B--").await;
    assert_eq!(status, 200);
    assert_eq!(names(&cases)[0], "iPhone 14 Clear Shockproof Case", "{cases}");
    let (status, _) = app.get_json("/api/products/search?q='%20OR%201=1%20--").await;
    assert_eq!(status, 200);
    let (_, still_there) = app.get_json("/api/products?limit=1").await;
    assert_eq!(still_there.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn blank_overlong_and_badly_paged_searches_are_400s() {
    let app = spawn_app().await;
    let long = "a".repeat(10_000);

    let cases = [
        ("/api/products/search".to_owned(), "q", "Enter something to search for."),
        ("/api/products/search?q=%20%20".to_owned(), "q", "Enter something to search for."),
        (format!("/api/products/search?q={long}"), "q", "Search terms are limited to 100 characters."),
        ("/api/products/search?q=case&offset=-1".to_owned(), "offset", "offset must be 0 or more."),
        ("/api/products/search?q=case&limit=-5".to_owned(), "limit", "limit must be between 1 and 100."),
    ];
    for (path, field, message) in cases {
        let (status, body) = app.get_json(&path).await;

        assert_eq!(
            (status, body["errors"][field][0].clone()),
            (400, json!(message)),
            "{}",
            &path[..path.len().min(60)]
        );
    }
}

#[tokio::test]
async fn a_category_page_holds_its_products_and_a_section_per_child() {
    let app = spawn_app().await;
    let cases = app.add_category("Cases", None).await;
    let samsung = app.add_category("Samsung", Some(cases)).await;
    let apple = app.add_category("Apple", Some(cases)).await;
    app.add_product(new_product("Universal pouch", cases, (500, None, 0), 3, false)).await;
    app.add_product(new_product("Galaxy case", samsung, (900, None, 0), 3, false)).await;

    let (status, body) = app.get_json(&format!("/api/categories/with-products/{cases}")).await;

    assert_eq!(status, 200);
    assert_eq!(
        body["category"],
        json!({"_id": cases.to_string(), "name": "Cases", "nameUr": null, "parent": null, "fullPath": "Cases", "views": 0})
    );
    assert_eq!(names(&body["parentProducts"]), ["Universal pouch"]);
    assert_eq!(body["children"][0]["_id"], apple.to_string());
    assert_eq!(body["children"][0]["products"], json!([]));
    assert_eq!(body["children"][1]["name"], "Samsung");
    assert_eq!(names(&body["children"][1]["products"]), ["Galaxy case"]);
}

#[tokio::test]
async fn category_views_count_up_and_unknown_or_malformed_ids_are_refused() {
    // Two shoppers, named by a trusted proxy on loopback: one shopper's views count once an hour.
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1".to_owned())]).await;
    let cases = app.add_category("Cases", None).await;
    let url = |id: &str| format!("{}/api/categories/increment-view/{id}", app.address);
    let view =
        |shopper: &'static str| app.client.put(url(&cases.to_string())).header("x-forwarded-for", shopper).send();

    let first: serde_json::Value = view("203.0.113.1").await.unwrap().json().await.unwrap();
    let second: serde_json::Value = view("203.0.113.2").await.unwrap().json().await.unwrap();
    let unknown = app.client.put(url("999999")).send().await.unwrap();
    let malformed = app.client.put(url("abc")).send().await.unwrap();

    assert_eq!((first, second), (json!({"views": 1}), json!({"views": 2})));
    assert_eq!(unknown.status(), 404);
    assert_eq!(unknown.json::<serde_json::Value>().await.unwrap(), json!({"message": "Category not found."}));
    assert_eq!(malformed.status(), 400);
    let page_status = app.get_json("/api/categories/with-products/999999").await;
    assert_eq!(page_status, (404, json!({"message": "Category not found."})));
    assert_eq!(app.get_json("/api/categories/with-products/x1").await.0, 400);
}
