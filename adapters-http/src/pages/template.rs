//! The built `index.html` with its markers (docs/seo.md, 'The template'), read from the front end's
//! directory when first needed and again whenever its modification time (or the build manifest's) changes.

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use super::head::unescape;

const HEAD_START: &str = "<!--page-head-->";
const HEAD_END: &str = "<!--/page-head-->";
const MAIN: &str = "<!--page-main-->";
const DATA: &str = "<!--page-data-->";
const SHELL_START: &str = "<!--shell-->";
const SHELL_END: &str = "<!--/shell-->";

/// The modules of the routes whose chunks a page preloads.
pub const PRODUCT_ROUTE: &str = "src/app/routes/product.tsx";
pub const CATEGORY_ROUTE: &str = "src/app/routes/category.tsx";

/// A page's parts, written into the template's markers.
#[derive(Debug, Default)]
pub struct Filling {
    /// Replaces what lies between `<!--page-head-->` and `<!--/page-head-->` (the markers stay).
    pub head: String,
    /// Replaces `<!--page-main-->`.
    pub main: String,
    /// Replaces `<!--page-data-->`.
    pub data: String,
    /// Whether everything from `<!--shell-->` to `<!--/shell-->` goes (the admin area draws its own bar).
    pub without_shell: bool,
}

/// The template as read, with what the server takes from it.
#[derive(Debug)]
pub struct Template {
    text: String,
    /// From `<meta name="application-name">`, else the default `<title>`.
    pub shop: String,
    /// The `<meta name="description">` of the `page-head` region.
    pub default_description: String,
    /// `/assets/...` of the product route's chunks that the entry does not load.
    pub product_preloads: Vec<String>,
    /// Likewise for the category route.
    pub category_preloads: Vec<String>,
}

impl Template {
    /// Reads the markers' defaults out of `text`; `manifest` is the build's `.vite/manifest.json`, if any.
    #[must_use]
    pub fn parse(text: String, manifest: Option<&str>) -> Self {
        let region = between(&text, HEAD_START, HEAD_END).unwrap_or(&text);
        let title = between(region, "<title>", "</title>").map(|t| unescape(t.trim())).unwrap_or_default();
        let default_description = meta_content(region, "name=\"description\"").unwrap_or_default();
        let shop = meta_content(&text, "name=\"application-name\"")
            .filter(|name| !name.trim().is_empty() && !name.starts_with('%'))
            .unwrap_or(title);
        let manifest = manifest.and_then(|m| serde_json::from_str::<serde_json::Value>(m).ok());
        let preloads = |route| manifest.as_ref().map(|m| route_chunks(m, route)).unwrap_or_default();
        Self {
            shop,
            default_description,
            product_preloads: preloads(PRODUCT_ROUTE),
            category_preloads: preloads(CATEGORY_ROUTE),
            text,
        }
    }

    /// The page: the template with `filling` in its markers. Markers the template lacks are skipped.
    #[must_use]
    pub fn render(&self, filling: &Filling) -> String {
        let mut html = self.text.clone();
        if filling.without_shell {
            if let Some(start) = html.find(SHELL_START) {
                if let Some(end) = html[start..].find(SHELL_END) {
                    html.replace_range(start..start + end + SHELL_END.len(), "");
                }
            }
        }
        // From the last marker to the first: what is written in never precedes a marker still to be found
        // (and holds none, being escaped).
        replace_first(&mut html, DATA, &filling.data);
        replace_first(&mut html, MAIN, &filling.main);
        if let Some(start) = html.find(HEAD_START) {
            let from = start + HEAD_START.len();
            if let Some(end) = html[from..].find(HEAD_END) {
                html.replace_range(from..from + end, &filling.head);
            }
        }
        html
    }
}

fn replace_first(html: &mut String, marker: &str, with: &str) {
    if let Some(at) = html.find(marker) {
        html.replace_range(at..at + marker.len(), with);
    }
}

/// The text between the first `start` and the next `end`.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)?;
    Some(&text[from..from + to])
}

/// The unescaped `content` of the first `<meta>` tag carrying `attribute` (e.g. `name="description"`).
fn meta_content(html: &str, attribute: &str) -> Option<String> {
    let mut rest = html;
    while let Some(at) = rest.find("<meta") {
        let tag = &rest[at..];
        let tag = &tag[..tag.find('>').map_or(tag.len(), |end| end + 1)];
        if tag.contains(attribute) {
            return between(tag, "content=\"", "\"").map(unescape);
        }
        rest = &rest[at + tag.len()..];
    }
    None
}

/// `/assets/...` of `route`'s chunk and the chunks it imports, in order, less those an entry already loads.
fn route_chunks(manifest: &serde_json::Value, route: &str) -> Vec<String> {
    fn collect(manifest: &serde_json::Value, key: &str, out: &mut Vec<String>) {
        let Some(chunk) = manifest.get(key) else { return };
        let Some(file) = chunk.get("file").and_then(serde_json::Value::as_str) else { return };
        let href = format!("/{file}");
        if out.contains(&href) {
            return;
        }
        out.push(href);
        for import in chunk.get("imports").and_then(serde_json::Value::as_array).into_iter().flatten() {
            if let Some(import) = import.as_str() {
                collect(manifest, import, out);
            }
        }
    }
    let mut loaded = Vec::new();
    for (key, chunk) in manifest.as_object().into_iter().flatten() {
        if chunk.get("isEntry").and_then(serde_json::Value::as_bool) == Some(true) {
            collect(manifest, key, &mut loaded);
        }
    }
    let mut chunks = Vec::new();
    collect(manifest, route, &mut chunks);
    chunks.retain(|href| !loaded.contains(href));
    chunks
}

