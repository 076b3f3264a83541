//! The province-to-place table of docs/spec.md §3 'Locations', extended to every district headquarters and
//! the other towns couriers deliver to (the places themselves are in `table`), and the [`Location`] of a
//! delivery address: a province and one of its places. Names are matched in any case, with spaces, dots and
//! dashes ignored, and by the other spellings people type ('DG Khan' is Dera Ghazi Khan); they always come
//! back as the table spells them. A city the table lacks is a [`DeliveryCity::Unlisted`], kept as typed
//! (docs/decisions/0035-every-place-in-pakistan.md).

use std::fmt;
use std::str::FromStr;

use crate::language::Localized;
use crate::text::is_unseen;

mod table;

pub use table::Place;

/// A province or territory the shop delivers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Province {
    /// Punjab.
    Punjab,
    /// Sindh.
    Sindh,
    /// Khyber Pakhtunkhwa.
    KhyberPakhtunkhwa,
    /// Balochistan.
    Balochistan,
    /// Gilgit-Baltistan.
    GilgitBaltistan,
    /// Azad Kashmir.
    AzadKashmir,
    /// Islamabad Capital Territory.
    Islamabad,
}

/// The fewest characters of a city the table lacks.
pub const MIN_CITY_CHARS: usize = 2;

/// The most characters of a city the table lacks.
pub const MAX_CITY_CHARS: usize = 60;

/// How names are compared: lower case, letters and digits only, so 'D.G Khan', 'dg khan' and 'DG-Khan' are
/// all `dgkhan`.
#[must_use]
pub fn search_key(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// The place named `name` (its table name, any case) in any province, with its province.
#[must_use]
pub fn place_named(name: &str) -> Option<(Province, &'static Place)> {
    let name = name.trim();
    Province::ALL
        .into_iter()
        .flat_map(|province| province.places().iter().map(move |place| (province, place)))
        .find(|(_, place)| place.name().eq_ignore_ascii_case(name))
}

const PROVINCE_NAMES: [&str; 7] =
    ["Punjab", "Sindh", "KhyberPakhtunkhwa", "Balochistan", "GilgitBaltistan", "AzadKashmir", "Islamabad"];

/// The names as they are written in Pakistan, which screens and e-mails show.
const PROVINCE_LABELS: [&str; 7] =
    ["Punjab", "Sindh", "Khyber Pakhtunkhwa", "Balochistan", "Gilgit-Baltistan", "Azad Kashmir", "Islamabad"];

impl Province {
    /// Every province, in the table's order.
    pub const ALL: [Self; 7] = [
        Self::Punjab,
        Self::Sindh,
        Self::KhyberPakhtunkhwa,
        Self::Balochistan,
        Self::GilgitBaltistan,
        Self::AzadKashmir,
        Self::Islamabad,
    ];

    /// The name as docs/spec.md writes it, e.g. `KhyberPakhtunkhwa`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        PROVINCE_NAMES[self as usize]
    }

    /// The name as it is written, e.g. 'Khyber Pakhtunkhwa', 'Gilgit-Baltistan': what screens and e-mails
    /// show (the API and the database keep [`Province::name`]).
    #[must_use]
    pub const fn label(self) -> &'static str {
        PROVINCE_LABELS[self as usize]
    }

    /// The province's places, in the table's order: docs/spec.md's cities first, then the others
    /// alphabetically.
    #[must_use]
    pub const fn places(self) -> &'static [Place] {
        match self {
            Self::Punjab => table::PUNJAB,
            Self::Sindh => table::SINDH,
            Self::KhyberPakhtunkhwa => table::KHYBER_PAKHTUNKHWA,
            Self::Balochistan => table::BALOCHISTAN,
            Self::GilgitBaltistan => table::GILGIT_BALTISTAN,
            Self::AzadKashmir => table::AZAD_KASHMIR,
            Self::Islamabad => table::ISLAMABAD,
        }
    }

    /// The names of the province's places, in the table's order.
    pub fn cities(self) -> impl Iterator<Item = &'static str> {
        self.places().iter().map(Place::name)
    }

    /// The place of this province that answers to `name`: its name, its courier spelling or another
    /// spelling of it, compared by [`search_key`] (any case, spaces, dots and dashes ignored).
    #[must_use]
    pub fn place(self, name: &str) -> Option<&'static Place> {
        let key = search_key(name);
        if key.is_empty() {
            return None;
        }
        self.places().iter().find(|place| place.spellings().any(|spelling| search_key(spelling) == key))
    }

    /// The city of this province named `name` (any case, spaces and dots, or another spelling of it), spelt
    /// as in the table.
    #[must_use]
    pub fn city(self, name: &str) -> Option<&'static str> {
        self.place(name).map(Place::name)
    }
}

