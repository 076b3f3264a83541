import { describe, expect, it } from 'vitest';

import { confirmationLabel, contactSummary, orderChecksQuery, riskBadgeText, riskLevelLabel } from './order-checks';

describe('riskBadgeText', () => {
  it('names the level in words beside the score', () => {
    expect(riskBadgeText({ level: 'low', score: 0 })).toBe('Low risk · 0');
    expect(riskBadgeText({ level: 'medium', score: 35 })).toBe('Medium risk · 35');
    expect(riskBadgeText({ level: 'high', score: 100 })).toBe('High risk · 100');
  });

  it('shows a level it does not know as the server wrote it', () => {
    expect(riskLevelLabel('severe')).toBe('severe');
  });
});

describe('confirmationLabel', () => {
  it("is 'Confirmed' with a confirmation time and 'Not confirmed' without", () => {
    expect(confirmationLabel('2026-11-24T06:10:00Z')).toBe('Confirmed');
    expect(confirmationLabel(null)).toBe('Not confirmed');
    expect(confirmationLabel(undefined)).toBe('Not confirmed');
  });
});

describe('contactSummary', () => {
  it('counts the other orders and what became of them', () => {
    expect(contactSummary({ placed: 3, delivered: 1, returned: 1, rejected: 0 })).toBe('3 other orders: 1 delivered, 1 returned, 0 rejected.');
    expect(contactSummary({ placed: 1, delivered: 0, returned: 0, rejected: 1 })).toBe('1 other order: 0 delivered, 0 returned, 1 rejected.');
    expect(contactSummary({ placed: 0, delivered: 0, returned: 0, rejected: 0 })).toBe('No other orders.');
  });
});

describe('orderChecksQuery', () => {
  it('sends only what differs from newest first with no filter', () => {
    expect(orderChecksQuery({ sort: 'newest', minRisk: '', confirmed: '', whatsapp: '' })).toEqual({});
    expect(orderChecksQuery({ sort: 'risk', minRisk: '60', confirmed: 'false', whatsapp: '' })).toEqual({ sort: 'risk', minRisk: '60', confirmed: 'false' });
    expect(orderChecksQuery({ sort: 'newest', minRisk: '30', confirmed: 'true', whatsapp: '' })).toEqual({ minRisk: '30', confirmed: 'true' });
    expect(orderChecksQuery({ sort: 'newest', minRisk: '', confirmed: '', whatsapp: 'noReply' })).toEqual({ whatsapp: 'noReply' });
  });
});
