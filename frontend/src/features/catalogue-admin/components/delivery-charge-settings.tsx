import { useId, useState, type SubmitEvent } from 'react';

import { LoadingBar } from '@/components/ui/loading-bar';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useDeliveryChargeSetting, useSetDeliveryChargeMutation } from '../api/delivery-charge';
import { parseDeliveryCharge } from '../lib/delivery-charge-input';
import { catalogueMessages } from '../lib/messages';

interface Outcome {
  tone: 'success' | 'error';
  message: string;
}

/**
 * The delivery charge page's form (docs/spec.md §5, §8): loads the charge in force, checks the new one before
 * sending it, and says how the save went. When loading fails the owner can still set a charge.
 */
export function DeliveryChargeSettings() {
  const setting = useDeliveryChargeSetting();

  if (setting.isPending) return <LoadingBar label="Loading delivery charge" />;

  return (
    <>
      {setting.isError && (
        <p className="admin-message admin-message--error" role="alert">
          {catalogueMessages.deliveryChargeLoadFailed}
        </p>
      )}
      <DeliveryChargeForm initial={setting.data?.deliveryCharge} />
    </>
  );
}

function DeliveryChargeForm({ initial }: { initial: number | undefined }) {
  const save = useSetDeliveryChargeMutation();
  const recheckAdmin = useRecheckAdmin();
  const [value, setValue] = useState(initial === undefined ? '' : String(initial));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputId = useId();
  const hintId = useId();
  const messageId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const charge = parseDeliveryCharge(value);
    if (charge === null) {
      setOutcome({ tone: 'error', message: catalogueMessages.deliveryChargeInvalid });
      return;
    }
    setOutcome(null);
    const reply = await save.mutateAsync(charge);
    if (reply.kind === 'done') {
      setValue(String(reply.data.deliveryCharge));
      setOutcome({ tone: 'success', message: catalogueMessages.deliveryChargeSaved });
      return;
    }
    if (reply.kind === 'unreachable') {
      setOutcome({ tone: 'error', message: catalogueMessages.deliveryChargeUnreachable });
      return;
    }
    setOutcome({ tone: 'error', message: reply.message ?? catalogueMessages.deliveryChargeSaveFailed });
    // The session has ended: the guard asks again and sends the owner to log in.
    if (reply.status === 401) void recheckAdmin();
  }

  const invalid = outcome?.message === catalogueMessages.deliveryChargeInvalid;

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="form-field">
        <label htmlFor={inputId}>Delivery charge (Rs)</label>
        <input
          id={inputId}
          name="deliveryCharge"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
          }}
          aria-describedby={`${hintId} ${messageId}`}
          aria-invalid={invalid || undefined}
        />
        <p id={hintId} className="form-field__hint">
          Added to every order unless all its items have free delivery. 0 means free delivery.
        </p>
      </div>
      <p id={messageId} className={`admin-message admin-message--${outcome?.tone ?? 'error'}`} role="status">
        {outcome?.message}
      </p>
      <button type="submit" className="button admin-form__submit" disabled={save.isPending} aria-busy={save.isPending}>
        Save
      </button>
    </form>
  );
}
