//! Every reference into the docs resolves inside the repository: a `docs/<file>.md §N` in any file names a
//! document that exists and has a section N (`## N.` or `## §N`), and each quoted name after it (`§5 'Coupon
//! apply'`) appears in that section; a `docs/<file>.md 'Name'` names a heading of that document; a
//! `docs/<file>.md` names a file that exists. Nothing cites the specification files that lived outside the
//! repository. Every relative link of the READMEs and `docs/` leads to a file, and its `#anchor` to a heading.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Directories that hold no source of the project's own (dependencies, builds, local data, and `wip`'s patch
/// series of work that has not landed, whose citations name files they would add).
const SKIPPED_DIRS: &[&str] = &[".git", "node_modules", "target", "dist", "data", ".vite", "test-results", "wip"];

/// The names of the specification files that lived beside the repository, written in two pieces so that
/// this file does not cite them itself.
const OUTSIDE_FILES: &[&str] = &[concat!("SPEC", ".md"), concat!("CONTRACT", ".md"), concat!("../", "shared/")];

/// The workspace: the parent of app-server's directory, as cargo names it when it runs the test (so the built
/// test can check another checkout), else as it was when built.
fn root() -> PathBuf {
    let manifest =
        std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest.parent().expect("app-server sits in the workspace").to_path_buf()
}

/// Every UTF-8 file under `dir` outside [`SKIPPED_DIRS`], with its path relative to `base`.
fn text_files(base: &Path, dir: &Path, found: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("the directory reads").flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            if !SKIPPED_DIRS.contains(&name.as_str()) {
                text_files(base, &path, found);
            }
        } else if kind.is_file() && entry.metadata().is_ok_and(|m| m.len() < 4 << 20) {
            if let Ok(text) = std::fs::read_to_string(&path) {
                let relative = path.strip_prefix(base).expect("under the base").to_string_lossy().replace('\\', "/");
                found.push((relative, text));
            }
        }
    }
}

fn repository_files() -> Vec<(String, String)> {
    let root = root();
    let mut found = Vec::new();
    text_files(&root, &root, &mut found);
    assert!(found.iter().any(|(path, _)| path == "README.md"), "the walk found the repository's files");
    found
}

/// A Markdown document's headings (outside code blocks), with the lines under each.
struct Doc {
    headings: Vec<Heading>,
}

struct Heading {
    text: String,
    anchor: String,
    /// The text from this heading to the next heading of the same or a higher level.
    body: String,
}

impl Doc {
    fn parse(markdown: &str) -> Doc {
        let mut fenced = false;
        let mut lines: Vec<(Option<(usize, String)>, &str)> = Vec::new();
        for line in markdown.lines() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                lines.push((None, line));
                continue;
            }
            let level = line.chars().take_while(|&c| c == '#').count();
            let heading = (!fenced && (1..=6).contains(&level) && line[level..].starts_with(' '))
                .then(|| (level, line[level..].trim().trim_end_matches('#').trim().to_owned()));
            lines.push((heading, line));
        }
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut headings = Vec::new();
        for (at, (heading, _)) in lines.iter().enumerate() {
            let Some((level, text)) = heading else { continue };
            let end = lines[at + 1..]
                .iter()
                .position(|(other, _)| other.as_ref().is_some_and(|(l, _)| l <= level))
                .map_or(lines.len(), |n| at + 1 + n);
            let body = lines[at..end].iter().map(|(_, line)| *line).collect::<Vec<_>>().join("\n");
            let slug = slug(text);
            let count = seen.entry(slug.clone()).or_insert(0);
            let anchor = if *count == 0 { slug.clone() } else { format!("{slug}-{count}") };
            *count += 1;
            headings.push(Heading { text: text.clone(), anchor, body });
        }
        Doc { headings }
    }

    /// Section `n`: the heading that starts with `n.` or `§n`.
    fn section(&self, n: u32) -> Option<&Heading> {
        self.headings.iter().find(|h| {
            let text = h.text.strip_prefix('§').unwrap_or(&h.text);
            let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
            digits.parse() == Ok(n) && text[digits.len()..].chars().next().is_none_or(|c| c == '.' || c == ' ')
        })
    }
}

