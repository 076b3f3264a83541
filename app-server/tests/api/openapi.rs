/// `openapi.yaml` at the repository root is the committed output of `app-server openapi`.
#[test]
fn the_committed_openapi_yaml_matches_the_handlers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.yaml");
    let committed = std::fs::read_to_string(path).unwrap_or_default();

    let generated = adapters_http::openapi_yaml().unwrap();

    assert!(
        committed == generated,
        "openapi.yaml is out of date with the handlers: run `just openapi` and commit the result"
    );
}

/// The lines of the document's component schema `name`, down to the next component.
fn component<'a>(document: &'a str, name: &str) -> Vec<&'a str> {
    let heading = format!("    {name}:");
    let mut lines = document.lines().skip_while(|line| *line != heading).skip(1);
    let mut block = Vec::new();
    while let Some(line) = lines.next().filter(|line| line.starts_with("      ")) {
        block.push(line.trim());
    }
    block
}

/// The schema of the property `property` of the component `name`, as written under it.
fn property<'a>(document: &'a str, name: &str, property: &str) -> Vec<&'a str> {
    let block = component(document, name);
    let heading = format!("{property}:");
    block.iter().skip_while(|line| **line != heading).skip(1).take(2).copied().collect()
}

#[test]
fn answers_name_their_closed_sets_of_values_as_enums() {
    let document = adapters_http::openapi_yaml().unwrap();
    let enums = [
        ("OrderStatus", &["pending", "approved", "dispatched", "delivered", "rejected", "returned"][..]),
        ("ReviewStatus", &["pending", "approved", "rejected"]),
        ("RiskLevel", &["low", "medium", "high"]),
        ("BlockKind", &["phone", "email"]),
        ("MediaKind", &["image", "video"]),
        ("Breakdown", &["week", "city", "product", "coupon"]),
        ("OrderLimitKey", &["unitsPerProduct", "pendingPerAccount", "pendingPerPhone", "ordersPerDay"]),
        ("HealthStatus", &["ok", "ready"]),
    ];
    let fields = [
        ("OrderResponse", "status", "OrderStatus"),
        ("OrderEventResponse", "status", "OrderStatus"),
        ("RelatedOrderResponse", "status", "OrderStatus"),
        ("ReviewResponse", "status", "ReviewStatus"),
        ("RiskResponse", "level", "RiskLevel"),
        ("RiskReasonResponse", "rule", "RiskRuleId"),
        ("RiskRuleResponse", "id", "RiskRuleId"),
        ("BlockEntryResponse", "kind", "BlockKind"),
        ("BlockedAttemptResponse", "kind", "BlockKind"),
        ("MediaResponse", "kind", "MediaKind"),
        ("AnalyticsResponse", "by", "Breakdown"),
        ("OrderLimitResponse", "key", "OrderLimitKey"),
        ("HealthResponse", "status", "HealthStatus"),
    ];

    for (name, values) in enums {
        let listed: Vec<String> = values.iter().map(|value| format!("- {value}")).collect();
        let block = component(&document, name);
        assert_eq!(block.first(), Some(&"type: string"), "{name}: {block:?}");
        assert!(
            block.ends_with(&[&["enum:"][..], &listed.iter().map(String::as_str).collect::<Vec<_>>()].concat()),
            "{name}: {block:?}"
        );
    }
    assert_eq!(component(&document, "RiskRuleId").iter().filter(|line| line.starts_with("- ")).count(), 9);
    for (name, field, schema) in fields {
        let written = property(&document, name, field);
        assert_eq!(
            written.first().copied(),
            Some(format!("$ref: '#/components/schemas/{schema}'").as_str()),
            "{name}.{field}"
        );
    }
}
