//! Handing parcels to a courier (docs/cod.md 'Courier hand-off'): the row of a Pakistani courier's bulk
//! booking sheet for one order, the courier's spelling of each city, and the consignment (courier and
//! tracking number) an order is booked under.

use std::fmt;
use std::str::FromStr;

use crate::contact::Phone;
use crate::ids::OrderId;
use crate::locations::place_named;
use crate::money::Rupees;
use crate::text::is_unseen;

/// The columns of the booking sheet, as Leopards', TCS's and PostEx's bulk booking sheets name them.
pub const BOOKING_HEADER: [&str; 9] = [
    "Consignee Name",
    "Consignee Phone",
    "Consignee Address",
    "Destination City",
    "COD Amount",
    "Item Description",
    "Pieces",
    "Weight (kg)",
    "Order Reference",
];

/// What a column of the booking sheet holds, for a spreadsheet file that keeps each cell as the sheet means it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingColumn {
    /// Kept as typed: a spreadsheet would read the phone `03001234567` as the number 3001234567.
    Text,
    /// A figure the owner may sum: the COD amount, pieces, weight, the order reference.
    Number,
}

/// The kind of each column of [`BOOKING_HEADER`], in its order.
pub const BOOKING_COLUMNS: [BookingColumn; 9] = [
    BookingColumn::Text,
    BookingColumn::Text,
    BookingColumn::Text,
    BookingColumn::Text,
    BookingColumn::Number,
    BookingColumn::Text,
    BookingColumn::Number,
    BookingColumn::Number,
    BookingColumn::Number,
];

/// The longest item description a booking row carries, in characters.
pub const MAX_ITEM_DESCRIPTION_CHARS: usize = 250;

/// The longest courier name, in characters.
pub const MAX_COURIER_CHARS: usize = 40;

/// The shortest tracking number, in characters.
pub const MIN_TRACKING_NUMBER_CHARS: usize = 4;

/// The longest tracking number, in characters.
pub const MAX_TRACKING_NUMBER_CHARS: usize = 40;

/// The courier's name for `city` (trimmed, any case), in the upper case of the booking sheet: the table's
/// courier spelling of a place of `domain::locations` ('D.G. KHAN', 'MIRPUR AJK'), else the name as typed.
#[must_use]
pub fn booking_city(city: &str) -> String {
    place_named(city).map_or(city.trim(), |(_, place)| place.courier_spelling()).to_uppercase()
}

/// The phone number in the local 11-digit form couriers expect, e.g. `03001234567` (a landline keeps its
/// area code: `04235761234`).
#[must_use]
pub fn local_phone(phone: &Phone) -> String {
    let national = phone.normal().strip_prefix("+92").unwrap_or(phone.normal());
    format!("0{national}")
}

/// The weight of `pieces` at half a kilogram each, without trailing zeros: `0.5`, `1`, `1.5`.
#[must_use]
pub fn booking_weight(pieces: u64) -> String {
    if pieces.is_multiple_of(2) {
        (pieces / 2).to_string()
    } else {
        format!("{}.5", pieces / 2)
    }
}

/// A cell a spreadsheet would run as a formula (it starts with `=`, `+`, `-` or `@`) gets a leading `'`, so
/// a consignee called `=HYPERLINK(...)` is shown as text and never run.
#[must_use]
pub fn guard_formula(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// One item of a parcel: how many of what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parcel<'a> {
    pub quantity: u32,
    pub name: &'a str,
}

/// One order as a row of the booking sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingRow {
    cells: [String; 9],
}

/// What a booking row is made from: an approved order with a city.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consignee<'a> {
    pub order: OrderId,
    pub name: &'a str,
    pub phone: &'a Phone,
    /// One or more lines.
    pub address: &'a str,
    pub city: &'a str,
    /// Collected on delivery.
    pub total: Rupees,
    pub items: &'a [Parcel<'a>],
}

impl BookingRow {
    /// The row of `consignee`: local phone, address lines joined with `, `, the courier's city, the total in
    /// whole rupees, `{qty} x {name}` items joined by `; ` and cut at [`MAX_ITEM_DESCRIPTION_CHARS`], the
    /// pieces, their weight, and the order's id; every cell guarded against formulas.
    #[must_use]
    pub fn new(consignee: &Consignee<'_>) -> Self {
        let address = consignee.address.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>();
        let pieces: u64 = consignee.items.iter().map(|i| u64::from(i.quantity)).sum();
        let description = consignee
            .items
            .iter()
            .map(|i| format!("{} x {}", i.quantity, i.name))
            .collect::<Vec<_>>()
            .join("; ")
            .chars()
            .take(MAX_ITEM_DESCRIPTION_CHARS)
            .collect::<String>();
        let cells = [
            consignee.name.to_owned(),
            local_phone(consignee.phone),
            address.join(", "),
            booking_city(consignee.city),
            consignee.total.round_to_whole().to_string(),
            description,
            pieces.to_string(),
            booking_weight(pieces),
            consignee.order.to_string(),
        ];
        Self { cells: cells.map(|cell| guard_formula(&cell)) }
    }

