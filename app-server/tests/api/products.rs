use reqwest::multipart::{Form, Part};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use adapters_media::test_support::{picture, png_declaring};
use application::catalog::model::NewProduct;
use application::media::model::{Media, MediaKind, MediaVariant};
use image::ImageFormat;

use crate::helpers::{new_product, spawn_app, TestApp};

fn png(width: u32, height: u32, shade: u8) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([shade, (x % 256) as u8, (y % 256) as u8]));
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

fn form(fields: &[(&str, &str)], files: Vec<(&str, Vec<u8>)>) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text((*name).to_owned(), (*value).to_owned());
    }
    for (name, bytes) in files {
        form = form.part(name.to_owned(), Part::bytes(bytes).file_name("photo.png"));
    }
    form
}

async fn send(app: &TestApp, cookie: &str, method: &str, path: &str, form: Option<Form>) -> (u16, serde_json::Value) {
    let mut request =
        app.client.request(method.parse().unwrap(), format!("{}{path}", app.address)).header("cookie", cookie);
    if let Some(form) = form {
        request = request.multipart(form);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// Form fields, files, the expected status and message.
type BadForm = (Vec<(&'static str, String)>, Vec<(&'static str, Vec<u8>)>, u16, &'static str);

fn media_files(app: &TestApp) -> usize {
    std::fs::read_dir(&app.config.media_dir).map(|d| d.count()).unwrap_or(0)
}

#[tokio::test]
async fn the_admin_uploads_edits_features_and_deletes_a_product() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let fields = [
        ("name", "Clear MagSafe Case"),
        ("category", cases.as_str()),
        ("price", "2500"),
        ("salePrice", ""),
        ("discountPercent", "20"),
        ("description", "Crystal clear with magnets."),
        ("color", "Clear"),
        ("quantity", "12"),
        ("freeDelivery", "true"),
    ];

    let (status, created) = send(
        &app,
        &cookie,
        "POST",
        "/api/products/upload",
        Some(form(&fields, vec![("media", png(700, 700, 10)), ("media[]", png(400, 400, 200))])),
    )
    .await;

    assert_eq!(status, 201, "{created}");
    let product = &created["product"];
    let id = product["_id"].as_str().unwrap().to_owned();
    assert_eq!(
        (product["price"].clone(), product["salePrice"].clone(), product["discountPercent"].clone()),
        (json!(2500), json!(2000), json!(20))
    );
    assert_eq!((product["finalPrice"].clone(), product["discount"].clone()), (json!(2000), json!(20)));
    assert_eq!(
        (product["freeDelivery"].clone(), product["featured"].clone(), product["stock"].clone()),
        (json!(true), json!(false), json!(12))
    );
    assert_eq!(product["media"][0]["width"], 700);
    assert_eq!(product["media"][0]["variants"].as_array().unwrap().len(), 2, "320 and 640");
    assert_eq!(product["media"][1]["variants"][0]["width"], 320);
    let (_, listed) = app.get_json("/api/products").await;
    assert_eq!(listed[0]["name"], "Clear MagSafe Case", "the storefront shows it");
    let first = product["media"][0]["url"].as_str().unwrap().to_owned();
    let second = product["media"][1]["url"].as_str().unwrap().to_owned();
    assert_eq!(media_files(&app), 2 + 2 + 1, "two originals and three copies");

    let edit = [
        ("name", "Clear MagSafe Case"),
        ("category", cases.as_str()),
        ("price", "2300"),
        ("salePrice", "1999"),
        ("description", "Still clear."),
        ("quantity", "3"),
        ("existingMedia", second.as_str()),
    ];
    let (edit_status, edited) =
        send(&app, &cookie, "PUT", &format!("/api/products/{id}"), Some(form(&edit, vec![]))).await;

    assert_eq!(edit_status, 200, "{edited}");
    assert_eq!(
        (edited["product"]["finalPrice"].clone(), edited["product"]["discount"].clone()),
        (json!(1999), json!(13))
    );
    assert_eq!(edited["product"]["media"].as_array().unwrap().len(), 1);
    assert_eq!(edited["product"]["media"][0]["url"], json!(second));
    assert_eq!(app.get(&first).await.status(), 404, "the dropped picture is deleted");
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await.1["price"], 2300);
    assert_eq!(app.get_json("/api/products").await.1[0]["finalPrice"], 1999, "the cached list was cleared by the edit");

    assert_eq!(
        send(&app, &cookie, "PATCH", &format!("/api/products/toggle-featured/{id}"), None).await,
        (200, json!({"featured": true}))
    );
    assert_eq!(app.get_json("/api/products/featured").await.1[0]["_id"], json!(id));
    let (by_status, by_category) =
        send(&app, &cookie, "GET", &format!("/api/products/by-category/{cases}"), None).await;
    assert_eq!((by_status, by_category.as_array().unwrap().len()), (200, 1));

    assert_eq!(
        send(&app, &cookie, "DELETE", &format!("/api/products/{id}"), None).await,
        (200, json!({"message": "Product deleted."}))
    );
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await.0, 404);
    assert_eq!(media_files(&app), 0, "its files are gone too");
}

