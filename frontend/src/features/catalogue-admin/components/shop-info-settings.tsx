import { useId, useState, type SubmitEvent } from 'react';

import { MAX_DELIVERY_TIME_CHARS } from '@/api/rules/admin.gen';
import { LoadingBar } from '@/components/ui/loading-bar';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useSetShopInfoMutation, useShopInfoSetting } from '../api/shop-info';
import { checkShopInfo } from '../lib/shop-info-input';

export const shopInfoMessages = {
  loadFailed: 'Could not load the shop info.',
  saved: '✅ Shop info updated.',
  saveFailed: 'Failed to update the shop info.',
  unreachable: 'Network error. Please try again.',
} as const;

interface Outcome {
  tone: 'success' | 'error';
  message: string;
}

/**
 * The shop info shoppers see on the home, product and cart pages (docs/decisions/0033): how long delivery takes
 * and the WhatsApp number, checked as the server checks them (the number is saved as `923001234567`).
 */
export function ShopInfoSettings() {
  const setting = useShopInfoSetting();

  if (setting.isPending) return <LoadingBar label="Loading shop info" />;

  return (
    <>
      {setting.isError && (
        <p className="admin-message admin-message--error" role="alert">
          {shopInfoMessages.loadFailed}
        </p>
      )}
      <ShopInfoForm deliveryTime={setting.data?.deliveryTime ?? ''} whatsapp={setting.data?.whatsapp ?? ''} />
    </>
  );
}

function ShopInfoForm(initial: { deliveryTime: string; whatsapp: string }) {
  const save = useSetShopInfoMutation();
  const recheckAdmin = useRecheckAdmin();
  const [deliveryTime, setDeliveryTime] = useState(initial.deliveryTime);
  const [whatsapp, setWhatsapp] = useState(initial.whatsapp);
  const [errors, setErrors] = useState<{ deliveryTime?: string; whatsapp?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const timeId = useId();
  const numberId = useId();
  const messageId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkShopInfo(deliveryTime, whatsapp);
    setOutcome(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const reply = await save.mutateAsync(checked.body);
    if (reply.kind === 'done') {
      setDeliveryTime(reply.data.deliveryTime);
      setWhatsapp(reply.data.whatsapp ?? '');
      setOutcome({ tone: 'success', message: shopInfoMessages.saved });
      return;
    }
    if (reply.kind === 'unreachable') {
      setOutcome({ tone: 'error', message: shopInfoMessages.unreachable });
      return;
    }
    setOutcome({ tone: 'error', message: reply.message ?? shopInfoMessages.saveFailed });
    if (reply.status === 401) void recheckAdmin();
  }

  return (
    <form className="form-card" aria-label="Shop info" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <h2>Shop info</h2>
      <div className="form-field">
        <label htmlFor={timeId}>Delivery time</label>
        <input
          id={timeId}
          name="deliveryTime"
          maxLength={MAX_DELIVERY_TIME_CHARS}
          value={deliveryTime}
          onChange={(event) => {
            setDeliveryTime(event.target.value);
          }}
          aria-describedby={`${timeId}-hint ${timeId}-error`}
          aria-invalid={errors.deliveryTime !== undefined || undefined}
        />
        <p id={`${timeId}-hint`} className="form-field__hint">
          Shown to shoppers as ‘Delivered in …’, e.g. 2–4 working days.
        </p>
        <p id={`${timeId}-error`} className="form-field__error">
          {errors.deliveryTime}
        </p>
      </div>
      <div className="form-field">
        <label htmlFor={numberId}>WhatsApp number</label>
        <input
          id={numberId}
          name="whatsapp"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={whatsapp}
          onChange={(event) => {
            setWhatsapp(event.target.value);
          }}
          aria-describedby={`${numberId}-hint ${numberId}-error`}
          aria-invalid={errors.whatsapp !== undefined || undefined}
        />
        <p id={`${numberId}-hint`} className="form-field__hint">
          A Pakistani mobile, e.g. 0300 1234567; shoppers get a wa.me link. Leave it blank to show none.
        </p>
        <p id={`${numberId}-error`} className="form-field__error">
          {errors.whatsapp}
        </p>
      </div>
      <p id={messageId} className={`admin-message admin-message--${outcome?.tone ?? 'error'}`} role="status">
        {outcome?.message}
      </p>
      <button type="submit" className="button admin-form__submit" disabled={save.isPending} aria-busy={save.isPending}>
        Update shop info
      </button>
    </form>
  );
}
