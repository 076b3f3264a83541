//! The app's pages as the server first answers them (docs/seo.md): the built `index.html` with each page's
//! head (title, description, canonical, robots, Open Graph, JSON-LD), a product's page drawn in the body and
//! its data for the app, and `/robots.txt`. The table of pages here is the one the front end's router is
//! checked against (`app-server rules` writes it as `PAGE_PATHS`). Every storefront page is also an Urdu
//! page under `/ur/` (docs/decisions/0048-urdu.md), drawn from `index.ur.html` (`lang="ur" dir="rtl"`), and
//! each indexable page names both as `hreflang` alternates.

mod head;

/// The escaping of text written into XML (the sitemap's); the pages' HTML is drawn with maud.
pub(crate) use head::escape;
mod jsonld;
mod messages;
mod product;
mod shop_info;
pub mod spa;
pub mod tap;
mod template;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use application::catalog::browse::Catalog;
use application::catalog::ports::CatalogChanges as _;
use application::settings::service::Settings;
use domain::ids::{CategoryId, ProductId};
use sha2::{Digest as _, Sha256};

use self::head::{script_json, summary, Head};
use self::template::{Current, Filling, Template, TemplateFile};
use crate::catalog::{category_page_json, product_json, CategoryPageResponse};
use crate::dto::catalog::ProductResponse;
use crate::infra::cache::ResponseCache;
use crate::infra::error::ApiError;
use crate::infra::language::{Language, LanguagePaths};
use crate::infra::media::MediaAddresses;
use crate::infra::session::PublicOrigin;

/// What kind of page a row of the table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Home,
    Product,
    Category,
    /// Indexable, with its own fixed title.
    Listed(&'static str),
    Search,
    /// Not indexable, with its own fixed title (the app's, so the head does not change when it takes over).
    Private(&'static str),
    /// The management area: not indexable, without the storefront's shell.
    Admin,
}

/// The app's pages: every router pattern (as `frontend/src/config/paths.ts` writes them, the management
/// area's under `/admin/`) and its kind. Non-indexable rows are in the order `/robots.txt` lists them.
const PAGES: &[(&str, Kind)] = &[
    ("/", Kind::Home),
    ("/product/:id", Kind::Product),
    ("/category/:id", Kind::Category),
    ("/products", Kind::Listed("All Products")),
    ("/cart", Kind::Listed("Cart Overview")),
    ("/checkout", Kind::Private("Checkout")),
    ("/orders", Kind::Private("My Orders")),
    ("/order-confirmation", Kind::Private("Order Confirmation")),
    ("/confirm-order", Kind::Private("Confirm Your Order")),
    ("/login", Kind::Private("Login")),
    ("/signup", Kind::Private("Sign Up")),
    ("/forgot-password", Kind::Private("Reset Password")),
    ("/reset-password", Kind::Private("Choose a New Password")),
    ("/add-review", Kind::Private("Write a Review")),
    ("/review", Kind::Private("Write a Review")),
    ("/internal-review", Kind::Private("Write a Review")),
    ("/search", Kind::Search),
    ("/admin/login", Kind::Private("Admin Login")),
    ("/admin", Kind::Admin),
    ("/admin/dashboard", Kind::Admin),
    ("/admin/add-category", Kind::Admin),
    ("/admin/upload-product", Kind::Admin),
    ("/admin/edit-product/:id", Kind::Admin),
    ("/admin/reviews", Kind::Admin),
    ("/admin/manage", Kind::Admin),
    ("/admin/products-by-category", Kind::Admin),
    ("/admin/delivery-charge", Kind::Admin),
    ("/admin/orders", Kind::Admin),
    ("/admin/coupons", Kind::Admin),
    ("/admin/category-views", Kind::Admin),
    ("/admin/send-email", Kind::Admin),
    ("/admin/order-checks", Kind::Admin),
    ("/admin/blocklist", Kind::Admin),
    ("/admin/analytics", Kind::Admin),
];

/// The management area: one prefix for robots, and where pages go without the storefront's shell.
const ADMIN: &str = "/admin";

/// The Urdu titles of the storefront's pages with a fixed title (the management area stays English), by
/// router pattern; `app-server rules` writes them into `pages.gen.ts` beside the English ones.
const URDU_TITLES: &[(&str, &str)] = &[
    ("/products", "تمام مصنوعات"),
    ("/cart", "آپ کی ٹوکری"),
    ("/checkout", "چیک آؤٹ"),
    ("/orders", "میرے آرڈر"),
    ("/order-confirmation", "آرڈر کی تصدیق"),
    ("/confirm-order", "اپنے آرڈر کی تصدیق کریں"),
    ("/login", "لاگ اِن"),
    ("/signup", "اکاؤنٹ بنائیں"),
    ("/forgot-password", "پاس ورڈ دوبارہ بنائیں"),
    ("/reset-password", "نیا پاس ورڈ چنیں"),
    ("/add-review", "رائے لکھیں"),
    ("/review", "رائے لکھیں"),
    ("/internal-review", "رائے لکھیں"),
];

/// The Urdu head texts of the pages without a fixed title.
mod urdu {
    /// The home page's title after the shop's name (the home catalogue's `title` says the same).
    pub const HOME_TITLE: &str = "پاکستان میں موبائل لوازمات";
    pub const DESCRIPTION: &str = "فون کیس، چارجر اور موبائل لوازمات، پورے پاکستان میں ڈیلیوری، ادائیگی بوقتِ وصولی۔";
    pub const PAGE_NOT_FOUND: &str = "صفحہ نہیں ملا";
    pub const PRODUCT_NOT_FOUND: &str = "چیز نہیں ملی";
    pub const CATEGORY_NOT_FOUND: &str = "قسم نہیں ملی";

    /// How many products a category page shows, in Urdu words.
    pub fn items(count: usize) -> String {
        if count == 1 {
            "ایک چیز".to_owned()
        } else {
            format!("{count} مصنوعات")
        }
    }
}

/// Every router pattern of the page table.
#[must_use]
pub fn page_paths() -> Vec<&'static str> {
    PAGES.iter().map(|(pattern, _)| *pattern).collect()
}

