//! The tests' fake Graph API as a process, for the browser tests: reads `--access-token T
//! --phone-number-id P --app-secret S` (defaults `test-token`, `1234567890`, `test-app-secret`), prints
//! `{"baseUrl":"http://127.0.0.1:PORT"}` on one line, then serves until it is killed. Its test controls are
//! in `adapters_whatsapp::test_support`.

use adapters_whatsapp::test_support::{FakeGraph, FakeGraphConfig};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut config = FakeGraphConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--access-token" => config.access_token = value,
            "--phone-number-id" => config.phone_number_id = value,
            "--app-secret" => config.app_secret = value,
            other => {
                eprintln!("fake-graph-api: unknown option {other}");
                std::process::exit(2);
            }
        }
    }
    let fake = FakeGraph::start(config).await;
    println!("{}", serde_json::json!({ "baseUrl": fake.base_url() }));
    let _ = tokio::signal::ctrl_c().await;
}
