import { useId } from 'react';

import type { SavedAddressResponse } from '@/api/generated';
import checkoutTexts from '@/i18n/en/checkout.json';
import { useMessages } from '@/lib/i18n';
import { useProvinceName } from '@/lib/province-name';

function label(saved: SavedAddressResponse, provinceName: (province: string) => string): string {
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
  const t = useMessages(checkoutTexts, 'checkout');
  const provinceName = useProvinceName();
  if (addresses.length === 0) return null;
  return (
    <div className="form-field">
      <label htmlFor={id}>{t.savedAddresses()}</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const saved = addresses.find((address) => address._id === event.target.value);
          if (saved) onPick(saved);
        }}
      >
        <option value="">{t.useSaved()}</option>
        {addresses.map((saved) => (
          <option key={saved._id} value={saved._id}>
            {label(saved, provinceName)}
          </option>
        ))}
      </select>
    </div>
  );
}
