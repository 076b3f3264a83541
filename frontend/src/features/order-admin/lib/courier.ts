import type { OrderResponse } from '@/api/generated';
import { MAX_IMPORT_BYTES, MAX_SELECTED_ORDERS } from '@/api/rules/courier.gen';
import type { Outcome } from '@/components/admin/outcome';
import { env } from '@/config/env';
import type { ServerReply } from '@/lib/server-reply';

/** The courier hand-off's own texts (docs/cod.md 'Courier hand-off'); the server words every refusal. */
export const courierMessages = {
  noCity: 'No city: a courier cannot book it.',
  unlistedCity: (city: string) => `City '${city}' is not in our list: check it before booking.`,
  noneSelected: 'No orders selected',
  dispatchFailed: 'Could not dispatch the orders.',
  trackingFailed: 'Could not save the tracking number.',
  importFailed: 'Could not import the file.',
  chooseFile: 'Choose a CSV file first.',
  tooMany: `One booking sheet or dispatch takes at most ${MAX_SELECTED_ORDERS} orders.`,
  tooLarge: `The file is over ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  notUtf8: 'The file could not be read as UTF-8 text. Save it as “CSV UTF-8” and choose it again.',
  unreachable: 'Network error. Please try again.',
} as const;

/** Couriers the shop books with most, offered as suggestions; any other name can be typed. */
export const knownCouriers = ['Leopards', 'TCS', 'PostEx', 'M&P', 'Trax', 'BlueEx', 'Call Courier'] as const;

/** Whether an order can go on a courier's booking sheet: approved, with a city. */
export function isBookable(order: Pick<OrderResponse, 'status' | 'userDetails'>): boolean {
  return order.status === 'approved' && Boolean(order.userDetails.city);
}

/** 'No orders selected', '1 order selected', '3 orders selected'. */
export function selectedText(count: number): string {
  if (count === 0) return courierMessages.noneSelected;
  return `${count} ${count === 1 ? 'order' : 'orders'} selected`;
}

/**
 * GET /api/orders/courier-booking.csv (for the courier's portal) or .xlsx (for a spreadsheet: the phone keeps its
 * leading 0) for `ids`, in their order, as a link the browser downloads.
 */
export function bookingSheetHref(ids: readonly string[], format: 'csv' | 'xlsx'): string {
  return new URL(`/api/orders/courier-booking.${format}?ids=${ids.map(encodeURIComponent).join(',')}`, env.apiBaseUrl).href;
}

/**
 * The problems of a refused import as lines, rows in the file's order: `{"row 3": ["Order #999 does not
 * exist."]}` gives 'Row 3: Order #999 does not exist.'; a problem of the whole file (any other key) comes
 * first and as it is. None when the only problem is the refusal's `message` itself (an unreadable file, a
 * wrong header), which is shown already.
 */
export function importProblems(errors: Readonly<Record<string, readonly string[]>> | null | undefined, message?: string): string[] {
  const rowOf = (key: string) => /^row (\d+)$/i.exec(key.trim())?.[1];
  const problems = Object.entries(errors ?? {})
    .map(([key, texts]) => ({ row: rowOf(key), texts }))
    .sort((a, b) => (a.row === undefined ? 0 : Number(a.row)) - (b.row === undefined ? 0 : Number(b.row)));
  const [only, ...others] = problems;
  if (only && others.length === 0 && only.texts.length === 1 && only.texts[0] === message) return [];
  return problems.flatMap(({ row, texts }) => texts.map((text) => (row === undefined ? text : `Row ${row}: ${text}`)));
}

/** The server's message of a reply, as a green or red line; `failed` when a refusal had none. */
export function replyOutcome(reply: ServerReply<{ message: string }>, failed: string): Outcome {
  switch (reply.kind) {
    case 'done':
      return { tone: 'success', message: reply.data.message };
    case 'refused':
      return { tone: 'error', message: reply.message?.trim() ? reply.message : failed };
    case 'unreachable':
      return { tone: 'error', message: courierMessages.unreachable };
  }
}
