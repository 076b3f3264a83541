//! The COD checks' SQL against a real PostgreSQL, each test in its own database: the facts of pending
//! orders' risk in one query by scope, stored scores and settings, contact history, the confirmation's
//! conditional update, the unconfirmed orders to reject, and the blocklist.

use adapters_postgres::test_support::{execute, texts, TestDb};
use adapters_postgres::PgBlocklistRepository;
use application::blocklist::model::{BlockKind, BlockReason, BlockTarget, NewAttempt};
use application::blocklist::ports::BlocklistRepository;
use application::common::error::{Conflict, RepositoryError};
use application::common::page::Page;
use application::orders::cod_ports::{CodRepository, Contact, RiskScope};
use application::orders::model::{delivery_address, Actor, ContactDetails, NewOrder, OrderFilter, OrderSort};
use application::orders::place_order::placed_facts;
use application::orders::ports::OrderRepository;
use chrono::{DateTime, TimeZone, Utc};
use domain::contact::{Email, Phone};
use domain::ids::{CustomerId, OrderId, ProductId};
use domain::money::Rupees;
use domain::order_limits::{LimitId, OrderLimits};
use domain::order_status::OrderStatus;
use domain::risk::{assess, assess_stored, CodSettings, RiskFacts, RuleId, RuleParams, RuleSetting};

use crate::shop::{ayesha, customer, unique_digest, Shop};

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, hour, 0, 0).unwrap()
}

/// The shop, its customer's account made at midnight on 24 November.
async fn shop() -> Shop {
    let shop = Shop::new().await;
    execute(&shop.db.pool(), "UPDATE customers SET created_at = '2026-11-24T00:00:00Z'").unwrap();
    shop
}

/// An order of `pieces` units over two lines, by phone and e-mail, placed at `hour` on 24 November.
fn order(shop: &Shop, phone1: &str, phone2: Option<&str>, email: &str, pieces: u32, hour: u32) -> NewOrder {
    let item = |product: i64, quantity: u32| {
        crate::shop::item(ProductId::new(product).unwrap(), "Item", quantity, Rupees::from_whole(500))
    };
    NewOrder {
        details: ContactDetails {
            phone1: Phone::parse_mobile(phone1).unwrap(),
            phone2: phone2.map(|p| Phone::parse(p).unwrap()),
            email: Email::parse(email).unwrap(),
            address: delivery_address("House 12\nGulberg").unwrap(),
            ..ayesha()
        },
        ..crate::shop::order(shop.customer, vec![item(1, 1), item(2, pieces - 1)], at(hour))
    }
}

impl Shop {
    async fn set(&self, id: OrderId, status: OrderStatus) {
        execute(&self.db.pool(), &format!("UPDATE orders SET status = '{}' WHERE id = {id}", status.as_str())).unwrap();
    }

    /// Places `order` as the use case does: scored from its contact's record and stored in one unit of work.
    async fn place(&self, order: NewOrder) -> OrderId {
        self.unit_of_work
            .run(move |tx| {
                let settings = tx.risk().cod_settings()?;
                let d = &order.details;
                let record = tx.risk().contact_record(order.customer, &d.phone1, &d.email)?;
                let order = NewOrder { risk: assess_stored(&settings, &placed_facts(&order, &record)), ..order };
                tx.orders().insert(&order)
            })
            .await
            .unwrap()
    }

    /// The stored score and reason texts of an order, as written (not as read back).
    fn stored(&self, id: OrderId) -> (String, String) {
        let row = texts(
            &self.db.pool(),
            &format!(
                "SELECT risk_score::TEXT || '|' || (SELECT COALESCE(string_agg(r->>'text', ' / '), '') \
                 FROM jsonb_array_elements(risk_reasons) r) AS t FROM orders WHERE id = {id}"
            ),
        )
        .unwrap();
        let (score, reasons) = row[0].split_once('|').unwrap();
        (score.to_owned(), reasons.to_owned())
    }

    async fn risk(&self, id: OrderId) -> (u8, Vec<String>) {
        let risk = self.orders.find(id).await.unwrap().unwrap().risk;
        (risk.score(), risk.reasons().iter().map(|r| r.text.clone()).collect())
    }

    async fn facts(&self, scope: RiskScope) -> Vec<(i64, RiskFacts)> {
        let found = self.unit_of_work.run(move |tx| tx.risk().risk_facts(&scope)).await.unwrap();
        found.into_iter().map(|(id, facts)| (id.get(), facts)).collect()
    }
}

