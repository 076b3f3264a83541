//! The rules of the score and the score itself.

use chrono::{DateTime, Duration, TimeZone, Utc};
use proptest::prelude::*;

use super::*;
use crate::money::Rupees;

mod settings;

/// 10:00 in Pakistan on 24 November 2026.
fn placed() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 5, 0, 0).unwrap()
}

/// An order no rule fires on.
fn calm() -> RiskFacts {
    RiskFacts {
        returned: 0,
        rejected: 0,
        other_pending: 0,
        account_opened: placed() - Duration::days(30),
        placed_at: placed(),
        address: "House 12, Street 4, Gulberg III".into(),
        province: Some("Punjab".into()),
        city: Some("Lahore".into()),
        pieces: 2,
        total: Rupees::from_whole(1710),
    }
}

/// The setting of `rule` with these figures, in the order of [`RuleId::params`].
pub(super) fn setting(rule: RuleId, enabled: bool, points: u8, values: &[u32]) -> RuleSetting {
    let figures = rule.params().iter().zip(values).map(|(spec, value)| (spec.key, Some(i64::from(*value))));
    RuleSetting::parse(rule, enabled, Some(i64::from(points)), figures).unwrap()
}

/// The figure named `key` of `setting`.
pub(super) fn value(setting: &RuleSetting, key: &str) -> u32 {
    setting.params().find(|(spec, _)| spec.key == key).unwrap().1
}

fn only(rule: RuleId) -> CodSettings {
    RuleId::ALL.into_iter().fold(CodSettings::default(), |settings, r| {
        let s = *settings.rule(r);
        settings.with_rule(RuleSetting::new(s.figures(), r == rule, s.points()).unwrap())
    })
}

fn tuned(rule: RuleId, key: &str, value: u32) -> CodSettings {
    let settings = only(rule);
    let s = settings.rule(rule);
    let values: Vec<u32> = s.params().map(|(spec, v)| if spec.key == key { value } else { v }).collect();
    let tuned = setting(rule, true, s.points(), &values);
    settings.with_rule(tuned)
}

fn off(rule: RuleId) -> CodSettings {
    let s = *CodSettings::default().rule(rule);
    CodSettings::default().with_rule(RuleSetting::new(s.figures(), false, s.points()).unwrap())
}

fn reasons(settings: &CodSettings, facts: &RiskFacts) -> Vec<(RuleId, u8, String)> {
    assess(settings, facts).reasons().iter().map(|r| (r.rule, r.points, r.text.clone())).collect()
}

fn text_of(rule: RuleId, facts: &RiskFacts) -> Option<String> {
    assess(&only(rule), facts).reasons().first().map(|r| r.text.clone())
}

#[test]
fn a_calm_order_scores_nothing_and_is_low() {
    let risk = assess(&CodSettings::default(), &calm());

    assert_eq!((risk.score(), risk.level(), risk.reasons().len()), (0, RiskLevel::Low, 0));
}

#[test]
fn the_rules_come_with_the_documented_ids_labels_points_and_figures() {
    let table: Vec<_> = RuleId::ALL
        .into_iter()
        .map(|r| {
            (
                r.as_str(),
                r.label(),
                r.default_points(),
                r.params().iter().map(|p| (p.key, p.default)).collect::<Vec<_>>(),
            )
        })
        .collect();

    assert_eq!(
        table,
        [
            ("earlier_returns", "Earlier returns", 40, vec![("atLeast", 1)]),
            ("earlier_rejections", "Earlier rejections", 25, vec![("atLeast", 1)]),
            ("new_account", "New account", 10, vec![("hours", 24)]),
            ("vague_address", "Short or vague address", 15, vec![("minChars", 20)]),
            ("city_mismatch", "City does not match", 20, vec![]),
            ("large_quantity", "Large quantity", 15, vec![("pieces", 5)]),
            ("large_total", "Large total", 15, vec![("rupees", 20_000)]),
            ("several_pending", "Several pending orders", 20, vec![("atLeast", 1)]),
            ("late_night", "Late-night order", 10, vec![("from", 0), ("to", 6)]),
        ]
    );
    assert_eq!(RuleId::EarlierReturns.description(), "Earlier orders from the same phone or e-mail were returned.");
}

