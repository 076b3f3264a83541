//! `just run` is for a person at a terminal: the server it starts logs text lines unless `LOG_FORMAT` says
//! otherwise (servers keep the JSON default). The recipe runs as written, with `cargo`, `npm` and the built
//! server stood in for by scripts, the server's recording what it was started with.

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;
use std::process::Command;

use crate::helpers::ScratchDir;

/// Writes an executable shell script of `body` at `path`.
fn script(path: &Path, body: &str) {
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs `just run` with `LOG_FORMAT` set to `log_format` (unset for `None`); answers how the stand-in server
/// was started, a line each time: `seed-demo LOG_FORMAT=…`, then `serve LOG_FORMAT=…`.
fn just_run(log_format: Option<&str>) -> String {
    let scratch = ScratchDir::new("just-run");
    let (bin, target, started) = (scratch.0.join("bin"), scratch.0.join("target"), scratch.0.join("started"));
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(target.join("debug")).unwrap();
    script(&bin.join("cargo"), "exit 0");
    script(&bin.join("npm"), "exit 0");
    script(&target.join("debug/app-server"), &format!("echo \"$1 LOG_FORMAT=$LOG_FORMAT\" >> '{}'", started.display()));
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut just = Command::new("just");
    just.arg("--justfile")
        .arg(repository.join("justfile"))
        .arg("--working-directory")
        .arg(&repository)
        .arg("run")
        .env("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default()))
        .env("CARGO_TARGET_DIR", &target)
        .env("DATABASE_URL", "postgres://postgres@127.0.0.1:1/shop_dev")
        .env_remove("LOG_FORMAT");
    if let Some(format) = log_format {
        just.env("LOG_FORMAT", format);
    }

    let output = just.output().unwrap_or_else(|err| {
        panic!("`just` does not run ({err}): run the system tier through `just test` (.ci/just)")
    });

    assert!(output.status.success(), "just run failed:\n{}", String::from_utf8_lossy(&output.stderr));
    std::fs::read_to_string(started).unwrap()
}

#[test]
fn just_run_starts_the_server_logging_text_lines_unless_log_format_is_set() {
    let unset = just_run(None);
    let json = just_run(Some("json"));

    assert_eq!(unset, "seed-demo LOG_FORMAT=text\nserve LOG_FORMAT=text\n");
    assert_eq!(json, "seed-demo LOG_FORMAT=json\nserve LOG_FORMAT=json\n");
}
