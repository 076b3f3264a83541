import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';
import { loadUrdu } from '@/lib/i18n';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeOrder, makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import CheckoutRoute from './checkout';

// The compiled Urdu catalogues, as an Urdu page loads them before its first render.
await loadUrdu();

const customer = { uid: '7', email: 'ayesha@example.pk', name: 'Ayesha Khan' };

function setup(order: () => Response) {
  mockFetch((url, request) => {
    if (url.pathname === '/api/auth/session') return json({ user: customer });
    if (url.pathname === '/api/settings/delivery-charge') return json({ deliveryCharge: 250 });
    if (url.pathname === '/api/orders' && request.method === 'POST') return order();
    if (url.pathname === '/api/products/11') {
      return json(makeProduct({ _id: '11', name: 'Fast Charger', price: 1000, finalPrice: 1000, stock: 5, freeDelivery: false }));
    }
    return json({ message: 'Not found' }, 404);
  });
  const store = createCartStore(new MemoryStorage(), new EventTarget());
  store.add(makeProduct({ _id: '11', name: 'Fast Charger', price: 1000, finalPrice: 1000, stock: 5, freeDelivery: false }));
  renderWithProviders(
    <CartStoreProvider value={store}>
      <CheckoutRoute />
    </CartStoreProvider>,
    { route: '/checkout', language: 'ur' },
  );
  return userEvent.setup();
}

describe('the checkout in Urdu', () => {
  it('labels every field, the summary, the payment and the button in Urdu, province names too', async () => {
    setup(() => json({ success: true, order: makeOrder(), confirmWithinHours: 24 }, 201));

    expect(await screen.findByRole('heading', { level: 1, name: 'چیک آؤٹ' })).toBeInTheDocument();
    const summary = within(screen.getByRole('complementary', { name: 'آرڈر کا خلاصہ' }));
    await waitFor(() => {
      expect(summary.getByText('ڈیلیوری', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/Rs\s250/);
    });
    expect(summary.getByText('ذیلی کل', { selector: 'dt' })).toBeInTheDocument();
    expect(summary.getByText('کل رقم', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ڈیلیوری کی تفصیلات' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ملک' })).toHaveValue('پاکستان');
    const province = screen.getByRole('combobox', { name: 'صوبہ' });
    expect([...province.querySelectorAll('option')].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'صوبہ منتخب کریں'],
      ['Punjab', 'پنجاب'],
      ['Sindh', 'سندھ'],
      ['KhyberPakhtunkhwa', 'خیبر پختونخوا'],
      ['Balochistan', 'بلوچستان'],
      ['GilgitBaltistan', 'گلگت بلتستان'],
      ['AzadKashmir', 'آزاد کشمیر'],
      ['Islamabad', 'اسلام آباد'],
    ]);
    expect(screen.getByRole('combobox', { name: 'شہر' })).toHaveAttribute('placeholder', 'پہلے صوبہ منتخب کریں');
    expect(screen.getByRole('textbox', { name: 'پورا نام' })).toHaveValue('Ayesha Khan');
    expect(screen.getByRole('textbox', { name: 'بنیادی فون نمبر' })).toHaveAccessibleDescription('موبائل نمبر، مثلاً 0300 1234567۔');
    expect(screen.getByRole('textbox', { name: 'دوسرا فون نمبر (اختیاری)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ای میل' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'مکمل پتہ' })).toBeInTheDocument();
    expect(screen.getByText('کیش آن ڈیلیوری')).toBeInTheDocument();
    expect(screen.getByText('3 سے 4 کاروباری دنوں میں ڈیلیوری')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصدیق کریں اور آرڈر دیں' })).toBeEnabled();
  });

  it('says what to correct in Urdu, keeps the API’s province value and offers an unlisted city’s hint in Urdu', async () => {
    const user = setup(() => json({ success: true, order: makeOrder(), confirmWithinHours: 24 }, 201));
    await screen.findByRole('heading', { level: 1, name: 'چیک آؤٹ' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'صوبہ' }), 'پنجاب');
    expect(screen.getByRole('combobox', { name: 'صوبہ' })).toHaveValue('Punjab');
    const city = screen.getByRole('combobox', { name: 'شہر' });
    expect(city).toHaveAttribute('placeholder', 'اپنے شہر کا نام لکھنا شروع کریں');
    await user.type(city, 'Chak 123');
    expect(city).toHaveAccessibleDescription(
      'یہ شہر ہماری فہرست میں نہیں: ہم اسے ویسے ہی لیں گے جیسے آپ نے لکھا، اور بھیجنے سے پہلے چیک کر لیں گے۔',
    );
    await user.clear(screen.getByRole('textbox', { name: 'پورا نام' }));
    await user.type(screen.getByRole('textbox', { name: 'پورا نام' }), 'A'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'تصدیق کریں اور آرڈر دیں' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('براہِ کرم نشان زدہ خانے درست کریں۔');
    expect(screen.getByRole('textbox', { name: 'پورا نام' })).toHaveAccessibleDescription('آپ کا نام بہت لمبا ہے۔');
  });

  it('says the order could not be placed in Urdu when the server gives no words', async () => {
    const user = setup(() => json({}, 500));
    await screen.findByRole('heading', { level: 1, name: 'چیک آؤٹ' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'صوبہ' }), 'Punjab');
    await user.type(screen.getByRole('combobox', { name: 'شہر' }), 'Lahore');
    await user.type(screen.getByRole('textbox', { name: 'بنیادی فون نمبر' }), '0300 1234567');
    await user.type(screen.getByRole('textbox', { name: 'مکمل پتہ' }), 'House 12, Street 4, Gulberg III');
    await user.click(screen.getByRole('button', { name: 'تصدیق کریں اور آرڈر دیں' }));

    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('آرڈر نہیں دیا جا سکا');
    });
  });
});