fn counts(facts: &RiskFacts) -> (u32, u32, u32, u64) {
    (facts.returned, facts.rejected, facts.other_pending, facts.pieces)
}

#[tokio::test]
async fn the_facts_of_pending_orders_count_other_orders_of_the_primary_phone_in_either_field_or_the_email() {
    let shop = shop().await;
    let returned = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 2, 1)).await;
    let rejected_by_phone2 =
        shop.insert(order(&shop, "0333 7654321", Some("0300-1234567"), "bilal@example.pk", 2, 2)).await;
    let rejected_by_email = shop.insert(order(&shop, "0345 1112223", None, "AYESHA@example.pk", 2, 3)).await;
    let pending_same_phone = shop.insert(order(&shop, "+92 300 1234567", None, "other@example.pk", 3, 4)).await;
    let this = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 12, 5)).await;
    let stranger = shop.insert(order(&shop, "0321 9998887", None, "zara@example.pk", 2, 6)).await;
    shop.set(returned, OrderStatus::Returned).await;
    shop.set(rejected_by_phone2, OrderStatus::Rejected).await;
    shop.set(rejected_by_email, OrderStatus::Rejected).await;

    let all = shop.facts(RiskScope::AllPending).await;
    let one = shop.facts(RiskScope::Order(stranger)).await;
    let contact = shop
        .facts(RiskScope::Contact(Contact {
            phones: vec![Phone::parse("+923001234567").unwrap()],
            email: Email::parse("AYESHA@EXAMPLE.PK").unwrap(),
        }))
        .await;
    let by_phone2 = shop
        .facts(RiskScope::Contact(Contact {
            phones: vec![Phone::parse("+923337654321").unwrap()],
            email: Email::parse("none@example.pk").unwrap(),
        }))
        .await;

    let ids: Vec<i64> = all.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [pending_same_phone.get(), this.get(), stranger.get()], "pending orders only");
    let facts = &all[1].1;
    assert_eq!(counts(facts), (1, 2, 1, 12));
    assert_eq!(
        (facts.placed_at, facts.account_opened, facts.total, facts.address.as_str(), facts.city.as_deref()),
        (at(5), at(0), Rupees::from_whole(6000), "House 12\nGulberg", Some("Lahore"))
    );
    assert_eq!(counts(&all[0].1), (1, 1, 1, 3), "the e-mail differs, so only the phone's orders count");
    assert_eq!(counts(&all[2].1), (0, 0, 0, 2));
    assert_eq!(one.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [stranger.get()]);
    let contact_ids: Vec<i64> = contact.iter().map(|(id, _)| *id).collect();
    assert_eq!(contact_ids, [pending_same_phone.get(), this.get()], "by primary phone or e-mail in any case");
    assert!(by_phone2.is_empty(), "scoped by primary phones only; order #{rejected_by_phone2} is not pending");
}

#[tokio::test]
async fn scores_are_stored_on_pending_orders_only_and_read_back_with_their_reasons() {
    let shop = shop().await;
    let pending = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 12, 5)).await;
    let approved = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 12, 6)).await;
    shop.set(approved, OrderStatus::Approved).await;
    let facts = shop.facts(RiskScope::AllPending).await;
    let risk = assess(&CodSettings::default(), &facts[0].1);
    let stored = assess_stored(&CodSettings::default(), &facts[0].1);
    let scores = vec![(pending, stored.clone()), (approved, stored)];

    shop.unit_of_work.run(move |tx| tx.risk().store_risk(&scores)).await.unwrap();

    assert_eq!(risk.score(), 40, "new account, short address, 12 pieces: {risk:?}");
    assert_eq!(shop.orders.find(pending).await.unwrap().unwrap().risk, risk);
    assert_eq!(shop.orders.find(approved).await.unwrap().unwrap().risk.score(), 0, "left pending: kept as it was");
    let filter = |sort, min_risk| OrderFilter { sort, min_risk, ..OrderFilter::default() };
    let (by_risk, _) = shop.orders.search(filter(OrderSort::Risk, None), Page::FIRST).await.unwrap();
    let (risky, total) = shop.orders.search(filter(OrderSort::Newest, Some(40)), Page::FIRST).await.unwrap();
    assert_eq!(by_risk.iter().map(|o| o.id).collect::<Vec<_>>(), [pending, approved]);
    assert_eq!((risky.len(), total), (1, 1));
}

