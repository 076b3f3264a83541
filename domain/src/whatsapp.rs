//! WhatsApp's rules the shop keeps (docs/decisions/0038-whatsapp.md): the order a message's states go in,
//! the quick-reply payloads of the confirmation message, and the words that confirm an order by text.

use std::fmt;

use crate::language::Language;

/// A WhatsApp message's state: an outgoing one is `queued`, then `sent` (Meta took it), `delivered`, `read`,
/// or `failed` with Meta's error; an incoming one is `received`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageState {
    Queued,
    Sent,
    Delivered,
    Read,
    Failed,
    Received,
}

impl MessageState {
    /// Every state, as stored.
    pub const ALL: [Self; 6] = [Self::Queued, Self::Sent, Self::Delivered, Self::Read, Self::Failed, Self::Received];

    /// `queued`, `sent`, ...: the stored and the wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Sent => "sent",
            Self::Delivered => "delivered",
            Self::Read => "read",
            Self::Failed => "failed",
            Self::Received => "received",
        }
    }

    /// The state named `name`, or `None`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == name)
    }

    /// Whether a callback saying `to` moves a message that is `self`. Status callbacks come out of order
    /// (Meta sends them in parallel), so a state never moves backwards: queued < sent < delivered < read.
    /// `failed` comes from any state before `read` and is final; a `failed` after `read` is ignored, since the
    /// shopper read the message. An incoming message's state never moves.
    #[must_use]
    pub fn moves_to(self, to: Self) -> bool {
        match (self, to) {
            (Self::Failed | Self::Received, _) | (_, Self::Received | Self::Queued) => false,
            (Self::Read, Self::Failed) => false,
            (_, Self::Failed) => true,
            (from, to) => to.rank() > from.rank(),
        }
    }

    const fn rank(self) -> u8 {
        match self {
            Self::Queued => 0,
            Self::Sent => 1,
            Self::Delivered => 2,
            Self::Read => 3,
            Self::Failed | Self::Received => 4,
        }
    }
}

impl fmt::Display for MessageState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a quick-reply button asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonAction {
    Confirm,
    Cancel,
}

impl ButtonAction {
    const fn word(self) -> &'static str {
        match self {
            Self::Confirm => "confirm",
            Self::Cancel => "cancel",
        }
    }
}

/// A quick-reply button's payload, `confirm:<order id>:<secret>` or `cancel:<order id>:<secret>`: the order
/// and the single-use secret the confirmation message carried (stored only as its digest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonPayload {
    pub action: ButtonAction,
    pub order: i64,
    pub secret: String,
}

/// The longest secret a payload may carry (the shop's are 43 characters).
pub const MAX_SECRET_CHARS: usize = 100;

impl ButtonPayload {
    /// The payload of `action` for `order` with `secret`.
    #[must_use]
    pub fn new(action: ButtonAction, order: i64, secret: &str) -> Self {
        Self { action, order, secret: secret.to_owned() }
    }

    /// Reads a payload; `None` for anything the shop did not write (another shape, an order id that is no
    /// positive number, a secret that is not 1–100 characters of URL-safe base64).
    #[must_use]
    pub fn parse(payload: &str) -> Option<Self> {
        let mut parts = payload.splitn(3, ':');
        let action = match parts.next()? {
            "confirm" => ButtonAction::Confirm,
            "cancel" => ButtonAction::Cancel,
            _ => return None,
        };
        let order = parts.next()?;
        if order.is_empty() || order.len() > 18 || !order.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let order: i64 = order.parse().ok().filter(|id| *id > 0)?;
        let secret = parts.next()?;
        let well_formed = (1..=MAX_SECRET_CHARS).contains(&secret.len())
            && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        well_formed.then(|| Self { action, order, secret: secret.to_owned() })
    }
}

impl fmt::Display for ButtonPayload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.action.word(), self.order, self.secret)
    }
}

/// The words that confirm a shopper's latest pending order when sent as a text: 'yes', 'haan', 'ji',
/// 'confirm' in any case, and 'ہاں', 'جی' in Urdu script; spaces around and a closing '.', '!' or '۔' allowed.
pub const YES_WORDS: [&str; 6] = ["yes", "haan", "ji", "confirm", "ہاں", "جی"];

/// Whether `text` is one of [`YES_WORDS`].
#[must_use]
pub fn is_yes(text: &str) -> bool {
    let word = text.trim().trim_end_matches(['.', '!', '۔']).trim().to_lowercase();
    // Urdu keyboards write the 'h' of ہاں as either of two letters.
    let word = word.replace('ه', "ہ").replace(['ي', 'ى'], "ی");
    YES_WORDS.contains(&word.as_str())
}

/// What a message of an order's thread is: the confirmation with its buttons, a status update (or an
/// answer to a reply), the shopper's button reply, or a text the shopper wrote (kept as a note).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    Confirmation,
    Update,
    Reply,
    Note,
}

