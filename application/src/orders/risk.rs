//! Risk scores of pending orders (docs/cod.md 'Risk score'): gathered as facts by the repository in one
//! query, scored by `domain::risk`, stored on the orders in one statement. A pending order stores the score of
//! the rules whose facts are fixed at placement or move only with a status change, and the rule on other
//! pending orders is applied when the score is read, from the live count of its phone's pending orders
//! ([`StoredRisk`]): so a new order is scored in the transaction that places it and changes no other order's
//! score. An order is scored once more as it leaves pending, with the live count, and keeps that score; the
//! pending orders of a phone or e-mail are scored again after one of its orders changes status; every pending
//! order in the transaction that saves new settings. The owner reads and saves the settings here.

use domain::ids::OrderId;
use domain::risk::{assess, assess_stored, CodSettings, CodSettingsChange, StoredRisk};
use domain::whatsapp::{Templates, TemplatesChange};

use crate::common::error::RepositoryError;
use crate::orders::cod_ports::{Contact, RiskScope, RiskTx};
use crate::orders::model::{ContactDetails, Order};
use crate::orders::service::Orders;

/// Scores the pending orders in `scope` again with the settings in force, inside the caller's unit of work.
/// A contact's phones are taken first ([`RiskTx::lock_phones`]), so an order of theirs being placed is
/// either seen or scores itself after this change.
///
/// # Errors
/// When the store fails.
pub fn rescore(tx: &mut dyn RiskTx, scope: &RiskScope) -> Result<(), RepositoryError> {
    if let RiskScope::Contact(contact) = scope {
        tx.lock_phones(&contact.phones)?;
    }
    let settings = tx.cod_settings()?;
    rescore_with(tx, &settings, scope)
}

/// Scores pending order `id`, about to leave pending, as it is now (the live count of its phone's other
/// pending orders included), and stores that as the score it keeps.
///
/// # Errors
/// When the store fails.
pub fn settle(tx: &mut dyn RiskTx, id: OrderId) -> Result<(), RepositoryError> {
    let settings = tx.cod_settings()?;
    let Some((_, facts)) = tx.risk_facts(&RiskScope::Order(id))?.pop() else { return Ok(()) };
    tx.store_risk(&[(id, StoredRisk::settled(assess(&settings, &facts)))])
}

pub(crate) fn rescore_with(
    tx: &mut dyn RiskTx,
    settings: &CodSettings,
    scope: &RiskScope,
) -> Result<(), RepositoryError> {
    let facts = tx.risk_facts(scope)?;
    if facts.is_empty() {
        return Ok(());
    }
    let scores: Vec<_> = facts.iter().map(|(id, facts)| (*id, assess_stored(settings, facts))).collect();
    tx.store_risk(&scores)
}

impl Contact {
    /// The phone and e-mail of a stored order: the orders that count it are those whose primary phone is
    /// either of its phones, or whose e-mail is its e-mail.
    #[must_use]
    pub fn of_order(order: &Order) -> Self {
        let d = &order.details;
        Self { phones: std::iter::once(d.phone1.clone()).chain(d.phone2.clone()).collect(), email: d.email.clone() }
    }

    /// The phone and e-mail of an order being placed.
    #[must_use]
    pub fn of_details(details: &ContactDetails) -> Self {
        Self {
            phones: std::iter::once(details.phone1.clone()).chain(details.phone2.clone()).collect(),
            email: details.email.clone(),
        }
    }
}

/// Why the COD settings were not read or saved (settings that break a rule never get here: a
/// [`CodSettingsChange`] is checked as it is made). Nothing was saved.
#[derive(Debug, thiserror::Error)]
pub enum CodSettingsError {
    #[error("the COD settings could not be read or saved")]
    Unexpected(#[from] RepositoryError),
}

impl Orders {
    /// Scores the pending orders in `scope` again in a transaction of its own, after the change that moved
    /// their facts has committed: it then takes no row lock while that change holds products' locks, so the
    /// two cannot wait on each other. A failure leaves the old scores until the next change and is logged.
    pub(crate) async fn rescore_after(&self, scope: RiskScope) {
        if let Err(err) = self.unit_of_work.run(move |tx| rescore(tx.risk(), &scope)).await {
            tracing::warn!(error = %err, "risk scores could not be brought up to date");
        }
    }