/// GitHub's anchor for a heading: lower case, only letters, digits, `-` and `_` kept, spaces made `-`.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Lower case with every run of white space one space, for finding a cited name in a section.
fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// One reference found in a file: the document, the section and the quoted name, where given.
#[derive(Debug, PartialEq)]
struct Citation {
    line: usize,
    doc: String,
    section: Option<u32>,
    name: Option<String>,
}

/// The references to `docs/...md` in `text` (and to a bare `<name>.md §N`, read as `docs/<name>.md`),
/// each followed by what it cites: `§N`, `'Name'`, in any order, separated by spaces, commas, semicolons,
/// slashes, a comment's `*` or `and`.
fn citations(text: &str) -> Vec<Citation> {
    let bytes = text.as_bytes();
    let path_char = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/');
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = text[at..].find(".md") {
        let end = at + offset + 3;
        at = end;
        if bytes.get(end).is_some_and(|&b| b.is_ascii_alphanumeric()) {
            continue;
        }
        let mut start = end - 3;
        while start > 0 && path_char(bytes[start - 1]) {
            start -= 1;
        }
        let path = &text[start..end];
        if !path.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric()) || path.len() <= 3 {
            continue;
        }
        let doc = if let Some(index) = path.find("docs/") {
            if !path[index + 5..].bytes().next().is_some_and(|b| b.is_ascii_alphanumeric()) {
                continue;
            }
            let before =
                if index == 0 { start.checked_sub(1).map(|i| bytes[i]) } else { Some(bytes[start + index - 1]) };
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'/' | b'-' | b'_')) {
                continue;
            }
            path[index..].to_owned()
        } else if path.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'.'))
            && followed_by_section(&text[end..])
        {
            format!("docs/{path}")
        } else {
            continue;
        };
        let line = text[..start].matches('\n').count() + 1;
        let cited = cited_after(&text[end..]);
        if cited.is_empty() {
            found.push(Citation { line, doc, section: None, name: None });
        } else {
            found.extend(cited.into_iter().map(|(section, name)| Citation { line, doc: doc.clone(), section, name }));
        }
    }
    found
}

fn followed_by_section(rest: &str) -> bool {
    let rest = rest.trim_start_matches(' ');
    rest.starts_with('§') || rest.starts_with("\\u00a7")
}

/// What follows a document's name: sections and quoted names, as (section, name) pairs.
fn cited_after(rest: &str) -> Vec<(Option<u32>, Option<String>)> {
    let mut cited = Vec::new();
    let mut section = None;
    let mut at = 0;
    loop {
        let skipped_from = at;
        loop {
            let tail = &rest[at..];
            if let Some(c) =
                tail.chars().next().filter(|c| matches!(c, ' ' | '\t' | '\n' | '\r' | ',' | ';' | '*' | '/'))
            {
                at += c.len_utf8();
            } else if at > skipped_from && tail.starts_with("and ") {
                at += 4;
            } else {
                break;
            }
        }
        let tail = &rest[at..];
        let mark = ["§", "\\u00a7"].into_iter().find(|mark| tail.starts_with(mark));
        if let Some(mark) = mark {
            let digits: String = tail[mark.len()..].chars().take_while(char::is_ascii_digit).collect();
            let Ok(n) = digits.parse() else { break };
            section = Some(n);
            cited.push((section, None));
            at += mark.len() + digits.len();
        } else if tail.starts_with('\'') && at > skipped_from {
            let Some(close) = tail[1..].find('\'') else { break };
            let name = &tail[1..=close];
            if name.is_empty() || name.len() > 60 || name.contains('\n') {
                break;
            }
            if section.is_some() && cited.last().is_some_and(|(s, n)| *s == section && n.is_none()) {
                cited.pop();
            }
            cited.push((section, Some(name.to_owned())));
            at += close + 2;
        } else {
            break;
        }
    }
    cited
}

