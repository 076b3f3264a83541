import { describe, expect, it } from 'vitest';

import phoneTable from '../../../../../domain/tests/fixtures/phone-cases.json';

import {
  checkCheckoutFields,
  emptyCheckoutFields,
  firstFieldInError,
  isPakistaniLandline,
  isPakistaniMobile,
  mobileProblem,
  phoneKind,
  phoneProblem,
  serverFieldErrors,
  updateCheckoutFields,
} from './checkout-form';
import { createIdempotencyKeys } from './idempotency';
import { citiesOf, provinces } from '@/lib/places';


const filled = {
  ...emptyCheckoutFields({ name: 'Ayesha Khan', email: 'ayesha@example.pk' }),
  phone1: '0300 1234567',
  address: 'House 12',
};

describe('phone numbers', () => {
  it.each(phoneTable.cases)('$typed is read as the server reads it ($kind)', (phone) => {
    const { typed, kind } = phone;
    expect(phoneKind(typed)).toBe(kind);
    expect(isPakistaniMobile(typed)).toBe(kind === 'mobile');
    expect(isPakistaniLandline(typed)).toBe(kind === 'landline');
    expect(mobileProblem(typed)).toBe('mobileError' in phone ? phone.mobileError : null);
    expect(phoneProblem(typed)).toBe('error' in phone ? phone.error : null);
  });

  it('says what is wrong with a primary phone in the form, with the real count of digits', () => {
    const check = (phone1: string) => checkCheckoutFields({ ...filled, phone1 });
    expect(check('0300 123456')).toEqual({ ok: false, errors: { phone1: 'This number has 10 digits; a mobile number has 11 (03XX XXXXXXX).' } });
    expect(check('1300 1234567')).toEqual({ ok: false, errors: { phone1: 'A mobile number starts with 03.' } });
    expect(check('۰۳۰۰-۱۲۳۴۵۶۷')).toMatchObject({ ok: true, userDetails: { phone1: '۰۳۰۰-۱۲۳۴۵۶۷' } });
  });
});

describe('checkCheckoutFields', () => {
  it('trims the fields, leaves empty optional ones out and fixes the country and payment method', () => {
    expect(checkCheckoutFields({ ...filled, name: '  Ayesha Khan ', phone2: '   ' })).toEqual({
      ok: true,
      userDetails: {
        country: 'Pakistan',
        name: 'Ayesha Khan',
        phone1: '0300 1234567',
        email: 'ayesha@example.pk',
        address: 'House 12',
        paymentMethod: 'COD',
      },
    });
  });

  it('takes a province with one of its cities and a landline as the secondary phone', () => {
    const check = checkCheckoutFields({ ...filled, province: 'Sindh', city: 'Karachi', phone2: '021 34567890' });
    expect(check).toMatchObject({ ok: true, userDetails: { province: 'Sindh', city: 'Karachi', phone2: '021 34567890' } });
  });

  it('gives each field in error its first message, in plain words', () => {
    const check = checkCheckoutFields({ ...emptyCheckoutFields(), email: 'not-an-address', phone2: '123', province: 'Punjab', city: 'X' });
    expect(check).toEqual({
      ok: false,
      errors: {
        name: 'Please enter your name.',
        phone1: 'Phone number is required.',
        phone2: 'Enter a Pakistani mobile or landline number, e.g. 0300 1234567 or 042 35761234.',
        email: 'Please enter a valid email address.',
        address: 'Please enter your complete address.',
        city: 'City must be 2 to 60 characters.',
      },
    });
    if (!check.ok) expect(firstFieldInError(check.errors)).toBe('city');
  });

  it('sends a place typed in another spelling as the list spells it, and a place the list lacks as typed', () => {
    const dgKhan = checkCheckoutFields({ ...filled, province: 'Punjab', city: 'd.g khan' });
    const unlisted = checkCheckoutFields({ ...filled, province: 'Punjab', city: '  Kot   Sultan ' });

    expect(dgKhan).toMatchObject({ ok: true, userDetails: { province: 'Punjab', city: 'Dera Ghazi Khan' } });
    expect(unlisted).toMatchObject({ ok: true, userDetails: { province: 'Punjab', city: 'Kot Sultan' } });
    expect(checkCheckoutFields({ ...filled, province: 'Punjab', city: '12345' })).toEqual({
      ok: false,
      errors: { city: 'City must be one line naming a place.' },
    });
  });

  it('refuses a city without a province', () => {
    expect(checkCheckoutFields({ ...filled, city: 'Lahore' })).toEqual({ ok: false, errors: { city: 'Choose a province first.' } });
  });

  it('refuses a primary phone that is a landline', () => {
    expect(checkCheckoutFields({ ...filled, phone1: '042 35761234' })).toEqual({
      ok: false,
      errors: { phone1: 'This is a landline number; enter a mobile number (03XX XXXXXXX).' },
    });
  });
});

describe('the province and its cities', () => {
  it('lists the seven provinces and the cities of each', () => {
    expect(provinces).toEqual(['Punjab', 'Sindh', 'KhyberPakhtunkhwa', 'Balochistan', 'GilgitBaltistan', 'AzadKashmir', 'Islamabad']);
    expect(citiesOf('Islamabad')).toEqual(['Islamabad']);
    expect(citiesOf('')).toEqual([]);
    expect(citiesOf('toString')).toEqual([]);
  });

  it('clears the city when the province changes, and only then', () => {
    const lahore = { ...filled, province: 'Punjab', city: 'Lahore' };
    expect(updateCheckoutFields(lahore, 'province', 'Sindh').city).toBe('');
    expect(updateCheckoutFields(lahore, 'province', 'Punjab').city).toBe('Lahore');
    expect(updateCheckoutFields(lahore, 'name', 'Sara').city).toBe('Lahore');
  });
});

describe('serverFieldErrors', () => {
  it('puts the server’s userDetails errors on their fields and ignores others', () => {
    expect(serverFieldErrors({ 'userDetails.phone1': ['Bad phone.', 'Second.'], 'cart.0.quantity': ['Bad.'], email: ['Bad e-mail.'] })).toEqual({
      phone1: 'Bad phone.',
      email: 'Bad e-mail.',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('createIdempotencyKeys', () => {
  it('keeps the key while the content is the same and takes a new one when it changes', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}`);
    expect(keys.keyFor('a')).toBe('key-1');
    expect(keys.keyFor('a')).toBe('key-1');
    expect(keys.keyFor('b')).toBe('key-2');
    expect(keys.keyFor('a')).toBe('key-3');
  });

  it('makes random keys of 32 hex digits', () => {
    const keys = [createIdempotencyKeys().keyFor('x'), createIdempotencyKeys().keyFor('x')];
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