/// The pages with a fixed title and that title, which the app's page draws too (`app-server rules` writes
/// them into `pages.gen.ts`, so the head does not change when the app takes over).
#[must_use]
pub fn page_titles() -> Vec<(&'static str, &'static str)> {
    PAGES
        .iter()
        .filter_map(|(pattern, kind)| match kind {
            Kind::Listed(title) | Kind::Private(title) => Some((*pattern, *title)),
            _ => None,
        })
        .collect()
}

/// The Urdu title of every storefront page with a fixed title, by router pattern.
#[must_use]
pub fn urdu_page_titles() -> Vec<(&'static str, &'static str)> {
    URDU_TITLES.to_vec()
}

/// The title of the page of `pattern` in `language`.
fn title_in(language: Language, pattern: &str, english: &'static str) -> &'static str {
    match language {
        Language::English => english,
        Language::Urdu => URDU_TITLES.iter().find(|(p, _)| *p == pattern).map_or(english, |(_, title)| title),
    }
}

/// The paths search engines are asked to leave alone: the management area, the API and every other page
/// that is not indexable.
fn disallowed() -> Vec<String> {
    let others = PAGES.iter().filter(|(pattern, kind)| {
        matches!(kind, Kind::Private(_) | Kind::Search) && *pattern != ADMIN && !in_admin_area(pattern)
    });
    let others: Vec<&str> = others.map(|(pattern, _)| *pattern).collect();
    let urdu = others.iter().map(|pattern| format!("/ur{pattern}"));
    [ADMIN, "/api/"].into_iter().map(str::to_owned).chain(others.iter().map(|p| (*p).to_owned())).chain(urdu).collect()
}

fn in_admin_area(path: &str) -> bool {
    path == ADMIN || path.starts_with("/admin/")
}

/// The row of the table `path` matches and its `:id`, if any. A trailing slash is the same page.
fn find_page(path: &str) -> Option<(&'static str, Kind, Option<&str>)> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    PAGES.iter().find_map(|(pattern, kind)| {
        let parts: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
        if parts.len() != segments.len() {
            return None;
        }
        let mut id = None;
        for (part, segment) in parts.iter().zip(&segments) {
            if *part == ":id" {
                id = Some(*segment);
            } else if part != segment {
                return None;
            }
        }
        Some((*pattern, *kind, id))
    })
}