impl MessageKind {
    /// Every kind, as stored.
    pub const ALL: [Self; 4] = [Self::Confirmation, Self::Update, Self::Reply, Self::Note];

    /// `confirmation`, `update`, `reply`, `note`: the stored and the wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Confirmation => "confirmation",
            Self::Update => "update",
            Self::Reply => "reply",
            Self::Note => "note",
        }
    }

    /// The kind named `name`, or `None`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// Whether the shop sent it (else the shopper did).
    #[must_use]
    pub const fn outgoing(self) -> bool {
        matches!(self, Self::Confirmation | Self::Update)
    }
}

/// A template's name or language refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error("A template name is 1 to 512 lowercase letters, digits and underscores, e.g. order_confirmation.")]
    Name,
    #[error("A language code is like en, en_US or ur.")]
    Language,
}

/// The message templates Meta approved for the shop and their languages (the Order checks page): English
/// orders are sent them in `language`, Urdu orders in `urdu_language` (the same names, approved in both).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Templates {
    confirmation: String,
    update: String,
    language: String,
    urdu_language: String,
}

impl Default for Templates {
    fn default() -> Self {
        Self {
            confirmation: "order_confirmation".into(),
            update: "order_update".into(),
            language: "en".into(),
            urdu_language: "ur".into(),
        }
    }
}

/// A template's name as Meta takes it (spaces around dropped).
///
/// # Errors
/// [`TemplateError::Name`] unless it is 1 to 512 lowercase letters, digits and underscores.
pub fn template_name(name: &str) -> Result<String, TemplateError> {
    let name = name.trim();
    let ok = (1..=512).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if ok {
        Ok(name.to_owned())
    } else {
        Err(TemplateError::Name)
    }
}

/// A template language code as Meta takes it (`en`, `en_US`, `ur`; spaces around dropped).
///
/// # Errors
/// [`TemplateError::Language`] for anything else.
pub fn language_code(code: &str) -> Result<String, TemplateError> {
    let code = code.trim();
    let (lang, region) = code.split_once('_').map_or((code, None), |(l, r)| (l, Some(r)));
    let ok = (2..=3).contains(&lang.len())
        && lang.bytes().all(|b| b.is_ascii_lowercase())
        && region.is_none_or(|r| r.len() == 2 && r.bytes().all(|b| b.is_ascii_uppercase()));
    if ok {
        Ok(code.to_owned())
    } else {
        Err(TemplateError::Language)
    }
}

/// The owner's change of the templates, each part checked ([`template_name`], [`language_code`]); a part
/// left `None` keeps the one in force.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TemplatesChange {
    pub confirmation: Option<String>,
    pub update: Option<String>,
    pub language: Option<String>,
    pub urdu_language: Option<String>,
}

impl Templates {
    /// These templates with `change` made.
    #[must_use]
    pub fn changed(self, change: TemplatesChange) -> Self {
        Self {
            confirmation: change.confirmation.unwrap_or(self.confirmation),
            update: change.update.unwrap_or(self.update),
            language: change.language.unwrap_or(self.language),
            urdu_language: change.urdu_language.unwrap_or(self.urdu_language),
        }
    }

    /// The templates as typed (spaces around dropped).
    ///
    /// # Errors
    /// [`TemplateError`] for a name or language code Meta would not take.
    pub fn parse(confirmation: &str, update: &str, language: &str) -> Result<Self, TemplateError> {
        Ok(Self {
            confirmation: template_name(confirmation)?,
            update: template_name(update)?,
            language: language_code(language)?,
            urdu_language: "ur".into(),
        })
    }

    /// These templates with Urdu orders' language code `code` (spaces around dropped).
    ///
    /// # Errors
    /// [`TemplateError::Language`] for a code Meta would not take.
    pub fn with_urdu_language(self, code: &str) -> Result<Self, TemplateError> {
        Ok(Self { urdu_language: language_code(code)?, ..self })
    }

    /// The template with the Confirm and Cancel buttons, sent when an order is placed.
    #[must_use]
    pub fn confirmation(&self) -> &str {
        &self.confirmation
    }

    /// The template of status messages and answers: the order number and the news.
    #[must_use]
    pub fn update(&self) -> &str {
        &self.update
    }

    /// Their language code for English orders.
    #[must_use]
    pub fn language(&self) -> &str {
        &self.language
    }

    /// Their language code for Urdu orders (default `ur`).
    #[must_use]
    pub fn urdu_language(&self) -> &str {
        &self.urdu_language
    }

