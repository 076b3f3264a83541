//! The orders' WhatsApp messages as they are queued (docs/decisions/0038-whatsapp.md): the confirmation
//! message with its Confirm and Cancel buttons, the status messages and answers. Queued inside the unit of
//! work of the placement or status change that tells of them; the replies are read in `orders::whatsapp`.
//! An Urdu order's messages go in the Urdu templates' language code, with their word parameters in Urdu.

use domain::contact::Phone;
use domain::ids::OrderId;
use domain::language::Language;
use domain::shop_info::WhatsAppNumber;
use domain::whatsapp::{ButtonAction, ButtonPayload, MessageKind, Templates};

use crate::common::error::RepositoryError;
use crate::orders::model::{NewOrder, Order};
use crate::whatsapp::ports::{TemplateMessage, WhatsAppTx};

/// The rejection reason of a Cancel tapped on WhatsApp.
pub const CANCELLED_ON_WHATSAPP: &str = "Cancelled by the customer on WhatsApp";

/// The order's number for WhatsApp's templates: `#42`.
fn number(id: OrderId) -> String {
    format!("#{id}")
}

/// `2 x Phone Case, 1 x Charger`; in Urdu `2 عدد Phone Case، 1 عدد Charger`.
fn items_text(items: &[crate::orders::model::OrderItem], language: Language) -> String {
    let (each, comma) = match language {
        Language::English => (" x ", ", "),
        Language::Urdu => (" عدد ", "، "),
    };
    items.iter().map(|i| format!("{}{each}{}", i.quantity.get(), i.name)).collect::<Vec<_>>().join(comma)
}

/// The shopper's primary mobile as WhatsApp takes it (`923001234567`), if it is one.
#[must_use]
pub fn whatsapp_to(phone: &Phone) -> Option<WhatsAppNumber> {
    WhatsAppNumber::parse(phone.normal()).ok()
}

/// Queues the confirmation message of the order `id` just placed, with the Confirm and Cancel buttons
/// carrying `secret`.
///
/// # Errors
/// A store failure.
pub(crate) fn queue_confirmation(
    tx: &mut dyn WhatsAppTx,
    id: OrderId,
    order: &NewOrder,
    to: &WhatsAppNumber,
    secret: &str,
) -> Result<(), RepositoryError> {
    let templates = tx.templates()?;
    let d = &order.details;
    let address = match d.destination.city() {
        Some(city) => format!("{}, {city}", d.address.as_str().replace('\n', ", ")),
        None => d.address.as_str().replace('\n', ", "),
    };
    let body = vec![number(id), items_text(&order.items, order.language), order.total.to_string(), address];
    let buttons = [ButtonAction::Confirm, ButtonAction::Cancel]
        .map(|action| ButtonPayload::new(action, id.get(), secret).to_string())
        .to_vec();
    let text = match order.language {
        Language::English => format!(
            "Order {}: {}. Total {} (cash on delivery). Deliver to {}. [Confirm] [Cancel]",
            body[0], body[1], body[2], body[3]
        ),
        Language::Urdu => format!(
            "آرڈر {}: {}۔ کل رقم {} (کیش آن ڈیلیوری)۔ ڈیلیوری کا پتا: {}۔ [تصدیق کریں] [منسوخ کریں]",
            body[0], body[1], body[2], body[3]
        ),
    };
    let message = TemplateMessage {
        to: to.as_str().to_owned(),
        template: templates.confirmation().to_owned(),
        language: templates.language_for(order.language).to_owned(),
        body,
        buttons,
    };
    tx.queue(id, MessageKind::Confirmation, &message, &text)
}

/// Queues an update message of `order` (a status change, or an answer to the shopper) saying `news`.
///
/// # Errors
/// A store failure.
pub(crate) fn queue_update(tx: &mut dyn WhatsAppTx, order: &Order, news: &str) -> Result<(), RepositoryError> {
    let Some(to) = &order.whatsapp_to else { return Ok(()) };
    let templates: Templates = tx.templates()?;
    let message = TemplateMessage {
        to: to.as_str().to_owned(),
        template: templates.update().to_owned(),
        language: templates.language_for(order.language).to_owned(),
        body: vec![number(order.id), news.to_owned()],
        buttons: Vec::new(),
    };
    tx.queue(order.id, MessageKind::Update, &message, news)
}

/// The answer to a reply for an order that is no longer pending.
#[must_use]
pub fn not_pending_answer(order: &Order) -> String {
    if order.language == Language::Urdu {
        return format!(
            "آپ کے جواب کا شکریہ۔ آپ کا آرڈر #{} اب {} ہے، اس لیے کچھ تبدیل نہیں کیا گیا۔ مدد چاہیے تو یہیں جواب دیں۔",
            order.id,
            order.status.in_urdu()
        );
    }
    format!(
        "Thank you for your reply. Your order #{} is {} now, so nothing was changed. Reply here if you need help.",
        order.id, order.status
    )
}
