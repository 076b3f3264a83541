//! Dependencies point inward: the domain knows no framework, the application no adapter technology.

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test binary: a panic is the failure report")]

use std::collections::BTreeSet;

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

/// A crate's module graph, read from its source: which feature (a top-level module such as `catalog` or
/// `accounts`, or `lib` for the crate's root) refers to which other, and inside each feature which file refers
/// to which. A name the crate's root re-exports (`pub use outbox::PgMailOutbox;` in lib.rs) counts as the
/// module it comes from; a name the root defines, as the root.
mod module_graph {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use syn::visit::Visit;

    /// A module of the crate, as the segments of its path (`["catalog", "ports"]`).
    type Module = Vec<String>;

    /// Every `.rs` file of the library under `dir`, as its path relative to `dir` and its text; `main.rs` and
    /// `bin/` are crates of their own.
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
                    if relative != "main.rs" && !relative.starts_with("bin/") {
                        files.push((relative, std::fs::read_to_string(&path).unwrap()));
                    }
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

    /// The crate's root node, as `place` names it.
    const ROOT: &str = "lib";

    /// What the crate's root (`lib.rs`) holds besides modules.
    #[derive(Default)]
    struct Root {
        /// The names it brings in with `use` from the crate's own modules, and the paths they stand for:
        /// `PgMailOutbox` for `["outbox", "PgMailOutbox"]`.
        reexports: BTreeMap<String, Module>,
        /// The names of the items it defines (`start`, `Config`).
        items: BTreeSet<String>,
    }

