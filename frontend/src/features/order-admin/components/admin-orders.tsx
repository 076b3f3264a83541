import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';

import { LoadMore } from '@/components/ui/load-more';
import { LoadingBar } from '@/components/ui/loading-bar';
import { statusLabel } from '@/lib/order-status';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { ordersOfPages, useAdminOrders } from '../api/orders';
import { orderMessages, orderStatuses } from '../lib/order-actions';
import { noOrderChecksFilter } from '../lib/order-checks';

import { AdminOrder } from './admin-order';
import { OrderCheckFilters } from './order-check-filters';
import { OrderChecksBar } from './order-checks-bar';
import { CourierTools } from './courier-tools';

/** How long the search waits after the last keystroke before asking the server. */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;

/**
 * The orders admin (docs/spec.md §2 'Orders admin', §5 'Admin order search'): a search box (id, name, phones,
 * e-mail, city or status, matched by the server as the owner types; `?q=` fills it in) and a status filter over
 * the orders, newest first or highest risk first and filtered by risk and confirmation (docs/cod.md), a page
 * at a time.
 */
export function AdminOrders() {
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [status, setStatus] = useState('');
  const [checks, setChecks] = useState(noOrderChecksFilter);
  const q = useDebouncedValue(search, ORDER_SEARCH_DEBOUNCE_MS);
  const pages = useAdminOrders({ q, status, ...checks });
  const orders = ordersOfPages(pages.data);
  const id = useId();

  return (
    <>
      <form
        className="admin-orders__filters"
        role="search"
        aria-label="Orders"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <div className="form-field">
          <label htmlFor={`${id}-q`}>Search orders</label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={search}
            placeholder="Order id, name, phone, email or city"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
        </div>
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
        <OrderCheckFilters value={checks} onChange={setChecks} />
      </form>
      <OrderChecksBar />
      {pages.isPending ? (
        <LoadingBar label="Loading orders" />
      ) : pages.data === undefined ? (
        <p className="admin-message admin-message--error" role="alert">
          {orderMessages.loadFailed}
        </p>
      ) : orders.length === 0 ? (
        <p className="status-text">{orderMessages.none}</p>
      ) : (
        <>
          <p className="admin-orders__count" aria-live="polite">
            Showing {orders.length} of {pages.data.pages.at(-1)?.total ?? orders.length} orders
          </p>
          <CourierTools orders={orders}>
            <ul className="admin-orders__list">
              {orders.map((order) => (
                <AdminOrder key={order._id} order={order} />
              ))}
            </ul>
          </CourierTools>
          <LoadMore pages={pages} label="Load more" failed={orderMessages.moreFailed} />
        </>
      )}
    </>
  );
}
