//! What the admin may set on a product (docs/spec.md §5 'Add/edit product'): a price within bounds, a sale price
//! below it, a discount of at most 90 per cent, and the two recomputations that keep the sale price and the
//! discount consistent while the form is edited; the characters and length of its name, description and
//! colour.

use crate::money::Rupees;
use crate::pricing::{Markdown, PriceTag, MAX_DISCOUNT_PERCENT};
use crate::text::{Lines, PlainText, TextError};

/// The highest price accepted: Rs 10 crore (Rs 10,00,00,000).
pub const MAX_PRICE: Rupees = Rupees::from_whole(100_000_000);

/// The longest product name, in characters.
pub const MAX_PRODUCT_NAME_CHARS: usize = 200;

/// The longest product description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 5000;

/// A product name, description or colour the shop does not keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ProductTextError {
    /// The name holds a line break or control character.
    #[error(transparent)]
    Name(TextError),
    /// The description holds a control character other than line breaks and tabs.
    #[error(transparent)]
    Description(TextError),
    /// The colour holds a line break or control character.
    #[error(transparent)]
    Color(TextError),
    /// The name is longer than [`MAX_PRODUCT_NAME_CHARS`].
    #[error("Product name must be at most {} characters.", MAX_PRODUCT_NAME_CHARS)]
    NameTooLong,
    /// The description is longer than [`MAX_DESCRIPTION_CHARS`].
    #[error("Description must be at most {} characters.", MAX_DESCRIPTION_CHARS)]
    DescriptionTooLong,
    /// The Urdu name holds a line break or control character.
    #[error(transparent)]
    UrduName(TextError),
    /// The Urdu description holds a control character other than line breaks and tabs.
    #[error(transparent)]
    UrduDescription(TextError),
    /// The Urdu name is longer than [`MAX_PRODUCT_NAME_CHARS`].
    #[error("Urdu name must be at most {} characters.", MAX_PRODUCT_NAME_CHARS)]
    UrduNameTooLong,
    /// The Urdu description is longer than [`MAX_DESCRIPTION_CHARS`].
    #[error("Urdu description must be at most {} characters.", MAX_DESCRIPTION_CHARS)]
    UrduDescriptionTooLong,
}

/// A product's name as typed: trimmed, one line (see [`PlainText`]); it may be blank, which the form
/// reports as missing.
///
/// # Errors
/// [`ProductTextError::Name`] for a line break or control character.
pub fn product_name(text: &str) -> Result<PlainText, ProductTextError> {
    PlainText::parse(text, Lines::One, "Product name").map_err(ProductTextError::Name)
}

/// A product's description as typed: trimmed, lines and tabs kept (see [`PlainText`]); it may be blank,
/// which the form reports as missing.
///
/// # Errors
/// [`ProductTextError::Description`] for a control character other than line breaks and tabs.
pub fn product_description(text: &str) -> Result<PlainText, ProductTextError> {
    PlainText::parse(text, Lines::Many, "Description").map_err(ProductTextError::Description)
}

/// A product's colour as typed: trimmed, one line (see [`PlainText`]); blank means none.
///
/// # Errors
/// [`ProductTextError::Color`] for a line break or control character.
pub fn product_color(text: &str) -> Result<Option<PlainText>, ProductTextError> {
    let color = PlainText::parse(text, Lines::One, "Colour").map_err(ProductTextError::Color)?;
    Ok((!color.is_empty()).then_some(color))
}

/// A product's Urdu name as typed (issue 30): one line, trimmed, at most [`MAX_PRODUCT_NAME_CHARS`]
/// characters, as the English name; blank means none, and the English name shows.
///
/// # Errors
/// [`ProductTextError::UrduName`] for a line break or control character,
/// [`ProductTextError::UrduNameTooLong`] when too long.
pub fn product_name_ur(text: &str) -> Result<Option<PlainText>, ProductTextError> {
    let name = PlainText::parse(text, Lines::One, "Urdu name").map_err(ProductTextError::UrduName)?;
    if name.chars() > MAX_PRODUCT_NAME_CHARS {
        return Err(ProductTextError::UrduNameTooLong);
    }
    Ok((!name.is_empty()).then_some(name))
}

