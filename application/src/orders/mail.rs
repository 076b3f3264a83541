//! The orders' e-mails, as plain text and HTML: the shop owner's for each new order, and the customer's for
//! each status change (with the rejection reason, the courier and tracking number of a dispatched order, and
//! the review links of a delivered order). The customer's go to the account's e-mail (docs/contract.md §4), never
//! to an address typed in the checkout form, and greet the name the form gave: only the account's owner
//! reads it.
//!
//! The shopper's e-mails and WhatsApp texts speak the language the order was placed in (docs/decisions/
//! 0048-urdu.md): each English text has its Urdu one beside it here, figures written alike (`Rs 1,299`); the
//! owner's e-mail stays English.

use domain::contact::Email;
use domain::courier::Consignment;
use domain::ids::OrderId;
use domain::language::Language::{self, English, Urdu};
use domain::money::Rupees;
use domain::order_status::OrderStatus;

use crate::mail::body::{Link, MailBody, Paragraph};
use crate::mail::ports::{MailLayout, OutgoingMail};
use crate::orders::model::{NewOrder, Order, OrderItem};

fn rs(amount: Rupees) -> String {
    amount.to_string()
}

fn item_lines(items: &[OrderItem], language: Language) -> Vec<String> {
    items
        .iter()
        .map(|i| {
            let (name, quantity, unit, total) = (&i.name, i.quantity.get(), rs(i.unit_price), rs(i.total()));
            match language {
                English => format!("{name} x {quantity} at {unit} = {total}"),
                Urdu => format!("{name}: {quantity} عدد، فی عدد {unit}، کل {total}"),
            }
        })
        .collect()
}

/// 'Free', of a delivery that costs nothing.
#[must_use]
pub fn free(language: Language) -> &'static str {
    match language {
        English => "Free",
        Urdu => "مفت",
    }
}

fn figures(
    subtotal: Rupees,
    delivery: Rupees,
    coupon: Option<(&str, Rupees)>,
    total: Rupees,
    language: Language,
) -> Vec<String> {
    let delivery = if delivery.is_positive() { rs(delivery) } else { free(language).into() };
    let (subtotal, total) = (rs(subtotal), rs(total));
    let mut lines = match language {
        English => vec![format!("Subtotal: {subtotal}"), format!("Delivery: {delivery}")],
        Urdu => vec![format!("سب ٹوٹل: {subtotal}"), format!("ڈیلیوری چارجز: {delivery}")],
    };
    if let Some((code, discount)) = coupon {
        let discount = rs(discount);
        lines.push(match language {
            English => format!("Coupon ({code}): - {discount}"),
            Urdu => format!("کوپن ({code}): - {discount}"),
        });
    }
    lines.push(match language {
        English => format!("Total (cash on delivery): {total}"),
        Urdu => format!("کل رقم (کیش آن ڈیلیوری): {total}"),
    });
    lines
}

/// The greeting of the shopper's e-mails.
fn greeting(name: &str, language: Language) -> String {
    match language {
        English => format!("Hello {name},"),
        Urdu => format!("السلام علیکم {name}،"),
    }
}

/// Text paragraphs (each a list of lines) and links as the text body and the HTML body, drawn by `layout`
/// in `language`.
fn bodies(
    paragraphs: &[Vec<String>],
    links: &[(String, String)],
    layout: &dyn MailLayout,
    language: Language,
) -> (String, String) {
    let mut text = paragraphs.iter().map(|p| p.join("\n")).collect::<Vec<_>>().join("\n\n");
    if !links.is_empty() {
        text.push_str("\n\n");
        text.push_str(&links.iter().map(|(label, url)| format!("{label}: {url}")).collect::<Vec<_>>().join("\n"));
    }
    text.push('\n');
    let body = MailBody {
        paragraphs: paragraphs.iter().map(Paragraph::of_lines).collect(),
        links: links.iter().map(|(label, url)| Link::new(label, url)).collect(),
        language,
    };
    (text, layout.html(&body))
}

