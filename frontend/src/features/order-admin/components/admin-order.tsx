import { useId, useRef, useState, type SubmitEvent } from 'react';

import type { AdminOrderResponse } from '@/api/generated';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { OrderFigures, OrderLines } from '@/components/orders/order-figures';
import { OrderHistory } from '@/components/orders/order-history';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { useRecheckAdmin } from '@/lib/admin-session';
import { formatDateTime } from '@/lib/date-time';
import { formatRupees } from '@/lib/money';
import { provinceName } from '@/lib/province-name';

import { useChangeOrderStatusMutation } from '../api/orders';
import { actionQuestion, actionsFor, orderMessages, statusChangeOutcome, type OrderAction } from '../lib/order-actions';

import { AddressForm, unlistedCityFlag } from './address-form';
import { OrderContact } from './order-contact';
import { OrderRisk } from './order-risk';
import { PhoneAsTyped } from './phone-as-typed';
import { CourierSummary } from './courier-tools';
import { TrackingForm } from './tracking-form';
import { WhatsAppThread } from './whatsapp-thread';

interface AdminOrderProps {
  order: AdminOrderResponse;
  /** Whether its detail is shown; the list keeps this, so a later search leaves it open. */
  open: boolean;
  onToggle: () => void;
  /** Said under the heading ('Open: not in these results'). */
  note?: string | undefined;
}

/**
 * One order of the admin's list: a button with its id, customer, total, date and status that expands its
 * detail (items, customer, phones, the account's e-mail and one typed at checkout when it differs, address,
 * figures, coupon, history) and the changes its status allows. 'Deliver' and 'Return & Restock' ask first in
 * a dialog naming the order and what happens; 'Reject' asks for a reason first, says what happens, and sends
 * nothing without one.
 */
