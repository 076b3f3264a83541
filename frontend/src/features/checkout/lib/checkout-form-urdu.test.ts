import { afterAll, describe, expect, it } from 'vitest';

import { loadUrdu, setLanguage } from '@/lib/i18n';

import { checkCheckoutFields, cityProblem, emptyCheckoutFields, mobileProblem } from './checkout-form';

// The Urdu catalogues and the Urdu of the server's texts, as an Urdu page loads them before its first render.
await loadUrdu();

const filled = {
  ...emptyCheckoutFields({ name: 'Ayesha Khan', email: 'ayesha@example.pk' }),
  phone1: '0300 1234567',
  address: 'House 12',
};

describe("an Urdu checkout's own field checks", () => {
  afterAll(() => {
    setLanguage('en');
  });

  it("say the server's texts in Urdu, figures and all", () => {
    setLanguage('ur');
    const checked = checkCheckoutFields({ ...filled, name: ' ', phone1: '0300 12345', email: 'not-an-email' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'براہِ کرم اپنا نام درج کریں۔',
        phone1: 'اس نمبر میں 9 ہندسے ہیں؛ موبائل نمبر میں 11 ہندسے ہوتے ہیں (03XX XXXXXXX)۔',
        email: 'براہِ کرم درست ای میل ایڈریس درج کریں۔',
      },
    });
    expect(mobileProblem('')).toBe('فون نمبر درج کرنا ضروری ہے۔');
    expect(cityProblem('Punjab', '1')).toBe('شہر کا نام ایک ہی سطر میں کسی جگہ کا نام ہونا چاہیے۔');
  });

  it('stay English on an English page', () => {
    setLanguage('en');
    const checked = checkCheckoutFields({ ...filled, name: ' ', phone1: '0300 12345' });
    expect(checked).toEqual({
      ok: false,
      errors: { name: 'Please enter your name.', phone1: 'This number has 9 digits; a mobile number has 11 (03XX XXXXXXX).' },
    });
  });
});
