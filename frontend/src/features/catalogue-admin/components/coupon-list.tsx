import { useId, useState, type SubmitEvent } from 'react';

import type { CouponResponse } from '@/api/generated';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { formatRupees } from '@/lib/money';

import { useDeleteCouponMutation, useSetCouponDatesMutation, useSetCouponLimitsMutation, useToggleCouponMutation } from '../api/coupons';
import { couponDatesProblem } from '../lib/coupon-form';

/** How often a coupon has been used and may be: '3 of 100 uses · at most 1 per customer'. */
export function usesOf(coupon: Pick<CouponResponse, 'uses' | 'maxUses' | 'maxUsesPerCustomer'>): string {
  const uses = coupon.maxUses == null ? `${coupon.uses} ${coupon.uses === 1 ? 'use' : 'uses'}` : `${coupon.uses} of ${coupon.maxUses} uses`;
  return coupon.maxUsesPerCustomer == null ? uses : `${uses} · at most ${coupon.maxUsesPerCustomer} per customer`;
}

function discountOf(coupon: CouponResponse): string {
  if (coupon.discountPercent != null) return `${coupon.discountPercent}% off`;
  return `${formatRupees(coupon.amount ?? 0)} off`;
}

/** Every coupon with Activate/Pause and Delete (docs/spec.md §2 'Coupons'). */
export function CouponList({ coupons }: { coupons: CouponResponse[] }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      {coupons.length === 0 ? (
        <p className="status-text">No coupons yet.</p>
      ) : (
        <ul className="admin-product-list">
          {coupons.map((coupon) => (
            <CouponRow key={coupon._id} coupon={coupon} onOutcome={setOutcome} />
          ))}
        </ul>
      )}
    </>
  );
}

function CouponRow({ coupon, onOutcome }: { coupon: CouponResponse; onOutcome: (outcome: Outcome) => void }) {
  const toggle = useToggleCouponMutation();
  const remove = useDeleteCouponMutation();
  const toOutcome = useReplyOutcome();
  const titleId = `coupon-${coupon._id}`;
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);

  async function handleToggle() {
    const reply = await toggle.mutateAsync(coupon._id);
    const active = reply.kind === 'done' && reply.data.coupon.isActive;
    onOutcome(toOutcome(reply, `✅ ${coupon.code} is ${active ? 'active' : 'paused'}`));
  }

  async function handleDelete() {
    if (!window.confirm(`Delete the coupon ${coupon.code}?`)) return;
    onOutcome(toOutcome(await remove.mutateAsync(coupon._id), `✅ ${coupon.code} deleted`));
  }

  return (
    <li>
      <article className="admin-product" aria-labelledby={titleId}>
        <h3 id={titleId} className="admin-product__name">
          {coupon.code}{' '}
          <span className={`badge admin-badge${coupon.isActive ? '' : ' admin-badge--off'}`}>
            {coupon.isActive ? 'Active' : 'Paused'}
          </span>
        </h3>
        <p className="admin-product__meta">
          {discountOf(coupon)} · {coupon.startDate} to {coupon.endDate} · minimum order {formatRupees(coupon.minPrice)}
        </p>
        <p className="admin-product__meta">{usesOf(coupon)}</p>
        <div className="admin-row__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-label={`${coupon.isActive ? 'Pause' : 'Activate'} ${coupon.code}`}
            disabled={toggle.isPending}
            onClick={() => void handleToggle()}
          >
            {coupon.isActive ? 'Pause' : 'Activate'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={editing}
            aria-label={`Edit the limits of ${coupon.code}`}
            onClick={() => { setEditing((open) => !open); }}
          >
            Edit limits
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={moving}
            aria-label={`Change the dates of ${coupon.code}`}
            onClick={() => { setMoving((open) => !open); }}
          >
            Change dates
          </button>
          <button
            type="button"
            className="button button--secondary admin-button--danger"
            aria-label={`Delete ${coupon.code}`}
            disabled={remove.isPending}
            onClick={() => void handleDelete()}
          >
            Delete
          </button>
        </div>
        {editing && <LimitsForm coupon={coupon} onOutcome={onOutcome} onDone={() => { setEditing(false); }} />}
        {moving && <DatesForm coupon={coupon} onOutcome={onOutcome} onDone={() => { setMoving(false); }} />}
      </article>
    </li>
  );
}

interface LimitsFormProps {
  coupon: CouponResponse;
  onOutcome: (outcome: Outcome) => void;
  onDone: () => void;
}

/** The coupon's usage limits, editable; an empty field is no limit. The server refuses a total below the uses so far. */
function LimitsForm({ coupon, onOutcome, onDone }: LimitsFormProps) {
  const setLimits = useSetCouponLimitsMutation();
  const toOutcome = useReplyOutcome();
  const id = useId();
  const [maxUses, setMaxUses] = useState(coupon.maxUses?.toString() ?? '');
  const [perCustomer, setPerCustomer] = useState(coupon.maxUsesPerCustomer?.toString() ?? '');

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const reply = await setLimits.mutateAsync({ id: coupon._id, body: { maxUses, maxUsesPerCustomer: perCustomer } });
    onOutcome(toOutcome(reply, `✅ Limits of ${coupon.code} saved`));
    if (reply.kind === 'done') onDone();
  }

  return (
    <form className="form-card" aria-label={`Limits of ${coupon.code}`} onSubmit={(event) => void handleSubmit(event)}>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={`${id}-total`}>Uses in all</label>
          <input id={`${id}-total`} type="number" inputMode="numeric" min={1} step={1} value={maxUses} aria-describedby={`${id}-hint`} onChange={(event) => { setMaxUses(event.target.value); }} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-each`}>Uses per customer</label>
          <input id={`${id}-each`} type="number" inputMode="numeric" min={1} step={1} value={perCustomer} aria-describedby={`${id}-hint`} onChange={(event) => { setPerCustomer(event.target.value); }} />
        </div>
      </div>
      <p id={`${id}-hint`} className="form-field__hint">
        Leave a field empty for no limit. Uses so far stay counted.
      </p>
      <button type="submit" className="button" disabled={setLimits.isPending}>
        Save limits
      </button>
    </form>
  );
}

/** The coupon's first and last day, editable after it is made; the end may not come before the start. */
function DatesForm({ coupon, onOutcome, onDone }: LimitsFormProps) {
  const setDates = useSetCouponDatesMutation();
  const toOutcome = useReplyOutcome();
  const id = useId();
  const [startDate, setStartDate] = useState(coupon.startDate);
  const [endDate, setEndDate] = useState(coupon.endDate);
  const [problem, setProblem] = useState<string | null>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const wrong = couponDatesProblem(startDate, endDate);
    setProblem(wrong);
    if (wrong) return;
    const reply = await setDates.mutateAsync({ id: coupon._id, body: { startDate, endDate } });
    onOutcome(toOutcome(reply, `✅ ${coupon.code} now runs ${startDate} to ${endDate}`));
    if (reply.kind === 'done') onDone();
  }

  return (
    <form className="form-card" aria-label={`Dates of ${coupon.code}`} noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={`${id}-start`}>Start date</label>
          <input id={`${id}-start`} type="date" required value={startDate} onChange={(event) => { setStartDate(event.target.value); }} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-end`}>End date</label>
          <input
            id={`${id}-end`}
            type="date"
            required
            value={endDate}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => { setEndDate(event.target.value); }}
          />
          {problem && (
            <p id={`${id}-problem`} className="form-field__error">
              {problem}
            </p>
          )}
        </div>
      </div>
      <button type="submit" className="button" disabled={setDates.isPending}>
        Save dates
      </button>
    </form>
  );
}
