//! The product page's main content, drawn as the app's first render draws it with an empty cart
//! (`ProductRoute` → `ProductDetails` → `ProductGallery`, `StarRating`), and its pictures' sources
//! (`imageSources` of `frontend/src/lib/responsive-image.ts`).

use domain::language::Language;
use domain::money::Rupees;
use domain::stock::StockReading;
use maud::{html, Markup};

use super::messages::Messages;
use crate::dto::catalog::{MediaKind, MediaResponse, ProductResponse};

/// The catalogue texts the product page's body draws, by screen (`frontend/src/i18n/<language>/<screen>.json`):
/// its tests check each is in both languages and in the syntax `messages` renders.
#[cfg(test)]
pub const DRAWN_TEXTS: &[(&str, &[&str])] = &[
    (
        "product",
        &[
            "reviewCount",
            "colour",
            "inStock",
            "onlyLeft",
            "outOfStock",
            "addToCart",
            "description",
            "picturesOf",
            "slide",
            "previousImage",
            "nextImage",
            "showImage",
            "showVideo",
            "noImage",
        ],
    ),
    ("products", &["percentOff", "freeDelivery", "price", "originalPrice", "rated"]),
];

/// The texts of a product page in one language: the product screen's and the cards' (badges, price, stars).
#[derive(Debug, Clone, Copy)]
struct Texts {
    language: Language,
    page: Messages,
    card: Messages,
}

impl Texts {
    const fn new(language: Language) -> Self {
        Self { language, page: Messages::new(language, "product"), card: Messages::new(language, "products") }
    }

    /// Whole rupees as the app shows them: `Rs 1,299`; on an Urdu page as `Intl.NumberFormat('ur-PK', PKR)`
    /// writes them, with a no-break space (`lib/urdu-catalogues.ts`).
    fn rupees(self, whole: i32) -> String {
        let english = Rupees::from_paisa(i64::from(whole) * 100).to_string();
        match self.language {
            Language::English => english,
            Language::Urdu => english.replacen(' ', "\u{a0}", 1),
        }
    }

    /// The stock line: English from the domain's reading (as the rules module gives the app), Urdu from the
    /// product catalogue.
    fn stock(self, stock: &StockReading) -> String {
        match (self.language, stock) {
            (Language::English, _) => stock.to_string(),
            (Language::Urdu, StockReading::OutOfStock) => self.page.text("outOfStock", &[]),
            (Language::Urdu, StockReading::Low(n)) => self.page.text("onlyLeft", &[("count", &n.to_string())]),
            (Language::Urdu, StockReading::InStock) => self.page.text("inStock", &[]),
        }
    }
}

/// The gallery's `sizes`: full width on phones, half the page (at most ~620 px) beside the details.
const GALLERY_SIZES: &str = "(min-width: 1280px) 620px, (min-width: 768px) 50vw, 100vw";
/// The widest picture a `src` fallback may be: anything wider is camera-sized.
const MAX_FALLBACK_WIDTH: i32 = 1280;
/// The star's outline and its left half (`components/ui/star-rating.tsx`).
const STAR: &str = "M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L10 14.8 4.7 17.7l1.2-5.9L1.4 7.7l6-.7z";
const LEFT_HALF: &str = "M10 1.5 7.4 7l-6 .7 4.5 4.1-1.2 5.9L10 14.8z";
/// Where the rating links to: the reviews section the app adds below.
const REVIEWS_ID: &str = "reviews";

/// `src` and `srcset` of a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageSources {
    pub src: String,
    pub srcset: Option<String>,
}

/// `url` (as the API writes it, relative to the site) made absolute against `origin`.
#[must_use]
pub fn absolute(origin: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{origin}/{}", url.trim_start_matches('/'))
    }
}

/// Every copy plus the upload (when its width is known and no copy is as wide), narrowest first; the
/// fallback `src` is the upload unless it is wider than 1280 px (or of unknown width) and a copy exists.
#[must_use]
pub fn image_sources(media: &MediaResponse, origin: &str) -> ImageSources {
    let mut candidates: Vec<(&str, i32)> = media.variants.iter().map(|v| (v.url.as_str(), v.width)).collect();
    if let Some(width) = media.width {
        if !candidates.iter().any(|(_, w)| *w >= width) {
            candidates.push((media.url.as_str(), width));
        }
    }
    candidates.sort_by_key(|(_, width)| *width);
    let fallback = candidates
        .last()
        .filter(|_| media.width.is_none_or(|w| w > MAX_FALLBACK_WIDTH))
        .map(|widest| candidates.iter().rev().find(|(_, width)| *width <= MAX_FALLBACK_WIDTH).unwrap_or(widest).0);
    let src = absolute(origin, fallback.unwrap_or(&media.url));
    let srcset = (!candidates.is_empty()).then(|| {
        candidates
            .iter()
            .map(|(url, width)| format!("{} {width}w", absolute(origin, url)))
            .collect::<Vec<_>>()
            .join(", ")
    });
    ImageSources { src, srcset }
}