impl fmt::Display for Province {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A province or city name that is not in the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocationError {
    /// The province is none of the seven.
    #[error("'{0}' is not one of the provinces we deliver to.")]
    UnknownProvince(String),
    /// A city was given without its province.
    #[error("Choose a province first.")]
    CityWithoutProvince,
    /// The city is not one of the province's cities.
    #[error("'{city}' is not a city in {}.", province.label())]
    UnknownCity {
        /// The city as given, shortened to 40 characters.
        city: String,
        /// The province it was given with.
        province: Province,
    },
    /// A place of the table given with another province than its own.
    #[error("'{city}' is in {}, not {}.", its_province.label(), province.label())]
    CityOfAnotherProvince {
        /// The place, spelt as in the table.
        city: &'static str,
        /// The province it was given with.
        province: Province,
        /// The province it is in.
        its_province: Province,
    },
    /// A city the table lacks that is too short or too long to be a place's name.
    #[error("City must be {MIN_CITY_CHARS} to {MAX_CITY_CHARS} characters.")]
    CityLength,
    /// A city the table lacks holding a line break or another control character, or no letter.
    #[error("City must be one line naming a place.")]
    CityNotAName,
}

fn shortened(text: &str) -> String {
    text.trim().chars().take(40).collect()
}

impl FromStr for Province {
    type Err = LocationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let name = text.trim();
        Self::ALL
            .into_iter()
            .find(|province| province.name().eq_ignore_ascii_case(name) || province.label().eq_ignore_ascii_case(name))
            .ok_or_else(|| LocationError::UnknownProvince(shortened(text)))
    }
}

/// The province names, in the table's order.
#[must_use]
pub const fn provinces() -> &'static [&'static str] {
    &PROVINCE_NAMES
}

/// A province and one of its cities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Location {
    province: Province,
    city: &'static str,
}

impl Location {
    /// Checks that `city` is one of `province`'s cities.
    ///
    /// # Errors
    /// [`LocationError::UnknownCity`] otherwise.
    pub fn new(province: Province, city: &str) -> Result<Self, LocationError> {
        province
            .city(city)
            .map(|city| Self { province, city })
            .ok_or_else(|| LocationError::UnknownCity { city: shortened(city), province })
    }

    /// Checks a province name and a city name as a form sends them.
    ///
    /// # Errors
    /// [`LocationError::UnknownProvince`] or [`LocationError::UnknownCity`].
    pub fn parse(province: &str, city: &str) -> Result<Self, LocationError> {
        Self::new(province.parse()?, city)
    }

    /// The province.
    #[must_use]
    pub const fn province(&self) -> Province {
        self.province
    }

    /// The city, spelt as in the table.
    #[must_use]
    pub const fn city(&self) -> &'static str {
        self.city
    }
}

/// A city the table lacks, as the shopper or the owner typed it: trimmed, runs of spaces made one,
/// [`MIN_CITY_CHARS`] to [`MAX_CITY_CHARS`] characters of one line holding at least one letter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CityName(String);

