import { describe, expect, it } from 'vitest';

import { comingFromCheckout, loginHrefFor, returnPathFrom } from './return-to';

describe('returnPathFrom', () => {
  it.each([
    [{ from: '/checkout' }, '/checkout'],
    [{ from: '/orders' }, '/orders'],
    [{ from: '/product/7?colour=red#reviews' }, '/product/7?colour=red#reviews'],
  ])('goes back to the page asked for: %j', (state, expected) => {
    expect(returnPathFrom(state)).toBe(expected);
  });

  it.each([
    ['no state', null],
    ['a state of another shape', { from: 42 }],
    ['the login page itself', { from: '/login' }],
    ['the sign-up page', { from: '/signup?x=1' }],
    ['a relative path', { from: 'checkout' }],
    ['another site', { from: '//evil.example/checkout' }],
    ['an absolute URL', { from: 'https://evil.example/' }],
    ['a backslash trick', { from: '/\\evil.example' }],
    ['a control character', { from: '/\t/evil.example' }],
  ])('falls back to / for %s', (_, state) => {
    expect(returnPathFrom(state)).toBe('/');
  });
});

describe('the way back to checkout', () => {
  it('reads the return path from ?next= when the router state has none, with the same checks', () => {
    expect(returnPathFrom(null, '?email=a%40b.pk&next=%2Fcheckout')).toBe('/checkout');
    expect(returnPathFrom(null, '?next=%2F%2Fevil.example')).toBe('/');
    expect(returnPathFrom({ from: '/orders' }, '?next=%2Fcheckout')).toBe('/orders');
  });

  it('knows a shopper sent to log in from checkout', () => {
    expect(comingFromCheckout({ from: '/checkout' })).toBe(true);
    expect(comingFromCheckout(null, '?next=%2Fcheckout')).toBe(true);
    expect(comingFromCheckout({ from: '/orders' })).toBe(false);
    expect(comingFromCheckout(null)).toBe(false);
  });

  it('writes the login address with the e-mail and the way back', () => {
    expect(loginHrefFor('ayesha@example.pk', '/checkout')).toBe('/login?email=ayesha%40example.pk&next=%2Fcheckout');
    expect(loginHrefFor('ayesha@example.pk', '/')).toBe('/login?email=ayesha%40example.pk');
  });
});
