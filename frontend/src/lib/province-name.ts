import { PROVINCE_NAMES } from '@/api/rules/places.gen';

/**
 * A province as it is written ('Khyber Pakhtunkhwa', 'Gilgit-Baltistan'), from the name the API uses
 * (`KhyberPakhtunkhwa`); a name outside the table is shown as it came.
 */
export function provinceName(province: string): string {
  return Object.hasOwn(PROVINCE_NAMES, province) ? PROVINCE_NAMES[province as keyof typeof PROVINCE_NAMES] : province;
}
