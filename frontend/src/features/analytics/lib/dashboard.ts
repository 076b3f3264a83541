import type { DashboardActivity, DashboardWaiting } from '@/api/generated';
import { adminAreaPaths } from '@/config/admin-area-paths';
import { formatRupees } from '@/lib/money';

/** One count of the work waiting: its words, its figure and the filtered list it opens. */
export interface DashboardCount {
  key: keyof DashboardWaiting;
  label: string;
  count: number;
  href: string;
}

const ordersWhere = (query: string) => `${adminAreaPaths.orders.getHref()}?${query}`;

/**
 * The work waiting, most urgent first (docs/cod.md 'Dashboard'), each linking to the list that holds exactly
 * those: the orders list filtered by status and confirmation, the pending reviews, the blocklist's refused
 * checkouts.
 */
export function dashboardCounts(waiting: DashboardWaiting): DashboardCount[] {
  return [
    { key: 'newOrders', label: 'New orders to approve', count: waiting.newOrders, href: ordersWhere('status=pending&confirmed=true') },
    {
      key: 'awaitingConfirmation',
      label: 'Waiting for confirmation',
      count: waiting.awaitingConfirmation,
      href: ordersWhere('status=pending&confirmed=false'),
    },
    { key: 'toDispatch', label: 'Approved, not dispatched', count: waiting.toDispatch, href: ordersWhere('status=approved') },
    { key: 'reviews', label: 'Reviews waiting', count: waiting.reviews, href: `${adminAreaPaths.reviews.getHref()}?status=pending` },
    { key: 'refusedCheckouts', label: 'Refused checkouts today', count: waiting.refusedCheckouts, href: adminAreaPaths.blocklist.getHref() },
  ];
}

/** A period's figures as the dashboard lists them: placed, delivered, returned, cash collected. */
export function activityFigures(activity: DashboardActivity): { label: string; value: string }[] {
  return [
    { label: 'Placed', value: String(activity.placed) },
    { label: 'Delivered', value: String(activity.delivered) },
    { label: 'Returned', value: String(activity.returned) },
    { label: 'Cash collected', value: formatRupees(activity.cashCollected) },
  ];
}
