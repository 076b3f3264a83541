import { describe, expect, it } from 'vitest';

import { formatDateTime } from './date-time';
import { orderStatuses, statusLabel, statusTone } from './order-status';

describe('statusTone', () => {
  it('is yellow for pending, teal for approved (good news, not red), blue for dispatched, green for delivered and red for anything else', () => {
    expect(statusTone('pending')).toBe('yellow');
    expect(statusTone('approved')).toBe('teal');
    expect(statusTone('dispatched')).toBe('blue');
    expect(statusTone('delivered')).toBe('green');
    for (const status of ['rejected', 'returned', 'lost', '']) expect(statusTone(status)).toBe('red');
  });
});

describe('orderStatuses', () => {
  it('lists every status of the API in the order docs/spec.md gives them, each with its badge colour', () => {
    expect(orderStatuses).toEqual(['pending', 'approved', 'dispatched', 'delivered', 'rejected', 'returned']);
    expect(orderStatuses.map(statusTone)).toEqual(['yellow', 'teal', 'blue', 'green', 'red', 'red']);
  });
});

describe('statusLabel', () => {
  it('capitalises the status', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('returned')).toBe('Returned');
  });
});

describe('formatDateTime', () => {
  it('reads a timestamp in Pakistan time (UTC+5)', () => {
    expect(formatDateTime('2026-11-24T06:00:00Z')).toBe('24 Nov 2026, 11:00');
    expect(formatDateTime('2026-11-24T20:30:00Z')).toBe('25 Nov 2026, 01:30');
  });

  it('shows text that is no date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
