//! The shopper's WhatsApp replies the webhook hands over (docs/decisions/0038-whatsapp.md): a button confirms
//! the order exactly as the e-mailed link does or rejects it as the owner would, a 'yes' word confirms the
//! latest pending order of the phone it came from, and anything else is kept as a note for the owner. The
//! messages the shop sends are queued by `orders::whatsapp_messages`.

use std::collections::HashMap;

use domain::contact::Phone;
use domain::ids::OrderId;
use domain::language::Language;
use domain::order_status::OrderStatus;
use domain::whatsapp::{is_yes, ButtonAction, ButtonPayload, MessageKind};

use crate::common::error::RepositoryError;
use crate::orders::change_status::ChangeStatusError;
use crate::orders::confirm::ConfirmError;
use crate::orders::model::{Actor, Order};
use crate::orders::service::Orders;
use crate::orders::whatsapp_messages::queue_update;
pub use crate::orders::whatsapp_messages::{not_pending_answer, whatsapp_to, CANCELLED_ON_WHATSAPP};
pub use crate::orders::whatsapp_ports::{
    IncomingContent, IncomingMessage, IncomingRecord, ReplyOutcome, ThreadMessage, WhatsAppOrders,
};

impl Orders {
    /// The WhatsApp thread of order `id`; `None` when WhatsApp is off.
    ///
    /// # Errors
    /// A store failure.
    pub async fn whatsapp_thread(&self, id: OrderId) -> Result<Option<Vec<ThreadMessage>>, RepositoryError> {
        match &self.whatsapp {
            Some(store) => Ok(Some(store.thread(id).await?)),
            None => Ok(None),
        }
    }

    /// The WhatsApp threads of the orders `ids`; `None` when WhatsApp is off.
    ///
    /// # Errors
    /// A store failure.
    pub async fn whatsapp_threads(
        &self,
        ids: &[OrderId],
    ) -> Result<Option<HashMap<OrderId, Vec<ThreadMessage>>>, RepositoryError> {
        match &self.whatsapp {
            Some(store) => Ok(Some(store.threads(ids).await?)),
            None => Ok(None),
        }
    }

    /// Acts on a message from the shopper (once per Meta id).
    ///
    /// # Errors
    /// A store failure; the webhook answers it with a 5xx so Meta delivers the message again.
    pub async fn whatsapp_reply(&self, incoming: IncomingMessage) -> Result<ReplyOutcome, RepositoryError> {
        let Some(store) = self.whatsapp.clone() else { return Ok(ReplyOutcome::Noted(None)) };
        let phone = Phone::parse_mobile(&format!("+{}", incoming.from)).ok();
        let now = self.clock.now();
        let record = |order: Option<OrderId>, kind: MessageKind, text: String| IncomingRecord {
            meta_id: incoming.meta_id.clone(),
            from: incoming.from.clone(),
            order,
            kind,
            text,
            at: now,
        };
        let latest = |pending_only: bool| {
            let (store, phone) = (store.clone(), phone.clone());
            async move {
                match phone {
                    Some(phone) => store.latest_order_of(phone.normal(), pending_only).await,
                    None => Ok(None),
                }
            }
        };
        let (order, action, text) = match &incoming.content {
            IncomingContent::Button(payload) => {
                let button = ButtonPayload::parse(payload);
                let order = match &button {
                    Some(button) => self.order_of_button(button).await?,
                    None => None,
                };
                match (button, order) {
                    (Some(button), Some(order)) => {
                        let text = match button.action {
                            ButtonAction::Confirm => "Confirm",
                            ButtonAction::Cancel => "Cancel",
                        };
                        (Some(order), Some(button.action), text.to_owned())
                    }
                    // A payload the shop did not write, or for another order's secret: a note, acting on nothing.
                    _ => (None, None, payload.clone()),
                }
            }
            IncomingContent::Text(body) if is_yes(body) => match latest(true).await? {
                Some(id) => (self.repository.find(id).await?, Some(ButtonAction::Confirm), body.clone()),
                None => (None, None, body.clone()),
            },
            IncomingContent::Text(body) => (None, None, body.clone()),
            IncomingContent::Other(kind) => (None, None, format!("({kind})")),
        };
        let Some((order, action)) = order.zip(action) else {
            let noted = latest(false).await?;
            if !store.record_incoming(&record(noted, MessageKind::Note, text)).await? {
                return Ok(ReplyOutcome::Duplicate);
            }
            return Ok(ReplyOutcome::Noted(noted));
        };
        if !store.record_incoming(&record(Some(order.id), MessageKind::Reply, text)).await? {
            return Ok(ReplyOutcome::Duplicate);
        }
        if order.status != OrderStatus::Pending {
            self.answer(&order, not_pending_answer(&order)).await?;
            return Ok(ReplyOutcome::NotChanged(order.id));
        }
        match action {
            ButtonAction::Confirm => match self.confirm_on_whatsapp(order.clone()).await {
                Ok(id) => {
                    self.answer(&order, confirmed_answer(id, order.language)).await?;
                    Ok(ReplyOutcome::Confirmed(id))
                }
                Err(ConfirmError::Unexpected(err)) => Err(err),
                Err(refused) => {
                    self.answer(&order, confirm_refused_answer(&refused, order.id, order.language)).await?;
                    Ok(ReplyOutcome::NotChanged(order.id))
                }
            },
            ButtonAction::Cancel => {
                match self.change_as(order.id, OrderStatus::Rejected, CANCELLED_ON_WHATSAPP, Actor::Customer).await {
                    Ok(_) => Ok(ReplyOutcome::Cancelled(order.id)),
                    Err(ChangeStatusError::Unexpected(err)) => Err(err),
                    Err(_) => {
                        let now = self.repository.find(order.id).await?.unwrap_or(order);
                        self.answer(&now, not_pending_answer(&now)).await?;
                        Ok(ReplyOutcome::NotChanged(now.id))
                    }
                }
            }
        }
    }

