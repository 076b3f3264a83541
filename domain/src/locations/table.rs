//! The places of [`super`]'s table, province by province: every district headquarters and the other towns
//! the couriers deliver to. The first places of each province are docs/spec.md's, in its order (stored
//! orders, tests and the demo shop name them); the rest follow alphabetically. A place's courier spelling is
//! the one Leopards', TCS's and PostEx's city lists use where it differs from the name; its aliases are other
//! spellings shoppers type ('DG Khan', 'Shaheed Benazirabad'), found by the search but never stored.

/// A place of the table: its name, the couriers' spelling and the other spellings shoppers type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    name: &'static str,
    courier: &'static str,
    aliases: &'static [&'static str],
    word: bool,
}

impl Place {
    const fn new(name: &'static str) -> Self {
        Self { name, courier: name, aliases: &[], word: false }
    }

    const fn courier(self, courier: &'static str) -> Self {
        Self { courier, ..self }
    }

    const fn aliases(self, aliases: &'static [&'static str]) -> Self {
        Self { aliases, ..self }
    }

    /// A name that is also an everyday word of addresses ('Bagh', 'Tank'), so an address holding it may not
    /// mean the place.
    const fn word(self) -> Self {
        Self { word: true, ..self }
    }

    /// The name, as orders store it.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The couriers' spelling for the booking sheet ('D.G. Khan'); the name where they write it alike.
    #[must_use]
    pub const fn courier_spelling(&self) -> &'static str {
        self.courier
    }

    /// Other spellings shoppers type, which the search finds ('DG Khan', 'Shaheed Benazirabad').
    #[must_use]
    pub const fn aliases_of(&self) -> &'static [&'static str] {
        self.aliases
    }

    /// Whether the name is also an everyday word of addresses ('Bagh', 'Tank').
    #[must_use]
    pub const fn is_common_word(&self) -> bool {
        self.word
    }

    /// The name, the courier spelling and the aliases.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> {
        [self.name, self.courier].into_iter().chain(self.aliases.iter().copied())
    }
}

const fn p(name: &'static str) -> Place {
    Place::new(name)
}

pub(super) const PUNJAB: &[Place] = &[
    p("Lahore"),
    p("Rawalpindi").aliases(&["Pindi"]),
    p("Multan"),
    p("Faisalabad").aliases(&["Lyallpur"]),
    p("Gujranwala"),
    p("Sargodha"),
    p("Bahawalpur"),
    p("Ahmedpur East").aliases(&["Ahmadpur East", "Ahmedpur"]),
    p("Alipur"),
    p("Arifwala"),
    p("Attock").aliases(&["Campbellpur"]),
    p("Bahawalnagar"),
    p("Basirpur"),
    p("Bhakkar"),
    p("Bhalwal"),
    p("Bhera"),
    p("Burewala"),
    p("Chak Jhumra"),
    p("Chakwal"),
    p("Chichawatni"),
    p("Chiniot"),
    p("Chishtian"),
    p("Choa Saidan Shah"),
    p("Chunian"),
    p("Darya Khan"),
    p("Daska"),
    p("Depalpur").aliases(&["Dipalpur"]),
    p("Dera Ghazi Khan").courier("D.G. Khan").aliases(&["DG Khan", "Dera Ghazi"]),
    p("Dina"),
    p("Dinga"),
    p("Dunyapur"),
    p("Eminabad"),
    p("Fateh Jang"),
    p("Fort Abbas"),
    p("Gojra"),
    p("Gujar Khan").aliases(&["Gujjar Khan"]),
    p("Gujrat"),
    p("Hafizabad"),
    p("Haroonabad").aliases(&["Harunabad"]),
    p("Hasan Abdal").aliases(&["Hassan Abdal"]),
    p("Hasilpur"),
    p("Isa Khel"),
    p("Jahanian"),
    p("Jalalpur Jattan"),
    p("Jalalpur Pirwala"),
    p("Jampur"),
    p("Jaranwala"),
    p("Jatoi"),
    p("Jauharabad").aliases(&["Joharabad"]),
    p("Jhang"),
    p("Jhelum"),
    p("Kabirwala"),
    p("Kahror Pacca").aliases(&["Kahror Pakka", "Karor Pacca"]),
    p("Kahuta"),
    p("Kalabagh"),
    p("Kallar Kahar"),
    p("Kallar Syedan"),
    p("Kamalia"),
    p("Kamoke").aliases(&["Kamonki"]),
    p("Karor Lal Esan").aliases(&["Karor"]),
    p("Kasur"),
    p("Khanewal"),
    p("Khanpur"),
    p("Kharian"),
    p("Khushab"),
    p("Kot Addu"),
    p("Kot Momin"),
    p("Kot Radha Kishan"),
    p("Lalamusa").aliases(&["Lala Musa"]),
    p("Layyah").aliases(&["Leiah"]),
    p("Liaquatpur").aliases(&["Liaqatpur"]),
    p("Lodhran"),
    p("Mailsi"),
    p("Malakwal"),
    p("Mandi Bahauddin").aliases(&["M.B. Din", "Mandi Bahaudin"]),
    p("Mian Channu").aliases(&["Mian Chanu"]),
    p("Mianwali"),
    p("Minchinabad"),
    p("Muridke"),
    p("Murree"),
    p("Muzaffargarh").aliases(&["Muzafargarh"]),
    p("Nankana Sahib").aliases(&["Nankana"]),
    p("Narowal"),
    p("Nowshera Virkan"),
    p("Okara"),
    p("Pakpattan").aliases(&["Pak Pattan"]),
    p("Pasrur"),
    p("Pattoki"),
    p("Phalia"),
    p("Pind Dadan Khan").courier("P.D. Khan").aliases(&["PD Khan"]),
    p("Pindi Bhattian"),
    p("Pindi Gheb"),
    p("Pir Mahal"),
    p("Qila Didar Singh"),
    p("Rahim Yar Khan").aliases(&["R.Y. Khan", "RY Khan", "RYK"]),
    p("Raiwind"),
    p("Rajanpur"),
    p("Renala Khurd"),
    p("Sadiqabad"),
    p("Safdarabad"),
    p("Sahiwal"),
    p("Sambrial"),
    p("Samundri"),
    p("Sangla Hill"),
    p("Sarai Alamgir"),
    p("Shakargarh"),
    p("Sharaqpur"),
    p("Sheikhupura").aliases(&["Shekhupura"]),
    p("Shorkot"),
    p("Shujabad"),
    p("Sialkot"),
    p("Sillanwali"),
    p("Sohawa"),
    p("Talagang"),
    p("Tandlianwala"),
    p("Taunsa").aliases(&["Taunsa Sharif"]),
    p("Taxila"),
    p("Toba Tek Singh").courier("T.T. Singh").aliases(&["TT Singh"]),
    p("Vehari"),
    p("Wah Cantt").aliases(&["Wah", "Wah Cantonment"]),
    p("Wazirabad"),
    p("Yazman"),
    p("Zafarwal"),
];