/// The picture a link preview shows: the first picture's narrowest copy at least 600 px wide, else its
/// widest copy, else the upload; with its width when known.
#[must_use]
pub fn preview_image(media: &[MediaResponse]) -> Option<(&str, Option<i32>)> {
    let picture = media.iter().find(|m| m.kind == MediaKind::Image)?;
    let mut variants: Vec<_> = picture.variants.iter().collect();
    variants.sort_by_key(|v| v.width);
    let chosen = variants.iter().find(|v| v.width >= 600).or(variants.last());
    Some(chosen.map_or((picture.url.as_str(), picture.width), |v| (v.url.as_str(), Some(v.width))))
}

/// A rating rounded to the nearest half star, counted in halves (4.3 is 9), as `halfSteps` of
/// `compact-stars.tsx`.
fn halves(rating: f64) -> i64 {
    // At most 10: the conversion is exact.
    #[allow(clippy::cast_possible_truncation)]
    let halves = (rating.clamp(0.0, 5.0) * 2.0).round() as i64;
    halves
}

/// The five stars' fills for a rating: `full`, `half` or `empty`.
#[must_use]
pub fn star_fills(rating: f64) -> [&'static str; 5] {
    let halves = halves(rating);
    [1, 2, 3, 4, 5].map(|star| match halves {
        h if h >= star * 2 => "full",
        h if h == star * 2 - 1 => "half",
        _ => "empty",
    })
}

/// `StarRating` of `components/ui/star-rating.tsx`: five stars in half steps, read out as 'Rated 4.3 out of 5'.
fn star_rating(rating: f64, texts: Texts) -> Markup {
    html! {
        span class="stars" role="img" aria-label=(texts.card.text("rated", &[("rating", &format!("{rating:.1}"))])) {
            @for fill in star_fills(rating) {
                svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false"
                    class={ "star star--" (fill) } {
                    @if fill == "half" {
                        path d=(LEFT_HALF) fill="currentColor" {}
                    }
                    path d=(STAR) fill=(if fill == "full" { "currentColor" } else { "none" }) stroke="currentColor"
                        stroke-width="1.2" stroke-linejoin="round" {}
                }
            }
        }
    }
}

/// The gallery's previous and next arrows.
fn chevron(d: &str) -> Markup {
    html! {
        svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" {
            path d=(d) fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"
                stroke-linejoin="round" {}
        }
    }
}

