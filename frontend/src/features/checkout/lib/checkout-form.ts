import * as z from 'zod/mini';

import { MAX_EMAIL_CHARS, MAX_NAME_CHARS } from '@/api/rules/auth.gen';
import * as checkoutRules from '@/api/rules/checkout.gen';
import { rulesIn } from '@/lib/i18n';
import { listedCity } from '@/lib/places';

import { fieldMessages } from './messages';

/** The checkout form as the shopper fills it in (text, as typed). Country and payment method are fixed. */
export interface CheckoutFields {
  province: string;
  city: string;
  name: string;
  phone1: string;
  phone2: string;
  email: string;
  address: string;
}

export type CheckoutField = keyof CheckoutFields;

/** The fields in docs/spec.md's order, for focusing the first one in error. */
export const fieldOrder: readonly CheckoutField[] = ['province', 'city', 'name', 'phone1', 'phone2', 'email', 'address'];

export type FieldErrors = Partial<Record<CheckoutField, string>>;

export function emptyCheckoutFields(prefill: { name?: string; email?: string } = {}): CheckoutFields {
  return { province: '', city: '', name: prefill.name ?? '', phone1: '', phone2: '', email: prefill.email ?? '', address: '' };
}

/** Changing the province clears the chosen city (docs/spec.md §4 'Checkout form'). */
export function updateCheckoutFields(fields: CheckoutFields, changed: CheckoutField, value: string): CheckoutFields {
  const next = { ...fields, [changed]: value };
  if (changed === 'province' && value !== fields.province) next.city = '';
  return next;
}

/**
 * The digits, '+', spaces and dashes of `text` in ASCII, as the server's `domain::contact::fold_phone_text`:
 * Arabic-Indic, Extended Arabic-Indic (Urdu and Persian keyboards) and full-width digits become 0-9, the
 * full-width plus, hyphen and space '+', '-' and ' '; invisible direction marks are dropped.
 */
export function foldPhoneText(text: string): string {
  let folded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x200e || code === 0x200f || code === 0x061c || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) continue;
    if (code >= 0x0660 && code <= 0x0669) folded += String(code - 0x0660);
    else if (code >= 0x06f0 && code <= 0x06f9) folded += String(code - 0x06f0);
    else if (code >= 0xff10 && code <= 0xff19) folded += String(code - 0xff10);
    else if (code === 0xff0b) folded += '+';
    else if (code === 0xff0d) folded += '-';
    else if (code === 0x3000) folded += ' ';
    else folded += char;
  }
  return folded;
}

type National = { digits: string; withCode: boolean } | 'other-country';

/**
 * The national number (without +92 or the trunk 0) of a number written as the server's `domain::contact::Phone`
 * accepts it (after folding): an optional leading '+', then digits with spaces and dashes between them (never
 * two spaces or two dashes in a row); `null` otherwise.
 * Both sides are checked against `domain/tests/fixtures/phone-cases.json`.
 */
function nationalNumber(typed: string): National | null {
  const plus = typed.startsWith('+');
  const body = plus ? typed.slice(1) : typed;
  if (!/^\d(?:[\d -]*\d)?$/.test(body) || body.includes('  ') || body.includes('--')) return null;
  const digits = body.replace(/[ -]/g, '');
  if (plus) return digits.startsWith('92') ? { digits: digits.slice(2), withCode: true } : 'other-country';
  if (digits.startsWith('00') && !digits.startsWith('000')) {
    return digits.startsWith('0092') ? { digits: digits.slice(4), withCode: true } : 'other-country';
  }
  if (digits.startsWith('0')) return { digits: digits.slice(1), withCode: false };
  if (digits.startsWith('92') && digits.length - 2 >= 9) return { digits: digits.slice(2), withCode: true };
  return { digits, withCode: false };
}

type PhoneReading = { ok: true; kind: 'mobile' | 'landline' } | { ok: false; message: string };

