/// `frontend/src/api/rules/*.gen.ts` are the committed output of `app-server rules`: the browser's limits and
/// texts are the server's.
#[test]
fn the_committed_rules_modules_match_the_server_rules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/api/rules");
    let generated = app_server::rules::rules_modules();

    let files_in = |folder: &std::path::Path, prefix: &str| -> Vec<String> {
        std::fs::read_dir(folder)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .filter_map(|e| Some(format!("{prefix}{}", e.file_name().into_string().ok()?)))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut committed = files_in(&dir, "");
    committed.extend(files_in(&dir.join("ur"), "ur/"));
    committed.sort();
    let mut expected: Vec<String> = generated.iter().map(|(file, _)| file.clone()).collect();
    expected.sort();

    assert_eq!(committed, expected, "frontend/src/api/rules holds other files than `app-server rules` writes");
    for (file, content) in generated {
        assert!(
            std::fs::read_to_string(dir.join(&file)).unwrap_or_default() == content,
            "frontend/src/api/rules/{file} is out of date with the server's rules: run `just openapi` and commit the result"
        );
    }
}
