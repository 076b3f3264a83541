//! Media on S3: the built server with `MEDIA_STORE=s3` against moto's S3 server (PyPI `moto[server]`,
//! installed into `~/.cache/phone-shop/moto-venv` by `just _system-deps`): an admin's upload, the original and its
//! 320/640/1280 copies as objects in the bucket, the addresses the API and the product page give out, the
//! files served under `/media` from the bucket, and the product's deletion emptying it; then the same shop
//! with `MEDIA_BASE_URL`, whose addresses and Content-Security-Policy name the CDN.

use std::io::Read as _;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::TryStreamExt as _;
use image::ImageFormat;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path as ObjectPath;
use object_store::{Attribute, ObjectStore, ObjectStoreExt as _};
use reqwest::multipart::{Form, Part};
use scraper::{Html, Selector};
use serde_json::{json, Value};

use adapters_media::test_support::picture;

use crate::process::{spawn_process, ServerProcess};

/// The moto release the tests run against: the one `just _system-deps` installs.
const MOTO_VERSION: &str = "5.2.5";
const BUCKET: &str = "shop-media-test";
const PREFIX: &str = "shop/media";
const REGION: &str = "us-east-1";
/// moto accepts any keys; the server must sign its requests with these.
const ACCESS_KEY: &str = "AKIATESTKEY";
const SECRET_KEY: &str = "test-secret-key";
const CDN: &str = "https://cdn.example.test";
const PUBLIC_URL: &str = "http://shop.example.test";

/// `moto_server` of `~/.cache/phone-shop/moto-venv`, where `just _system-deps` installs moto. Fails, never
/// skips, with one line naming the recipe when it is not there: no test installs anything.
fn moto_server_binary() -> std::path::PathBuf {
    let venv =
        std::path::PathBuf::from(std::env::var("HOME").expect("HOME is set")).join(".cache/phone-shop/moto-venv");
    let binary = venv.join("bin/moto_server");
    assert!(
        venv.join(format!("installed-moto-{MOTO_VERSION}")).is_file() && binary.is_file(),
        "moto {MOTO_VERSION} is not installed in {}: run `just _system-deps` (`just test` does)",
        venv.display()
    );
    binary
}

/// moto's S3 server on a free loopback port, stopped when dropped.
struct Moto {
    endpoint: String,
    child: Child,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Moto {
    /// Starts moto and waits until it answers; makes the test's bucket.
    async fn start() -> Self {
        let binary = moto_server_binary();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(&binary)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|err| panic!("{} does not start: {err}", binary.display()));
        let mut moto = Self { endpoint: format!("http://127.0.0.1:{port}"), child };
        let client = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        while client.get(&moto.endpoint).send().await.is_err() {
            if let Some(status) = moto.child.try_wait().unwrap() {
                let mut log = String::new();
                let _ = moto.child.stderr.take().unwrap().read_to_string(&mut log);
                panic!("moto_server stopped ({status}) before answering:\n{log}");
            }
            assert!(Instant::now() < deadline, "moto_server did not answer on {} within 60 s", moto.endpoint);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // moto's log is not read once it answers: stop collecting it so a full pipe never blocks it.
        drop(moto.child.stderr.take());
        let made = client.put(format!("{}/{BUCKET}", moto.endpoint)).send().await.unwrap();
        assert_eq!(made.status(), 200, "the bucket is made");
        moto
    }

    /// The bucket as an S3 client other than the server sees it.
    fn bucket(&self) -> Arc<dyn ObjectStore> {
        Arc::new(
            AmazonS3Builder::new()
                .with_endpoint(&self.endpoint)
                .with_allow_http(true)
                .with_bucket_name(BUCKET)
                .with_region(REGION)
                .with_access_key_id(ACCESS_KEY)
                .with_secret_access_key(SECRET_KEY)
                .build()
                .unwrap(),
        )
    }

    /// Every key in the bucket, sorted.
    async fn keys(&self) -> Vec<String> {
        let listed: Vec<_> = self.bucket().list(None).try_collect().await.unwrap();
        let mut keys: Vec<String> = listed.into_iter().map(|meta| meta.location.to_string()).collect();
        keys.sort();
        keys
    }

    /// The server's variables for this bucket.
    fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("MEDIA_STORE", "s3".into()),
            ("S3_BUCKET", BUCKET.into()),
            ("S3_ENDPOINT", self.endpoint.clone()),
            ("S3_REGION", REGION.into()),
            ("S3_PREFIX", format!("/{PREFIX}/")),
            ("AWS_ACCESS_KEY_ID", ACCESS_KEY.into()),
            ("AWS_SECRET_ACCESS_KEY", SECRET_KEY.into()),
            ("PUBLIC_URL", PUBLIC_URL.into()),
        ]
    }
}

