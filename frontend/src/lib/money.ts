import { PAISA_PER_RUPEE } from '@/api/rules/cart.gen';

import { currentLanguage } from './language';

/**
 * `numerator / denominator` rounded to the nearest integer, halves towards +∞ (the domain's percentage rule,
 * as `Math.round`); integers only, `denominator` positive.
 */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Paisa rounded to whole rupees, halves away from zero, as the domain's `Rupees::round_to_whole` (Rs 50.50
 * shows as Rs 51, and −Rs 50.50 as −Rs 51).
 */
export function toWholeRupees(paisa: number): number {
  const whole = Math.floor((Math.abs(paisa) + PAISA_PER_RUPEE / 2) / PAISA_PER_RUPEE);
  return paisa < 0 ? 0 - whole : whole;
}

/** Whole rupees (with at most two decimals) to paisa. */
export function toPaisa(rupees: number): number {
  return Math.round(rupees * PAISA_PER_RUPEE);
}

/** Whole rupees with their thousands grouped by commas, as the server's `Rupees` shows them: `125,000`. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Whole rupees in Urdu, set by the Urdu catalogues' chunk when an Urdu page loads it (`urdu-catalogues.ts`). */
let urduRupees: ((whole: number) => string) | undefined;

/** Takes the Urdu pages' rupee format. */
export function setUrduRupees(format: (whole: number) => string): void {
  urduRupees = format;
}

/**
 * Formats an amount of Pakistani rupees the one way the shop shows money: `Rs 1,299`.
 * Amounts are rounded to whole rupees (halves away from zero), thousands grouped by commas, no decimals. On
 * an Urdu page through Intl for `ur-PK` (`Rs 1,299` too, with the locale's own signs and spaces).
 */
export function formatRupees(amount: number): string {
  const whole = toWholeRupees(toPaisa(amount));
  if (urduRupees && currentLanguage() === 'ur') return urduRupees(whole);
  return whole < 0 ? `- Rs ${groupThousands(-whole)}` : `Rs ${groupThousands(whole)}`;
}
