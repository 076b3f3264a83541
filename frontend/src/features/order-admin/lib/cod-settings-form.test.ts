import { describe, expect, it } from 'vitest';

import type { CodSettingsResponse } from '@/api/generated';
import { firstErrors } from '@/lib/field-errors';

import { settingsFields, toSettingsBody, type CodSettingsFields } from './cod-settings-form';

const settings: CodSettingsResponse = {
  success: true,
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
  limits: [
    {
      key: 'unitsPerProduct',
      label: 'Units of one product per order',
      description: 'More of one product in an order is refused before anything is taken from stock.',
      value: 10,
      min: 1,
      max: 1000000,
    },
    { key: 'ordersPerDay', label: 'Orders per account in 24 hours', description: '', value: 10, min: 1, max: 100000 },
  ],
  whatsappEnabled: true,
  whatsappConfirmationTemplate: 'order_confirmation',
  whatsappUpdateTemplate: 'order_update',
  whatsappTemplateLanguage: 'en',
  whatsappTemplateLanguageUr: 'ur',
};

describe('settings form', () => {
  it('sends back what it was filled with: ids, switches, points, figures by key, both hours, the limits by key and the WhatsApp templates', () => {
    expect(toSettingsBody(settingsFields(settings))).toEqual({
      rules: [
        { id: 'earlier_returns', enabled: true, points: 40, params: [{ key: 'atLeast', value: 1 }] },
        { id: 'city_mismatch', enabled: false, points: 20, params: [] },
      ],
      confirmWindowHours: 48,
      rejectUnconfirmedAfterHours: 24,
      limits: [
        { key: 'unitsPerProduct', value: 10 },
        { key: 'ordersPerDay', value: 10 },
      ],
      whatsappConfirmationTemplate: 'order_confirmation',
      whatsappUpdateTemplate: 'order_update',
      whatsappTemplateLanguage: 'en',
      whatsappTemplateLanguageUr: 'ur',
    });
  });

  it('sends whole numbers as numbers and template names trimmed, and anything else as typed for the server to judge', () => {
    const fields: CodSettingsFields = {
      rules: [
        {
          id: 'earlier_returns',
          label: 'Earlier returns',
          description: '',
          enabled: true,
          points: ' 55 ',
          params: [{ key: 'atLeast', label: 'Returned orders', min: 1, max: 100, value: '1.5' }],
        },
        { id: 'city_mismatch', label: 'City does not match', description: '', enabled: true, points: '', params: [] },
      ],
      confirmWindowHours: 'two days',
      rejectUnconfirmedAfterHours: '-3',
      limits: [{ key: 'unitsPerProduct', label: 'Units of one product per order', description: '', min: 1, max: 1000000, value: ' 25 ' }],
      whatsappEnabled: false,
      whatsappConfirmationTemplate: ' shop_confirm_v2 ',
      whatsappUpdateTemplate: 'Order Update',
      whatsappTemplateLanguage: '',
      whatsappTemplateLanguageUr: ' ur ',
    };

    expect(toSettingsBody(fields)).toEqual({
      rules: [
        { id: 'earlier_returns', enabled: true, points: 55, params: [{ key: 'atLeast', value: '1.5' }] },
        { id: 'city_mismatch', enabled: true, points: '', params: [] },
      ],
      confirmWindowHours: 'two days',
      rejectUnconfirmedAfterHours: -3,
      limits: [{ key: 'unitsPerProduct', value: 25 }],
      whatsappConfirmationTemplate: 'shop_confirm_v2',
      whatsappUpdateTemplate: 'Order Update',
      whatsappTemplateLanguage: '',
      whatsappTemplateLanguageUr: 'ur',
    });
  });

  it('keeps the first of the server’s messages for each field', () => {
    expect(firstErrors({ 'rules[1].points': ['Points must be a whole number from 0 to 100.', 'other'], confirmWindowHours: [] })).toEqual({
      'rules[1].points': 'Points must be a whole number from 0 to 100.',
    });
    expect(firstErrors(undefined)).toEqual({});
  });
});