/// What every order of the tests below scores without other orders: a new account (10) and a short address
/// (15).
const BASE: [&str; 2] = [
    "The account was opened less than 24 hours before the order, with another warning sign.",
    "The address is shorter than 20 characters.",
];

fn reasons(pending: Option<&str>) -> Vec<String> {
    BASE.iter().copied().chain(pending).map(str::to_owned).collect()
}

#[tokio::test]
async fn a_placement_scores_its_order_and_writes_no_other_order_while_the_pending_rule_reads_live() {
    let shop = shop().await;
    let same_email = shop.place(order(&shop, "0345 1112223", None, "ayesha@example.pk", 2, 1)).await;
    let phone_as_phone2 = shop.place(order(&shop, "0321 9998887", Some("0300 1234567"), "zara@example.pk", 2, 1)).await;
    // Marks that only a write could change: the placements below must not touch these contacts' orders.
    for id in [same_email, phone_as_phone2] {
        execute(
            &shop.db.pool(),
            &format!(
                "UPDATE orders SET risk_score = 77, \
                 risk_reasons = '[{{\"rule\": \"large_total\", \"points\": 77, \"text\": \"mark\"}}]' WHERE id = {id}"
            ),
        )
        .unwrap();
    }

    let first = shop.place(order(&shop, "0300 1234567", None, "ayesha@example.pk", 2, 2)).await;
    let alone = shop.risk(first).await;
    let second = shop.place(order(&shop, "+92 300 1234567", None, "other@example.pk", 2, 3)).await;
    let after_second = (shop.risk(first).await, shop.risk(second).await);
    let third = shop.place(order(&shop, "0300-1234567", None, "ayesha@example.pk", 3, 4)).await;

    assert_eq!(alone, (25, reasons(None)));
    let one_other = reasons(Some("This phone has 1 other pending order."));
    assert_eq!(after_second, ((45, one_other.clone()), (45, one_other)), "the second order crossed the threshold");
    let two_others = reasons(Some("This phone has 2 other pending orders."));
    for id in [first, second, third] {
        assert_eq!(shop.risk(id).await, (45, two_others.clone()), "order #{id}");
    }
    let stored = ("25".to_owned(), format!("{} / {}", BASE[0], BASE[1]));
    for id in [first, second, third] {
        assert_eq!(shop.stored(id), stored, "order #{id}: its fixed rules only, written once");
    }
    for id in [same_email, phone_as_phone2] {
        assert_eq!(shop.stored(id), ("77".to_owned(), "mark".to_owned()), "order #{id} of another contact");
    }
    let expected: Vec<(i64, u8)> = shop
        .facts(RiskScope::AllPending)
        .await
        .iter()
        .filter(|(id, _)| ![same_email.get(), phone_as_phone2.get()].contains(id))
        .map(|(id, facts)| (*id, assess(&CodSettings::default(), facts).score()))
        .collect();
    assert_eq!(expected, [(first.get(), 45), (second.get(), 45), (third.get(), 45)]);
}

#[tokio::test]
async fn hundreds_of_pending_orders_of_one_phone_all_score_right_after_another_placement() {
    let shop = shop().await;
    let several = RuleSetting::new(RuleParams::SeveralPending { at_least: 100 }, true, 20).unwrap();
    let settings = CodSettings::default().with_rule(several);
    let saved = settings.clone();
    shop.unit_of_work.run(move |tx| tx.risk().save_cod_settings(&saved)).await.unwrap();
    let other_contact = shop.place(order(&shop, "0321 9998887", None, "zara@example.pk", 2, 1)).await;
    let mut ids = Vec::new();
    let mut scores_at_100 = Vec::new();
    for n in 0..300 {
        let placed = NewOrder {
            confirm_digest: unique_digest(),
            ..order(&shop, "0300 1234567", None, "ayesha@example.pk", 2, 1 + n % 17)
        };
        ids.push(shop.place(placed).await);
        if n == 99 {
            scores_at_100 = [ids[0], ids[99]].iter().map(|id| shop.stored(*id).0).collect();
        }
    }

    let last = shop
        .place(NewOrder { confirm_digest: unique_digest(), ..order(&shop, "0300 1234567", None, "a@b.pk", 2, 5) })
        .await;
    ids.push(last);

    assert_eq!(scores_at_100, ["25", "25"], "99 others are below the threshold of 100");
    let pending = reasons(Some("This phone has 300 other pending orders."));
    for id in &ids {
        assert_eq!(shop.risk(*id).await, (45, pending.clone()), "order #{id}");
    }
    assert_eq!(shop.risk(other_contact).await, (25, reasons(None)));
    let recomputed: Vec<u8> =
        shop.facts(RiskScope::AllPending).await.iter().map(|(_, facts)| assess(&settings, facts).score()).collect();
    assert_eq!(recomputed.len(), 302);
    assert_eq!(recomputed.iter().filter(|score| **score == 45).count(), 301);
    let (page, total) = shop
        .orders
        .search(OrderFilter { sort: OrderSort::Risk, min_risk: Some(45), ..OrderFilter::default() }, Page::FIRST)
        .await
        .unwrap();
    assert_eq!(total, 301);
    assert!(page.iter().all(|order| order.risk.reasons()[2].text == "This phone has 300 other pending orders."));
}