#[tokio::test]
async fn bad_product_forms_are_refused_and_write_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let good = |overrides: &[(&'static str, &'static str)]| {
        let mut fields: Vec<(&str, String)> = vec![
            ("name", "Case".into()),
            ("category", cases.clone()),
            ("price", "1000".into()),
            ("description", "A case.".into()),
            ("quantity", "5".into()),
        ];
        for (name, value) in overrides {
            fields.retain(|(n, _)| n != name);
            fields.push((name, (*value).to_owned()));
        }
        fields
    };
    let cases_table: Vec<BadForm> = vec![
        (good(&[("name", "")]), vec![], 400, "Name, category, price, quantity and description are required."),
        (good(&[("quantity", "")]), vec![], 400, "Name, category, price, quantity and description are required."),
        (good(&[("price", "-5")]), vec![], 400, "Price must be above 0."),
        (good(&[("price", "0")]), vec![], 400, "Price must be above 0."),
        (good(&[("salePrice", "1200")]), vec![], 400, "Sale price must be below the price."),
        (good(&[("discountPercent", "95")]), vec![], 400, "Discount must be between 0 and 90 per cent."),
        (good(&[("quantity", "-1")]), vec![], 400, "Quantity must be a whole number from 0 to 1000000."),
        (good(&[("category", "999999")]), vec![("media", png(50, 50, 1))], 400, "Category not found."),
        (good(&[("category", "abc")]), vec![], 400, "Category not found."),
        (
            good(&[]),
            vec![("media", b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec())],
            415,
            "Only JPEG, PNG, WebP or GIF pictures, or MP4 or WebM videos, are accepted.",
        ),
        (
            good(&[]),
            vec![("media", b"\0\0\0\x18ftypmp42 a video".to_vec())],
            415,
            "Only image files are allowed when adding a product.",
        ),
    ];

    for (fields, files, status, message) in cases_table {
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let answer = send(&app, &cookie, "POST", "/api/products/upload", Some(form(&pairs, files))).await;

        assert_eq!((answer.0, answer.1["message"].clone()), (status, json!(message)), "{pairs:?}");
    }
    assert_eq!(app.get_json("/api/products").await.1, json!([]));
    assert_eq!(media_files(&app), 0, "no file is left behind");
    let plain = app
        .client
        .post(format!("{}/api/products/upload", app.address))
        .header("cookie", &cookie)
        .json(&json!({"name": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(plain.status(), 400);
    assert!(plain.json::<serde_json::Value>().await.unwrap()["message"]
        .as_str()
        .unwrap()
        .starts_with("The form could not be read"));
    let (missing_status, _) = send(
        &app,
        &cookie,
        "PUT",
        "/api/products/999999",
        Some(form(
            &[("name", "x"), ("category", cases.as_str()), ("price", "5"), ("description", "d"), ("quantity", "1")],
            vec![],
        )),
    )
    .await;
    assert_eq!(missing_status, 404);
}

/// A category and a product in it with two pictures, made through the admin API; answers the category's id,
/// the product's id and its two picture addresses.
async fn product_with_two_pictures(app: &TestApp, cookie: &str) -> (String, String, [String; 2]) {
    let (_, category) = app.send(cookie, "POST", "/api/categories", Some(json!({"name": "Stands"}))).await;
    let category = category["category"]["_id"].as_str().unwrap().to_owned();
    let fields = [
        ("name", "Vepilifeg Stand"),
        ("category", category.as_str()),
        ("price", "1500"),
        ("description", "A folding stand."),
        ("quantity", "8"),
    ];
    let (status, created) = send(
        app,
        cookie,
        "POST",
        "/api/products/upload",
        Some(form(&fields, vec![("media", png(60, 60, 10)), ("media", png(60, 60, 90))])),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let product = &created["product"];
    let url = |i: usize| product["media"][i]["url"].as_str().unwrap().to_owned();
    (category, product["_id"].as_str().unwrap().to_owned(), [url(0), url(1)])
}

fn media_urls(product: &serde_json::Value) -> Vec<&str> {
    product["media"].as_array().unwrap().iter().map(|m| m["url"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn an_edit_without_existing_media_keeps_every_picture_and_an_empty_one_removes_them_all() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (category, id, [first, second]) = product_with_two_pictures(&app, &cookie).await;
    let stock_only = [
        ("name", "Vepilifeg Stand"),
        ("category", category.as_str()),
        ("price", "1500"),
        ("description", "A folding stand."),
        ("quantity", "3"),
    ];

    let (status, edited) =
        send(&app, &cookie, "PUT", &format!("/api/products/{id}"), Some(form(&stock_only, vec![]))).await;

    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["product"]["stock"], 3);
    assert_eq!(media_urls(&edited["product"]), [first.as_str(), second.as_str()], "both kept, in their order");
    assert_eq!(media_urls(&app.get_json(&format!("/api/products/{id}")).await.1), [first.as_str(), second.as_str()]);
    assert_eq!((app.get(&first).await.status().as_u16(), app.get(&second).await.status().as_u16()), (200, 200));

    let mut keep_none = stock_only.to_vec();
    keep_none.push(("existingMedia", ""));
    let (status, emptied) =
        send(&app, &cookie, "PUT", &format!("/api/products/{id}"), Some(form(&keep_none, vec![]))).await;

    assert_eq!(status, 200, "{emptied}");
    assert_eq!(emptied["product"]["media"], json!([]));
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await.1["media"], json!([]));
    assert_eq!((app.get(&first).await.status().as_u16(), app.get(&second).await.status().as_u16()), (404, 404));
    assert_eq!(media_files(&app), 0, "the files and their copies are deleted");
}

#[tokio::test]
async fn a_partial_form_for_an_unknown_product_is_404_and_for_a_known_one_names_the_missing_fields() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (_, id, [first, _]) = product_with_two_pictures(&app, &cookie).await;
    let partial = [("quantity", "3")];

    let unknown = send(&app, &cookie, "PUT", "/api/products/999999", Some(form(&partial, vec![]))).await;
    let known = send(&app, &cookie, "PUT", &format!("/api/products/{id}"), Some(form(&partial, vec![]))).await;

    assert_eq!(unknown, (404, json!({"message": "Product not found."})));
    assert_eq!(
        known,
        (
            400,
            json!({
                "message": "Name, category, price, quantity and description are required.",
                "errors": {
                    "name": ["name is required."],
                    "category": ["category is required."],
                    "price": ["price is required."],
                    "description": ["description is required."],
                },
            })
        )
    );
    let (_, unchanged) = app.get_json(&format!("/api/products/{id}")).await;
    assert_eq!((unchanged["stock"].clone(), media_urls(&unchanged).len()), (json!(8), 2));
    assert_eq!(app.get(&first).await.status().as_u16(), 200);
}

#[tokio::test]
async fn a_form_part_without_a_name_is_ignored_like_any_unknown_field() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let fields = [
        ("", "a part without a name"),
        ("name", "Case"),
        ("category", cases.as_str()),
        ("price", "1000"),
        ("description", "A case."),
        ("quantity", "5"),
    ];

    let (status, created) = send(&app, &cookie, "POST", "/api/products/upload", Some(form(&fields, vec![]))).await;

    assert_eq!((status, created["product"]["name"].clone()), (201, json!("Case")), "{created}");
}

#[tokio::test]
async fn a_200_megabyte_upload_is_refused_before_it_is_read() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /api/products/upload HTTP/1.1\r\nHost: {address}\r\nCookie: {cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n--x\r\n",
        200 * 1024 * 1024
    );

    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);

    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(
        answer.contains(r#"{"message":"The upload is too large: pictures up to 10 MB, videos up to 100 MB."}"#),
        "{answer}"
    );
}

