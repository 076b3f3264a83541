import { useId, useState, type KeyboardEvent } from 'react';

import { listedCity, matchPlaces } from '@/lib/places';

import './form.css';

/** The hint under a city the list lacks: it is kept as typed, and the shop checks it. */
export const unlistedCityHint = 'Not in our list: we will deliver to it as you typed it and check it before sending.';

interface PlaceComboboxProps {
  id: string;
  name: string;
  value: string;
  /** The chosen province: only its places are offered. */
  province: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** The list's name for screen readers; default 'Matching places'. */
  listLabel?: string;
  /** The hint under a city the list lacks; default `unlistedCityHint`. */
  unlistedHint?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The city field (docs/decisions/0035-every-place-in-pakistan.md): a text input whose list of the province's
 * places narrows as the shopper types, under the field so it stays in sight with a phone's keyboard open
 * (ARIA 1.2 combobox: arrows move through the matches, Enter or a tap picks one, Escape closes). Matching
 * forgives case, spaces, dots and other spellings ('dg khan' finds Dera Ghazi Khan). A place the list lacks
 * can be typed and is kept as typed.
 */
export function PlaceCombobox({ id, name, value, province, onChange, disabled, placeholder, listLabel = 'Matching places', unlistedHint = unlistedCityHint, ...aria }: PlaceComboboxProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const hintId = useId();
  const matches = open && !disabled ? matchPlaces(province, value) : [];
  const expanded = matches.length > 0;
  const unlisted = value.trim() !== '' && province !== '' && listedCity(province, value) === undefined;
  const describedBy = [aria['aria-describedby'], unlisted ? hintId : undefined].filter(Boolean).join(' ');

  function pick(city: string) {
    onChange(city);
    setOpen(false);
    setActive(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((current) => (matches.length === 0 ? -1 : Math.min(current + 1, matches.length - 1)));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((current) => Math.max(current - 1, 0));
        break;
      case 'Enter':
        {
          const chosen = expanded ? matches[active] : undefined;
          if (chosen !== undefined) {
            event.preventDefault();
            pick(chosen);
          }
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  return (
    <div className="place-combobox">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete="address-level2"
        autoCapitalize="words"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => {
          setOpen(true);
          // On a phone the keyboard takes the lower half: bring the field to the top so its matches show.
          const input = event.currentTarget;
          const phone = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 40rem)').matches;
          if (phone && typeof input.scrollIntoView === 'function') input.scrollIntoView({ block: 'start' });
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={handleKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className="place-combobox__list" hidden={!expanded}>
        {matches.map((city, index) => (
          <li
            key={city}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="place-combobox__option"
            // Keep the focus in the field, so the tap picks the place instead of closing the list first.
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onClick={() => {
              pick(city);
            }}
          >
            {city}
          </li>
        ))}
      </ul>
      {unlisted && (
        <p id={hintId} className="form-field__hint">
          {unlistedHint}
        </p>
      )}
    </div>
  );
}