pub(super) const SINDH: &[Place] = &[
    p("Karachi"),
    p("Hyderabad"),
    p("Sukkur"),
    p("Larkana"),
    p("Nawabshah").aliases(&["Shaheed Benazirabad", "Benazirabad"]),
    p("Badin"),
    p("Bhit Shah"),
    p("Chachro"),
    p("Dadu"),
    p("Daharki"),
    p("Digri"),
    p("Diplo"),
    p("Gambat"),
    p("Garhi Khairo"),
    p("Ghotki"),
    p("Hala"),
    p("Islamkot"),
    p("Jacobabad"),
    p("Jamshoro"),
    p("Johi"),
    p("Kandhkot"),
    p("Kandiaro"),
    p("Kashmore"),
    p("Keti Bandar"),
    p("Khairpur").aliases(&["Khairpur Mirs"]),
    p("Khairpur Nathan Shah"),
    p("Khipro"),
    p("Kot Diji"),
    p("Kotri"),
    p("Kunri"),
    p("Matiari"),
    p("Matli"),
    p("Mehar"),
    p("Mehrabpur"),
    p("Mirpur Khas").courier("Mirpurkhas").aliases(&["Mirpurkhas"]),
    p("Mirpur Mathelo"),
    p("Mirpur Sakro"),
    p("Mithi"),
    p("Moro"),
    p("Nagarparkar"),
    p("Naudero"),
    p("Naushahro Feroze").aliases(&["Naushero Feroze", "Nowshera Feroze"]),
    p("Pano Aqil"),
    p("Qambar").aliases(&["Kamber"]),
    p("Ranipur"),
    p("Ratodero"),
    p("Rohri"),
    p("Sakrand"),
    p("Sanghar"),
    p("Sehwan").aliases(&["Sehwan Sharif"]),
    p("Shahdadkot"),
    p("Shahdadpur"),
    p("Shikarpur"),
    p("Sinjhoro"),
    p("Sujawal"),
    p("Tando Adam"),
    p("Tando Allahyar").aliases(&["Tando Allah Yar"]),
    p("Tando Jam"),
    p("Tando Muhammad Khan").courier("Tando M. Khan").aliases(&["TM Khan", "Tando Mohammad Khan"]),
    p("Thari Mirwah"),
    p("Thatta"),
    p("Thul"),
    p("Ubauro"),
    p("Umerkot").aliases(&["Umarkot"]),
];

