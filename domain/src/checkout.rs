//! An order's figures as the server prices them (a quote), and how they differ from the figures the shopper's
//! cart showed (docs/contract.md §4, docs/orders.md). The quote is priced with the cart's own rule
//! ([`CartTotals`]); the differences are told in the words the checkout shows.

use crate::cart::{CartLine, CartTotals, DeliveryCharge};
use crate::coupon::CouponCode;
use crate::ids::ProductId;
use crate::money::Rupees;

/// A product of the order as the shop sells it now: its id, its current name and its cart line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotedLine {
    /// The product.
    pub product_id: ProductId,
    /// Its current name.
    pub name: String,
    /// Its price tag, the quantity and whether it ships free.
    pub line: CartLine,
}

/// The figures the server would charge: the lines, the totals and the coupon that applies, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    lines: Vec<QuotedLine>,
    totals: CartTotals,
    coupon: Option<CouponCode>,
}

impl Quote {
    /// The quote of `lines` with the configured delivery charge (waived when every line ships free) and no
    /// coupon.
    #[must_use]
    pub fn new(lines: Vec<QuotedLine>, delivery: DeliveryCharge) -> Self {
        let cart: Vec<CartLine> = lines.iter().map(|l| l.line).collect();
        let totals = CartTotals::new(&cart, delivery);
        Self { lines, totals, coupon: None }
    }

    /// The same quote with the coupon `code` taking `discount` off (rounded to whole rupees).
    #[must_use]
    pub fn with_coupon(self, code: CouponCode, discount: Rupees) -> Self {
        Self { totals: self.totals.with_coupon_discount(discount), coupon: Some(code), ..self }
    }

    /// The lines, in the order given.
    #[must_use]
    pub fn lines(&self) -> &[QuotedLine] {
        &self.lines
    }

    /// The figures.
    #[must_use]
    pub const fn totals(&self) -> &CartTotals {
        &self.totals
    }

    /// The coupon that applies, if any.
    #[must_use]
    pub const fn coupon(&self) -> Option<&CouponCode> {
        self.coupon.as_ref()
    }
}

/// The unit price the shopper's cart charged for one product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientLine {
    /// The product.
    pub product_id: ProductId,
    /// The unit price the cart showed.
    pub unit_price: Rupees,
}

/// The figures the shopper's cart showed, as the checkout sends them (whole rupees).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientFigures {
    /// Each product's unit price.
    pub lines: Vec<ClientLine>,
    /// The subtotal.
    pub subtotal: Rupees,
    /// The delivery charge after any waiver.
    pub delivery_charge: Rupees,
    /// The coupon the cart applied.
    pub coupon: Option<CouponCode>,
    /// What the coupon took off.
    pub coupon_discount: Rupees,
    /// The total.
    pub total: Rupees,
}

impl ClientFigures {
    /// The figures a cart showing exactly `quote` sends, rounded to whole rupees as the cart shows them.
    #[must_use]
    pub fn of(quote: &Quote) -> Self {
        let totals = quote.totals();
        Self {
            lines: quote
                .lines()
                .iter()
                .map(|l| ClientLine { product_id: l.product_id, unit_price: l.line.tag().unit_price().rounded() })
                .collect(),
            subtotal: totals.subtotal().rounded(),
            delivery_charge: totals.delivery_charge().rounded(),
            coupon: quote.coupon().cloned(),
            coupon_discount: totals.coupon_discount(),
            total: totals.grand_total().rounded(),
        }
    }
}

/// `Rs n` in whole rupees, thousands grouped.
fn rs(amount: Rupees) -> String {
    amount.to_string()
}

fn differ(a: Rupees, b: Rupees) -> bool {
    a.round_to_whole() != b.round_to_whole()
}

