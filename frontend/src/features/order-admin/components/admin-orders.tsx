import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import type { AdminOrderResponse } from '@/api/generated';
import { LoadMore } from '@/components/ui/load-more';
import { LoadingBar } from '@/components/ui/loading-bar';
import { statusLabel } from '@/lib/order-status';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { ordersOfPages, useAdminOrders } from '../api/orders';
import { orderMessages, orderStatuses } from '../lib/order-actions';
import { noOrderChecksFilter, type OrderChecksFilter } from '../lib/order-checks';

import { AdminOrder } from './admin-order';
import { OrderCheckFilters } from './order-check-filters';
import { OrderChecksBar } from './order-checks-bar';
import { CourierTools } from './courier-tools';

/** How long the search waits after the last keystroke before asking the server. */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;

/** The list's filters a link may set: `?q=`, `?status=` and `?confirmed=` (the dashboard's counts). */
function filtersOf(params: URLSearchParams): { q: string; status: string; checks: OrderChecksFilter } {
  const status = params.get('status') ?? '';
  const confirmed = params.get('confirmed') ?? '';
  return {
    q: params.get('q') ?? '',
    status: (orderStatuses as readonly string[]).includes(status) ? status : '',
    checks: { ...noOrderChecksFilter, confirmed: confirmed === 'true' || confirmed === 'false' ? confirmed : '' },
  };
}

/**
 * The orders admin (docs/spec.md §2 'Orders admin', §5 'Admin order search'): a search box (id, name, phones,
 * e-mail, city or status, matched by the server as the owner types; `?q=` fills it in) and one row with the
 * status filter and 'More filters' (sort, risk, confirmation), then the result count and the orders; the courier
 * hand-off and the order-check tools wait folded in one section. The order the owner opened stays open, and on
 * screen, whatever a later search answers.
 */
export function AdminOrders() {
  const [params] = useSearchParams();
  const [initial] = useState(() => filtersOf(params));
  const [search, setSearch] = useState(initial.q);
  const [status, setStatus] = useState(initial.status);
  const [checks, setChecks] = useState(initial.checks);
  const [openOrder, setOpenOrder] = useState<AdminOrderResponse | null>(null);
  const q = useDebouncedValue(search, ORDER_SEARCH_DEBOUNCE_MS);
  const pages = useAdminOrders({ q, status, ...checks });
  const found = ordersOfPages(pages.data);
  const id = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const filters = useRef<HTMLFormElement>(null);
  const moreFilters = checks.sort !== noOrderChecksFilter.sort || checks.minRisk !== '' || checks.confirmed !== '';

  // The order the owner opened, as the latest answer has it; when a later search leaves it out it stays first.
  const fresh = openOrder && found.find((order) => order._id === openOrder._id);
  const kept = openOrder !== null && fresh === undefined ? openOrder : null;
  const orders = kept ? [kept, ...found] : found;

  // A search typed on a phone: once its answer is drawn, the form goes to the top of the screen, so the count
  // and the first result sit above the keyboard.
  const answered = pages.data;
  useEffect(() => {
    if (answered === undefined || q.trim() === '' || document.activeElement !== searchBox.current) return;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom (the unit tests) has no scrollIntoView
    filters.current?.scrollIntoView?.({ block: 'start' });
  }, [answered, q]);

  const toggle = (order: AdminOrderResponse) => {
    setOpenOrder((current) => (current?._id === order._id ? null : order));
  };

  return (
    <>
      <form
        ref={filters}
        className="admin-orders__filters"
        role="search"
        aria-label="Orders"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <div className="form-field admin-orders__search">
          <label htmlFor={`${id}-q`}>Search orders</label>
          <input
            ref={searchBox}
            id={`${id}-q`}
            type="search"
            name="q"
            value={search}
            placeholder="Order id, name, phone, email or city"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
        </div>
        <div className="admin-orders__row">
          <div className="form-field">
            <label htmlFor={`${id}-status`}>Status</label>
            <select
              id={`${id}-status`}
              name="status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
              }}
            >
              <option value="">All statuses</option>
              {orderStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </select>
          </div>
          <details className="admin-orders__more" open={moreFilters || undefined}>
            <summary>More filters</summary>
            <div className="admin-orders__more-fields">
              <OrderCheckFilters value={checks} onChange={setChecks} />
            </div>
          </details>
        </div>
      </form>
      <CourierTools orders={found} tools={<OrderChecksBar />}>
        {pages.isPending ? (
          <LoadingBar label="Loading orders" />
        ) : pages.data === undefined ? (
          <p className="admin-message admin-message--error" role="alert">
            {orderMessages.loadFailed}
          </p>
        ) : (
          <>
            <p className="admin-orders__count" aria-live="polite">
              {found.length === 0
                ? orderMessages.none
                : `Showing ${found.length} of ${pages.data.pages.at(-1)?.total ?? found.length} orders`}
            </p>
            {orders.length > 0 && (
              <ul className="admin-orders__list">
                {orders.map((order) => (
                  <AdminOrder
                    key={order._id}
                    order={fresh?._id === order._id ? fresh : order}
                    open={openOrder?._id === order._id}
                    onToggle={() => {
                      toggle(order);
                    }}
                    note={kept === order ? 'Open: not in these results' : undefined}
                  />
                ))}
              </ul>
            )}
            {found.length > 0 && <LoadMore pages={pages} label="Load more" failed={orderMessages.moreFailed} />}
          </>
        )}
      </CourierTools>
    </>
  );
}
