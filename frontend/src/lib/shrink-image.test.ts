import { describe, expect, it } from 'vitest';

import { fittedSize, jpegName, MAX_IMAGE_SIDE, needsShrinking } from './shrink-image';

describe('shrinking pictures before upload', () => {
  it('brings the longest side down to 2,048 px, keeping the ratio', () => {
    expect(MAX_IMAGE_SIDE).toBe(2048);
    expect(fittedSize(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fittedSize(9000, 10)).toEqual({ width: 2048, height: 2 });
    expect(fittedSize(20000, 1)).toEqual({ width: 2048, height: 1 });
  });

  it('never enlarges a picture that already fits', () => {
    expect(fittedSize(2048, 2048)).toEqual({ width: 2048, height: 2048 });
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('redraws a picture too wide or too heavy, and leaves one that fits both', () => {
    const fiveMb = 5 * 1024 * 1024;
    expect(needsShrinking(8_000_000, 4000, 3000, fiveMb)).toBe(true);
    expect(needsShrinking(900_000, 4000, 3000, fiveMb)).toBe(true);
    expect(needsShrinking(fiveMb + 1, 1600, 1200, fiveMb)).toBe(true);
    expect(needsShrinking(fiveMb, 2048, 1536, fiveMb)).toBe(false);
  });

  it('names the shrunk picture as a JPEG', () => {
    expect(jpegName('IMG_2041.HEIC.png')).toBe('IMG_2041.HEIC.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
  });
});
