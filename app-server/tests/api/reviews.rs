//! Reviews end to end (docs/contract.md §6, docs/reviews.md): both forms, every refusal of issue 13 with nothing
//! stored and no file left in MEDIA_DIR, pictures stripped of their EXIF, moderation and replies, and the
//! products' ratings after each change.

use std::collections::HashMap;

use adapters_media::test_support::{picture, png_declaring};
use domain::ids::ProductId;
use image::ImageFormat;
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{new_product, spawn_app_with, TestApp};

/// A shop with a Phone Case (Rs 850) and a USB-C Cable (Rs 500), delivery Rs 200, and Ayesha, who has
/// bought one of each in an order that has been delivered.
struct Shop {
    app: TestApp,
    case: ProductId,
    cable: ProductId,
    /// Ayesha's uid and `Cookie` header.
    ayesha: (i64, String),
    admin: String,
    /// Her delivered order.
    order: String,
    /// Its review tokens, by product id.
    tokens: HashMap<String, String>,
}

async fn shop() -> Shop {
    shop_with(&[]).await
}

/// The shop of [`shop`] on an app started with further configuration variables.
async fn shop_with(extra: &[(&'static str, String)]) -> Shop {
    let app = spawn_app_with(extra).await;
    let category = app.add_category("Cases", None).await;
    let case = app.add_product(new_product("Phone Case", category, (900, Some(850), 0), 50, false)).await;
    let cable = app.add_product(new_product("USB-C Cable", category, (500, None, 0), 50, false)).await;
    app.set_delivery_charge(200).await;
    let ayesha = app.customer("ayesha@example.pk").await;
    let admin = app.admin_cookie().await;
    let (order, tokens) = delivered_order(&app, &admin, &ayesha.1, &[(case, 850), (cable, 500)]).await;
    Shop { app, case, cable, ayesha, admin, order, tokens }
}

fn order_body(lines: &[(ProductId, i64)]) -> Value {
    let subtotal: i64 = lines.iter().map(|(_, price)| price).sum();
    json!({
        "userDetails": {
            "province": "Punjab", "city": "Lahore", "name": "Ayesha Khan", "phone1": "0300 1234567",
            "email": "ayesha@example.pk", "address": "House 12, Gulberg III"
        },
        "cart": lines.iter().map(|(id, price)| json!({"productId": id.to_string(), "quantity": 1, "price": price}))
            .collect::<Vec<_>>(),
        "subtotal": subtotal, "deliveryCharge": 200, "coupon": null, "couponDiscount": 0, "total": subtotal + 200
    })
}

/// Places an order of one of each product as the customer of `cookie`; answers its id.
async fn place(app: &TestApp, cookie: &str, lines: &[(ProductId, i64)]) -> String {
    let (status, placed) = app.place_order(cookie, &order_body(lines), None).await;
    assert_eq!(status, 201, "{placed}");
    placed["order"]["_id"].as_str().unwrap().to_owned()
}

/// Places an order and has the admin deliver it; answers its id and its review tokens by product id.
async fn delivered_order(
    app: &TestApp,
    admin: &str,
    cookie: &str,
    lines: &[(ProductId, i64)],
) -> (String, HashMap<String, String>) {
    let id = place(app, cookie, lines).await;
    let mut last = Value::Null;
    for step in ["approved", "dispatched", "delivered"] {
        let (status, body) =
            app.send(admin, "PUT", &format!("/api/orders/{id}/status"), Some(json!({"status": step}))).await;
        assert_eq!(status, 200, "{body}");
        last = body;
    }
    let tokens = last["order"]["reviewTokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["productId"].as_str().unwrap().to_owned(), t["token"].as_str().unwrap().to_owned()))
        .collect();
    (id, tokens)
}

fn png(width: u32, height: u32) -> Vec<u8> {
    picture(ImageFormat::Png, width, height)
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    picture(ImageFormat::Jpeg, width, height)
}

/// A form of text fields and files (field name, bytes, file name).
fn form(fields: &[(&str, &str)], files: Vec<(&str, Vec<u8>, &str)>) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text((*name).to_owned(), (*value).to_owned());
    }
    for (name, bytes, file_name) in files {
        form = form.part(name.to_owned(), Part::bytes(bytes).file_name(file_name.to_owned()));
    }
    form
}

async fn post_form(app: &TestApp, cookie: &str, path: &str, form: Form) -> (u16, Value) {
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .header("cookie", cookie)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    assert_eq!(response.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-store"), "{path}");
    (status, response.json().await.unwrap())
}

impl Shop {
    fn token(&self, product: ProductId) -> String {
        self.tokens[&product.to_string()].clone()
    }

    /// POST /api/review-tokens/submit with `token`, a name, `rating`, a comment and `files`.
    async fn submit_token(&self, token: &str, rating: &str, files: Vec<(&str, Vec<u8>, &str)>) -> (u16, Value) {
        let fields = [("token", token), ("reviewerName", "Ayesha"), ("rating", rating), ("comment", "Holds firm.")];
        post_form(&self.app, "", "/api/review-tokens/submit", form(&fields, files)).await
    }

    /// POST /api/reviews/internal-submit as the customer of `cookie`.
    async fn submit_internal(
        &self,
        cookie: &str,
        order: &str,
        product: ProductId,
        rating: &str,
        files: Vec<(&str, Vec<u8>, &str)>,
    ) -> (u16, Value) {
        let product = product.to_string();
        let fields = [
            ("productId", product.as_str()),
            ("orderId", order),
            ("userId", "ignored"),
            ("reviewerName", "Ayesha K."),
            ("rating", rating),
            ("comment", "Charges fast."),
        ];
        post_form(&self.app, cookie, "/api/reviews/internal-submit", form(&fields, files)).await
    }

    /// Every stored review, as the admin lists them.
    async fn all_reviews(&self) -> Vec<Value> {
        let (status, body) = self.app.send(&self.admin, "GET", "/api/reviews/all", None).await;
        assert_eq!(status, 200, "{body}");
        body.as_array().unwrap().clone()
    }

    fn media_files(&self) -> Vec<String> {
        std::fs::read_dir(&self.app.config.media_dir)
            .map(|dir| dir.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default()
    }

    async fn verify(&self, token: &str) -> (u16, Value) {
        self.app.get_json(&format!("/api/review-tokens/verify?token={token}")).await
    }

    async fn moderate(&self, id: &str, status: &str) -> (u16, Value) {
        self.app
            .send(&self.admin, "PATCH", &format!("/api/reviews/moderate/{id}"), Some(json!({"status": status})))
            .await
    }

    /// The product as its page, the catalogue list and a search for its name answer it: (rating,
    /// reviewCount, ratingSpread).
    async fn ratings(&self, product: ProductId) -> (Value, Value, Value) {
        let (status, page) = self.app.get_json(&format!("/api/products/{product}")).await;
        assert_eq!(status, 200, "{page}");
        let (_, list) = self.app.get_json("/api/products").await;
        let card = list.as_array().unwrap().iter().find(|p| p["_id"] == json!(product.to_string())).unwrap().clone();
        let name = page["name"].as_str().unwrap().replace(' ', "%20");
        let (_, found) = self.app.get_json(&format!("/api/products/search?q={name}")).await;
        for answer in [&card, &found[0]] {
            assert_eq!(
                (&answer["rating"], &answer["reviewCount"]),
                (&page["rating"], &page["reviewCount"]),
                "cards and search carry the same figures"
            );
        }
        (page["rating"].clone(), page["reviewCount"].clone(), page["ratingSpread"].clone())
    }

    /// Asserts that nothing was stored: no review, no file, and the delivered order's links unused.
    async fn assert_nothing_stored(&self, case: &str) {
        assert_eq!(self.all_reviews().await, Vec::<Value>::new(), "{case}: no review is stored");
        assert_eq!(self.media_files(), Vec::<String>::new(), "{case}: no file is left in MEDIA_DIR");
        for product in [self.case, self.cable] {
            assert_eq!(self.verify(&self.token(product)).await.0, 200, "{case}: the link still works");
        }
    }
}

/// A JPEG as a phone takes it: an APP1 segment with EXIF whose GPS IFD holds a latitude (31° 33' 12.34" N,
/// Lahore), inserted after the start-of-image marker.
fn jpeg_with_gps() -> (Vec<u8>, Vec<u8>) {
    let mut tiff: Vec<u8> = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    // IFD0: one entry, GPSInfo (0x8825), LONG, pointing at the GPS IFD at 26.
    tiff.extend_from_slice(&[0x00, 0x01, 0x88, 0x25, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 26]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    // GPS IFD: GPSLatitudeRef "N", GPSLatitude three RATIONALs at 56.
    tiff.extend_from_slice(&[0x00, 0x02]);
    tiff.extend_from_slice(&[0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, b'N', 0, 0, 0]);
    tiff.extend_from_slice(&[0x00, 0x02, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 56]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    assert_eq!(tiff.len(), 56);
    let latitude: Vec<u8> = [31u32, 1, 33, 1, 1234, 100].iter().flat_map(|n| n.to_be_bytes()).collect();
    tiff.extend_from_slice(&latitude);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&u16::try_from(2 + 6 + tiff.len()).unwrap().to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend_from_slice(&tiff);
    let plain = jpeg(900, 600);
    let mut photo = plain[..2].to_vec();
    photo.extend_from_slice(&segment);
    photo.extend_from_slice(&plain[2..]);
    (photo, latitude)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[tokio::test]
async fn a_token_review_with_two_pictures_is_stored_pending_and_its_link_then_says_it_was_used() {
    let shop = shop().await;
    let token = shop.token(shop.case);

    let (status, verified) = shop.verify(&token).await;
    assert_eq!(status, 200, "{verified}");
    assert_eq!(
        verified,
        json!({"productName": "Phone Case", "productId": shop.case.to_string(), "userId": shop.ayesha.0.to_string()})
    );

    let files = vec![("images", png(1500, 1000), "a.png"), ("images[]", jpeg(300, 200), "b.jpg")];
    let (status, body) = shop.submit_token(&token, "4", files).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!((&body["success"], &body["message"]), (&json!(true), &json!("Thank you for your review!")));
    let review = &body["review"];
    assert_eq!(review["status"], "pending");
    assert_eq!(review["rating"], 4);
    assert_eq!(review["reviewerName"], "Ayesha");
    assert_eq!(review["comment"], "Holds firm.");
    assert_eq!(review["adminReply"], Value::Null);
    assert_eq!(review["productId"], json!({"_id": shop.case.to_string(), "name": "Phone Case"}));
    assert_eq!(review["orderId"], json!(shop.order));
    assert_eq!(review["userId"], json!({"_id": shop.ayesha.0.to_string(), "name": "Ayesha Khan"}));
    let images = review["images"].as_array().unwrap();
    assert_eq!(images.len(), 2);
    assert!(images.iter().all(|url| url.as_str().unwrap().ends_with(".webp")), "{images:?}");
    let widths: Vec<Vec<i64>> = review["imageVariants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_array().unwrap().iter().map(|c| c["width"].as_i64().unwrap()).collect())
        .collect();
    assert_eq!(widths, [vec![320, 640, 1280], vec![]]);
    assert_eq!(review["imageVariants"][0][2]["url"], images[0], "the 1280 px copy is the kept picture itself");
    assert_eq!(shop.media_files().len(), 2 + 2, "two pictures and the 320 and 640 px copies of the wide one");
    let served = shop.app.get(images[0].as_str().unwrap()).await;
    assert_eq!(served.headers()["content-type"], "image/webp");
    let served = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!((served.width(), served.height()), (1280, 853), "never served wider than its largest copy");

    assert_eq!(shop.verify(&token).await, (410, json!({"message": "This review link has already been used."})));
    assert_eq!(
        shop.submit_token(&token, "5", vec![]).await,
        (410, json!({"message": "This review link has already been used."}))
    );
    assert_eq!(shop.all_reviews().await.len(), 1);
    assert_eq!(shop.app.get_json(&format!("/api/reviews/approved/{}", shop.case)).await, (200, json!([])));
}

#[tokio::test]
async fn an_internal_review_is_stored_pending_once_per_item_and_uses_up_the_items_link() {
    let shop = shop().await;
    let (uid, cookie) = shop.ayesha.clone();

    let (status, body) = shop.submit_internal(&cookie, &shop.order, shop.cable, "5", vec![]).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!(body["review"]["status"], "pending");
    assert_eq!(body["review"]["reviewerName"], "Ayesha K.");
    assert_eq!(body["review"]["images"], json!([]));
    let (status, reviewed) =
        shop.app.send(&cookie, "GET", &format!("/api/review-tokens/status?userId={uid}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(
        reviewed,
        json!({"success": true, "reviewed": [{"productId": shop.cable.to_string(), "orderId": shop.order}]})
    );
    assert_eq!(shop.verify(&shop.token(shop.cable)).await.0, 410, "the e-mailed link says it was used");
    assert_eq!(
        shop.submit_internal(&cookie, &shop.order, shop.cable, "4", vec![]).await,
        (409, json!({"message": "You have already reviewed this product for this order."}))
    );
    assert_eq!(
        shop.submit_token(&shop.token(shop.cable), "4", vec![]).await,
        (410, json!({"message": "This review link has already been used."}))
    );
    assert_eq!(shop.all_reviews().await.len(), 1);
}

/// A refused upload: what it is, the rating, the files, the expected status and message.
type BadUpload = (&'static str, &'static str, Vec<(&'static str, Vec<u8>, &'static str)>, u16, &'static str);

#[tokio::test]
async fn bad_uploads_and_ratings_are_refused_with_nothing_stored_and_no_file_left() {
    let shop = shop().await;
    let token = shop.token(shop.case);
    let (_, cookie) = shop.ayesha.clone();
    let cases: Vec<BadUpload> = vec![
        (
            "a 6th image",
            "5",
            (0..6).map(|_| ("images", png(50, 50), "p.png")).collect(),
            400,
            "You can only upload up to 5 images.",
        ),
        (
            "an SVG",
            "5",
            vec![("images", b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec(), "x.svg")],
            415,
            "Only image files (jpg, png, etc.) are allowed.",
        ),
        (
            "an HTML file named .jpg",
            "5",
            vec![("images", b"<!doctype html><html><body>hi</body></html>".to_vec(), "photo.jpg")],
            415,
            "Only image files (jpg, png, etc.) are allowed.",
        ),
        (
            "a decompression bomb after a good picture",
            "5",
            vec![("images", png(700, 500), "ok.png"), ("images", png_declaring(30_000, 30_000), "bomb.png")],
            413,
            "The picture is 30000 × 30000 pixels: pictures may have at most 40 megapixels. Make it smaller and try again.",
        ),
        ("rating 0", "0", vec![("images", png(700, 500), "ok.png")], 400, "Please provide a valid rating."),
        ("rating 6", "6", vec![], 400, "Please provide a valid rating."),
        ("rating 4.5", "4.5", vec![], 400, "Please provide a valid rating."),
    ];

    for (case, rating, files, status, message) in cases {
        let internal_files = files.clone();
        let (got, body) = shop.submit_token(&token, rating, files).await;
        assert_eq!(
            (got, body["message"].as_str().unwrap_or_default()),
            (status, message),
            "token form, {case}: {body}"
        );
        shop.assert_nothing_stored(case).await;

        let (got, body) = shop.submit_internal(&cookie, &shop.order, shop.case, rating, internal_files).await;
        assert_eq!(
            (got, body["message"].as_str().unwrap_or_default()),
            (status, message),
            "internal form, {case}: {body}"
        );
        shop.assert_nothing_stored(case).await;
    }

    // A 6 MB picture is answered as soon as it passes 5 MB and the connection closes with the rest unread. A
    // browser reads that answer even while its upload is cut off; reqwest gives up on the write instead (a
    // 'broken pipe' when the close comes first), so this one is sent by hand, as a browser sends it.
    let internal = vec![
        RawPart::Text("productId", shop.case.to_string()),
        RawPart::Text("orderId", shop.order.clone()),
        RawPart::Text("reviewerName", "Ayesha K.".into()),
        RawPart::Text("rating", "5".into()),
    ];
    for (form, path, cookie, mut parts) in [
        ("token form", "/api/review-tokens/submit", "", token_fields(&token)),
        ("internal form", "/api/reviews/internal-submit", cookie.as_str(), internal),
    ] {
        parts.push(RawPart::File("images", png(1000, 1000), 6_000_000));

        let sent = send_by_hand(&shop.app, path, cookie, &parts, Framing::ContentLength, Pause::No).await;

        assert_eq!(
            (sent.status, sent.body["message"].as_str()),
            (413, Some("Each image may be at most 5 MB.")),
            "{form}"
        );
        shop.assert_nothing_stored("a 6 MB picture").await;
    }
}

#[tokio::test]
async fn token_refusals_name_the_problem_and_store_nothing() {
    let shop = shop().await;
    let case_token = shop.token(shop.case);
    let picture = || vec![("images", png(700, 500), "ok.png")];

    let other_product = {
        let cable = shop.cable.to_string();
        let fields = [("token", case_token.as_str()), ("reviewerName", "A"), ("rating", "5"), ("productId", &cable)];
        post_form(&shop.app, "", "/api/review-tokens/submit", form(&fields, picture())).await
    };
    assert_eq!(other_product.0, 400, "a token for another product: {}", other_product.1);
    assert_eq!(other_product.1["message"], "This review link is for another product.");
    shop.assert_nothing_stored("a token for another product").await;

    assert_eq!(
        shop.submit_token("no-such-token", "5", picture()).await,
        (404, json!({"message": "Invalid or expired token."}))
    );
    assert_eq!(shop.submit_token("", "5", picture()).await.1["message"], "Missing review token.");
    let nameless = {
        let fields = [("token", case_token.as_str()), ("reviewerName", "  "), ("rating", "5")];
        post_form(&shop.app, "", "/api/review-tokens/submit", form(&fields, picture())).await
    };
    assert_eq!(nameless.0, 400);
    assert_eq!(nameless.1["message"], "Please enter your name.");
    shop.assert_nothing_stored("unknown, missing tokens and no name").await;
    assert_eq!(shop.verify("no-such-token").await, (404, json!({"message": "Invalid or expired token."})));
    // Found by schemathesis: a NUL byte reached PostgreSQL, which refused it, and the answer was a 500.
    for never_issued in ["%00", "abc%00def", "a%2Fb", "%C3%A9"] {
        assert_eq!(
            shop.verify(never_issued).await,
            (404, json!({"message": "Invalid or expired token."})),
            "{never_issued}"
        );
    }
    let nul = [("token", "tok\u{0}en"), ("reviewerName", "Ayesha"), ("rating", "5")];
    assert_eq!(
        post_form(&shop.app, "", "/api/review-tokens/submit", form(&nul, vec![])).await,
        (404, json!({"message": "Invalid or expired token."}))
    );
    assert_eq!(shop.app.get_json("/api/review-tokens/verify").await.1["message"], "Missing review token.");

    assert_eq!(shop.submit_token(&case_token, "5", vec![]).await.0, 201);
    assert_eq!(
        shop.submit_token(&case_token, "5", picture()).await,
        (410, json!({"message": "This review link has already been used."})),
        "a used token"
    );
    assert_eq!(shop.all_reviews().await.len(), 1);
    assert_eq!(shop.media_files(), Vec::<String>::new(), "the used token's picture is not kept");
}

#[tokio::test]
async fn internal_refusals_someone_elses_order_an_undelivered_one_and_a_second_review() {
    let shop = shop().await;
    let (_, ayesha) = shop.ayesha.clone();
    let (_, bilal) = shop.app.customer("bilal@example.pk").await;
    let pending = place(&shop.app, &ayesha, &[(shop.case, 850)]).await;
    let picture = || vec![("images", png(700, 500), "ok.png")];
    let not_yours = json!({"message": "You can only review products from your delivered orders."});

    assert_eq!(
        shop.submit_internal(&bilal, &shop.order, shop.case, "5", picture()).await,
        (403, not_yours.clone()),
        "someone else's order"
    );
    assert_eq!(
        shop.submit_internal(&ayesha, &pending, shop.case, "5", picture()).await,
        (403, not_yours.clone()),
        "an order not yet delivered"
    );
    let (cable_only, _) = delivered_order(&shop.app, &shop.admin, &ayesha, &[(shop.cable, 500)]).await;
    assert_eq!(
        shop.submit_internal(&ayesha, &cable_only, shop.case, "5", picture()).await,
        (403, not_yours.clone()),
        "a product the order does not hold"
    );
    let nothing = shop.submit_internal("", &shop.order, shop.case, "5", picture()).await;
    assert_eq!(nothing.0, 401, "{}", nothing.1);
    let missing = {
        let fields = [("productId", "7"), ("orderId", shop.order.as_str()), ("reviewerName", "A"), ("rating", "5")];
        post_form(&shop.app, &ayesha, "/api/reviews/internal-submit", form(&fields, vec![])).await
    };
    assert_eq!(missing, (400, json!({"message": "Please fill out all fields."})));
    shop.assert_nothing_stored("refused internal reviews").await;

    assert_eq!(shop.submit_internal(&ayesha, &shop.order, shop.case, "5", vec![]).await.0, 201);
    assert_eq!(
        shop.submit_internal(&ayesha, &shop.order, shop.case, "3", picture()).await,
        (409, json!({"message": "You have already reviewed this product for this order."})),
        "a second review of the same pair"
    );
    assert_eq!(shop.all_reviews().await.len(), 1);
    assert_eq!(shop.media_files(), Vec::<String>::new(), "the second review's picture is not kept");
}

#[tokio::test]
async fn a_phone_photos_gps_position_and_exif_are_gone_from_the_stored_file() {
    let shop = shop().await;
    let (photo, latitude) = jpeg_with_gps();
    assert!(contains(&photo, b"Exif\0\0") && contains(&photo, &latitude), "the upload carries its position");

    let (status, body) = shop.submit_token(&shop.token(shop.case), "5", vec![("images", photo, "IMG_2041.jpg")]).await;

    assert_eq!(status, 201, "{body}");
    let url = body["review"]["images"][0].as_str().unwrap().to_owned();
    let mut stored = vec![url];
    stored.extend(
        body["review"]["imageVariants"][0].as_array().unwrap().iter().map(|v| v["url"].as_str().unwrap().to_owned()),
    );
    assert_eq!(stored.len(), 3, "the picture and its 320 and 640 px copies");
    for url in stored {
        let bytes = std::fs::read(shop.app.config.media_dir.join(url.trim_start_matches("/media/"))).unwrap();
        assert!(bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP", "{url} is WebP");
        assert!(!contains(&bytes, b"Exif") && !contains(&bytes, b"EXIF"), "{url} has no EXIF");
        assert!(!contains(&bytes, &latitude), "{url} has no GPS position");
        let decoded = image::load_from_memory(&bytes).unwrap();
        assert!(decoded.width() >= 320);
    }
}

#[tokio::test]
async fn moderation_and_replies_answer_the_review_and_only_approved_ones_are_listed() {
    let shop = shop().await;
    let (_, first) = shop.submit_token(&shop.token(shop.case), "4", vec![("images", png(700, 500), "a.png")]).await;
    let (_, second) = shop.submit_internal(&shop.ayesha.1, &shop.order, shop.cable, "2", vec![]).await;
    let approved_id = first["review"]["_id"].as_str().unwrap().to_owned();
    let rejected_id = second["review"]["_id"].as_str().unwrap().to_owned();

    let (status, approved) = shop.moderate(&approved_id, "approved").await;
    assert_eq!(status, 200, "{approved}");
    assert_eq!(approved["review"]["status"], "approved");
    assert_eq!(approved["review"]["_id"], json!(approved_id));
    let (status, replied) = shop
        .app
        .send(
            &shop.admin,
            "PATCH",
            &format!("/api/reviews/comment/{approved_id}"),
            Some(json!({"adminComment": " Thank you! "})),
        )
        .await;
    assert_eq!(status, 200, "{replied}");
    assert_eq!(replied["review"]["adminReply"], "Thank you!");
    assert_eq!(replied["review"]["status"], "approved");
    assert_eq!(shop.moderate(&rejected_id, "rejected").await.1["review"]["status"], "rejected");

    let (status, listed) = shop.app.get_json(&format!("/api/reviews/approved/{}", shop.case)).await;
    assert_eq!(status, 200);
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 1);
    let review = &listed[0];
    assert_eq!(
        (&review["_id"], &review["status"], &review["rating"], &review["reviewerName"], &review["adminReply"]),
        (&json!(approved_id), &json!("approved"), &json!(4), &json!("Ayesha"), &json!("Thank you!"))
    );
    assert_eq!(review["images"].as_array().unwrap().len(), 1);
    assert!(review["createdAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(
        (&review["orderId"], &review["userId"]),
        (&Value::Null, &Value::Null),
        "no order or account is published"
    );
    assert_eq!(shop.app.get_json(&format!("/api/reviews/approved/{}", shop.cable)).await, (200, json!([])));
    assert_eq!(shop.app.get_json("/api/reviews/approved/999999").await, (200, json!([])), "an unknown product");
    assert_eq!(shop.app.get_json("/api/reviews/approved/abc").await.0, 400);

    let pending_first = shop.all_reviews().await;
    assert_eq!(pending_first.len(), 2);
    let (_, rejected) = shop.app.send(&shop.admin, "GET", "/api/reviews/all?status=rejected", None).await;
    assert_eq!(rejected.as_array().unwrap().len(), 1);
    assert_eq!(rejected[0]["_id"], json!(rejected_id));
    assert_eq!(shop.app.send(&shop.admin, "GET", "/api/reviews/all?status=maybe", None).await.0, 400);

    let (status, cleared) = shop
        .app
        .send(&shop.admin, "PATCH", &format!("/api/reviews/comment/{approved_id}"), Some(json!({"adminComment": ""})))
        .await;
    assert_eq!((status, &cleared["review"]["adminReply"]), (200, &Value::Null));
    // A NUL (which PostgreSQL refuses) or another control character: a 400 naming the field, not a 500
    // (found by schemathesis), and the reply left as it was.
    let (status, refused) = shop
        .app
        .send(
            &shop.admin,
            "PATCH",
            &format!("/api/reviews/comment/{approved_id}"),
            Some(json!({"adminComment": "Thanks\u{0}!"})),
        )
        .await;
    let text = "The reply must not contain control characters other than line breaks and tabs.";
    assert_eq!((status, refused), (400, json!({"message": text, "errors": {"adminComment": [text]}})));
    let (status, kept) = shop
        .app
        .send(
            &shop.admin,
            "PATCH",
            &format!("/api/reviews/comment/{approved_id}"),
            Some(json!({"adminComment": "Line one\nline two\twith a tab"})),
        )
        .await;
    assert_eq!((status, &kept["review"]["adminReply"]), (200, &json!("Line one\nline two\twith a tab")));
    assert_eq!(shop.moderate(&approved_id, "maybe").await.0, 400);
    assert_eq!(shop.moderate("999999", "approved").await, (404, json!({"message": "Review not found."})));
    assert_eq!(shop.app.send("", "GET", "/api/reviews/all", None).await.0, 401);
    assert_eq!(
        shop.app
            .send(
                &shop.ayesha.1,
                "PATCH",
                &format!("/api/reviews/moderate/{approved_id}"),
                Some(json!({"status": "approved"}))
            )
            .await
            .0,
        401
    );

    let (status, deleted) = shop.app.send(&shop.admin, "DELETE", &format!("/api/reviews/{approved_id}"), None).await;
    assert_eq!((status, deleted), (200, json!({"success": true, "message": "Review deleted."})));
    assert_eq!(shop.media_files(), Vec::<String>::new(), "its picture and copies are removed");
    assert_eq!(shop.app.send(&shop.admin, "DELETE", &format!("/api/reviews/{approved_id}"), None).await.0, 404);
    assert_eq!(shop.app.get_json(&format!("/api/reviews/approved/{}", shop.case)).await, (200, json!([])));
}

#[tokio::test]
async fn product_ratings_stay_exact_through_approval_rejection_and_deletion() {
    let shop = shop().await;
    let (_, cookie) = shop.ayesha.clone();
    let mut ids = Vec::new();
    for (n, stars) in ["5", "4", "4"].into_iter().enumerate() {
        let order = if n == 0 {
            shop.order.clone()
        } else {
            delivered_order(&shop.app, &shop.admin, &cookie, &[(shop.case, 850)]).await.0
        };
        let (status, body) = shop.submit_internal(&cookie, &order, shop.case, stars, vec![]).await;
        assert_eq!(status, 201, "{body}");
        ids.push(body["review"]["_id"].as_str().unwrap().to_owned());
    }
    let spread = |five: i64, four: i64| json!({"5": five, "4": four, "3": 0, "2": 0, "1": 0});
    assert_eq!(shop.ratings(shop.case).await, (Value::Null, json!(0), spread(0, 0)), "pending reviews do not count");

    for id in &ids {
        assert_eq!(shop.moderate(id, "approved").await.0, 200);
    }
    assert_eq!(shop.ratings(shop.case).await, (json!(4.3), json!(3), spread(1, 2)), "13 / 3 = 4.33");
    assert_eq!(shop.moderate(&ids[0], "approved").await.0, 200, "approving twice counts once");
    assert_eq!(shop.ratings(shop.case).await.1, json!(3));

    assert_eq!(shop.moderate(&ids[1], "rejected").await.0, 200);
    assert_eq!(shop.ratings(shop.case).await, (json!(4.5), json!(2), spread(1, 1)));

    assert_eq!(shop.app.send(&shop.admin, "DELETE", &format!("/api/reviews/{}", ids[0]), None).await.0, 200);
    assert_eq!(shop.ratings(shop.case).await, (json!(4.0), json!(1), spread(0, 1)));

    assert_eq!(shop.moderate(&ids[2], "pending").await.0, 200);
    assert_eq!(shop.ratings(shop.case).await, (Value::Null, json!(0), spread(0, 0)));
    assert_eq!(shop.ratings(shop.cable).await.1, json!(0));
}

#[tokio::test]
async fn the_reviewed_items_are_told_only_to_their_signed_in_customer() {
    let shop = shop().await;
    let (uid, cookie) = shop.ayesha.clone();
    let (_, bilal) = shop.app.customer("bilal@example.pk").await;
    let path = format!("/api/review-tokens/status?userId={uid}");

    let (status, anonymous) = shop.app.send("", "GET", &path, None).await;
    assert_eq!(status, 401, "{anonymous}");
    assert_eq!(shop.app.send(&bilal, "GET", &path, None).await.0, 403);
    let response =
        shop.app.client.get(format!("{}{path}", shop.app.address)).header("cookie", &cookie).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"success": true, "reviewed": []}));
    assert_eq!(shop.app.send(&cookie, "GET", "/api/review-tokens/status", None).await.0, 400);

    let foreign = shop
        .app
        .client
        .post(format!("{}/api/reviews/internal-submit", shop.app.address))
        .header("cookie", &cookie)
        .header("origin", "https://evil.example")
        .multipart(form(&[("productId", "1")], vec![]))
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), 403, "another site's Origin");
}

#[tokio::test]
async fn two_submits_of_one_token_at_once_make_one_review() {
    let shop = shop().await;
    let token = shop.token(shop.case);

    let (a, b) = tokio::join!(
        shop.submit_token(&token, "5", vec![("images", png(700, 500), "a.png")]),
        shop.submit_token(&token, "4", vec![("images", png(700, 500), "b.png")])
    );

    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 410], "{} {}", a.1, b.1);
    assert_eq!(shop.all_reviews().await.len(), 1);
    assert_eq!(shop.media_files().len(), 1 + 2, "only the stored review's picture and copies are kept");
}

#[tokio::test]
async fn five_pictures_of_nearly_5_mb_each_are_accepted_and_control_characters_refused() {
    let shop = shop().await;
    let nearly_five_megabytes = || {
        let mut bytes = png(400, 300);
        bytes.resize(5 * 1024 * 1024 - 1024, 0);
        bytes
    };
    let files = (0..5).map(|_| ("images", nearly_five_megabytes(), "big.png")).collect();
    let bad_name = {
        let fields = [("token", "x"), ("reviewerName", "Ay\u{7}esha"), ("rating", "5")];
        post_form(&shop.app, "", "/api/review-tokens/submit", form(&fields, vec![])).await
    };
    assert_eq!(bad_name.0, 400);
    assert_eq!(bad_name.1["errors"]["reviewerName"], json!(["The name may not hold control characters."]));

    let (status, body) = shop.submit_token(&shop.token(shop.case), "5", files).await;

    assert_eq!(status, 201, "{body}");
    assert_eq!(body["review"]["images"].as_array().unwrap().len(), 5);
}

#[tokio::test]
async fn a_form_over_its_limits_is_413_before_anything_is_kept() {
    let shop = shop().await;
    let long_comment = "x".repeat(70 * 1024);
    let fields = [("token", "whatever"), ("reviewerName", "A"), ("rating", "5"), ("comment", long_comment.as_str())];

    let (status, body) = post_form(&shop.app, "", "/api/review-tokens/submit", form(&fields, vec![])).await;

    assert_eq!(status, 413, "{body}");
    assert_eq!(
        body["message"],
        "The review form is too large: at most 5 images of 5 MB each, and text fields of at most 64 KiB."
    );
    shop.assert_nothing_stored("oversized forms").await;
}

#[tokio::test]
async fn deleting_a_product_deletes_its_reviews_and_their_pictures() {
    let shop = shop().await;
    let (status, body) = shop.submit_token(&shop.token(shop.case), "5", vec![("images", png(700, 500), "a.png")]).await;
    assert_eq!(status, 201, "{body}");
    let id = body["review"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(shop.moderate(&id, "approved").await.0, 200);
    assert_eq!(shop.media_files().len(), 3);

    let (status, _) = shop.app.send(&shop.admin, "DELETE", &format!("/api/products/{}", shop.case), None).await;

    assert_eq!(status, 200);
    assert_eq!(shop.media_files(), Vec::<String>::new(), "the review's picture and copies are removed");
    assert_eq!(shop.all_reviews().await, Vec::<Value>::new());
    assert_eq!(shop.app.get_json(&format!("/api/reviews/approved/{}", shop.case)).await, (200, json!([])));
    assert_eq!(shop.verify(&shop.token(shop.cable)).await.0, 200, "the other item's link still works");
}

/// A part of a form sent by hand: a text field, or a file of `size` bytes beginning with `head` (the rest
/// zeros).
#[derive(Clone)]
enum RawPart {
    Text(&'static str, String),
    File(&'static str, Vec<u8>, usize),
}

const BOUNDARY: &str = "shop-by-hand-Qw9e";

/// `parts` as a multipart/form-data body, and where the first file's bytes begin in it.
fn multipart(parts: &[RawPart]) -> (Vec<u8>, Option<usize>) {
    let mut body = Vec::new();
    let mut first_file = None;
    for part in parts {
        match part {
            RawPart::Text(name, value) => body.extend_from_slice(
                format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            ),
            RawPart::File(name, head, size) => {
                body.extend_from_slice(
                    format!(
                        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"p.png\"\r\n\
                         Content-Type: image/png\r\n\r\n"
                    )
                    .as_bytes(),
                );
                let start = body.len();
                first_file.get_or_insert(start);
                body.extend_from_slice(head);
                body.resize(start + size, 0);
                body.extend_from_slice(b"\r\n");
            }
        }
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    (body, first_file)
}

/// How a form sent by hand was answered, and how much of its body had been handed to the connection then.
#[derive(Debug)]
struct Sent {
    status: u16,
    body: Value,
    sent_before_answer: usize,
}

/// How a body is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    ContentLength,
    Chunked,
}

/// Where a body sent by hand stops for a while.
enum Pause {
    No,
    /// After that many bytes, until the receiver fires (or is dropped).
    Until(usize, tokio::sync::oneshot::Receiver<()>),
    /// After the first 64 KiB of the first file, until the answer arrives (or 30 s have passed): an answer
    /// then was decided without the files.
    AtFirstFile,
}

/// How far into the first file a [`Pause::AtFirstFile`] body may have been sent when it is answered.
const FIRST_FILE_SENT: usize = 128 * 1024;

/// Sends `parts` to `path` with `cookie`, 64 KiB at a time, until the server answers, stopping as `pause`
/// says.
async fn send_by_hand(
    app: &TestApp,
    path: &str,
    cookie: &str,
    parts: &[RawPart],
    framing: Framing,
    pause: Pause,
) -> Sent {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Arc;
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    let (body, first_file) = multipart(parts);
    let mut pause = match pause {
        Pause::No => None,
        Pause::Until(at, resume) => Some((at, Some(resume))),
        Pause::AtFirstFile => Some((first_file.expect("a file to stop in") + 64 * 1024, None)),
    };
    let length = match framing {
        Framing::ContentLength => format!("Content-Length: {}", body.len()),
        Framing::Chunked => "Transfer-Encoding: chunked".to_owned(),
    };
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: shop.test\r\nCookie: {cookie}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n{length}\r\n\r\n"
    );
    let addr = app.address.trim_start_matches("http://");
    let (mut reader, mut writer) = tokio::net::TcpStream::connect(addr).await.unwrap().into_split();
    let answered = Arc::new(AtomicBool::new(false));
    let sent = Arc::new(AtomicUsize::new(0));
    let writing = tokio::spawn({
        let (answered, sent) = (answered.clone(), sent.clone());
        async move {
            if writer.write_all(head.as_bytes()).await.is_err() {
                return;
            }
            for piece in body.chunks(64 * 1024) {
                if pause.as_ref().is_some_and(|(at, _)| sent.load(Ordering::Relaxed) >= *at) {
                    match pause.take() {
                        Some((_, Some(resume))) => {
                            let _ = resume.await;
                        }
                        _ => {
                            for _ in 0..1500 {
                                if answered.load(Ordering::Relaxed) {
                                    return;
                                }
                                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                            }
                        }
                    }
                }
                let framed = match framing {
                    Framing::ContentLength => piece.to_vec(),
                    Framing::Chunked => [format!("{:x}\r\n", piece.len()).as_bytes(), piece, b"\r\n"].concat(),
                };
                if answered.load(Ordering::Relaxed) || writer.write_all(&framed).await.is_err() {
                    return;
                }
                sent.fetch_add(piece.len(), Ordering::Relaxed);
            }
            if framing == Framing::Chunked {
                let _ = writer.write_all(b"0\r\n\r\n").await;
            }
            // As a browser does, the connection stays open for the answer (it is not half-closed).
            std::future::pending::<()>().await;
            drop(writer);
        }
    });
    let mut answer = Vec::new();
    let mut buffer = [0u8; 8192];
    let mut sent_before_answer = None;
    loop {
        let text = String::from_utf8_lossy(&answer).into_owned();
        if let Some((headers, rest)) = text.split_once("\r\n\r\n") {
            let length = headers
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if rest.len() >= length {
                break;
            }
        }
        match reader.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                sent_before_answer.get_or_insert_with(|| sent.load(Ordering::Relaxed));
                answer.extend_from_slice(&buffer[..n]);
            }
        }
    }
    answered.store(true, Ordering::Relaxed);
    writing.abort();
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").and_then(|(_, body)| serde_json::from_str(body).ok()).unwrap_or(Value::Null);
    Sent { status, body, sent_before_answer: sent_before_answer.unwrap_or(usize::MAX) }
}

/// The token form's text fields.
fn token_fields(token: &str) -> Vec<RawPart> {
    vec![
        RawPart::Text("token", token.to_owned()),
        RawPart::Text("reviewerName", "Ayesha".into()),
        RawPart::Text("rating", "5".into()),
    ]
}

/// Six pictures' worth of bytes (24 MiB) after `first`: far more than any check before them needs.
fn with_pictures(mut first: Vec<RawPart>) -> Vec<RawPart> {
    first.extend((0..4).map(|_| RawPart::File("images", png(400, 300), 6 * 1024 * 1024)));
    first
}

#[tokio::test]
async fn an_unusable_link_or_item_is_answered_before_any_picture_is_read() {
    let shop = shop().await;
    let (_, ayesha) = shop.ayesha.clone();
    let (_, bilal) = shop.app.customer("bilal@example.pk").await;
    assert_eq!(shop.submit_token(&shop.token(shop.cable), "5", vec![]).await.0, 201);
    assert_eq!(shop.submit_internal(&ayesha, &shop.order, shop.case, "5", vec![]).await.0, 201);
    let internal = |product: ProductId| {
        vec![
            RawPart::Text("productId", product.to_string()),
            RawPart::Text("orderId", shop.order.clone()),
            RawPart::Text("reviewerName", "Ayesha".into()),
            RawPart::Text("rating", "5".into()),
            RawPart::Text("comment", "Fine.".into()),
        ]
    };
    let cases = [
        ("an unknown token", "", token_fields("madeUpToken42"), 404, "Invalid or expired token."),
        ("a used token", "", token_fields(&shop.token(shop.cable)), 410, "This review link has already been used."),
        (
            "someone else's order",
            bilal.as_str(),
            internal(shop.cable),
            403,
            "You can only review products from your delivered orders.",
        ),
        (
            "a reviewed item",
            ayesha.as_str(),
            internal(shop.case),
            409,
            "You have already reviewed this product for this order.",
        ),
    ];

    for (case, cookie, fields, status, message) in cases {
        let path = if cookie.is_empty() { "/api/review-tokens/submit" } else { "/api/reviews/internal-submit" };
        for framing in [Framing::ContentLength, Framing::Chunked] {
            let parts = with_pictures(fields.clone());
            let first_file = multipart(&parts).1.unwrap();

            let sent = send_by_hand(&shop.app, path, cookie, &parts, framing, Pause::AtFirstFile).await;

            assert_eq!((sent.status, sent.body["message"].as_str()), (status, Some(message)), "{case}, {framing:?}");
            assert!(
                sent.sent_before_answer <= first_file + FIRST_FILE_SENT,
                "{case}, {framing:?}: answered only after {} bytes",
                sent.sent_before_answer
            );
        }
    }
    assert_eq!(shop.all_reviews().await.len(), 2);
    assert_eq!(shop.media_files(), Vec::<String>::new());
}

#[tokio::test]
async fn a_picture_sent_before_the_token_is_refused_as_a_missing_token() {
    let shop = shop().await;
    let mut parts = vec![RawPart::File("images", png(400, 300), 10_000)];
    parts.extend(token_fields(&shop.token(shop.case)));

    let sent = send_by_hand(&shop.app, "/api/review-tokens/submit", "", &parts, Framing::Chunked, Pause::No).await;

    assert_eq!((sent.status, sent.body["message"].as_str()), (400, Some("Missing review token.")));
    let (status, body) = shop.submit_token(&shop.token(shop.case), "5", vec![("images", png(400, 300), "a.png")]).await;
    assert_eq!(status, 201, "the token first, as the shop's own form sends it: {body}");
}

#[tokio::test]
async fn a_chunked_form_is_bounded_exactly_like_one_with_a_length() {
    let shop = shop().await;
    // Five pictures just under 5 MB (as a test above accepts), and a field no form has, of 2 MiB.
    let mut parts = token_fields(&shop.token(shop.case));
    parts.extend((0..5).map(|_| RawPart::File("images", png(400, 300), 5 * 1024 * 1024 - 1024)));
    parts.push(RawPart::Text("padding", "x".repeat(2 * 1024 * 1024)));
    let too_large = "The review form is too large: at most 5 images of 5 MB each, and text fields of at most 64 KiB.";

    for framing in [Framing::ContentLength, Framing::Chunked] {
        let sent = send_by_hand(&shop.app, "/api/review-tokens/submit", "", &parts, framing, Pause::No).await;

        assert_eq!((sent.status, sent.body["message"].as_str()), (413, Some(too_large)), "{framing:?}");
        shop.assert_nothing_stored(&format!("{framing:?}")).await;
    }
}

#[tokio::test]
async fn pictures_past_the_upload_slots_are_answered_503_and_a_freed_slot_is_taken_again() {
    let shop = shop_with(&[("UPLOADS_AT_ONCE", "1".to_owned())]).await;
    let mut slow = token_fields(&shop.token(shop.case));
    slow.push(RawPart::File("images", png(400, 300), 2 * 1024 * 1024));
    // A probe that takes a slot when one is free and is then refused for its picture (415).
    let mut probe = token_fields(&shop.token(shop.cable));
    probe.push(RawPart::File("images", b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(), 200));
    let path = "/api/review-tokens/submit";
    let busy_answer =
        json!({"message": "Too many pictures are being uploaded right now. Please try again in a minute."});

    // The slow upload and the probes race for the one slot: a probe that holds it when the slow upload's
    // picture arrives gets the slow upload refused (503), and the slow upload is simply sent again. The probe
    // is answered 503 only while the slow upload, paused in its picture, holds the slot.
    let (held, busy) = 'race: loop {
        let (resume, paused) = tokio::sync::oneshot::channel();
        let holding = send_by_hand(&shop.app, path, "", &slow, Framing::Chunked, Pause::Until(1024 * 1024, paused));
        tokio::pin!(holding);
        loop {
            tokio::select! {
                lost = &mut holding => {
                    assert_eq!((lost.status, &lost.body), (503, &busy_answer), "the slow upload lost the slot to a probe");
                    continue 'race;
                }
                sent = send_by_hand(&shop.app, path, "", &probe, Framing::ContentLength, Pause::No) => {
                    if sent.status == 503 {
                        let _ = resume.send(());
                        break 'race (holding.await, sent);
                    }
                    assert_eq!(sent.status, 415, "the slot was free: {sent:?}");
                    // Room between probes, so the slow upload finds the slot free when its picture arrives.
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
            }
        }
    };

    assert_eq!(busy.body, busy_answer);
    assert_eq!(held.status, 201, "the slow upload finishes: {held:?}");
    let mut freed = token_fields(&shop.token(shop.cable));
    freed.push(RawPart::File("images", png(400, 300), 10_000));
    let sent = send_by_hand(&shop.app, path, "", &freed, Framing::ContentLength, Pause::No).await;
    assert_eq!(sent.status, 201, "the slot is free again: {sent:?}");
}

#[tokio::test]
async fn more_than_256_kib_before_the_first_picture_is_refused_whatever_the_parts_hold() {
    let shop = shop().await;
    let too_large = "The review form is too large: at most 5 images of 5 MB each, and text fields of at most 64 KiB.";
    let mut unknown_and_empty = token_fields("madeUpToken42");
    unknown_and_empty.extend((0..6000).map(|_| RawPart::Text("x", String::new())));
    unknown_and_empty.push(RawPart::File("images", png(400, 300), 10_000));
    let mut repeated = token_fields("madeUpToken42");
    repeated.extend((0..3000).map(|_| RawPart::Text("comment", "a".into())));
    repeated.push(RawPart::File("images", png(400, 300), 10_000));

    for (case, parts) in [("empty parts of no field", unknown_and_empty), ("a field sent again and again", repeated)] {
        let sent = send_by_hand(&shop.app, "/api/review-tokens/submit", "", &parts, Framing::Chunked, Pause::No).await;

        assert_eq!((sent.status, sent.body["message"].as_str()), (413, Some(too_large)), "{case}");
    }
}