/// A product's Urdu description as typed: lines and tabs kept, trimmed, at most [`MAX_DESCRIPTION_CHARS`]
/// characters, as the English description; blank means none, and the English description shows.
///
/// # Errors
/// [`ProductTextError::UrduDescription`] for a control character other than line breaks and tabs,
/// [`ProductTextError::UrduDescriptionTooLong`] when too long.
pub fn product_description_ur(text: &str) -> Result<Option<PlainText>, ProductTextError> {
    let description =
        PlainText::parse(text, Lines::Many, "Urdu description").map_err(ProductTextError::UrduDescription)?;
    if description.chars() > MAX_DESCRIPTION_CHARS {
        return Err(ProductTextError::UrduDescriptionTooLong);
    }
    Ok((!description.is_empty()).then_some(description))
}

/// Checks the length of a product's (trimmed) name.
///
/// # Errors
/// [`ProductTextError::NameTooLong`] above [`MAX_PRODUCT_NAME_CHARS`] characters.
pub fn check_product_name(name: &str) -> Result<(), ProductTextError> {
    if name.chars().count() > MAX_PRODUCT_NAME_CHARS {
        Err(ProductTextError::NameTooLong)
    } else {
        Ok(())
    }
}

/// Checks the length of a product's (trimmed) description.
///
/// # Errors
/// [`ProductTextError::DescriptionTooLong`] above [`MAX_DESCRIPTION_CHARS`] characters.
pub fn check_product_description(description: &str) -> Result<(), ProductTextError> {
    if description.chars().count() > MAX_DESCRIPTION_CHARS {
        Err(ProductTextError::DescriptionTooLong)
    } else {
        Ok(())
    }
}

/// A discount percentage outside 0 to 90.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Discount must be between 0 and {} per cent.", MAX_DISCOUNT_PERCENT)]
pub struct DiscountPercentError;

/// A product's percentage discount as the admin sets it: 0 (none) to 90.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct DiscountPercent(u8);

impl DiscountPercent {
    /// No discount.
    pub const NONE: Self = Self(0);

    /// A discount of `percent` per cent.
    ///
    /// # Errors
    /// [`DiscountPercentError`] above 90.
    pub fn new(percent: u8) -> Result<Self, DiscountPercentError> {
        if percent <= MAX_DISCOUNT_PERCENT {
            Ok(Self(percent))
        } else {
            Err(DiscountPercentError)
        }
    }

    /// The percentage.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<i64> for DiscountPercent {
    type Error = DiscountPercentError;

    fn try_from(percent: i64) -> Result<Self, Self::Error> {
        u8::try_from(percent).map_err(|_| DiscountPercentError).and_then(Self::new)
    }
}

/// A price the admin entered that the shop does not accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    /// Price of 0 or less.
    #[error("Price must be above 0.")]
    PriceNotPositive,
    /// Price above [`MAX_PRICE`].
    #[error("Price must be at most {}.", MAX_PRICE)]
    PriceTooHigh,
    /// Sale price of 0 or less.
    #[error("Sale price must be above 0.")]
    SaleNotPositive,
    /// Sale price equal to or above the price.
    #[error("Sale price must be below the price.")]
    SaleNotBelowPrice,
}

/// A product's list price and optional sale price as the admin set them: the price above 0 and at most
/// [`MAX_PRICE`], a sale price above 0 and below the price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductPrice {
    price: Rupees,
    sale_price: Option<Rupees>,
}

impl ProductPrice {
    /// Checks a price and an optional sale price.
    ///
    /// # Errors
    /// The first [`PriceError`] that applies, price before sale price.
    pub fn new(price: Rupees, sale_price: Option<Rupees>) -> Result<Self, PriceError> {
        if !price.is_positive() {
            return Err(PriceError::PriceNotPositive);
        }
        if price > MAX_PRICE {
            return Err(PriceError::PriceTooHigh);
        }
        match sale_price {
            Some(sale) if !sale.is_positive() => Err(PriceError::SaleNotPositive),
            Some(sale) if sale >= price => Err(PriceError::SaleNotBelowPrice),
            _ => Ok(Self { price, sale_price }),
        }
    }

    /// The list price.
    #[must_use]
    pub const fn price(&self) -> Rupees {
        self.price
    }

    /// The sale price, when set.
    #[must_use]
    pub const fn sale_price(&self) -> Option<Rupees> {
        self.sale_price
    }

    /// The price tag that decides what shoppers are charged, with the product's discount: the sale price
    /// with the discount set with it, else the discount off the price when above 0, else the list price.
    #[must_use]
    pub fn price_tag(&self, discount: DiscountPercent) -> PriceTag {
        let markdown = match self.sale_price {
            Some(sale) => Markdown::Sale { price: sale, percent: discount.get() },
            None if discount.get() > 0 => Markdown::PercentOff(discount.get()),
            None => Markdown::None,
        };
        // A checked sale price is above 0 and below the price, a discount at most 90: every shape holds.
        PriceTag::new(self.price, markdown).unwrap_or(PriceTag::list(self.price))
    }
}

