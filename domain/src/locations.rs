//! The fixed province-to-city table of docs/spec.md §3 'Locations', in its order, and the [`Location`] of a
//! delivery address: a province and one of its cities. Names are matched trimmed and without regard to
//! case, and always come back as the table spells them.

use std::fmt;
use std::str::FromStr;

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

    /// The province's cities, in the table's order.
    #[must_use]
    pub const fn cities(self) -> &'static [&'static str] {
        match self {
            Self::Punjab => &["Lahore", "Rawalpindi", "Multan", "Faisalabad", "Gujranwala", "Sargodha", "Bahawalpur"],
            Self::Sindh => &["Karachi", "Hyderabad", "Sukkur", "Larkana", "Nawabshah"],
            Self::KhyberPakhtunkhwa => &["Peshawar", "Mardan", "Abbottabad", "Swat", "Kohat"],
            Self::Balochistan => &["Quetta", "Gwadar", "Khuzdar", "Turbat"],
            Self::GilgitBaltistan => &["Gilgit", "Skardu", "Hunza"],
            Self::AzadKashmir => &["Muzaffarabad", "Mirpur", "Kotli"],
            Self::Islamabad => &["Islamabad"],
        }
    }

    /// The city of this province named `name` (trimmed, any case), spelt as in the table.
    #[must_use]
    pub fn city(self, name: &str) -> Option<&'static str> {
        let name = name.trim();
        self.cities().iter().copied().find(|city| city.eq_ignore_ascii_case(name))
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

/// The cities of the province named `province` (trimmed, any case), or `None` for an unknown province.
#[must_use]
pub fn cities_of(province: &str) -> Option<&'static [&'static str]> {
    province.parse::<Province>().ok().map(Province::cities)
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn every_province_has_the_cities_of_the_spec_in_order() {
        let table: Vec<_> = Province::ALL.into_iter().map(|p| (p.name(), p.cities())).collect();

        assert_eq!(
            table,
            [
                (
                    "Punjab",
                    &["Lahore", "Rawalpindi", "Multan", "Faisalabad", "Gujranwala", "Sargodha", "Bahawalpur"][..]
                ),
                ("Sindh", &["Karachi", "Hyderabad", "Sukkur", "Larkana", "Nawabshah"][..]),
                ("KhyberPakhtunkhwa", &["Peshawar", "Mardan", "Abbottabad", "Swat", "Kohat"][..]),
                ("Balochistan", &["Quetta", "Gwadar", "Khuzdar", "Turbat"][..]),
                ("GilgitBaltistan", &["Gilgit", "Skardu", "Hunza"][..]),
                ("AzadKashmir", &["Muzaffarabad", "Mirpur", "Kotli"][..]),
                ("Islamabad", &["Islamabad"][..]),
            ]
        );
    }

    #[test]
    fn cities_of_a_known_province_are_listed() {
        assert_eq!(cities_of("Sindh"), Some(&["Karachi", "Hyderabad", "Sukkur", "Larkana", "Nawabshah"][..]));
        assert_eq!(cities_of(" islamabad "), Some(&["Islamabad"][..]));
    }

    #[test]
    fn cities_of_an_unknown_province_are_none() {
        assert_eq!(cities_of("Kashmir"), None);
        assert_eq!(cities_of(""), None);
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
    fn every_city_of_the_table_makes_a_location_with_its_own_province() {
        for province in Province::ALL {
            for city in province.cities() {
                assert_eq!(Location::new(province, city).map(|l| (l.province(), l.city())), Ok((province, *city)));
            }
        }
    }
}
