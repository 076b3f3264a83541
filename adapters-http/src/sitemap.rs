//! `/sitemap.xml` and its parts `/sitemap-{n}.xml`: the sitemap protocol's XML of the use case's lists, with
//! absolute addresses on the shop's public origin, kept in the catalogue's answer cache. These are plain
//! routes, not part of the API or its document. Each page is listed in every language (English, then its
//! `/ur/` address), each `<url>` naming all of them as `xhtml:link` alternates with `x-default` English, as
//! the pages' own heads do (docs/decisions/0048-urdu.md).

use std::fmt::Write as _;

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use application::catalog::sitemap::{Sitemap, SitemapEntry, SitemapFile, SitemapPage, SitemapPart};
use chrono::{DateTime, Utc};

use crate::infra::cache::ResponseCache;
use crate::infra::error::ApiError;
use crate::infra::language::{Language, LanguagePaths};
use crate::infra::session::PublicOrigin;
use crate::pages::escape;

/// The sitemap protocol's namespace.
pub const SITEMAP_NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// The namespace of the `xhtml:link` alternates.
pub const XHTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

/// How long crawlers and proxies may keep a sitemap, in seconds.
const MAX_AGE_SECONDS: u32 = 300;

/// The text a part that does not exist answers with.
const NO_SUCH_SITEMAP: &str = "No such sitemap.";

/// Registers `/sitemap.xml` and `/sitemap-{n}.xml` (an empty `n` included, so it is refused here too).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/sitemap.xml").route(web::get().to(sitemap)))
        .service(web::resource("/sitemap-{n:[^/]*}.xml").route(web::get().to(sitemap_part)));
}

async fn sitemap(
    cache: web::Data<ResponseCache>,
    sitemap: web::Data<Sitemap>,
    origin: web::Data<PublicOrigin>,
) -> Result<HttpResponse, ApiError> {
    let body = cache
        .bytes("sitemap".into(), || async {
            Ok(Bytes::from(match sitemap.file().await? {
                SitemapFile::Urls(entries) => urlset(&origin.origin, &entries),
                SitemapFile::Index(parts) => sitemap_index(&origin.origin, &parts),
            }))
        })
        .await?;
    Ok(xml(body))
}

async fn sitemap_part(
    cache: web::Data<ResponseCache>,
    sitemap: web::Data<Sitemap>,
    origin: web::Data<PublicOrigin>,
    n: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let number = part_number(&n).ok_or_else(|| ApiError::NotFound(NO_SUCH_SITEMAP.into()))?;
    let body = cache
        .bytes(format!("sitemap:{number}"), || async {
            Ok(Bytes::from(urlset(&origin.origin, &sitemap.part(number).await?)))
        })
        .await?;
    Ok(xml(body))
}

fn xml(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .insert_header(CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(MAX_AGE_SECONDS)]))
        .body(body)
}

