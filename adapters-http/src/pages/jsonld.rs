//! The pages' structured data (schema.org JSON-LD): a product with its offer and rating, a category's
//! breadcrumbs, the shop's site search.

use serde_json::{json, Value};

use super::product::absolute;
use crate::dto::catalog::{MediaKind, ProductResponse};

/// Whole rupees with two decimals, as feeds and Open Graph write prices: `1299.00`.
#[must_use]
pub fn price(whole: i32) -> String {
    format!("{whole}.00")
}

/// A `Product` with its `Offer`, and its `AggregateRating` when approved reviews exist.
#[must_use]
pub fn product(product: &ProductResponse, origin: &str, url: &str) -> Value {
    let images: Vec<String> =
        product.media.iter().filter(|m| m.kind == MediaKind::Image).map(|m| absolute(origin, &m.url)).collect();
    let availability = if product.stock > 0 { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" };
    let mut value = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": product.description,
        "sku": product.id,
        "image": images,
        "category": product.category.name,
        "url": url,
        "offers": {
            "@type": "Offer",
            "price": price(product.final_price),
            "priceCurrency": "PKR",
            "availability": availability,
            "itemCondition": "https://schema.org/NewCondition",
            "url": url,
        },
    });
    if let Some(rating) = product.rating.filter(|_| product.review_count > 0) {
        value["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": rating,
            "reviewCount": product.review_count,
            "bestRating": 5,
            "worstRating": 1,
        });
    }
    value
}

/// A `BreadcrumbList` of `(name, absolute url)` from the home page down.
#[must_use]
pub fn breadcrumbs(items: &[(&str, String)]) -> Value {
    let items: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(index, (name, item))| json!({"@type": "ListItem", "position": index + 1, "name": name, "item": item}))
        .collect();
    json!({"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items})
}

/// The shop as a `WebSite` with its search.
#[must_use]
pub fn website(shop: &str, origin: &str) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": shop,
        "url": format!("{origin}/"),
        "potentialAction": {
            "@type": "SearchAction",
            "target": format!("{origin}/search?q={{search_term_string}}"),
            "query-input": "required name=search_term_string",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_have_two_decimals() {
        assert_eq!(price(1299), "1299.00");
        assert_eq!(price(0), "0.00");
    }

    #[test]
    fn breadcrumbs_count_from_one() {
        let list = breadcrumbs(&[("Home", "https://s.pk/".into()), ("Cases", "https://s.pk/category/3".into())]);

        assert_eq!(
            list["itemListElement"][1],
            json!({"@type": "ListItem", "position": 2, "name": "Cases", "item": "https://s.pk/category/3"})
        );
    }
}