#[test]
fn earlier_returns_fire_from_at_least_and_count_in_words() {
    let one = RiskFacts { returned: 1, ..calm() };
    let three = RiskFacts { returned: 3, ..calm() };

    assert_eq!(text_of(RuleId::EarlierReturns, &calm()), None);
    assert_eq!(
        text_of(RuleId::EarlierReturns, &one).unwrap(),
        "1 earlier order from this phone or e-mail was returned."
    );
    assert_eq!(
        text_of(RuleId::EarlierReturns, &three).unwrap(),
        "3 earlier orders from this phone or e-mail were returned."
    );
    assert_eq!(assess(&off(RuleId::EarlierReturns), &three).score(), 0);
    let at_least_four = tuned(RuleId::EarlierReturns, "atLeast", 4);
    assert_eq!(assess(&at_least_four, &three).score(), 0);
    assert_eq!(assess(&at_least_four, &RiskFacts { returned: 4, ..calm() }).score(), 40);
}

#[test]
fn earlier_rejections_fire_from_at_least_and_count_in_words() {
    let one = RiskFacts { rejected: 1, ..calm() };
    let two = RiskFacts { rejected: 2, ..calm() };

    assert_eq!(text_of(RuleId::EarlierRejections, &calm()), None);
    assert_eq!(
        reasons(&only(RuleId::EarlierRejections), &one),
        [(RuleId::EarlierRejections, 25, "1 earlier order from this phone or e-mail was rejected.".to_owned())]
    );
    assert_eq!(
        text_of(RuleId::EarlierRejections, &two).unwrap(),
        "2 earlier orders from this phone or e-mail were rejected."
    );
    assert_eq!(assess(&off(RuleId::EarlierRejections), &two).score(), 0);
    assert_eq!(assess(&tuned(RuleId::EarlierRejections, "atLeast", 3), &two).score(), 0);
}

#[test]
fn a_new_account_alone_never_counts_as_every_first_order_comes_from_one() {
    let first_order = RiskFacts { account_opened: placed() - Duration::minutes(5), ..calm() };

    let risk = assess(&CodSettings::default(), &first_order);

    assert_eq!((risk.score(), risk.reasons().len()), (0, 0));
    assert_eq!(text_of(RuleId::NewAccount, &first_order), None);
}

#[test]
fn a_new_account_beside_another_sign_fires_under_the_hours_and_not_at_them() {
    let young =
        RiskFacts { account_opened: placed() - Duration::hours(24) + Duration::seconds(1), pieces: 9, ..calm() };
    let a_day = RiskFacts { account_opened: placed() - Duration::hours(24), pieces: 9, ..calm() };
    let with_quantity = |settings: CodSettings| {
        let s = *settings.rule(RuleId::LargeQuantity);
        settings.with_rule(RuleSetting::new(s.figures(), true, s.points()).unwrap())
    };

    let risk = assess(&with_quantity(only(RuleId::NewAccount)), &young);
    assert_eq!(risk.score(), 25);
    assert_eq!(
        risk.reasons().iter().map(|r| r.text.as_str()).collect::<Vec<_>>(),
        [
            "The account was opened less than 24 hours before the order, with another warning sign.",
            "The order holds 9 pieces (more than 5).",
        ]
    );
    assert!(!assess(&with_quantity(only(RuleId::NewAccount)), &a_day).fired(RuleId::NewAccount));
    assert_eq!(assess(&with_quantity(off(RuleId::NewAccount)), &young).score(), 15);
    assert_eq!(
        assess(&with_quantity(tuned(RuleId::NewAccount, "hours", 48)), &a_day).reasons()[0].text,
        "The account was opened less than 48 hours before the order, with another warning sign."
    );
}

#[test]
fn a_short_address_counts_trimmed_characters_with_spaces_collapsed() {
    let nineteen = RiskFacts { address: "  House 1,   Gulberg III  ".into(), ..calm() };
    let twenty = RiskFacts { address: "House 12, Gulberg II".into(), ..calm() };

    assert_eq!("House 1, Gulberg III".chars().count(), 20);
    assert_eq!(text_of(RuleId::VagueAddress, &twenty), None);
    assert_eq!(
        text_of(RuleId::VagueAddress, &RiskFacts { address: "House 1, Gulberg II".into(), ..calm() }).unwrap(),
        "The address is shorter than 20 characters."
    );
    assert_eq!(text_of(RuleId::VagueAddress, &nineteen), None, "20 characters once collapsed");
    assert_eq!(
        assess(&tuned(RuleId::VagueAddress, "minChars", 21), &twenty).reasons()[0].text,
        "The address is shorter than 21 characters."
    );
    assert_eq!(assess(&off(RuleId::VagueAddress), &RiskFacts { address: "Lahore".into(), ..calm() }).score(), 0);
}