pub(super) const KHYBER_PAKHTUNKHWA: &[Place] = &[
    p("Peshawar"),
    p("Mardan"),
    p("Abbottabad").aliases(&["Abbotabad"]),
    p("Swat"),
    p("Kohat"),
    p("Akora Khattak"),
    p("Alpuri"),
    p("Balakot"),
    p("Bannu"),
    p("Bara").word(),
    p("Batkhela"),
    p("Battagram").aliases(&["Batagram"]),
    p("Besham"),
    p("Chakdara"),
    p("Charsadda"),
    p("Chitral"),
    p("Daggar"),
    p("Dargai"),
    p("Dassu"),
    p("Dera Ismail Khan").courier("D.I. Khan").aliases(&["DI Khan", "Dera Ismail"]),
    p("Dir").aliases(&["Upper Dir"]),
    p("Hangu"),
    p("Haripur"),
    p("Havelian"),
    p("Jamrud"),
    p("Kalam"),
    p("Karak"),
    p("Katlang"),
    p("Khar").word(),
    p("Kulachi"),
    p("Lakki Marwat").aliases(&["Lakki"]),
    p("Landi Kotal"),
    p("Mansehra"),
    p("Mingora").aliases(&["Mingora Swat"]),
    p("Miranshah").aliases(&["Miran Shah"]),
    p("Nowshera"),
    p("Oghi"),
    p("Pabbi"),
    p("Parachinar"),
    p("Pattan"),
    p("Risalpur"),
    p("Saidu Sharif"),
    p("Shabqadar"),
    p("Swabi"),
    p("Takht Bhai").aliases(&["Takhtbhai"]),
    p("Tangi"),
    p("Tank").word(),
    p("Thakot"),
    p("Timergara").aliases(&["Timergarah", "Lower Dir"]),
    p("Topi").word(),
    p("Wana"),
];

pub(super) const BALOCHISTAN: &[Place] = &[
    p("Quetta"),
    p("Gwadar"),
    p("Khuzdar"),
    p("Turbat").aliases(&["Kech"]),
    p("Awaran"),
    p("Barkhan"),
    p("Bela").word(),
    p("Chaman"),
    p("Dalbandin"),
    p("Dera Allahyar").aliases(&["Dera Allah Yar", "Jhatpat"]),
    p("Dera Bugti"),
    p("Dera Murad Jamali").courier("D.M. Jamali").aliases(&["DM Jamali"]),
    p("Dhadar"),
    p("Duki"),
    p("Gandava"),
    p("Harnai"),
    p("Hub").word().aliases(&["Hub Chowki", "Hub Chauki"]),
    p("Jiwani"),
    p("Kalat"),
    p("Kharan"),
    p("Kohlu"),
    p("Loralai"),
    p("Mach").word(),
    p("Mastung"),
    p("Musakhel").aliases(&["Musa Khel"]),
    p("Muslim Bagh"),
    p("Nushki"),
    p("Ormara"),
    p("Panjgur"),
    p("Pasni"),
    p("Pishin"),
    p("Qila Abdullah").aliases(&["Killa Abdullah"]),
    p("Qila Saifullah").aliases(&["Killa Saifullah"]),
    p("Sibi"),
    p("Sui").word(),
    p("Surab"),
    p("Taftan"),
    p("Usta Muhammad"),
    p("Uthal"),
    p("Washuk"),
    p("Zhob"),
    p("Ziarat"),
];

pub(super) const GILGIT_BALTISTAN: &[Place] = &[
    p("Gilgit"),
    p("Skardu"),
    p("Hunza").aliases(&["Aliabad", "Karimabad"]),
    p("Astore"),
    p("Chilas"),
    p("Gahkuch"),
    p("Gupis"),
    p("Jaglot"),
    p("Khaplu"),
    p("Nagar"),
    p("Shigar"),
    p("Sost"),
    p("Tolti").aliases(&["Kharmang"]),
];

pub(super) const AZAD_KASHMIR: &[Place] = &[
    p("Muzaffarabad"),
    p("Mirpur").courier("Mirpur AJK"),
    p("Kotli"),
    p("Athmuqam"),
    p("Bagh").word(),
    p("Barnala"),
    p("Bhimber"),
    p("Chakswari"),
    p("Dadyal").aliases(&["Dadial"]),
    p("Dhirkot"),
    p("Forward Kahuta"),
    p("Hajira"),
    p("Hattian Bala"),
    p("Islamgarh"),
    p("Pallandri"),
    p("Rawalakot"),
    p("Sharda"),
    p("Tarar Khal"),
];

pub(super) const ISLAMABAD: &[Place] = &[p("Islamabad")];