/// The lines of an order's e-mail addresses for the shop owner: the account's, where mails go, and the
/// one typed in the form when it differs.
fn email_lines(account: &str, typed: &str) -> Vec<String> {
    let mut lines = vec![format!("E-mail: {account}")];
    if !typed.eq_ignore_ascii_case(account) {
        lines.push(format!("E-mail typed at checkout (not mailed): {typed}"));
    }
    lines
}

/// The shop owner's e-mail about a new order placed from the account of `account`.
#[must_use]
pub fn new_order_mail(
    id: OrderId,
    order: &NewOrder,
    account: &Email,
    to: Email,
    layout: &dyn MailLayout,
) -> OutgoingMail {
    let d = &order.details;
    let mut customer = vec![format!("Customer: {}", d.name.as_str()), format!("Phone: {}", d.phone1.as_typed())];
    if let Some(phone2) = &d.phone2 {
        customer.push(format!("Second phone: {}", phone2.as_typed()));
    }
    customer.extend(email_lines(account.as_str(), d.email.as_str()));
    customer.push(format!("Address: {}", d.address.as_str().replace('\n', ", ")));
    if let Some(city) = d.destination.city() {
        customer.push(format!("City: {city}"));
    }
    if let Some(province) = d.destination.province_label() {
        customer.push(format!("Province: {province}"));
    }
    let coupon = order.coupon.as_ref().map(|(_, code)| (code.as_str(), order.coupon_discount));
    let paragraphs = [
        vec![format!("A new order #{id} is waiting for approval.")],
        item_lines(&order.items, English),
        figures(order.subtotal, order.delivery_charge, coupon, order.total, English),
        customer,
    ];
    let (text, html) = bodies(&paragraphs, &[], layout, English);
    OutgoingMail { to, subject: format!("New order #{id}: {}", rs(order.total)), text, html, unsubscribe: None }
}

/// What the customer is told of their order's new status.
fn news(order: &Order) -> String {
    let id = order.id;
    if order.language == Urdu {
        return match order.status {
            OrderStatus::Pending => format!("آپ کا آرڈر #{id} منظوری کا منتظر ہے۔"),
            OrderStatus::Approved => {
                format!("آپ کا آرڈر #{id} منظور ہو گیا ہے اور جلد روانہ کر دیا جائے گا۔")
            }
            OrderStatus::Dispatched => format!(
                "آپ کا آرڈر #{id} روانہ کر دیا گیا ہے: 3 سے 4 کاروباری دنوں میں ڈیلیوری ہو گی۔ براہِ کرم {} تیار رکھیں، ادائیگی ڈیلیوری پر نقد ہو گی۔",
                rs(order.total)
            ),
            OrderStatus::Delivered => {
                format!("آپ کا آرڈر #{id} آپ تک پہنچا دیا گیا ہے۔ ہم سے خریداری کا شکریہ!")
            }
            OrderStatus::Rejected => format!("معذرت: آپ کا آرڈر #{id} مسترد کر دیا گیا ہے۔"),
            OrderStatus::Returned => format!("آپ کا آرڈر #{id} ہمیں واپس مل گیا ہے۔"),
        };
    }
    match order.status {
        OrderStatus::Pending => format!("Your order #{id} is pending approval."),
        OrderStatus::Approved => format!("Your order #{id} has been approved and will be dispatched soon."),
        OrderStatus::Dispatched => format!(
            "Your order #{id} is on its way: delivery within 3-4 working days. Please keep {} ready, cash on delivery.",
            rs(order.total)
        ),
        OrderStatus::Delivered => format!("Your order #{id} has been delivered. Thank you for shopping with us!"),
        OrderStatus::Rejected => format!("We are sorry: your order #{id} has been rejected."),
        OrderStatus::Returned => format!("Your order #{id} has been returned to us."),
    }
}