/// A part's number as its address writes it: decimal digits without a leading zero, so each part has one
/// address.
fn part_number(text: &str) -> Option<usize> {
    if text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A time in the W3C form the protocol asks for, in UTC to the second: `2026-11-24T10:15:00Z`.
fn w3c(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The address of `page` in `language`.
fn page_address(origin: &str, page: SitemapPage, language: Language) -> String {
    let route = match page {
        SitemapPage::Home => "/".to_owned(),
        SitemapPage::Category(id) => format!("/category/{id}"),
        SitemapPage::Product(id) => format!("/product/{id}"),
    };
    format!("{origin}{}", language.path(&route))
}

/// The `xhtml:link` alternates of a page: every language's address, then `x-default`, English.
fn alternates(out: &mut String, addresses: &[(Language, String)]) {
    let link = |out: &mut String, hreflang: &str, address: &str| {
        let _ = write!(out, "<xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\"/>", escape(address));
    };
    for (language, address) in addresses {
        link(out, language.code(), address);
    }
    if let Some((_, english)) = addresses.iter().find(|(language, _)| *language == Language::English) {
        link(out, "x-default", english);
    }
}

/// One `<loc>` and, when known, its `<lastmod>`.
fn location(out: &mut String, address: &str, last_modified: Option<DateTime<Utc>>) {
    let _ = write!(out, "<loc>{}</loc>", escape(address));
    if let Some(at) = last_modified {
        let _ = write!(out, "<lastmod>{}</lastmod>", w3c(at));
    }
}

/// A `<urlset>` of `entries`.
fn urlset(origin: &str, entries: &[SitemapEntry]) -> String {
    let mut out = String::with_capacity(200 + entries.len() * Language::ALL.len() * (4 * origin.len() + 300));
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"{SITEMAP_NAMESPACE}\" xmlns:xhtml=\"{XHTML_NAMESPACE}\">\n"
    );
    for entry in entries {
        let addresses = Language::ALL.map(|language| (language, page_address(origin, entry.page, language)));
        for (_, address) in &addresses {
            out.push_str("<url>");
            location(&mut out, address, entry.last_modified);
            alternates(&mut out, &addresses);
            out.push_str("</url>\n");
        }
    }
    out.push_str("</urlset>\n");
    out
}

/// A `<sitemapindex>` of `parts`.
fn sitemap_index(origin: &str, parts: &[SitemapPart]) -> String {
    let mut out = String::with_capacity(100 + parts.len() * (origin.len() + 100));
    let _ = write!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"{SITEMAP_NAMESPACE}\">\n");
    for part in parts {
        out.push_str("<sitemap>");
        location(&mut out, &format!("{origin}/sitemap-{}.xml", part.number), part.last_modified);
        out.push_str("</sitemap>\n");
    }
    out.push_str("</sitemapindex>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use domain::ids::ProductId;

    #[test]
    fn a_part_number_is_written_one_way_only() {
        assert_eq!(part_number("1"), Some(1));
        assert_eq!(part_number("12"), Some(12));
        for malformed in ["", "0", "01", "+1", "-1", "1.5", "x", "1e3", " 1", "99999999999999999999999"] {
            assert_eq!(part_number(malformed), None, "{malformed:?}");
        }
    }

    #[test]
    fn a_urlset_lists_each_page_in_both_languages_with_alternates_and_w3c_times_in_utc() {
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 10, 15, 0).unwrap() + chrono::Duration::microseconds(999_999);
        let entries = [
            SitemapEntry { page: SitemapPage::Home, last_modified: None },
            SitemapEntry { page: SitemapPage::Product(ProductId::new(42).unwrap()), last_modified: Some(at) },
        ];

        let xml = urlset("https://shop.pk/a&b", &entries);

        let home = "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://shop.pk/a&amp;b/\"/>\
                    <xhtml:link rel=\"alternate\" hreflang=\"ur\" href=\"https://shop.pk/a&amp;b/ur/\"/>\
                    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://shop.pk/a&amp;b/\"/>";
        let product = "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://shop.pk/a&amp;b/product/42\"/>\
                       <xhtml:link rel=\"alternate\" hreflang=\"ur\" href=\"https://shop.pk/a&amp;b/ur/product/42\"/>\
                       <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://shop.pk/a&amp;b/product/42\"/>";
        assert_eq!(
            xml,
            format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
                 <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n\
                 <url><loc>https://shop.pk/a&amp;b/</loc>{home}</url>\n\
                 <url><loc>https://shop.pk/a&amp;b/ur/</loc>{home}</url>\n\
                 <url><loc>https://shop.pk/a&amp;b/product/42</loc><lastmod>2026-11-24T10:15:00Z</lastmod>{product}</url>\n\
                 <url><loc>https://shop.pk/a&amp;b/ur/product/42</loc><lastmod>2026-11-24T10:15:00Z</lastmod>{product}</url>\n\
                 </urlset>\n"
            )
        );
    }

    #[test]
    fn an_index_lists_each_part_with_its_newest_change() {
        let at = Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap();
        let parts =
            [SitemapPart { number: 1, last_modified: Some(at) }, SitemapPart { number: 2, last_modified: None }];

        let xml = sitemap_index("https://shop.pk", &parts);

        assert_eq!(
            xml,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n\
             <sitemap><loc>https://shop.pk/sitemap-1.xml</loc><lastmod>2026-01-02T03:04:05Z</lastmod></sitemap>\n\
             <sitemap><loc>https://shop.pk/sitemap-2.xml</loc></sitemap>\n\
             </sitemapindex>\n"
        );
        assert_eq!(escape("<'\">"), "&lt;&#39;&quot;&gt;", "numeric references are XML as well as HTML");
    }
}
