/**
 * Formats an amount of Pakistani rupees the one way the shop shows money: `Rs 1299`.
 * Amounts are rounded to whole rupees; no thousands separators or decimals.
 */
export function formatRupees(amount: number): string {
  const whole = Math.round(amount);
  return whole < 0 ? `- Rs ${Math.abs(whole)}` : `Rs ${whole}`;
}