/// What differs between the server's `quote` and the `client`'s figures, compared in whole rupees, each in
/// words: prices, the delivery charge, a coupon that no longer applies (`coupon_refusal` says why), the
/// coupon discount, the subtotal and the total. Empty when the client's figures are the quote's.
#[must_use]
pub fn changes(quote: &Quote, client: &ClientFigures, coupon_refusal: Option<&str>) -> Vec<String> {
    let mut changes = Vec::new();
    for line in quote.lines() {
        let now = line.line.tag().unit_price();
        let before = client.lines.iter().find(|c| c.product_id == line.product_id).map(|c| c.unit_price);
        if let Some(before) = before.filter(|before| differ(*before, now)) {
            changes.push(format!("Price of {} changed from {} to {}.", line.name, rs(before), rs(now)));
        }
    }
    let totals = quote.totals();
    if differ(client.delivery_charge, totals.delivery_charge()) {
        changes.push(format!(
            "Delivery charge changed from {} to {}.",
            rs(client.delivery_charge),
            rs(totals.delivery_charge())
        ));
    }
    match (&client.coupon, quote.coupon()) {
        (Some(code), None) => changes.push(match coupon_refusal {
            Some(reason) => format!("Coupon {code} no longer applies: {reason}"),
            None => format!("Coupon {code} no longer applies."),
        }),
        (Some(_) | None, Some(_)) | (None, None) => {
            if differ(client.coupon_discount, totals.coupon_discount()) {
                changes.push(format!(
                    "Coupon discount changed from {} to {}.",
                    rs(client.coupon_discount),
                    rs(totals.coupon_discount())
                ));
            }
        }
    }
    if differ(client.subtotal, totals.subtotal()) {
        changes.push(format!("Subtotal changed from {} to {}.", rs(client.subtotal), rs(totals.subtotal())));
    }
    if differ(client.total, totals.grand_total()) {
        changes.push(format!("Total changed from {} to {}.", rs(client.total), rs(totals.grand_total())));
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::PriceTag;
    use crate::stock::Quantity;
    use proptest::prelude::*;

    fn whole(rupees: i64) -> Rupees {
        Rupees::from_whole(rupees)
    }

    fn line(id: i64, name: &str, price: i64, quantity: u32, free: bool) -> QuotedLine {
        QuotedLine {
            product_id: ProductId::new(id).unwrap(),
            name: name.into(),
            line: CartLine::new(PriceTag::list(whole(price)), Quantity::new(quantity).unwrap(), free),
        }
    }

    fn delivery(rupees: i64) -> DeliveryCharge {
        DeliveryCharge::new(whole(rupees)).unwrap()
    }

    fn save10() -> CouponCode {
        CouponCode::parse("SAVE10").unwrap()
    }

    #[test]
    fn the_cart_that_showed_the_quote_has_no_changes() {
        let quote =
            Quote::new(vec![line(12, "Phone Case", 850, 2, false)], delivery(200)).with_coupon(save10(), whole(190));

        let client = ClientFigures::of(&quote);

        assert_eq!(
            (client.subtotal, client.delivery_charge, client.coupon_discount, client.total),
            (whole(1700), whole(200), whole(190), whole(1710))
        );
        assert!(changes(&quote, &client, None).is_empty());
    }

    #[test]
    fn a_changed_price_is_told_with_both_prices_and_the_totals_that_follow() {
        let quote = Quote::new(vec![line(12, "Phone Case", 850, 2, false)], delivery(200));
        let mut client = ClientFigures::of(&quote);
        client.lines[0].unit_price = whole(900);
        client.subtotal = whole(1800);
        client.total = whole(2000);

        assert_eq!(
            changes(&quote, &client, None),
            vec![
                "Price of Phone Case changed from Rs 900 to Rs 850.",
                "Subtotal changed from Rs 1,800 to Rs 1,700.",
                "Total changed from Rs 2,000 to Rs 1,900.",
            ]
        );
    }

    #[test]
    fn a_waived_delivery_charge_is_a_change_for_a_cart_that_charged_it() {
        let quote = Quote::new(vec![line(3, "Cable", 500, 1, true)], delivery(200));
        let mut client = ClientFigures::of(&quote);
        client.delivery_charge = whole(200);
        client.total = whole(700);

        assert_eq!(
            changes(&quote, &client, None),
            vec!["Delivery charge changed from Rs 200 to Rs 0.", "Total changed from Rs 700 to Rs 500."]
        );
    }

    #[test]
    fn a_coupon_that_no_longer_applies_is_told_with_its_reason() {
        let quote = Quote::new(vec![line(3, "Cable", 500, 1, false)], delivery(200));
        let client = ClientFigures {
            coupon: Some(save10()),
            coupon_discount: whole(70),
            total: whole(630),
            ..ClientFigures::of(&quote)
        };

        assert_eq!(
            changes(&quote, &client, Some("This coupon has reached its usage limit.")),
            vec![
                "Coupon SAVE10 no longer applies: This coupon has reached its usage limit.",
                "Total changed from Rs 630 to Rs 700.",
            ]
        );
    }

    #[test]
    fn a_tampered_coupon_discount_is_a_change() {
        let quote = Quote::new(vec![line(3, "Cable", 500, 1, false)], delivery(200)).with_coupon(save10(), whole(70));
        let client = ClientFigures { coupon_discount: whole(700), total: whole(0), ..ClientFigures::of(&quote) };

        assert_eq!(
            changes(&quote, &client, None),
            vec!["Coupon discount changed from Rs 700 to Rs 70.", "Total changed from Rs 0 to Rs 630."]
        );
    }

    proptest! {
        #[test]
        fn any_quote_compared_with_its_own_figures_has_no_changes(
            lines in prop::collection::vec((1i64..1_000_000, 1u32..50, any::<bool>()), 1..8),
            charge in 0i64..2_000,
            discount in 0i64..500,
        ) {
            let lines = lines
                .into_iter()
                .enumerate()
                .map(|(i, (paisa, quantity, free))| QuotedLine {
                    product_id: ProductId::new(i64::try_from(i).unwrap() + 1).unwrap(),
                    name: format!("Product {i}"),
                    line: CartLine::new(
                        PriceTag::list(Rupees::from_paisa(paisa)),
                        Quantity::new(quantity).unwrap(),
                        free,
                    ),
                })
                .collect();
            let quote = Quote::new(lines, delivery(charge)).with_coupon(save10(), whole(discount));

            prop_assert!(changes(&quote, &ClientFigures::of(&quote), None).is_empty());
        }

        #[test]
        fn any_change_of_the_total_by_a_rupee_or_more_is_told(
            price in 1i64..100_000,
            quantity in 1u32..20,
            off in 1i64..1_000,
        ) {
            let quote = Quote::new(vec![line(1, "Charger", price, quantity, false)], delivery(150));
            let client = ClientFigures::of(&quote);
            let tampered = ClientFigures { total: client.total - whole(off), ..client };

            let told = changes(&quote, &tampered, None);

            prop_assert_eq!(told.len(), 1);
            prop_assert!(told[0].starts_with("Total changed from"));
        }
    }
}
