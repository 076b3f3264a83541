//! New settings checked as the owner sends them, and settings laid over the defaults.

use super::{setting, value};
use crate::order_limits::{LimitId, OrderLimits};
use crate::risk::*;

/// One rule as a settings form sends it.
#[derive(Debug, Clone)]
struct RuleInput {
    id: String,
    enabled: bool,
    points: Option<i64>,
    params: Vec<(String, Option<i64>)>,
}

/// The settings as a form sends them, fed to a [`SettingsDraft`] as the HTTP adapter does.
#[derive(Debug, Clone)]
struct SettingsInput {
    rules: Vec<RuleInput>,
    confirm_window_hours: Option<i64>,
    reject_unconfirmed_after_hours: Option<i64>,
    limits: Vec<(String, Option<i64>)>,
}

fn parse_over(input: &SettingsInput, in_force: OrderLimits) -> Result<CodSettings, Vec<SettingsFault>> {
    let mut draft = SettingsDraft::new(input.confirm_window_hours, input.reject_unconfirmed_after_hours);
    for rule in &input.rules {
        draft.rule(&rule.id, rule.enabled, rule.points, rule.params.iter().map(|(key, value)| (key.as_str(), *value)));
    }
    for (key, value) in &input.limits {
        draft.limit(key, *value);
    }
    draft.finish().map(|change| change.over(in_force))
}

fn parse(input: &SettingsInput) -> Result<CodSettings, Vec<SettingsFault>> {
    parse_over(input, OrderLimits::default())
}

fn input_of(settings: &CodSettings) -> SettingsInput {
    SettingsInput {
        rules: settings
            .rules()
            .iter()
            .map(|s| RuleInput {
                id: s.rule().as_str().into(),
                enabled: s.enabled(),
                points: Some(i64::from(s.points())),
                params: s.params().map(|(spec, value)| (spec.key.to_owned(), Some(i64::from(value)))).collect(),
            })
            .collect(),
        confirm_window_hours: Some(48),
        reject_unconfirmed_after_hours: Some(24),
        limits: vec![],
    }
}

#[test]
fn limits_sent_are_set_and_those_not_sent_keep_the_values_in_force() {
    let in_force = OrderLimits::default().with(LimitId::OrdersPerDay, 500).unwrap();
    let mut input = input_of(&CodSettings::default());
    input.limits = vec![("unitsPerProduct".into(), Some(25)), ("pendingPerPhone".into(), Some(1))];

    let settings = parse_over(&input, in_force).unwrap();

    assert_eq!(settings.limits().iter().map(|(_, v)| v).collect::<Vec<_>>(), [25, 3, 1, 500]);
    assert_eq!(parse(&input_of(&CodSettings::default())).unwrap().limits(), OrderLimits::default());
}

#[test]
fn limits_out_of_bounds_unknown_or_repeated_are_faults_of_their_keys() {
    let mut input = input_of(&CodSettings::default());
    input.limits = vec![
        ("unitsPerProduct".into(), Some(0)),
        ("pendingPerAccount".into(), None),
        ("perWeek".into(), Some(3)),
        ("ordersPerDay".into(), Some(5)),
        ("ordersPerDay".into(), Some(6)),
    ];

    let faults = parse(&input).unwrap_err();

    let listed: Vec<_> = faults.iter().map(|f| (f.field.clone(), f.message.as_str())).collect();
    assert_eq!(
        listed,
        [
            (
                SettingsField::Limit("unitsPerProduct".into()),
                "Units of one product per order must be a whole number from 1 to 1000000."
            ),
            (
                SettingsField::Limit("pendingPerAccount".into()),
                "Pending orders per account must be a whole number from 1 to 100000."
            ),
            (SettingsField::Limit("perWeek".into()), "There is no limit 'perWeek'."),
            (SettingsField::Limit("ordersPerDay".into()), "The limit 'ordersPerDay' is listed more than once."),
        ]
    );
}

#[test]
fn settings_as_sent_parse_back_to_themselves() {
    let mut input = input_of(&CodSettings::default());
    input.rules[0].points = Some(55);
    input.rules[8].params[0].1 = Some(23);
    input.rules.reverse();

    let settings = parse(&input).unwrap();

    assert_eq!(settings.rule(RuleId::EarlierReturns).points(), 55);
    assert_eq!(value(settings.rule(RuleId::LateNight), "from"), 23);
    assert_eq!(settings.rules()[0].rule(), RuleId::EarlierReturns, "kept in the rules' own order");
}

