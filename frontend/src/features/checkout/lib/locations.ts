/**
 * Provinces and their cities (docs/spec.md §3 'Locations'), in the order the dropdowns list them. The server checks
 * the same lookup: a city must be one of its province's.
 */
export const locations = {
  Punjab: ['Lahore', 'Rawalpindi', 'Multan', 'Faisalabad', 'Gujranwala', 'Sargodha', 'Bahawalpur'],
  Sindh: ['Karachi', 'Hyderabad', 'Sukkur', 'Larkana', 'Nawabshah'],
  KhyberPakhtunkhwa: ['Peshawar', 'Mardan', 'Abbottabad', 'Swat', 'Kohat'],
  Balochistan: ['Quetta', 'Gwadar', 'Khuzdar', 'Turbat'],
  GilgitBaltistan: ['Gilgit', 'Skardu', 'Hunza'],
  AzadKashmir: ['Muzaffarabad', 'Mirpur', 'Kotli'],
  Islamabad: ['Islamabad'],
} as const satisfies Record<string, readonly string[]>;

export type Province = keyof typeof locations;

export const provinces = Object.keys(locations) as Province[];

/** The cities of `province`, none when no (known) province is chosen. */
export function citiesOf(province: string): readonly string[] {
  return Object.hasOwn(locations, province) ? locations[province as Province] : [];
}
