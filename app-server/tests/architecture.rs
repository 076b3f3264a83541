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
    for forbidden in
        ["actix-web", "actix-http", "diesel", "tokio", "reqwest", "utoipa", "prometheus-client", "application"]
    {
        assert!(!names.contains(&forbidden), "domain depends on {forbidden}:\n{tree}");
    }
}

#[test]
fn the_application_depends_on_no_adapter_technology() {
    let tree = normal_dependencies("application");

    let names = crate_names(&tree);

    assert!(names.contains(&"domain"), "the tree was read: {tree}");
    for forbidden in [
        "actix-web",
        "diesel",
        "tokio",
        "reqwest",
        "utoipa",
        "lettre",
        "image",
        "webp",
        "prometheus-client",
        "adapters-postgres",
        "adapters-http",
        "adapters-media",
    ] {
        assert!(!names.contains(&forbidden), "application depends on {forbidden}:\n{tree}");
    }
}

/// The application crate's module graph, read from its source: which feature (a top-level module such as
/// `catalog` or `accounts`) refers to which other, and inside each feature which file refers to which.
mod module_graph {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use syn::visit::Visit;

    /// A module of the crate, as the segments of its path (`["catalog", "ports"]`).
    type Module = Vec<String>;

    /// Every `.rs` file under `dir`, as its path relative to `dir` and its text.
    pub fn read_sources(dir: &Path) -> Vec<(String, String)> {
        let mut files = Vec::new();
        let mut pending = vec![dir.to_path_buf()];
        while let Some(next) = pending.pop() {
            for entry in std::fs::read_dir(&next).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|ext| ext == "rs") {
                    let relative = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
                    files.push((relative, std::fs::read_to_string(&path).unwrap()));
                }
            }
        }
        files.sort();
        files
    }

    fn module_of(file: &str) -> Module {
        let stem = file.trim_end_matches(".rs");
        let mut segments: Module = stem.split('/').map(str::to_owned).collect();
        if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
            segments.pop();
        }
        segments
    }

    /// Collects the absolute module paths a file refers to through `use` and through paths in code.
    struct References<'a> {
        known: &'a BTreeSet<Module>,
        current: Module,
        found: Vec<Module>,
    }

    impl References<'_> {
        fn resolve(&mut self, path: &[String]) {
            let Some(first) = path.first() else { return };
            let absolute = match first.as_str() {
                "crate" => path[1..].to_vec(),
                "self" => [self.current.clone(), path[1..].to_vec()].concat(),
                "super" => {
                    let supers = path.iter().take_while(|s| *s == "super").count();
                    let base = &self.current[..self.current.len().saturating_sub(supers)];
                    [base.to_vec(), path[supers..].to_vec()].concat()
                }
                _ => {
                    let child = [self.current.clone(), vec![first.clone()]].concat();
                    if !self.known.contains(&child) {
                        return;
                    }
                    [self.current.clone(), path.to_vec()].concat()
                }
            };
            self.found.push(absolute);
        }

        fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
            match tree {
                syn::UseTree::Path(path) => {
                    prefix.push(path.ident.to_string());
                    self.use_tree(prefix, &path.tree);
                    prefix.pop();
                }
                syn::UseTree::Name(name) => {
                    prefix.push(name.ident.to_string());
                    self.resolve(&prefix.clone());
                    prefix.pop();
                }
                syn::UseTree::Rename(rename) => {
                    prefix.push(rename.ident.to_string());
                    self.resolve(&prefix.clone());
                    prefix.pop();
                }
                syn::UseTree::Glob(_) => self.resolve(&prefix.clone()),
                syn::UseTree::Group(group) => group.items.iter().for_each(|item| self.use_tree(prefix, item)),
            }
        }
    }

    impl<'ast> Visit<'ast> for References<'_> {
        fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
            if item.content.is_some() {
                self.current.push(item.ident.to_string());
                syn::visit::visit_item_mod(self, item);
                self.current.pop();
            }
        }

        fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
            self.use_tree(&mut Vec::new(), &item.tree);
        }

        fn visit_path(&mut self, path: &'ast syn::Path) {
            let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.resolve(&segments);
            syn::visit::visit_path(self, path);
        }

        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let text = mac.tokens.to_string();
            let tokens: Vec<&str> = text.split_whitespace().collect();
            for (at, _) in tokens.iter().enumerate().filter(|(_, token)| **token == "crate") {
                let mut path = vec!["crate".to_owned()];
                let mut next = at + 1;
                while tokens.get(next) == Some(&"::") && tokens.get(next + 1).is_some() {
                    path.push(tokens[next + 1].to_owned());
                    next += 2;
                }
                self.resolve(&path);
            }
            syn::visit::visit_macro(self, mac);
        }
    }

    /// The node a module belongs to at two levels: its feature, and its file inside the feature (`""` for
    /// the feature's own `mod.rs` or single file).
    fn place(known: &BTreeSet<Module>, module: &[String]) -> Option<(String, String)> {
        let feature = module.first()?;
        if !known.contains(&vec![feature.clone()]) {
            return None;
        }
        let file = module
            .get(1)
            .filter(|second| known.contains(&vec![feature.clone(), (*second).clone()]))
            .cloned()
            .unwrap_or_default();
        Some((feature.clone(), file))
    }

    /// The edges between features and, per feature, between its files.
    pub fn edges(files: &[(String, String)]) -> (Edges, BTreeMap<String, Edges>) {
        let known: BTreeSet<Module> = files.iter().map(|(file, _)| module_of(file)).collect();
        let mut features = Edges::new();
        let mut inside = BTreeMap::<String, Edges>::new();
        for (file, text) in files {
            let module = module_of(file);
            let Some((feature, from)) = place(&known, &module) else { continue };
            let syntax = syn::parse_file(text).unwrap_or_else(|err| panic!("{file} parses: {err}"));
            let mut references = References { known: &known, current: module, found: Vec::new() };
            references.visit_file(&syntax);
            for target in references.found {
                let Some((to_feature, to)) = place(&known, &target) else { continue };
                if to_feature != feature {
                    features.entry(feature.clone()).or_default().insert(to_feature);
                } else if to != from {
                    inside.entry(feature.clone()).or_default().entry(from.clone()).or_default().insert(to);
                }
            }
        }
        (features, inside)
    }

    pub type Edges = BTreeMap<String, BTreeSet<String>>;

    /// A circle in the graph, written `a → b → a`, or `None`.
    pub fn circle(edges: &Edges) -> Option<String> {
        fn walk(node: &str, edges: &Edges, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<String> {
            if let Some(start) = path.iter().position(|n| n == node) {
                let mut circle = path[start..].to_vec();
                circle.push(node.to_owned());
                return Some(circle.join(" → "));
            }
            if done.contains(node) {
                return None;
            }
            path.push(node.to_owned());
            for next in edges.get(node).into_iter().flatten() {
                if let Some(found) = walk(next, edges, path, done) {
                    return Some(found);
                }
            }
            path.pop();
            done.insert(node.to_owned());
            None
        }
        let mut done = BTreeSet::new();
        edges.keys().find_map(|node| walk(node, edges, &mut Vec::new(), &mut done))
    }

    /// Every circle: between features, then inside each feature (named `feature/file`, `feature/` for the
    /// feature's own `mod.rs`).
    pub fn circles(files: &[(String, String)]) -> Vec<String> {
        let (features, inside) = edges(files);
        let mut found: Vec<String> = circle(&features).into_iter().collect();
        for (feature, files) in &inside {
            if let Some(circle) = circle(files) {
                found.push(format!("inside {feature}: {circle}"));
            }
        }
        found
    }
}