#[test]
fn settings_out_of_bounds_name_every_field_at_fault() {
    let mut input = input_of(&CodSettings::default());
    input.rules[0].points = Some(101);
    input.rules[0].params[0].1 = Some(0);
    input.rules[8].params[1].1 = Some(24);
    input.rules[3].params[0].1 = None;
    input.confirm_window_hours = Some(0);
    input.reject_unconfirmed_after_hours = Some(721);

    let faults = parse(&input).unwrap_err();

    let listed: Vec<_> = faults.iter().map(|f| (f.field.clone(), f.message.as_str())).collect();
    assert_eq!(
        listed,
        [
            (SettingsField::Points(0), "Points must be a whole number from 0 to 100."),
            (SettingsField::Param(0, "atLeast".into()), "Returned orders must be a whole number from 1 to 100."),
            (SettingsField::Param(3, "minChars".into()), "Fewest characters must be a whole number from 1 to 500."),
            (SettingsField::Param(8, "to".into()), "Until hour (Pakistan time) must be a whole number from 0 to 23."),
            (
                SettingsField::ConfirmWindowHours,
                "The confirmation window must be a whole number of hours from 1 to 720."
            ),
            (
                SettingsField::RejectUnconfirmedAfterHours,
                "The wait before rejecting unconfirmed orders must be a whole number of hours from 1 to 720."
            ),
        ]
    );
}

#[test]
fn every_rule_must_be_listed_once_and_known() {
    let mut missing = input_of(&CodSettings::default());
    missing.rules.remove(4);
    let mut twice = input_of(&CodSettings::default());
    twice.rules[4] = twice.rules[0].clone();
    let mut unknown = input_of(&CodSettings::default());
    unknown.rules[2].id = "moon_phase".into();
    unknown.rules[1].params.push(("often".into(), Some(1)));

    let missing = parse(&missing).unwrap_err();
    let twice = parse(&twice).unwrap_err();
    let unknown = parse(&unknown).unwrap_err();

    assert_eq!(
        missing,
        [SettingsFault {
            field: SettingsField::Rules,
            message: "Every rule must be listed once; missing: city_mismatch.".into()
        }]
    );
    assert_eq!(
        twice[0],
        SettingsFault {
            field: SettingsField::RuleId(4),
            message: "The rule 'earlier_returns' is listed more than once.".into()
        }
    );
    assert_eq!(
        unknown[0],
        SettingsFault {
            field: SettingsField::Param(1, "often".into()),
            message: "The rule 'earlier_rejections' has no setting 'often'.".into()
        }
    );
    assert_eq!(
        unknown[1],
        SettingsFault { field: SettingsField::RuleId(2), message: "There is no rule 'moon_phase'.".into() }
    );
}

#[test]
fn stored_settings_lay_over_the_defaults_so_a_later_rule_arrives_with_its_own() {
    let stored = CodSettings::new([setting(RuleId::EarlierReturns, false, 30, &[2])], 72, 12).unwrap();

    assert!(!stored.rule(RuleId::EarlierReturns).enabled());
    assert_eq!(value(stored.rule(RuleId::EarlierReturns), "atLeast"), 2);
    assert_eq!(stored.rule(RuleId::LateNight), &RuleSetting::default_for(RuleId::LateNight));
    assert_eq!((stored.confirm_window_hours(), stored.reject_unconfirmed_after_hours()), (72, 12));
}

#[test]
fn a_misspelt_or_missing_figure_is_refused_by_its_key_never_read_as_zero() {
    let mut misspelt = input_of(&CodSettings::default());
    misspelt.rules[0].params = vec![("atLeest".into(), Some(1))];
    let mut missing = input_of(&CodSettings::default());
    missing.rules[8].params.remove(0);

    let misspelt = parse(&misspelt).unwrap_err();
    let missing = parse(&missing).unwrap_err();

    let listed =
        |faults: &[SettingsFault]| faults.iter().map(|f| (f.field.clone(), f.message.clone())).collect::<Vec<_>>();
    assert_eq!(
        listed(&misspelt),
        [
            (SettingsField::Param(0, "atLeest".into()), "The rule 'earlier_returns' has no setting 'atLeest'.".into()),
            (SettingsField::Param(0, "atLeast".into()), "Returned orders must be a whole number from 1 to 100.".into()),
        ]
    );
    assert_eq!(
        listed(&missing),
        [(
            SettingsField::Param(8, "from".into()),
            "From hour (Pakistan time) must be a whole number from 0 to 23.".into()
        )]
    );
}

#[test]
fn every_rule_reads_its_figures_by_their_own_keys() {
    for rule in RuleId::ALL {
        let bumped: Vec<(&str, Option<i64>)> =
            rule.params().iter().map(|spec| (spec.key, Some(i64::from(spec.default) + 1))).collect();

        let parsed = RuleParams::parse(rule, bumped.iter().copied()).unwrap();

        assert_eq!(parsed.rule(), rule);
        assert_eq!(parsed.values(), rule.params().iter().map(|spec| spec.default + 1).collect::<Vec<_>>());
    }
}

#[test]
fn a_setting_built_out_of_bounds_is_refused() {
    assert_eq!(
        RuleSetting::new(RuleParams::LateNight { from: 24, to: 6 }, true, 10),
        Err(RuleFault::Param(ParamFault::OutOfRange(&RuleId::LateNight.params()[0])))
    );
    assert_eq!(RuleSetting::new(RuleParams::CityMismatch, true, 101), Err(RuleFault::Points));
    assert_eq!(
        CodSettings::new([], 0, 24).unwrap_err().to_string(),
        "The confirmation window must be a whole number of hours from 1 to 720."
    );
}