/// The templates of the built front end.
#[derive(Debug)]
pub struct Pages {
    template: TemplateFile,
    /// `index.ur.html`: the same page with the Urdu frame, `lang="ur" dir="rtl"`.
    urdu: TemplateFile,
    /// How media addresses are given out; the pages show the catalogue answers' own.
    media: MediaAddresses,
}

impl Pages {
    #[must_use]
    pub fn new(dir: &std::path::Path, media: MediaAddresses) -> Self {
        Self { template: TemplateFile::new(dir), urdu: TemplateFile::named(dir, "index.ur.html"), media }
    }
}

/// What every page handler needs.
pub struct Context<'a> {
    pub pages: &'a Pages,
    pub catalog: &'a Catalog,
    pub settings: &'a Settings,
    pub cache: &'a ResponseCache,
    pub origin: &'a PublicOrigin,
}

/// A page drawn: its status and HTML.
struct Drawn {
    status: StatusCode,
    html: Bytes,
}

impl Drawn {
    fn ok(html: String) -> Self {
        Self { status: StatusCode::OK, html: html.into() }
    }
}

/// The page at `req`'s path: 200, 404 for a path not in the table or naming no product or category, 503
/// before the front end is built.
///
/// # Errors
/// [`ApiError::Unavailable`] without a built front end; [`ApiError::Internal`] when the catalogue fails.
pub async fn page(req: &HttpRequest, context: &Context<'_>) -> Result<HttpResponse, ApiError> {
    let (language, route) = Language::of_path(req.path());
    if let Some((pattern, ..)) = find_page(route) {
        let pattern = pattern.replace(":id", "{id}");
        crate::infra::telemetry::RoutePattern::name(req, format!("{}{pattern}", language.prefix()));
    }
    if language == Language::English && route == "/" && remembered(req) == Some(Language::Urdu) {
        return Ok(HttpResponse::Found()
            .insert_header((header::LOCATION, Language::Urdu.path("/")))
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .insert_header((header::VARY, "cookie"))
            .finish());
    }
    let file = match language {
        Language::English => &context.pages.template,
        Language::Urdu => &context.pages.urdu,
    };
    let template = match file.current() {
        Current::Missing => {
            return Err(ApiError::Unavailable(
                "The shop's front end is not built yet: run `just build-frontend`.".into(),
            ))
        }
        Current::Template(template, replaced) => {
            if replaced {
                // Pages drawn from the earlier template go with it.
                context.cache.changed();
            }
            template
        }
    };
    let mut drawn = draw(req, context, &template, language, route).await?;
    drawn.html = with_shop_info(drawn.html, context, language).await;
    let mut response = answer(req, drawn);
    if route == "/" && language == Language::English {
        // The same address answers an Urdu shopper with a redirect.
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("cookie"));
    }
    Ok(response)
}

/// The language the shopper's `lang` cookie remembers, if any.
fn remembered(req: &HttpRequest) -> Option<Language> {
    req.headers().get_all(header::COOKIE).filter_map(|v| v.to_str().ok()).find_map(Language::from_cookie_header)
}

