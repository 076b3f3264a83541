import { useId, useState, type InputHTMLAttributes } from 'react';

import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  name: string;
  /** A line under the field, e.g. the minimum length; tied to the input as its description. */
  hint?: string;
}

/** A labelled password input with a Show/Hide button ('Show password' / 'Hide password' to screen readers). */
export function PasswordField({ label, hint, ...inputProps }: PasswordFieldProps) {
  const t = useMessages(accountTexts, 'account');
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;

  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input id={id} type={visible ? 'text' : 'password'} aria-describedby={hint ? hintId : undefined} {...inputProps} />
        <button
          type="button"
          className="auth-password__toggle"
          aria-controls={id}
          aria-label={visible ? t.hidePassword() : t.showPassword()}
          onClick={() => {
            setVisible((shown) => !shown);
          }}
        >
          {visible ? t.hide() : t.show()}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