/// `ProductGallery` of `features/products/components/product-gallery.tsx` showing its first item.
fn gallery(product: &ProductResponse, origin: &str, texts: Texts) -> Markup {
    let name = product.name.as_str();
    let count = product.media.len();
    let total = count.to_string();
    html! {
        section class="gallery" aria-roledescription="carousel" aria-label=(texts.page.text("picturesOf", &[("name", name)])) {
            div class="gallery__stage" {
                @match product.media.first() {
                    None => span class="gallery__empty" { (texts.page.text("noImage", &[])) },
                    Some(first) => {
                        @let label = if count > 1 {
                            texts.page.text("slide", &[("name", name), ("index", "1"), ("count", &total)])
                        } else {
                            name.to_owned()
                        };
                        @if first.kind == MediaKind::Video {
                            video class="gallery__media" src=(absolute(origin, &first.url)) controls="" playsinline=""
                                preload="metadata" aria-label=(label) {}
                        } @else {
                            @let sources = image_sources(first, origin);
                            @let size = first.width.unwrap_or(640);
                            img class="gallery__media" src=(sources.src) srcset=[sources.srcset] sizes=(GALLERY_SIZES)
                                alt=(label) width=(size) height=(size) loading="eager" fetchpriority="high"
                                decoding="auto";
                        }
                    }
                }
                @if count > 1 {
                    button type="button" class="gallery__nav gallery__nav--previous"
                        aria-label=(texts.page.text("previousImage", &[])) {
                        (chevron("M15 5l-7 7 7 7"))
                    }
                    button type="button" class="gallery__nav gallery__nav--next"
                        aria-label=(texts.page.text("nextImage", &[])) {
                        (chevron("M9 5l7 7-7 7"))
                    }
                    p class="gallery__counter" aria-live="polite" { "1 / " (count) }
                }
            }
            @if count > 1 {
                ul class="gallery__thumbs" {
                    @for (position, item) in product.media.iter().enumerate() {
                        @let video = item.kind == MediaKind::Video;
                        @let index = (position + 1).to_string();
                        @let key = if video { "showVideo" } else { "showImage" };
                        li {
                            button type="button" class="gallery__thumb"
                                aria-label=(texts.page.text(key, &[("index", &index), ("count", &total)]))
                                aria-current=(position == 0) {
                                @if video {
                                    span class="gallery__thumb-video" aria-hidden="true" { "▶" }
                                } @else {
                                    @let sources = image_sources(item, origin);
                                    img src=(sources.src) srcset=[sources.srcset] sizes="60px" alt="" width="60"
                                        height="60" loading="lazy" decoding="async";
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Whether a colour is a clear one, shown as a checkerboard swatch.
fn is_clear(colour: &str) -> bool {
    colour.eq_ignore_ascii_case("clear") || colour.eq_ignore_ascii_case("transparent")
}

/// The stock reading's level, as the page's class names it.
fn stock_level(stock: &StockReading) -> &'static str {
    match stock {
        StockReading::OutOfStock => "out",
        StockReading::Low(_) => "low",
        StockReading::InStock => "in",
    }
}

/// The product page's main content with an empty cart (`ProductRoute` with `ProductDetails` and `AddToCart`)
/// in `language` (the product already named in it); pictures' addresses absolute against `origin`.
#[must_use]
pub fn main(product: &ProductResponse, origin: &str, language: Language) -> Markup {
    let texts = Texts::new(language);
    let rating = product.rating.filter(|_| product.review_count > 0);
    let colour = product.color.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let stock = StockReading::for_page(i64::from(product.stock));
    let count = product.review_count;
    html! {
        div class="product-route" {
            article class="product-page" aria-labelledby="product-name" {
                div class="product-page__gallery" { (gallery(product, origin, texts)) }
                div class="product-page__info" {
                    h1 id="product-name" class="product-page__name" { (product.name) }
                    @if let Some(rating) = rating {
                        p class="product-page__rating" {
                            (star_rating(rating, texts))
                            span aria-hidden="true" { (format!("{rating:.1}")) }
                            a href={ "#" (REVIEWS_ID) } {
                                (texts.page.text("reviewCount", &[("count", &count.to_string())]))
                            }
                        }
                    }
                    @if product.free_delivery || product.discount > 0 {
                        p class="product-page__badges" {
                            @if product.free_delivery {
                                span class="badge badge--delivery" { (texts.card.text("freeDelivery", &[])) }
                            }
                            @if product.discount > 0 {
                                span class="badge badge--sale" {
                                    (texts.card.text("percentOff", &[("discount", &product.discount.to_string())]))
                                }
                            }
                        }
                    }
                    p class="product-page__price" {
                        span class="visually-hidden" { (texts.card.text("price", &[])) }
                        strong { (texts.rupees(product.final_price)) }
                        @if product.final_price < product.price {
                            " "
                            span class="visually-hidden" { (texts.card.text("originalPrice", &[])) }
                            s { (texts.rupees(product.price)) }
                        }
                    }
                    @if let Some(colour) = colour {
                        p class="product-page__colour" {
                            span class=(if is_clear(colour) { "swatch swatch--clear" } else { "swatch" })
                                aria-hidden="true" {}
                            (texts.page.text("colour", &[("colour", colour)]))
                        }
                    }
                    p class={ "product-page__stock product-page__stock--" (stock_level(&stock)) } { (texts.stock(&stock)) }
                    div class="product-page__buy" {
                        button type="button" class="button button--large product-cart__add"
                            disabled[product.stock <= 0] aria-describedby="product-name" {
                            (texts.page.text("addToCart", &[]))
                        }
                    }
                    // The share row's place: the app fills it.
                    div class="product-share" {}
                    section class="product-page__description" aria-labelledby="product-description-title" {
                        h2 id="product-description-title" { (texts.page.text("description", &[])) }
                        p { (product.description) }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::dto::catalog::MediaVariantResponse;

    /// The table the frontend's tests read too (`app/routes/product-page-parity.test.tsx`,
    /// `lib/responsive-image.test.ts`, `components/ui/star-rating.test.tsx`).
    fn table() -> Value {
        serde_json::from_str(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../domain/tests/fixtures/product-page-cases.json"
        )))
        .unwrap()
    }

    fn cases<'a>(table: &'a Value, key: &str) -> &'a Vec<Value> {
        table[key].as_array().unwrap_or_else(|| panic!("the table has {key}"))
    }

    /// `html` with white space collapsed, parsed and written out again (so character references and quoting
    /// are spelt one way), as the frontend's parity test does with both sides.
    fn normalised(html: &str) -> String {
        let collapsed = html.split_whitespace().collect::<Vec<_>>().join(" ");
        scraper::Html::parse_fragment(&collapsed).root_element().inner_html()
    }

    fn picture(url: &str, width: Option<i32>, variants: &[(&str, i32)]) -> MediaResponse {
        MediaResponse {
            url: url.into(),
            kind: MediaKind::Image,
            width,
            variants: variants
                .iter()
                .map(|(url, width)| MediaVariantResponse { url: (*url).into(), width: *width })
                .collect(),
        }
    }

    #[test]
    fn the_shared_image_source_cases_hold() {
        let table = table();
        let origin = table["origin"].as_str().unwrap();

        for case in cases(&table, "imageSources") {
            let media: MediaResponse = serde_json::from_value(case["media"].clone()).unwrap();

            let sources = image_sources(&media, origin);

            let about = &case["about"];
            assert_eq!(sources.src, case["src"].as_str().unwrap(), "{about}");
            assert_eq!(sources.srcset.as_deref(), case["srcset"].as_str(), "{about}");
        }
    }

    #[test]
    fn the_shared_star_cases_hold() {
        let table = table();

        for case in cases(&table, "starSteps") {
            let rating = case["rating"].as_f64().unwrap();
            let fills: Vec<&str> = case["fills"].as_array().unwrap().iter().filter_map(Value::as_str).collect();

            assert_eq!(star_fills(rating), fills.as_slice(), "{rating}");
            #[allow(clippy::cast_precision_loss)] // at most 10 halves
            let steps = halves(rating) as f64 / 2.0;
            assert!((steps - case["halfSteps"].as_f64().unwrap()).abs() < f64::EPSILON, "{rating}");
        }
    }

    #[test]
    fn the_page_is_drawn_as_the_shared_cases_draw_it() {
        let table = table();
        let origin = table["origin"].as_str().unwrap();
        let pages = cases(&table, "pages");

        assert!(pages.len() >= 5, "the table covers the page");
        for case in pages {
            let product: ProductResponse = serde_json::from_value(case["product"].clone()).unwrap();
            let expected: String = case["html"].as_array().unwrap().iter().filter_map(Value::as_str).collect();

            let drawn = main(&product, origin, Language::English).into_string();

            assert_eq!(normalised(&drawn), normalised(&expected), "{}", case["about"]);
        }
    }

    #[test]
    fn an_urdu_page_is_drawn_in_urdu_as_the_shared_cases_draw_it() {
        let table = table();
        let origin = table["origin"].as_str().unwrap();
        let pages = cases(&table, "urduPages");

        assert!(pages.len() >= 2, "the table covers the Urdu page");
        for case in pages {
            let product: ProductResponse = serde_json::from_value(case["product"].clone()).unwrap();
            let product = super::super::product_in(Language::Urdu, product);
            let expected: String = case["html"].as_array().unwrap().iter().filter_map(Value::as_str).collect();

            let drawn = main(&product, origin, Language::Urdu).into_string();

            assert_eq!(normalised(&drawn), normalised(&expected), "{}", case["about"]);
            // Collapsing white space for the comparison hides it: money is spaced as Intl's `ur-PK` spaces it.
            assert!(drawn.contains("<strong>Rs\u{a0}"), "{drawn}");
        }
    }

    #[test]
    fn the_preview_is_the_narrowest_copy_of_600_px_or_more() {
        let normal = [picture(
            "/media/e.jpg",
            Some(2000),
            &[("/media/e-320.webp", 320), ("/media/e-640.webp", 640), ("/media/e-1280.webp", 1280)],
        )];
        let small = [picture("/media/f.jpg", Some(500), &[("/media/f-320.webp", 320)])];
        let bare = [picture("/media/g.jpg", None, &[])];

        assert_eq!(preview_image(&normal), Some(("/media/e-640.webp", Some(640))));
        assert_eq!(preview_image(&small), Some(("/media/f-320.webp", Some(320))));
        assert_eq!(preview_image(&bare), Some(("/media/g.jpg", None)));
        assert_eq!(preview_image(&[]), None);
    }
}
