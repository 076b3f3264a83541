//! The orders' e-mails, as plain text and HTML: the shop owner's for each new order, and the customer's for
//! each status change (with the rejection reason, the courier and tracking number of a dispatched order, and
//! the review links of a delivered order). The customer's go to the account's e-mail (docs/contract.md §4), never
//! to an address typed in the checkout form, and greet the name the form gave: only the account's owner
//! reads it.

use domain::contact::Email;
use domain::courier::Consignment;
use domain::ids::OrderId;
use domain::money::Rupees;
use domain::order_status::OrderStatus;

use crate::mail::body::{Link, MailBody, Paragraph};
use crate::mail::ports::{MailLayout, OutgoingMail};
use crate::orders::model::{NewOrder, Order, OrderItem};

fn rs(amount: Rupees) -> String {
    amount.to_string()
}

fn item_lines(items: &[OrderItem]) -> Vec<String> {
    items
        .iter()
        .map(|i| format!("{} x {} at {} = {}", i.name, i.quantity.get(), rs(i.unit_price), rs(i.total())))
        .collect()
}

fn figures(subtotal: Rupees, delivery: Rupees, coupon: Option<(&str, Rupees)>, total: Rupees) -> Vec<String> {
    let mut lines = vec![
        format!("Subtotal: {}", rs(subtotal)),
        format!("Delivery: {}", if delivery.is_positive() { rs(delivery) } else { "Free".into() }),
    ];
    if let Some((code, discount)) = coupon {
        lines.push(format!("Coupon ({code}): - {}", rs(discount)));
    }
    lines.push(format!("Total (cash on delivery): {}", rs(total)));
    lines
}

/// Text paragraphs (each a list of lines) and links as the text body and the HTML body, drawn by `layout`.
fn bodies(paragraphs: &[Vec<String>], links: &[(String, String)], layout: &dyn MailLayout) -> (String, String) {
    let mut text = paragraphs.iter().map(|p| p.join("\n")).collect::<Vec<_>>().join("\n\n");
    if !links.is_empty() {
        text.push_str("\n\n");
        text.push_str(&links.iter().map(|(label, url)| format!("{label}: {url}")).collect::<Vec<_>>().join("\n"));
    }
    text.push('\n');
    let body = MailBody {
        paragraphs: paragraphs.iter().map(Paragraph::of_lines).collect(),
        links: links.iter().map(|(label, url)| Link::new(label, url)).collect(),
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
        item_lines(&order.items),
        figures(order.subtotal, order.delivery_charge, coupon, order.total),
        customer,
    ];
    let (text, html) = bodies(&paragraphs, &[], layout);
    OutgoingMail { to, subject: format!("New order #{id}: {}", rs(order.total)), text, html, unsubscribe: None }
}

/// What the customer is told of their order's new status.
fn news(order: &Order) -> String {
    let id = order.id;
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
    let mut parts = vec![news(order)];
    if order.status == OrderStatus::Dispatched {
        if let Some(c) = &order.consignment {
            parts.push(format!("Courier: {}, tracking number: {}.", c.courier, c.tracking_number));
        }
    }
    if order.status == OrderStatus::Rejected {
        if let Some(reason) = &order.admin_comment {
            parts.push(format!("Reason: {reason}"));
        }
    }
    if !review_links.is_empty() {
        parts.push("Tell others what you think:".to_owned());
        parts.extend(review_links.iter().map(|(name, url)| format!("{name}: {url}")));
    }
    parts.join(" ")
}

/// The lines of the dispatched e-mail that let the shopper follow the parcel.
fn consignment_lines(consignment: &Consignment) -> Vec<String> {
    vec![format!("Courier: {}", consignment.courier), format!("Tracking number: {}", consignment.tracking_number)]
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
    let mut paragraphs = vec![vec![format!("Hello {},", order.details.name)], vec![news(order)]];
    if order.status == OrderStatus::Dispatched {
        if let Some(consignment) = &order.consignment {
            paragraphs.push(consignment_lines(consignment));
        }
    }
    if order.status == OrderStatus::Rejected {
        if let Some(reason) = &order.admin_comment {
            paragraphs.push(vec![format!("Reason: {reason}")]);
        }
    }
    paragraphs.push(item_lines(&order.items));
    let coupon = order.coupon_code.as_deref().map(|code| (code, order.coupon_discount));
    paragraphs.push(figures(order.subtotal, order.delivery_charge, coupon, order.total));
    if !review_links.is_empty() {
        paragraphs.push(vec!["Tell others what you think: each link below opens a review of one product.".into()]);
    }
    let (text, html) = bodies(&paragraphs, review_links, layout);
    OutgoingMail { to, subject: format!("Your order #{} is {}", order.id, order.status), text, html, unsubscribe: None }
}

/// Where the order goes and how the courier reaches the shopper, as the checkout form gave them, so a typo
/// can be caught before dispatch.
fn delivery_lines(order: &NewOrder) -> Vec<String> {
    let d = &order.details;
    let mut lines = vec!["Delivery to (please check, and reply to this e-mail if anything is wrong):".to_owned()];
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
    lines.push(format!("Phone: {}", d.phone1.as_typed()));
    if let Some(phone2) = &d.phone2 {
        lines.push(format!("Second phone: {}", phone2.as_typed()));
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
    let coupon = order.coupon.as_ref().map(|(_, code)| (code.as_str(), order.coupon_discount));
    let paragraphs = [
        vec![format!("Hello {},", order.details.name.as_str())],
        vec![
            format!("Thank you for your order #{id}. Please confirm it with one click, so we can send it on its way."),
            format!(
                "The link works for {}; an order not confirmed by then may be cancelled.",
                if window_hours == 1 { "1 hour".to_owned() } else { format!("{window_hours} hours") }
            ),
        ],
        item_lines(&order.items),
        figures(order.subtotal, order.delivery_charge, coupon, order.total),
        delivery_lines(order),
    ];
    let (text, html) = bodies(&paragraphs, &[("Confirm my order".to_owned(), link.to_owned())], layout);
    OutgoingMail { to: to.clone(), subject: format!("Please confirm your order #{id}"), text, html, unsubscribe: None }
}
