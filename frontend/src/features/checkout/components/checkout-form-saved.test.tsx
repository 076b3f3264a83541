import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { SavedAddressResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { draftKey } from '../lib/use-checkout-draft';

import { CheckoutForm } from './checkout-form';

const user = { uid: '7', name: 'Ayesha Khan', email: 'ayesha@example.pk' };
const figures = { cart: [], subtotal: 0, deliveryCharge: 0, coupon: null, couponDiscount: 0, total: 0 };

const home: SavedAddressResponse = {
  _id: '3',
  province: 'Punjab',
  city: 'Lahore',
  name: 'Ayesha Khan',
  phone1: '۰۳۰۰-۱۲۳۴۵۶۷',
  phone2: null,
  phone1Normal: '+923001234567',
  address: 'House 12, Gulberg III',
  usedAt: '2026-11-27T10:00:00Z',
};
const office: SavedAddressResponse = {
  ...home,
  _id: '4',
  province: 'Sindh',
  city: 'Karachi',
  phone1: '0321 7654321',
  phone2: '021 34567890',
  address: 'Office 5, Clifton',
};

function render(savedAddresses: SavedAddressResponse[]) {
  mockFetch(() => json({ message: 'Not found' }, 404));
  renderWithProviders(<CheckoutForm user={user} figures={figures} onQuote={() => Promise.resolve()} onPlaced={() => undefined} savedAddresses={savedAddresses} />);
  return userEvent.setup();
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('checkout with saved addresses', () => {
  it('fills an untouched form with the most recently used address and fills another one picked from the list', async () => {
    const events = render([home, office]);

    expect([value('Province'), value('City'), value('Primary phone'), value('Complete address')]).toEqual([
      'Punjab',
      'Lahore',
      '۰۳۰۰-۱۲۳۴۵۶۷',
      'House 12, Gulberg III',
    ]);
    const choice = screen.getByLabelText('Saved addresses');
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Use a saved address…',
      'Ayesha Khan · ۰۳۰۰-۱۲۳۴۵۶۷ · House 12, Gulberg III · Lahore, Punjab',
      'Ayesha Khan · 0321 7654321 · Office 5, Clifton · Karachi, Sindh',
    ]);

    await events.selectOptions(choice, '4');

    expect([value('Province'), value('City'), value('Primary phone'), value('Secondary phone (optional)'), value('Complete address')]).toEqual([
      'Sindh',
      'Karachi',
      '0321 7654321',
      '021 34567890',
      'Office 5, Clifton',
    ]);
    expect(value('Email')).toBe('ayesha@example.pk');
  });

  it('keeps a draft typed in this tab rather than the saved address', () => {
    window.sessionStorage.setItem(
      draftKey('7'),
      JSON.stringify({ province: '', city: '', name: 'Ayesha', phone1: '0333 1112223', phone2: '', email: 'ayesha@example.pk', address: 'Typed' }),
    );
    render([home]);
    expect([value('Primary phone'), value('Complete address')]).toEqual(['0333 1112223', 'Typed']);
  });

  it('shows no saved-address list when the account has none', () => {
    render([]);
    expect(screen.queryByLabelText('Saved addresses')).not.toBeInTheDocument();
    expect(value('Primary phone')).toBe('');
  });
});
