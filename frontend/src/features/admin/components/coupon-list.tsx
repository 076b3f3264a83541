import { useState } from 'react';

import type { CouponResponse } from '@/api/generated';
import { formatRupees } from '@/lib/money';

import { useDeleteCouponMutation, useToggleCouponMutation } from '../api/coupons';
import { useReplyOutcome } from '../api/use-reply-outcome';
import type { Outcome } from '../lib/outcome';

import { OutcomeMessage } from './outcome-message';

/** How often a coupon has been used and may be: '3 of 100 uses · at most 1 per customer'. */
export function usesOf(coupon: Pick<CouponResponse, 'uses' | 'maxUses' | 'maxUsesPerCustomer'>): string {
  const uses = coupon.maxUses == null ? `${coupon.uses} ${coupon.uses === 1 ? 'use' : 'uses'}` : `${coupon.uses} of ${coupon.maxUses} uses`;
  return coupon.maxUsesPerCustomer == null ? uses : `${uses} · at most ${coupon.maxUsesPerCustomer} per customer`;
}

function discountOf(coupon: CouponResponse): string {
  if (coupon.discountPercent != null) return `${coupon.discountPercent}% off`;
  return `${formatRupees(coupon.amount ?? 0)} off`;
}

/** Every coupon with Activate/Pause and Delete (SPEC.md §2 'Coupons'). */
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
            className="button button--secondary admin-button--danger"
            aria-label={`Delete ${coupon.code}`}
            disabled={remove.isPending}
            onClick={() => void handleDelete()}
          >
            Delete
          </button>
        </div>
      </article>
    </li>
  );
}
