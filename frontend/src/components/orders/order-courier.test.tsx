import { describe, expect, it } from 'vitest';

import { courierText } from './order-courier';

describe('courierText', () => {
  it('names the courier and the tracking number', () => {
    expect(courierText({ courier: 'Leopards', trackingNumber: 'LE123456789' })).toBe('Courier: Leopards, tracking number LE123456789');
  });

  it('says the tracking number alone when no courier is named', () => {
    expect(courierText({ courier: null, trackingNumber: 'LE123456789' })).toBe('Tracking number LE123456789');
  });

  it('says nothing without a tracking number', () => {
    expect(courierText({ courier: 'Leopards', trackingNumber: null })).toBeNull();
    expect(courierText({ courier: null, trackingNumber: null })).toBeNull();
  });
});