const { MAX_ADDRESS_CHARS, MAX_CITY_CHARS, MAX_PHONE_CHARS, MIN_CITY_CHARS } = checkoutRules;

/** The server's checkout texts in the page's language. */
const said = () => rulesIn(checkoutRules, 'checkout');

/** Reads a number as the server does: its kind, or what is wrong with it (`mobile`: only a mobile will do). */
function readPhone(phone: string, mobile: boolean): PhoneReading {
  const folded = foldPhoneText(phone.trim()).trim();
  const { phoneLandline, phoneLetters, phoneMobileDigits, phoneMobileDigitsAfterCode, phoneNotMobile, phoneNotMobilePrefix } = said();
  const { phoneNotPakistani, phoneOtherCountry, phoneRequired, phoneTooLong } = said();
  const notANumber = mobile ? phoneNotMobile : phoneNotPakistani;
  const refuse = (message: string): PhoneReading => ({ ok: false, message });
  if (folded === '') return refuse(phoneRequired);
  if (Array.from(folded).length > MAX_PHONE_CHARS) return refuse(phoneTooLong);
  if (/\p{Alphabetic}/u.test(folded)) return refuse(phoneLetters);
  const national = nationalNumber(folded);
  if (national === null) return refuse(notANumber);
  if (national === 'other-country') return refuse(phoneOtherCountry);
  const { digits, withCode } = national;
  if (digits.length === 10 && digits.startsWith('3')) return { ok: true, kind: 'mobile' };
  if (digits.startsWith('3')) {
    return refuse(withCode ? phoneMobileDigitsAfterCode(digits.length) : phoneMobileDigits(folded.replace(/\D/g, '').length));
  }
  if ((digits.length === 9 || digits.length === 10) && !/^[01]/.test(digits)) {
    return mobile ? refuse(phoneLandline) : { ok: true, kind: 'landline' };
  }
  return refuse(mobile ? phoneNotMobilePrefix : phoneNotPakistani);
}

/** Whether a number is a Pakistani mobile or landline number, or neither (`null`), as the server decides. */
export function phoneKind(phone: string): 'mobile' | 'landline' | null {
  const reading = readPhone(phone, false);
  return reading.ok ? reading.kind : null;
}

/** What is wrong with a primary phone (a mobile number), in the server's words; `null` when nothing is. */
export function mobileProblem(phone: string): string | null {
  const reading = readPhone(phone, true);
  return reading.ok ? null : reading.message;
}

/** What is wrong with a secondary phone (a mobile or landline number); `null` when nothing is. */
export function phoneProblem(phone: string): string | null {
  const reading = readPhone(phone, false);
  return reading.ok ? null : reading.message;
}

/** A Pakistani mobile number in any usual writing: 0300 1234567, 0300-1234567, +92 300 1234567, 923001234567. */
export function isPakistaniMobile(phone: string): boolean {
  return phoneKind(phone) === 'mobile';
}

/** A Pakistani landline with its area code: 042 35761234, 051 1234567, +92 42 35761234. */
export function isPakistaniLandline(phone: string): boolean {
  return phoneKind(phone) === 'landline';
}

const text = z.string().check(z.trim());

/** A zod check that reports what `problem` finds wrong with a phone, in its words. */
function phoneCheck(problem: (phone: string) => string | null) {
  return z.superRefine<string>((phone, context) => {
    const message = problem(phone);
    if (message !== null) context.addIssue({ code: 'custom', message, input: phone });
  });
}

