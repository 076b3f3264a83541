import { MAX_DELIVERY_TIME_CHARS, deliveryTimeInvalid, whatsappNumberInvalid } from '@/api/rules/admin.gen';

/**
 * A WhatsApp number as the server stores it (domain/src/shop_info.rs): a Pakistani mobile written as the
 * checkout accepts it (`0300 1234567`, `0300-1234567`, `+92 300 1234567`, `923001234567`, `0092 300 1234567`)
 * becomes `923001234567`; blank is `''` (no number); anything else is null.
 */
export function normaliseWhatsApp(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return '';
  const plus = text.startsWith('+');
  const body = plus ? text.slice(1) : text;
  if (!/^\d(?:[ -]?\d)*$/.test(body)) return null;
  const digits = body.replace(/[ -]/g, '');
  let national: string | null;
  if (plus) national = digits.startsWith('92') ? digits.slice(2) : null;
  else if (digits.startsWith('0092')) national = digits.slice(4);
  else if (digits.startsWith('92') && digits.length === 12) national = digits.slice(2);
  else if (digits.startsWith('0')) national = digits.slice(1);
  else national = digits;
  return national !== null && /^3\d{9}$/.test(national) ? `92${national}` : null;
}

/** The shop info form's fields checked as the server checks them: the values to send, or each field's problem. */
export function checkShopInfo(deliveryTime: string, whatsapp: string):
  | { ok: true; body: { deliveryTime: string; whatsapp: string } }
  | { ok: false; errors: { deliveryTime?: string; whatsapp?: string } } {
  const time = deliveryTime.trim();
  const number = normaliseWhatsApp(whatsapp);
  const errors: { deliveryTime?: string; whatsapp?: string } = {};
  if (time.length === 0 || Array.from(time).length > MAX_DELIVERY_TIME_CHARS) errors.deliveryTime = deliveryTimeInvalid;
  if (number === null) errors.whatsapp = whatsappNumberInvalid;
  if (errors.deliveryTime !== undefined || number === null) return { ok: false, errors };
  return { ok: true, body: { deliveryTime: time, whatsapp: number } };
}