/// A page's canonical address in its language and, for an indexable page, its `hreflang` alternates: English,
/// Urdu and English again as `x-default`. `route` is the app's path (`/product/42`).
fn addresses(head: &mut Head, origin: &str, language: Language, route: &str) {
    let english = format!("{origin}{route}");
    head.link("canonical", &format!("{origin}{}", language.path(route)));
    head.alternate("en", &english)
        .alternate("ur", &format!("{origin}{}", Language::Urdu.path(route)))
        .alternate("x-default", &english);
}

/// `html` with the shop info, in `language`, in the shell's place for it (pages without the shell have none).
/// Read through the catalogue cache, which a change of the settings empties; when the settings cannot be
/// read the page goes without it rather than failing.
async fn with_shop_info(html: Bytes, context: &Context<'_>, language: Language) -> Bytes {
    let Ok(text) = std::str::from_utf8(&html) else { return html };
    let Some(at) = text.find(shop_info::MARKER) else { return html };
    let info = context
        .cache
        .bytes(format!("shop-info:{}", language.code()), || async {
            let info = context.settings.shop_info().await?;
            Ok(shop_info::markup(&info, language).into_string().into())
        })
        .await;
    let info = match info {
        Ok(info) => info,
        Err(err) => {
            tracing::warn!(error = %err, "the shop info could not be read; the page goes without it");
            return html;
        }
    };
    let mut out = Vec::with_capacity(html.len() + info.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(&info);
    out.extend_from_slice(&html[at + shop_info::MARKER.len()..]);
    out.into()
}

async fn draw(
    req: &HttpRequest,
    context: &Context<'_>,
    template: &Template,
    language: Language,
    route: &str,
) -> Result<Drawn, ApiError> {
    let origin = context.origin.origin.as_str();
    let urdu = language == Language::Urdu;
    let not_found = |english: &str, urdu_title: &str, without_shell: bool| {
        let title = if urdu { urdu_title } else { english };
        not_found(template, language, title, without_shell)
    };
    let found = find_page(route).filter(|(pattern, ..)| !(urdu && in_admin_area(pattern)));
    let Some((pattern, kind, id)) = found else {
        return Ok(not_found("Page not found", urdu::PAGE_NOT_FOUND, !urdu && in_admin_area(route)));
    };
    let description = description_in(template, language);
    let plain = |title: &str, indexable: bool, without_shell: bool| {
        let mut head = Head::new(title, description);
        if indexable {
            addresses(&mut head, origin, language, pattern);
        } else {
            head.name("robots", "noindex");
        }
        Drawn::ok(template.render(&Filling { head: head.finish(), without_shell, ..Filling::default() }))
    };
    Ok(match kind {
        Kind::Home => Drawn::ok(home(template, origin, language)),
        Kind::Listed(title) => plain(title_in(language, pattern, title), true, false),
        Kind::Private(title) => plain(title_in(language, pattern, title), false, false),
        Kind::Admin => plain(&template.shop, false, true),
        Kind::Search => Drawn::ok(search(req, template, language)),
        Kind::Product => {
            let Some(id) = id.and_then(|id| id.parse::<ProductId>().ok()) else {
                return Ok(not_found("Product not found", urdu::PRODUCT_NOT_FOUND, false));
            };
            let drawn = context
                .cache
                .bytes(crate::infra::cache::product_page_key(id, language), || async {
                    let json = product_json(context.cache, context.catalog, &context.pages.media, id).await?;
                    Ok(product_page(template, origin, language, &json)?.into())
                })
                .await;
            match drawn {
                Ok(html) => Drawn { status: StatusCode::OK, html },
                Err(ApiError::NotFound(_)) => not_found("Product not found", urdu::PRODUCT_NOT_FOUND, false),
                Err(err) => return Err(err),
            }
        }
        Kind::Category => {
            let Some(id) = id.and_then(|id| id.parse::<CategoryId>().ok()) else {
                return Ok(not_found("Category not found", urdu::CATEGORY_NOT_FOUND, false));
            };
            let drawn = context
                .cache
                .bytes(format!("page:{}/category/{id}", language.prefix()), || async {
                    let json = category_page_json(context.cache, context.catalog, &context.pages.media, id).await?;
                    let page: CategoryPageResponse =
                        serde_json::from_slice(&json).map_err(|e| ApiError::Internal(Box::new(e)))?;
                    let parent = match page.category.parent.as_deref().and_then(|p| p.parse::<CategoryId>().ok()) {
                        Some(parent) => Some(context.catalog.category(parent).await?),
                        None => None,
                    };
                    let parent = parent.map(|p| (p.id.to_string(), in_language(language, p.name, p.name_ur)));
                    Ok(category_page(template, origin, language, &page, parent.as_ref()).into())
                })
                .await;
            match drawn {
                Ok(html) => Drawn { status: StatusCode::OK, html },
                Err(ApiError::NotFound(_)) => not_found("Category not found", urdu::CATEGORY_NOT_FOUND, false),
                Err(err) => return Err(err),
            }
        }
    })
}

/// The pages' default description in `language`.
fn description_in(template: &Template, language: Language) -> &str {
    match language {
        Language::English => &template.default_description,
        Language::Urdu => urdu::DESCRIPTION,
    }
}

/// A 404 page: the app draws its own 'not found' once it takes over.
fn not_found(template: &Template, language: Language, title: &str, without_shell: bool) -> Drawn {
    let mut head = Head::new(title, description_in(template, language));
    head.name("robots", "noindex");
    let html = template.render(&Filling { head: head.finish(), without_shell, ..Filling::default() });
    Drawn { status: StatusCode::NOT_FOUND, html: html.into() }
}

fn home(template: &Template, origin: &str, language: Language) -> String {
    let title = match language {
        Language::English => format!("{} — Phone accessories in Pakistan", template.shop),
        Language::Urdu => format!("{} — {}", template.shop, urdu::HOME_TITLE),
    };
    let url = format!("{origin}{}", language.path("/"));
    let description = description_in(template, language);
    let mut head = Head::new(&title, description);
    addresses(&mut head, origin, language, "/");
    head.property("og:type", "website")
        .property("og:site_name", &template.shop)
        .property("og:title", &title)
        .property("og:description", description)
        .property("og:url", &url)
        .json_ld(&jsonld::website(&template.shop, origin));
    template.render(&Filling { head: head.finish(), ..Filling::default() })
}

fn search(req: &HttpRequest, template: &Template, language: Language) -> String {
    let q = web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|query| query.get("q").map(|q| q.trim().to_owned()))
        .unwrap_or_default();
    let title = match language {
        Language::English => format!("Search Results for \"{q}\""),
        Language::Urdu => format!("\"{q}\" کے نتائج"),
    };
    let mut head = Head::new(&title, description_in(template, language));
    head.name("robots", "noindex, follow");
    template.render(&Filling { head: head.finish(), ..Filling::default() })
}