/** The form's checks, with the field errors in the page's language. */
function checkoutSchema() {
  const texts = said();
  return z
    .object({
      province: text,
      city: text,
      name: z.string().check(z.trim(), z.minLength(1, texts.nameRequired), z.maxLength(MAX_NAME_CHARS, { error: () => fieldMessages.nameTooLong })),
      phone1: z.string().check(z.trim(), phoneCheck(mobileProblem)),
      phone2: z.string().check(z.trim(), phoneCheck((phone) => (phone === '' ? null : phoneProblem(phone)))),
      email: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, texts.emailRequired),
          z.maxLength(MAX_EMAIL_CHARS, texts.emailInvalid),
          z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, texts.emailInvalid),
        ),
      address: z
        .string()
        .check(z.trim(), z.minLength(1, texts.addressRequired), z.maxLength(MAX_ADDRESS_CHARS, texts.addressTooLong)),
    })
    .check(
      z.refine((fields) => fields.city === '' || fields.province !== '', { message: texts.cityWithoutProvince, path: ['city'] }),
    );
}

/** The order's `userDetails`: trimmed, empty optional fields left out; country and payment method fixed. */
export interface UserDetails {
  country: 'Pakistan';
  province?: string;
  city?: string;
  name: string;
  phone1: string;
  phone2?: string;
  email: string;
  address: string;
  paymentMethod: 'COD';
}

/**
 * What is wrong with `city` as the server would say it (`domain::locations::CityName`), or nothing: a place
 * of the province in any spelling is fine; any other name is kept as typed when it is one line of
 * MIN_CITY_CHARS to MAX_CITY_CHARS characters (runs of spaces made one) with a letter.
 */
export function cityProblem(province: string, city: string): string | undefined {
  const typed = city.trim();
  if (typed === '' || province.trim() === '' || listedCity(province, typed) !== undefined) return undefined;
  const { cityNotAName, cityLength } = said();
  if (/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(typed) || !/\p{L}/u.test(typed)) return cityNotAName;
  const length = Array.from(typed.split(/\s+/).join(' ')).length;
  return length < MIN_CITY_CHARS || length > MAX_CITY_CHARS ? cityLength : undefined;
}

/** The city as the order sends it: the table's spelling of a place ('dg khan' → 'Dera Ghazi Khan'), else as typed. */
export function cityToSend(province: string, city: string): string {
  return listedCity(province, city) ?? city.trim().split(/\s+/).join(' ');
}

export type CheckoutCheck = { ok: true; userDetails: UserDetails } | { ok: false; errors: FieldErrors };

/**
 * Checks the form before anything is sent: full name, primary phone (a Pakistani mobile), e-mail and
 * address required; the secondary phone, optional, a mobile or a landline; province and city optional, the
 * city one of the province's places or a name the list lacks ([`cityProblem`]). Each field gets its first error.
 */
export function checkCheckoutFields(fields: CheckoutFields): CheckoutCheck {
  const parsed = checkoutSchema().safeParse(fields);
  const errors: FieldErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as CheckoutField;
    errors[field] ??= issue.message;
  }
  const cityError = cityProblem(fields.province, fields.city);
  if (cityError !== undefined) errors.city ??= cityError;
  if (!parsed.success || cityError !== undefined) return { ok: false, errors };
  const { province, city, name, phone1, phone2, email, address } = parsed.data;
  return {
    ok: true,
    userDetails: {
      country: 'Pakistan',
      ...(province !== '' && { province }),
      ...(city !== '' && { city: cityToSend(province, city) }),
      name,
      phone1,
      ...(phone2 !== '' && { phone2 }),
      email,
      address,
      paymentMethod: 'COD',
    },
  };
}

/** The first field of `errors` in the form's order, to move the focus to. */
export function firstFieldInError(errors: FieldErrors): CheckoutField | undefined {
  return fieldOrder.find((field) => errors[field] !== undefined);
}

/**
 * The server's field errors (`{"errors": {"userDetails.phone1": ["..."]}}`) as the form's, so they show beside
 * their fields too.
 */
export function serverFieldErrors(errors: Readonly<Record<string, readonly string[]>> | undefined): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.replace(/^userDetails\./, '') as CheckoutField;
    if (fieldOrder.includes(field) && messages[0] !== undefined) mapped[field] ??= messages[0];
  }
  return mapped;
}