#[tokio::test]
async fn settings_are_stored_one_row_per_rule_and_read_back_over_the_defaults() {
    let shop = shop().await;
    let defaults = shop.orders.cod_settings().await.unwrap();
    let rules = [
        RuleSetting::new(RuleParams::EarlierReturns { at_least: 1 }, true, 60).unwrap(),
        RuleSetting::new(RuleParams::LargeTotal { rupees: 30_000 }, true, 15).unwrap(),
        RuleSetting::new(RuleParams::LateNight { from: 0, to: 6 }, false, 10).unwrap(),
    ];
    let limits =
        OrderLimits::default().with(LimitId::UnitsPerProduct, 25).unwrap().with(LimitId::OrdersPerDay, 40).unwrap();
    let settings = CodSettings::new(rules, 72, 12).unwrap().with_limits(limits);
    let saved = settings.clone();

    shop.unit_of_work.run(move |tx| tx.risk().save_cod_settings(&saved)).await.unwrap();
    let again = settings.clone();
    shop.unit_of_work.run(move |tx| tx.risk().save_cod_settings(&again)).await.unwrap();

    assert_eq!(defaults, CodSettings::default());
    assert_eq!(shop.orders.cod_settings().await.unwrap(), settings);
    execute(&shop.db.pool(), "DELETE FROM risk_rules WHERE id = 'late_night'").unwrap();
    let without_row = shop.orders.cod_settings().await.unwrap();
    assert!(without_row.rule(RuleId::LateNight).enabled(), "a rule without a row has its defaults");
    assert_eq!(without_row.rule(RuleId::LargeTotal).figures(), RuleParams::LargeTotal { rupees: 30_000 });
}

#[tokio::test]
async fn the_history_counts_every_other_order_and_lists_the_twenty_newest() {
    let shop = shop().await;
    let this = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 2, 0)).await;
    let mut by_phone = Vec::new();
    for n in 0..21 {
        by_phone.push(shop.insert(order(&shop, "0300 1234567", None, &format!("buyer{n}@example.pk"), 2, 1)).await);
    }
    let second_phone = shop.insert(order(&shop, "0333 7654321", Some("0300 1234567"), "b@example.pk", 2, 2)).await;
    let by_email = shop.insert(order(&shop, "0345 1112223", None, "Ayesha@Example.pk", 2, 3)).await;
    shop.set(by_phone[0], OrderStatus::Delivered).await;
    shop.set(second_phone, OrderStatus::Returned).await;
    shop.set(by_email, OrderStatus::Rejected).await;

    let (phone, email) = shop
        .orders
        .history(
            this,
            shop.customer,
            &Phone::parse("+923001234567").unwrap(),
            &Email::parse("AYESHA@example.pk").unwrap(),
        )
        .await
        .unwrap();

    assert_eq!((phone.placed, phone.delivered, phone.returned, phone.rejected), (22, 1, 1, 0));
    assert_eq!(phone.orders.len(), 20);
    assert_eq!(phone.orders[0].id, second_phone);
    assert!(phone.orders.iter().all(|o| o.id != this));
    assert_eq!((email.placed, email.rejected), (1, 1));
    assert_eq!(email.orders[0].id, by_email);
}

