//! An order's score: each enabled rule that fires on the order's facts adds its points and its reason.

use chrono::{DateTime, Duration, Timelike, Utc};

use super::params::RuleParams;
use super::places;
use super::rules::{RuleId, MAX_SCORE};
use super::settings::CodSettings;
use crate::calendar::PAKISTAN_UTC_OFFSET_HOURS;
use crate::money::Rupees;

/// What the rules look at, for one order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiskFacts {
    /// Other orders of this primary phone (in either phone field) or this e-mail now returned.
    pub returned: u32,
    /// Other orders of this primary phone (in either phone field) or this e-mail now rejected.
    pub rejected: u32,
    /// Other pending orders with the same primary phone.
    pub other_pending: u32,
    /// When the customer's account was opened.
    pub account_opened: DateTime<Utc>,
    /// When the order was placed.
    pub placed_at: DateTime<Utc>,
    pub address: String,
    /// The province chosen, as the table spells it, if any.
    pub province: Option<String>,
    /// The city chosen, as the table spells it, if any.
    pub city: Option<String>,
    /// The sum of the items' quantities.
    pub pieces: u64,
    pub total: Rupees,
}

/// Why a rule added its points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiskReason {
    pub rule: RuleId,
    pub points: u8,
    pub text: String,
}

/// How risky an order looks, by its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiskLevel {
    /// 0 to 29.
    Low,
    /// 30 to 59.
    Medium,
    /// 60 to 100.
    High,
}

impl RiskLevel {
    /// The level of `score`.
    #[must_use]
    pub const fn of(score: u8) -> Self {
        match score {
            0..=29 => Self::Low,
            30..=59 => Self::Medium,
            _ => Self::High,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
        }
    }
}

/// An order's score and the reasons behind it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Risk {
    score: u8,
    reasons: Vec<RiskReason>,
}

impl Risk {
    /// The risk of these reasons: the sum of their points, at most [`MAX_SCORE`].
    #[must_use]
    pub fn of(reasons: Vec<RiskReason>) -> Self {
        let sum: u32 = reasons.iter().map(|r| u32::from(r.points)).sum();
        Self { score: u8::try_from(sum.min(u32::from(MAX_SCORE))).unwrap_or(MAX_SCORE), reasons }
    }

    #[must_use]
    pub const fn score(&self) -> u8 {
        self.score
    }

    #[must_use]
    pub const fn level(&self) -> RiskLevel {
        RiskLevel::of(self.score)
    }

    #[must_use]
    pub fn reasons(&self) -> &[RiskReason] {
        &self.reasons
    }

    /// Whether `rule` added its points.
    #[must_use]
    pub fn fired(&self, rule: RuleId) -> bool {
        self.reasons.iter().any(|r| r.rule == rule)
    }
}

/// The rule on other pending orders as a stored score carries it: it fires once the phone has `at_least`
/// other pending orders, adding `points`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingRule {
    pub at_least: u32,
    pub points: u8,
}

/// A score as an order stores it (docs/cod.md 'Risk score'): the reasons of the rules whose facts are fixed
/// at placement or move only with a status change, and, while the order is pending, the rule on other
/// pending orders, applied when the score is read ([`StoredRisk::live`]) from the live count of its phone's
/// other pending orders. So a placement changes no other order's stored score. A young account's reason is
/// kept even alone, as it counts once the rule on pending orders fires beside it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredRisk {
    reasons: Vec<RiskReason>,
    pending: Option<PendingRule>,
}

impl StoredRisk {
    /// The stored reasons, in the order of [`RuleId::ALL`], and the rule on pending orders when it applies.
    #[must_use]
    pub fn new(mut reasons: Vec<RiskReason>, pending: Option<PendingRule>) -> Self {
        reasons.sort_by_key(|reason| reason.rule.index());
        Self { reasons, pending }
    }

    /// The score of an order that left pending: kept as it was then, the live figures included.
    #[must_use]
    pub fn settled(risk: Risk) -> Self {
        Self { reasons: risk.reasons, pending: None }
    }

    #[must_use]
    pub fn reasons(&self) -> &[RiskReason] {
        &self.reasons
    }

    /// The rule on other pending orders, when it applies when read.
    #[must_use]
    pub const fn pending(&self) -> Option<PendingRule> {
        self.pending
    }

    /// The risk when the order's phone has `other_pending` other pending orders.
    #[must_use]
    pub fn live(&self, other_pending: u32) -> Risk {
        let mut reasons = self.reasons.clone();
        if let Some(rule) = self.pending.filter(|rule| other_pending >= rule.at_least) {
            let at = reasons.partition_point(|reason| reason.rule.index() < RuleId::SeveralPending.index());
            let text = several_pending_text(other_pending);
            reasons.insert(at, RiskReason { rule: RuleId::SeveralPending, points: rule.points, text });
        }
        if reasons.iter().all(|reason| reason.rule == RuleId::NewAccount) {
            reasons.clear();
        }
        Risk::of(reasons)
    }

