import { describe, expect, it } from 'vitest';

import { returnPathFrom } from './return-to';

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