    /// The language code an order placed in `language` is sent them in.
    #[must_use]
    pub fn language_for(&self, language: Language) -> &str {
        match language {
            Language::English => &self.language,
            Language::Urdu => &self.urdu_language,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_replaces_only_the_parts_it_names() {
        let change = TemplatesChange {
            update: Some("shop_news".into()),
            language: Some("ur".into()),
            ..TemplatesChange::default()
        };

        let changed = Templates::default().changed(change);

        assert_eq!(
            (changed.confirmation(), changed.update(), changed.language()),
            ("order_confirmation", "shop_news", "ur")
        );
        assert_eq!(changed.urdu_language(), "ur");
        let urdu = Templates::default()
            .changed(TemplatesChange { urdu_language: Some("ur_PK".into()), ..TemplatesChange::default() });
        assert_eq!((urdu.language_for(Language::English), urdu.language_for(Language::Urdu)), ("en", "ur_PK"));
        assert_eq!(Templates::default().with_urdu_language(" ur "), Ok(Templates::default()));
        assert_eq!(Templates::default().with_urdu_language("ur-PK"), Err(TemplateError::Language));
        assert_eq!(template_name(" Order "), Err(TemplateError::Name));
        assert_eq!(language_code(" en_US "), Ok("en_US".to_owned()));
        assert_eq!(language_code("english"), Err(TemplateError::Language));
    }

    #[test]
    fn a_payload_reads_back_as_it_was_written() {
        let payload = ButtonPayload::new(ButtonAction::Confirm, 42, "Ab-9_x");

        assert_eq!(payload.to_string(), "confirm:42:Ab-9_x");
        assert_eq!(ButtonPayload::parse("confirm:42:Ab-9_x"), Some(payload));
        assert_eq!(
            ButtonPayload::parse("cancel:7:s"),
            Some(ButtonPayload { action: ButtonAction::Cancel, order: 7, secret: "s".into() })
        );
    }

    #[test]
    fn anything_the_shop_did_not_write_is_no_payload() {
        for bad in [
            "",
            "confirm",
            "confirm:42",
            "confirm:42:",
            "ok:42:abc",
            "Confirm:42:abc",
            "confirm:-1:abc",
            "confirm:0:abc",
            "confirm:4x:abc",
            "confirm:99999999999999999999:abc",
            "confirm:42:a b",
            "confirm:42:a:b",
            "confirm:42:a\0",
        ] {
            assert_eq!(ButtonPayload::parse(bad), None, "{bad:?}");
        }
        assert_eq!(ButtonPayload::parse(&format!("confirm:1:{}", "a".repeat(MAX_SECRET_CHARS + 1))), None);
    }

    #[test]
    fn yes_in_any_case_and_in_urdu_confirms() {
        for yes in ["yes", "YES", " Haan ", "ji", "Ji!", "confirm.", "CONFIRM", "ہاں", "جی", "هاں", "ہاں۔"]
        {
            assert!(is_yes(yes), "{yes:?}");
        }
        for other in ["no", "yes please", "haan ji", "", "y", "ok", "نہیں", "cancel"] {
            assert!(!is_yes(other), "{other:?}");
        }
    }

    #[test]
    fn templates_are_names_meta_takes() {
        let templates = Templates::parse(" order_confirmation ", "order_update_2", "en_US").unwrap();

        assert_eq!(
            (templates.confirmation(), templates.update(), templates.language()),
            ("order_confirmation", "order_update_2", "en_US")
        );
        assert_eq!(Templates::default(), Templates::parse("order_confirmation", "order_update", "en").unwrap());
        assert!(Templates::parse("ur", "x", "ur").is_ok());
        for bad in ["", "Order", "order-confirmation", "order confirmation", &"a".repeat(513)] {
            assert_eq!(Templates::parse(bad, "x", "en"), Err(TemplateError::Name), "{bad:?}");
        }
        for bad in ["", "EN", "e", "en_us", "en-US", "engl", "en_USA"] {
            assert_eq!(Templates::parse("x", "x", bad), Err(TemplateError::Language), "{bad:?}");
        }
    }

    #[test]
    fn states_move_forward_only_and_failed_is_final() {
        use MessageState::{Delivered, Failed, Queued, Read, Received, Sent};
        assert!(Queued.moves_to(Sent));
        assert!(Sent.moves_to(Delivered));
        assert!(Sent.moves_to(Read));
        assert!(Delivered.moves_to(Read));
        assert!(Delivered.moves_to(Failed));
        assert!(Queued.moves_to(Failed));
        assert!(!Read.moves_to(Delivered));
        assert!(!Delivered.moves_to(Sent));
        assert!(!Read.moves_to(Failed));
        assert!(!Failed.moves_to(Read));
        assert!(!Sent.moves_to(Sent));
        assert!(!Received.moves_to(Read));
        assert!(!Sent.moves_to(Queued));
        for state in MessageState::ALL {
            assert_eq!(MessageState::parse(state.as_str()), Some(state));
        }
    }
}
