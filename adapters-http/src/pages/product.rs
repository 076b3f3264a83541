//! The product page's main content, drawn as the app's first render draws it with an empty cart
//! (`ProductRoute` → `ProductDetails` → `ProductGallery`, `StarRating`), and its pictures' sources
//! (`imageSources` of `frontend/src/lib/responsive-image.ts`).

use std::fmt::Write as _;

use domain::money::Rupees;
use domain::stock::StockReading;

use super::head::escape;
use crate::dto::catalog::{MediaKind, MediaResponse, ProductResponse};

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

fn rupees(whole: i32) -> String {
    Rupees::from_paisa(i64::from(whole) * 100).to_string()
}

fn star_rating(out: &mut String, rating: f64) {
    let _ = write!(out, "<span class=\"stars\" role=\"img\" aria-label=\"Rated {rating:.1} out of 5\">");
    for fill in star_fills(rating) {
        let _ = write!(
            out,
            "<svg viewBox=\"0 0 20 20\" width=\"16\" height=\"16\" aria-hidden=\"true\" focusable=\"false\" \
             class=\"star star--{fill}\">"
        );
        if fill == "half" {
            let _ = write!(out, "<path d=\"{LEFT_HALF}\" fill=\"currentColor\"></path>");
        }
        let paint = if fill == "full" { "currentColor" } else { "none" };
        let _ = write!(
            out,
            "<path d=\"{STAR}\" fill=\"{paint}\" stroke=\"currentColor\" stroke-width=\"1.2\" \
             stroke-linejoin=\"round\"></path></svg>"
        );
    }
    out.push_str("</span>");
}

fn sources_attributes(sources: &ImageSources) -> String {
    let mut out = format!("src=\"{}\"", escape(&sources.src));
    if let Some(srcset) = &sources.srcset {
        let _ = write!(out, " srcset=\"{}\"", escape(srcset));
    }
    out
}

fn chevron(direction: &str) -> String {
    let d = if direction == "left" { "M15 5l-7 7 7 7" } else { "M9 5l7 7-7 7" };
    format!(
        "<svg viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\"><path d=\"{d}\" \
         fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\
         </path></svg>"
    )
}

