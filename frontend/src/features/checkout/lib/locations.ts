import { LOCATIONS } from '@/api/rules/places.gen';

export type Province = keyof typeof LOCATIONS;

/** The provinces, in the order the dropdown lists them (docs/spec.md §3 'Locations'). */
export const provinces = Object.keys(LOCATIONS) as Province[];

/** The cities of `province`, none when no (known) province is chosen. */
export function citiesOf(province: string): readonly string[] {
  return Object.hasOwn(LOCATIONS, province) ? LOCATIONS[province as Province] : [];
}
