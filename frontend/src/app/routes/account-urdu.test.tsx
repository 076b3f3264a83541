import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { SavedAddresses } from '@/features/addresses/components/saved-addresses';
import { loadUrdu } from '@/lib/i18n';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import ForgotPasswordRoute from './forgot-password';
import LoginRoute from './login';
import ResetPasswordRoute from './reset-password';
import SignupRoute from './signup';

// The compiled Urdu catalogues, as an Urdu page loads them before its first render.
await loadUrdu();

function server() {
  mockFetch((url) => {
    if (url.pathname === '/api/auth/google/status') return json({ configured: true });
    if (url.pathname === '/api/auth/login') return json({ message: 'Too many attempts.' }, 500);
    if (url.pathname === '/api/account/addresses') {
      return json({
        addresses: [
          { _id: '3', province: 'KhyberPakhtunkhwa', city: 'Peshawar', name: 'Ayesha Khan', phone1: '0300 1234567', phone2: null, phone1Normal: '+923001234567', address: 'House 12\nUniversity Town', usedAt: '2026-11-27T10:00:00Z' },
        ],
      });
    }
    return json({ message: 'Not found' }, 404);
  });
}

describe('the account screens in Urdu', () => {
  it('login: heading, fields, buttons, Google and links in Urdu', async () => {
    server();
    renderWithProviders(<LoginRoute />, { route: '/login', language: 'ur' });
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'خوش آمدید' })).toBeInTheDocument();
    expect(screen.getByText('آرڈر دینے اور اپنے آرڈر دیکھنے کے لیے لاگ اِن کریں۔')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ای میل' })).toBeInTheDocument();
    expect(screen.getByLabelText('پاس ورڈ')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'پاس ورڈ دکھائیں' }));
    expect(screen.getByRole('button', { name: 'پاس ورڈ چھپائیں' })).toHaveTextContent('چھپائیں');
    expect(screen.getByRole('button', { name: 'لاگ اِن' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'نیا اکاؤنٹ بنائیں' })).toHaveAttribute('href', '/ur/signup');
    expect(screen.getByRole('link', { name: 'پاس ورڈ بھول گئے؟' })).toHaveAttribute('href', '/ur/forgot-password');
    expect(await screen.findByRole('button', { name: 'گوگل سے لاگ اِن کریں' })).toBeInTheDocument();
    expect(screen.getByText('یا')).toBeInTheDocument();
  });

  it('sign-up, forgot and reset password in Urdu', () => {
    server();
    const signup = renderWithProviders(<SignupRoute />, { route: '/signup', language: 'ur' });
    expect(screen.getByRole('heading', { level: 1, name: 'اکاؤنٹ بنائیں' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'آپ کا نام' })).toBeInTheDocument();
    expect(screen.getByLabelText('پاس ورڈ')).toHaveAccessibleDescription('کم از کم 6 حروف۔');
    expect(screen.getByRole('button', { name: 'اکاؤنٹ بنائیں' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'پہلے سے اکاؤنٹ ہے؟ لاگ اِن کریں' })).toHaveAttribute('href', '/ur/login');
    signup.unmount();

    const forgot = renderWithProviders(<ForgotPasswordRoute />, { route: '/forgot-password', language: 'ur' });
    expect(screen.getByRole('heading', { level: 1, name: 'پاس ورڈ دوبارہ بنائیں' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ری سیٹ ای میل بھیجیں' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'واپس لاگ اِن پر' })).toHaveAttribute('href', '/ur/login');
    forgot.unmount();

    renderWithProviders(<ResetPasswordRoute />, { route: '/reset-password', language: 'ur' });
    expect(screen.getByRole('heading', { level: 1, name: 'نیا پاس ورڈ چنیں' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('یہ لنک نامکمل ہے۔ براہِ کرم نیا لنک منگوائیں۔ نیا لنک منگوائیں');
  });

  it('saved addresses in Urdu, the province by its Urdu name', async () => {
    server();
    renderWithProviders(<SavedAddresses signedIn />, { route: '/orders', language: 'ur' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: 'محفوظ پتے' })).toBeInTheDocument();
    expect(screen.getByText('Ayesha Khan · 0300 1234567 · House 12, University Town · Peshawar, خیبر پختونخوا')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف کریں' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تبدیل کریں' }));
    expect(screen.getByRole('form', { name: 'پتہ تبدیل کریں' })).toBeInTheDocument();
    for (const label of ['پورا نام', 'بنیادی فون نمبر', 'دوسرا فون نمبر (اختیاری)', 'مکمل پتہ']) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'محفوظ کریں' })).toBeInTheDocument();
  });
});
