import type { AnalyticsResponse, AnalyticsTotals, Breakdown } from '@/api/generated';
import { MAX_PERIOD_DAYS, periodTooLong, startAfterEnd } from '@/api/rules/analytics.gen';
import { formatShopDate } from '@/lib/date-time';
import { formatRupees } from '@/lib/money';

import { toCsv } from './csv';

/** The four tables of the analytics page (docs/cod.md 'Analytics'), with their choice and first column. */
export const analyticsViews = [
  { by: 'week', choice: 'By week', column: 'Week' },
  { by: 'city', choice: 'By city', column: 'City' },
  { by: 'product', choice: 'By product', column: 'Product' },
  { by: 'coupon', choice: 'By coupon', column: 'Coupon' },
] as const satisfies readonly { by: Breakdown; choice: string; column: string }[];

/** What the rows stand for: the API's breakdowns. */
export type AnalyticsBy = Breakdown;

/** The figure columns every table has, after its first. */
export const figureColumns = ['Placed', 'Delivered', 'Returned', 'Rejected', 'Delivery rate (%)', 'Cash collected (Rs)'] as const;

/** What the table shows where a delivery rate has nothing to go on (nothing delivered or returned). */
export const NO_RATE = 'n/a';

/** One row's figures (or the totals'), as GET /api/analytics/orders answers them. */
export type Figures = AnalyticsTotals;

/** A report as GET /api/analytics/orders answers it: its rows (key, label, figures) and totals. */
export type AnalyticsReport = Pick<AnalyticsResponse, 'by' | 'from' | 'to' | 'rows' | 'totals'>;

/** The table the page shows and exports: header, rows (each with its server key) and the totals row. */
export interface AnalyticsTable {
  header: string[];
  rows: { key: string; cells: string[] }[];
  totals: string[];
}

/** A delivery rate as shown: one decimal (`66.7`, `80.0`), or 'n/a' when there is none. */
export function deliveryRateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? NO_RATE : rate.toFixed(1);
}

/** The figure cells of a row, in the order of `figureColumns`. */
export function figureCells(figures: Figures): string[] {
  return [
    String(figures.placed),
    String(figures.delivered),
    String(figures.returned),
    String(figures.rejected),
    deliveryRateText(figures.deliveryRate),
    String(figures.cashCollected),
  ];
}

/** The first column's title for a report's `by`. */
export function firstColumn(by: string): string {
  return analyticsViews.find((view) => view.by === by)?.column ?? 'Group';
}

/** The report as the cells of its table: the header, a row per group (the server's label first), then 'Total'. */
export function analyticsTable(report: AnalyticsReport): AnalyticsTable {
  return {
    header: [firstColumn(report.by), ...figureColumns],
    rows: report.rows.map((row) => ({ key: row.key, cells: [row.label, ...figureCells(row)] })),
    totals: ['Total', ...figureCells(report.totals)],
  };
}

/** The table as CSV: its header, its rows and its totals row, each cell as shown. */
export function analyticsCsv(table: AnalyticsTable): string {
  return toCsv([table.header, ...table.rows.map((row) => row.cells), table.totals]);
}

/** The export's file name: `orders-by-week-2026-11-01-to-2026-11-30.csv`. */
export function analyticsFileName(report: Pick<AnalyticsReport, 'by' | 'from' | 'to'>): string {
  return `orders-by-${report.by}-${report.from}-to-${report.to}.csv`;
}

/** What the page says while a date field is empty. */
export const CHOOSE_BOTH_DATES = 'Choose both dates.';

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * What is wrong with a period the owner typed, in the server's words, or null: both dates are needed
 * (`YYYY-MM-DD`, as date fields give them), the start not after the end, at most MAX_PERIOD_DAYS apart.
 */
export function periodProblem(from: string, to: string): string | null {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayNumber(value));
  if (!isDate(from) || !isDate(to)) return CHOOSE_BOTH_DATES;
  if (from > to) return startAfterEnd;
  return dayNumber(to) - dayNumber(from) > MAX_PERIOD_DAYS ? periodTooLong : null;
}


/**
 * `2026-11-01` as '1 Nov 2026', months as the server's week labels write them ('Sep', where some browsers'
 * own formatter writes 'Sept'); any other text as it is.
 */
export function formatDay(date: string): string {
  return formatShopDate(date);
}

/** A row's label on the chart's axis: a week as its Monday without the year ('26 Oct'), so labels stay short. */
export function chartLabel(by: string, row: { key: string; label: string }): string {
  return by === 'week' ? formatShopDate(row.key, { year: false }) : row.label;
}

/** The owner's two headline figures of a period: its delivery rate and the cash its delivered orders brought. */
export function headlineFigures(totals: Figures): { label: string; value: string }[] {
  const rate = deliveryRateText(totals.deliveryRate);
  return [
    { label: 'Delivery rate', value: rate === NO_RATE ? NO_RATE : `${rate}%` },
    { label: 'Cash collected', value: formatRupees(totals.cashCollected) },
  ];
}
