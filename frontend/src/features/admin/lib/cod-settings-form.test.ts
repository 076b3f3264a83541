import { describe, expect, it } from 'vitest';

import { firstErrors } from './field-errors';
import { settingsFields, toSettingsBody, type CodSettings } from './cod-settings-form';

const settings: CodSettings = {
  rules: [
    {
      id: 'earlier_returns',
      label: 'Earlier returns',
      description: 'Earlier orders from the same phone or e-mail were returned.',
      enabled: true,
      points: 40,
      params: [{ key: 'atLeast', label: 'Returned orders', value: 1, min: 1, max: 100 }],
    },
    { id: 'city_mismatch', label: 'City does not match', description: 'The address names another city.', enabled: false, points: 20, params: [] },
  ],
  confirmWindowHours: 48,
  rejectUnconfirmedAfterHours: 24,
};

describe('settings form', () => {
  it('gives back the settings it was filled with', () => {
    expect(toSettingsBody(settingsFields(settings))).toEqual({ ok: true, body: settings });
  });

  it('reads the typed numbers, spaces around them allowed', () => {
    const fields = settingsFields(settings);
    fields.rules[0].points = ' 55 ';
    fields.rules[0].params[0].value = '2';
    fields.rules[1].enabled = true;
    fields.rejectUnconfirmedAfterHours = '12';

    const result = toSettingsBody(fields);

    expect(result.ok && result.body.rules[0]).toMatchObject({ points: 55, params: [{ key: 'atLeast', value: 2 }] });
    expect(result.ok && result.body.rules[1].enabled).toBe(true);
    expect(result.ok && result.body.rejectUnconfirmedAfterHours).toBe(12);
  });

  it('puts an error beside each field without a whole number, under the server’s keys', () => {
    const fields = settingsFields(settings);
    fields.rules[0].points = '';
    fields.rules[0].params[0].value = '1.5';
    fields.confirmWindowHours = 'two days';

    expect(toSettingsBody(fields)).toEqual({
      ok: false,
      errors: {
        'rules[0].points': 'Enter a whole number.',
        'rules[0].params.atLeast': 'Enter a whole number.',
        confirmWindowHours: 'Enter a whole number.',
      },
    });
  });

  it('keeps the first of the server’s messages for each field', () => {
    expect(firstErrors({ 'rules[1].points': ['Points are 0 to 100.', 'other'], confirmWindowHours: [] })).toEqual({
      'rules[1].points': 'Points are 0 to 100.',
    });
    expect(firstErrors(undefined)).toEqual({});
  });
});