#[tokio::test]
async fn a_confirmation_needs_the_orders_own_token_while_pending_and_succeeds_once() {
    let shop = shop().await;
    let id = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 2, 1)).await;
    let other = shop.insert(order(&shop, "0333 7654321", None, "b@example.pk", 2, 1)).await;
    let token = shop.orders.find(id).await.unwrap().unwrap().confirm_digest.unwrap();
    let other_token = shop.orders.find(other).await.unwrap().unwrap().confirm_digest.unwrap();
    shop.set(other, OrderStatus::Approved).await;

    let foreign = shop.orders.confirm(id, &other_token, at(2)).await.unwrap();
    let first = shop.orders.confirm(id, &token, at(2)).await.unwrap();
    let second = shop.orders.confirm(id, &token, at(3)).await.unwrap();
    let moved = shop.orders.confirm(other, &other_token, at(3)).await.unwrap();

    assert_eq!((foreign, first, second, moved), (false, true, false, false));
    assert_eq!(shop.orders.find(id).await.unwrap().unwrap().confirmed_at, Some(at(2)));
    assert_eq!(shop.orders.find(other).await.unwrap().unwrap().confirmed_at, None);
}

#[tokio::test]
async fn the_unconfirmed_orders_to_reject_are_pending_unconfirmed_linked_and_old_enough() {
    let shop = shop().await;
    let old = shop.insert(order(&shop, "0300 1234567", None, "a@example.pk", 2, 1)).await;
    let older = shop.insert(order(&shop, "0300 1234567", None, "b@example.pk", 2, 0)).await;
    let confirmed = shop.insert(order(&shop, "0300 1234567", None, "c@example.pk", 2, 1)).await;
    let young = shop.insert(order(&shop, "0300 1234567", None, "d@example.pk", 2, 5)).await;
    let approved = shop.insert(order(&shop, "0300 1234567", None, "e@example.pk", 2, 1)).await;
    let unlinked = shop.insert(order(&shop, "0300 1234567", None, "f@example.pk", 2, 1)).await;
    let token = shop.orders.find(confirmed).await.unwrap().unwrap().confirm_digest.unwrap();
    shop.orders.confirm(confirmed, &token, at(2)).await.unwrap();
    shop.set(approved, OrderStatus::Approved).await;
    execute(&shop.db.pool(), &format!("UPDATE orders SET confirm_token_hash = NULL WHERE id = {unlinked}")).unwrap();

    let due = shop.orders.unconfirmed_before(at(5)).await.unwrap();

    assert_eq!(due, [older, old]);
    assert!(!due.contains(&young));
    let _ = shop
        .unit_of_work
        .run(move |tx| {
            tx.orders().change_status(
                old,
                OrderStatus::Pending,
                OrderStatus::Rejected,
                at(6),
                Actor::Admin,
                Some("x".into()),
            )
        })
        .await
        .unwrap();
    assert_eq!(shop.orders.unconfirmed_before(at(5)).await.unwrap(), [older]);
}

#[tokio::test]
async fn blocklist_entries_are_unique_per_value_matched_by_phone_or_email_and_keep_their_attempts() {
    let db = TestDb::new();
    let blocklist = PgBlocklistRepository::new(db.pool());
    let account = customer(&db, "x@example.pk", "X").await;
    let reason = BlockReason::parse("Refused three parcels").unwrap();
    let phone = blocklist.add(&BlockTarget::parse("0300 1234567").unwrap(), &reason, at(1)).await.unwrap();
    let email = blocklist.add(&BlockTarget::parse("Ayesha@Example.pk").unwrap(), &reason, at(2)).await.unwrap();
    let again = blocklist.add(&BlockTarget::parse("+92 300 1234567").unwrap(), &reason, at(3)).await;

    let by_phone = blocklist
        .matching(&[Phone::parse("+923001234567").unwrap()], &[Email::parse("x@example.pk").unwrap()])
        .await
        .unwrap();
    let by_email = blocklist
        .matching(&[Phone::parse("+923337654321").unwrap()], &[Email::parse("ayesha@example.pk").unwrap()])
        .await
        .unwrap();
    let none = blocklist
        .matching(&[Phone::parse("+923337654321").unwrap()], &[Email::parse("x@example.pk").unwrap()])
        .await
        .unwrap();
    blocklist
        .record_attempt(&NewAttempt {
            at: at(4),
            entry: phone.id,
            customer: account,
            kind: BlockKind::Phone,
            value: phone.value.clone(),
            name: "Ayesha Khan".into(),
            phone: "+923001234567".into(),
            email: "x@example.pk".into(),
            city: None,
            total: Rupees::from_whole(1710),
        })
        .await
        .unwrap();
    let (entries, attempts) = blocklist.list(100).await.unwrap();
    let deleted = blocklist.delete(phone.id).await.unwrap();
    let deleted_again = blocklist.delete(phone.id).await.unwrap();
    let (after, kept) = blocklist.list(100).await.unwrap();

    assert!(matches!(again, Err(RepositoryError::Conflict(Conflict::AlreadyBlocked))), "{again:?}");
    assert_eq!(by_phone.map(|e| e.id), Some(phone.id));
    assert_eq!(by_email.map(|e| e.id), Some(email.id));
    assert!(none.is_none());
    assert_eq!(entries.iter().map(|e| (e.id, e.attempts)).collect::<Vec<_>>(), [(email.id, 0), (phone.id, 1)]);
    assert_eq!((attempts[0].entry, attempts[0].total), (Some(phone.id), Rupees::from_whole(1710)));
    assert_eq!((deleted, deleted_again), (true, false));
    assert_eq!(after.len(), 1);
    assert_eq!((kept[0].entry, kept[0].value.as_str()), (None, "+923001234567"), "the attempt stays");
}

