import { useId } from 'react';

import type { SavedAddressResponse } from '@/api/generated';
import { provinceName } from '@/lib/province-name';

function label(saved: SavedAddressResponse): string {
  const place = [saved.city, saved.province ? provinceName(saved.province) : null].filter(Boolean).join(', ');
  return [saved.name, saved.phone1, saved.address.replace(/\s*\n\s*/g, ', '), place].filter(Boolean).join(' · ');
}

/** The account's saved addresses to fill the form from (most recently used first); none: nothing shown. */
export function SavedAddressChoice({
  addresses,
  onPick,
}: {
  addresses: readonly SavedAddressResponse[];
  onPick: (saved: SavedAddressResponse) => void;
}) {
  const id = useId();
  if (addresses.length === 0) return null;
  return (
    <div className="form-field">
      <label htmlFor={id}>Saved addresses</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const saved = addresses.find((address) => address._id === event.target.value);
          if (saved) onPick(saved);
        }}
      >
        <option value="">Use a saved address…</option>
        {addresses.map((saved) => (
          <option key={saved._id} value={saved._id}>
            {label(saved)}
          </option>
        ))}
      </select>
    </div>
  );
}
