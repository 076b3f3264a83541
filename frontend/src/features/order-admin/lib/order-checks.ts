import type { RiskLevel } from '@/api/generated';

/** The order checks' words on the admin's screens (docs/cod.md 'Risk score', 'Confirmation link', 'Blocklist'). */
export const codMessages = {
  confirmed: 'Confirmed',
  notConfirmed: 'Not confirmed',
  noOtherOrders: 'No other orders.',
  sameAccount: 'Same account',
  otherAccount: 'Another account',
  historyNote: 'Returns and rejections count towards the risk score only when they were the same account’s or confirmed.',
  historyLoadFailed: 'Could not load the contact history.',
  whatsApp: 'Chat on WhatsApp',
  rejectUnconfirmed: 'Reject unconfirmed orders',
  rejectUnconfirmedConfirm: 'Yes, reject them',
  settingsLoadFailed: 'Could not load the order checks.',
  settingsSaved: '✅ Order checks saved. Pending orders are scored again.',
  blocklistLoadFailed: 'Could not load the blocklist.',
  noEntries: 'Nobody is blocked.',
  noAttempts: 'No blocked checkout attempts yet.',
  attemptsNote: 'One row per account, blocked value and hour; When is the latest attempt.',
} as const;

const levelLabels: Record<RiskLevel, string> = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' };

/** 'Low risk', 'Medium risk' or 'High risk'; a level this screen does not know, as the server wrote it. */
export function riskLevelLabel(level: string): string {
  return level in levelLabels ? levelLabels[level as RiskLevel] : level;
}

/** The risk badge: the level in words and the score, 'High risk · 65'. */
export function riskBadgeText(risk: { level: string; score: number }): string {
  return `${riskLevelLabel(risk.level)} · ${risk.score}`;
}

/** 'Confirmed' once the shopper used the e-mailed link, 'Not confirmed' before. */
export function confirmationLabel(confirmedAt: string | null | undefined): string {
  return confirmedAt ? codMessages.confirmed : codMessages.notConfirmed;
}

/**
 * Whether another order of the phone or e-mail counts towards this one's risk score: 'Same account' or
 * 'Another account', then 'Confirmed' or 'Not confirmed'.
 */
export function relatedOrderLabel(order: { sameAccount: boolean; confirmed: boolean }): string {
  const account = order.sameAccount ? codMessages.sameAccount : codMessages.otherAccount;
  return `${account}, ${(order.confirmed ? codMessages.confirmed : codMessages.notConfirmed).toLowerCase()}`;
}

/** What a phone or e-mail did before: '3 other orders: 1 delivered, 1 returned, 0 rejected.' */
export function contactSummary(counts: { placed: number; delivered: number; returned: number; rejected: number }): string {
  if (counts.placed === 0) return codMessages.noOtherOrders;
  const orders = counts.placed === 1 ? '1 other order' : `${counts.placed} other orders`;
  return `${orders}: ${counts.delivered} delivered, ${counts.returned} returned, ${counts.rejected} rejected.`;
}

/** The list's order: newest first, or highest risk first (then newest). */
export const sortOptions = [
  { value: 'newest', label: 'Newest' },
  { value: 'risk', label: 'Highest risk' },
] as const;

/** The list's risk filter: any, or at least the lowest score of a level. */
export const minRiskOptions = [
  { value: '', label: 'Any risk' },
  { value: '30', label: 'Medium or high (30+)' },
  { value: '60', label: 'High (60+)' },
] as const;

/** The list's confirmation filter. */
export const confirmedOptions = [
  { value: '', label: 'Confirmed or not' },
  { value: 'true', label: 'Confirmed' },
  { value: 'false', label: 'Not confirmed' },
] as const;

/**
 * The list's sort and its risk, confirmation and WhatsApp filters; empty means none (the server's newest first).
 * `whatsapp` is `confirmed`, `noReply` or `failed` (lib/whatsapp-thread.ts `whatsAppFilterOptions`).
 */
export interface OrderChecksFilter {
  sort: string;
  minRisk: string;
  confirmed: string;
  whatsapp: string;
}

export const noOrderChecksFilter: OrderChecksFilter = { sort: 'newest', minRisk: '', confirmed: '', whatsapp: '' };

/** The list call's query for `filter`: only what differs from the server's default. */
export function orderChecksQuery({ sort, minRisk, confirmed, whatsapp }: OrderChecksFilter) {
  return {
    ...(sort === 'risk' && { sort }),
    ...(minRisk !== '' && { minRisk }),
    ...(confirmed !== '' && { confirmed }),
    ...(whatsapp !== '' && { whatsapp }),
  };
}