impl CityName {
    /// # Errors
    /// [`LocationError::CityLength`] or [`LocationError::CityNotAName`].
    pub fn parse(text: &str) -> Result<Self, LocationError> {
        let text = text.trim();
        if text.chars().any(|c| c.is_control() || is_unseen(c)) || !text.chars().any(char::is_alphabetic) {
            return Err(LocationError::CityNotAName);
        }
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if (MIN_CITY_CHARS..=MAX_CITY_CHARS).contains(&name.chars().count()) {
            Ok(Self(name))
        } else {
            Err(LocationError::CityLength)
        }
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The city of a delivery address with its province: one of the table's places, or a name the table lacks,
/// kept as typed and flagged for the owner to check before booking.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeliveryCity {
    /// A place of the table.
    Listed(Location),
    /// A name the table lacks.
    Unlisted {
        /// The province it was given with.
        province: Province,
        /// The name as typed.
        name: CityName,
    },
}

impl DeliveryCity {
    /// The place of `province` that answers to `text` (by name or another spelling), else `text` as a city
    /// the table lacks.
    ///
    /// # Errors
    /// [`LocationError::CityOfAnotherProvince`] for a place the table has only in other provinces (a wrong
    /// province is a mistake to catch before the courier does); [`LocationError::CityLength`] or
    /// [`LocationError::CityNotAName`] for a name the table lacks that cannot be a place's.
    pub fn parse(province: Province, text: &str) -> Result<Self, LocationError> {
        if let Some(city) = province.city(text) {
            return Ok(Self::Listed(Location { province, city }));
        }
        if let Some((its_province, city)) = Province::ALL.iter().find_map(|&p| p.city(text).map(|city| (p, city))) {
            return Err(LocationError::CityOfAnotherProvince { city, province, its_province });
        }
        CityName::parse(text).map(|name| Self::Unlisted { province, name })
    }

    /// The province.
    #[must_use]
    pub const fn province(&self) -> Province {
        match self {
            Self::Listed(location) => location.province,
            Self::Unlisted { province, .. } => *province,
        }
    }

    /// The city: the table's spelling, or the name as typed.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Self::Listed(location) => location.city,
            Self::Unlisted { name, .. } => name.as_str(),
        }
    }

    /// Whether the city is one of the table's.
    #[must_use]
    pub const fn is_listed(&self) -> bool {
        matches!(self, Self::Listed(_))
    }
}

/// Whether `city`, as an order stores it, is one of `province`'s places: an order whose city is not is
/// flagged for the owner to check before booking.
#[must_use]
pub fn is_listed(province: Option<Province>, city: &str) -> bool {
    province.is_some_and(|province| province.places().iter().any(|place| place.name() == city))
}

/// The provinces' names in Urdu, in [`PROVINCE_LABELS`]' order.
const PROVINCE_LABELS_UR: [&str; 7] =
    ["پنجاب", "سندھ", "خیبر پختونخوا", "بلوچستان", "گلگت بلتستان", "آزاد کشمیر", "اسلام آباد"];

