import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';

import type { OrderResponse, PlaceOrderBody, QuoteResponse, SavedAddressResponse } from '@/api/generated';
import checkoutTexts from '@/i18n/en/checkout.json';
import { useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';
import { PlaceCombobox } from '@/components/ui/place-combobox';
import { provinces } from '@/lib/places';
import { useProvinceName } from '@/lib/province-name';

import { usePlaceOrderMutation } from '../api/place-order';
import {
  checkCheckoutFields,
  emptyCheckoutFields,
  firstFieldInError,
  updateCheckoutFields,
  type CheckoutField,
  type FieldErrors,
} from '../lib/checkout-form';
import { createIdempotencyKeys } from '../lib/idempotency';
import { checkoutMessages } from '../lib/messages';
import { fieldsFromSaved, untouched } from '../lib/saved-address';
import { useCheckoutDraft } from '../lib/use-checkout-draft';

import { SavedAddressChoice } from './saved-address-choice';

import '@/components/ui/form.css';
import '../checkout.css';

/** The order's figures as the cart computes them (whole rupees): what the order is placed with. */
export interface CheckoutFigures {
  cart: { productId: string; name: string; quantity: number; price: number }[];
  subtotal: number;
  deliveryCharge: number;
  coupon: string | null;
  couponDiscount: number;
  total: number;
}

interface CheckoutFormProps {
  /** The signed-in customer; an empty uid means the session has ended. */
  user: { uid: string; name: string; email: string };
  figures: CheckoutFigures;
  /** The server refused the figures with its own: bring the cart up to date (the summary follows it). */
  onQuote: (quote: QuoteResponse) => Promise<unknown>;
  /** The order is placed: empty the cart and move on. */
  onPlaced: (placed: { order: OrderResponse; confirmWithinHours?: number }) => void;
  /** The account's saved addresses, most recently used first: the first fills an untouched form. */
  savedAddresses?: readonly SavedAddressResponse[];
}

interface Alert {
  message: string;
  changes?: readonly string[];
  total?: number;
}

/**
 * The checkout form (docs/spec.md §2 'Checkout', §4 'Checkout form', §5, §8): country fixed to Pakistan, province,
 * city (enabled once a province is chosen, cleared when it changes), full name, phones, e-mail and a 3-row
 * address, checked before anything is sent with the errors beside their fields; then 'Confirm & Place
 * Order', every field disabled while the order is sent and further submits ignored, also after success.
 * Each attempt carries an Idempotency-Key that a retry of the same content reuses, so a lost answer never
 * places a second order. A refusal with the server's figures updates the cart and says what changed; one
 * more tap places the order at the new figures.
 */
export function CheckoutForm({ user, figures, onQuote, onPlaced, savedAddresses = [] }: CheckoutFormProps) {
  const t = useMessages(checkoutTexts, 'checkout');
  const provinceName = useProvinceName();
  const { fields, setFields, restored, clearDraft } = useCheckoutDraft(user.uid, () => emptyCheckoutFields(user));
  const prefilled = useRef(restored);
  const latest = savedAddresses[0];
  useEffect(() => {
    if (prefilled.current || latest === undefined) return;
    prefilled.current = true;
    setFields((current) => (untouched(current) ? fieldsFromSaved(current, latest) : current));
  }, [latest, setFields]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [sending, setSending] = useState(false);
  // Refs, not state: a second tap in the same frame must already see the first.
  const busy = useRef(false);
  const [keys] = useState(createIdempotencyKeys);
  const placeOrder = usePlaceOrderMutation();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  function change(name: CheckoutField, value: string) {
    setFields((current) => updateCheckoutFields(current, name, value));
    // An edited field's error goes; a new province also takes the city's along with the city.
    setErrors((current) => {
      const cleared = name === 'province' ? ['province', 'city'] : [name];
      if (!cleared.some((key) => key in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key)));
    });
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    if (user.uid === '') {
      setAlert({ message: checkoutMessages.notLoggedIn });
      return;
    }
    if (figures.cart.length === 0) {
      setAlert({ message: checkoutMessages.emptyCart });
      return;
    }
    const check = checkCheckoutFields(fields);
    if (!check.ok) {
      setErrors(check.errors);
      setAlert({ message: checkoutMessages.fixFields });
      const first = firstFieldInError(check.errors);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }

    const body: PlaceOrderBody = { userId: user.uid, userDetails: check.userDetails, ...figures };
    const idempotencyKey = keys.keyFor(JSON.stringify(body));
    busy.current = true;
    setSending(true);
    setErrors({});
    setAlert(null);
    let placed = false;
    try {
      const outcome = await placeOrder.mutateAsync({ body, idempotencyKey });
      switch (outcome.kind) {
        case 'placed':
          placed = true;
          clearDraft();
          onPlaced({ order: outcome.order, confirmWithinHours: outcome.confirmWithinHours });
          break;
        case 'quote':
          await onQuote(outcome.quote);
          setAlert({ message: outcome.message, changes: outcome.quote.changes, total: outcome.quote.total });
          break;
        case 'refused':
          setErrors(outcome.fieldErrors);
          setAlert({ message: outcome.message });
          break;
        case 'unreachable':
          setAlert({ message: checkoutMessages.unreachable });
          break;
      }
    } catch (error) {
      console.error(error);
      setAlert({ message: checkoutMessages.unreachable });
    } finally {
      // After success the form stays disabled and deaf until the page moves on.
      if (!placed) {
        busy.current = false;
        setSending(false);
      }
    }
  }

  function field(name: CheckoutField, label: string, control: (props: FieldProps) => ReactNode, hint?: string) {
    const error = errors[name];
    const describedBy = [error ? fieldId(`${name}-error`) : null, hint ? fieldId(`${name}-hint`) : null].filter(Boolean).join(' ');
    return (
      <div className="form-field">
        <label htmlFor={fieldId(name)}>{label}</label>
        {control({
          id: fieldId(name),
          name,
          value: fields[name],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy === '' ? undefined : describedBy,
        })}
        {hint && (
          <p id={fieldId(`${name}-hint`)} className="form-field__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={fieldId(`${name}-error`)} className="form-field__error">
            {error}
          </p>
        )}
      </div>
    );
  }

  const onText = (name: CheckoutField) => (event: { target: { value: string } }) => {
    change(name, event.target.value);
  };

  return (
    <form ref={form} className="form-card checkout-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-labelledby={fieldId('title')}>
      <h2 id={fieldId('title')}>{t.deliveryDetails()}</h2>
      <fieldset className="checkout-form__fields" disabled={sending}>
        <legend className="visually-hidden">{t.deliveryDetails()}</legend>
        <SavedAddressChoice
          addresses={savedAddresses}
          onPick={(saved) => {
            setFields((current) => fieldsFromSaved(current, saved));
            setErrors({});
          }}
        />
        <div className="form-field">
          <label htmlFor={fieldId('country')}>{t.country()}</label>
          <input id={fieldId('country')} name="country" value={t.pakistan()} disabled readOnly />
        </div>
        {field('province', t.province(), (props) => (
          <select {...props} onChange={onText('province')} autoComplete="address-level1">
            <option value="">{t.selectProvince()}</option>
            {provinces.map((province) => (
              <option key={province} value={province}>
                {provinceName(province)}
              </option>
            ))}
          </select>
        ))}
        {field('city', t.city(), (props) => (
          <PlaceCombobox
            {...props}
            province={fields.province}
            onChange={(value) => {
              change('city', value);
            }}
            disabled={fields.province === ''}
            placeholder={fields.province === '' ? t.provinceFirst() : t.typeCity()}
            listLabel={t.matchingPlaces()}
            unlistedHint={t.unlistedCity()}
          />
        ))}
        {field('name', t.name(), (props) => (
          <input {...props} onChange={onText('name')} type="text" autoComplete="name" required />
        ))}
        {field(
          'phone1',
          t.phone1(),
          (props) => <input {...props} onChange={onText('phone1')} type="tel" inputMode="tel" autoComplete="tel" required />,
          t.phone1Hint(),
        )}
        {field('phone2', t.phone2(), (props) => (
          <input {...props} onChange={onText('phone2')} type="tel" inputMode="tel" autoComplete="off" />
        ))}
        {field('email', t.email(), (props) => (
          <input {...props} onChange={onText('email')} type="email" inputMode="email" autoComplete="email" spellCheck={false} required />
        ))}
        {field('address', t.address(), (props) => (
          <textarea {...props} onChange={onText('address')} rows={3} autoComplete="street-address" required />
        ))}
      </fieldset>
      <div className="checkout-form__payment">
        <p className="checkout-form__cod">
          <strong>{t.cod()}</strong>
        </p>
        <p>{t.deliveryTime()}</p>
      </div>
      <div className="checkout-form__alert" role="alert">
        {alert && (
          <>
            <p>{alert.message}</p>
            {alert.changes && alert.changes.length > 0 && (
              <ul>
                {alert.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            )}
            {alert.total !== undefined && (
              <p>
                {t.newTotal()} <strong>{formatRupees(alert.total)}</strong>
                {t.newTotalTap({ submit: t.submit() })}
              </p>
            )}
          </>
        )}
      </div>
      <button type="submit" className="button button--large checkout-form__submit" disabled={sending} aria-busy={sending}>
        {sending ? t.submitting() : t.submit()}
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: string;
  value: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}