#[tokio::test]
async fn an_iphone_heic_photo_is_refused_as_a_picture_not_kept_as_a_video() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let fields = [
        ("name", "Case"),
        ("category", cases.as_str()),
        ("price", "1000"),
        ("description", "A case."),
        ("quantity", "5"),
    ];
    let (_, created) =
        send(&app, &cookie, "POST", "/api/products/upload", Some(form(&fields, vec![("media", png(50, 50, 1))]))).await;
    let id = created["product"]["_id"].as_str().unwrap().to_owned();
    let picture = created["product"]["media"][0]["url"].as_str().unwrap().to_owned();
    let heic = b"\0\0\0\x1cftypheic\0\0\0\0mif1heic\0\0\0\x08free".to_vec();
    let mut edit = fields.to_vec();
    edit.push(("existingMedia", picture.as_str()));

    let answer =
        send(&app, &cookie, "PUT", &format!("/api/products/{id}"), Some(form(&edit, vec![("media", heic)]))).await;

    assert_eq!(
        answer,
        (
            415,
            json!({"message": "HEIC and AVIF photos are not accepted: save the photo as JPEG first. Pictures must be JPEG, PNG, WebP or GIF; videos MP4 or WebM."})
        )
    );
    let (_, product) = app.get_json(&format!("/api/products/{id}")).await;
    assert_eq!(product["media"].as_array().unwrap().len(), 1, "{product}");
    assert_eq!(product["media"][0]["url"], json!(picture));
    assert_eq!(media_files(&app), 1, "the picture is kept and nothing new is written");
}