impl Localized for LocationError {
    fn urdu(&self) -> String {
        let ur = |province: Province| PROVINCE_LABELS_UR[province as usize];
        match self {
            Self::UnknownProvince(province) => format!("'{province}' ان صوبوں میں سے نہیں جہاں ہم ڈیلیوری کرتے ہیں۔"),
            Self::CityWithoutProvince => "پہلے صوبہ منتخب کریں۔".to_owned(),
            Self::UnknownCity { city, province } => format!("'{city}' {} کا شہر نہیں ہے۔", ur(*province)),
            Self::CityOfAnotherProvince { city, province, its_province } => {
                format!("'{city}' {} میں ہے، {} میں نہیں۔", ur(*its_province), ur(*province))
            }
            Self::CityLength => format!("شہر کا نام {MIN_CITY_CHARS} سے {MAX_CITY_CHARS} حروف کا ہونا چاہیے۔"),
            Self::CityNotAName => "شہر کا نام ایک ہی سطر میں کسی جگہ کا نام ہونا چاہیے۔".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    const SPEC: [(&str, &[&str]); 7] = [
        ("Punjab", &["Lahore", "Rawalpindi", "Multan", "Faisalabad", "Gujranwala", "Sargodha", "Bahawalpur"]),
        ("Sindh", &["Karachi", "Hyderabad", "Sukkur", "Larkana", "Nawabshah"]),
        ("KhyberPakhtunkhwa", &["Peshawar", "Mardan", "Abbottabad", "Swat", "Kohat"]),
        ("Balochistan", &["Quetta", "Gwadar", "Khuzdar", "Turbat"]),
        ("GilgitBaltistan", &["Gilgit", "Skardu", "Hunza"]),
        ("AzadKashmir", &["Muzaffarabad", "Mirpur", "Kotli"]),
        ("Islamabad", &["Islamabad"]),
    ];

    fn every_place() -> impl Iterator<Item = (Province, &'static Place)> {
        Province::ALL.into_iter().flat_map(|p| p.places().iter().map(move |place| (p, place)))
    }

    #[test]
    fn the_provinces_are_the_seven_of_the_spec_in_order() {
        assert_eq!(
            provinces(),
            ["Punjab", "Sindh", "KhyberPakhtunkhwa", "Balochistan", "GilgitBaltistan", "AzadKashmir", "Islamabad"]
        );
        let names: Vec<_> = Province::ALL.into_iter().map(Province::name).collect();
        assert_eq!(names, provinces());
    }

    #[test]
    fn every_province_starts_with_the_cities_of_the_spec_in_order_spelt_as_before() {
        for (province, cities) in SPEC {
            let listed: Vec<&str> = province.parse::<Province>().unwrap().cities().take(cities.len()).collect();

            assert_eq!(listed, cities, "{province}");
        }
    }

    #[test]
    fn after_the_cities_of_the_spec_each_provinces_places_are_in_alphabetical_order() {
        for (province, cities) in SPEC {
            let rest: Vec<&str> = province.parse::<Province>().unwrap().cities().skip(cities.len()).collect();
            let mut sorted = rest.clone();
            sorted.sort_unstable();

            assert_eq!(rest, sorted, "{province}");
        }
    }

    #[test]
    fn the_table_holds_several_hundred_places_with_the_district_towns_couriers_deliver_to() {
        let counts: Vec<(&str, usize)> = Province::ALL.iter().map(|p| (p.name(), p.places().len())).collect();
        let total: usize = counts.iter().map(|(_, n)| n).sum();

        assert!(total >= 300, "{total} places: {counts:?}");
        for (province, town) in [
            ("Punjab", "Sialkot"),
            ("Punjab", "Gujrat"),
            ("Punjab", "Sheikhupura"),
            ("Punjab", "Sahiwal"),
            ("Punjab", "Rahim Yar Khan"),
            ("Punjab", "Mandi Bahauddin"),
            ("Punjab", "Dera Ghazi Khan"),
            ("Punjab", "Wah Cantt"),
            ("Punjab", "Murree"),
            ("Sindh", "Mirpur Khas"),
            ("Sindh", "Tando Adam"),
            ("Sindh", "Umerkot"),
            ("KhyberPakhtunkhwa", "Mingora"),
            ("KhyberPakhtunkhwa", "Dera Ismail Khan"),
            ("KhyberPakhtunkhwa", "Chitral"),
            ("Balochistan", "Hub"),
            ("Balochistan", "Chaman"),
            ("Balochistan", "Zhob"),
            ("GilgitBaltistan", "Chilas"),
            ("AzadKashmir", "Rawalakot"),
            ("AzadKashmir", "Bhimber"),
        ] {
            assert_eq!(province.parse::<Province>().unwrap().city(town), Some(town), "{town} in {province}");
        }
    }

    #[test]
    fn no_two_places_nor_their_spellings_answer_to_the_same_text() {
        let mut seen: HashMap<String, &str> = HashMap::new();

        for (_, place) in every_place() {
            let mut own: Vec<String> = place.spellings().map(search_key).collect();
            own.sort();
            own.dedup();
            for key in own {
                assert!(!key.is_empty(), "{}", place.name());
                if let Some(other) = seen.insert(key.clone(), place.name()) {
                    panic!("'{key}' answers to both {other} and {}", place.name());
                }
            }
        }
    }

    #[test]
    fn names_are_one_trimmed_line_and_the_courier_spelling_differs_only_where_couriers_write_otherwise() {
        for (_, place) in every_place() {
            for spelling in place.spellings() {
                assert_eq!(spelling, spelling.trim());
                assert!(!spelling.contains("  ") && spelling.chars().all(|c| c.is_ascii_graphic() || c == ' '));
            }
        }
        let differing: Vec<(&str, &str)> = every_place()
            .filter(|(_, p)| p.courier_spelling() != p.name())
            .map(|(_, p)| (p.name(), p.courier_spelling()))
            .collect();
        assert!(differing.contains(&("Dera Ghazi Khan", "D.G. Khan")));
        assert!(differing.contains(&("Dera Ismail Khan", "D.I. Khan")));
        assert!(differing.contains(&("Mirpur", "Mirpur AJK")));
    }

    #[test]
    fn a_place_is_found_by_other_spellings_in_any_case_with_spaces_and_dots_ignored() {
        for typed in ["Dera Ghazi Khan", "dg khan", "D.G Khan", "D.G. Khan", "DG-KHAN", " dera ghazi khan "] {
            assert_eq!(Province::Punjab.city(typed), Some("Dera Ghazi Khan"), "{typed}");
        }
        assert_eq!(Province::KhyberPakhtunkhwa.city("d.i. khan"), Some("Dera Ismail Khan"));
        assert_eq!(Province::Sindh.city("Shaheed Benazirabad"), Some("Nawabshah"));
        assert_eq!(Province::Punjab.city("RYK"), Some("Rahim Yar Khan"));
        assert_eq!(Province::Punjab.city(""), None);
        assert_eq!(Province::Punjab.city(". ."), None);
    }

    #[test]
    fn search_keys_keep_letters_and_digits_in_lower_case() {
        assert_eq!(search_key(" D.G. Khan "), "dgkhan");
        assert_eq!(search_key("Wah-Cantt"), "wahcantt");
        assert_eq!(search_key("ISLAMABAD"), "islamabad");
    }

    #[test]
    fn a_place_is_named_in_any_province_by_its_table_name() {
        let (province, place) = place_named(" dera ghazi khan").unwrap();

        assert_eq!(
            (province, place.name(), place.courier_spelling()),
            (Province::Punjab, "Dera Ghazi Khan", "D.G. Khan")
        );
        assert!(place_named("DG Khan").is_none());
    }

    #[test]
    fn province_names_parse_trimmed_and_in_any_case() {
        assert_eq!("Punjab".parse::<Province>(), Ok(Province::Punjab));
        assert_eq!("  gilgitbaltistan ".parse::<Province>(), Ok(Province::GilgitBaltistan));
        assert_eq!(Province::AzadKashmir.to_string(), "AzadKashmir");
    }

    #[test]
    fn provinces_are_shown_as_written_and_parse_either_way() {
        let labels: Vec<&str> = Province::ALL.iter().map(|p| p.label()).collect();

        assert_eq!(
            labels,
            ["Punjab", "Sindh", "Khyber Pakhtunkhwa", "Balochistan", "Gilgit-Baltistan", "Azad Kashmir", "Islamabad"]
        );
        assert_eq!("Khyber Pakhtunkhwa".parse::<Province>(), Ok(Province::KhyberPakhtunkhwa));
        assert_eq!("gilgit-baltistan".parse::<Province>(), Ok(Province::GilgitBaltistan));
        assert_eq!("AzadKashmir".parse::<Province>(), Ok(Province::AzadKashmir));
        assert_eq!(
            Location::parse("KhyberPakhtunkhwa", "Lahore").unwrap_err().to_string(),
            "'Lahore' is not a city in Khyber Pakhtunkhwa."
        );
    }

    #[test]
    fn an_unknown_province_is_named_in_the_error() {
        let err = "Kashmir".parse::<Province>().unwrap_err();

        assert_eq!(err, LocationError::UnknownProvince("Kashmir".to_owned()));
        assert_eq!(err.to_string(), "'Kashmir' is not one of the provinces we deliver to.");
    }

    #[test]
    fn a_city_of_its_province_makes_a_location_spelt_as_in_the_table() {
        let location = Location::parse("sindh", " karachi ").unwrap();

        assert_eq!(location.province(), Province::Sindh);
        assert_eq!(location.city(), "Karachi");
    }

    #[test]
    fn a_place_of_another_province_is_refused_naming_its_province() {
        let err = DeliveryCity::parse(Province::Sindh, "lahore").unwrap_err();

        assert_eq!(err.to_string(), "'Lahore' is in Punjab, not Sindh.");
        assert_eq!(
            DeliveryCity::parse(Province::Punjab, "dg khan").map(|city| city.name().to_owned()),
            Ok("Dera Ghazi Khan".to_owned())
        );
        assert!(!DeliveryCity::parse(Province::Punjab, "Chak 42 Mor").unwrap().is_listed());
    }

    #[test]
    fn a_city_of_another_province_is_rejected() {
        let err = Location::parse("Punjab", "Karachi").unwrap_err();

        assert_eq!(err, LocationError::UnknownCity { city: "Karachi".to_owned(), province: Province::Punjab });
        assert_eq!(err.to_string(), "'Karachi' is not a city in Punjab.");
    }

    #[test]
    fn a_location_with_an_unknown_province_names_the_province() {
        let err = Location::parse("Atlantis", "Lahore").unwrap_err();

        assert_eq!(err.to_string(), "'Atlantis' is not one of the provinces we deliver to.");
    }

    #[test]
    fn a_long_unknown_name_is_shortened_in_the_error() {
        let err = Location::new(Province::Islamabad, &"x".repeat(100)).unwrap_err();

        assert_eq!(err.to_string(), format!("'{}' is not a city in Islamabad.", "x".repeat(40)));
    }

    #[test]
    fn every_place_of_the_table_makes_a_location_with_its_own_province() {
        for (province, place) in every_place() {
            let location = Location::new(province, place.name()).map(|l| (l.province(), l.city()));

            assert_eq!(location, Ok((province, place.name())));
            assert!(is_listed(Some(province), place.name()));
        }
    }

    #[test]
    fn a_delivery_city_of_the_table_is_listed_under_its_table_name() {
        let city = DeliveryCity::parse(Province::Punjab, "D.G Khan").unwrap();

        assert_eq!((city.province(), city.name(), city.is_listed()), (Province::Punjab, "Dera Ghazi Khan", true));
    }

    #[test]
    fn a_city_the_table_lacks_is_kept_as_typed_trimmed_on_one_line_and_unlisted() {
        let city = DeliveryCity::parse(Province::Punjab, "  Kot   Sultan ").unwrap();

        assert_eq!((city.province(), city.name(), city.is_listed()), (Province::Punjab, "Kot Sultan", false));
        assert!(!is_listed(Some(Province::Punjab), "Kot Sultan"));
        assert!(!is_listed(Some(Province::Sindh), "Lahore"));
        assert!(!is_listed(None, "Lahore"));
    }

    #[test]
    fn a_city_the_table_lacks_is_two_to_sixty_characters_of_one_line_with_a_letter() {
        assert!(CityName::parse("Ab").is_ok());
        assert!(CityName::parse(&"a".repeat(60)).is_ok());
        assert_eq!(CityName::parse("A"), Err(LocationError::CityLength));
        assert_eq!(CityName::parse(&"a".repeat(61)), Err(LocationError::CityLength));
        assert_eq!(CityName::parse("Kot\nSultan"), Err(LocationError::CityNotAName));
        assert_eq!(CityName::parse("Kot \u{202E}Sultan"), Err(LocationError::CityNotAName));
        assert_eq!(CityName::parse("12345"), Err(LocationError::CityNotAName));
        assert_eq!(LocationError::CityLength.to_string(), "City must be 2 to 60 characters.");
        assert_eq!(LocationError::CityNotAName.to_string(), "City must be one line naming a place.");
    }
}