/// The discount recomputed when the admin sets a sale price: round((price − sale) / price × 100), halves
/// up, clamped to 0..=100. 0 when the price is not positive.
#[must_use]
pub fn discount_from_sale(price: Rupees, sale: Rupees) -> u8 {
    (price - sale).percent_of(price).map_or(0, |p| u8::try_from(p.clamp(0, 100)).unwrap_or(0))
}

/// The sale price recomputed when the admin sets a discount: the price reduced by `percent` per cent,
/// rounded to whole rupees (halves up). Percentages above 100 count as 100.
#[must_use]
pub fn sale_from_discount(price: Rupees, percent: u8) -> Rupees {
    price.less_percent(percent).rounded()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs(whole: i64) -> Rupees {
        Rupees::from_whole(whole)
    }

    #[test]
    fn discounts_from_zero_to_ninety_are_accepted() {
        assert_eq!(DiscountPercent::new(0).unwrap().get(), 0);
        assert_eq!(DiscountPercent::new(90).unwrap().get(), 90);
        assert_eq!(DiscountPercent::NONE.get(), 0);
    }

    #[test]
    fn a_discount_of_ninety_one_is_rejected() {
        let err = DiscountPercent::new(91).unwrap_err();

        assert_eq!(err.to_string(), "Discount must be between 0 and 90 per cent.");
    }

    #[test]
    fn negative_and_huge_wire_discounts_are_rejected() {
        assert_eq!(DiscountPercent::try_from(-1), Err(DiscountPercentError));
        assert_eq!(DiscountPercent::try_from(300), Err(DiscountPercentError));
        assert_eq!(DiscountPercent::try_from(91), Err(DiscountPercentError));
        assert_eq!(DiscountPercent::try_from(15).map(DiscountPercent::get), Ok(15));
    }

    #[test]
    fn a_positive_price_without_a_sale_is_accepted() {
        let price = ProductPrice::new(rs(1299), None).unwrap();

        assert_eq!(price.price(), rs(1299));
        assert_eq!(price.sale_price(), None);
    }

    #[test]
    fn a_price_of_zero_or_less_is_rejected() {
        assert_eq!(ProductPrice::new(Rupees::ZERO, None), Err(PriceError::PriceNotPositive));
        assert_eq!(ProductPrice::new(rs(-5), None), Err(PriceError::PriceNotPositive));
        assert_eq!(PriceError::PriceNotPositive.to_string(), "Price must be above 0.");
    }

    #[test]
    fn a_price_up_to_ten_crore_is_accepted_and_above_is_rejected() {
        assert!(ProductPrice::new(rs(100_000_000), None).is_ok());

        let err = ProductPrice::new(Rupees::from_paisa(10_000_000_001), None).unwrap_err();

        assert_eq!(err, PriceError::PriceTooHigh);
        assert_eq!(err.to_string(), "Price must be at most Rs 100,000,000.");
    }

    #[test]
    fn a_sale_price_below_the_price_is_accepted() {
        let price = ProductPrice::new(rs(1000), Some(rs(999))).unwrap();

        assert_eq!(price.sale_price(), Some(rs(999)));
    }

    #[test]
    fn a_sale_price_at_or_above_the_price_is_rejected() {
        assert_eq!(ProductPrice::new(rs(1000), Some(rs(1000))), Err(PriceError::SaleNotBelowPrice));
        assert_eq!(ProductPrice::new(rs(1000), Some(rs(1200))), Err(PriceError::SaleNotBelowPrice));
        assert_eq!(PriceError::SaleNotBelowPrice.to_string(), "Sale price must be below the price.");
    }

    #[test]
    fn a_sale_price_of_zero_or_less_is_rejected() {
        assert_eq!(ProductPrice::new(rs(1000), Some(Rupees::ZERO)), Err(PriceError::SaleNotPositive));
        assert_eq!(ProductPrice::new(rs(1000), Some(rs(-1))), Err(PriceError::SaleNotPositive));
        assert_eq!(PriceError::SaleNotPositive.to_string(), "Sale price must be above 0.");
    }

    #[test]
    fn the_price_tag_carries_price_sale_and_discount() {
        let tag = ProductPrice::new(rs(1000), None).unwrap().price_tag(DiscountPercent::new(20).unwrap());

        assert_eq!(tag, PriceTag::from_fields(rs(1000), None, 20).unwrap());
        assert_eq!(tag.unit_price(), rs(800));
    }

    #[test]
    fn a_sale_price_recomputes_the_rounded_discount() {
        assert_eq!(discount_from_sale(rs(1000), rs(750)), 25);
        assert_eq!(discount_from_sale(rs(1500), rs(1000)), 33);
        assert_eq!(discount_from_sale(rs(1500), rs(992)), 34);
        assert_eq!(discount_from_sale(rs(200), rs(199)), 1);
        assert_eq!(discount_from_sale(rs(200), rs(1)), 100);
    }

    #[test]
    fn a_discount_from_a_sale_is_zero_for_a_zero_price_and_clamped() {
        assert_eq!(discount_from_sale(Rupees::ZERO, rs(10)), 0);
        assert_eq!(discount_from_sale(rs(100), rs(150)), 0);
        assert_eq!(discount_from_sale(rs(100), rs(-50)), 100);
    }

    #[test]
    fn a_discount_recomputes_the_sale_price_in_whole_rupees() {
        assert_eq!(sale_from_discount(rs(1000), 25), rs(750));
        assert_eq!(sale_from_discount(rs(999), 15), rs(849));
        assert_eq!(sale_from_discount(rs(999), 5), rs(949));
        assert_eq!(sale_from_discount(rs(999), 50), rs(500));
        assert_eq!(sale_from_discount(rs(999), 0), rs(999));
    }

    #[test]
    fn a_name_of_up_to_two_hundred_characters_is_accepted() {
        assert_eq!(check_product_name(&"é".repeat(200)), Ok(()));

        let err = check_product_name(&"é".repeat(201)).unwrap_err();

        assert_eq!(err, ProductTextError::NameTooLong);
        assert_eq!(err.to_string(), "Product name must be at most 200 characters.");
    }

    #[test]
    fn a_name_and_a_colour_are_one_line_and_a_description_keeps_its_lines() {
        assert_eq!(product_name(" Clear case ").unwrap().as_str(), "Clear case");
        assert_eq!(product_description("Slim\r\n\tGrip").unwrap().as_str(), "Slim\n\tGrip");
        assert_eq!(product_color("  ").unwrap(), None);
        assert_eq!(product_color(" Black ").unwrap().map(PlainText::into_string), Some("Black".into()));
    }

    #[test]
    fn control_characters_in_a_product_text_are_refused_with_its_name() {
        let name = product_name("Clear\0case").unwrap_err();
        let description = product_description("Slim\u{7}").unwrap_err();
        let color = product_color("Black\nRed").unwrap_err();

        assert_eq!(name.to_string(), "Product name must not contain line breaks or control characters.");
        assert_eq!(
            description.to_string(),
            "Description must not contain control characters other than line breaks and tabs."
        );
        assert_eq!(color.to_string(), "Colour must not contain line breaks or control characters.");
        assert!(matches!(
            (name, description, color),
            (ProductTextError::Name(_), ProductTextError::Description(_), ProductTextError::Color(_))
        ));
    }

    #[test]
    fn urdu_texts_are_optional_and_kept_to_the_english_ones_rules() {
        assert_eq!(product_name_ur("  ").unwrap(), None);
        assert_eq!(product_name_ur(" فاسٹ چارجر ").unwrap().unwrap().as_str(), "فاسٹ چارجر");
        assert!(product_name_ur(&"چ".repeat(200)).unwrap().is_some());
        assert_eq!(product_name_ur(&"چ".repeat(201)), Err(ProductTextError::UrduNameTooLong));
        assert_eq!(
            product_name_ur("چارجر\nنیا").unwrap_err().to_string(),
            "Urdu name must not contain line breaks or control characters."
        );
        assert_eq!(product_description_ur("تیز\r\nچارجنگ").unwrap().unwrap().as_str(), "تیز\nچارجنگ");
        assert!(product_description_ur(&"د".repeat(5000)).unwrap().is_some());
        assert_eq!(
            product_description_ur(&"د".repeat(5001)).unwrap_err().to_string(),
            "Urdu description must be at most 5000 characters."
        );
        assert_eq!(product_description_ur("\t").unwrap(), None);
    }

    #[test]
    fn a_description_of_up_to_five_thousand_characters_is_accepted() {
        assert_eq!(check_product_description(&"d".repeat(5000)), Ok(()));

        let err = check_product_description(&"d".repeat(5001)).unwrap_err();

        assert_eq!(err, ProductTextError::DescriptionTooLong);
        assert_eq!(err.to_string(), "Description must be at most 5000 characters.");
    }
}
