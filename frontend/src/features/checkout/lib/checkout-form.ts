import * as z from 'zod/mini';

import { MAX_EMAIL_CHARS, MAX_NAME_CHARS } from '@/api/rules/auth.gen';
import { MAX_ADDRESS_CHARS, MAX_CITY_CHARS, MAX_PHONE_CHARS, MIN_CITY_CHARS } from '@/api/rules/checkout.gen';
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
 * The national number (without +92 or the trunk 0) of a number written as the server's `domain::contact::Phone`
 * accepts it: an optional leading '+', then digits with spaces and dashes between them (never two spaces or two
 * dashes in a row); `null` otherwise.
 * Both sides are checked against `domain/tests/fixtures/phone-cases.json`.
 */
function nationalNumber(typed: string): string | null {
  if (typed.length > MAX_PHONE_CHARS) return null;
  const plus = typed.startsWith('+');
  const body = plus ? typed.slice(1) : typed;
  if (!/^\d(?:[\d -]*\d)?$/.test(body) || body.includes('  ') || body.includes('--')) return null;
  const digits = body.replace(/[ -]/g, '');
  if (plus) return digits.startsWith('92') ? digits.slice(2) : null;
  if (digits.startsWith('0092')) return digits.slice(4);
  if (digits.startsWith('0')) return digits.slice(1);
  if (digits.startsWith('92') && digits.length - 2 >= 9) return digits.slice(2);
  return digits;
}

/** Whether a number is a Pakistani mobile or landline number, or neither (`null`), as the server decides. */
export function phoneKind(phone: string): 'mobile' | 'landline' | null {
  const national = nationalNumber(phone.trim());
  if (national === null) return null;
  if (national.length === 10 && national.startsWith('3')) return 'mobile';
  if ((national.length === 9 || national.length === 10) && !/^[013]/.test(national)) return 'landline';
  return null;
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

const checkoutSchema = z
  .object({
    province: text,
    city: text,
    name: z.string().check(z.trim(), z.minLength(1, fieldMessages.nameRequired), z.maxLength(MAX_NAME_CHARS, fieldMessages.nameTooLong)),
    phone1: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, fieldMessages.phone1Required),
        z.maxLength(MAX_PHONE_CHARS, fieldMessages.phoneTooLong),
        z.refine(isPakistaniMobile, fieldMessages.phone1Invalid),
      ),
    phone2: z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_PHONE_CHARS, fieldMessages.phoneTooLong),
        z.refine((phone) => phone === '' || isPakistaniMobile(phone) || isPakistaniLandline(phone), fieldMessages.phone2Invalid),
      ),
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, fieldMessages.emailRequired),
        z.maxLength(MAX_EMAIL_CHARS, fieldMessages.emailInvalid),
        z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, fieldMessages.emailInvalid),
      ),
    address: z
      .string()
      .check(z.trim(), z.minLength(1, fieldMessages.addressRequired), z.maxLength(MAX_ADDRESS_CHARS, fieldMessages.addressTooLong)),
  })
  .check(
    z.refine((fields) => fields.city === '' || fields.province !== '', { message: fieldMessages.cityWithoutProvince, path: ['city'] }),
  );

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
  if (/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(typed) || !/\p{L}/u.test(typed)) return fieldMessages.cityNotAName;
  const length = Array.from(typed.split(/\s+/).join(' ')).length;
  return length < MIN_CITY_CHARS || length > MAX_CITY_CHARS ? fieldMessages.cityLength : undefined;
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
  const parsed = checkoutSchema.safeParse(fields);
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
