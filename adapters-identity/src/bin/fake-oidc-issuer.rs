//! The tests' OpenID Connect issuer as a process, for the browser tests: prints `{"issuer": "http://..."}`
//! on one line, then serves until it is killed. `POST /test/next-login` with a `FakeLogin` as JSON chooses
//! who signs in next.

use adapters_identity::test_support::FakeIssuer;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let issuer = FakeIssuer::start().await;
    println!("{}", serde_json::json!({ "issuer": issuer.issuer() }));
    let _ = tokio::signal::ctrl_c().await;
}
