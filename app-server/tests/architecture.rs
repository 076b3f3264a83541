//! Dependencies point inward: the domain knows no framework, the application no adapter technology.

fn normal_dependencies(package: &str) -> String {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["tree", "--offline", "-e", "normal", "--prefix", "none", "-p", package])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn crate_names(tree: &str) -> Vec<&str> {
    tree.lines().filter_map(|line| line.split_whitespace().next()).collect()
}

#[test]
fn the_domain_depends_on_no_framework_database_runtime_or_http_client() {
    let tree = normal_dependencies("domain");

    let names = crate_names(&tree);

    assert!(names.contains(&"chrono"), "the tree was read: {tree}");
    for forbidden in ["actix-web", "actix-http", "diesel", "tokio", "reqwest", "utoipa", "application"] {
        assert!(!names.contains(&forbidden), "domain depends on {forbidden}:\n{tree}");
    }
}

#[test]
fn the_application_depends_on_no_adapter_technology() {
    let tree = normal_dependencies("application");

    let names = crate_names(&tree);

    assert!(names.contains(&"domain"), "the tree was read: {tree}");
    for forbidden in
        ["actix-web", "diesel", "tokio", "reqwest", "utoipa", "lettre", "adapters-postgres", "adapters-http"]
    {
        assert!(!names.contains(&forbidden), "application depends on {forbidden}:\n{tree}");
    }
}
