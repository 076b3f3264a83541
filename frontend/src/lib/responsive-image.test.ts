import { describe, expect, it } from 'vitest';

import { imageSources } from './responsive-image';

const origin = globalThis.location.origin;

describe('imageSources', () => {
  it('lists the variants and the upload with their widths, narrowest first', () => {
    const sources = imageSources({
      url: '/media/a.jpg',
      width: 480,
      variants: [{ url: '/media/a-320.webp', width: 320 }],
    });
    expect(sources.srcSet).toBe(`${origin}/media/a-320.webp 320w, ${origin}/media/a.jpg 480w`);
    expect(sources.src).toBe(`${origin}/media/a.jpg`);
  });

  it('never falls back to a camera-sized upload when a variant exists', () => {
    const sources = imageSources({
      url: '/media/b.jpg',
      width: 4000,
      variants: [
        { url: '/media/b-320.webp', width: 320 },
        { url: '/media/b-640.webp', width: 640 },
        { url: '/media/b-1280.webp', width: 1280 },
      ],
    });
    expect(sources.src).toBe(`${origin}/media/b-1280.webp`);
    expect(sources.srcSet).toContain('/media/b-320.webp 320w');
    expect(sources.srcSet).toContain('/media/b.jpg 4000w');
  });

  it('uses the variants alone when the upload width is unknown', () => {
    const sources = imageSources({ url: '/media/c.jpg', width: null, variants: [{ url: '/media/c-320.webp', width: 320 }] });
    expect(sources).toEqual({ src: `${origin}/media/c-320.webp`, srcSet: `${origin}/media/c-320.webp 320w` });
  });

  it('answers the upload alone when there is nothing to choose from', () => {
    expect(imageSources({ url: '/media/d.png', width: null, variants: [] })).toEqual({ src: `${origin}/media/d.png` });
  });
});