    /// Collects the absolute module paths a file refers to through `use` and through paths in code.
    struct References<'a> {
        known: &'a BTreeSet<Module>,
        root: &'a Root,
        current: Module,
        found: Vec<Module>,
    }

    impl References<'_> {
        fn resolve(&mut self, path: &[String]) {
            let Some(absolute) = self.absolute(path) else { return };
            let Some(first) = absolute.first().filter(|first| !self.known.contains(&vec![(*first).clone()])) else {
                self.found.push(absolute);
                return;
            };
            if let Some(origin) = self.root.reexports.get(first) {
                self.found.push([origin.clone(), absolute[1..].to_vec()].concat());
            } else if self.root.items.contains(first) {
                self.found.push(Vec::new());
            }
        }

        fn absolute(&self, path: &[String]) -> Option<Module> {
            let first = path.first()?;
            Some(match first.as_str() {
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
                        return None;
                    }
                    [self.current.clone(), path.to_vec()].concat()
                }
            })
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

    /// Whether `attrs` hold `#[cfg(test)]`.
    fn test_only(attrs: &[syn::Attribute]) -> bool {
        attrs
            .iter()
            .any(|attr| attr.path().is_ident("cfg") && attr.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
    }

    fn attributes(item: &syn::Item) -> &[syn::Attribute] {
        match item {
            syn::Item::Const(item) => &item.attrs,
            syn::Item::Enum(item) => &item.attrs,
            syn::Item::Fn(item) => &item.attrs,
            syn::Item::Impl(item) => &item.attrs,
            syn::Item::Macro(item) => &item.attrs,
            syn::Item::Mod(item) => &item.attrs,
            syn::Item::Static(item) => &item.attrs,
            syn::Item::Struct(item) => &item.attrs,
            syn::Item::Trait(item) => &item.attrs,
            syn::Item::Type(item) => &item.attrs,
            syn::Item::Union(item) => &item.attrs,
            syn::Item::Use(item) => &item.attrs,
            _ => &[],
        }
    }

    /// The modules of `items` (inside `module`) declared `#[cfg(test)] mod name;`, whose files are tests.
    fn test_files(module: &Module, items: &[syn::Item], found: &mut Vec<Module>) {
        for item in items {
            if let syn::Item::Mod(declared) = item {
                let path = [module.clone(), vec![declared.ident.to_string()]].concat();
                match &declared.content {
                    None if test_only(&declared.attrs) => found.push(path),
                    Some((_, inner)) => test_files(&path, inner, found),
                    None => {}
                }
            }
        }
    }

    impl<'ast> Visit<'ast> for References<'_> {
        /// What a test (`#[cfg(test)]`) uses is not used by the module it sits in: nothing but the test
        /// runner depends on it.
        fn visit_item(&mut self, item: &'ast syn::Item) {
            if !test_only(attributes(item)) {
                syn::visit::visit_item(self, item);
            }
        }

        fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
            if item.content.is_some() {
                self.current.push(item.ident.to_string());
                syn::visit::visit_item_mod(self, item);
                self.current.pop();
            }
        }

        /// `pub(crate)` and `pub(super)` name where an item is seen, not what it uses.
        fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

        /// The crate root's `pub use` is the crate's face for other crates, not a use of the module.
        fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
            let reexport = self.current.is_empty() && !matches!(item.vis, syn::Visibility::Inherited);
            if !reexport {
                self.use_tree(&mut Vec::new(), &item.tree);
            }
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
    /// the feature's own `mod.rs` or single file); the crate's root is the feature `lib`.
    fn place(known: &BTreeSet<Module>, module: &[String]) -> Option<(String, String)> {
        let Some(feature) = module.first() else { return Some((ROOT.to_owned(), String::new())) };
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

    /// What the crate's root (`lib.rs`) re-exports and defines.
    fn root(known: &BTreeSet<Module>, files: &[(String, String)]) -> Root {
        fn leaves(prefix: &mut Module, tree: &syn::UseTree, found: &mut Vec<(String, Module)>) {
            match tree {
                syn::UseTree::Path(path) => {
                    prefix.push(path.ident.to_string());
                    leaves(prefix, &path.tree, found);
                    prefix.pop();
                }
                syn::UseTree::Name(name) if name.ident == "self" => {
                    if let Some(last) = prefix.last() {
                        found.push((last.clone(), prefix.clone()));
                    }
                }
                syn::UseTree::Name(name) => {
                    found.push((name.ident.to_string(), [prefix.clone(), vec![name.ident.to_string()]].concat()));
                }
                syn::UseTree::Rename(rename) => {
                    let path = [prefix.clone(), vec![rename.ident.to_string()]].concat();
                    found.push((rename.rename.to_string(), path));
                }
                syn::UseTree::Glob(_) => {}
                syn::UseTree::Group(group) => group.items.iter().for_each(|item| leaves(prefix, item, found)),
            }
        }
        let Some((file, text)) = files.iter().find(|(file, _)| module_of(file).is_empty()) else {
            return Root::default();
        };
        let syntax = syn::parse_file(text).unwrap_or_else(|err| panic!("{file} parses: {err}"));
        let mut found = Vec::new();
        let mut items = BTreeSet::new();
        for item in &syntax.items {
            let name = match item {
                syn::Item::Use(item) => {
                    leaves(&mut Vec::new(), &item.tree, &mut found);
                    continue;
                }
                syn::Item::Const(item) => &item.ident,
                syn::Item::Enum(item) => &item.ident,
                syn::Item::Fn(item) => &item.sig.ident,
                syn::Item::Macro(item) => match &item.ident {
                    Some(ident) => ident,
                    None => continue,
                },
                syn::Item::Static(item) => &item.ident,
                syn::Item::Struct(item) => &item.ident,
                syn::Item::Trait(item) => &item.ident,
                syn::Item::Type(item) => &item.ident,
                syn::Item::Union(item) => &item.ident,
                _ => continue,
            };
            items.insert(name.to_string());
        }
        let reexports = found
            .into_iter()
            .filter_map(|(name, path)| {
                let path = match path.first().map(String::as_str) {
                    Some("crate" | "self") => path[1..].to_vec(),
                    _ => path,
                };
                (!path.is_empty() && known.contains(&path[..1].to_vec())).then_some((name, path))
            })
            .collect();
        Root { reexports, items }
    }

    /// The edges between features and, per feature, between its files.
    pub fn edges(files: &[(String, String)]) -> (Edges, BTreeMap<String, Edges>) {
        let known: BTreeSet<Module> = files.iter().map(|(file, _)| module_of(file)).collect();
        let root = root(&known, files);
        let parsed: Vec<(Module, syn::File)> = files
            .iter()
            .map(|(file, text)| {
                (module_of(file), syn::parse_file(text).unwrap_or_else(|err| panic!("{file} parses: {err}")))
            })
            .collect();
        let mut tests = Vec::new();
        for (module, syntax) in &parsed {
            test_files(module, &syntax.items, &mut tests);
        }
        let mut features = Edges::new();
        let mut inside = BTreeMap::<String, Edges>::new();
        for (module, syntax) in parsed {
            if tests.iter().any(|test| module.starts_with(test)) {
                continue;
            }
            let Some((feature, from)) = place(&known, &module) else { continue };
            let mut references = References { known: &known, root: &root, current: module, found: Vec::new() };
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

    /// Circles in the graph, each written `a → b → a`: one through the first node of each group of nodes
    /// that reach each other, then one through each node of the group that the circles so far missed.
    pub fn circles_of(edges: &Edges) -> Vec<String> {
        /// A path from `node` back to `start`, depth first, visiting each node once.
        fn back(start: &str, node: &str, edges: &Edges, path: &mut Vec<String>, seen: &mut BTreeSet<String>) -> bool {
            for next in edges.get(node).into_iter().flatten() {
                if next == start {
                    return true;
                }
                if seen.insert(next.clone()) {
                    path.push(next.clone());
                    if back(start, next, edges, path, seen) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        let mut found = Vec::new();
        let mut covered = BTreeSet::new();
        for start in edges.keys() {
            if covered.contains(start) {
                continue;
            }
            let mut path = vec![start.clone()];
            if back(start, start, edges, &mut path, &mut BTreeSet::new()) {
                covered.extend(path.iter().cloned());
                path.push(start.clone());
                found.push(path.join(" → "));
            }
        }
        found
    }

    /// Every circle: between features, then inside each feature (named `feature/file`, `feature/` for the
    /// feature's own `mod.rs`).
    pub fn circles(files: &[(String, String)]) -> Vec<String> {
        let (features, inside) = edges(files);
        let mut found = circles_of(&features);
        for (feature, files) in &inside {
            found.extend(circles_of(files).into_iter().map(|circle| format!("inside {feature}: {circle}")));
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

/// The workspace's crates, as `members` of its Cargo.toml lists them.
fn workspace_members() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let manifest = std::fs::read_to_string(root).unwrap();
    let list = manifest.split_once("members = [").and_then(|(_, rest)| rest.split_once(']')).unwrap().0;
    list.split(',')
        .map(|member| member.trim().trim_matches('"').to_owned())
        .filter(|member| !member.is_empty())
        .collect()
}

#[test]
fn no_crates_modules_import_each_other_in_a_circle() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let members = workspace_members();
    let mut found = Vec::new();

    let graphs: Vec<_> = members
        .iter()
        .map(|member| {
            let sources = module_graph::read_sources(&root.join(member).join("src"));
            assert!(sources.iter().any(|(file, _)| file == "lib.rs"), "{member}'s sources were read");
            found.extend(module_graph::circles(&sources).into_iter().map(|circle| format!("{member}: {circle}")));
            (member.as_str(), module_graph::edges(&sources).0)
        })
        .collect();

    for layer in ["domain", "application", "adapters-http", "adapters-postgres", "app-server"] {
        assert!(members.iter().any(|member| member == layer), "the members were read: {members:?}");
    }
    let features = |member: &str| &graphs.iter().find(|(name, _)| *name == member).unwrap().1;
    assert!(features("domain")["risk"].contains("locations"), "the graph was read: {:?}", features("domain"));
    assert!(features("adapters-postgres")["outbox"].contains("unit_of_work"), "{:?}", features("adapters-postgres"));
    assert!(
        features("adapters-http").values().map(BTreeSet::len).sum::<usize>() > 20,
        "{:?}",
        features("adapters-http")
    );
    assert!(features("app-server")["lib"].contains("config"), "the graph was read: {:?}", features("app-server"));
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn circles_like_the_old_outbox_and_cod_ones_are_found_through_the_crates_root_too() {
    let outbox = [
        ("lib.rs", "mod outbox;\nmod unit_of_work;\npub use outbox::PgMailOutbox;"),
        ("outbox.rs", "use crate::unit_of_work::PgTransaction;\npub struct PgMailOutbox;"),
        ("unit_of_work.rs", "use crate::outbox::PgMailOutbox;\npub struct PgTransaction;"),
    ]
    .map(|(file, text)| (file.to_owned(), text.to_owned()));
    let through_the_root = [
        ("lib.rs", "mod outbox;\nmod unit_of_work;\npub use self::outbox::{PgMailOutbox as Outbox};"),
        ("outbox.rs", "pub struct PgMailOutbox(crate::unit_of_work::PgTransaction);"),
        ("unit_of_work.rs", "pub struct PgTransaction;\nfn new(outbox: &crate::Outbox) {}"),
    ]
    .map(|(file, text)| (file.to_owned(), text.to_owned()));
    let cod = [
        ("lib.rs", "mod cod;\nmod dto;\nmod orders;"),
        (
            "cod.rs",
            "use crate::dto::whole_rupees;\nuse crate::orders::{timestamp, OrderIdPath};\npub struct RiskResponse;",
        ),
        ("orders.rs", "use crate::cod::RiskResponse;\nuse crate::dto::whole_rupees;\npub struct OrderIdPath;"),
        ("dto.rs", "pub fn whole_rupees() {}"),
    ]
    .map(|(file, text)| (file.to_owned(), text.to_owned()));
    let root = [
        ("lib.rs", "mod config;\npub fn start() {\n    config::read();\n}"),
        ("config.rs", "pub fn read() {\n    crate::start();\n}"),
    ]
    .map(|(file, text)| (file.to_owned(), text.to_owned()));

    assert_eq!(module_graph::circles(&outbox), ["outbox → unit_of_work → outbox"]);
    assert_eq!(module_graph::circles(&through_the_root), ["outbox → unit_of_work → outbox"]);
    assert_eq!(module_graph::circles(&cod), ["cod → orders → cod"]);
    assert_eq!(module_graph::circles(&root), ["config → lib → config"]);
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