fn preloads(head: &mut Head, chunks: &[String]) {
    for chunk in chunks {
        head.link("modulepreload", chunk);
    }
}

/// The owner's Urdu text on an Urdu page when there is one, else the English text.
fn in_language(language: Language, english: String, urdu: Option<String>) -> String {
    match (language, urdu) {
        (Language::Urdu, Some(urdu)) => urdu,
        _ => english,
    }
}

/// A product as a page in `language` names it: on an Urdu page its Urdu name, description and category name
/// where the owner wrote them (issue 30); the page's data keeps the product as the API answers it.
fn product_in(language: Language, mut product: ProductResponse) -> ProductResponse {
    product.name = in_language(language, product.name, product.name_ur.take());
    product.description = in_language(language, product.description, product.description_ur.take());
    product.category.name = in_language(language, product.category.name, product.category.name_ur.take());
    product
}

fn product_page(template: &Template, origin: &str, language: Language, json: &Bytes) -> Result<String, ApiError> {
    let product: ProductResponse = serde_json::from_slice(json).map_err(|e| ApiError::Internal(Box::new(e)))?;
    let product = product_in(language, product);
    let route = format!("/product/{}", product.id);
    let url = format!("{origin}{}", language.path(&route));
    let description = if product.description.trim().is_empty() {
        format!(
            "Buy {} for {} with cash on delivery across Pakistan.",
            product.name,
            domain::money::Rupees::from_paisa(i64::from(product.final_price) * 100)
        )
    } else {
        summary(&product.description)
    };
    let preview = preview_description(&product);
    let mut head = Head::new(&product.name, &description);
    addresses(&mut head, origin, language, &route);
    head.property("og:type", "product")
        .property("og:site_name", &template.shop)
        .property("og:title", &product.name)
        .property("og:description", &preview)
        .property("og:url", &url);
    let image = product::preview_image(&product.media).map(|(url, width)| (product::absolute(origin, url), width));
    if let Some((image, width)) = &image {
        head.property("og:image", image);
        if let Some(width) = width {
            head.property("og:image:width", &width.to_string());
        }
        head.property("og:image:alt", &product.name);
    }
    head.property("product:price:amount", &jsonld::price(product.final_price))
        .property("product:price:currency", "PKR")
        .property("product:availability", if product.stock > 0 { "in stock" } else { "out of stock" })
        .name("twitter:card", if image.is_some() { "summary_large_image" } else { "summary" })
        .name("twitter:title", &product.name)
        .name("twitter:description", &preview);
    if let Some((image, _)) = &image {
        head.name("twitter:image", image);
    }
    head.json_ld(&jsonld::product(&product, origin, &url));
    preloads(&mut head, &template.product_preloads);
    let mut data = String::from("{\"product\":");
    data.push_str(std::str::from_utf8(json).map_err(|e| ApiError::Internal(Box::new(e)))?);
    data.push('}');
    Ok(template.render(&Filling {
        head: head.finish(),
        main: product::main(&product, origin, language).into_string(),
        data: format!(
            "<script id=\"page-data\" type=\"application/json\">{}</script>{}",
            script_json(&data),
            tap::element()
        ),
        without_shell: false,
    }))
}

