import { PROVINCE_NAMES } from '@/api/rules/places.gen';
import provinceTexts from '@/i18n/en/provinces.json';

import { useMessages } from './i18n';

/**
 * A province as it is written ('Khyber Pakhtunkhwa', 'Gilgit-Baltistan'), from the name the API uses
 * (`KhyberPakhtunkhwa`); a name outside the table is shown as it came.
 */
export function provinceName(province: string): string {
  return Object.hasOwn(PROVINCE_NAMES, province) ? PROVINCE_NAMES[province as keyof typeof PROVINCE_NAMES] : province;
}

/**
 * `provinceName` in the page's language (`i18n/<language>/provinces.json`: 'خیبر پختونخوا' on an Urdu page),
 * for the shopper's screens; the API's name stays the value sent.
 */
export function useProvinceName(): (province: string) => string {
  const names = useMessages(provinceTexts, 'provinces');
  return (province) => (Object.hasOwn(names, province) ? names[province as keyof typeof names]() : provinceName(province));
}