    /// The cells, in the order of [`BOOKING_HEADER`].
    #[must_use]
    pub fn cells(&self) -> &[String; 9] {
        &self.cells
    }
}

/// A courier's name that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CourierError {
    #[error("Courier is required.")]
    Empty,
    #[error("Courier must be at most {} characters.", MAX_COURIER_CHARS)]
    TooLong,
    #[error("Courier must be one line of text.")]
    ControlCharacter,
}

/// The courier a parcel went with, e.g. `Leopards`: 1 to 40 characters of one line, trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Courier(String);

impl Courier {
    /// # Errors
    /// [`CourierError`] when blank, too long or holding a control character.
    pub fn parse(text: &str) -> Result<Self, CourierError> {
        let name = text.trim();
        if name.is_empty() {
            return Err(CourierError::Empty);
        }
        if name.chars().any(|c| c.is_control() || is_unseen(c)) {
            return Err(CourierError::ControlCharacter);
        }
        if name.chars().count() > MAX_COURIER_CHARS {
            return Err(CourierError::TooLong);
        }
        Ok(Self(name.to_owned()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Courier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A tracking number that cannot be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "Tracking numbers are {} to {} letters or digits (spaces and dashes are left out).",
    MIN_TRACKING_NUMBER_CHARS,
    MAX_TRACKING_NUMBER_CHARS
)]
pub struct TrackingNumberError;

/// A courier's consignment (tracking) number, e.g. `LE123456789`: 4 to 40 ASCII letters or digits, read as
/// couriers print them, so spaces and dashes are dropped (`LE 7788 990011` is `LE7788990011`). Two numbers
/// that differ only in case are the same number.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrackingNumber(String);

impl TrackingNumber {
    /// # Errors
    /// [`TrackingNumberError`] when too short, too long or holding another character.
    pub fn parse(text: &str) -> Result<Self, TrackingNumberError> {
        let number: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        let fits = (MIN_TRACKING_NUMBER_CHARS..=MAX_TRACKING_NUMBER_CHARS).contains(&number.len())
            && number.bytes().all(|b| b.is_ascii_alphanumeric());
        if fits {
            Ok(Self(number))
        } else {
            Err(TrackingNumberError)
        }
    }

    /// As written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form two numbers are compared in: upper case.
    #[must_use]
    pub fn key(&self) -> String {
        self.0.to_ascii_uppercase()
    }
}

impl fmt::Display for TrackingNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The courier and tracking number an order was booked under; an order has both or neither.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consignment {
    pub courier: Courier,
    pub tracking_number: TrackingNumber,
}

/// An order reference that is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Order reference must be a number.")]
pub struct OrderReferenceError;

/// An order reference as a shop owner writes it: `42` or `#42`, spaces around allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrderReference(OrderId);

impl OrderReference {
    #[must_use]
    pub fn id(self) -> OrderId {
        self.0
    }
}

impl FromStr for OrderReference {
    type Err = OrderReferenceError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let digits = text.strip_prefix('#').unwrap_or(text).trim_start();
        digits.parse::<OrderId>().map(Self).map_err(|_| OrderReferenceError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locations::Province;

    fn order(id: i64) -> OrderId {
        OrderId::new(id).unwrap()
    }

    #[test]
    fn every_place_of_the_shops_table_has_the_couriers_name_in_upper_case() {
        for province in Province::ALL {
            for place in province.places() {
                assert_eq!(booking_city(place.name()), place.courier_spelling().to_uppercase(), "{}", place.name());
            }
        }
        for (city, spelling) in [("Lahore", "LAHORE"), ("Mirpur", "MIRPUR AJK"), ("Mirpur Khas", "MIRPURKHAS")] {
            assert_eq!(booking_city(city), spelling);
        }
    }

    #[test]
    fn the_couriers_own_spellings_win_in_any_case_and_other_cities_are_upper_cased() {
        assert_eq!(booking_city("Dera Ghazi Khan"), "D.G. KHAN");
        assert_eq!(booking_city(" dera ismail khan "), "D.I. KHAN");
        assert_eq!(booking_city("Toba Tek Singh"), "T.T. SINGH");
        assert_eq!(booking_city("Chiniot"), "CHINIOT");
        assert_eq!(booking_city(" Kot Sultan "), "KOT SULTAN");
    }

    #[test]
    fn phones_are_written_in_the_local_eleven_digit_form() {
        for typed in ["+92 300 1234567", "0300-1234567", "3001234567", "923001234567"] {
            assert_eq!(local_phone(&Phone::parse(typed).unwrap()), "03001234567", "{typed}");
        }
        assert_eq!(local_phone(&Phone::parse("042 35761234").unwrap()), "04235761234");
    }

    #[test]
    fn weight_is_half_a_kilogram_a_piece_without_trailing_zeros() {
        assert_eq!(booking_weight(1), "0.5");
        assert_eq!(booking_weight(2), "1");
        assert_eq!(booking_weight(3), "1.5");
        assert_eq!(booking_weight(20), "10");
        assert_eq!(booking_weight(1_000_001), "500000.5");
    }

    #[test]
    fn cells_a_spreadsheet_would_run_get_a_leading_apostrophe() {
        for cell in ["=1+2", "+92300", "-5", "@SUM(A1)"] {
            assert_eq!(guard_formula(cell), format!("'{cell}"));
        }
        for cell in ["Ayesha", "", "1=1", "'quoted", " =spaced"] {
            assert_eq!(guard_formula(cell), cell);
        }
    }

    #[test]
    fn a_booking_row_holds_the_sheets_nine_cells() {
        let phone = Phone::parse("0300 1234567").unwrap();
        let items = [Parcel { quantity: 2, name: "Phone Case" }, Parcel { quantity: 1, name: "USB-C Cable" }];
        let consignee = Consignee {
            order: order(42),
            name: "Ayesha Khan",
            phone: &phone,
            address: "House 12, Street 4\n  \nGulberg III  ",
            city: "Lahore",
            total: Rupees::from_paisa(171_050),
            items: &items,
        };

        let row = BookingRow::new(&consignee);

        assert_eq!(
            row.cells(),
            &[
                "Ayesha Khan",
                "03001234567",
                "House 12, Street 4, Gulberg III",
                "LAHORE",
                "1711",
                "2 x Phone Case; 1 x USB-C Cable",
                "3",
                "1.5",
                "42"
            ]
            .map(String::from)
        );
    }

    #[test]
    fn the_item_description_is_cut_at_250_characters_and_formula_names_are_guarded() {
        let phone = Phone::parse("0300 1234567").unwrap();
        let long = "é".repeat(300);
        let items = [Parcel { quantity: 1, name: &long }];
        let consignee = Consignee {
            order: order(7),
            name: "=HYPERLINK(\"http://x\")",
            phone: &phone,
            address: "-",
            city: "Dera Ghazi Khan",
            total: Rupees::from_whole(500),
            items: &items,
        };

        let row = BookingRow::new(&consignee);

        assert_eq!(row.cells()[0], "'=HYPERLINK(\"http://x\")");
        assert_eq!(row.cells()[2], "'-");
        assert_eq!(row.cells()[3], "D.G. KHAN");
        assert_eq!(row.cells()[5].chars().count(), MAX_ITEM_DESCRIPTION_CHARS);
        assert!(row.cells()[5].starts_with("1 x ééé"));
    }

    #[test]
    fn a_courier_is_one_line_of_one_to_forty_characters() {
        assert_eq!(Courier::parse("  Leopards ").unwrap().as_str(), "Leopards");
        assert!(Courier::parse(&"c".repeat(40)).is_ok());
        assert_eq!(Courier::parse("   "), Err(CourierError::Empty));
        assert_eq!(Courier::parse(&"c".repeat(41)), Err(CourierError::TooLong));
        assert_eq!(Courier::parse("TCS\nExpress"), Err(CourierError::ControlCharacter));
        assert_eq!(Courier::parse("TCS \u{202E}sserpxE"), Err(CourierError::ControlCharacter));
        assert_eq!(CourierError::Empty.to_string(), "Courier is required.");
        assert_eq!(CourierError::TooLong.to_string(), "Courier must be at most 40 characters.");
    }

    #[test]
    fn a_tracking_number_is_four_to_forty_letters_or_digits_read_as_couriers_print_it() {
        assert_eq!(TrackingNumber::parse(" LE123456789 ").unwrap().as_str(), "LE123456789");
        assert_eq!(TrackingNumber::parse("LE 7788 990011").unwrap().as_str(), "LE7788990011");
        assert_eq!(TrackingNumber::parse("le-7788-990011").unwrap().key(), "LE7788990011");
        assert_eq!(TrackingNumber::parse("TCS\u{a0}2002").unwrap().as_str(), "TCS2002");
        assert!(TrackingNumber::parse("ABCD").is_ok());
        assert!(TrackingNumber::parse(&"9".repeat(40)).is_ok());
        assert!(TrackingNumber::parse(&format!("{} 9", "9".repeat(40))).is_err());
        for bad in ["", "ABC", "A-B C", &"9".repeat(41), "LE_1234", "ÄBC123", "12/34"] {
            assert_eq!(TrackingNumber::parse(bad), Err(TrackingNumberError), "{bad:?}");
        }
        assert_eq!(
            TrackingNumberError.to_string(),
            "Tracking numbers are 4 to 40 letters or digits (spaces and dashes are left out)."
        );
    }

    #[test]
    fn an_order_reference_is_a_number_with_or_without_a_hash() {
        assert_eq!("42".parse::<OrderReference>().unwrap().id(), order(42));
        assert_eq!(" #42 ".parse::<OrderReference>().unwrap().id(), order(42));
        for bad in ["", "#", "abc", "4 2", "-3", "0", "##4", "42#", "1234567890123456789"] {
            assert_eq!(bad.parse::<OrderReference>(), Err(OrderReferenceError), "{bad:?}");
        }
        assert_eq!(OrderReferenceError.to_string(), "Order reference must be a number.");
    }
}
