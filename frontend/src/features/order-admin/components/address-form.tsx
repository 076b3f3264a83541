import { useId, useState, type SubmitEvent } from 'react';

import type { OrderResponse } from '@/api/generated';
import type { Outcome } from '@/components/admin/outcome';
import { outcomeOf } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { PlaceCombobox } from '@/components/ui/place-combobox';
import { useRecheckAdmin } from '@/lib/admin-session';
import { provinces } from '@/lib/places';
import { provinceName } from '@/lib/province-name';

import { useCorrectAddressMutation } from '../api/courier';

/** What the admin order screen says of a city the place list lacks. */
export const unlistedCityFlag = 'City not in our list: check it before booking.';

/** The answer shown after a correction. */
export const addressCorrected = 'Delivery address updated.';

type Field = 'province' | 'city' | 'address';

/**
 * 'Edit address' of an order that has not left the shop (pending or approved): province, city (the
 * place list narrowing as the owner types, or a place it lacks) and address, saved with
 * PUT /api/orders/{id}/delivery-address; the order's history records the change. Nothing for an order in
 * any other status.
 */
export function AddressForm({ order }: { order: OrderResponse }) {
  const [editing, setEditing] = useState(false);
  if (order.status !== 'pending' && order.status !== 'approved') return null;
  if (!editing) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setEditing(true);
        }}
      >
        Edit address
      </button>
    );
  }
  return (
    <AddressFields
      order={order}
      onDone={() => {
        setEditing(false);
      }}
    />
  );
}

function AddressFields({ order, onDone }: { order: OrderResponse; onDone: () => void }) {
  const details = order.userDetails;
  const [fields, setFields] = useState<Record<Field, string>>({
    province: details.province ?? '',
    city: details.city ?? '',
    address: details.address,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = useCorrectAddressMutation();
  const recheckAdmin = useRecheckAdmin();
  const id = useId();

  function set(name: Field, value: string) {
    setFields((current) => ({ ...current, [name]: value, ...(name === 'province' && value !== current.province && { city: '' }) }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    const reply = await save.mutateAsync({ id: order._id, ...fields });
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
    const refused = reply.kind === 'refused' ? reply.errors : undefined;
    const byField = { province: refused?.province?.[0], city: refused?.city?.[0], address: refused?.address?.[0] };
    setErrors(byField);
    if (reply.kind === 'done') {
      onDone();
      return;
    }
    const beside = Object.values(byField).some((message) => message !== undefined);
    setOutcome(beside ? null : outcomeOf(reply, addressCorrected));
  }

  const describedBy = (name: Field) => (errors[name] !== undefined ? `${id}-${name}-error` : undefined);
  const error = (name: Field) =>
    errors[name] !== undefined && (
      <p id={`${id}-${name}-error`} className="form-field__error">
        {errors[name]}
      </p>
    );

  return (
    <form className="address-form" aria-label={`Delivery address of order #${order._id}`} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="form-field">
        <label htmlFor={`${id}-province`}>Province</label>
        <select
          id={`${id}-province`}
          name="province"
          value={fields.province}
          aria-invalid={errors.province !== undefined || undefined}
          aria-describedby={describedBy('province')}
          onChange={(event) => {
            set('province', event.target.value);
          }}
        >
          <option value="">Select province</option>
          {provinces.map((province) => (
            <option key={province} value={province}>
              {provinceName(province)}
            </option>
          ))}
        </select>
        {error('province')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-city`}>City</label>
        <PlaceCombobox
          id={`${id}-city`}
          name="city"
          value={fields.city}
          province={fields.province}
          disabled={fields.province === ''}
          aria-invalid={errors.city !== undefined || undefined}
          aria-describedby={describedBy('city')}
          onChange={(value) => {
            set('city', value);
          }}
        />
        {error('city')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-address`}>Address</label>
        <textarea
          id={`${id}-address`}
          name="address"
          rows={3}
          value={fields.address}
          aria-invalid={errors.address !== undefined || undefined}
          aria-describedby={describedBy('address')}
          onChange={(event) => {
            set('address', event.target.value);
          }}
        />
        {error('address')}
      </div>
      <div className="admin-row__actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          Save address
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
      <OutcomeMessage outcome={outcome} />
    </form>
  );
}