#[tokio::test]
async fn a_picture_another_product_still_shows_outlives_the_deletion_of_the_first() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await;
    let category = cases.to_string();
    let fields = [
        ("name", "Clear case"),
        ("category", category.as_str()),
        ("price", "900"),
        ("quantity", "3"),
        ("description", "Crystal clear."),
    ];
    let (status, created) =
        send(&app, &cookie, "POST", "/api/products/upload", Some(form(&fields, vec![("media", png(700, 700, 10))])))
            .await;
    assert_eq!(status, 201, "{created}");
    let picture = &created["product"]["media"][0];
    let mut files = vec![picture["url"].as_str().unwrap().to_owned()];
    files.extend(picture["variants"].as_array().unwrap().iter().map(|v| v["url"].as_str().unwrap().to_owned()));
    assert_eq!(files.len(), 3, "the picture and its two WebP copies");
    let shared = Media {
        url: files[0].clone(),
        kind: MediaKind::Image,
        width: Some(700),
        variants: vec![
            MediaVariant { url: files[1].clone(), width: 320 },
            MediaVariant { url: files[2].clone(), width: 640 },
        ],
    };
    let dark = app
        .add_product(NewProduct { media: vec![shared], ..new_product("Dark case", cases, (900, None, 0), 3, false) })
        .await;
    let clear = created["product"]["_id"].as_str().unwrap().to_owned();

    let deleted = send(&app, &cookie, "DELETE", &format!("/api/products/{clear}"), None).await;

    assert_eq!(deleted, (200, json!({"message": "Product deleted."})));
    for file in &files {
        assert_eq!(app.get(file).await.status(), 200, "{file} is still shown by the dark case");
    }
    assert_eq!(app.get_json(&format!("/api/products/{dark}")).await.1["media"][0]["url"], json!(files[0]));

    assert_eq!(send(&app, &cookie, "DELETE", &format!("/api/products/{dark}"), None).await.0, 200);
    for file in &files {
        assert_eq!(app.get(file).await.status(), 404, "{file} went with the last product that showed it");
    }
}

#[tokio::test]
async fn an_edit_may_list_the_media_to_keep_under_existing_media_brackets_and_the_last_of_a_repeated_field_counts() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let (category, id, [first, second]) = product_with_two_pictures(&app, &cookie).await;
    let edit = [
        ("name", "Vepilifeg Stand"),
        ("category", category.as_str()),
        ("price", "1500"),
        ("description", "A folding stand."),
        ("quantity", "3"),
        ("quantity", "4"),
        ("shade", "an unknown field, ignored"),
        ("existingMedia[]", second.as_str()),
        ("existingMedia[]", first.as_str()),
    ];

    let (status, edited) = send(&app, &cookie, "PUT", &format!("/api/products/{id}"), Some(form(&edit, vec![]))).await;

    assert_eq!(status, 200, "{edited}");
    assert_eq!(media_urls(&edited["product"]), [second.as_str(), first.as_str()], "kept in the order sent");
    assert_eq!(edited["product"]["stock"], 4);
}