/// What a link preview (WhatsApp, Facebook) says under a product's name: its price first, as shops share
/// them (docs/seo.md 'Link previews'), then how it is paid for, then the description's summary.
fn preview_description(product: &ProductResponse) -> String {
    let rupees = |whole: i32| domain::money::Rupees::from_whole(i64::from(whole)).to_string();
    let mut text = rupees(product.final_price);
    if product.final_price < product.price {
        text.push_str(&format!(" (was {})", rupees(product.price)));
    }
    if product.free_delivery {
        text.push_str(", free delivery");
    }
    text.push_str(", cash on delivery across Pakistan.");
    let about = summary(&product.description);
    if !about.is_empty() {
        text.push(' ');
        text.push_str(&about);
    }
    text
}

fn category_page(
    template: &Template,
    origin: &str,
    language: Language,
    page: &CategoryPageResponse,
    parent: Option<&(String, String)>,
) -> String {
    let category = &page.category;
    let name = in_language(language, category.name.clone(), category.name_ur.clone());
    let route = format!("/category/{}", category.id);
    let url = format!("{origin}{}", language.path(&route));
    let products = page.parent_products.iter().chain(page.children.iter().flat_map(|c| c.products.iter()));
    let count = products.clone().count();
    let description = match language {
        Language::English => format!(
            "Shop {name} at {}: {count} {}, cash on delivery across Pakistan.",
            template.shop,
            if count == 1 { "product" } else { "products" }
        ),
        Language::Urdu => {
            format!("{} پر {name}: {}، پورے پاکستان میں ادائیگی بوقتِ وصولی۔", template.shop, urdu::items(count))
        }
    };
    let mut head = Head::new(&name, &description);
    addresses(&mut head, origin, language, &route);
    head.property("og:type", "website")
        .property("og:site_name", &template.shop)
        .property("og:title", &name)
        .property("og:description", &description)
        .property("og:url", &url);
    if let Some((image, width)) = products.clone().find_map(|p| product::preview_image(&p.media)) {
        head.property("og:image", &product::absolute(origin, image));
        if let Some(width) = width {
            head.property("og:image:width", &width.to_string());
        }
    }
    let home = if language == Language::Urdu { "سرورق" } else { "Home" };
    let mut trail = vec![(home, format!("{origin}{}", language.path("/")))];
    if let Some((id, name)) = parent {
        trail.push((name.as_str(), format!("{origin}{}", language.path(&format!("/category/{id}")))));
    }
    trail.push((name.as_str(), url.clone()));
    head.json_ld(&jsonld::breadcrumbs(&trail));
    preloads(&mut head, &template.category_preloads);
    template.render(&Filling { head: head.finish(), ..Filling::default() })
}