    /// The score while the rule on other pending orders does not fire, and once it does (the same when it
    /// does not apply): what the admin's list sorts and filters by, with the live count.
    #[must_use]
    pub fn scores(&self) -> (u8, u8) {
        let calm = self.live(0).score();
        (calm, self.pending.map_or(calm, |rule| self.live(rule.at_least).score()))
    }
}

fn several_pending_text(other_pending: u32) -> String {
    plural(other_pending, "This phone has 1 other pending order.", "This phone has {n} other pending orders.")
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_owned()
    } else {
        many.replace("{n}", &n.to_string())
    }
}

/// Scores an order: each enabled rule that fires adds its points and its reason, in the order of
/// [`RuleId::ALL`]. [`RuleId::NewAccount`] fires only beside another rule: every first order comes from a
/// new account, so a young account alone says nothing; with another warning sign it tells the owner that no
/// history vouches for the shopper (docs/decisions/0037-a-checkout-that-keeps-the-shopper.md). The same as
/// [`assess_stored`] read with the facts' count of other pending orders.
#[must_use]
pub fn assess(settings: &CodSettings, facts: &RiskFacts) -> Risk {
    assess_stored(settings, facts).live(facts.other_pending)
}

/// The score to store for a pending order: every enabled rule but the one on other pending orders scored on
/// `facts` (whose count of other pending orders is not read), and that rule's figures when it is enabled.
#[must_use]
pub fn assess_stored(settings: &CodSettings, facts: &RiskFacts) -> StoredRisk {
    let reasons: Vec<RiskReason> = settings
        .rules()
        .iter()
        .filter(|setting| setting.enabled() && setting.rule() != RuleId::SeveralPending)
        .filter_map(|setting| {
            fires(setting.figures(), facts).map(|text| RiskReason {
                rule: setting.rule(),
                points: setting.points(),
                text,
            })
        })
        .collect();
    let several = settings.rule(RuleId::SeveralPending);
    let pending = match several.figures() {
        RuleParams::SeveralPending { at_least } if several.enabled() => {
            Some(PendingRule { at_least, points: several.points() })
        }
        _ => None,
    };
    StoredRisk::new(reasons, pending)
}

/// The reason text when the rule of `params` fires on `facts`.
fn fires(params: RuleParams, facts: &RiskFacts) -> Option<String> {
    match params {
        RuleParams::EarlierReturns { at_least } => (facts.returned >= at_least).then(|| {
            plural(
                facts.returned,
                "1 earlier order from this phone or e-mail was returned.",
                "{n} earlier orders from this phone or e-mail were returned.",
            )
        }),
        RuleParams::EarlierRejections { at_least } => (facts.rejected >= at_least).then(|| {
            plural(
                facts.rejected,
                "1 earlier order from this phone or e-mail was rejected.",
                "{n} earlier orders from this phone or e-mail were rejected.",
            )
        }),
        RuleParams::NewAccount { hours } => {
            (facts.placed_at - facts.account_opened < Duration::hours(i64::from(hours))).then(|| {
                format!("The account was opened less than {hours} hours before the order, with another warning sign.")
            })
        }
        RuleParams::VagueAddress { min_chars } => {
            let collapsed = facts.address.split_whitespace().collect::<Vec<_>>().join(" ");
            if u32::try_from(collapsed.chars().count()).unwrap_or(u32::MAX) < min_chars {
                Some(format!("The address is shorter than {min_chars} characters."))
            } else if !collapsed.chars().any(char::is_numeric) {
                Some("The address has no house, street or plot number.".to_owned())
            } else {
                None
            }
        }
        RuleParams::CityMismatch => {
            places::city_mismatch(&facts.address, facts.city.as_deref(), facts.province.as_deref())
        }
        RuleParams::LargeQuantity { pieces } => (facts.pieces > u64::from(pieces))
            .then(|| format!("The order holds {} pieces (more than {pieces}).", facts.pieces)),
        RuleParams::LargeTotal { rupees } => (facts.total.paisa() > i64::from(rupees) * 100)
            .then(|| format!("The total of {} is above {}.", facts.total, Rupees::from_whole(i64::from(rupees)))),
        RuleParams::SeveralPending { at_least } => {
            (facts.other_pending >= at_least).then(|| several_pending_text(facts.other_pending))
        }
        RuleParams::LateNight { from, to } => {
            let local = facts.placed_at + Duration::hours(PAKISTAN_UTC_OFFSET_HOURS);
            let hour = local.hour();
            let inside = if from <= to { from <= hour && hour < to } else { hour >= from || hour < to };
            inside.then(|| format!("Placed at {:02}:{:02} at night (Pakistan time).", hour, local.minute()))
        }
    }
}