impl Shop {
    /// Another account, a month old.
    async fn other_account(&self, email: &str) -> CustomerId {
        let id = customer(&self.db, email, "Other").await;
        execute(&self.db.pool(), &format!("UPDATE customers SET created_at = '2026-10-24T00:00:00Z' WHERE id = {id}"))
            .unwrap();
        id
    }

    async fn confirm_now(&self, id: OrderId) {
        let token = self.orders.find(id).await.unwrap().unwrap().confirm_digest.unwrap();
        assert!(self.orders.confirm(id, &token, at(1)).await.unwrap());
    }
}

#[tokio::test]
async fn another_accounts_returns_and_rejections_count_only_when_that_order_was_confirmed() {
    let shop = shop().await;
    let stranger = shop.other_account("stranger@example.pk").await;
    let theirs = |phone1: &str, phone2: Option<&str>, email: &str, hour: u32| NewOrder {
        customer: stranger,
        ..order(&shop, phone1, phone2, email, 2, hour)
    };
    // A stranger's orders on my phone (in either field) and my e-mail, unconfirmed: none counts.
    let on_my_phone = shop.insert(theirs("0300 1234567", None, "stranger@example.pk", 1)).await;
    let as_phone2 = shop.insert(theirs("0333 7654321", Some("0300 1234567"), "stranger@example.pk", 1)).await;
    let on_my_email = shop.insert(theirs("0333 7654321", None, "Ayesha@Example.pk", 1)).await;
    // A stranger's order on my phone that its shopper confirmed, and my own unconfirmed one: both count.
    let confirmed = shop.insert(theirs("0300 1234567", None, "stranger@example.pk", 2)).await;
    let mine = shop.insert(order(&shop, "0345 1112223", None, "ayesha@example.pk", 2, 2)).await;
    let this = shop.insert(order(&shop, "0300 1234567", None, "ayesha@example.pk", 2, 5)).await;
    let stranger_pending = shop.insert(theirs("0300 1234567", None, "stranger@example.pk", 6)).await;
    shop.confirm_now(confirmed).await;
    for id in [on_my_phone, as_phone2, confirmed] {
        shop.set(id, OrderStatus::Rejected).await;
    }
    shop.set(on_my_email, OrderStatus::Returned).await;
    shop.set(mine, OrderStatus::Returned).await;

    let facts = shop.facts(RiskScope::AllPending).await;

    let ids: Vec<i64> = facts.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [this.get(), stranger_pending.get()]);
    assert_eq!(counts(&facts[0].1), (1, 1, 1, 2), "my own return by e-mail and the confirmed rejection");
    assert_eq!(
        counts(&facts[1].1),
        (0, 3, 1, 2),
        "for the stranger's order, its own two rejections by phone and the confirmed one count, not my return"
    );
    let (by_phone, by_email) = shop
        .orders
        .history(
            this,
            shop.customer,
            &Phone::parse("+923001234567").unwrap(),
            &Email::parse("ayesha@example.pk").unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(
        (by_phone.placed, by_phone.rejected, by_email.placed, by_email.returned),
        (4, 3, 2, 2),
        "the history still counts every order"
    );
    let labels = |history: &application::orders::cod_ports::ContactHistory| -> Vec<(i64, bool, bool)> {
        history.orders.iter().map(|o| (o.id.get(), o.same_account, o.confirmed)).collect()
    };
    assert_eq!(
        labels(&by_phone),
        [
            (stranger_pending.get(), false, false),
            (confirmed.get(), false, true),
            (as_phone2.get(), false, false),
            (on_my_phone.get(), false, false)
        ]
    );
    assert_eq!(labels(&by_email), [(mine.get(), true, false), (on_my_email.get(), false, false)]);
}