#[test]
fn an_address_without_a_number_is_vague_and_a_short_one_says_so_first() {
    let no_number = RiskFacts { address: "Near the big mosque, Gulberg".into(), ..calm() };
    let both = RiskFacts { address: "Gulberg".into(), ..calm() };

    assert_eq!(text_of(RuleId::VagueAddress, &no_number).unwrap(), "The address has no house, street or plot number.");
    assert_eq!(text_of(RuleId::VagueAddress, &both).unwrap(), "The address is shorter than 20 characters.");
}

#[test]
fn no_city_chosen_is_a_mismatch() {
    let province_only = RiskFacts { city: None, ..calm() };
    let nothing = RiskFacts { city: None, province: None, ..calm() };

    assert_eq!(text_of(RuleId::CityMismatch, &province_only).unwrap(), "No city was chosen.");
    assert_eq!(text_of(RuleId::CityMismatch, &nothing).unwrap(), "No city was chosen.");
    assert_eq!(assess(&off(RuleId::CityMismatch), &nothing).score(), 0);
}

#[test]
fn an_address_naming_another_city_as_a_whole_word_in_any_case_is_a_mismatch() {
    let karachi = RiskFacts { address: "Flat 3, Clifton Block 5, KARACHI".into(), ..calm() };
    let inside_a_word = RiskFacts { address: "House 5, Swatter Road, Lahore".into(), ..calm() };
    let own_city = RiskFacts { address: "House 5, Mall Road, lahore".into(), ..calm() };

    assert_eq!(
        text_of(RuleId::CityMismatch, &karachi).unwrap(),
        "The address names Karachi, but the city chosen is Lahore."
    );
    assert_eq!(text_of(RuleId::CityMismatch, &inside_a_word), None);
    assert_eq!(text_of(RuleId::CityMismatch, &own_city), None);
}

#[test]
fn an_address_naming_another_province_is_a_mismatch_after_the_cities() {
    let sindh = RiskFacts { address: "House 5, Mall Road, Sindh".into(), ..calm() };
    let spaced = RiskFacts { address: "House 5, Khyber-Pakhtunkhwa".into(), ..calm() };
    let both = RiskFacts { address: "House 5, Quetta, Sindh".into(), ..calm() };
    let own = RiskFacts { address: "House 5, Lahore, Punjab".into(), ..calm() };

    assert_eq!(
        text_of(RuleId::CityMismatch, &sindh).unwrap(),
        "The address names Sindh, but the province chosen is Punjab."
    );
    assert_eq!(
        text_of(RuleId::CityMismatch, &spaced).unwrap(),
        "The address names KhyberPakhtunkhwa, but the province chosen is Punjab."
    );
    assert_eq!(
        text_of(RuleId::CityMismatch, &both).unwrap(),
        "The address names Quetta, but the city chosen is Lahore."
    );
    assert_eq!(text_of(RuleId::CityMismatch, &own), None);
}

#[test]
fn a_province_named_after_a_city_is_read_as_the_province() {
    let skardu = RiskFacts {
        address: "House 5, Skardu, Gilgit-Baltistan".into(),
        province: Some("GilgitBaltistan".into()),
        city: Some("Skardu".into()),
        ..calm()
    };
    let islamabad = RiskFacts {
        address: "House 5, F-7, Islamabad".into(),
        province: Some("Islamabad".into()),
        city: Some("Islamabad".into()),
        ..calm()
    };

    assert_eq!(text_of(RuleId::CityMismatch, &skardu), None);
    assert_eq!(text_of(RuleId::CityMismatch, &islamabad), None);
    assert_eq!(
        text_of(RuleId::CityMismatch, &RiskFacts { address: "House 5, Islamabad".into(), ..calm() }).unwrap(),
        "The address names Islamabad, but the city chosen is Lahore."
    );
}

#[test]
fn a_large_quantity_fires_above_the_pieces() {
    let five = RiskFacts { pieces: 5, ..calm() };
    let twelve = RiskFacts { pieces: 12, ..calm() };

    assert_eq!(text_of(RuleId::LargeQuantity, &five), None);
    assert_eq!(text_of(RuleId::LargeQuantity, &twelve).unwrap(), "The order holds 12 pieces (more than 5).");
    assert_eq!(assess(&off(RuleId::LargeQuantity), &twelve).score(), 0);
    assert_eq!(
        assess(&tuned(RuleId::LargeQuantity, "pieces", 4), &five).reasons()[0].text,
        "The order holds 5 pieces (more than 4)."
    );
}

