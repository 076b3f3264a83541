import { LOCATIONS, PLACE_ALIASES } from '@/api/rules/places.gen';

export type Province = keyof typeof LOCATIONS;

/** The provinces, in the order the dropdown lists them (docs/spec.md §3 'Locations'). */
export const provinces = Object.keys(LOCATIONS) as Province[];

/** The places of `province`, none when no (known) province is chosen. */
export function citiesOf(province: string): readonly string[] {
  return Object.hasOwn(LOCATIONS, province) ? LOCATIONS[province as Province] : [];
}

/**
 * How names are compared, as the server's `domain::locations::search_key`: lower case, letters and digits
 * only, so 'D.G Khan', 'dg khan' and 'DG-Khan' are all `dgkhan`.
 */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function spellingsOf(city: string): readonly string[] {
  return [city, ...((Object.hasOwn(PLACE_ALIASES, city) ? PLACE_ALIASES[city] : undefined) ?? [])];
}

/** The place of `province` that answers to `typed` (its name or another spelling), as the server finds it. */
export function listedCity(province: string, typed: string): string | undefined {
  const key = searchKey(typed);
  if (key === '') return undefined;
  return citiesOf(province).find((city) => spellingsOf(city).some((spelling) => searchKey(spelling) === key));
}

/**
 * The places of `province` matching what was typed, best first: a name or other spelling that starts with
 * it (case, spaces, dots and dashes ignored), then one with a word that starts with it, then one that holds
 * it; at most `limit`. Everything typed away, the province's places in the table's order.
 */
export function matchPlaces(province: string, typed: string, limit = 8): string[] {
  const cities = citiesOf(province);
  const key = searchKey(typed);
  if (key === '') return cities.slice(0, limit);
  const rank = (city: string): number => {
    let best = 3;
    for (const spelling of spellingsOf(city)) {
      if (searchKey(spelling).startsWith(key)) return 0;
      const words = spelling.split(/[\s.-]+/).map(searchKey);
      if (words.some((word) => word.startsWith(key))) best = Math.min(best, 1);
      else if (searchKey(spelling).includes(key)) best = Math.min(best, 2);
    }
    return best;
  };
  return cities
    .map((city, order) => ({ city, order, rank: rank(city) }))
    .filter((match) => match.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((match) => match.city);
}
