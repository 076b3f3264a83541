// @vitest-environment-options {"url": "https://shop.test/"}
// The page's origin is the table's, so addresses come out absolute against it, as the server's do.
import { describe, expect, it } from 'vitest';

import table from '../../../domain/tests/fixtures/product-page-cases.json';

import { imageSources, type ResponsiveSource } from './responsive-image';

/** One case of the table the server's tests read too (adapters-http, pages::product::image_sources). */
interface SourcesCase {
  about: string;
  media: ResponsiveSource;
  src: string;
  srcset: string | null;
}

const cases: readonly SourcesCase[] = table.imageSources;

describe('imageSources, the shared cases', () => {
  it('runs against the table origin', () => {
    expect(window.location.origin).toBe(table.origin);
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });

  it.each(cases.map((c) => [c.about, c] as const))('%s', (_about, c) => {
    expect(imageSources(c.media)).toEqual(c.srcset === null ? { src: c.src } : { src: c.src, srcSet: c.srcset });
  });
});