/// What is wrong with the citations of `text` (a file at `path`), given a way to read a document.
fn citation_faults(path: &str, text: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut faults = Vec::new();
    for Citation { line, doc, section, name } in citations(text) {
        let at = format!("{path}:{line}: {doc}");
        let Some(markdown) = read(&doc) else {
            faults.push(format!("{at}: no such file"));
            continue;
        };
        let parsed = Doc::parse(&markdown);
        match (section, name) {
            (None, None) => {}
            (Some(n), name) => match parsed.section(n) {
                None => faults.push(format!("{at} §{n}: no section {n}")),
                Some(heading) => {
                    if let Some(name) = name.filter(|name| !normal(&heading.body).contains(&normal(name))) {
                        faults.push(format!("{at} §{n} '{name}': not in that section"));
                    }
                }
            },
            (None, Some(name)) => {
                if !parsed.headings.iter().any(|h| normal(&h.text.replace('`', "")).contains(&normal(&name))) {
                    faults.push(format!("{at} '{name}': no such heading"));
                }
            }
        }
    }
    faults
}

/// The relative links of a Markdown document (outside code), as (line, target).
fn links(markdown: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    let mut prose = String::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        // Code spans and code blocks are not links; keep the line count.
        let kept = if fenced { String::new() } else { line.split('`').step_by(2).collect::<Vec<_>>().join("") };
        prose.push_str(&kept);
        prose.push('\n');
    }
    let mut at = 0;
    while let Some(offset) = prose[at..].find("](") {
        let start = at + offset + 2;
        at = start;
        let Some(close) = prose[start..].find(')') else { break };
        let target = prose[start..start + close].trim();
        if target.is_empty() || target.contains(' ') || target.contains(':') {
            continue;
        }
        found.push((prose[..start].matches('\n').count() + 1, target.to_owned()));
    }
    found
}

/// What is wrong with the relative links of the document at `path`, given a way to read a file.
fn link_faults(path: &str, markdown: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let dir = Path::new(path).parent().unwrap_or(Path::new(""));
    let mut faults = Vec::new();
    for (line, target) in links(markdown) {
        let (file, anchor) = target.split_once('#').map_or((target.as_str(), None), |(f, a)| (f, Some(a)));
        let resolved = if file.is_empty() { path.to_owned() } else { lexical(&dir.join(file)) };
        let at = format!("{path}:{line}: ({target})");
        let Some(text) = read(&resolved) else {
            faults.push(format!("{at}: no such file {resolved}"));
            continue;
        };
        if let Some(anchor) = anchor {
            let known = Path::new(&resolved).extension().is_some_and(|e| e == "md")
                && Doc::parse(&text).headings.iter().any(|h| h.anchor == anchor);
            if !known {
                faults.push(format!("{at}: no heading #{anchor} in {resolved}"));
            }
        }
    }
    faults
}

/// `a/b/../c` as `a/c`, without touching the file system.
fn lexical(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::CurDir => {}
            other => parts.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    parts.join("/")
}

/// A file of the repository by its relative path; a directory reads as empty text.
fn read_in_repository(relative: &str) -> Option<String> {
    let path = root().join(relative.trim_end_matches('/'));
    if path.is_dir() {
        return Some(String::new());
    }
    std::fs::read_to_string(path).ok()
}

fn is_markdown_doc(path: &str) -> bool {
    path.ends_with(".md") && (path.starts_with("docs/") || path.ends_with("README.md"))
}

