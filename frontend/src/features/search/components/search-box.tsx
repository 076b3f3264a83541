import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

interface SearchBoxProps {
  /** Called after a search is submitted, e.g. to close the mobile menu. */
  onSearch?: () => void;
  className?: string;
}

/** Blank terms do nothing; others are trimmed and sent, URL-encoded, to /search?q=... */
export function SearchBox({ onSearch, className }: SearchBoxProps) {
  const navigate = useNavigate();
  const t = useMessages(shellTexts, 'shell');
  const inputId = useId();
  const [term, setTerm] = useState('');

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed === '') return;
    void navigate(paths.search.getHref(trimmed));
    onSearch?.();
  }

  return (
    <form role="search" className={className ? `search-box ${className}` : 'search-box'} onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t.searchLabel()}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
        }}
        placeholder={t.searchPlaceholder()}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-box__submit" aria-label={t.search()}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
