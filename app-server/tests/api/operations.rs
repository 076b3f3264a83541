use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn healthz_and_readyz_answer_while_the_database_does() {
    let app = spawn_app().await;

    assert_eq!(app.get_json("/healthz").await, (200, json!({"status": "ok"})));
    assert_eq!(app.get_json("/readyz").await, (200, json!({"status": "ready"})));
}

#[tokio::test]
async fn a_deep_link_reload_gets_the_app_page_uncached() {
    let app = spawn_app().await;

    for (path, status) in
        [("/", 200), ("/products", 200), ("/admin/coupons", 200), ("/search?q=case", 200), ("/product/42", 404)]
    {
        let response = app.get(path).await;

        assert_eq!(response.status(), status, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(response.headers().get("content-disposition").is_none(), "{path} must not be a download");
        assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8", "{path}");
        assert!(response.text().await.unwrap().contains("<div id=\"root\">"), "{path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let app = spawn_app().await;

    let asset = app.get("/assets/index-abc123.js").await;
    let missing = app.get("/assets/index-gone.js").await;

    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn paths_that_climb_out_of_the_app_directory_get_the_app_page() {
    let app = spawn_app().await;

    let response = app.get("/..%2f..%2fetc%2fpasswd").await;

    assert_eq!(response.status(), 404);
    assert!(response.text().await.unwrap().contains("<title>Page not found</title>"));
}

#[tokio::test]
async fn the_openapi_document_is_served_as_json() {
    let app = spawn_app().await;

    let (status, body) = app.get_json("/api/openapi.json").await;

    assert_eq!(status, 200);
    assert_eq!(body["info"]["title"], "Phone accessory shop API");
    assert!(body["paths"]["/api/products/{id}"]["get"].is_object());
}

#[tokio::test]
async fn a_browser_that_accepts_brotli_gets_the_prebuilt_copy() {
    let app = spawn_app().await;
    std::fs::write(app.config.spa_dir.join("assets/index-abc123.js.br"), b"brotli bytes").unwrap();
    std::fs::write(app.config.spa_dir.join("assets/index-abc123.js.gz"), b"gzip bytes").unwrap();
    let fetch = |encoding: &'static str| {
        app.client.get(format!("{}/assets/index-abc123.js", app.address)).header("accept-encoding", encoding).send()
    };

    let brotli = fetch("gzip, deflate, br").await.unwrap();
    let gzip = fetch("gzip").await.unwrap();

    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_eq!(brotli.headers()["content-type"], "text/javascript");
    assert_eq!(brotli.headers()["vary"], "accept-encoding");
    assert!(brotli.headers().get("content-disposition").is_none(), "a download, not a script");
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"brotli bytes");
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    assert_eq!(gzip.bytes().await.unwrap().as_ref(), b"gzip bytes");
}