async fn start_server(vars: &[(&'static str, String)]) -> ServerProcess {
    let pairs: Vec<(&str, &str)> = vars.iter().map(|(name, value)| (*name, value.as_str())).collect();
    spawn_process(&pairs).await
}

/// The server's answer: status and JSON body.
async fn send(server: &ServerProcess, request: reqwest::RequestBuilder) -> (u16, Value) {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let body = response.text().await.unwrap();
    (status, serde_json::from_str(&body).unwrap_or_else(|_| panic!("{status} {body}\nlog:\n{}", server.log())))
}

/// A product with one 1500 × 1000 JPEG, made through the admin's upload; answers the created product.
async fn upload_product(server: &ServerProcess, cookie: &str, photo: Vec<u8>) -> Value {
    let (status, category) = send(
        server,
        server
            .client
            .post(format!("{}/api/categories", server.address))
            .header("cookie", cookie)
            .json(&json!({"name": "Cases"})),
    )
    .await;
    assert_eq!(status, 201, "{category}");
    let form = Form::new()
        .text("name", "Clear MagSafe Case")
        .text("category", category["category"]["_id"].as_str().unwrap().to_owned())
        .text("price", "2500")
        .text("description", "Crystal clear with magnets.")
        .text("quantity", "12")
        .part("media", Part::bytes(photo).file_name("photo.jpg"));
    let (status, created) = send(
        server,
        server.client.post(format!("{}/api/products/upload", server.address)).header("cookie", cookie).multipart(form),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    created["product"].clone()
}

/// The stem of the name the store gave the upload, from its address.
fn stem_of(url: &str) -> String {
    let name = url.rsplit('/').next().unwrap();
    let (stem, extension) = name.split_once('.').unwrap();
    assert_eq!((stem.len(), extension), (32, "webp"), "{url}");
    stem.to_owned()
}

/// The product page, parsed, with its headers.
async fn product_page(server: &ServerProcess, id: &str) -> (reqwest::header::HeaderMap, Html) {
    let response = server.client.get(format!("{}/product/{id}", server.address)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    (headers, Html::parse_document(&response.text().await.unwrap()))
}

fn attr(doc: &Html, selector: &str, name: &str) -> String {
    let found: Vec<_> = doc.select(&Selector::parse(selector).unwrap()).collect();
    assert_eq!(found.len(), 1, "one {selector}");
    found[0].value().attr(name).unwrap_or_else(|| panic!("{selector} has {name}")).to_owned()
}

/// The product page names the 1500 px JPEG, kept as `{stem}.webp`, and its copies under `origin`: the
/// gallery's picture and srcset, og:image and the JSON-LD image.
fn assert_page_pictures(page: &Html, origin: &str, stem: &str) {
    let (o, s) = (origin, stem);
    assert_eq!(attr(page, "img.gallery__media", "src"), format!("{o}/media/{s}-1280.webp"));
    assert_eq!(
        attr(page, "img.gallery__media", "srcset"),
        format!(
            "{o}/media/{s}-320.webp 320w, {o}/media/{s}-640.webp 640w, {o}/media/{s}-1280.webp 1280w, \
             {o}/media/{s}.webp 1500w"
        )
    );
    assert_eq!(attr(page, "meta[property=\"og:image\"]", "content"), format!("{o}/media/{s}-640.webp"));
    assert_eq!(json_ld_images(page), json!([format!("{o}/media/{s}.webp")]));
}

fn json_ld_images(doc: &Html) -> Value {
    let selector = Selector::parse("script[type=\"application/ld+json\"]").unwrap();
    doc.select(&selector)
        .map(|s| serde_json::from_str::<Value>(&s.text().collect::<String>()).unwrap())
        .find(|ld| ld["@type"] == "Product")
        .expect("the product's JSON-LD")["image"]
        .clone()
}

/// The addresses of the product's picture and its copies, as the API gave them out.
fn addresses(product: &Value) -> (String, Vec<(String, i64)>) {
    let media = &product["media"][0];
    let variants = media["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["url"].as_str().unwrap().to_owned(), v["width"].as_i64().unwrap()))
        .collect();
    (media["url"].as_str().unwrap().to_owned(), variants)
}

#[tokio::test]
async fn an_upload_lives_in_the_bucket_is_served_from_it_and_leaves_with_its_product() {
    let moto = Moto::start().await;
    let server = start_server(&moto.env()).await;
    let cookie = server.admin_cookie().await;
    let uploaded = picture(ImageFormat::Jpeg, 1500, 1000);

    let product = upload_product(&server, &cookie, uploaded).await;

    let id = product["_id"].as_str().unwrap().to_owned();
    let (url, variants) = addresses(&product);
    let s = stem_of(&url);
    assert_eq!(url, format!("/media/{s}.webp"));
    assert_eq!(
        variants,
        [
            (format!("/media/{s}-320.webp"), 320),
            (format!("/media/{s}-640.webp"), 640),
            (format!("/media/{s}-1280.webp"), 1280)
        ]
    );
    assert_eq!(product["media"][0]["width"], 1500);
    // The bucket holds the original and its three copies under the prefix; nothing is written locally.
    assert_eq!(
        moto.keys().await,
        [
            format!("{PREFIX}/{s}-1280.webp"),
            format!("{PREFIX}/{s}-320.webp"),
            format!("{PREFIX}/{s}-640.webp"),
            format!("{PREFIX}/{s}.webp"),
        ]
    );
    let bucket = moto.bucket();
    let original = bucket.get(&ObjectPath::from(format!("{PREFIX}/{s}.webp"))).await.unwrap();
    assert_eq!(original.attributes.get(&Attribute::ContentType).map(|v| v.as_ref()), Some("image/webp"));
    assert_eq!(
        original.attributes.get(&Attribute::CacheControl).map(|v| v.as_ref()),
        Some("public, max-age=31536000, immutable")
    );
    // The picture is kept re-encoded (no camera metadata), at its own size.
    let photo = original.bytes().await.unwrap().to_vec();
    let kept = image::load_from_memory(&photo).unwrap();
    assert_eq!((kept.width(), kept.height()), (1500, 1000));
    let copy = bucket.get(&ObjectPath::from(format!("{PREFIX}/{s}-640.webp"))).await.unwrap();
    assert_eq!(copy.attributes.get(&Attribute::ContentType).map(|v| v.as_ref()), Some("image/webp"));
    let copy = copy.bytes().await.unwrap();
    let decoded = image::load_from_memory(&copy).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (640, 426));
    assert_eq!(std::fs::read_dir(server.media_dir()).unwrap().count(), 0, "MEDIA_DIR stays empty");

    // The API and the product page name the stored addresses.
    let (status, read) = send(&server, server.client.get(format!("{}/api/products/{id}", server.address))).await;
    assert_eq!((status, addresses(&read)), (200, (url.clone(), variants.clone())));
    let (_, page) = product_page(&server, &id).await;
    assert_page_pictures(&page, PUBLIC_URL, &s);

    // The files are served from the bucket: bytes, type, validator, caching, HEAD and 304.
    let served = server.client.get(format!("{}{url}", server.address)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/webp");
    assert_eq!(served.headers()["cache-control"], "public, max-age=31536000, immutable");
    let etag = served.headers()["etag"].to_str().unwrap().to_owned();
    assert!(etag.starts_with('"') && etag.len() > 2, "{etag}");
    assert_eq!(served.bytes().await.unwrap(), photo);
    let served_copy = server.client.get(format!("{}/media/{s}-640.webp", server.address)).send().await.unwrap();
    assert_eq!(served_copy.headers()["content-type"], "image/webp");
    assert_eq!(served_copy.bytes().await.unwrap(), copy);
    let head = server.client.head(format!("{}{url}", server.address)).send().await.unwrap();
    assert_eq!(
        (head.status().as_u16(), head.headers()["content-length"].to_str().unwrap()),
        (200, &*photo.len().to_string())
    );
    assert_eq!(head.bytes().await.unwrap().len(), 0);
    let again =
        server.client.get(format!("{}{url}", server.address)).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(again.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(again.bytes().await.unwrap().len(), 0);
    let len = photo.len();
    for (range, expected, bytes) in [
        ("bytes=0-99", format!("bytes 0-99/{len}"), &photo[..100]),
        ("bytes=-10", format!("bytes {}-{}/{len}", len - 10, len - 1), &photo[len - 10..]),
        ("bytes=100-", format!("bytes 100-{}/{len}", len - 1), &photo[100..]),
    ] {
        let part = server.client.get(format!("{}{url}", server.address)).header("range", range).send().await.unwrap();

        assert_eq!(
            (part.status().as_u16(), part.headers()["content-range"].to_str().unwrap()),
            (206, &*expected),
            "{range}"
        );
        assert_eq!(part.bytes().await.unwrap(), bytes, "{range}");
    }
    let beyond = server
        .client
        .get(format!("{}{url}", server.address))
        .header("range", format!("bytes={len}-"))
        .send()
        .await
        .unwrap();
    assert_eq!(beyond.status(), 416);
    assert_eq!(beyond.headers()["content-range"].to_str().unwrap(), format!("bytes */{len}"));
    for (path, status) in [
        (format!("/media/{s}-999.webp"), 404),
        ("/media/.env".to_owned(), 404),
        ("/media/%2e%2e%2fsecret".to_owned(), 404),
        ("/media/..%2F..%2Fetc%2Fpasswd".to_owned(), 404),
        (format!("/media/{PREFIX}/{s}.webp"), 404),
    ] {
        let (got, body) = send(&server, server.client.get(format!("{}{path}", server.address))).await;
        assert_eq!((got, body), (status, json!({"message": "No such file."})), "{path}");
    }
    let missing = server.client.get(format!("{}/media/{s}-999.webp", server.address)).send().await.unwrap();
    assert!(missing.headers().get("cache-control").is_none_or(|v| !v.to_str().unwrap().contains("immutable")));

    // A video added by an edit goes to the bucket as it was sent, streamed from its file in parts.
    let mut video = b"\0\0\0\x18ftypmp42\0\0\0\0isommp42".to_vec();
    video.extend((0..9 * 1024 * 1024).map(|i| (i % 251) as u8));
    let edit = Form::new()
        .text("name", "Clear MagSafe Case")
        .text("category", product["category"]["_id"].as_str().unwrap().to_owned())
        .text("price", "2500")
        .text("description", "Now with a video.")
        .text("quantity", "12")
        .part("media", Part::bytes(video.clone()).file_name("clip.mp4"));
    let (status, edited) = send(
        &server,
        server.client.put(format!("{}/api/products/{id}", server.address)).header("cookie", &cookie).multipart(edit),
    )
    .await;
    assert_eq!(status, 200, "{edited}");
    let clip = edited["product"]["media"][1]["url"].as_str().unwrap().to_owned();
    let key = format!("{PREFIX}/{}", clip.trim_start_matches("/media/"));
    let stored = bucket.get(&ObjectPath::from(key)).await.unwrap();
    assert_eq!(stored.attributes.get(&Attribute::ContentType).map(|v| v.as_ref()), Some("video/mp4"));
    assert!(stored.bytes().await.unwrap() == video, "the video arrives whole");

    // Deleting the product removes every key.
    let (status, deleted) =
        send(&server, server.client.delete(format!("{}/api/products/{id}", server.address)).header("cookie", &cookie))
            .await;
    assert_eq!((status, deleted), (200, json!({"message": "Product deleted."})));
    assert_eq!(moto.keys().await, Vec::<String>::new(), "the bucket is empty");
    assert_eq!(server.client.get(format!("{}{url}", server.address)).send().await.unwrap().status(), 404);
}

#[tokio::test]
async fn under_media_base_url_every_address_names_the_cdn_and_the_policy_allows_it() {
    let moto = Moto::start().await;
    let mut vars = moto.env();
    vars.push(("MEDIA_BASE_URL", format!("{CDN}/")));
    let server = start_server(&vars).await;
    let cookie = server.admin_cookie().await;

    let product = upload_product(&server, &cookie, picture(ImageFormat::Jpeg, 1500, 1000)).await;

    let id = product["_id"].as_str().unwrap().to_owned();
    let (url, variants) = addresses(&product);
    let s = stem_of(&url);
    assert_eq!(url, format!("{CDN}/media/{s}.webp"));
    assert_eq!(
        variants.iter().map(|(u, _)| u.as_str()).collect::<Vec<_>>(),
        [
            format!("{CDN}/media/{s}-320.webp"),
            format!("{CDN}/media/{s}-640.webp"),
            format!("{CDN}/media/{s}-1280.webp")
        ]
    );
    let (_, listed) = send(&server, server.client.get(format!("{}/api/products", server.address))).await;
    assert_eq!(listed[0]["media"][0]["url"], json!(url), "the cached list too");
    let (headers, page) = product_page(&server, &id).await;
    assert_page_pictures(&page, CDN, &s);
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'self'; script-src 'self' 'sha256-Tf6P7U9p4mTLoV2Z+HDoVEEPWZE3lCNjpUxCP+PIujM='; \
         style-src 'self'; img-src 'self' blob: data: https://cdn.example.test; \
         media-src 'self' blob: https://cdn.example.test; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    );
    // The CDN's origin is the shop: the stored address still answers there.
    assert_eq!(server.client.get(format!("{}/media/{s}.webp", server.address)).send().await.unwrap().status(), 200);

    // The admin's edit sends back the addresses it was given: the picture is kept, as stored.
    let edit = Form::new()
        .text("name", "Clear MagSafe Case")
        .text("category", product["category"]["_id"].as_str().unwrap().to_owned())
        .text("price", "2300")
        .text("description", "Still clear.")
        .text("quantity", "3")
        .text("existingMedia", url.clone());
    let (status, edited) = send(
        &server,
        server.client.put(format!("{}/api/products/{id}", server.address)).header("cookie", &cookie).multipart(edit),
    )
    .await;
    assert_eq!((status, edited["product"]["media"][0]["url"].clone()), (200, json!(url)), "{edited}");
    assert_eq!(moto.keys().await.len(), 4, "nothing was removed");
    let pool = server.pool();
    let stored = tokio::task::spawn_blocking(move || {
        adapters_postgres::test_support::texts(&pool, "SELECT url AS t FROM product_media")
    })
    .await
    .unwrap()
    .unwrap();
    assert_eq!(stored, [format!("/media/{s}.webp")], "rows keep the stored address");
}