#[test]
fn the_application_modules_import_each_other_without_a_circle() {
    let sources =
        module_graph::read_sources(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../application/src"));

    let (features, inside) = module_graph::edges(&sources);

    assert!(features["catalog"].contains("media"), "the graph was read: {features:?}");
    assert!(inside["catalog"]["browse"].contains("ports"), "the graph was read: {inside:?}");
    assert_eq!(module_graph::circles(&sources), Vec::<String>::new());
}

#[test]
fn a_circle_like_the_old_ports_and_catalog_one_is_found() {
    let old = [
        ("lib.rs", "pub mod catalog;\npub mod ports;"),
        ("catalog.rs", "use crate::ports::{CatalogRepository, RepositoryError};\npub struct Product;"),
        ("ports.rs", "use crate::catalog::{Category, Product};\npub trait CatalogRepository {}"),
    ]
    .map(|(file, text)| (file.to_owned(), text.to_owned()));
    let inside_a_feature = [
        ("catalog/mod.rs", "pub mod model;\npub mod ports;"),
        ("catalog/model.rs", "pub struct Product(pub Vec<super::ports::Repository>);"),
        ("catalog/ports.rs", "pub struct Repository;\nfn first(list: &[crate::catalog::model::Product]) {}"),
    ]
    .map(|(file, text)| (file.to_owned(), text.to_owned()));

    assert_eq!(module_graph::circles(&old), ["catalog → ports → catalog"]);
    assert_eq!(module_graph::circles(&inside_a_feature), ["inside catalog: model → ports → model"]);
}

#[test]
fn only_the_media_adapter_stores_and_resizes_pictures() {
    let http = normal_dependencies("adapters-http");
    let media = normal_dependencies("adapters-media");

    assert!(crate_names(&http).contains(&"actix-web"), "the tree was read: {http}");
    for forbidden in ["image", "webp", "adapters-media", "adapters-postgres"] {
        assert!(!crate_names(&http).contains(&forbidden), "adapters-http depends on {forbidden}:\n{http}");
    }
    for needed in ["image", "webp", "application"] {
        assert!(crate_names(&media).contains(&needed), "adapters-media lacks {needed}:\n{media}");
    }
    for forbidden in ["actix-web", "diesel", "adapters-http", "adapters-postgres"] {
        assert!(!crate_names(&media).contains(&forbidden), "adapters-media depends on {forbidden}:\n{media}");
    }
}
