import { describe, expect, it } from 'vitest';

import { isPasswordTooShort } from './messages';

describe('isPasswordTooShort', () => {
  it('counts characters as the server does, not UTF-16 units', () => {
    // Four characters but six UTF-16 units: the server refuses it, so the form must too.
    expect(isPasswordTooShort('ab😀😀')).toBe(true);
    expect(isPasswordTooShort('😀😀😀😀😀😀')).toBe(false);
  });

  it('accepts six characters and refuses five', () => {
    expect(isPasswordTooShort('secret')).toBe(false);
    expect(isPasswordTooShort('short')).toBe(true);
  });
});