#[tokio::test]
async fn a_blocked_email_is_matched_by_its_mailbox_in_any_spelling_and_a_second_spelling_is_already_blocked() {
    let db = TestDb::new();
    let blocklist = PgBlocklistRepository::new(db.pool());
    let reason = BlockReason::parse("Fake orders").unwrap();
    let gmail = blocklist.add(&BlockTarget::parse("abc@gmail.com").unwrap(), &reason, at(1)).await.unwrap();
    let tagged = blocklist.add(&BlockTarget::parse("a.b.c+x@googlemail.com").unwrap(), &reason, at(2)).await;
    let plain = blocklist.add(&BlockTarget::parse("x+promo@example.pk").unwrap(), &reason, at(3)).await.unwrap();
    let matching = |address: &str| {
        let mailbox = Email::parse(address).unwrap();
        let blocklist = blocklist.clone();
        async move { blocklist.matching(&[], &[mailbox]).await.unwrap().map(|e| e.id) }
    };

    assert!(matches!(tagged, Err(RepositoryError::Conflict(Conflict::AlreadyBlocked))), "{tagged:?}");
    assert_eq!((gmail.value.as_str(), plain.value.as_str()), ("abc@gmail.com", "x+promo@example.pk"));
    assert_eq!(matching("A.b.c+x@googlemail.com").await, Some(gmail.id));
    assert_eq!(matching("abc@gmail.com").await, Some(gmail.id));
    assert_eq!(matching("x@example.pk").await, Some(plain.id));
    assert_eq!(matching("x+other@Example.pk").await, Some(plain.id));
    assert_eq!(matching("a.b.c@example.pk").await, None, "dots count outside Gmail");
    assert_eq!(blocklist.matching(&[Phone::parse("+923001234567").unwrap()], &[]).await.unwrap(), None);
}

#[tokio::test]
async fn refused_checkouts_are_one_row_per_entry_account_and_hour_with_a_count() {
    let shop = shop().await;
    let other = shop.other_account("other@example.pk").await;
    let blocklist = PgBlocklistRepository::new(shop.db.pool());
    let reason = BlockReason::parse("Refused three parcels").unwrap();
    let entry = blocklist.add(&BlockTarget::parse("0300 1234567").unwrap(), &reason, at(0)).await.unwrap();
    let attempt = |customer: CustomerId, when: DateTime<Utc>, name: &str| NewAttempt {
        at: when,
        entry: entry.id,
        customer,
        kind: BlockKind::Phone,
        value: entry.value.clone(),
        name: name.into(),
        phone: "+923001234567".into(),
        email: "x@example.pk".into(),
        city: Some("Lahore".into()),
        total: Rupees::from_whole(1710),
    };
    let attempts: Vec<NewAttempt> = (0..50)
        .map(|n| attempt(shop.customer, at(4) + chrono::Duration::seconds(n * 70), &format!("Try {n}")))
        .collect();

    let mut at_once = tokio::task::JoinSet::new();
    for one in attempts {
        let blocklist = blocklist.clone();
        at_once.spawn(async move { blocklist.record_attempt(&one).await });
    }
    let written = at_once.join_all().await;
    blocklist.record_attempt(&attempt(shop.customer, at(5), "Next hour")).await.unwrap();
    blocklist.record_attempt(&attempt(other, at(4), "Other account")).await.unwrap();
    let (entries, rows) = blocklist.list(100).await.unwrap();

    assert!(written.iter().all(Result::is_ok), "{written:?}");
    let rows: Vec<(u64, &str)> = rows.iter().map(|r| (r.count, r.name.as_str())).collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows.contains(&(1, "Next hour")) && rows.contains(&(1, "Other account")), "{rows:?}");
    let fifty: Vec<&(u64, &str)> = rows.iter().filter(|(count, _)| *count == 50).collect();
    assert_eq!(fifty.len(), 1, "the 50 within one hour are one row: {rows:?}");
    assert_eq!(entries[0].attempts, 52, "the entry counts every refusal");
    assert_eq!(blocklist.matching(&[Phone::parse("+923001234567").unwrap()], &[]).await.unwrap().unwrap().attempts, 52);
}