/// The drawn page with its validator: `no-cache`, a weak `ETag` of the body (weak because compression
/// changes the bytes sent, not the page), and 304 for a browser that has it.
fn answer(req: &HttpRequest, drawn: Drawn) -> HttpResponse {
    let digest = Sha256::digest(&drawn.html);
    // Weak: the same page is sent compressed or not.
    let etag = format!("W/\"{}\"", digest[..16].iter().map(|b| format!("{b:02x}")).collect::<String>());
    let fresh = drawn.status == StatusCode::OK
        && req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|tags| {
            tags.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == "*" || t == &etag[2..])
        });
    let mut response = if fresh {
        HttpResponse::NotModified().finish()
    } else {
        HttpResponse::build(drawn.status).content_type("text/html; charset=utf-8").body(drawn.html)
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}

/// `/robots.txt`: the non-indexable pages of the table, and the sitemap.
async fn robots(origin: web::Data<PublicOrigin>) -> HttpResponse {
    let mut body = String::from("User-agent: *\n");
    for path in disallowed() {
        body.push_str("Disallow: ");
        body.push_str(&path);
        body.push('\n');
    }
    body.push_str(&format!("\nSitemap: {}/sitemap.xml\n", origin.origin));
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

/// Registers `/robots.txt` (a plain route, not part of the API's document).
pub fn configure_robots(cfg: &mut web::ServiceConfig) {
    cfg.route("/robots.txt", web::get().to(robots));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_find_their_row_and_id() {
        assert_eq!(find_page("/"), Some(("/", Kind::Home, None)));
        assert_eq!(find_page("/product/0042"), Some(("/product/:id", Kind::Product, Some("0042"))));
        assert_eq!(find_page("/cart/"), Some(("/cart", Kind::Listed("Cart Overview"), None)));
        assert_eq!(find_page("/admin/edit-product/7"), Some(("/admin/edit-product/:id", Kind::Admin, Some("7"))));
        assert_eq!(find_page("/product/42/more"), None);
        assert_eq!(find_page("/admin/nothing"), None);
    }

    #[test]
    fn robots_leave_out_every_page_that_is_not_indexable() {
        assert_eq!(
            disallowed(),
            [
                "/admin",
                "/api/",
                "/checkout",
                "/orders",
                "/order-confirmation",
                "/confirm-order",
                "/login",
                "/signup",
                "/forgot-password",
                "/reset-password",
                "/add-review",
                "/review",
                "/internal-review",
                "/search",
                "/ur/checkout",
                "/ur/orders",
                "/ur/order-confirmation",
                "/ur/confirm-order",
                "/ur/login",
                "/ur/signup",
                "/ur/forgot-password",
                "/ur/reset-password",
                "/ur/add-review",
                "/ur/review",
                "/ur/internal-review",
                "/ur/search"
            ]
        );
    }
}