export function AdminOrder({ order, open, onToggle, note }: AdminOrderProps) {
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const change = useChangeOrderStatusMutation();
  const recheckAdmin = useRecheckAdmin();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const details = order.userDetails;
  // Every e-mail about the order goes to the account's address; one typed in the form is only shown.
  const typedElsewhere = details.email.toLowerCase() !== order.accountEmail.toLowerCase();

  async function send(action: OrderAction, comment?: string) {
    if (change.isPending) return;
    setOutcome(null);
    const reply = await change.mutateAsync({ id: order._id, status: action.status, comment });
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
    setOutcome(statusChangeOutcome(reply));
    if (reply.kind === 'done') {
      setRejecting(false);
      setReason('');
    }
  }

  function handleReject(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const comment = reason.trim();
    if (comment === '') {
      setReasonError(orderMessages.reasonRequired);
      reasonField.current?.focus();
      return;
    }
    setReasonError('');
    void send({ status: 'rejected', label: 'Reject' }, comment);
  }

  const actions = actionsFor(order.status);
  const facts = {
    id: order._id,
    name: details.name,
    units: order.cart.reduce((sum, line) => sum + line.quantity, 0),
    total: formatRupees(order.total),
  };
  const question = asking && actionQuestion(asking, facts);
  const rejectQuestion = actionQuestion({ status: 'rejected', label: 'Reject' }, facts);

  return (
    <li>
      <article className="admin-order" aria-label={`Order #${order._id}`}>
        <h3 className="admin-order__heading">
          <button
            type="button"
            className="admin-order__toggle"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            onClick={onToggle}
          >
            <span className="admin-order__id">#{order._id}</span>
            <span className="admin-order__who">{details.name}</span>
            <span className="admin-order__meta">
              {formatRupees(order.total)} · <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
            <OrderStatusBadge status={order.status} />
          </button>
        </h3>
        {note !== undefined && <p className="admin-order__note">{note}</p>}
        <OrderRisk order={order} />
        <CourierSummary order={order} />
        <div id={`${id}-details`} className="admin-order__details" hidden={!open}>
          <section aria-label="Customer">
            <h4>Customer</h4>
            <dl className="admin-order__facts">
              <div>
                <dt>Name</dt>
                <dd>{details.name}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  <PhoneAsTyped normal={details.phone1} typed={details.phone1Typed} />
                </dd>
              </div>
              {details.phone2 && (
                <div>
                  <dt>Second phone</dt>
                  <dd>
                    <PhoneAsTyped normal={details.phone2} typed={details.phone2Typed} />
                  </dd>
                </div>
              )}
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${order.accountEmail}`}>{order.accountEmail}</a>
                </dd>
              </div>
              {typedElsewhere && (
                <div>
                  <dt>Typed at checkout</dt>
                  <dd>{details.email} (not mailed)</dd>
                </div>
              )}
              <div>
                <dt>Address</dt>
                <dd className="admin-order__address">
                  {details.address}
                  {(details.city ?? details.province) && (
                    <>
                      <br />
                      {[details.city, details.province && provinceName(details.province)].filter(Boolean).join(', ')}
                    </>
                  )}
                  {details.cityListed === false && (
                    <>
                      <br />
                      <strong className="admin-order__flag">{unlistedCityFlag}</strong>
                    </>
                  )}
                </dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>Cash on Delivery</dd>
              </div>
            </dl>
            <AddressForm order={order} />
          </section>
          <section aria-label="Items">
            <h4>Items</h4>
            <OrderLines order={order} />
          </section>
          <section aria-label="Figures">
            <h4>Figures</h4>
            <OrderFigures order={order} />
          </section>
          <WhatsAppThread order={order} />
          {open && <OrderContact order={order} />}
          <section aria-label="History">
            <h4>History</h4>
            <OrderHistory history={order.history} />
          </section>
          <TrackingForm order={order} />
          {actions.length > 0 && (
            <div className="admin-order__actions" role="group" aria-label={`Actions for order #${order._id}`}>
              {actions.map((action) => (
                <button
                  key={action.status}
                  type="button"
                  className={`button${action.status === 'rejected' || action.status === 'returned' ? ' button--secondary admin-button--danger' : ' admin-button--go'}`}
                  disabled={change.isPending || (action.status === 'rejected' && rejecting)}
                  onClick={() => {
                    if (action.status === 'rejected') {
                      setRejecting(true);
                      setOutcome(null);
                      return;
                    }
                    if (actionQuestion(action, facts)) {
                      setOutcome(null);
                      setAsking(action);
                      return;
                    }
                    void send(action);
                  }}
                >
                  {action.label}
                </button>
              ))}
            </div>
          )}
          {rejecting && (
            <form className="admin-order__reject" onSubmit={handleReject} noValidate aria-label={`Reject order #${order._id}`}>
              {rejectQuestion && (
                <p className="admin-order__warning">
                  <strong>{rejectQuestion.title}</strong> {rejectQuestion.message}
                </p>
              )}
              <div className="form-field">
                <label htmlFor={`${id}-reason`}>Rejection reason</label>
                <textarea
                  ref={reasonField}
                  id={`${id}-reason`}
                  name="reason"
                  rows={3}
                  required
                  value={reason}
                  aria-invalid={reasonError !== '' ? true : undefined}
                  aria-describedby={reasonError !== '' ? `${id}-reason-error` : undefined}
                  onChange={(event) => {
                    setReason(event.target.value);
                    if (reasonError !== '') setReasonError('');
                  }}
                />
                {reasonError !== '' && (
                  <p id={`${id}-reason-error`} className="form-field__error">
                    {reasonError}
                  </p>
                )}
              </div>
              <div className="admin-row__actions">
                <button type="submit" className="button admin-button--danger-solid" disabled={change.isPending}>
                  Confirm Rejection
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setRejecting(false);
                    setReason('');
                    setReasonError('');
                  }}
                >
                  Cancel
                </button>
              </div>
            </form>
          )}
          <OutcomeMessage outcome={outcome} />
          {asking && question && (
            <ConfirmDialog
              {...question}
              busy={change.isPending}
              onCancel={() => {
                setAsking(null);
              }}
              onConfirm={() => {
                const action = asking;
                setAsking(null);
                void send(action);
              }}
            />
          )}
        </div>
      </article>
    </li>
  );
}