#[tokio::test]
async fn a_text_field_that_is_not_utf8_or_too_long_is_a_json_error_and_writes_nothing() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let fields = [("category", cases.as_str()), ("price", "1000"), ("quantity", "5"), ("description", "A case.")];
    let not_utf8 = form(&fields, vec![]).part("name", Part::bytes(vec![0x43, 0x61, 0xff, 0x65]));
    let long_name = "x".repeat(64 * 1024 + 1);
    let too_long = form(&fields, vec![("media", png(50, 50, 1))]).text("name", long_name);

    let unreadable = send(&app, &cookie, "POST", "/api/products/upload", Some(not_utf8)).await;
    let oversized = send(&app, &cookie, "POST", "/api/products/upload", Some(too_long)).await;

    assert_eq!(
        unreadable,
        (400, json!({"message": "Text fields must be UTF-8.", "errors": {"name": ["Text fields must be UTF-8."]}}))
    );
    assert_eq!(
        oversized,
        (413, json!({"message": "The upload is too large: pictures up to 10 MB, videos up to 100 MB."}))
    );
    assert_eq!(app.get_json("/api/products").await.1, json!([]));
    assert_eq!(media_files(&app), 0);
}

#[tokio::test]
async fn pictures_over_forty_megapixels_or_that_do_not_decode_are_refused_and_leave_no_file() {
    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let fields = [
        ("name", "Case"),
        ("category", cases.as_str()),
        ("price", "1000"),
        ("description", "A case."),
        ("quantity", "5"),
    ];
    let jpeg = picture(ImageFormat::Jpeg, 700, 500);
    let mut garbage = b"\x89PNG\r\n\x1a\n".to_vec();
    garbage.extend_from_slice(&[0x5A; 400]);
    let bomb = png_declaring(11_000, 11_000);
    assert!(bomb.len() < 1024, "a small file declaring 121 megapixels");
    let cases_table = [
        (
            vec![("media", bomb.clone())],
            "The picture is 11000 × 11000 pixels: pictures may have at most 40 megapixels. Make it smaller and try again.",
        ),
        (
            vec![("media", png(60, 60, 1)), ("media", png_declaring(30_000, 30_000))],
            "The picture is 30000 × 30000 pixels: pictures may have at most 40 megapixels. Make it smaller and try again.",
        ),
        (
            vec![("media", jpeg[..jpeg.len() / 2].to_vec())],
            "The picture could not be read: the file is damaged or incomplete.",
        ),
        (vec![("media", garbage)], "The picture could not be read: the file is damaged or incomplete."),
    ];

    for (files, message) in cases_table {
        let answer = send(&app, &cookie, "POST", "/api/products/upload", Some(form(&fields, files))).await;

        assert_eq!(answer, (415, json!({ "message": message })));
    }
    assert_eq!(app.get_json("/api/products").await.1, json!([]));
    assert_eq!(media_files(&app), 0, "no file is left behind");

    let (status, created) =
        send(&app, &cookie, "POST", "/api/products/upload", Some(form(&fields, vec![("media", jpeg)]))).await;
    assert_eq!(status, 201, "{created}");
    let product = created["product"].clone();
    assert_eq!((product["media"][0]["width"].clone(), media_files(&app)), (json!(700), 1 + 2), "320 and 640");
    let id = product["_id"].as_str().unwrap();

    let path = format!("/api/products/{id}");
    let edited = send(&app, &cookie, "PUT", &path, Some(form(&fields, vec![("media", bomb)]))).await;

    assert_eq!(edited.0, 415);
    assert_eq!(app.get_json(&format!("/api/products/{id}")).await.1, product, "the product is unchanged");
    assert_eq!(media_files(&app), 3);
}

/// Every `/media/...` address in `text`.
fn media_addresses(text: &str) -> Vec<String> {
    text.match_indices("/media/")
        .map(|(at, _)| {
            text[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '-' | '_')).collect()
        })
        .collect()
}

