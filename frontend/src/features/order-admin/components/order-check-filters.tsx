import { useId } from 'react';

import { useCodSettings } from '../api/order-checks';
import { confirmedOptions, minRiskOptions, sortOptions, type OrderChecksFilter } from '../lib/order-checks';
import { whatsAppFilterOptions } from '../lib/whatsapp-thread';

interface OrderCheckFiltersProps {
  value: OrderChecksFilter;
  onChange: (value: OrderChecksFilter) => void;
}

/**
 * The orders list's sort (newest or highest risk first) and its risk and confirmation filters, as form fields;
 * the WhatsApp filter ('Confirmed on WhatsApp', 'No reply', 'Message failed') while WhatsApp is on, or while
 * one of its values is chosen.
 */
export function OrderCheckFilters({ value, onChange }: OrderCheckFiltersProps) {
  const id = useId();
  const whatsAppOn = useCodSettings().data?.whatsappEnabled === true;
  const select = (name: keyof OrderChecksFilter, label: string, options: readonly { value: string; label: string }[]) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={value[name]}
        onChange={(event) => {
          onChange({ ...value, [name]: event.target.value });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {select('sort', 'Sort', sortOptions)}
      {select('minRisk', 'Risk', minRiskOptions)}
      {select('confirmed', 'Confirmation', confirmedOptions)}
      {(whatsAppOn || value.whatsapp !== '') && select('whatsapp', 'WhatsApp', whatsAppFilterOptions)}
    </>
  );
}