/// What a status message on WhatsApp says: the news, the courier and tracking number of a dispatch, the
/// reason of a rejection, the review links of a delivery.
#[must_use]
pub fn whatsapp_news(order: &Order, review_links: &[(String, String)]) -> String {
    let urdu = order.language == Urdu;
    let mut parts = vec![news(order)];
    if order.status == OrderStatus::Dispatched {
        if let Some(c) = &order.consignment {
            parts.push(if urdu {
                format!("کوریئر: {}، ٹریکنگ نمبر: {}۔", c.courier, c.tracking_number)
            } else {
                format!("Courier: {}, tracking number: {}.", c.courier, c.tracking_number)
            });
        }
    }
    if order.status == OrderStatus::Rejected {
        if let Some(reason) = &order.admin_comment {
            parts.push(reason_line(reason, order.language));
        }
    }
    if !review_links.is_empty() {
        parts.push(if urdu { "دوسروں کو اپنی رائے بتائیں:" } else { "Tell others what you think:" }.to_owned());
        parts.extend(review_links.iter().map(|(name, url)| format!("{name}: {url}")));
    }
    parts.join(" ")
}

/// The rejection's reason as the shopper reads it: the owner's words as typed; a Cancel tapped on WhatsApp
/// (whose reason the shop wrote) in the order's language.
fn reason_line(reason: &str, language: Language) -> String {
    match language {
        English => format!("Reason: {reason}"),
        Urdu if reason == crate::orders::whatsapp_messages::CANCELLED_ON_WHATSAPP => {
            "وجہ: آپ نے واٹس ایپ پر آرڈر منسوخ کر دیا۔".to_owned()
        }
        Urdu => format!("وجہ: {reason}"),
    }
}

/// The lines of the dispatched e-mail that let the shopper follow the parcel.
fn consignment_lines(consignment: &Consignment, language: Language) -> Vec<String> {
    let (courier, number) = (&consignment.courier, &consignment.tracking_number);
    match language {
        English => vec![format!("Courier: {courier}"), format!("Tracking number: {number}")],
        Urdu => vec![format!("کوریئر: {courier}"), format!("ٹریکنگ نمبر: {number}")],
    }
}

/// The customer's e-mail about their order's new status, to `to` (the account's e-mail); `review_links` are
/// (product name, link) for a delivered order.
#[must_use]
pub fn status_mail(
    order: &Order,
    to: Email,
    review_links: &[(String, String)],
    layout: &dyn MailLayout,
) -> OutgoingMail {
    let language = order.language;
    let mut paragraphs = vec![vec![greeting(order.details.name.as_str(), language)], vec![news(order)]];
    if order.status == OrderStatus::Dispatched {
        if let Some(consignment) = &order.consignment {
            paragraphs.push(consignment_lines(consignment, language));
        }
    }
    if order.status == OrderStatus::Rejected {
        if let Some(reason) = &order.admin_comment {
            paragraphs.push(vec![reason_line(reason, language)]);
        }
    }
    paragraphs.push(item_lines(&order.items, language));
    let coupon = order.coupon_code.as_deref().map(|code| (code, order.coupon_discount));
    paragraphs.push(figures(order.subtotal, order.delivery_charge, coupon, order.total, language));
    if !review_links.is_empty() {
        paragraphs.push(vec![match language {
            English => "Tell others what you think: each link below opens a review of one product.".into(),
            Urdu => "دوسروں کو اپنی رائے بتائیں: نیچے دیا گیا ہر لنک ایک پروڈکٹ کا ریویو لکھنے کے لیے ہے۔".into(),
        }]);
    }
    let (text, html) = bodies(&paragraphs, review_links, layout, language);
    let subject = match language {
        English => format!("Your order #{} is {}", order.id, order.status),
        Urdu => format!("آپ کا آرڈر #{}: {}", order.id, order.status.in_urdu()),
    };
    OutgoingMail { to, subject, text, html, unsubscribe: None }
}

