import { describe, expect, it } from 'vitest';

import { provinceName } from './province-name';

describe('provinceName', () => {
  it('shows the provinces as they are written, and an unknown name as it came', () => {
    expect(provinceName('KhyberPakhtunkhwa')).toBe('Khyber Pakhtunkhwa');
    expect(provinceName('GilgitBaltistan')).toBe('Gilgit-Baltistan');
    expect(provinceName('AzadKashmir')).toBe('Azad Kashmir');
    expect(provinceName('Punjab')).toBe('Punjab');
    expect(provinceName('toString')).toBe('toString');
  });
});
