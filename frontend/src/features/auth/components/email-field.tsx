import { useId } from 'react';

/** The required, labelled e-mail input every account form starts with. */
export function EmailField({ autoComplete = 'email' }: { autoComplete?: string }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>Email</label>
      <input id={id} name="email" type="email" autoComplete={autoComplete} inputMode="email" required spellCheck={false} />
    </div>
  );
}