fn gallery(out: &mut String, product: &ProductResponse, origin: &str) {
    let name = escape(&product.name);
    let count = product.media.len();
    let _ = write!(
        out,
        "<section class=\"gallery\" aria-roledescription=\"carousel\" aria-label=\"Pictures of {name}\">\
         <div class=\"gallery__stage\">"
    );
    match product.media.first() {
        None => out.push_str("<span class=\"gallery__empty\">No image</span>"),
        Some(first) => {
            let label = if count > 1 { format!("{name}, 1 of {count}") } else { name.clone() };
            if first.kind == MediaKind::Video {
                let _ = write!(
                    out,
                    "<video class=\"gallery__media\" src=\"{}\" controls=\"\" playsinline=\"\" preload=\"metadata\" \
                     aria-label=\"{label}\"></video>",
                    escape(&absolute(origin, &first.url))
                );
            } else {
                let size = first.width.unwrap_or(640);
                let _ = write!(
                    out,
                    "<img class=\"gallery__media\" {} sizes=\"{GALLERY_SIZES}\" alt=\"{label}\" width=\"{size}\" \
                     height=\"{size}\" loading=\"eager\" fetchpriority=\"high\" decoding=\"auto\">",
                    sources_attributes(&image_sources(first, origin))
                );
            }
        }
    }
    if count > 1 {
        let _ = write!(
            out,
            "<button type=\"button\" class=\"gallery__nav gallery__nav--previous\" aria-label=\"Previous image\">{}\
             </button><button type=\"button\" class=\"gallery__nav gallery__nav--next\" aria-label=\"Next image\">{}\
             </button><p class=\"gallery__counter\" aria-live=\"polite\">1 / {count}</p>",
            chevron("left"),
            chevron("right")
        );
    }
    out.push_str("</div>");
    if count > 1 {
        out.push_str("<ul class=\"gallery__thumbs\">");
        for (position, item) in product.media.iter().enumerate() {
            let video = item.kind == MediaKind::Video;
            let _ = write!(
                out,
                "<li><button type=\"button\" class=\"gallery__thumb\" aria-label=\"Show {} {} of {count}\" \
                 aria-current=\"{}\">",
                if video { "video" } else { "image" },
                position + 1,
                position == 0
            );
            if video {
                out.push_str("<span class=\"gallery__thumb-video\" aria-hidden=\"true\">▶</span>");
            } else {
                let _ = write!(
                    out,
                    "<img {} sizes=\"60px\" alt=\"\" width=\"60\" height=\"60\" loading=\"lazy\" decoding=\"async\">",
                    sources_attributes(&image_sources(item, origin))
                );
            }
            out.push_str("</button></li>");
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
}

/// Whether a colour is a clear one, shown as a checkerboard swatch.
fn is_clear(colour: &str) -> bool {
    colour.eq_ignore_ascii_case("clear") || colour.eq_ignore_ascii_case("transparent")
}

/// The product page's main content with an empty cart; pictures' addresses absolute against `origin`.
#[must_use]
pub fn main(product: &ProductResponse, origin: &str) -> String {
    let mut out = String::from(
        "<div class=\"product-route\"><article class=\"product-page\" aria-labelledby=\"product-name\">\
         <div class=\"product-page__gallery\">",
    );
    gallery(&mut out, product, origin);
    let _ = write!(
        out,
        "</div><div class=\"product-page__info\"><h1 id=\"product-name\" class=\"product-page__name\">{}</h1>",
        escape(&product.name)
    );
    if let Some(rating) = product.rating.filter(|_| product.review_count > 0) {
        out.push_str("<p class=\"product-page__rating\">");
        star_rating(&mut out, rating);
        let count = product.review_count;
        let _ = write!(
            out,
            "<span aria-hidden=\"true\">{rating:.1}</span><a href=\"#{REVIEWS_ID}\">({count} {})</a></p>",
            if count == 1 { "review" } else { "reviews" }
        );
    }
    if product.free_delivery || product.discount > 0 {
        out.push_str("<p class=\"product-page__badges\">");
        if product.free_delivery {
            out.push_str("<span class=\"badge badge--delivery\">Free Delivery</span>");
        }
        if product.discount > 0 {
            let _ = write!(out, "<span class=\"badge badge--sale\">{}% OFF</span>", product.discount);
        }
        out.push_str("</p>");
    }
    let _ = write!(
        out,
        "<p class=\"product-page__price\"><span class=\"visually-hidden\">Price: </span><strong>{}</strong>",
        rupees(product.final_price)
    );
    if product.final_price < product.price {
        let _ = write!(out, " <span class=\"visually-hidden\">Original price: </span><s>{}</s>", rupees(product.price));
    }
    out.push_str("</p>");
    if let Some(colour) = product.color.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        let swatch = if is_clear(colour) { "swatch swatch--clear" } else { "swatch" };
        let _ = write!(
            out,
            "<p class=\"product-page__colour\"><span class=\"{swatch}\" aria-hidden=\"true\"></span>Colour: {}</p>",
            escape(colour)
        );
    }
    let stock = StockReading::for_page(i64::from(product.stock));
    let level = match stock {
        StockReading::OutOfStock => "out",
        StockReading::Low(_) => "low",
        StockReading::InStock => "in",
    };
    let _ = write!(
        out,
        "<p class=\"product-page__stock product-page__stock--{level}\">{stock}</p><div class=\"product-page__buy\">\
         <button type=\"button\" class=\"button button--large product-cart__add\"{} aria-describedby=\"product-name\">\
         Add to Cart</button></div><div class=\"product-share\"></div><section class=\"product-page__description\" \
         aria-labelledby=\"product-description-title\"><h2 id=\"product-description-title\">Description</h2><p>{}</p>\
         </section></div></article></div>",
        if product.stock <= 0 { " disabled=\"\"" } else { "" },
        escape(&product.description)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::catalog::MediaVariantResponse;

    const ORIGIN: &str = "https://shop.test";

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
    fn lists_the_variants_and_the_upload_with_their_widths_narrowest_first() {
        let sources = image_sources(&picture("/media/a.jpg", Some(480), &[("/media/a-320.webp", 320)]), ORIGIN);

        assert_eq!(
            sources.srcset.as_deref(),
            Some("https://shop.test/media/a-320.webp 320w, https://shop.test/media/a.jpg 480w")
        );
        assert_eq!(sources.src, "https://shop.test/media/a.jpg");
    }

    #[test]
    fn never_falls_back_to_a_camera_sized_upload_when_a_variant_exists() {
        let media = picture(
            "/media/b.jpg",
            Some(4000),
            &[("/media/b-320.webp", 320), ("/media/b-640.webp", 640), ("/media/b-1280.webp", 1280)],
        );

        let sources = image_sources(&media, ORIGIN);

        assert_eq!(sources.src, "https://shop.test/media/b-1280.webp");
        let srcset = sources.srcset.unwrap();
        assert!(srcset.contains("/media/b-320.webp 320w"), "{srcset}");
        assert!(srcset.contains("/media/b.jpg 4000w"), "{srcset}");
    }

    #[test]
    fn uses_the_variants_alone_when_the_upload_width_is_unknown() {
        let sources = image_sources(&picture("/media/c.jpg", None, &[("/media/c-320.webp", 320)]), ORIGIN);

        assert_eq!(
            sources,
            ImageSources {
                src: "https://shop.test/media/c-320.webp".into(),
                srcset: Some("https://shop.test/media/c-320.webp 320w".into())
            }
        );
    }

    #[test]
    fn answers_the_upload_alone_when_there_is_nothing_to_choose_from() {
        assert_eq!(
            image_sources(&picture("/media/d.png", None, &[]), ORIGIN),
            ImageSources { src: "https://shop.test/media/d.png".into(), srcset: None }
        );
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

    #[test]
    fn stars_fill_in_half_steps() {
        assert_eq!(star_fills(4.3), ["full", "full", "full", "full", "half"]);
        assert_eq!(star_fills(4.2), ["full", "full", "full", "full", "empty"]);
        assert_eq!(star_fills(4.8), ["full"; 5]);
        assert_eq!(star_fills(1.0), ["full", "empty", "empty", "empty", "empty"]);
    }
}
