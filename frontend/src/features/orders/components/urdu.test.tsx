import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loadUrdu } from '@/lib/i18n';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeOrder } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { ConfirmOrder } from './confirm-order';
import { MyOrders } from './my-orders';
import { OrderConfirmation } from './order-confirmation';

// The compiled Urdu catalogues, as an Urdu page loads them before its first render.
await loadUrdu();

afterEach(() => {
  vi.useRealTimers();
});

/** The text with the isolation marks around numbers taken out, as a reader sees it. */
const seen = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');

describe('My Orders in Urdu', () => {
  it('shows each order, its item count, status, figures, history, address and the confirm step in Urdu', async () => {
    mockFetch((url) => {
      if (url.pathname !== '/api/orders/user/7') return json({ message: 'Not found' }, 404);
      return json({
        success: true,
        total: 2,
        confirmWithinHours: 24,
        orders: [
          makeOrder({ _id: '1', whatsappTo: '0300 1234567' }),
          makeOrder({
            _id: '2',
            status: 'rejected',
            cart: [{ productId: '5', name: 'Cable', quantity: 1, price: 500, lineTotal: 500 }],
            total: 750,
            history: [
              { status: 'pending', at: '2026-11-24T06:00:00Z', comment: null },
              { status: 'rejected', at: '2026-11-24T09:30:00Z', comment: 'Address could not be reached.' },
            ],
          }),
        ],
      });
    });
    renderWithProviders(<MyOrders uid="7" />, { route: '/orders', language: 'ur' });
    const user = userEvent.setup();

    const first = await screen.findByRole('button', { name: /آرڈر #1/ });
    expect(screen.getByRole('heading', { level: 1, name: 'میرے آرڈر' })).toBeInTheDocument();
    expect(first).toHaveTextContent(/^آرڈر #13 چیزیں · Rs\s2,749زیرِ غور$/);
    const second = within(screen.getByRole('article', { name: 'آرڈر #2' }));
    expect(second.getByRole('button', { name: /^آرڈر #2/ })).toHaveTextContent(/^آرڈر #21 چیز · Rs\s750مسترد$/);

    const pending = within(screen.getByRole('article', { name: 'آرڈر #1' }));
    expect(seen(pending.getByText(/واٹس ایپ/).textContent)).toBe(
      'ہم نے 0300 1234567 پر واٹس ایپ پیغام بھیجا ہے: 25 نومبر، 2026، 11:00 تک اس میں تصدیق کا بٹن دبائیں۔',
    );
    expect(pending.getByText('ابھی تصدیق نہیں ہوئی: براہِ کرم تصدیق کریں، یا ہماری ای میل میں بھیجا گیا لنک کھولیں۔')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'میرے آرڈر کی تصدیق کریں' })).toBeInTheDocument();

    await user.click(second.getByRole('button', { name: /^آرڈر #2/ }));
    expect(second.getByText('آرڈر کی تاریخ', { exact: false })).toHaveTextContent('آرڈر کی تاریخ 24 نومبر، 2026، 11:00');
    expect(second.getByRole('region', { name: 'چیزیں' })).toHaveTextContent(/^چیزیںCable × 1Rs\s500 × 1$/);
    expect(second.getByRole('region', { name: 'ڈیلیوری کا پتہ' })).toHaveTextContent('Ayesha KhanHouse 12, Street 4, Gulberg IIILahore, پنجاب');
    const payment = second.getByRole('region', { name: 'ادائیگی' });
    expect([...payment.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['ذیلی کل', 'ڈیلیوری', 'کوپن (FLAT200)', 'کل رقم']);
    const history = second.getByRole('region', { name: 'آرڈر کی کہانی' });
    expect([...history.querySelectorAll('li')].map((entry) => entry.textContent)).toEqual([
      'زیرِ غور 24 نومبر، 2026، 11:00',
      'مسترد 24 نومبر، 2026، 14:30وجہ: Address could not be reached.',
    ]);
  });

  it('says in Urdu that there are no orders yet', async () => {
    mockFetch(() => json({ success: true, orders: [], total: 0, confirmWithinHours: 24 }));
    renderWithProviders(<MyOrders uid="7" />, { route: '/orders', language: 'ur' });

    expect(await screen.findByText('آپ نے ابھی تک کوئی آرڈر نہیں دیا۔')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'خریداری شروع کریں' })).toHaveAttribute('href', '/ur');
  });
});

describe('the order confirmation in Urdu', () => {
  it('spins, then says the order awaits approval, what was ordered, the total and the next steps in Urdu', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/settings/shop-info') {
        return json({ deliveryCharge: 250, deliveryTime: '2–4 working days', whatsapp: '923001234567', whatsappLink: 'https://wa.me/923001234567', whatsappLocal: '0300 1234567' });
      }
      return json({ message: 'Not found' }, 404);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const order = { _id: '42', total: 1648, whatsappTo: '0300 1234567', cart: [{ productId: '1', name: 'Galaxy A34 Flip Cover', quantity: 2, lineTotal: 1398 }] };
    renderWithProviders(<OrderConfirmation order={order} confirmWithinHours={36} />, { route: '/order-confirmation', language: 'ur' });

    expect(screen.getByRole('status')).toHaveTextContent('آپ کے آرڈر کی تصدیق ہو رہی ہے');
    act(() => {
      vi.advanceTimersByTime(1500);
    });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('آرڈر موصول ہو گیا — منظوری کا انتظار ہے');
    expect(screen.getByText('آپ کا آرڈر نمبر:', { exact: false })).toHaveTextContent('آپ کا آرڈر نمبر: #42');
    expect(screen.getByRole('region', { name: 'آپ نے کیا منگوایا' })).toHaveTextContent(/Galaxy A34 Flip Cover × 2Rs\s1,398/);
    expect(screen.getByText('ڈیلیوری پر ادا کرنے والی کل رقم:', { exact: false })).toHaveTextContent(/^ڈیلیوری پر ادا کرنے والی کل رقم: Rs\s1,648$/);
    const next = within(screen.getByRole('region', { name: 'آگے کیا ہوگا' }));
    await next.findByText(/ڈیلیوری میں/);
    expect(next.getAllByRole('listitem').map((item) => seen(item.textContent))).toEqual([
      'ہم نے 0300 1234567 پر واٹس ایپ پیغام بھیجا ہے: 36 گھنٹوں کے اندر اس میں تصدیق کا بٹن دبائیں۔',
      'ہم نے آپ کو آرڈر کی تصدیق کا لنک ای میل کیا ہے: براہِ کرم اسے کھولیں اور 36 گھنٹوں کے اندر ‘میرے آرڈر کی تصدیق کریں’ دبائیں، ورنہ آرڈر منسوخ ہو سکتا ہے۔',
      'ہم آپ کا آرڈر چیک اور منظور کر کے بھیج دیتے ہیں: ڈیلیوری میں 2–4 working days لگتے ہیں۔ ہر مرحلے پر آپ کو ای میل ملے گی۔',
      expect.stringMatching(/^Rs\s1,648 تیار رکھیں: پارسل پہنچنے پر ادائیگی نقد ہوگی۔$/),
      'کوئی سوال ہو تو ہمیں واٹس ایپ کریں: 0300 1234567۔',
    ]);
    expect(screen.getByRole('link', { name: 'خریداری جاری رکھیں' })).toHaveAttribute('href', '/ur');
    expect(screen.getByRole('link', { name: 'میرے آرڈر دیکھیں' })).toHaveAttribute('href', '/ur/orders');
  });

  it('says in Urdu that a confirmation link without its token is not valid', () => {
    renderWithProviders(<ConfirmOrder order="42" token="" />, { route: '/confirm-order', language: 'ur' });
    expect(screen.getByRole('alert')).toHaveTextContent('یہ تصدیقی لنک درست نہیں۔');
  });
});
