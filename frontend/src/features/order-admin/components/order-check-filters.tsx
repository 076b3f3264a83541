import { useId } from 'react';

import { confirmedOptions, minRiskOptions, sortOptions, type OrderChecksFilter } from '../lib/order-checks';

interface OrderCheckFiltersProps {
  value: OrderChecksFilter;
  onChange: (value: OrderChecksFilter) => void;
}

/** The orders list's sort (newest or highest risk first) and its risk and confirmation filters, as form fields. */
export function OrderCheckFilters({ value, onChange }: OrderCheckFiltersProps) {
  const id = useId();
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
    </>
  );
}