#[test]
fn a_large_total_fires_above_the_rupees_to_the_paisa() {
    let at = RiskFacts { total: Rupees::from_whole(20_000), ..calm() };
    let a_paisa_more = RiskFacts { total: Rupees::from_paisa(2_000_001), ..calm() };
    let big = RiskFacts { total: Rupees::from_whole(25_000), ..calm() };

    assert_eq!(text_of(RuleId::LargeTotal, &at), None);
    assert_eq!(text_of(RuleId::LargeTotal, &a_paisa_more).unwrap(), "The total of Rs 20,000 is above Rs 20,000.");
    assert_eq!(text_of(RuleId::LargeTotal, &big).unwrap(), "The total of Rs 25,000 is above Rs 20,000.");
    assert_eq!(assess(&off(RuleId::LargeTotal), &big).score(), 0);
    assert_eq!(assess(&tuned(RuleId::LargeTotal, "rupees", 30_000), &big).score(), 0);
}

#[test]
fn several_pending_orders_fire_from_at_least() {
    let one = RiskFacts { other_pending: 1, ..calm() };
    let two = RiskFacts { other_pending: 2, ..calm() };

    assert_eq!(text_of(RuleId::SeveralPending, &calm()), None);
    assert_eq!(text_of(RuleId::SeveralPending, &one).unwrap(), "This phone has 1 other pending order.");
    assert_eq!(text_of(RuleId::SeveralPending, &two).unwrap(), "This phone has 2 other pending orders.");
    assert_eq!(assess(&off(RuleId::SeveralPending), &two).score(), 0);
    assert_eq!(assess(&tuned(RuleId::SeveralPending, "atLeast", 3), &two).score(), 0);
}

#[test]
fn a_stored_score_adds_the_pending_rule_from_the_live_count_as_a_full_assessment_would() {
    let risky = RiskFacts { city: None, ..calm() };
    let stored = assess_stored(&CodSettings::default(), &RiskFacts { other_pending: 5, ..risky.clone() });

    let now = stored.live(7);

    assert_eq!(stored.scores(), (20, 40));
    assert_eq!(now.score(), 40);
    assert_eq!(
        now.reasons().iter().map(|r| r.text.as_str()).collect::<Vec<_>>(),
        ["No city was chosen.", "This phone has 7 other pending orders."]
    );
    assert_eq!(stored.live(1).reasons()[1].text, "This phone has 1 other pending order.");
    assert_eq!(stored.live(0), assess(&CodSettings::default(), &risky));
    for other_pending in 0..4 {
        assert_eq!(
            stored.live(other_pending),
            assess(&CodSettings::default(), &RiskFacts { other_pending, ..risky.clone() })
        );
    }
    assert_eq!(assess_stored(&off(RuleId::SeveralPending), &risky).scores(), (20, 20));
}

#[test]
fn a_young_account_is_stored_alone_and_counts_only_once_pending_orders_fire_beside_it() {
    let young = RiskFacts { account_opened: calm().placed_at, ..calm() };
    let stored = assess_stored(&CodSettings::default(), &young);

    assert_eq!(stored.reasons().iter().map(|r| r.rule).collect::<Vec<_>>(), [RuleId::NewAccount]);
    assert_eq!(stored.scores(), (0, 30));
    assert_eq!(stored.live(0), assess(&CodSettings::default(), &young));
    assert_eq!(stored.live(2), assess(&CodSettings::default(), &RiskFacts { other_pending: 2, ..young.clone() }));
    assert_eq!(StoredRisk::settled(stored.live(2)).live(0), stored.live(2));
}

#[test]
fn late_night_is_the_window_in_pakistan_time_from_inclusive_to_exclusive() {
    // 02:14 in Pakistan is 21:14 UTC the day before.
    let at = |h, m| RiskFacts { placed_at: Utc.with_ymd_and_hms(2026, 11, 23, h, m, 0).unwrap(), ..calm() };

    assert_eq!(text_of(RuleId::LateNight, &at(21, 14)).unwrap(), "Placed at 02:14 at night (Pakistan time).");
    assert_eq!(text_of(RuleId::LateNight, &at(19, 0)).unwrap(), "Placed at 00:00 at night (Pakistan time).");
    assert_eq!(text_of(RuleId::LateNight, &at(0, 59)).unwrap(), "Placed at 05:59 at night (Pakistan time).");
    assert_eq!(text_of(RuleId::LateNight, &at(1, 0)), None, "06:00 is past the window");
    assert_eq!(text_of(RuleId::LateNight, &at(18, 59)), None, "23:59 is before it");
    assert_eq!(assess(&off(RuleId::LateNight), &at(21, 14)).score(), 0);
}

