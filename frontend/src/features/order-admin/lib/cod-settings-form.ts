import type { CodSettingsBody, CodSettingsResponse } from '@/api/generated';

/** The settings form: each number as typed. */
export interface CodSettingsFields {
  rules: {
    id: string;
    label: string;
    description: string;
    enabled: boolean;
    points: string;
    params: { key: string; label: string; min: number; max: number; value: string }[];
  }[];
  confirmWindowHours: string;
  rejectUnconfirmedAfterHours: string;
  /** The limits on what one account may order (docs/security.md 'Orders'). */
  limits: { key: string; label: string; description: string; min: number; max: number; value: string }[];
  /** Whether the server has the WhatsApp settings (read-only) and the templates' names and language as typed. */
  whatsappEnabled: boolean;
  whatsappConfirmationTemplate: string;
  whatsappUpdateTemplate: string;
  whatsappTemplateLanguage: string;
  /** The templates' language for orders placed in Urdu. */
  whatsappTemplateLanguageUr: string;
}

/** The WhatsApp template fields, by the server's key (its errors come under these keys). */
export type WhatsAppTemplateKey =
  | 'whatsappConfirmationTemplate'
  | 'whatsappUpdateTemplate'
  | 'whatsappTemplateLanguage'
  | 'whatsappTemplateLanguageUr';

/** The server's key for a rule's points and for one of its figures (`rules[0].points`, `rules[8].params.to`). */
export const pointsKey = (rule: number) => `rules[${rule}].points`;
export const paramKey = (rule: number, key: string) => `rules[${rule}].params.${key}`;
/** The server's key for a limit on orders (`limits.unitsPerProduct`). */
export const limitKey = (key: string) => `limits.${key}`;

/** The form showing `settings`. */
export function settingsFields(settings: CodSettingsResponse): CodSettingsFields {
  return {
    rules: settings.rules.map((rule) => ({
      ...rule,
      points: String(rule.points),
      params: rule.params.map((param) => ({ ...param, value: String(param.value) })),
    })),
    confirmWindowHours: String(settings.confirmWindowHours),
    rejectUnconfirmedAfterHours: String(settings.rejectUnconfirmedAfterHours),
    limits: settings.limits.map((limit) => ({ ...limit, value: String(limit.value) })),
    whatsappEnabled: settings.whatsappEnabled,
    whatsappConfirmationTemplate: settings.whatsappConfirmationTemplate,
    whatsappUpdateTemplate: settings.whatsappUpdateTemplate,
    whatsappTemplateLanguage: settings.whatsappTemplateLanguage,
    whatsappTemplateLanguageUr: settings.whatsappTemplateLanguageUr,
  };
}

/** A whole number as a number; anything else as typed, for the server to refuse in its own words. */
function figure(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The body of PUT /api/cod/settings: every rule with its switch, points and figures, both hours, every limit
 * on orders and the WhatsApp templates' names and language (trimmed; the server checks them). The server checks each figure against its range and answers its errors under the keys of
 * `pointsKey`/`paramKey`/`limitKey`.
 */
export function toSettingsBody(fields: CodSettingsFields): CodSettingsBody {
  return {
    rules: fields.rules.map((rule) => ({
      id: rule.id,
      enabled: rule.enabled,
      points: figure(rule.points),
      params: rule.params.map((param) => ({ key: param.key, value: figure(param.value) })),
    })),
    confirmWindowHours: figure(fields.confirmWindowHours),
    rejectUnconfirmedAfterHours: figure(fields.rejectUnconfirmedAfterHours),
    limits: fields.limits.map((limit) => ({ key: limit.key, value: figure(limit.value) })),
    whatsappConfirmationTemplate: fields.whatsappConfirmationTemplate.trim(),
    whatsappUpdateTemplate: fields.whatsappUpdateTemplate.trim(),
    whatsappTemplateLanguage: fields.whatsappTemplateLanguage.trim(),
    whatsappTemplateLanguageUr: fields.whatsappTemplateLanguageUr.trim(),
  };
}
