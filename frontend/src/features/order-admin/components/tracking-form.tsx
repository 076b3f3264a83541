import { useId, useState, type InputHTMLAttributes, type SubmitEvent } from 'react';

import type { OrderResponse } from '@/api/generated';
import { MAX_COURIER_CHARS, MAX_TRACKING_NUMBER_CHARS } from '@/api/rules/courier.gen';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useSaveTrackingMutation } from '../api/courier';
import { courierMessages, knownCouriers, replyOutcome } from '../lib/courier';

type FieldErrors = Partial<Record<'courier' | 'trackingNumber', string>>;

/**
 * An approved order's courier and tracking number (docs/cod.md 'Tracking numbers'): filled with what it has,
 * saved with PUT /api/orders/{id}/tracking; the server's refusals show beside the field they concern, or
 * under the form. Nothing for an order in any other status.
 */
export function TrackingForm({ order }: { order: OrderResponse }) {
  if (order.status !== 'approved') return null;
  return <TrackingFields order={order} />;
}

function TrackingFields({ order }: { order: OrderResponse }) {
  const [courier, setCourier] = useState(order.courier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = useSaveTrackingMutation();
  const recheckAdmin = useRecheckAdmin();
  const id = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    setFieldErrors({});
    const reply = await save.mutateAsync({ id: order._id, courier: courier.trim(), trackingNumber: trackingNumber.trim() });
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
    const errors = reply.kind === 'refused' ? reply.errors : undefined;
    const byField: FieldErrors = { courier: errors?.courier?.[0], trackingNumber: errors?.trackingNumber?.[0] };
    setFieldErrors(byField);
    // A refusal about one field shows beside it; any other under the form.
    const beside = byField.courier !== undefined || byField.trackingNumber !== undefined;
    setOutcome(beside ? null : replyOutcome(reply, courierMessages.trackingFailed));
  }

  const field = (
    name: keyof FieldErrors,
    label: string,
    value: string,
    onChange: (value: string) => void,
    extra: InputHTMLAttributes<HTMLInputElement>,
  ) => {
    const error = fieldErrors[name];
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          value={value}
          autoComplete="off"
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error !== undefined ? `${id}-${name}-error` : undefined}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          {...extra}
        />
        {error !== undefined && (
          <p id={`${id}-${name}-error`} className="form-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Consignment</h4>
      <form
        className="tracking-form"
        aria-label={`Courier for order #${order._id}`}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
      >
      <div className="tracking-form__fields">
        {field('courier', 'Courier', courier, setCourier, { list: `${id}-couriers`, maxLength: MAX_COURIER_CHARS })}
        {field('trackingNumber', 'Tracking number', trackingNumber, setTrackingNumber, {
          spellCheck: false,
          maxLength: MAX_TRACKING_NUMBER_CHARS,
          autoCapitalize: 'characters',
        })}
      </div>
      <datalist id={`${id}-couriers`}>
        {knownCouriers.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <button type="submit" className="button button--secondary" disabled={save.isPending} aria-busy={save.isPending}>
        Save tracking number
      </button>
      <OutcomeMessage outcome={outcome} />
      </form>
    </section>
  );
}