#[test]
fn a_late_night_window_may_wrap_midnight() {
    let at = |h| RiskFacts { placed_at: Utc.with_ymd_and_hms(2026, 11, 23, h, 30, 0).unwrap(), ..calm() };
    let wrapping = tuned(RuleId::LateNight, "from", 23).with_rule(setting(RuleId::LateNight, true, 10, &[23, 6]));

    assert_eq!(assess(&wrapping, &at(18)).reasons()[0].text, "Placed at 23:30 at night (Pakistan time).");
    assert_eq!(assess(&wrapping, &at(0)).reasons()[0].text, "Placed at 05:30 at night (Pakistan time).");
    assert_eq!(assess(&wrapping, &at(17)).score(), 0, "22:30");
    assert_eq!(assess(&wrapping, &at(1)).score(), 0, "06:30");
}

#[test]
fn the_score_is_the_sum_of_the_points_capped_at_a_hundred_with_levels() {
    let medium = RiskFacts { rejected: 1, pieces: 9, ..calm() };
    let everything = RiskFacts {
        returned: 2,
        rejected: 1,
        other_pending: 1,
        account_opened: placed(),
        address: "Karachi".into(),
        pieces: 50,
        total: Rupees::from_whole(50_000),
        ..calm()
    };

    let risk = assess(&CodSettings::default(), &medium);
    assert_eq!((risk.score(), risk.level()), (40, RiskLevel::Medium));
    let risk = assess(&CodSettings::default(), &everything);
    assert_eq!((risk.score(), risk.level()), (100, RiskLevel::High));
    assert_eq!(risk.reasons().len(), 8);
    assert_eq!(
        [RiskLevel::of(29), RiskLevel::of(30), RiskLevel::of(59), RiskLevel::of(60)],
        [RiskLevel::Low, RiskLevel::Medium, RiskLevel::Medium, RiskLevel::High]
    );
}

fn any_facts() -> impl Strategy<Value = RiskFacts> {
    (
        (0u32..5, 0u32..5, 0u32..5),
        (0i64..100, 0u32..24, 0u32..60),
        prop_oneof![
            Just("House 12, Street 4, Gulberg III"),
            Just("Karachi"),
            Just("Near the mosque"),
            Just("Flat 3, Sindh")
        ],
        prop::option::of(Just("Lahore")),
        (1u64..30, 0i64..10_000_000),
    )
        .prop_map(|((returned, rejected, other_pending), (age, hour, minute), address, city, (pieces, paisa))| {
            let placed_at = Utc.with_ymd_and_hms(2026, 11, 23, hour, minute, 0).unwrap();
            RiskFacts {
                returned,
                rejected,
                other_pending,
                account_opened: placed_at - Duration::hours(age),
                placed_at,
                address: address.into(),
                province: Some("Punjab".into()),
                city: city.map(Into::into),
                pieces,
                total: Rupees::from_paisa(paisa),
            }
        })
}

proptest! {
    #[test]
    fn the_score_stays_within_bounds_and_is_the_sum_of_its_reasons_below_the_cap(
        facts in any_facts(),
        points in prop::collection::vec(0u8..=100, 9),
        enabled in prop::collection::vec(any::<bool>(), 9),
    ) {
        let settings = RuleId::ALL.into_iter().fold(CodSettings::default(), |settings, rule| {
            let s = *settings.rule(rule);
            settings.with_rule(RuleSetting::new(s.figures(), enabled[rule.index()], points[rule.index()]).unwrap())
        });

        let risk = assess(&settings, &facts);

        let sum: u32 = risk.reasons().iter().map(|r| u32::from(r.points)).sum();
        prop_assert!(risk.score() <= 100);
        prop_assert_eq!(u32::from(risk.score()), sum.min(100));
        prop_assert!(risk.reasons().iter().all(|r| settings.rule(r.rule).enabled()));
        prop_assert_eq!(risk.level(), RiskLevel::of(risk.score()));
    }
}
