//! The shop info every storefront page carries in its first answer (docs/decisions/0033): cash on delivery,
//! the delivery charge, how long delivery takes and the shop's WhatsApp number, drawn into the shell's
//! `<!--shop-info-->` (inside `#shop-info`, which the app keeps as the server drew it), so the first paint
//! shows it without JavaScript.

use application::settings::service::ShopInfo;
use domain::money::Rupees;
use maud::{html, Markup};

/// Where the shell takes the shop info.
pub const MARKER: &str = "<!--shop-info-->";

/// The delivery line: the charge and when it is waived, or that delivery is free.
#[must_use]
pub fn delivery_text(charge: Rupees) -> String {
    if charge.is_positive() {
        format!("Delivery {charge} (free when every item has Free Delivery)")
    } else {
        "Free delivery".to_owned()
    }
}

/// The shop info as a short list.
#[must_use]
pub fn markup(info: &ShopInfo) -> Markup {
    html! {
        ul class="shop-info__list" aria-label="Ordering from us" {
            li { strong { "Cash on delivery" } }
            li { (delivery_text(info.delivery_charge)) }
            li { "Delivered in " (info.delivery_time) }
            @if let Some(number) = &info.whatsapp {
                li { a href=(number.link()) rel="noopener" { "WhatsApp " (number.local()) } }
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
            markup(&info).into_string(),
            "<ul class=\"shop-info__list\" aria-label=\"Ordering from us\"><li><strong>Cash on delivery</strong></li>\
             <li>Delivery Rs 1,250 (free when every item has Free Delivery)</li><li>Delivered in 2–4 working days</li>\
             <li><a href=\"https://wa.me/923001234567\" rel=\"noopener\">WhatsApp 0300 1234567</a></li></ul>"
        );
    }

    #[test]
    fn free_delivery_and_no_number_say_so_briefly() {
        let info = ShopInfo { delivery_charge: Rupees::ZERO, delivery_time: DeliveryTime::default(), whatsapp: None };

        let text = markup(&info).into_string();

        assert!(text.contains("<li>Free delivery</li>"), "{text}");
        assert!(!text.contains("WhatsApp"), "{text}");
    }
}