#[tokio::test]
async fn the_migration_gives_entries_stored_before_it_their_mailboxes_and_attempts_a_count_of_one() {
    let db = TestDb::migrated_before("2026-12-01-000021");
    let cases: serde_json::Value =
        serde_json::from_str(include_str!("../../../domain/tests/fixtures/mailbox-cases.json")).unwrap();
    let cases: Vec<(String, String)> = cases["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["address"].as_str().unwrap().to_lowercase(), c["mailbox"].as_str().unwrap().to_owned()))
        .collect();
    for (n, (address, _)) in cases.iter().enumerate() {
        execute(
            &db.pool(),
            &format!("INSERT INTO blocklist (id, kind, value, reason) VALUES ({}, 'email', '{address}', 'r')", n + 1),
        )
        .unwrap();
    }
    execute(&db.pool(), "INSERT INTO blocklist (id, kind, value, reason) VALUES (100, 'phone', '+923001234567', 'r')")
        .unwrap();
    for _ in 0..2 {
        execute(
            &db.pool(),
            "INSERT INTO blocked_attempts (at, entry_id, kind, value, name, phone, email, total_paisa) \
             VALUES ('2026-11-24T04:30:00+05:00', 100, 'phone', '+923001234567', 'A', '+923001234567', 'a@b.pk', 1)",
        )
        .unwrap();
    }

    db.migrate();

    let stored =
        texts(&db.pool(), "SELECT value || ' ' || canonical AS t FROM blocklist WHERE kind = 'email' ORDER BY id")
            .unwrap();
    let expected: Vec<String> = cases.iter().map(|(address, mailbox)| format!("{address} {mailbox}")).collect();
    assert_eq!(stored, expected, "the SQL of the migration agrees with domain::contact::canonical_mailbox");
    for (address, mailbox) in &cases {
        assert_eq!(&domain::contact::canonical_mailbox(address), mailbox, "{address}");
    }
    assert_eq!(texts(&db.pool(), "SELECT canonical AS t FROM blocklist WHERE id = 100").unwrap(), ["+923001234567"]);
    let attempts = texts(
        &db.pool(),
        "SELECT count::TEXT || ' ' || (hour AT TIME ZONE 'UTC')::TEXT || ' ' || (customer_id IS NULL)::TEXT AS t \
         FROM blocked_attempts",
    )
    .unwrap();
    assert_eq!(attempts, ["1 2026-11-23 23:00:00 true", "1 2026-11-23 23:00:00 true"], "each stays a row");
    let (entries, _) = PgBlocklistRepository::new(db.pool()).list(100).await.unwrap();
    assert_eq!(entries.iter().find(|e| e.value == "+923001234567").unwrap().attempts, 2);
}

#[tokio::test]
async fn a_stored_rule_that_does_not_parse_is_corrupt_and_a_retired_one_is_ignored() {
    let shop = shop().await;
    let pool = shop.db.pool();
    execute(&pool, "INSERT INTO risk_rules (id, enabled, points, params) VALUES ('retired_rule', true, 50, '{}')")
        .unwrap();
    let retired_ignored = shop.orders.cod_settings().await.unwrap();
    let mut read = Vec::new();
    for params in [r#"{"atLeest": 1}"#, "{}", r#"{"atLeast": 0}"#, r#"{"atLeast": "2"}"#] {
        execute(&pool, &format!("INSERT INTO risk_rules (id, enabled, points, params) VALUES ('earlier_returns', true, 40, '{params}') ON CONFLICT (id) DO UPDATE SET params = EXCLUDED.params")).unwrap();
        read.push(shop.orders.cod_settings().await);
    }

    assert_eq!(retired_ignored, CodSettings::default());
    for (i, read) in read.into_iter().enumerate() {
        assert!(matches!(read, Err(RepositoryError::Corrupt(_))), "case {i}: {read:?}");
    }
}
