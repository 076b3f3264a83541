import { useId, type ReactNode } from 'react';

import accountTexts from '@/i18n/en/account.json';
import { useMessages } from '@/lib/i18n';

interface EmailFieldProps {
  autoComplete?: string;
  /** The e-mail to start with, e.g. the one a sign-up found already registered. */
  defaultValue?: string;
  /** What is wrong with the e-mail, shown under the field and read out with it (aria-describedby). */
  problem?: ReactNode;
}

/** The required, labelled e-mail input every account form starts with. */
export function EmailField({ autoComplete = 'email', defaultValue, problem }: EmailFieldProps) {
  const t = useMessages(accountTexts, 'account');
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{t.email()}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        required
        spellCheck={false}
        defaultValue={defaultValue}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
      />
      {problem ? (
        <p id={problemId} className="form-field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