/// Where the order goes and how the courier reaches the shopper, as the checkout form gave them, so a typo
/// can be caught before dispatch.
fn delivery_lines(order: &NewOrder) -> Vec<String> {
    let d = &order.details;
    let urdu = order.language == Urdu;
    let mut lines = vec![if urdu {
        "ڈیلیوری کا پتا (براہِ کرم چیک کر لیں، اور کچھ غلط ہو تو اس ای میل کا جواب دیں):".to_owned()
    } else {
        "Delivery to (please check, and reply to this e-mail if anything is wrong):".to_owned()
    }];
    lines.push(d.name.as_str().to_owned());
    lines.extend(d.address.as_str().lines().map(str::trim).filter(|line| !line.is_empty()).map(str::to_owned));
    let place: Vec<String> =
        [d.destination.city().map(ToString::to_string), d.destination.province_label().map(ToString::to_string)]
            .into_iter()
            .flatten()
            .collect();
    if !place.is_empty() {
        lines.push(place.join(", "));
    }
    lines.push(format!("{}: {}", if urdu { "فون" } else { "Phone" }, d.phone1.as_typed()));
    if let Some(phone2) = &d.phone2 {
        lines.push(format!("{}: {}", if urdu { "دوسرا فون" } else { "Second phone" }, phone2.as_typed()));
    }
    lines
}

/// The shopper's e-mail, to `to` (the account's e-mail), asking to confirm a new order with one click; the
/// link works for `window_hours` (the owner's 'Reject unconfirmed orders' setting), and the delivery details
/// are repeated so a typo can be caught.
#[must_use]
pub fn confirmation_mail(
    id: OrderId,
    order: &NewOrder,
    to: &Email,
    link: &str,
    window_hours: u32,
    layout: &dyn MailLayout,
) -> OutgoingMail {
    let language = order.language;
    let coupon = order.coupon.as_ref().map(|(_, code)| (code.as_str(), order.coupon_discount));
    let ask = match language {
        English => vec![
            format!("Thank you for your order #{id}. Please confirm it with one click, so we can send it on its way."),
            format!(
                "The link works for {}; an order not confirmed by then may be cancelled.",
                if window_hours == 1 { "1 hour".to_owned() } else { format!("{window_hours} hours") }
            ),
        ],
        Urdu => vec![
            format!("آپ کے آرڈر #{id} کا شکریہ۔ براہِ کرم ایک کلک سے اس کی تصدیق کر دیں تاکہ ہم اسے روانہ کر سکیں۔"),
            format!(
                "یہ لنک {} تک کام کرے گا؛ اس دوران تصدیق نہ ہونے والا آرڈر منسوخ کیا جا سکتا ہے۔",
                if window_hours == 1 { "1 گھنٹے".to_owned() } else { format!("{window_hours} گھنٹے") }
            ),
        ],
    };
    let paragraphs = [
        vec![greeting(order.details.name.as_str(), language)],
        ask,
        item_lines(&order.items, language),
        figures(order.subtotal, order.delivery_charge, coupon, order.total, language),
        delivery_lines(order),
    ];
    let (label, subject) = match language {
        English => ("Confirm my order", format!("Please confirm your order #{id}")),
        Urdu => ("اپنے آرڈر کی تصدیق کریں", format!("براہِ کرم اپنے آرڈر #{id} کی تصدیق کریں")),
    };
    let (text, html) = bodies(&paragraphs, &[(label.to_owned(), link.to_owned())], layout, language);
    OutgoingMail { to: to.clone(), subject, text, html, unsubscribe: None }
}

#[cfg(test)]
mod tests {
    use domain::courier::{Courier, TrackingNumber};

    use super::*;
    use crate::mail::testing::DebugLayout;
    use crate::orders::testing::stored;
    use crate::orders::whatsapp_messages::{not_pending_answer, CANCELLED_ON_WHATSAPP};

    fn urdu(status: OrderStatus) -> Order {
        Order { language: Urdu, ..stored(42, status) }
    }