    /// The COD settings in force.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn cod_settings(&self) -> Result<CodSettings, CodSettingsError> {
        Ok(self.cod.cod_settings().await?)
    }

    /// The WhatsApp templates the owner set (shown and saved with the COD settings).
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn whatsapp_templates(&self) -> Result<Templates, CodSettingsError> {
        Ok(self.unit_of_work.run(|tx| tx.whatsapp().templates()).await?)
    }

    /// Saves the COD settings and the WhatsApp templates' change, and scores every pending order again with
    /// them, in one transaction. Limits on orders the change leaves out keep the values in force, and so do
    /// the parts of the templates it leaves out.
    ///
    /// # Errors
    /// `Unexpected` when the store fails.
    pub async fn save_cod_settings(
        &self,
        change: CodSettingsChange,
        templates: TemplatesChange,
    ) -> Result<(CodSettings, Templates), CodSettingsError> {
        let in_force = self.cod.cod_settings().await?.limits();
        let settings = change.over(in_force);
        let saved = settings.clone();
        let templates = self
            .unit_of_work
            .run(move |tx| {
                tx.risk().save_cod_settings(&saved)?;
                rescore_with(tx.risk(), &saved, &RiskScope::AllPending)?;
                let templates = tx.whatsapp().templates()?.changed(templates);
                tx.whatsapp().save_templates(&templates)?;
                Ok::<_, RepositoryError>(templates)
            })
            .await?;
        Ok((settings, templates))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::cod_ports::{MockCodRepository, MockRiskTx};
    use crate::orders::ports::MockOrderRepository;
    use crate::orders::testing::{orders_with, risk_facts, run_once, Handle};
    use crate::whatsapp::ports::MockWhatsAppTx;
    use domain::ids::OrderId;
    use domain::money::Rupees;
    use domain::order_limits::{LimitId, OrderLimits};
    use domain::risk::{RiskFacts, RuleId, RuleSetting, SettingsDraft};

    fn facts(returned: u32) -> RiskFacts {
        RiskFacts { returned, ..risk_facts(Rupees::from_whole(1710)) }
    }

    fn input(points: u8) -> CodSettingsChange {
        let rule = RuleSetting::default_for(RuleId::EarlierReturns);
        let settings = CodSettings::default().with_rule(RuleSetting::new(rule.figures(), true, points).unwrap());
        CodSettingsChange::keeping_limits(settings)
    }

    /// The change with only `limits` among the limits, as a form sending no others makes it.
    fn input_with_limits(points: u8, limits: &[(&str, i64)]) -> CodSettingsChange {
        let mut draft = SettingsDraft::new(Some(48), Some(24));
        for rule in input(points).over(OrderLimits::default()).rules() {
            let figures: Vec<_> = rule.params().map(|(spec, value)| (spec.key, Some(i64::from(value)))).collect();
            draft.rule(rule.rule().as_str(), rule.enabled(), Some(i64::from(rule.points())), figures);
        }
        for (key, value) in limits {
            draft.limit(key, Some(*value));
        }
        draft.finish().unwrap()
    }

    /// The WhatsApp store of a shop on the default templates, expecting the templates `saved` accepts once.
    fn templates_saved(saved: fn(&Templates) -> bool) -> MockWhatsAppTx {
        let mut whatsapp = MockWhatsAppTx::new();
        whatsapp.expect_templates().returning(|| Ok(Templates::default()));
        whatsapp.expect_save_templates().withf(saved).times(1).returning(|_| Ok(()));
        whatsapp
    }

    /// The COD store, answering settings whose daily limit the owner set to 40.
    fn in_force() -> MockCodRepository {
        let mut cod = MockCodRepository::new();
        cod.expect_cod_settings().returning(|| {
            Ok(CodSettings::default().with_limits(OrderLimits::default().with(LimitId::OrdersPerDay, 40).unwrap()))
        });
        cod
    }

    #[test]
    fn rescoring_scores_the_facts_of_the_scope_with_the_settings_in_force_and_stores_them() {
        let mut tx = MockRiskTx::new();
        tx.expect_cod_settings().times(1).returning(|| Ok(CodSettings::default()));
        tx.expect_risk_facts()
            .withf(|scope| *scope == RiskScope::AllPending)
            .times(1)
            .returning(|_| Ok(vec![(OrderId::new(4).unwrap(), facts(2)), (OrderId::new(5).unwrap(), facts(0))]));
        tx.expect_store_risk()
            .withf(|scores| {
                scores.iter().map(|(id, risk)| (id.get(), risk.scores())).collect::<Vec<_>>()
                    == [(4, (40, 60)), (5, (0, 20))]
                    && scores[0].1.reasons()[0].text == "2 earlier orders from this phone or e-mail were returned."
            })
            .times(1)
            .returning(|_| Ok(()));

        rescore(&mut tx, &RiskScope::AllPending).unwrap();
    }

    #[test]
    fn nothing_is_stored_when_no_pending_order_is_in_scope() {
        let mut tx = MockRiskTx::new();
        tx.expect_cod_settings().returning(|| Ok(CodSettings::default()));
        tx.expect_risk_facts().returning(|_| Ok(vec![]));
        tx.expect_store_risk().never();

        rescore(&mut tx, &RiskScope::AllPending).unwrap();
    }

    #[tokio::test]
    async fn saved_settings_score_every_pending_order_again_in_the_same_transaction() {
        let mut handle = Handle::default();
        let mut risk = MockRiskTx::new();
        risk.expect_save_cod_settings()
            .withf(|s| s.rule(RuleId::EarlierReturns).points() == 70)
            .times(1)
            .returning(|_| Ok(()));
        risk.expect_cod_settings().never();
        risk.expect_risk_facts()
            .withf(|scope| *scope == RiskScope::AllPending)
            .times(1)
            .returning(|_| Ok(vec![(OrderId::new(4).unwrap(), facts(1))]));
        risk.expect_store_risk().withf(|scores| scores[0].1.scores() == (70, 90)).times(1).returning(|_| Ok(()));
        handle.risk = risk;
        handle.whatsapp = templates_saved(|t| {
            (t.confirmation(), t.update(), t.language()) == ("order_confirmation", "order_update", "en")
        });

        let (saved, templates) = orders_with(MockOrderRepository::new(), run_once(handle), in_force())
            .save_cod_settings(input(70), TemplatesChange::default())
            .await
            .unwrap();

        assert_eq!(saved.rule(RuleId::EarlierReturns).points(), 70);
        assert_eq!(templates, Templates::default());
    }

    #[tokio::test]
    async fn limits_sent_are_saved_and_those_not_sent_keep_the_values_in_force() {
        let mut handle = Handle::default();
        let mut risk = MockRiskTx::new();
        risk.expect_save_cod_settings()
            .withf(|s| s.limits().iter().map(|(_, v)| v).collect::<Vec<_>>() == [20, 3, 3, 40])
            .times(1)
            .returning(|_| Ok(()));
        risk.expect_risk_facts().returning(|_| Ok(vec![]));
        handle.risk = risk;
        handle.whatsapp = templates_saved(|t| {
            (t.confirmation(), t.update(), t.language()) == ("order_confirmation", "shop_news", "ur")
        });
        let sent = input_with_limits(40, &[("unitsPerProduct", 20)]);
        let templates = TemplatesChange {
            update: Some("shop_news".into()),
            language: Some("ur".into()),
            ..TemplatesChange::default()
        };

        let (saved, _) = orders_with(MockOrderRepository::new(), run_once(handle), in_force())
            .save_cod_settings(sent, templates)
            .await
            .unwrap();

        assert_eq!(saved.limits().get(LimitId::UnitsPerProduct), 20);
    }
}
