import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

import { fieldOrder, type CheckoutFields } from './checkout-form';

/**
 * Where a signed-in customer's checkout draft is kept: sessionStorage, under one key per account. Session, not
 * local, storage: a draft survives Back, Forward, a reload and a trip to the cart in the same tab, but goes when
 * the tab is closed, so a phone passed around a family or a shop counter does not show the next person the last
 * one's address and phone numbers. Only the delivery fields are kept (no password is ever in the form).
 */
export const DRAFT_KEY_PREFIX = 'checkout-draft:';

export function draftKey(uid: string): string {
  return `${DRAFT_KEY_PREFIX}${uid}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy modes, sandboxed frames): the form works, it just forgets.
    return null;
  }
}

/** The draft kept for `uid`, or `null` when there is none or it does not read as the form's fields. */
export function readDraft(uid: string): CheckoutFields | null {
  if (uid === '') return null;
  let stored: unknown;
  try {
    stored = JSON.parse(storage()?.getItem(draftKey(uid)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const draft = {} as CheckoutFields;
  for (const field of fieldOrder) {
    const value = record[field];
    if (typeof value !== 'string') return null;
    draft[field] = value;
  }
  return draft;
}

function writeDraft(uid: string, fields: CheckoutFields) {
  try {
    storage()?.setItem(draftKey(uid), JSON.stringify(fields));
  } catch {
    // A full or refused storage only loses the draft.
  }
}

export interface CheckoutDraft {
  fields: CheckoutFields;
  setFields: Dispatch<SetStateAction<CheckoutFields>>;
  /** Whether the fields came from a kept draft (so nothing should overwrite them). */
  restored: boolean;
  /** Forgets the draft: the order is placed. */
  clearDraft: () => void;
}

/**
 * The checkout form's fields, kept as a draft for the signed-in account `uid` on every change and restored when
 * the form opens again; `initial` fills a form that has no draft.
 */
export function useCheckoutDraft(uid: string, initial: () => CheckoutFields): CheckoutDraft {
  const [restored] = useState(() => readDraft(uid) !== null);
  const [fields, setFields] = useState<CheckoutFields>(() => readDraft(uid) ?? initial());
  const [cleared, setCleared] = useState(false);

  useEffect(() => {
    if (uid !== '' && !cleared) writeDraft(uid, fields);
  }, [uid, fields, cleared]);

  const clearDraft = useCallback(() => {
    setCleared(true);
    try {
      storage()?.removeItem(draftKey(uid));
    } catch {
      // Nothing kept, nothing to clear.
    }
  }, [uid]);

  return { fields, setFields, restored, clearDraft };
}
