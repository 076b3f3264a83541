import { useId, useRef, useState, type SubmitEvent } from 'react';

import { importHeader, MAX_IMPORT_BYTES } from '@/api/rules/courier.gen';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useImportTrackingMutation } from '../api/courier';
import { courierMessages, importProblems, replyOutcome } from '../lib/courier';

/**
 * The file's text, or null when it cannot be read or is not UTF-8 (strictly: a file in another encoding
 * would otherwise reach the server with its letters replaced).
 */
async function readUtf8(file: File): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * 'Import tracking numbers' (docs/cod.md 'Tracking numbers'): a CSV file of order reference, courier and
 * tracking number, read in the browser and sent as text/csv; the server saves every row or none, and its
 * message shows, with each problem of a refused file listed by row.
 */
export function TrackingImport() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useImportTrackingMutation();
  const recheckAdmin = useRecheckAdmin();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending) return;
    const form = event.currentTarget;
    const file = fileInput.current?.files?.[0];
    setProblems([]);
    if (!file) {
      setOutcome({ tone: 'error', message: courierMessages.chooseFile });
      fileInput.current?.focus();
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setOutcome({ tone: 'error', message: courierMessages.tooLarge });
      return;
    }
    const csv = await readUtf8(file);
    if (csv === null) {
      setOutcome({ tone: 'error', message: courierMessages.notUtf8 });
      return;
    }
    setOutcome(null);
    const reply = await upload.mutateAsync(csv);
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
    setOutcome(replyOutcome(reply, courierMessages.importFailed));
    if (reply.kind === 'refused') setProblems(importProblems(reply.errors, reply.message));
    if (reply.kind === 'done') form.reset();
  }

  return (
    <form className="tracking-import" aria-labelledby={`${id}-title`} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <h3 id={`${id}-title`}>Import tracking numbers</h3>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>Tracking numbers CSV</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={() => {
            setOutcome(null);
            setProblems([]);
          }}
        />
        <p id={`${id}-hint`} className="form-field__hint">
          First row: {importHeader}. Every row is saved, or none.
        </p>
      </div>
      <button type="submit" className="button button--secondary" disabled={upload.isPending} aria-busy={upload.isPending}>
        Import tracking numbers
      </button>
      <OutcomeMessage outcome={outcome} />
      {problems.length > 0 && (
        <ul className="tracking-import__problems" aria-label="Problems in the file">
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
