import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { PlaceCombobox, unlistedCityHint } from './place-combobox';

function City({ province }: { province: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="city">City</label>
      <PlaceCombobox id="city" name="city" value={value} province={province} onChange={setValue} />
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'City' });
const options = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent);

describe('PlaceCombobox', () => {
  it('is a collapsed ARIA combobox until focused, then lists the province’s places under it', async () => {
    const user = userEvent.setup();
    render(<City province="Punjab" />);

    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-autocomplete', 'list');
    await user.click(field());

    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(options().slice(0, 3)).toEqual(['Lahore', 'Rawalpindi', 'Multan']);
  });

  it('narrows as the shopper types, forgiving case, spaces and dots, and picks with the arrows and Enter', async () => {
    const user = userEvent.setup();
    render(<City province="Punjab" />);

    await user.type(field(), 'sialk');
    expect(options()).toEqual(['Sialkot']);
    await user.clear(field());
    await user.type(field(), 'D.G kh');
    expect(options()).toEqual(['Dera Ghazi Khan']);
    await user.keyboard('{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Dera Ghazi Khan' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');

    expect(field()).toHaveValue('Dera Ghazi Khan');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks a place with a tap, keeping the focus in the field', async () => {
    const user = userEvent.setup();
    render(<City province="Sindh" />);
    await user.type(field(), 'tando');

    const option = screen.getByRole('option', { name: 'Tando Adam' });
    expect(fireEvent.mouseDown(option)).toBe(false);
    await user.click(option);

    expect(field()).toHaveValue('Tando Adam');
    expect(field()).toHaveFocus();
  });

  it('closes on Escape, and offers only the chosen province’s places', async () => {
    const user = userEvent.setup();
    render(<City province="Sindh" />);
    await user.type(field(), 'lahore');

    expect(options()).toEqual([]);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await user.clear(field());
    await user.type(field(), 'karac');
    expect(options()).toEqual(['Karachi']);
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a place the list lacks as typed and says it will be checked', async () => {
    const user = userEvent.setup();
    render(<City province="Punjab" />);

    await user.type(field(), 'Kot Sultan');

    expect(field()).toHaveValue('Kot Sultan');
    expect(field()).toHaveAccessibleDescription(unlistedCityHint);
  });
});
