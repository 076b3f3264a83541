//! The shop info every storefront page carries in its first answer (docs/decisions/0033): cash on delivery,
//! the delivery charge, how long delivery takes and the shop's WhatsApp number, drawn into the shell's
//! `<!--shop-info-->` (inside `#shop-info`, which the app keeps as the server drew it), so the first paint
//! shows it without JavaScript. An Urdu page's is in Urdu; the delivery time is the owner's words as typed
//! and, like the number, isolated (`<bdi>`) so it reads in its own direction inside the Urdu line.

use application::settings::service::ShopInfo;
use domain::language::Language;
use maud::{html, Markup};

/// Where the shell takes the shop info.
pub const MARKER: &str = "<!--shop-info-->";

/// The shop info's words in one language.
struct Words {
    list: &'static str,
    cash_on_delivery: &'static str,
    /// The delivery line around the charge.
    delivery: (&'static str, &'static str),
    free_delivery: &'static str,
    delivered_in: &'static str,
    whatsapp: &'static str,
}

const ENGLISH: Words = Words {
    list: "Ordering from us",
    cash_on_delivery: "Cash on delivery",
    delivery: ("Delivery ", " (free when every item has Free Delivery)"),
    free_delivery: "Free delivery",
    delivered_in: "Delivered in ",
    whatsapp: "WhatsApp ",
};

/// The checkout's and the cards' words (`i18n/ur/checkout.json`'s `cod`, `products.json`'s `freeDelivery`).
const URDU: Words = Words {
    list: "ہم سے آرڈر کرنا",
    cash_on_delivery: "کیش آن ڈیلیوری",
    delivery: ("ڈیلیوری ", " (ہر چیز پر مفت ڈیلیوری ہو تو مفت)"),
    free_delivery: "مفت ڈیلیوری",
    delivered_in: "ڈیلیوری کا وقت: ",
    whatsapp: "واٹس ایپ ",
};

const fn words(language: Language) -> &'static Words {
    match language {
        Language::English => &ENGLISH,
        Language::Urdu => &URDU,
    }
}

/// The shop info as a short list, in `language`.
#[must_use]
pub fn markup(info: &ShopInfo, language: Language) -> Markup {
    let words = words(language);
    let urdu = language == Language::Urdu;
    let charge = info.delivery_charge;
    html! {
        ul class="shop-info__list" aria-label=(words.list) {
            li { strong { (words.cash_on_delivery) } }
            @if charge.is_positive() {
                li { (words.delivery.0) (charge) (words.delivery.1) }
            } @else {
                li { (words.free_delivery) }
            }
            @if urdu {
                li { (words.delivered_in) bdi { (info.delivery_time) } }
            } @else {
                li { (words.delivered_in) (info.delivery_time) }
            }
            @if let Some(number) = &info.whatsapp {
                @if urdu {
                    li { a href=(number.link()) rel="noopener" { (words.whatsapp) bdi { (number.local()) } } }
                } @else {
                    li { a href=(number.link()) rel="noopener" { (words.whatsapp) (number.local()) } }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use domain::money::Rupees;
    use domain::shop_info::{DeliveryTime, WhatsAppNumber};

    use super::*;

    #[test]
    fn the_info_names_payment_delivery_and_the_whatsapp_link() {
        let info = ShopInfo {
            delivery_charge: Rupees::from_whole(1250),
            delivery_time: DeliveryTime::parse("2–4 working days").unwrap(),
            whatsapp: Some(WhatsAppNumber::parse("0300-1234567").unwrap()),
        };

        assert_eq!(
            markup(&info, Language::English).into_string(),
            "<ul class=\"shop-info__list\" aria-label=\"Ordering from us\"><li><strong>Cash on delivery</strong></li>\
             <li>Delivery Rs 1,250 (free when every item has Free Delivery)</li><li>Delivered in 2–4 working days</li>\
             <li><a href=\"https://wa.me/923001234567\" rel=\"noopener\">WhatsApp 0300 1234567</a></li></ul>"
        );
    }

    #[test]
    fn free_delivery_and_no_number_say_so_briefly() {
        let info = ShopInfo { delivery_charge: Rupees::ZERO, delivery_time: DeliveryTime::default(), whatsapp: None };

        let text = markup(&info, Language::English).into_string();

        assert!(text.contains("<li>Free delivery</li>"), "{text}");
        assert!(!text.contains("WhatsApp"), "{text}");
    }

    #[test]
    fn an_urdu_page_says_it_in_urdu_with_the_owners_words_and_the_number_isolated() {
        let info = ShopInfo {
            delivery_charge: Rupees::from_whole(1250),
            delivery_time: DeliveryTime::parse("2–4 working days").unwrap(),
            whatsapp: Some(WhatsAppNumber::parse("0300-1234567").unwrap()),
        };
        let free = ShopInfo { delivery_charge: Rupees::ZERO, delivery_time: DeliveryTime::default(), whatsapp: None };

        assert_eq!(
            markup(&info, Language::Urdu).into_string(),
            "<ul class=\"shop-info__list\" aria-label=\"ہم سے آرڈر کرنا\"><li><strong>کیش آن ڈیلیوری</strong></li>\
             <li>ڈیلیوری Rs 1,250 (ہر چیز پر مفت ڈیلیوری ہو تو مفت)</li><li>ڈیلیوری کا وقت: <bdi>2–4 working days</bdi></li>\
             <li><a href=\"https://wa.me/923001234567\" rel=\"noopener\">واٹس ایپ <bdi>0300 1234567</bdi></a></li></ul>"
        );
        assert!(markup(&free, Language::Urdu).into_string().contains("<li>مفت ڈیلیوری</li>"));
    }
}
