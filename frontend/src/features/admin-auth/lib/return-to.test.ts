import { describe, expect, it } from 'vitest';

import { returnPathFrom } from './return-to';

describe('returnPathFrom', () => {
  it.each([
    [{ from: '/admin/delivery-charge' }, '/admin/delivery-charge'],
    [{ from: '/admin/edit-product/7?tab=media#photos' }, '/admin/edit-product/7?tab=media#photos'],
    [{ from: '/admin' }, '/admin'],
  ])('goes back to the admin page asked for: %j', (state, expected) => {
    expect(returnPathFrom(state)).toBe(expected);
  });

  it.each([
    ['no state', null],
    ['a state of another shape', { from: 42 }],
    ['the login page itself', { from: '/admin/login' }],
    ['a shop page', { from: '/cart' }],
    ['a look-alike path', { from: '/administrator' }],
    ['another site', { from: '//evil.example/admin' }],
    ['a backslash trick', { from: '/admin\\..\\evil' }],
  ])('falls back to /admin for %s', (_, state) => {
    expect(returnPathFrom(state)).toBe('/admin');
  });
});