#[test]
fn every_docs_citation_names_a_file_and_a_section_that_exist() {
    let files = repository_files();

    let mut cited = 0;
    let mut faults = Vec::new();
    // This file's own made-up citations are the checks' test cases.
    for (path, text) in files.iter().filter(|(path, _)| path != "app-server/tests/docs.rs") {
        cited += citations(text).len();
        faults.extend(citation_faults(path, text, &read_in_repository));
    }

    assert!(cited > 100, "the code's citations were read: {cited}");
    assert!(faults.is_empty(), "citations that lead nowhere:\n{}", faults.join("\n"));
}

#[test]
fn nothing_cites_the_specification_files_that_lived_outside_the_repository() {
    let files = repository_files();

    let mut faults = Vec::new();
    for (path, text) in &files {
        for (number, line) in text.lines().enumerate() {
            if let Some(name) = OUTSIDE_FILES.iter().find(|name| line.contains(*name)) {
                faults.push(format!("{path}:{}: {name}", number + 1));
            }
        }
    }

    assert!(
        faults.is_empty(),
        "{} references to files outside the repository (scripts/rewrite-spec-refs.sh rewrites them to docs/):\n{}",
        faults.len(),
        faults.join("\n")
    );
}

#[test]
fn every_relative_link_of_the_readmes_and_docs_leads_to_a_file_and_heading() {
    let files = repository_files();

    let docs: BTreeMap<&str, &str> =
        files.iter().filter(|(path, _)| is_markdown_doc(path)).map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let mut faults = Vec::new();
    let mut checked = 0;
    for (path, markdown) in &docs {
        checked += links(markdown).len();
        faults.extend(link_faults(path, markdown, &read_in_repository));
    }

    assert!(docs.contains_key("docs/spec.md") && docs.contains_key("docs/contract.md"), "{:?}", docs.keys());
    assert!(checked > 50, "the links were read: {checked}");
    assert!(faults.is_empty(), "links that lead nowhere:\n{}", faults.join("\n"));
}

/// The checks themselves find what they are for, on documents made up here.
#[test]
fn the_checks_find_a_missing_file_section_name_heading_and_anchor() {
    let docs: HashMap<&str, &str> = HashMap::from([
        (
            "docs/spec.md",
            "# Spec\n\n## 5. Rules\n\n**Coupon apply**: ...\n\n## 6. Roles\n\n```\n# not a heading\n```\n",
        ),
        ("docs/cod.md", "# COD\n\n## Courier hand-off\n\ntext\n"),
    ]);
    let read = |path: &str| docs.get(path).map(|text| (*text).to_owned());
    let code = "// docs/spec.md §5 'Coupon apply' and 'Token review', §6; docs/spec.md §7\n\
                /* docs/cod.md 'Courier hand-off', docs/cod.md 'Analytics' */ docs/none.md\n\
                // spec.md §5's rule, docs/spec.md's order, frontend/docs/x.md\n\
                \"about\": \"docs/spec.md \\u00a75 'Coupon apply'\"";

    let found = citation_faults("code.rs", code, &read);
    let links = link_faults(
        "docs/cod.md",
        "[a](spec.md#5-rules) [b](spec.md#6-roles) [c](spec.md#not-a-heading) [d](gone.md) `[e](gone.md)`\n\
         [f](#courier-hand-off) [g](https://example.com/x.md)",
        &read,
    );

    assert_eq!(
        found,
        [
            "code.rs:1: docs/spec.md §5 'Token review': not in that section",
            "code.rs:1: docs/spec.md §7: no section 7",
            "code.rs:2: docs/cod.md 'Analytics': no such heading",
            "code.rs:2: docs/none.md: no such file",
        ]
    );
    assert_eq!(
        links,
        [
            "docs/cod.md:1: (spec.md#not-a-heading): no heading #not-a-heading in docs/spec.md",
            "docs/cod.md:1: (gone.md): no such file docs/gone.md",
        ]
    );
    assert_eq!(
        slug("Contact history: `GET /api/orders/{id}/related` (admin)"),
        "contact-history-get-apiordersidrelated-admin"
    );
    assert_eq!(slug("What an instance keeps, and what it does not"), "what-an-instance-keeps-and-what-it-does-not");
}
