import type { Outcome } from './outcome';

/** The live line under a form or list that says how the last action went (empty until there is one). */
export function OutcomeMessage({ outcome, id }: { outcome: Outcome | null; id?: string }) {
  return (
    <p id={id} className={`admin-message admin-message--${outcome?.tone ?? 'error'}`} role="status">
      {outcome?.message}
    </p>
  );
}
