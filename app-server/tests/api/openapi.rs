/// `openapi.yaml` at the repository root is the committed output of `app-server openapi`.
#[test]
fn the_committed_openapi_yaml_matches_the_handlers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.yaml");
    let committed = std::fs::read_to_string(path).unwrap_or_default();

    let generated = adapters_http::openapi_yaml().unwrap();

    assert!(
        committed == generated,
        "openapi.yaml is out of date with the handlers: run `just openapi` and commit the result"
    );
}
