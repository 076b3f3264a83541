import { createContext, use, useEffect, useId, useRef, useState, type ReactNode } from 'react';

import type { OrderResponse } from '@/api/generated';
import { MAX_SELECTED_ORDERS } from '@/api/rules/courier.gen';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { OrderCourier } from '@/components/orders/order-courier';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useDispatchOrdersMutation } from '../api/courier';
import { bookingSheetHref, courierMessages, isBookable, replyOutcome, selectedText } from '../lib/courier';

import { TrackingImport } from './tracking-import';

import './courier.css';

interface Selection {
  isSelected: (id: string) => boolean;
  toggle: (id: string, selected: boolean) => void;
}

const SelectionContext = createContext<Selection | null>(null);

/** The booking sheet's two downloads: the CSV couriers' portals take, and a workbook that opens in a spreadsheet. */
const sheets = [
  { format: 'csv', text: 'Download booking CSV' },
  { format: 'xlsx', text: 'Download for Excel' },
] as const;

/**
 * The courier hand-off over the orders shown (docs/cod.md 'Courier hand-off'): 'Select all approved', the
 * booking sheet of the selection as a download link, 'Dispatch selected', and the import of tracking numbers
 * from a CSV file; `children` (the list) gets a checkbox on each approved order through `CourierSummary`.
 * The selection holds approved orders with a city only, in the list's order; an order that moves on leaves it.
 * The tools, with `tools` (the order-check tools) after them, sit folded in one section above the list, its
 * one-line summary saying how many orders are selected, so on a phone the orders come first.
 */
export function CourierTools({ orders, tools, children }: { orders: readonly OrderResponse[]; tools?: ReactNode; children: ReactNode }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const dispatch = useDispatchOrdersMutation();
  const recheckAdmin = useRecheckAdmin();
  const allBox = useRef<HTMLInputElement>(null);
  const id = useId();

  const bookable = orders.filter(isBookable);
  const chosen = bookable.filter((order) => picked.has(order._id)).map((order) => order._id);
  const all = bookable.length > 0 && chosen.length === bookable.length;
  // The server takes at most MAX_SELECTED_ORDERS at once; past that the link and the button say why instead.
  const usable = chosen.length > 0 && chosen.length <= MAX_SELECTED_ORDERS;

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = chosen.length > 0 && !all;
  }, [chosen.length, all]);

  const selection: Selection = {
    isSelected: (orderId) => picked.has(orderId),
    toggle: (orderId, selected) => {
      setPicked((current) => {
        const next = new Set(current);
        if (selected) next.add(orderId);
        else next.delete(orderId);
        return next;
      });
    },
  };

  async function dispatchSelected() {
    if (dispatch.isPending || !usable) return;
    setOutcome(null);
    const reply = await dispatch.mutateAsync(chosen);
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
    setOutcome(replyOutcome(reply, courierMessages.dispatchFailed));
    if (reply.kind === 'done') setPicked(new Set());
  }

  return (
    <>
      <details className="admin-orders__tools">
        <summary>
          Courier hand-off and order checks{chosen.length > 0 && ` · ${selectedText(chosen.length)}`}
        </summary>
      <section className="courier-tools" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Courier hand-off</h2>
        <div className="courier-tools__row">
          <label className="courier-tools__all">
            <input
              ref={allBox}
              type="checkbox"
              checked={all}
              disabled={bookable.length === 0}
              onChange={(event) => {
                setPicked(new Set(event.target.checked ? bookable.map((order) => order._id) : []));
              }}
            />
            Select all approved
          </label>
          <p className="courier-tools__count" role="status">
            {selectedText(chosen.length)}
          </p>
        </div>
        <div className="courier-tools__row">
          {sheets.map(({ format, text }) =>
            usable ? (
              <a key={format} className="button button--secondary" href={bookingSheetHref(chosen, format)} download>
                {text}
              </a>
            ) : (
              <a key={format} className="button button--secondary" aria-disabled="true">
                {text}
              </a>
            ),
          )}
          <button
            type="button"
            className="button"
            disabled={!usable || dispatch.isPending}
            aria-busy={dispatch.isPending}
            onClick={() => void dispatchSelected()}
          >
            Dispatch selected
          </button>
        </div>
        {chosen.length > MAX_SELECTED_ORDERS && (
          <p className="admin-message admin-message--error">{courierMessages.tooMany}</p>
        )}
        <OutcomeMessage outcome={outcome} />
        <TrackingImport />
      </section>
        {tools}
      </details>
      <SelectionContext value={selection}>{children}</SelectionContext>
    </>
  );
}

/**
 * Under an order's heading: its checkbox for the courier hand-off when it is approved (disabled, and saying
 * why, without a city), and its courier and tracking number once it has them.
 */
export function CourierSummary({ order }: { order: OrderResponse }) {
  const selection = use(SelectionContext);
  const id = useId();
  const selectable = selection !== null && order.status === 'approved';
  const hasTracking = Boolean(order.trackingNumber);
  if (!selectable && !hasTracking) return null;
  const bookable = isBookable(order);

  return (
    <div className="courier-summary">
      {selectable && (
        <label className="courier-summary__select">
          <input
            type="checkbox"
            checked={bookable && selection.isSelected(order._id)}
            disabled={!bookable}
            aria-describedby={bookable ? undefined : `${id}-why`}
            onChange={(event) => {
              selection.toggle(order._id, event.target.checked);
            }}
          />
          Select order #{order._id}
        </label>
      )}
      {selectable && !bookable && (
        <span id={`${id}-why`} className="courier-summary__why">
          {courierMessages.noCity}
        </span>
      )}
      {selectable && order.userDetails.cityListed === false && (
        <span className="courier-summary__why">{courierMessages.unlistedCity(order.userDetails.city ?? '')}</span>
      )}
      <OrderCourier order={order} className="courier-summary__tracking" />
    </div>
  );
}
