import type { FieldErrors } from './field-errors';
import { codMessages } from './order-checks';

/** A rule's parameter as GET /api/cod/settings answers it. */
export interface RuleParam {
  key: string;
  label: string;
  value: number;
  min: number;
  max: number;
}

/** A risk rule as GET /api/cod/settings answers it. */
export interface RiskRule {
  id: string;
  label: string;
  description: string;
  enabled: boolean;
  points: number;
  params: RuleParam[];
}

/** The order checks' settings (docs/cod.md 'Settings'). */
export interface CodSettings {
  rules: RiskRule[];
  confirmWindowHours: number;
  rejectUnconfirmedAfterHours: number;
}

/** The settings form: each number as typed. */
export interface CodSettingsFields {
  rules: (Omit<RiskRule, 'points' | 'params'> & { points: string; params: (Omit<RuleParam, 'value'> & { value: string })[] })[];
  confirmWindowHours: string;
  rejectUnconfirmedAfterHours: string;
}

/** A field's error by the server's key: `rules[0].points`, `rules[2].params.hours`, `confirmWindowHours`. */
export type SettingsErrors = FieldErrors;

export const pointsKey = (rule: number) => `rules[${rule}].points`;
export const paramKey = (rule: number, key: string) => `rules[${rule}].params.${key}`;

/** The form showing `settings`. */
export function settingsFields(settings: CodSettings): CodSettingsFields {
  return {
    rules: settings.rules.map((rule) => ({
      ...rule,
      points: String(rule.points),
      params: rule.params.map((param) => ({ ...param, value: String(param.value) })),
    })),
    confirmWindowHours: String(settings.confirmWindowHours),
    rejectUnconfirmedAfterHours: String(settings.rejectUnconfirmedAfterHours),
  };
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The body of PUT /api/cod/settings, or an error beside each field that holds no whole number (the ranges
 * are the server's to check: its errors come back under the same keys).
 */
export function toSettingsBody(fields: CodSettingsFields): { ok: true; body: CodSettings } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const number = (key: string, text: string) => {
    const value = wholeNumber(text);
    if (value === null) errors[key] = codMessages.wholeNumber;
    return value ?? 0;
  };
  const body: CodSettings = {
    rules: fields.rules.map((rule, index) => ({
      ...rule,
      points: number(pointsKey(index), rule.points),
      params: rule.params.map((param) => ({ ...param, value: number(paramKey(index, param.key), param.value) })),
    })),
    confirmWindowHours: number('confirmWindowHours', fields.confirmWindowHours),
    rejectUnconfirmedAfterHours: number('rejectUnconfirmedAfterHours', fields.rejectUnconfirmedAfterHours),
  };
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}
