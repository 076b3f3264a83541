import { useId, useState, type SubmitEvent } from 'react';

import cartTexts from '@/i18n/en/cart.json';
import { useMessages } from '@/lib/i18n';

import { useCoupon } from '../hooks/use-coupon';
import { isCouponSuccess } from '../lib/coupon-rules';

/** The coupon field: its message shows green when it contains 'applied', red otherwise; a refused code stays in it. */
export function CouponForm() {
  const t = useMessages(cartTexts, 'cart');
  const { coupon, apply, remove, message, pending } = useCoupon();
  const [code, setCode] = useState('');
  const inputId = useId();
  const messageId = useId();

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // An applied code leaves the field; a refused one stays beside its message, to be corrected
    // (docs/decisions/0033; the original client cleared it whatever the outcome).
    void apply(code).then((applied) => {
      if (applied) setCode('');
    });
  }

  const tone = isCouponSuccess(message) ? 'coupon__message coupon__message--success' : 'coupon__message coupon__message--error';

  return (
    <div className="coupon">
      <form className="coupon__form" onSubmit={handleSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t.couponCode()}
        </label>
        <input
          id={inputId}
          name="coupon"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
          }}
          placeholder={t.couponCode()}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={messageId}
        />
        <button type="submit" className="button button--secondary" disabled={pending}>
          {t.apply()}
        </button>
      </form>
      <p id={messageId} className={tone} role="status">
        {message}
      </p>
      {coupon && (
        <button type="button" className="button button--link" onClick={remove}>
          {t.removeCoupon()}
        </button>
      )}
    </div>
  );
}