    #[test]
    fn an_urdu_orders_status_mail_speaks_urdu_with_figures_as_in_english() {
        let to = Email::parse("ayesha@example.pk").unwrap();
        let dispatched = Order {
            consignment: Some(Consignment {
                courier: Courier::parse("TCS").unwrap(),
                tracking_number: TrackingNumber::parse("772001234567").unwrap(),
            }),
            ..urdu(OrderStatus::Dispatched)
        };

        let mail = status_mail(&dispatched, to.clone(), &[], &DebugLayout);

        assert_eq!(mail.subject, "آپ کا آرڈر #42: روانہ شدہ");
        assert_eq!(
            mail.text,
            "السلام علیکم Ayesha Khan،\n\n\
             آپ کا آرڈر #42 روانہ کر دیا گیا ہے: 3 سے 4 کاروباری دنوں میں ڈیلیوری ہو گی۔ براہِ کرم Rs 2,160 تیار رکھیں، ادائیگی ڈیلیوری پر نقد ہو گی۔\n\n\
             کوریئر: TCS\nٹریکنگ نمبر: 772001234567\n\n\
             Cable: 1 عدد، فی عدد Rs 500، کل Rs 500\nPhone Case: 2 عدد، فی عدد Rs 850، کل Rs 1,700\n\n\
             سب ٹوٹل: Rs 2,200\nڈیلیوری چارجز: Rs 200\nکوپن (SAVE10): - Rs 240\nکل رقم (کیش آن ڈیلیوری): Rs 2,160\n"
        );
        assert!(mail.html.contains("language: Urdu"), "drawn right to left: {}", mail.html);
        let english = status_mail(&stored(42, OrderStatus::Dispatched), to, &[], &DebugLayout);
        assert_eq!(english.subject, "Your order #42 is dispatched");
        assert!(english.text.starts_with("Hello Ayesha Khan,\n\nYour order #42 is on its way"), "{}", english.text);
    }

    #[test]
    fn every_status_free_delivery_and_a_whatsapp_cancel_have_urdu_words() {
        let free_delivery = Order { delivery_charge: Rupees::ZERO, ..urdu(OrderStatus::Approved) };
        let cancelled = Order { admin_comment: Some(CANCELLED_ON_WHATSAPP.into()), ..urdu(OrderStatus::Rejected) };
        let links = [("Phone Case".to_owned(), "https://shop.pk/review?token=r".to_owned())];

        assert!(figures(Rupees::ZERO, Rupees::ZERO, None, Rupees::ZERO, Urdu).contains(&"ڈیلیوری چارجز: مفت".into()));
        assert!(status_mail(&free_delivery, free_delivery.account_email.clone(), &[], &DebugLayout)
            .text
            .contains("\nڈیلیوری چارجز: مفت\n"));
        assert_eq!(
            whatsapp_news(&cancelled, &[]),
            "معذرت: آپ کا آرڈر #42 مسترد کر دیا گیا ہے۔ وجہ: آپ نے واٹس ایپ پر آرڈر منسوخ کر دیا۔"
        );
        assert_eq!(
            whatsapp_news(&urdu(OrderStatus::Delivered), &links),
            "آپ کا آرڈر #42 آپ تک پہنچا دیا گیا ہے۔ ہم سے خریداری کا شکریہ! دوسروں کو اپنی رائے بتائیں: Phone Case: https://shop.pk/review?token=r"
        );
        assert_eq!(
            not_pending_answer(&urdu(OrderStatus::Returned)),
            "آپ کے جواب کا شکریہ۔ آپ کا آرڈر #42 اب واپس شدہ ہے، اس لیے کچھ تبدیل نہیں کیا گیا۔ مدد چاہیے تو یہیں جواب دیں۔"
        );
        for status in OrderStatus::ALL {
            let urdu_news = news(&urdu(status));
            assert!(urdu_news.contains("#42") && urdu_news.contains("آرڈر"), "{status}: {urdu_news}");
            assert!(!urdu_news.contains("order"), "{status}: {urdu_news}");
        }
    }
}