    /// The order a button's payload names, when the payload's secret is that order's.
    async fn order_of_button(&self, button: &ButtonPayload) -> Result<Option<Order>, RepositoryError> {
        let Ok(id) = OrderId::new(button.order) else { return Ok(None) };
        let Some(order) = self.repository.find(id).await? else { return Ok(None) };
        let digest = self.tokens.digest(&button.secret);
        Ok((order.whatsapp_digest.as_ref() == Some(&digest)).then_some(order))
    }

    /// Queues an answer to the shopper in a unit of work of its own.
    async fn answer(&self, order: &Order, news: String) -> Result<(), RepositoryError> {
        let order = order.clone();
        self.unit_of_work.run(move |tx| queue_update(tx.whatsapp(), &order, &news)).await
    }
}

/// The answer to a Confirm reply that changed nothing, in WhatsApp's words: the confirmation link's refusals
/// ('This confirmation link has expired.') would speak of a link the shopper never opened.
#[must_use]
fn confirm_refused_answer(refused: &ConfirmError, id: OrderId, language: Language) -> String {
    if language == Language::Urdu {
        let why = match refused {
            ConfirmError::Expired => {
                format!("آپ کے آرڈر #{id} کی تصدیق کا وقت گزر چکا ہے، اس لیے اس کی تصدیق نہیں ہوئی۔")
            }
            ConfirmError::AlreadyConfirmed => format!("آپ کے آرڈر #{id} کی تصدیق پہلے ہی ہو چکی ہے۔"),
            ConfirmError::Invalid | ConfirmError::Unexpected(_) => {
                format!("آپ کے آرڈر #{id} کی تصدیق نہیں ہو سکی۔")
            }
        };
        return format!("{why} مدد چاہیے تو یہیں جواب دیں۔");
    }
    let why = match refused {
        ConfirmError::Expired => format!("The time to confirm your order #{id} has passed, so it was not confirmed."),
        ConfirmError::AlreadyConfirmed => format!("Your order #{id} is already confirmed."),
        ConfirmError::Invalid | ConfirmError::Unexpected(_) => format!("Your order #{id} could not be confirmed."),
    };
    format!("{why} Reply here if you need help.")
}

/// The answer to a Confirm that confirmed the order: the confirmation page's words
/// ([`confirmed_message`](crate::orders::confirm::confirmed_message)), in Urdu for an Urdu order.
#[must_use]
pub fn confirmed_answer(id: OrderId, language: Language) -> String {
    match language {
        Language::English => crate::orders::confirm::confirmed_message(id),
        Language::Urdu => format!("شکریہ! آپ کے آرڈر #{id} کی تصدیق ہو گئی ہے۔"),
    }
}
