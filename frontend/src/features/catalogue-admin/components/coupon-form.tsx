import { useId, useState, type SubmitEvent } from 'react';

import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';

import { useAddCouponMutation } from '../api/coupons';
import { emptyCouponFields, toCouponBody, todayInPakistan, updateCouponFields, type CouponFields } from '../lib/coupon-form';
import { catalogueMessages } from '../lib/messages';

/**
 * The add-coupon form (docs/spec.md §5 'Coupon (admin)'): a code and either a percent or an amount (typing one
 * clears the other), valid dates, a minimum order (default 0) and whether it starts active.
 */
export function CouponForm() {
  const add = useAddCouponMutation();
  const toOutcome = useReplyOutcome();
  const [fields, setFields] = useState<CouponFields>(() => emptyCouponFields(todayInPakistan()));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  function text(name: Exclude<keyof CouponFields, 'isActive'>) {
    return {
      id: fieldId(name),
      name,
      value: fields[name],
      onChange: (event: { target: { value: string } }) => {
        setFields((current) => updateCouponFields(current, name, event.target.value));
      },
    };
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = toCouponBody(fields);
    if (body === null) {
      setOutcome({ tone: 'error', message: catalogueMessages.couponInvalid });
      return;
    }
    setOutcome(null);
    const reply = await add.mutateAsync(body);
    setOutcome(toOutcome(reply, catalogueMessages.couponAdded));
    if (reply.kind === 'done') setFields(emptyCouponFields(todayInPakistan()));
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Add coupon">
      <div className="form-field">
        <label htmlFor={fieldId('code')}>Code</label>
        <input {...text('code')} type="text" required autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      </div>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={fieldId('discountPercent')}>Discount (%)</label>
          <input {...text('discountPercent')} type="number" inputMode="numeric" min={1} max={100} step={1} aria-describedby={fieldId('hint')} />
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('amount')}>Or amount off (Rs)</label>
          <input {...text('amount')} type="number" inputMode="numeric" min={1} step={1} aria-describedby={fieldId('hint')} />
        </div>
      </div>
      <p id={fieldId('hint')} className="form-field__hint">
        A coupon takes a percentage or a fixed amount, not both.
      </p>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={fieldId('startDate')}>Start date</label>
          <input {...text('startDate')} type="date" required />
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('endDate')}>End date</label>
          <input {...text('endDate')} type="date" required />
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('minPrice')}>Minimum order (Rs)</label>
        <input {...text('minPrice')} type="number" inputMode="numeric" min={0} step={1} />
      </div>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={fieldId('maxUses')}>Most uses in all</label>
          <input {...text('maxUses')} type="number" inputMode="numeric" min={1} step={1} aria-describedby={fieldId('limits-hint')} />
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('maxUsesPerCustomer')}>Most uses per customer</label>
          <input
            {...text('maxUsesPerCustomer')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            aria-describedby={fieldId('limits-hint')}
          />
        </div>
      </div>
      <p id={fieldId('limits-hint')} className="form-field__hint">
        Optional. Leave empty for no limit; a rejected order gives its use back.
      </p>
      <label className="admin-check">
        <input
          name="isActive"
          type="checkbox"
          checked={fields.isActive}
          onChange={(event) => {
            setFields((current) => updateCouponFields(current, 'isActive', event.target.checked));
          }}
        />{' '}
        Active
      </label>
      <OutcomeMessage outcome={outcome} />
      <button type="submit" className="button admin-form__submit" disabled={add.isPending} aria-busy={add.isPending}>
        Add Coupon
      </button>
    </form>
  );
}