#[tokio::test]
async fn a_phone_photos_camera_and_position_are_served_under_none_of_the_products_addresses() {
    use adapters_media::test_support::{contains, phone_photo, CAMERA_MAKE};

    let app = spawn_app().await;
    let cookie = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await.to_string();
    let photo = phone_photo(2400, 1600, 1);
    assert!(contains(&photo.bytes, CAMERA_MAKE.as_bytes()), "the upload names its camera");
    let fields = [
        ("name", "Armour Case"),
        ("category", cases.as_str()),
        ("price", "1500"),
        ("description", "Shot on a phone."),
        ("quantity", "3"),
    ];

    let (status, created) =
        send(&app, &cookie, "POST", "/api/products/upload", Some(form(&fields, vec![("media", photo.bytes.clone())])))
            .await;

    assert_eq!(status, 201, "{created}");
    let product = &created["product"];
    assert_eq!(product["media"][0]["width"], 2048, "a camera-sized picture is kept 2048 px wide");
    let id = product["_id"].as_str().unwrap();
    let page = app.get(&format!("/product/{id}")).await.text().await.unwrap();
    let mut addresses = media_addresses(&product.to_string());
    addresses.extend(media_addresses(&page));
    addresses.sort();
    addresses.dedup();
    assert_eq!(addresses.len(), 4, "the picture and its 320, 640 and 1280 px copies: {addresses:?}");
    for address in &addresses {
        let served = app.get(address).await;
        assert_eq!(served.status(), 200, "{address}");
        let bytes = served.bytes().await.unwrap();
        assert!(bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP", "{address} is WebP");
        for trace in &photo.traces {
            assert!(!contains(&bytes, trace), "{address} holds {:?}", String::from_utf8_lossy(trace));
        }
    }
    let original = app.get(product["media"][0]["url"].as_str().unwrap()).await.bytes().await.unwrap();
    let original = image::load_from_memory(&original).unwrap();
    assert_eq!((original.width(), original.height()), (2048, 1365));
}

/// decisions/0041: the owner's product list is searched and paged by the server.
#[tokio::test]
async fn the_owner_s_product_list_is_searched_by_name_category_and_stock_and_paged_with_its_count() {
    let app = spawn_app().await;
    let admin = app.admin_cookie().await;
    let cases = app.add_category("Cases", None).await;
    let cables = app.add_category("Cables", None).await;
    for (name, category, stock) in
        [("Clear case", cases, 0), ("Red case", cases, 2), ("Blue case", cases, 10), ("USB cable", cables, 3)]
    {
        app.add_product(new_product(name, category, (900, None, 0), stock, false)).await;
    }
    let names = |body: &serde_json::Value| {
        body["products"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect::<Vec<_>>().join(", ")
    };
    let list = |query: String| {
        let (app, admin) = (&app, &admin);
        async move { app.send(admin, "GET", &format!("/api/admin/products{query}"), None).await }
    };

    let (status, all) = list(String::new()).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!((names(&all), &all["total"]), ("USB cable, Blue case, Red case, Clear case".to_owned(), &json!(4)));
    let (_, named) = list("?q=%20CASE%20".into()).await;
    assert_eq!((names(&named), &named["total"]), ("Blue case, Red case, Clear case".to_owned(), &json!(3)));
    assert_eq!(names(&list("?q=case&stock=out".into()).await.1), "Clear case");
    assert_eq!(names(&list("?stock=low".into()).await.1), "USB cable, Red case");
    assert_eq!(names(&list(format!("?category={cables}&stock=all")).await.1), "USB cable");
    assert_eq!(list("?q=%25".into()).await.1["total"], 0, "a % is a character, not a wildcard");
    let (_, second) = list("?q=case&limit=1&offset=1".into()).await;
    assert_eq!((names(&second), &second["total"]), ("Red case".to_owned(), &json!(3)));
    assert_eq!(
        list("?stock=few".into()).await,
        (
            400,
            json!({"message": "stock must be all, out or low.", "errors": {"stock": ["stock must be all, out or low."]}})
        )
    );
    assert_eq!(list("?category=cases".into()).await.0, 400);
    assert_eq!(list(format!("?q={}", "a".repeat(101))).await.0, 400);
    assert_eq!(list("?limit=0".into()).await.0, 400);
    assert_eq!(app.send("", "GET", "/api/admin/products", None).await.0, 401);
}
