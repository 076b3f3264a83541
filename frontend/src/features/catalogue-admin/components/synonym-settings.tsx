import { useId, useState, type SubmitEvent } from 'react';

import { LoadingBar } from '@/components/ui/loading-bar';
import { useRecheckAdmin } from '@/lib/admin-session';

import { useReplaceSearchSynonymsMutation, useSearchSynonyms } from '../api/search-synonyms';
import { groupsToLines, linesToGroups, refusalText } from '../lib/synonym-lines';

interface Outcome {
  tone: 'success' | 'error';
  message: string;
}

export const synonymMessages = {
  loadFailed: 'Could not load the synonyms.',
  saved: '✅ Synonyms saved. Searches use them now.',
  saveFailed: 'Failed to save the synonyms.',
  unreachable: 'Network error. Please try again.',
};

/**
 * The search synonyms page's form: every group on its own line, terms separated by commas ('cover, back
 * cover, case'). A search for any term of a group finds what the others find.
 */
export function SynonymSettings() {
  const synonyms = useSearchSynonyms();

  if (synonyms.isPending) return <LoadingBar label="Loading synonyms" />;
  if (synonyms.isError) {
    return (
      <p className="admin-message admin-message--error" role="alert">
        {synonymMessages.loadFailed}
      </p>
    );
  }
  return <SynonymForm initial={groupsToLines(synonyms.data.groups)} />;
}

function SynonymForm({ initial }: { initial: string }) {
  const save = useReplaceSearchSynonymsMutation();
  const recheckAdmin = useRecheckAdmin();
  const [text, setText] = useState(initial);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputId = useId();
  const hintId = useId();
  const messageId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const reply = await save.mutateAsync(linesToGroups(text));
    if (reply.kind === 'done') {
      setText(groupsToLines(reply.data.groups));
      setOutcome({ tone: 'success', message: synonymMessages.saved });
      return;
    }
    if (reply.kind === 'unreachable') {
      setOutcome({ tone: 'error', message: synonymMessages.unreachable });
      return;
    }
    setOutcome({ tone: 'error', message: refusalText(reply.message ?? synonymMessages.saveFailed, reply.errors) });
    if (reply.status === 401) void recheckAdmin();
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="form-field">
        <label htmlFor={inputId}>Synonym groups</label>
        <textarea
          id={inputId}
          name="groups"
          rows={16}
          spellCheck={false}
          autoCapitalize="none"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          aria-describedby={`${hintId} ${messageId}`}
          aria-invalid={outcome?.tone === 'error' || undefined}
        />
        <p id={hintId} className="form-field__hint">
          One group per line, terms separated by commas, e.g. “cover, back cover, case”. A search for any term
          finds what the others find. A term is a word or up to 3 words.
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