/// The template of a front-end directory, read again when the files change.
#[derive(Debug)]
pub struct TemplateFile {
    index: PathBuf,
    manifest: PathBuf,
    loaded: RwLock<Option<Loaded>>,
}

#[derive(Debug, Clone)]
struct Loaded {
    stamp: (SystemTime, Option<SystemTime>),
    template: Arc<Template>,
}

/// What [`TemplateFile::current`] found.
pub enum Current {
    /// The template, and whether it was read afresh in place of an earlier one.
    Template(Arc<Template>, bool),
    /// There is no `index.html`.
    Missing,
}

impl TemplateFile {
    #[must_use]
    pub fn new(dir: &std::path::Path) -> Self {
        Self::named(dir, "index.html")
    }

    /// The template `file` of `dir` (`index.ur.html`, the Urdu pages').
    #[must_use]
    pub fn named(dir: &std::path::Path, file: &str) -> Self {
        Self { index: dir.join(file), manifest: dir.join(".vite/manifest.json"), loaded: RwLock::new(None) }
    }

    /// The template as the files now are.
    pub fn current(&self) -> Current {
        let modified = |path: &PathBuf| std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let Some(index) = std::fs::metadata(&self.index).ok().filter(std::fs::Metadata::is_file) else {
            return Current::Missing;
        };
        let stamp = (index.modified().unwrap_or(SystemTime::UNIX_EPOCH), modified(&self.manifest));
        if let Some(loaded) = self.loaded.read().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref() {
            if loaded.stamp == stamp {
                return Current::Template(loaded.template.clone(), false);
            }
        }
        let Ok(text) = std::fs::read_to_string(&self.index) else { return Current::Missing };
        let manifest = std::fs::read_to_string(&self.manifest).ok();
        let template = Arc::new(Template::parse(text, manifest.as_deref()));
        let mut loaded = self.loaded.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let replaced = loaded.as_ref().is_some_and(|earlier| earlier.stamp != stamp);
        *loaded = Some(Loaded { stamp, template: template.clone() });
        Current::Template(template, replaced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILT: &str = "<!doctype html><html><head>\n<meta name=\"application-name\" content=\"Phone &amp; Co\" />\n\
        <!--page-head-->\n<title>Mobile Accessories</title>\n<meta name=\"description\" content=\"Cases &amp; chargers.\" />\n\
        <!--/page-head-->\n</head><body><div id=\"root\"><!--shell--><header>bar</header><main id=\"main\"><!--page-main--></main>\
        <footer>f</footer><!--/shell--></div><!--page-data--></body></html>";

    #[test]
    fn the_shop_name_and_default_description_come_from_the_markers() {
        let template = Template::parse(BUILT.into(), None);

        assert_eq!(template.shop, "Phone & Co");
        assert_eq!(template.default_description, "Cases & chargers.");
    }

    #[test]
    fn a_name_the_build_did_not_fill_gives_way_to_the_default_title() {
        let template = Template::parse(BUILT.replace("Phone &amp; Co", "%SHOP_NAME%"), None);

        assert_eq!(template.shop, "Mobile Accessories");
    }

    #[test]
    fn the_filling_goes_into_the_markers_and_the_admin_area_loses_the_shell() {
        let template = Template::parse(BUILT.into(), None);
        let filling =
            Filling { head: "<title>T</title>".into(), main: "M".into(), data: "D".into(), without_shell: false };

        let page = template.render(&filling);
        let admin = template.render(&Filling { without_shell: true, ..filling });

        assert!(page.contains("<!--page-head--><title>T</title><!--/page-head-->"), "{page}");
        assert!(page.contains("<main id=\"main\">M</main>"), "{page}");
        assert!(page.contains("</div>D</body>"), "{page}");
        assert!(admin.contains("<div id=\"root\"></div>D</body>"), "{admin}");
    }

    #[test]
    fn a_route_preloads_its_chunks_less_those_of_the_entry() {
        let manifest = r#"{
            "index.html": {"file": "assets/index-a.js", "isEntry": true, "imports": ["_shared-b.js"]},
            "_shared-b.js": {"file": "assets/shared-b.js"},
            "_card-c.js": {"file": "assets/card-c.js", "imports": ["_shared-b.js"]},
            "src/app/routes/product.tsx": {"file": "assets/product-d.js", "isDynamicEntry": true,
                "imports": ["index.html", "_card-c.js", "_shared-b.js"]}
        }"#;

        let template = Template::parse(BUILT.into(), Some(manifest));

        assert_eq!(template.product_preloads, ["/assets/product-d.js", "/assets/card-c.js"]);
        assert!(template.category_preloads.is_empty());
    }
}
